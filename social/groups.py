"""Channel-layer group names and the presence group of the social features (no Django models)."""

# Every authenticated socket (game or lobby) keeps an entry in this presence group
# (realtime.presence): who is online is the list of its connected usernames.
ONLINE_GROUP = "online"


def chat_group(game_id, channel):
    """The sockets of a game that read `channel` ("players" or "spectators")."""
    return f"game-{game_id}-chat-{channel}"
