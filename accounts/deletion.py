"""Deleting an account: the player leaves what they take part in, then their row is anonymised.

The row stays (docs/operations.md, "Account deletion"): seats, move records and league entries
protect it, and opponents' rating history names it, so deleting it would rewrite others' games.
It is renamed `deleted-<id>`, deactivated, loses its password, e-mail, names, tokens and every
personal setting, and pages show it as "deleted player" (User.shown_name). Its names stay
claimed for RESERVED_NAME_DAYS, so that nobody takes a departed player's name over at once.

Leaving goes through each app's own service, as if the player had clicked: running games are
resigned (games.services: the leaving policy), open tables left, running league seasons
withdrawn from and leagues left (leagues.services), a waiting seek dropped (matchmaking.seeks).
Those are separate transactions: a game that ends meanwhile is simply skipped. The anonymising
itself is one transaction under the user's row lock; a second deletion finds it done.
"""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from accounts.models import FollowPolicy, NameClaim, User
from accounts.usernames import DELETED_USERNAME_PREFIX
from azulsite.errors import DomainError
from games import services as game_services
from games.errors import GameError
from games.models import Game, Seat, Table
from leagues import services as league_services
from leagues.errors import LeagueError
from leagues.models import Member
from matchmaking import seeks
from matchmaking.errors import MatchError
from notifications.models import GameEmailBatch, NotificationSettings, PushSubscription
from realtime import broadcast
from realtime.registry import user_group
from social.models import ChatMessage, Follow, Invitation, Mute, Report

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
    _leave_everything(user)
    now = timezone.now()
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if user.deleted_at is not None:  # a concurrent deletion won
            return user
        NameClaim.objects.filter(user=user).update(
            reserved_until=now + timedelta(days=RESERVED_NAME_DAYS)
        )
        _forget_personal_rows(user)
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
        # Open sockets (game pages, lobby) close: they were signed in as this account.
        broadcast.group_send_after_commit(
            user_group(user.pk), {"type": "social.account.closed"}
        )
    return user


def _leave_everything(user):
    seats = Seat.objects.filter(user=user, left=False, table__status__in=(
        Table.Status.OPEN, Table.Status.PLAYING)).values_list("table_id", flat=True)
    playing = dict(Game.objects.filter(table_id__in=list(seats), status=Game.Status.PLAYING)
                   .values_list("table_id", "pk"))
    for table_id in seats:
        try:
            if table_id in playing:
                game_services.resign(playing[table_id], user)
            else:
                game_services.leave_table(table_id, user)
        except GameError:
            pass  # the game ended or the table closed meanwhile
    league_services.withdraw_leaving_account(user)
    for league_id in Member.objects.filter(user=user, is_player=True).values_list("league_id", flat=True):
        try:
            league_services.leave_league(league_id, user)
        except LeagueError:
            pass
    try:
        seeks.drop_seek(user)
    except MatchError:
        pass  # no waiting seek


def _forget_personal_rows(user):
    Token.objects.filter(user=user).delete()
    Follow.objects.filter(follower=user).delete()
    Follow.objects.filter(followed=user).delete()
    Mute.objects.filter(muter=user).delete()
    Mute.objects.filter(muted=user).delete()
    Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING).delete()
    Invitation.objects.filter(inviter=user, status=Invitation.Status.PENDING).delete()
    NotificationSettings.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    GameEmailBatch.objects.filter(user=user).delete()
    # Chat lines lose their text; those under an open report keep it until a moderator decides.
    reported = Report.objects.filter(message__author=user, handled_at__isnull=True)
    ChatMessage.objects.filter(author=user).exclude(
        pk__in=reported.values("message_id")
    ).update(text="")
