"""The cost per move of the your-turn feed: notifications.receivers.on_game_changed, which tells
every human player's /ws/me/ sockets to re-read (2 humans, an untimed game: no e-mail work), against
the game state broadcast of the same move. In-memory channel layer, called from a plain thread (a
REST request or a Celery task; socket threads hand the sends to their loop without waiting).

Run: .venv/bin/python bench/turn_feed_cost.py
"""
import os
import sys
import time

os.environ.pop("REDIS_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "azulsite.settings")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import django  # noqa: E402

django.setup()
from notifications.receivers import on_game_changed  # noqa: E402
from realtime import broadcast  # noqa: E402

N = 2000
for name, call in [
    ("receiver (one loop hop)", lambda: on_game_changed(None, 1, 1, False, False, 1, [1, 2], "none")),
    ("two group_send (two hops)", lambda: [broadcast.group_send(f"user-{u}", {"type": "user.turns"}) for u in (1, 2)]),
    ("one group_send (the state broadcast's cost)",
     lambda: broadcast.group_send("game-1", {"type": "game.state", "text": "{}"})),
]:
    best = None
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(N):
            call()
        took = (time.perf_counter() - start) / N * 1e6
        best = took if best is None else min(best, took)
    print(f"{name}: {best:.0f} µs per move (best of 3 x {N})")
