"""A whole arena over the public API, on the production topology: scripted people talk HTTP to a
live daphne, the bots' turns and the tournament's tasks (results, pairings) run on a real Celery
worker through Redis, the data is PostgreSQL's. The test process plays celery beat: it runs the
tournaments' sweep and the games' clock sweep itself, with the `now` it chooses; everything else
reads the real clock.

The organiser creates a casual 4-minute arena and enters two bots;
five people join, a sixth after the start (a late join). One person never makes their first move
(a no-show); one withdraws mid-game and comes back once that game is over, keeping their score;
one berserks in every game and never resigns against a person (who resigns only after 11 moves,
so that a berserk win counts); people resign after 3-4 moves otherwise, so that games end quickly
and the leaders run into streaks. The arena re-pairs everyone as they become free. Once each of
these has happened, the sweep runs at the arena's end (no real four minutes pass) while a person
is to move in a game: that game goes on and counts, nobody is paired or joins after the end; the
no-show's game, last, ends through the games' clock sweep at a later `now`, and the arena
finishes. The final standings the API publishes must be those recomputed here from the games'
own results and move logs (the games API), by the rules of docs/tournaments.md ("Arena"); no
player was ever in two games at once, nor paired with themselves.
"""

import random
import time
from collections import defaultdict
from datetime import timedelta

import pytest
import requests
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from accounts.services import api_token_for
from games import services as game_services
from tests.support.waiting import wait_until
from tournaments import services as tournament_services

pytestmark = [pytest.mark.requires("postgres", "redis", "celery"),
              pytest.mark.django_db(transaction=True)]

BASE_SECONDS = 300  # no game's clock runs out in real time while the test runs
BERSERKER = "h1"
PATIENCE = {"h1": None, "h2": 3, "h3": 4, "h4": 3, "h5": 3, "h6": 4}  # own moves, then resign
PATIENCE_WITH_BERSERKER = 11  # so that a berserk win counts (10 moves)
PATIENCE_WITH_BOTS = 4  # the berserker too: a whole game against a bot takes long
STORY_SECONDS = 90  # the story takes 10-20 s here; a stall fails rather than hangs


class Api:
    """HTTP to the live daphne as one user (their API token)."""

    def __init__(self, base_url, user):
        self.base = f"{base_url}/api/v1"
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Token {api_token_for(user)}"

    def call(self, method, path, body=None, status=200):
        response = self.session.request(method, f"{self.base}{path}", json=body, timeout=30)
        assert response.status_code == status, (method, path, response.status_code,
                                                response.text[:500])
        return response.json()

    def get(self, path):
        return self.call("GET", path)

    def post(self, path, body=None, status=200):
        return self.call("POST", path, body or {}, status)


class Script:
    """A person's script: moves at random, resigns after `patience` own moves (None: never; more
    against the berserker, fewer against a bot); the berserker halves their clock before their
    first move of each game."""

    def __init__(self, api, name, tournament_url):
        self.api, self.name, self.url = api, name, tournament_url
        self.patience = PATIENCE[name]
        self.moves = defaultdict(int)  # game id -> moves made
        self.berserked = set()  # game ids
        self.rng = random.Random(name)

    def play(self, game_id):
        """Move (berserk first, or resign) if it is this player's turn; True if they acted."""
        game = self.api.get(f"/games/{game_id}")
        if game["status"] != "playing" or not game["legal_moves"]:
            return False
        if self.name == BERSERKER and game_id not in self.berserked:
            assert self.moves[game_id] == 0
            self.api.post(f"{self.url}/berserk")
            self.berserked.add(game_id)
            halved = self.api.get(f"/games/{game_id}")
            (seat,) = [s for s in halved["seats"] if s["username"] == self.name]
            assert seat["time_left_ms"] == BASE_SECONDS * 1000 // 2  # the bank halves
            clock = halved["clock"]  # and so does the turn's deadline: it is their move
            assert (parse_datetime(clock["deadline"]) - parse_datetime(clock["turn_started_at"])
                    == timedelta(seconds=BASE_SECONDS / 2))
            game = halved
        patience = self.patience
        if any(seat["is_bot"] for seat in game["seats"]):
            patience = PATIENCE_WITH_BOTS
        elif patience is not None and BERSERKER in [s["username"] for s in game["seats"]]:
            patience = PATIENCE_WITH_BERSERKER
        if patience is not None and self.moves[game_id] >= patience:
            self.api.post(f"/games/{game_id}/resign")
            return True
        move = self.rng.choice(game["legal_moves"])
        self.api.post(f"/games/{game_id}/moves", {"move": move, "version": game["version"]})
        self.moves[game_id] += 1
        return True


def recompute(pairings, games, logs):
    """{username: (points, per_game, wins, draws, losses, berserks, on_fire)} by the arena rules
    of docs/tournaments.md, from the games' results and move logs, in the order they started."""
    history = defaultdict(list)  # username -> [(outcome, berserk, own moves)]
    for pairing in sorted(pairings, key=lambda p: (parse_datetime(games[p["game"]]["created_at"]),
                                                   p["game"])):
        game = games[pairing["game"]]
        index = {seat["username"]: seat["player_index"] for seat in game["seats"]}
        ranks = game["result"]["ranks"]
        for player in pairing["players"]:
            name = player["username"]
            (other,) = [p["username"] for p in pairing["players"] if p["username"] != name]
            mine, theirs = ranks[index[name]], ranks[index[other]]
            outcome = "draw" if mine == theirs else "win" if mine < theirs else "loss"
            moves = sum(m["player_index"] == index[name] for m in logs[pairing["game"]])
            history[name].append((outcome, player["berserk"], moves))
    rows = {}
    for name, played in history.items():
        per_game, in_a_row = [], 0
        for outcome, berserk, moves in played:
            points = {"win": 2, "draw": 1, "loss": 0}[outcome] * (2 if in_a_row >= 2 else 1)
            if outcome == "win" and berserk and moves >= 10:
                points += 1  # never doubled
            per_game.append(points)
            in_a_row = in_a_row + 1 if outcome == "win" else 0
        outcomes = [outcome for outcome, _, _ in played]
        rows[name] = (sum(per_game), per_game, outcomes.count("win"), outcomes.count("draw"),
                      outcomes.count("loss"), sum(berserk for _, berserk, _ in played),
                      in_a_row >= 2)
    return rows


def test_a_whole_arena_over_http_with_a_worker_bots_a_late_join_a_withdrawal_berserk_and_a_no_show(
        live_daphne, celery_worker_process, make_user):
    organiser = Api(live_daphne.url, make_user("organiser"))
    users = {name: make_user(name) for name in PATIENCE}
    created = organiser.post("/tournaments", {
        "name": "Four-minute arena", "format": "arena", "duration_minutes": 4,
        "bots_allowed": True, "starts_at": (timezone.now() + timedelta(hours=1)).isoformat(),
        "clock": {"kind": "realtime", "base_seconds": BASE_SECONDS, "increment_seconds": 0}},
        status=201)
    url = f"/tournaments/{created['id']}"
    scripts = {name: Script(Api(live_daphne.url, user), name, url)
               for name, user in users.items()}
    for name in ("h1", "h2", "h3", "h4", "h5"):
        scripts[name].api.post(f"{url}/join")
    for level in ("random", "greedy"):  # after the people: the first pairs are not bot and bot
        organiser.post(f"{url}/bots", {"level": level})
    started = organiser.post(f"{url}/start")
    assert started["status"] == "running"
    assert len(started["pairings"]) == 3  # seven players: one waits
    late = scripts["h6"].api.post(f"{url}/join")
    assert [e["late"] for e in late["entries"] if e["username"] == "h6"] == [True]

    # The no-show: a person of a first game not against the berserker (who should go on playing),
    # against another person if there is one. The quitter: a person playing neither of them.
    first_games = [[p["username"] for p in pairing["players"]] for pairing in started["pairings"]]
    candidates = sorted((pair for pair in first_games if BERSERKER not in pair),
                        key=lambda pair: not all(name in scripts for name in pair))
    absent = next(name for name in candidates[0] if name in scripts)
    stuck = set(candidates[0])
    quitter = next(name for name in ("h2", "h3", "h4", "h5", "h6") if name not in stuck)
    first_game_of_absent = next(p["game"] for p in started["pairings"]
                                if absent in [q["username"] for q in p["players"]])

    def state():
        return organiser.get(url)

    def running(now_state):
        return [p for p in now_state["pairings"] if p["status"] == "playing"]

    def world():
        """The tournament, and what a script waits on: its pairings, its games' versions."""
        now_state = state()
        return now_state, (
            now_state["status"], [(p["id"], p["status"]) for p in now_state["pairings"]],
            [organiser.get(f"/games/{p['game']}")["version"] for p in running(now_state)])

    def play_what_is_due(now_state, seen):
        """Each script moves while it is theirs to move; if none could, wait for the world to
        move on from what `now_state` showed (`seen`)."""
        acted = False
        for pairing in running(now_state):
            names = [p["username"] for p in pairing["players"] if p["username"] in scripts]
            while pairing["game"] != first_game_of_absent and any(
                    [scripts[name].play(pairing["game"]) for name in names]):  # noqa: C419 (all act)
                acted = True
        if not acted:
            wait_until(lambda: world()[1] != seen, 60, lambda: f"a move, a game's end or a "
                       f"pairing after {describe()}", every=0.25)

    def describe():
        now_state = state()
        games = [(p["game"], [q["username"] for q in p["players"]],
                  organiser.get(f"/games/{p['game']}")["clock"]["current"])
                 for p in running(now_state)]
        stuck_games = [(p["game"], p["status"], organiser.get(f"/games/{p['game']}")["result"])
                       for p in now_state["pairings"]
                       if stuck & {q["username"] for q in p["players"]}]
        return (f"{now_state['status']}: running {games}; the no-show {absent} (first game "
                f"{first_game_of_absent}) and their opponent's games {stuck_games}; entries "
                f"{[(e['username'], e['status']) for e in now_state['entries']]}; the worker's "
                f"log:\n{celery_worker_process.log_tail(80)}")

    def games_of(name, now_state):
        return [p for p in now_state["pairings"]
                if name in [q["username"] for q in p["players"]]]

    # The story: play until each of its parts has happened.
    withdrew_in = rejoined_after = None
    story_ends = time.monotonic() + STORY_SECONDS
    while True:
        assert time.monotonic() < story_ends, "the story did not unfold in time"
        now_state, seen = world()
        rows = {row["username"]: row for row in now_state["standings"]["rows"]}
        done = [p for p in now_state["pairings"] if p["status"] == "done"]
        mine = games_of(quitter, now_state)
        if withdrew_in is None and any(p["status"] == "done" for p in mine):
            current = [p for p in mine if p["status"] == "playing"]
            if current and scripts[quitter].moves[current[0]["game"]] >= 1:
                scripts[quitter].api.post(f"{url}/leave")  # mid-game: the game is lost
                withdrew_in = current[0]["id"]
                continue
        if (withdrew_in is not None and rejoined_after is None
                and all(p["status"] == "done" for p in mine)):
            back = scripts[quitter].api.post(f"{url}/join")  # with their score
            assert [e["status"] for e in back["entries"]
                    if e["username"] == quitter] == ["active"]
            rejoined_after = max(p["id"] for p in mine)
            continue
        told = (rejoined_after is not None
                and any(p["id"] > rejoined_after and p["status"] == "done" for p in mine)
                and any(p["status"] == "done" for p in games_of("h6", now_state))
                and any(points >= 4 for row in rows.values()
                        for points in row["arena"]["per_game"])  # a doubled win: a streak
                and any(points in (3, 5) for points in rows[BERSERKER]["arena"]["per_game"])
                and len(done) >= 10)
        if told:
            break
        play_what_is_due(now_state, seen)

    # The arena's time is up (the beat's sweep, at its end) while a script is to move in a game
    # (so that game cannot end before the sweep): games running go on, and count. Not while two
    # bots play each other: their whole game would take long.
    def a_script_to_move():
        now_running = running(state())
        if any(all(p["username"] not in scripts for p in pairing["players"])
               for pairing in now_running):
            return None
        for pairing in now_running:
            game = pairing["game"]
            if game != first_game_of_absent and any(
                    name in scripts and scripts[name].api.get(f"/games/{game}")["legal_moves"]
                    for name in [p["username"] for p in pairing["players"]]):
                return game
        return None

    while not (waiting_at_end := a_script_to_move()):
        assert time.monotonic() < story_ends + 30, "no moment for the end"
        play_what_is_due(*world())
    ends_at = parse_datetime(state()["ends_at"])
    tournament_services.sweep(ends_at)
    assert state()["status"] == "running"
    assert waiting_at_end in [p["game"] for p in running(state())]
    paired_at_end = {p["id"] for p in state()["pairings"]}
    scripts[quitter].api.post(f"{url}/leave")
    scripts[quitter].api.post(f"{url}/join", status=409)  # nobody joins after the end
    # One read for both the test and the wait: a last game ending between two reads left the
    # wait watching a world in which nothing more would happen.
    def still_running(now):
        return [p["game"] for p in running(now[0])]

    while still_running(now := world()) != [first_game_of_absent]:
        assert time.monotonic() < story_ends + 60, "the last games did not end"
        play_what_is_due(*now)
    assert state()["status"] == "running"  # the no-show's game still runs
    # Time passes: the absent player's first-move clock runs out (the games' clock sweep).
    assert game_services.expire_overdue_games(ends_at + timedelta(hours=1)) == 1
    wait_until(lambda: state()["status"] == "finished", 30, "the arena's end")

    final = organiser.get(f"{url}/standings")
    assert final["final"] is True
    pairings = organiser.get(f"{url}/pairings")
    assert {p["id"] for p in pairings} == paired_at_end  # nobody was paired after the end
    assert all(p["status"] == "done" for p in pairings)
    games = {p["game"]: organiser.get(f"/games/{p['game']}") for p in pairings}
    logs = {game_id: organiser.get(f"/games/{game_id}/moves") for game_id in games}

    # The no-show's game: aborted by the games' rule, lost by them, counted as a no-show.
    no_show_game = games[first_game_of_absent]
    assert no_show_game["status"] == "aborted"
    (no_show,) = [p for q in pairings if q["game"] == first_game_of_absent
                  for p in q["players"] if p["username"] == absent]
    assert no_show["no_show"] is True
    entries = {e["username"]: e for e in state()["entries"]}
    assert (entries[absent]["no_shows"], entries[absent]["status"]) == (1, "active")
    assert entries["h6"]["late"] is True
    assert entries[quitter]["status"] == "withdrawn"
    assert sum(p["berserk"] for q in pairings for p in q["players"]) == len(
        scripts[BERSERKER].berserked)

    for pairing in pairings:
        names = [p["username"] for p in pairing["players"]]
        seated = sorted(s["username"] for s in games[pairing["game"]]["seats"])
        assert len(set(names)) == 2  # never oneself
        assert sorted(names) == seated
    spans = defaultdict(list)
    for game in games.values():
        for seat in game["seats"]:
            spans[seat["username"]].append((parse_datetime(game["created_at"]),
                                            parse_datetime(game["finished_at"])))
    for name, played in spans.items():
        played.sort()
        assert all(later[0] >= earlier[1] for earlier, later in zip(played, played[1:], strict=False)), name

    expected = recompute(pairings, games, logs)
    rows = final["rows"]
    assert len(rows) == 8
    assert {row["username"] for row in rows} == set(expected)
    for row in rows:
        points, per_game, wins, draws, losses, berserks, on_fire = expected[row["username"]]
        assert (row["points"], row["arena"]["per_game"], row["wins"], row["draws"],
                row["losses"], row["games"], row["arena"]["berserks"], row["arena"]["on_fire"]
                ) == (points, per_game, wins, draws, losses, len(per_game), berserks,
                      on_fire), row["username"]
        assert row["active"] is (row["username"] != quitter)
    assert any(p >= 4 for row in rows for p in row["arena"]["per_game"])  # a streak doubled
    assert max(row["games"] for row in rows) >= 3  # re-paired again and again
    assert {3, 5} & set(expected[BERSERKER][1])  # a berserk win with enough moves: +1
    order = [(-row["points"], -entries[row["username"]]["rating"], row["entry"]) for row in rows]
    assert order == sorted(order)
    assert [row["place"] for row in rows] == list(range(1, 9))
