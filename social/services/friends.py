"""Follows and table invitations: every write of them happens here.

Who is online is read from the presence entries every authenticated socket keeps in the
`online` group (realtime.presence, social.sockets): informative only, like the games' presence.
Accepting an invitation seats the invitee through games.services.join_table (its quota, its
locks: the user's row, then the table's), then closes the invitation with a conditional update
under those locks, so an invitation answered twice at once seats nobody twice.
"""

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import FollowPolicy
from accounts.throttles import WindowRateThrottle
from games import errors as game_errors
from games import selectors as game_selectors
from games import services as game_services
from games.models import Table
from kernel.errors import is_signed_in, require_user
from notifications import inbox
from realtime import broadcast, presence
from realtime.groups import user_group
from social import errors, groups, payloads
from social.models import Follow, Invitation

from .chat import _id, user_by_name


class InvitationRate(WindowRateThrottle):
    scope = "invitations"

    def get_rate(self):
        return f"{settings.INVITATIONS_PER_HOUR}/hour"


def may_follow(user, target):
    """Whether `target`'s setting (User.follow_policy) lets `user` follow them and see them
    online. Read at every use: a follow made before a narrower setting stops showing it."""
    policy = target.follow_policy
    if policy == FollowPolicy.EVERYONE:
        return True
    if policy == FollowPolicy.FOLLOWED:
        return Follow.objects.filter(follower=target, followed=user).exists()
    return False


def follow(user, username):
    require_user(user)
    target = user_by_name(username)
    if target.pk == user.pk:
        raise errors.CannotFollowSelf()
    if target.is_bot:
        raise errors.Invalid(_("bots are not followed: seat one at your table instead"))
    if not may_follow(user, target):
        raise errors.FollowNotAllowed()
    Follow.objects.get_or_create(follower=user, followed=target)
    return target


def unfollow(user, username):
    require_user(user)
    target = user_by_name(username)
    Follow.objects.filter(follower=user, followed=target).delete()
    return target


def is_following(user, target):
    if not is_signed_in(user):
        return False
    return Follow.objects.filter(follower=user, followed=target).exists()


def online_usernames():
    return set(presence.summary(groups.ONLINE_GROUP)["connected"])


def friends(user):
    """The players `user` follows, by name, each with whether a socket of theirs is open."""
    require_user(user)
    online = online_usernames()
    followed = [f.followed for f in Follow.objects.filter(follower=user).select_related("followed")]
    # Whom the setting no longer lets follow them is shown offline, like a player never online.
    following_back = set(
        Follow.objects.filter(followed=user, follower__in=followed).values_list("follower_id", flat=True)
    )

    def shows_online(friend):
        policy = friend.follow_policy
        allowed = policy == FollowPolicy.EVERYONE or (
            policy == FollowPolicy.FOLLOWED and friend.pk in following_back)
        return allowed and friend.username in online

    return [payloads.friend_payload(friend, shows_online(friend)) for friend in followed]


def invite(user, table_id, username):
    """Invite a followed player to the open table where `user` sits (one pending per table)."""
    require_user(user)
    table = game_selectors.get_table(table_id)
    seats = table.seats_in_order()
    if not any(seat.user_id == user.pk for seat in seats):
        raise game_errors.NotSeated(_("only a player seated at the table may invite"))
    target = user_by_name(username)
    if target.pk == user.pk:
        raise errors.Invalid(_("you sit at this table already"))
    if not (Follow.objects.filter(follower=user, followed=target).exists() and may_follow(user, target)):
        raise errors.NotFollowing(
            _("follow %(username)s before inviting them") % {"username": target.username}
        )
    if table.status != Table.Status.OPEN:
        raise game_errors.TableNotOpen()
    if any(seat.user_id == target.pk for seat in seats):
        raise game_errors.AlreadySeated(
            _("%(username)s sits at this table already") % {"username": target.username}
        )
    if len(seats) >= table.players:
        raise game_errors.TableFull()
    return send_invitation(user, table, target)


def send_invitation(user, table, target):
    """Invite `target` to `table` (checked by the caller: `invite`, or a challenge's new table),
    once, within the inviter's hourly budget; the invitee hears it in the inbox and live."""
    pending = Invitation.objects.filter(table=table, invitee=target, status="pending").first()
    if pending is not None:
        return pending  # asked again: the same invitation, not a second notice
    rate = InvitationRate()
    if not rate.spend(f"user-{user.pk}"):
        raise errors.Throttled(
            _("at most %(count)s invitations an hour") % {"count": settings.INVITATIONS_PER_HOUR},
            retry_after=rate.wait(),
        )
    try:
        with transaction.atomic():
            invitation = Invitation.objects.create(table=table, inviter=user, invitee=target)
            invitation.table, invitation.inviter = table, user
            inbox.notify(target.pk, "table_invitation", {"by": user.shown_name, "table": table.pk},
                         f"/tables/{table.pk}/")
            broadcast.group_send_after_commit(
                user_group(target.pk),
                {"type": "social.invitation", "invitation": payloads.invitation_payload(invitation)},
            )
    except IntegrityError:  # the same invitation sent twice at once: the other one stands
        return Invitation.objects.get(table=table, invitee=target, status="pending")
    return invitation


def _own_invitation(user, invitation_id):
    require_user(user)
    number = _id(invitation_id, "invitation")
    try:
        return Invitation.objects.select_related("table", "inviter").get(pk=number, invitee=user)
    except Invitation.DoesNotExist:
        raise errors.NotFound(
            _("no invitation %(invitation_id)s") % {"invitation_id": invitation_id}
        ) from None


def _close(invitation, status):
    closed = Invitation.objects.filter(pk=invitation.pk, status="pending").update(
        status=status, answered_at=timezone.now()
    )
    if not closed:
        raise errors.InvitationAnswered()


def accept(user, invitation_id):
    """Take the table's open seat (games.services.join_table); the seat, or its refusal."""
    invitation = _own_invitation(user, invitation_id)
    if invitation.status != Invitation.Status.PENDING:
        raise errors.InvitationAnswered()
    with transaction.atomic():
        seat = game_services.join_table(invitation.table_id, user)
        _close(invitation, Invitation.Status.ACCEPTED)
    return seat


def decline(user, invitation_id):
    invitation = _own_invitation(user, invitation_id)
    with transaction.atomic():
        _close(invitation, Invitation.Status.DECLINED)
    invitation.status = Invitation.Status.DECLINED
    return invitation


def pending_invitations(user):
    """`user`'s unanswered invitations to tables still open, newest first."""
    require_user(user)
    return list(
        Invitation.objects.filter(invitee=user, status="pending", table__status=Table.Status.OPEN)
        .select_related("table", "inviter")
        .order_by("-created_at", "-id")
    )


