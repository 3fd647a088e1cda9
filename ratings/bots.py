"""The bots' frozen ratings: the calibrated figures of data/bot_ratings.json (docs/bots.md).

`make calibrate-bots` writes the file from a bot-vs-bot arena; the site reads it here and only
here. A bot's rating on a ladder is this figure whatever games it plays with people: people are
rated against it, it never moves. A level missing from the file (a new bot, not yet calibrated)
is rated like a person.
"""

import json
from functools import cache
from pathlib import Path

from .maths.games import Standing

DATA = Path(__file__).resolve().parent / "data" / "bot_ratings.json"


@cache
def calibration() -> dict:
    return json.loads(DATA.read_text())


def frozen_standing(ladder: str, level: str | None) -> Standing | None:
    """The bot's fixed figures on `ladder`, or None if `level` has none (or is no bot)."""
    if not level:
        return None
    found = calibration()["ladders"].get(ladder, {}).get("bots", {}).get(level)
    if found is None:
        return None
    return Standing(float(found["rating"]), float(found["deviation"]), None)
