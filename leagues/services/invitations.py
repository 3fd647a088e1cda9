"""Consent: nobody plays in a league (and so in its seasons and rated games) without asking.

A user becomes a player only by their own request: joining a public league, joining by the
league's invite link (a secret the organisers can replace or revoke), or accepting a personal
invitation from an organiser. Organisers invite; they never seat anyone. Every change here is
one transaction that locks the league first, then the invitation (the league's lock serialises
joins, invitations and answers). Bad input raises a leagues.errors.LeagueError and changes
nothing.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from leagues import checks, errors
from leagues.models import Invitation, League, Member
from notifications import inbox

from .membership import check_registration, make_player


def _lock_league(league_id):
    return checks.get_row(League, league_id, "league", lock=True)


def _invitation(invitation_id):
    """The invitation row (unlocked: its league is locked first, then the row)."""
    return checks.get_row(Invitation, invitation_id, "invitation")


def _locked_pending(invitation_id):
    """(league, invitation), both locked, in that order; refuses an answered invitation."""
    league_id = _invitation(invitation_id).league_id
    league = _lock_league(league_id)
    invitation = Invitation.objects.select_for_update().select_related("user").get(
        pk=checks.as_id(invitation_id, "invitation")
    )
    return league, invitation


def _answer(invitation, status, now):
    invitation.status = status
    invitation.answered_at = now
    invitation.save(update_fields=["status", "answered_at"])


def invite_player(league_id, by_user, username, message=""):
    """An organiser asks `username` to play in the league: a pending invitation, nothing more."""
    with transaction.atomic():
        league = _lock_league(league_id)
        checks.require_organiser(league, by_user)
        message = checks.reason_text(message, required=False)
        user = checks.user_named(username)
        if user.is_bot:
            raise errors.Invalid(_("bots do not play in leagues"))
        if Member.objects.filter(league=league, user=user, is_player=True).exists():
            raise errors.AlreadyMember(_('%(username)s already plays in this league') % {"username": user.username})
        if Invitation.objects.filter(
            league=league, user=user, status=Invitation.Status.PENDING
        ).exists():
            raise errors.AlreadyInvited(
                _('%(username)s already has a pending invitation') % {"username": user.username}
            )
        check_registration(league)
        invitation = Invitation.objects.create(
            league=league, user=user, invited_by=by_user, message=message
        )
        inbox.notify(user.pk, "league_invitation", {"by": by_user.shown_name,
                     "league": league.name}, "/leagues/invitations/")
        checks.audit(
            league,
            by_user,
            "invite_player",
            message,
            user=user.pk,
            name=user.username,
            invitation=invitation.pk,
        )
    return invitation


def revoke_invitation(invitation_id, by_user):
    """An organiser withdraws a pending invitation."""
    now = timezone.now()
    with transaction.atomic():
        league, invitation = _locked_pending(invitation_id)
        checks.require_organiser(league, by_user)
        if invitation.status != Invitation.Status.PENDING:
            raise errors.InvitationAnswered()
        _answer(invitation, Invitation.Status.REVOKED, now)
        checks.audit(
            league,
            by_user,
            "revoke_invitation",
            user=invitation.user_id,
            name=invitation.user.username,
            invitation=invitation.pk,
        )
    return invitation


def _invitee_answers(invitation_id, user):
    checks.require_user(user)
    league, invitation = _locked_pending(invitation_id)
    if invitation.user_id != user.pk:
        raise errors.NotInvitee()
    if invitation.status != Invitation.Status.PENDING:
        raise errors.InvitationAnswered()
    return league, invitation


def _log_answer(league, invitation, action):
    user = invitation.user
    checks.audit(
        league,
        user,
        action,
        user=user.pk,
        name=user.username,
        invitation=invitation.pk,
    )


def accept_invitation(invitation_id, user):
    """The invitee accepts: they become a player of the league (registration rules apply)."""
    now = timezone.now()
    with transaction.atomic():
        league, invitation = _invitee_answers(invitation_id, user)
        make_player(league, user, now)  # answers this pending invitation as accepted
        invitation.refresh_from_db()
        _log_answer(league, invitation, "accept_invitation")
    return invitation


def decline_invitation(invitation_id, user):
    """The invitee declines: nothing else changes; an organiser may invite them again."""
    now = timezone.now()
    with transaction.atomic():
        league, invitation = _invitee_answers(invitation_id, user)
        _answer(invitation, Invitation.Status.DECLINED, now)
        _log_answer(league, invitation, "decline_invitation")
    return invitation


def reset_invite_link(league_id, by_user):
    """A new invite link: the old one (if any) stops working at once."""
    with transaction.atomic():
        league = _lock_league(league_id)
        checks.require_organiser(league, by_user)
        league.invite_code = checks.new_invite_code()
        league.save(update_fields=["invite_code"])
        checks.audit(league, by_user, "reset_invite_link")
    return league


def revoke_invite_link(league_id, by_user):
    """No invite link works until an organiser makes a new one (invitations still do)."""
    with transaction.atomic():
        league = _lock_league(league_id)
        checks.require_organiser(league, by_user)
        if league.invite_code is None:
            raise errors.WrongState("the invite link is already revoked")
        league.invite_code = None
        league.save(update_fields=["invite_code"])
        checks.audit(league, by_user, "revoke_invite_link")
    return league
