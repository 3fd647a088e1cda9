"""The judge's explanation of a puzzle in words, from the points the library computed
(azul.puzzles.explanation: the engine's previews, the walls' bonuses, the judge's margins): the
page and the API show these sentences as they are, in the request's language."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from azul.engine import move_previews

COLOUR_WORDS = {
    "blue": pgettext_lazy("tiles", "blue"), "yellow": pgettext_lazy("tiles", "yellow"),
    "red": pgettext_lazy("tiles", "red"), "black": pgettext_lazy("tiles", "black"),
    "white": pgettext_lazy("tiles", "white"),
}
# Azul Duel's kinds of move (docs/duel-rules.md), for a Duel solution.
MOVE_WORDS = {
    "sun": pgettext_lazy("duel move", "a sun take"), "moon": pgettext_lazy("duel move", "a moon take"),
    "chip": pgettext_lazy("duel move", "taking a chip"), "pay_chips": pgettext_lazy("duel move", "paying chips"),
    "skip_chips": pgettext_lazy("duel move", "keeping the chips"),
    "place_tile": pgettext_lazy("duel move", "placing a tile"), "pass": pgettext_lazy("duel move", "passing"),
    "opening_plate": pgettext_lazy("duel move", "an opening plate"),
    "buy_plate": pgettext_lazy("duel move", "buying a plate"),
    "keep_plate": pgettext_lazy("duel move", "keeping a plate"),
    "take_plate": pgettext_lazy("duel move", "taking a plate"),
}


def _signed(points):
    return f"{points:+g}".replace("-", "−")


def describe_move(move):
    """A move in words (classic takes: colour, source, line; other moves: their kind)."""
    if "color" in move and "source" in move:
        source = (_("the centre") if move["source"] == "center"
                  else _("factory %(number)s") % {"number": int(move["source"]) + 1})
        line = (_("the floor") if move["line"] == "floor"
                else _("line %(number)s") % {"number": int(move["line"]) + 1})
        return _("%(colour)s from %(source)s to %(line)s") % {
            "colour": COLOUR_WORDS.get(move["color"], move["color"]), "source": source, "line": line}
    return str(MOVE_WORDS.get(move.get("type"), _("a move")))


def facts_sentences(facts):
    """What one move does, in points: "completes line 3: +4", "completes a column: +7",
    "sends 3 to the floor: −4", "takes the first-player marker"."""
    out = []
    if facts.get("completes"):
        low, high = facts.get("points") or [0, 0]
        points = _signed(low) if low == high else f"{_signed(low)}…{_signed(high)}"
        out.append(_("completes its line: %(points)s") % {"points": points})
    bonus = facts.get("bonus") or {}
    if bonus.get("column"):
        out.append(_("completes a column: %(points)s") % {"points": _signed(bonus["column"])})
    if bonus.get("colour"):
        out.append(_("completes a colour: %(points)s") % {"points": _signed(bonus["colour"])})
    if bonus.get("row"):
        out.append(_("completes a row: %(points)s") % {"points": _signed(bonus["row"])})
    if facts.get("to_floor"):
        out.append(_("sends %(count)s to the floor: %(points)s")
                   % {"count": facts["to_floor"], "points": _signed(facts.get("penalty") or 0)})
    if facts.get("first_player"):
        out.append(_("takes the first-player marker"))
    return out


def _sentence(parts):
    """Facts joined as one sentence: its first letter up, a full stop (none: nothing)."""
    text = "; ".join(parts)
    return f"{text[:1].upper()}{text[1:]}." if text else ""


def explanation_lines(explanation):
    """[sentence] of a puzzle's explanation: the solution, the best alternative, the gap."""
    solution, alternative = explanation["solution"], explanation["alternative"]
    lines = [_("Best: %(move)s. %(facts)s Expected final margin %(margin)s.") % {
        "move": describe_move(solution["move"]),
        "facts": _sentence(facts_sentences(solution)),
        "margin": _signed(round(solution["margin"], 1))}]
    lines.append(_("The best alternative, %(move)s: %(facts)s %(gap)s points less.") % {
        "move": describe_move(alternative["move"]),
        "facts": "; ".join(facts_sentences(alternative)) + ("." if facts_sentences(alternative) else ""),
        "gap": f"{explanation['gap']:.1f}"})
    return [" ".join(line.split()) for line in lines]


def played_lines(state, move):
    """What the player's own (wrong) move does, by the engine's preview: one sentence or none."""
    moves = [legal.to_dict() for legal in state.legal_moves()]
    preview = move_previews(state)[moves.index(move)] if move in moves else None
    sentences = facts_sentences(preview or {})
    if not sentences:
        return []
    return [_("Your move, %(move)s: %(facts)s.") % {"move": describe_move(move), "facts": "; ".join(sentences)}]




THEME_WORDS = {
    "avoid_floor": pgettext_lazy("puzzle theme", "Avoid the floor"),
    "take_marker": pgettext_lazy("puzzle theme", "Take the first-player marker"),
    "leave_marker": pgettext_lazy("puzzle theme", "Leave the first-player marker"),
    "complete_column": pgettext_lazy("puzzle theme", "Complete a column (+7)"),
    "complete_colour": pgettext_lazy("puzzle theme", "Complete a colour (+10)"),
    "deny": pgettext_lazy("puzzle theme", "Deny a line"),
    "last_round": pgettext_lazy("puzzle theme", "The last round"),
    "duel_chips": pgettext_lazy("puzzle theme", "Duel: chips"),
    "duel_plates": pgettext_lazy("puzzle theme", "Duel: plates"),
}


def theme_name(theme):
    return str(THEME_WORDS.get(theme, theme))


__all__ = ["describe_move", "explanation_lines", "facts_sentences", "played_lines", "theme_name"]
