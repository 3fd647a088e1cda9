"""What every leagues service checks first (who acts, on which row) and the audit row it writes.

Shared by leagues.services and leagues.services.invitations; raises leagues.errors.
"""

import secrets

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from kernel.errors import is_signed_in
from kernel.errors import require_user as require_user  # the one guard (leagues call checks')
from kernel.ids import parse_id

from . import broadcast, errors
from .models import AuditLog, Member


def as_id(value, kind):
    number = parse_id(value)  # the site's one id reader: no truncation of 1.5, no overflow
    if number is None:
        raise errors.NotFound(_('no %(kind)s %(value)s') % {"kind": kind, "value": value})
    return number


def get_row(model, pk, kind, lock=False):
    manager = model.objects.select_for_update() if lock else model.objects
    try:
        return manager.get(pk=as_id(pk, kind))
    except model.DoesNotExist:
        raise errors.NotFound(_('no %(kind)s %(pk)s') % {"kind": kind, "pk": pk}) from None


def is_organiser(league, user):
    if not is_signed_in(user):
        return False
    return Member.objects.filter(league=league, user=user, is_organiser=True).exists()


def require_organiser(league, user):
    require_user(user)
    if not is_organiser(league, user):
        raise errors.NotOrganiser()


def audit(league, actor, action, reason="", **data):
    """The audit row of an organiser's action: its kind and parameters, put into the reader's
    language when shown (leagues.audit_events); the league's pages hear of it after commit."""
    AuditLog.objects.create(league=league, actor=actor, action=action, reason=reason, data=data)
    broadcast.league_changed_after_commit(league.pk)


def user_named(username):
    if not isinstance(username, str):
        raise errors.Invalid(_("username must be a string"))
    user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None:
        raise errors.NotFound(_('no user %(username)s') % {"username": username})
    return user


def reason_text(reason, required=True):
    if reason is None:
        reason = ""
    if not isinstance(reason, str):
        raise errors.Invalid(_("reason must be text"))
    reason = reason.strip()
    if required and not reason:
        raise errors.Invalid(_("give a reason"))
    if len(reason) > 1000:
        raise errors.Invalid(_("reason must be at most 1000 characters"))
    return reason


def new_invite_code():
    return secrets.token_urlsafe(16)


def invite_code_matches(league, code):
    """Whether `code` is the league's current invite link secret (never once it was revoked)."""
    return (
        isinstance(code, str)
        and bool(league.invite_code)
        and secrets.compare_digest(code.encode(), league.invite_code.encode())
    )
