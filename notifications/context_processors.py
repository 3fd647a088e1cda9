"""The header's your-turn badge, the inbox's unread count and the sound setting, on every page of a logged-in user."""

from . import selectors, services


def your_turn(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"your_turn_count": selectors.your_turn_count(user),
            "turn_sound": services.settings_of(user).turn_sound,
            "inbox_unread": selectors.inbox_unread_count(user),
            "push_enabled": services.push_enabled()}  # pages promise browser notices only then
