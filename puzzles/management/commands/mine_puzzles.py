"""manage.py mine_puzzles: mine every analysed finished game not mined yet, with a progress bar
(new analyses are mined as they end, on the analysis queue: puzzles/receivers.py)."""

import sys

from django.core.management.base import BaseCommand

from puzzles import services

BAR = 30


class Command(BaseCommand):
    help = "Mine the analysed games not mined yet for puzzles (docs/puzzles.md)."

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=None, help="at most this many analyses")

    def handle(self, *args, limit=None, **options):
        waiting = services.analyses_to_mine()[:limit]
        found = 0
        for done, analysis_id in enumerate(waiting, start=1):
            found += services.mine_analysis(analysis_id)
            filled = BAR * done // len(waiting)
            self.stdout.write(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{len(waiting)} games, "
                              f"{found} puzzles", ending="")
            self.stdout.flush()
        self.stdout.write("" if not waiting else "\n")
        self.stdout.write(self.style.SUCCESS(f"{len(waiting)} analysed games mined: {found} new puzzles"))
        sys.stdout.flush()
