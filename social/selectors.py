"""Reads of the social app for other apps: a player's own chat, follows and mutes."""

from social.models import ChatMessage, Follow, Mute


def own_data(user) -> dict:
    """`user`'s chat messages, follows and mutes, for the download of their data
    (accounts.privacy): never anyone else's chat."""
    return {
        "chat_messages": [
            {"game": m.game_id, "channel": m.channel, "text": m.text, "ply": m.ply,
             "created_at": m.created_at.isoformat() if m.created_at else None}
            for m in ChatMessage.objects.filter(author=user).order_by("id")
        ],
        "following": list(
            Follow.objects.filter(follower=user).order_by("id")
            .values_list("followed__username", flat=True)
        ),
        "muted": list(
            Mute.objects.filter(muter=user).order_by("id").values_list("muted__username", flat=True)
        ),
    }
