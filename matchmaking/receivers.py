"""Matchmaking hears of an account being deleted (accounts.signals): its waiting seek is dropped."""

import contextlib

from django.dispatch import receiver

from accounts.signals import account_leaving

from .errors import MatchError
from .services import seeks


@receiver(account_leaving, dispatch_uid="matchmaking-account-leaving")
def drop_seek(sender, user, **kwargs):
    with contextlib.suppress(MatchError):  # no waiting seek
        seeks.drop_seek(user)
