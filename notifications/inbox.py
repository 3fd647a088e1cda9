"""The inbox's writes (the services of notifications.models.Notification): a line of news for a
user, read and unread. A module of its own, apart from the e-mail and push services, so that the
services of other apps (table and league invitations, rematches) may call `notify` importing
nothing else of this app.

Every change tells the user's /ws/me/ sockets after commit (event "user.inbox" on the user feed,
handled on /ws/me/ alone: realtime.registry), and /ws/me/ answers with the new unread count: the
header's count follows live.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel.errors import require_user
from kernel.ids import parse_id
from realtime import broadcast
from realtime.groups import user_group

from . import errors
from .models import Notification

# A user's inbox keeps this many lines; older ones go as news comes (a flood of invitations
# cannot grow it without end). READ_AT_ONCE: ids one request may mark.
KEEP = 200
READ_AT_ONCE = 100


def _tell(user_id):
    broadcast.group_send_after_commit(user_group(user_id), {"type": "user.inbox"})


def notify(user_id, kind, params=None, url="", *, key=""):
    """A new unread line for `user_id` (or, with `key`, the unread line of that key brought up to
    date and to the top)."""
    if kind not in Notification.Kind.values:
        raise ValueError(f"unknown notification kind {kind}")
    now = timezone.now()
    with transaction.atomic():
        line = None
        if key:
            line = (Notification.objects.select_for_update()
                    .filter(user_id=user_id, key=key, read_at__isnull=True).first())
        if line is None:
            line = Notification(user_id=user_id, kind=kind, key=key)
        line.kind, line.params, line.url, line.created_at = kind, params or {}, url, now
        line.save()
        stale = (Notification.objects.filter(user_id=user_id).order_by("-created_at", "-pk")
                 .values_list("pk", flat=True)[KEEP:KEEP + 50])
        if stale:
            Notification.objects.filter(pk__in=list(stale)).delete()
        _tell(user_id)
    return line


def _ids(value):
    """The ids of a request, each a possible row id; anything else is Invalid."""
    if not isinstance(value, list) or not value:
        raise errors.Invalid(_("send a list of notification ids"))
    if len(value) > READ_AT_ONCE:
        raise errors.Invalid(_("at most %(count)s notifications at once") % {"count": READ_AT_ONCE})
    ids = [parse_id(item) for item in value]
    if None in ids:
        raise errors.NotFoundNotification()
    return set(ids)


def mark_read(user, ids):
    """Mark some of `user`'s lines read. An id that is not one of theirs (unknown, or someone
    else's: the same answer) refuses the whole request, and nothing changes."""
    require_user(user)
    wanted = _ids(ids)
    with transaction.atomic():
        rows = Notification.objects.select_for_update().filter(user=user, pk__in=wanted)
        if len(rows) != len(wanted):
            raise errors.NotFoundNotification()
        changed = rows.filter(read_at__isnull=True).update(read_at=timezone.now())
        if changed:
            _tell(user.pk)
    return changed


def mark_all_read(user):
    require_user(user)
    with transaction.atomic():
        changed = Notification.objects.filter(user=user, read_at__isnull=True).update(
            read_at=timezone.now())
        if changed:
            _tell(user.pk)
    return changed


def open_line(user, notification_id):
    """Mark one line read and give its page's address (the inbox's "Open")."""
    number = parse_id(notification_id)
    if number is None:
        raise errors.NotFoundNotification()
    mark_read(user, [number])
    return Notification.objects.get(user=user, pk=number).url or "/notifications/"
