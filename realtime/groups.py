"""The one per-user group's name, for services that send to it (a module of its own: services
import it without the socket code that handles its events, realtime.registry)."""


def user_group(user_id):
    """The group of every socket of one user: pairings, the your-turn list, the inbox count,
    invitations, mutes, an account's closing (realtime.registry.user_feed)."""
    return f"user-{user_id}"
