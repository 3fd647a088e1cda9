"""games.signals.game_changed (after every committed change of a game) → the players' your-turn
badges, and for correspondence games the e-mail batches and pushes.

Robust like the other listeners: a failure here is logged and never reaches the move's answer.
"""

import logging

from django.dispatch import receiver

from accounts.signals import account_forgetting, own_data_requested
from games import game_kinds
from games.signals import game_changed
from kernel import dispatch
from realtime import broadcast
from realtime.groups import user_group

log = logging.getLogger(__name__)


@receiver(game_changed, dispatch_uid="notifications-game-changed")
def on_game_changed(sender, game_id, version, started, over, to_move, humans, clock_kind,
                    **kwargs):
    # Each player's badge re-reads their list.
    broadcast.group_send_many((user_group(user_id), {"type": "user.turns"})
                              for user_id in humans)
    if clock_kind != "correspondence":
        return
    try:
        _correspondence_news(game_id, started, over, to_move, humans)
    except Exception:
        log.exception("notifications of game %s not queued", game_id)


def _inbox_line(user_id, game_id, kind, league):
    from . import inbox
    from .models import Notification

    url = f"/games/{game_id}/"
    if kind == "your_turn":  # one unread line per game, brought up to date
        inbox.notify(user_id, Notification.Kind.YOUR_TURN, {"game": game_id}, url,
                     key=f"turn-{game_id}")
    elif kind.startswith("fixture_"):
        inbox.notify(user_id, Notification.Kind.LEAGUE_NEWS,
                     {"event": kind, "league": league, "game": game_id}, url)
    else:
        inbox.notify(user_id, Notification.Kind.GAME_NEWS, {"event": kind, "game": game_id}, url)


def _correspondence_news(game_id, started, over, to_move, humans):
    from . import services

    news = {user_id: [] for user_id in humans}  # one batch update per player and change
    league = None
    if started or over:
        part = game_kinds.part_of(game_id)  # a league's fixture: registered by leagues
        league = part[1] if part and part[0] == "fixture" else None
        kind = ("fixture_" if league is not None else "game_") + ("started" if started else "ended")
        for user_id in humans:
            news[user_id].append(kind)
    if to_move in news:
        news[to_move].append("your_turn")
    for user_id, kinds in news.items():
        if not kinds:
            continue
        services.note_event(user_id, game_id, kinds)
        for kind in kinds:
            _inbox_line(user_id, game_id, kind, league)
        if services.push_enabled():
            for kind in kinds:
                dispatch.send("notifications.send_push", (user_id, kind, game_id),
                              pool=dispatch.NOTIFICATIONS)


@receiver(account_forgetting, dispatch_uid="notifications-account-forgetting")
def forget_settings(sender, user, **kwargs):
    """A deleted account's settings, push subscriptions and pending e-mails go."""
    from . import services

    services.forget_user(user)


@receiver(own_data_requested, dispatch_uid="notifications-own-data")
def own_settings(sender, user, **kwargs):
    from . import selectors

    return selectors.own_data(user)
