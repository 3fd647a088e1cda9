"""Matchmaking hears of an account being deleted (accounts.signals): its waiting seek is dropped."""

from django.dispatch import receiver

from accounts.signals import account_leaving

from .errors import MatchError
from .services import seeks


@receiver(account_leaving, dispatch_uid="matchmaking-account-leaving")
def drop_seek(sender, user, **kwargs):
    try:
        seeks.drop_seek(user)
    except MatchError:
        pass  # no waiting seek
