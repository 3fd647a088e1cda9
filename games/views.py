"""The web pages of live play: the lobby and the table page. Thin: read through selectors, render.

Everything the pages change (create, join, seat a bot, start, move) goes through the public REST
and WebSocket API from the page's JavaScript, so the site uses the same contract as bots and scripts.
"""

from django.shortcuts import redirect, render

from accounts.bots import bot_name
from kernel.errors import found_or_404

from . import game_rules, payloads, selectors, services
from . import lobby as lobby_games
from .bot_accounts import bot_levels

# The lobby offers every seat count of any ruleset (the form hides what a ruleset lacks).
PLAYER_COUNTS = tuple(sorted({n for counts in game_rules.PLAYER_COUNTS.values() for n in counts}))


def lobby(request):
    return render(
        request,
        "games/lobby.html",
        {
            "open_tables": selectors.open_tables(),
            "player_counts": PLAYER_COUNTS,
            "other_seats": range(1, max(PLAYER_COUNTS)),
            "bot_levels": [(level, bot_name(level)) for level in bot_levels()],
            "games_data": lobby_games.lobby_games(request.user),
            "clock_limits": {
                "max_minutes": services.MAX_BASE_SECONDS // 60,
                "max_increment": services.MAX_INCREMENT_SECONDS,
                "max_days": services.MAX_DAYS_PER_MOVE,
            },
        },
    )


def table(request, table_id):
    found = found_or_404(selectors.get_table, table_id)
    return render(
        request,
        "games/table.html",
        {
            "table": found,
            "table_data": payloads.table_payload(found),
            "bot_levels": list(bot_levels()),
        },
    )


def game(request, game_id):
    """/games/<id>/: where a game is seen: its live table while it runs, its replay once over."""
    found = found_or_404(selectors.get_game, game_id)
    if found.is_over:
        return redirect("games:replay", game_id=found.pk)
    return redirect("games:table", table_id=found.table_id)
