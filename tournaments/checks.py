"""What every tournaments service checks first (who acts, on which row, with which secret) and
the audit row it writes. Raises tournaments.errors."""

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password
from django.utils.translation import gettext as _

from kernel.errors import is_signed_in
from kernel.errors import require_user as require_user  # the one guard
from kernel.ids import parse_id

from . import errors
from .models import AuditLog, Tournament


def as_id(value, kind="tournament"):
    number = parse_id(value)
    if number is None:
        raise errors.NotFound(_("no %(kind)s %(value)s") % {"kind": kind, "value": value})
    return number


def lock_tournament(tournament_id):
    """The tournament's row, locked: the first lock of every tournament write (docs/tournaments.md,
    "Lock order")."""
    tournament = Tournament.objects.select_for_update().filter(pk=as_id(tournament_id)).first()
    if tournament is None:
        raise errors.NotFound(_("no tournament %(id)s") % {"id": tournament_id})
    return tournament


def is_organiser(tournament, user):
    return is_signed_in(user) and tournament.created_by_id == user.pk


def require_organiser(tournament, user):
    require_user(user)
    if not is_organiser(tournament, user):
        raise errors.NotOrganiser()


def invite_code_matches(tournament, code):
    """Whether `code` is the tournament's invite link secret."""
    return (isinstance(code, str) and bool(tournament.invite_code)
            and secrets.compare_digest(code.encode(), tournament.invite_code.encode()))


def password_matches(tournament, password):
    """Whether `password` opens the tournament (always, for one without a password)."""
    if not tournament.password:
        return True
    return isinstance(password, str) and check_password(password, tournament.password)


def new_invite_code():
    return secrets.token_urlsafe(16)


def audit(tournament, actor, action, reason="", **data):
    """The audit row of an action, in the same transaction (tournaments.audit_events words it)."""
    AuditLog.objects.create(tournament=tournament, actor=actor, action=action, reason=reason,
                            data=data)


def user_named(username):
    if not isinstance(username, str):
        raise errors.Invalid(_("username must be a string"))
    user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None:
        raise errors.NotFound(_("no user %(username)s") % {"username": username})
    return user


def reason_text(reason):
    if reason is None:
        reason = ""
    if not isinstance(reason, str):
        raise errors.Invalid(_("reason must be text"))
    reason = reason.strip()
    if len(reason) > 1000:
        raise errors.Invalid(_("reason must be at most 1000 characters"))
    return reason
