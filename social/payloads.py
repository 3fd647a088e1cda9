"""The JSON shapes of chat messages, friends and invitations (REST answers and socket events)."""

from accounts.payloads import user_ref
from games.payloads import clock_options


def message_payload(message):
    author = message.author
    return {
        "id": message.pk,
        "game": message.game_id,
        "channel": message.channel,
        "author": author.username,
        "author_name": author.shown_name,
        "text": message.text,
        "ply": message.ply,
        "created_at": message.created_at.isoformat(),
    }


def invitation_payload(invitation):
    table = invitation.table
    return {
        "id": invitation.pk,
        "table": table.pk,
        "inviter": invitation.inviter.username,
        "inviter_name": invitation.inviter.shown_name,
        "status": invitation.status,
        "ruleset": table.ruleset,
        "players": table.players,
        # What the invitee agrees to by accepting, shown before they do: a rated game, its clock.
        "rated": table.rated,
        "clock": clock_options(table),
        "created_at": invitation.created_at.isoformat(),
    }


def friend_payload(user, online):
    return {**user_ref(user), "online": online}
