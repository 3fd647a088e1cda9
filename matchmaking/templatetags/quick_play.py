"""{% quick_play %}: quick play's choices and buttons (home page, lobby); {% challenge_form user %}:
the "Challenge" of a profile, with the same choices."""

from django import template

from accounts.bots import BOT_LEVELS, bot_name
from matchmaking.choices import CLOCK_LABELS, GAME_LABELS

register = template.Library()

CLOCK_ORDER = ["untimed", "bullet", "blitz", "rapid", "classical", "correspondence"]


def _choices():
    return {"games": list(GAME_LABELS.items()),
            "clocks": [(name, CLOCK_LABELS[name]) for name in CLOCK_ORDER]}


@register.inclusion_tag("matchmaking/quick_play.html", takes_context=True)
def quick_play(context):
    levels = [(level, bot_name(level)) for level in BOT_LEVELS]
    return {"user": context.get("user"), "levels": levels, "default_level": "greedy",
            "prefix": "quick-play", **_choices()}


@register.inclusion_tag("matchmaking/challenge.html", takes_context=True)
def challenge_form(context, profile_user):
    user = context["request"].user
    shown = user.is_authenticated and not user.is_bot and user.pk != profile_user.pk
    return {"shown": shown, "profile_user": profile_user, "prefix": "challenge", **_choices()}
