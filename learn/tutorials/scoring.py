"""The tutorial's words for what a move scored: one line per scoring event of the engine
(engine.apply_scored), so every number the tutorial says is the engine's own."""

BONUS_NAMES = {"row": "row {n} complete", "column": "column {n} complete", "color": "all five {c}"}


def _signed(points):
    return f"+{points}" if points >= 0 else f"−{-points}"


def _runs(event):
    across, down = event.get("across", 1), event.get("down", 1)
    parts = []
    if across > 1:
        parts.append(f"{across} across")
    if down > 1:
        parts.append(f"{down} down")
    return ", ".join(parts) if parts else "no neighbour"


def describe_event(event, name):
    """One sentence for one scoring event, e.g. "You: blue to row 3, +4 (2 across, 2 down)"."""
    kind = event["type"]
    points = event.get("points", 0)
    if kind == "wall":
        return f"{name}: {event['color']} to row {event['row'] + 1}, {_signed(points)} ({_runs(event)})"
    if kind == "special":
        return f"{name}: a special tile fills its cell in row {event['row'] + 1}, {_signed(points)}"
    if kind == "line_to_floor":
        return (f"{name}: line {event['row'] + 1} has no place on the wall: its "
                f"{event['color']} tiles are broken")
    if kind == "floor":
        items = event.get("items", 0)
        what = f"{items} item{'s' if items != 1 else ''} on the floor"
        if event.get("first_player"):
            what += " and the first-player tile"
        text = f"{name}: {what}, {_signed(points)}"
        if points != event.get("penalty", points):
            text += f" (the printed {_signed(event['penalty'])}, but a score never goes below 0)"
        return text
    if kind == "bonus":
        index = event["index"]
        label = BONUS_NAMES[event["kind"]].format(n=index + 1 if isinstance(index, int) else index,
                                                  c=index)
        return f"{name}: bonus, {label}, {_signed(points)}"
    if kind == "objective":
        return f"{name}: objective {event['tablet']}{event['side']}, {_signed(points)}"
    if kind == "plate_bought":
        return f"{name}: a plate bought, {_signed(points)}"
    return f"{name}: {kind}, {_signed(points)}"


def scoring_lines(events, names):
    """[{"player", "text", "points", "score"}] for the events, in the engine's order."""
    return [
        {
            "player": event["player"],
            "text": describe_event(event, names[event["player"]]),
            "points": event.get("points", 0),
            "score": event.get("score"),
            "event": event,
        }
        for event in events
    ]


def round_end_note(events, names, round_number):
    """What the tutorial says after a move that scored: None when it scored nothing."""
    if not events:
        return None
    tiled = any(event["type"] in ("wall", "floor", "line_to_floor", "special") for event in events)
    if tiled:
        text = (f"Round {round_number} ends. Each complete line moves one tile to the wall, which "
                "scores at once; then the floor costs its points.")
    else:
        text = "Points:"
    return {"text": text, "lines": scoring_lines(events, names)}
