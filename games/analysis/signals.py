"""What the analysis app tells the apps above it (fair play, the puzzle miner) without knowing
them."""

from django.dispatch import Signal

# Sent after an analysis' end (status done) commits, its PlayerAccuracy rows written; kwargs:
# analysis_id, game_id.
analysis_done = Signal()
