"""Table chat, mutes and reports: every write of them happens here.

Posting takes the game's row lock (docs/architecture.md, "Lock order", step 3) and nothing else:
it writes no game row, but under the lock the game cannot end between the read-only check and
the insert, and the message's `ply` is the version every player sees at that moment. The event
reaches the sockets of the message's channel after the commit (social.sockets).

Channels (docs/api.md, "Chat"): the seated players write and read the players' channel, everyone
else the spectators' one; while the game runs neither side reads the other's channel (no advice
reaches a player), and once it is over both are shown to everyone, read-only.
"""

import unicodedata

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.throttles import WindowRateThrottle
from games import storage
from kernel.errors import is_signed_in, require_user
from kernel.ids import parse_id
from kernel.text import without_invisible_marks
from realtime import broadcast
from realtime.groups import user_group
from social import errors, groups, payloads
from social.models import MAX_MESSAGE_LENGTH, ChatMessage, Mute, Report

PLAYERS = ChatMessage.Channel.PLAYERS
SPECTATORS = ChatMessage.Channel.SPECTATORS
CONTEXT_MESSAGES = 10  # the messages before a reported one that moderators see with it


class ChatRate(WindowRateThrottle):
    """settings.CHAT_MESSAGES_PER_MINUTE per user across every game, socket and process
    (the cache's atomic counters: accounts.throttles)."""

    scope = "chat"
    per_minute_setting = "CHAT_MESSAGES_PER_MINUTE"


# One whole sentence per kind of id, so that each language words it its own way.
_NO_SUCH = {
    "game": lambda value: _("no game %(game_id)s") % {"game_id": value},
    "message": lambda value: _("no message %(message_id)s") % {"message_id": value},
    "invitation": lambda value: _("no invitation %(invitation_id)s") % {"invitation_id": value},
}


def _id(value, kind):
    number = parse_id(value)
    if number is None:
        raise errors.NotFound(_NO_SUCH[kind](str(value)[:40]))
    return number


def user_by_name(username):
    if not isinstance(username, str) or not username:
        raise errors.NotFound(_("no such user"))
    try:
        return get_user_model().objects.get(username__iexact=username)
    except get_user_model().DoesNotExist:
        raise errors.NotFound(_("no user %(username)s") % {"username": username[:150]}) from None


def clean_text(text):
    """The message as it is stored: invisible marks are dropped (bidi overrides and isolates,
    zero-width characters, fillers: kernel.text.without_invisible_marks, which keeps emoji
    sequences whole), runs of white space (newlines included) become one space; other control
    characters, an empty message and one over MAX_MESSAGE_LENGTH are refused.
    Text only: markup and links are kept as typed, and pages show them as plain text."""
    if not isinstance(text, str):
        raise errors.Invalid(_("text must be a string"))
    # Stripped, not refused: pasted text often carries them, and what is left reads the same.
    cleaned = " ".join(without_invisible_marks(text).split())
    if not cleaned:
        raise errors.Invalid(_("the message is empty"))
    if len(cleaned) > MAX_MESSAGE_LENGTH:
        raise errors.Invalid(
            _("a message is at most %(max_length)s characters") % {"max_length": MAX_MESSAGE_LENGTH}
        )
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in cleaned):
        raise errors.Invalid(_("the message contains control characters"))
    return cleaned


def _is_player(game, user):
    """Seated and still playing: a player who left (games.services.leaving) chats as a spectator."""
    if not is_signed_in(user):
        return False
    return any(seat.user_id == user.pk and not seat.left for seat in game.table.seats_in_order())


# The refusal names the writer's own channel; keyed by the channel asked for (the other one).
_WRONG_CHANNEL = {
    SPECTATORS: gettext_lazy(
        "you write in the players channel of this game, not the spectators one"),
    PLAYERS: gettext_lazy(
        "you write in the spectators channel of this game, not the players one"),
}


def channel_of(game, user):
    return PLAYERS if _is_player(game, user) else SPECTATORS


def post_message(game_id, user, text, channel=None):
    """Write a chat message in the author's channel; `channel`, if given, must be that one."""
    number = _id(game_id, "game")
    require_user(user)
    if user.is_bot:
        raise errors.Forbidden(_("bots do not chat"))
    if channel is not None and channel not in ChatMessage.Channel.values:
        raise errors.Invalid(_("channel must be players or spectators"))
    cleaned = clean_text(text)
    with transaction.atomic():
        game = storage.lock_game(number)
        if game is None:
            raise errors.NotFound(_("no game %(game_id)s") % {"game_id": game_id})
        if game.is_over:
            raise errors.ChatReadOnly()
        own_channel = channel_of(game, user)
        if channel is not None and channel != own_channel:
            raise errors.ChatChannelForbidden(
                _WRONG_CHANNEL[channel]
            )
        rate = ChatRate()
        if not rate.spend(f"user-{user.pk}"):
            raise errors.Throttled(
                _("at most %(count)s chat messages a minute")
                % {"count": settings.CHAT_MESSAGES_PER_MINUTE},
                retry_after=rate.wait(),
            )
        message = ChatMessage.objects.create(
            game=game, author=user, channel=own_channel, text=cleaned, ply=game.version
        )
        message.author = user
        broadcast.group_send_after_commit(
            groups.chat_group(game.pk, own_channel),
            {"type": "social.chat", "author_id": user.pk, "message": payloads.message_payload(message)},
        )
    return message


def readable_channels(game, viewer):
    """The channels `viewer` reads in `game` (anonymous visitors read the spectators')."""
    if game.is_over:
        return [PLAYERS, SPECTATORS]
    return [channel_of(game, viewer)]


def muted_ids(user):
    if not is_signed_in(user):
        return set()
    return set(Mute.objects.filter(muter=user).values_list("muted_id", flat=True))


def _game(game_id):
    game = storage.read_game(_id(game_id, "game"))
    if game is None:
        raise errors.NotFound(_("no game %(game_id)s") % {"game_id": game_id})
    return game


def messages_for(game_id, viewer):
    """The game's messages `viewer` may read, oldest first, without those of users they muted."""
    game = _game(game_id)
    return (
        ChatMessage.objects.filter(game=game, channel__in=readable_channels(game, viewer))
        .exclude(author_id__in=muted_ids(viewer))
        .select_related("author")
        .order_by("id")
    )


# --- mutes -----------------------------------------------------------------------------------


def _send_mutes_after_commit(user):
    broadcast.group_send_after_commit(
        user_group(user.pk), {"type": "social.mutes", "muted": sorted(muted_ids(user))}
    )


def mute(user, username):
    """Hide `username`'s chat messages from `user` for good (every game, live and history)."""
    require_user(user)
    target = user_by_name(username)
    if target.pk == user.pk:
        raise errors.CannotMuteSelf()
    with transaction.atomic():
        Mute.objects.get_or_create(muter=user, muted=target)
        _send_mutes_after_commit(user)
    return target


def unmute(user, username):
    require_user(user)
    target = user_by_name(username)
    with transaction.atomic():
        Mute.objects.filter(muter=user, muted=target).delete()
        _send_mutes_after_commit(user)
    return target


def muted_users(user):
    require_user(user)
    return [mute.muted for mute in
            Mute.objects.filter(muter=user).select_related("muted").order_by("muted__username")]


# --- reports ---------------------------------------------------------------------------------


def report_message(game_id, message_id, user, reason=""):
    """Send a message of this game (one `user` can read) to the moderators' queue, once."""
    require_user(user)
    if not isinstance(reason, str) or len(reason) > 200:
        raise errors.Invalid(_("reason is a text of at most 200 characters"))
    number = _id(message_id, "message")
    try:
        message = messages_for(game_id, user).get(pk=number)
    except ChatMessage.DoesNotExist:
        raise errors.NotFound(
            _("no message %(message_id)s in game %(game_id)s")
            % {"message_id": message_id, "game_id": game_id}
        ) from None
    if message.author_id == user.pk:
        raise errors.Invalid(_("you cannot report your own message"))
    try:
        with transaction.atomic():
            return Report.objects.create(message=message, reporter=user, reason=reason.strip())
    except IntegrityError:
        raise errors.AlreadyReported() from None


def report_context(report, count=CONTEXT_MESSAGES):
    """The reported message's game chat up to it: the `count` messages before it, then it."""
    before = list(
        ChatMessage.objects.filter(game_id=report.message.game_id, id__lt=report.message_id)
        .select_related("author")
        .order_by("-id")[:count]
    )
    return [*reversed(before), report.message]


def mark_handled(reports, moderator):
    """Close open reports (the admin's action); handled ones keep their first moderator."""
    return reports.filter(handled_at__isnull=True).update(
        handled_at=timezone.now(), handled_by=moderator
    )

