"""Replay every rated game in finish order and rebuild all ratings from scratch."""

from django.core.management.base import BaseCommand

from kernel.progress import ProgressBar
from ratings import services


class Command(BaseCommand):
    help = "Recompute every rating and rating change from the finished rated games, in order."

    def handle(self, *args, **options):
        bar = ProgressBar(stream=self.stderr)
        summary = services.recompute_all(progress=bar)
        bar.finish()
        self.stdout.write(
            f"recomputed {summary.games} rated games: "
            f"{summary.changes} rating changes, {summary.ratings} ratings"
        )
