"""Replay every game from its seed and move log and compare with the stored state."""

from django.core.management.base import BaseCommand, CommandError

from games import replays
from kernel.progress import ProgressBar


class Command(BaseCommand):
    help = "Replay every stored game with the engine and report any that differs from its state."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, action="append", help="only this game (repeatable)")

    def handle(self, *args, **options):
        queryset = replays.games_to_verify()
        if options["game"]:
            queryset = queryset.filter(pk__in=options["game"])
        bar = ProgressBar(stream=self.stderr)
        mismatches = replays.verify_all(progress=bar, queryset=queryset)
        bar.finish()
        for mismatch in mismatches:
            self.stdout.write(f"game {mismatch.game_id}: {mismatch.reason}")
        if mismatches:
            raise CommandError(f"{len(mismatches)} of {queryset.count()} games do not replay")
        self.stdout.write(f"all {queryset.count()} games replay to their stored state")
