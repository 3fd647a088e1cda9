"""Signals of game analysis other apps listen to (the puzzle miner) without the analysis knowing them."""

from django.dispatch import Signal

# Sent after an analysis is done and its last transaction committed; kwargs: analysis_id, game_id.
analysis_finished = Signal()
