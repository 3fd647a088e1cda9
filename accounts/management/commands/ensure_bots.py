from django.core.management.base import BaseCommand

from accounts.services import ensure_bot_accounts


class Command(BaseCommand):
    help = "Create the bot accounts (one per bot level) if they do not exist yet."

    def handle(self, *args, **options):
        bots = ensure_bot_accounts()
        self.stdout.write(f"Bot accounts: {', '.join(bot.username for bot in bots)}")
