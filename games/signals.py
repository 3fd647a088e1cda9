"""Signals other apps listen to (ratings, leagues) without games.services knowing them."""

from django.dispatch import Signal

# Sent after the finishing transaction commits; kwargs: game_id.
game_finished = Signal()
