"""The tutorial's words for a round end: each tile placed and its points, the floor, the totals.

Placeholder until the engine's round-end scoring events are available (see the report).
"""


def round_end_notes(before, move, after, tutorial):
    """None when `move` did not end a round; else {"text", "lines"} describing the scoring."""
    if after.round == before.round and not after.is_over:
        return None
    return None
