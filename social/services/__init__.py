"""Every write of the social app happens in this package, one module per concern:

- chat: table chat (two channels per game), mutes and reports;
- friends: follows (and who may follow), table invitations;
- leaving: what a deleted account leaves behind.

The chat's names below are the package's public ones: the edges call them here; follows and
invitations are called in `social.services.friends`.
"""

from .chat import (
    CONTEXT_MESSAGES,
    PLAYERS,
    SPECTATORS,
    ChatRate,
    channel_of,
    clean_text,
    mark_handled,
    messages_for,
    mute,
    muted_ids,
    muted_users,
    post_message,
    readable_channels,
    report_context,
    report_message,
    unmute,
    user_by_name,
)

__all__ = [
    "CONTEXT_MESSAGES", "PLAYERS", "SPECTATORS", "ChatRate", "channel_of", "clean_text",
    "mark_handled", "messages_for", "mute", "muted_ids", "muted_users", "post_message",
    "readable_channels", "report_context", "report_message", "unmute", "user_by_name",
]
