"""{% quick_play %}: the one-click buttons of the home page and the lobby."""

from django import template

from accounts.bots import BOT_LEVELS, bot_name

register = template.Library()


@register.inclusion_tag("matchmaking/quick_play.html", takes_context=True)
def quick_play(context):
    levels = [(level, bot_name(level)) for level in BOT_LEVELS]
    return {"user": context.get("user"), "levels": levels, "default_level": "greedy"}
