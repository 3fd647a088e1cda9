"""Deleting an account: the player leaves what they take part in, then their row is anonymised.

The row stays (docs/operations.md, "Account deletion"): seats, move records and league entries
protect it, and opponents' rating history names it, so deleting it would rewrite others' games.
It is renamed `deleted-<id>`, deactivated, loses its password, e-mail, names, tokens and every
personal setting, and pages show it as "deleted player" (User.shown_name). Its names stay
claimed for RESERVED_NAME_DAYS, so that nobody takes a departed player's name over at once.

Leaving goes through each app's own service, as if the player had clicked, in the receivers of
accounts.signals.account_leaving (accounts imports no app above it): running games are resigned
(games.services: the leaving policy), open tables left, running league seasons withdrawn from and
leagues left (leagues.services), a waiting seek dropped (matchmaking.services.seeks). Those are
separate transactions: a game that ends meanwhile is simply skipped. The anonymising itself is
one transaction under the user's row lock, in which each app forgets its personal rows
(account_forgetting); a second deletion finds it done.
"""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from accounts import signals
from accounts.models import FollowPolicy, NameClaim, User
from accounts.usernames import DELETED_USERNAME_PREFIX
from kernel.errors import DomainError

RESERVED_NAME_DAYS = 180


class DeletionRefused(DomainError):
    code, status, default_detail = (
        "deletion_refused", 400, gettext_lazy("this account cannot be deleted"),
    )


class DeletionNotConfirmed(DeletionRefused):
    """The password (or, without one, the typed username) did not confirm the deletion."""

    code, status, default_detail = (
        "deletion_not_confirmed", 400, gettext_lazy("confirm with your password"),
    )


def delete_own_account(user, *, password="", username=""):
    """The player deletes their own account, confirming with their password (or, for an account
    without one, by typing their username). Refused: DeletionNotConfirmed, nothing changed."""
    if user.has_usable_password():
        if not (isinstance(password, str) and password and user.check_password(password)):
            raise DeletionNotConfirmed(_("The password is not right."))
    elif not (isinstance(username, str) and username.strip().lower() == user.username.lower()):
        raise DeletionNotConfirmed(_("Type your username to confirm."))
    return anonymise(user)


def anonymise(user):
    """Take the account out of everything and anonymise its row (also the admin's deletion)."""
    if user.is_bot:
        raise DeletionRefused(_("Bot accounts are not deleted."))
    if user.deleted_at is not None:
        return user
    signals.account_leaving.send(sender=User, user=user)
    now = timezone.now()
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if user.deleted_at is not None:  # a concurrent deletion won
            return user
        NameClaim.objects.filter(user=user).update(
            reserved_until=now + timedelta(days=RESERVED_NAME_DAYS)
        )
        Token.objects.filter(user=user).delete()
        # Follows, mutes, chat, notification settings... (social, notifications); open sockets
        # close after the commit: they were signed in as this account (social).
        signals.account_forgetting.send(sender=User, user=user)
        user.username = f"{DELETED_USERNAME_PREFIX}{user.pk}"
        user.display_name = user.email = user.first_name = user.last_name = ""
        user.language = ""
        user.set_unusable_password()  # also ends every session: its hash no longer matches
        user.is_active = user.is_staff = user.is_superuser = False
        user.follow_policy = FollowPolicy.NOBODY
        user.deleted_at = now
        user.save()  # NameClaim.sync keeps the reserved claims
        user.groups.clear()
        user.user_permissions.clear()
    return user

