"""The figures shipped from the calibration (bench/fair_play_calibration.py; docs/fair-play.md):
per ruleset, the honest simulated players' norms (the fallback where a rating band has too few
analysed games, and always the spread between players) and the rule's thresholds. Read from
calibration.json beside this module, written from the bench's output."""

import json
from functools import cache
from pathlib import Path

from azul.bots.analysis.fair_play import Norms, Thresholds

PATH = Path(__file__).with_name("calibration.json")
# The ladders the calibration covers, by the ruleset it simulated (3-4 player classic: none yet).
RULESET_OF_LADDER = {"classic-2p": "classic", "duel": "duel"}


@cache
def _shipped() -> dict:
    return json.loads(PATH.read_text())


def provenance() -> str:
    return _shipped()["provenance"]


def norms(ladder: str) -> Norms | None:
    ruleset = RULESET_OF_LADDER.get(ladder)
    if ruleset is None:
        return None
    figures = dict(_shipped()["rulesets"][ruleset]["norms"])
    figures["games"] = int(figures["games"])
    return Norms(**figures)


def thresholds(ladder: str) -> Thresholds | None:
    ruleset = RULESET_OF_LADDER.get(ladder)
    if ruleset is None:
        return None
    figures = _shipped()["rulesets"][ruleset]["thresholds"]
    return Thresholds(tuple((int(games), float(z)) for games, z in figures["steps"]),
                      int(figures["min_unforced"]))
