"""`manage.py recompute_fair_play`: every person's fair-play profile rewritten from their
analysed rated games (after a calibration change, or analyses that ended while the app was
off); outliers open cases as they would live."""

from django.core.management.base import BaseCommand

from fairplay import services


class Command(BaseCommand):
    help = "Recompute every fair-play profile and open the cases the rule finds."

    def handle(self, *args, **options):
        written = services.recompute_all()
        self.stdout.write(f"{written} fair-play profiles written")
