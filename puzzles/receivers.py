"""Feeds the puzzle miner: each analysis that ends queues its game's mining on the analysis queue."""

import logging

from games.analysis.signals import analysis_done
from kernel import dispatch as dispatch_work

log = logging.getLogger(__name__)

MINE_ANALYSIS = "puzzles.mine_analysis"
PRIORITY = 9  # behind every analysis a person asked for, as rated games' analyses


def mine_finished_analysis(sender, analysis_id, **kwargs):
    """analysis_done is sent after the analysis' last transaction committed."""
    try:
        dispatch_work.in_background(MINE_ANALYSIS, (analysis_id,), pool=dispatch_work.ANALYSES,
                                    priority=PRIORITY)
    except Exception:
        log.exception("puzzles: analysis %s not queued for mining", analysis_id)


analysis_done.connect(mine_finished_analysis, dispatch_uid="puzzles.mine_finished_analysis")
