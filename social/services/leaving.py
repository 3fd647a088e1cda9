"""What a deleted account leaves behind in the social app (accounts.deletion, inside its
transaction, through accounts.signals.account_forgetting)."""

from realtime import broadcast
from realtime.groups import user_group
from social.models import ChatMessage, Follow, Invitation, Mute, Report


def forget_user(user):
    """Follows, mutes and pending invitations go; chat lines lose their text, except those under
    an open report, which keep it until a moderator decides. The account's open sockets (game
    pages, lobby) close after the commit: they were signed in as this account."""
    Follow.objects.filter(follower=user).delete()
    Follow.objects.filter(followed=user).delete()
    Mute.objects.filter(muter=user).delete()
    Mute.objects.filter(muted=user).delete()
    Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING).delete()
    Invitation.objects.filter(inviter=user, status=Invitation.Status.PENDING).delete()
    reported = Report.objects.filter(message__author=user, handled_at__isnull=True)
    ChatMessage.objects.filter(author=user).exclude(
        pk__in=reported.values("message_id")
    ).update(text="")
    broadcast.group_send_after_commit(user_group(user.pk), {"type": "social.account.closed"})
