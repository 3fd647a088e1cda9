"""The tutorial's words for what a move scored: one line per scoring event of the engine
(engine.apply_scored), so every number the tutorial says is the engine's own."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

COLOUR_NAMES = {
    "blue": pgettext_lazy("colour", "blue"),
    "yellow": pgettext_lazy("colour", "yellow"),
    "red": pgettext_lazy("colour", "red"),
    "black": pgettext_lazy("colour", "black"),
    "white": pgettext_lazy("colour", "white"),
}


def _colour(colour):
    return str(COLOUR_NAMES.get(colour, colour))


def _signed(points):
    return f"+{points}" if points >= 0 else f"−{-points}"


def _runs(event):
    across, down = event.get("across", 1), event.get("down", 1)
    parts = []
    if across > 1:
        parts.append(_("%(count)s across") % {"count": across})
    if down > 1:
        parts.append(_("%(count)s down") % {"count": down})
    return ", ".join(parts) if parts else _("no neighbour")


def _bonus_label(kind, index):
    if kind == "row":
        return _("row %(number)s complete") % {"number": index + 1 if isinstance(index, int) else index}
    if kind == "column":
        return _("column %(number)s complete") % {"number": index + 1 if isinstance(index, int) else index}
    return _("all five %(colour)s") % {"colour": _colour(index)}


def describe_event(event, name, ruleset="classic"):
    """One sentence for one scoring event, e.g. "You: blue to row 3, +4 (2 across, 2 down)"."""
    kind = event["type"]
    duel = ruleset == "duel"
    points = _signed(event.get("points", 0))
    name = str(name)
    if kind == "wall" and duel:
        runs = _runs(event)
        if event.get("chips"):
            runs = ngettext("%(runs)s; %(count)s tile paid with chips",
                            "%(runs)s; %(count)s tiles paid with chips",
                            event["chips"]) % {"runs": runs, "count": event["chips"]}
        return _("%(name)s: %(colour)s to row %(row)s of the dome, %(points)s (%(runs)s)") % {
            "name": name, "colour": _colour(event["color"]), "row": event["row"] + 1,
            "points": points, "runs": runs}
    if kind == "wall":
        return _("%(name)s: %(colour)s to row %(row)s, %(points)s (%(runs)s)") % {
            "name": name, "colour": _colour(event["color"]), "row": event["row"] + 1,
            "points": points, "runs": _runs(event)}
    if kind == "special":
        return _("%(name)s: a special tile fills its cell in row %(row)s, %(points)s") % {
            "name": name, "row": event["row"] + 1, "points": points}
    if kind == "line_to_floor":
        return _("%(name)s: line %(row)s has no place on the wall: its %(colour)s tiles are broken") % {
            "name": name, "row": event["row"] + 1, "colour": _colour(event["color"])}
    if kind == "floor" and duel:
        items = event.get("items", 0)
        if event.get("first_player"):
            what = ngettext("%(count)s broken tile and the first-player tile",
                            "%(count)s broken tiles and the first-player tile", items)
        else:
            what = ngettext("%(count)s broken tile", "%(count)s broken tiles", items)
        return _("%(name)s: %(what)s, %(points)s") % {
            "name": name, "what": what % {"count": items}, "points": points}
    if kind == "floor":
        items = event.get("items", 0)
        if event.get("first_player"):
            what = ngettext("%(count)s item on the floor and the first-player tile",
                            "%(count)s items on the floor and the first-player tile", items)
        else:
            what = ngettext("%(count)s item on the floor", "%(count)s items on the floor", items)
        text = _("%(name)s: %(what)s, %(points)s") % {
            "name": name, "what": what % {"count": items}, "points": points}
        if event.get("points", 0) != event.get("penalty", event.get("points", 0)):
            text += " " + _("(the printed %(penalty)s, but a score never goes below 0)") % {
                "penalty": _signed(event["penalty"])}
        return text
    if kind == "bonus":
        return _("%(name)s: bonus, %(label)s, %(points)s") % {
            "name": name, "label": _bonus_label(event["kind"], event["index"]), "points": points}
    if kind == "objective":
        return _("%(name)s: objective %(tablet)s%(side)s, %(points)s") % {
            "name": name, "tablet": event["tablet"], "side": event["side"], "points": points}
    if kind == "plate_bought":
        return _("%(name)s: a plate bought, %(points)s") % {"name": name, "points": points}
    return f"{name}: {kind}, {points}"


def scoring_lines(events, names, ruleset="classic"):
    """[{"player", "text", "points", "score"}] for the events, in the engine's order."""
    return [
        {
            "player": event["player"],
            "text": describe_event(event, names[event["player"]], ruleset),
            "points": event.get("points", 0),
            "score": event.get("score"),
            "event": event,
        }
        for event in events
    ]


def round_end_note(events, names, round_number, *, ruleset="classic", begins=True):
    """What the tutorial says after a move that scored: None when it scored nothing. `begins`: the
    move ended the drafting, so the round's tiling starts with it (a Duel tiling takes several
    moves: only the first one announces the round's end)."""
    if not events:
        return None
    tiled = any(event["type"] in ("wall", "floor", "line_to_floor", "special") for event in events)
    if tiled and begins and ruleset == "duel":
        text = _("Round %(round)s ends. Each complete line sends one tile to a cell of its colour, or "
                 "a wild cell, in its row of the dome, which scores at once; then broken tiles and "
                 "the first-player tile cost their points.") % {"round": round_number}
    elif tiled and begins:
        text = _("Round %(round)s ends. Each complete line moves one tile to the wall, which "
                 "scores at once; then the floor costs its points.") % {"round": round_number}
    else:
        text = _("Points:")
    return {"text": text, "lines": scoring_lines(events, names, ruleset)}
