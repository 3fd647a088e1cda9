"""Leagues hear of finished games through games.signals.game_finished (sent after commit)."""

from django.dispatch import receiver

from games.signals import game_finished

from . import services


@receiver(game_finished, dispatch_uid="leagues-record-game-result")
def record_fixture_result(sender, game_id, **kwargs):
    services.record_game_result(game_id)
