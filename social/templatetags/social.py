"""`{% muted_players %}` (account settings) and `{% follow_button profile_user %}` (profiles):
the social parts of the accounts app's pages, so that accounts knows nothing of social."""

from django import template

from social import services
from social.services import friends

register = template.Library()


@register.inclusion_tag("social/_muted_players.html", takes_context=True)
def muted_players(context):
    user = context["request"].user
    return {"muted": services.muted_users(user) if user.is_authenticated else [],
            "csrf_token": context.get("csrf_token")}


@register.inclusion_tag("social/_follow_button.html", takes_context=True)
def follow_button(context, profile_user):
    user = context["request"].user
    shown = user.is_authenticated and user.pk != profile_user.pk and not profile_user.is_bot
    return {
        "shown": shown,
        "following": shown and friends.is_following(user, profile_user),
        "profile_user": profile_user,
        "csrf_token": context.get("csrf_token"),
    }
