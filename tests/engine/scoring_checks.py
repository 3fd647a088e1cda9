"""A check both rulesets' scoring-event tests share."""

import random

from azul.engine import apply_scored
from azul.engine.common.scoring import placement_points


def events_add_up(positions) -> set[str]:
    """In each position a random legal move, applied with its account: the move's state is
    ``apply``'s, every event's ``score`` is the running score after it, a ``wall`` event scores
    its runs, and the events end on the scores the rules gave.  Returns the event types seen."""
    seen = set()
    for state in positions:
        move = random.Random(state.move_count).choice(state.legal_moves())
        after, account = apply_scored(state, move)
        assert after == state.apply(move)
        running = state.scores
        for event in account["scoring"]:
            seen.add(event["type"])
            running[event["player"]] += event["points"]
            if event["type"] == "wall":
                assert event["points"] == placement_points(event["across"], event["down"])
            if event["type"] != "objective":  # the last objective shows the floored final score
                assert running[event["player"]] == event["score"]
            else:
                running[event["player"]] = event["score"]
        assert running == after.scores
    return seen
