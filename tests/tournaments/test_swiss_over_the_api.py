"""A whole Swiss over the public API, as scripts and bots play one: 8 players, 3 rounds.

The organiser creates it and enters two bots; five people join, one more after the start (a late
join); a player never makes their first move of round 1 (a no-show), another withdraws during
round 2; seven active players make a bye in rounds 1 and 3. Scripted players move through
`POST /games/{id}/moves` (and resign through the API when they have had enough), the bots play
their own turns on the embedded pool, every result reaches the tournament through the games'
signal, and each next round is paired when the last game of a round ends. The final standings
the API publishes must be those recomputed here from the games' own results (the games API),
by the rules of docs/tournaments.md.

Real commits (the bots' threads read what the scripts wrote); no time passes but the no-show's:
the clock sweep's service is run at a later moment once every other game of the round is over.
"""

import random
from collections import defaultdict
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as game_services
from kernel import dispatch
from tests.support.games import client_for

pytestmark = pytest.mark.django_db(transaction=True)

API = "/api/v1"
PATIENCE = {"h1": None, "h2": 4, "h3": 6, "h4": 3, "h5": 5, "h6": 4}  # own moves, then resign


def ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()


class Script:
    """A player's script: their client, and how many moves they play before resigning."""

    def __init__(self, user):
        self.name = user.username
        self.client = client_for(user)
        self.patience = PATIENCE[self.name]
        self.moves = defaultdict(int)  # game id -> moves made
        self.rng = random.Random(self.name)

    def play(self, game_id):
        """Move (or resign) if it is this player's turn in the game; True if they acted."""
        game = ok(self.client.get(f"{API}/games/{game_id}"))
        if game["status"] != "playing" or not game["legal_moves"]:
            return False
        if self.patience is not None and self.moves[game_id] >= self.patience:
            ok(self.client.post(f"{API}/games/{game_id}/resign"))
            return True
        move = self.rng.choice(game["legal_moves"])
        ok(self.client.post(f"{API}/games/{game_id}/moves",
                            {"move": move, "version": game["version"]}, format="json"))
        self.moves[game_id] += 1
        return True


def wait_for_bots():
    assert dispatch.BOT_TURNS.wait_idle(60), "the bots' turns did not finish"


def recompute(rounds, results):
    """The standings by docs/tournaments.md from the rounds' pairings and the games' results:
    {username: {points, games, wins, draws, losses, byes, game_points, buchholz, sb}}."""
    rows = defaultdict(lambda: {"points": 0.0, "games": 0, "wins": 0, "draws": 0, "losses": 0,
                                "byes": 0, "game_points": 0, "scored": []})
    everyone = {p["username"] for r in rounds for pairing in r["pairings"]
                for p in pairing["players"]}
    for round_ in rounds:
        seen = set()
        for pairing in round_["pairings"]:
            names = [p["username"] for p in pairing["players"]]
            seen.update(names)
            if pairing["kind"] == "bye":
                rows[names[0]]["points"] += 1
                rows[names[0]]["byes"] += 1
                rows[names[0]]["scored"].append((None, 1.0))
                continue
            game = results[pairing["game"]]
            index = {seat["username"]: seat["player_index"] for seat in game["seats"]}
            ranks, scores = game["result"]["ranks"], game["result"]["scores"]
            for name in names:
                other = next(n for n in names if n != name)
                mine, theirs = ranks[index[name]], ranks[index[other]]
                points = 0.5 if mine == theirs == 1 else 1.0 if mine == 1 else 0.0
                row = rows[name]
                row["points"] += points
                row["games"] += 1
                row["wins" if points == 1 else "draws" if points else "losses"] += 1
                row["game_points"] += scores[index[name]]
                row["scored"].append((other, points))
        for name in everyone - seen:  # an unplayed round: a virtual opponent, no points
            rows[name]["scored"].append((None, 0.0))
    for row in rows.values():
        row["buchholz"] = sum(row["points"] if other is None else rows[other]["points"]
                              for other, _ in row["scored"])
        row["sb"] = sum((row["points"] if other is None else rows[other]["points"]) * points
                        for other, points in row["scored"])
        del row["scored"]
    return rows


def test_a_whole_swiss_over_the_api_with_bots_a_late_join_a_withdrawal_a_bye_and_a_no_show(
        make_user):
    organiser = client_for(make_user("organiser"))
    people = {name: make_user(name) for name in PATIENCE}
    scripts = {name: Script(user) for name, user in people.items()}

    starts = (timezone.now() + timedelta(hours=1)).isoformat()
    created = ok(organiser.post(f"{API}/tournaments", {
        "name": "Club swiss", "format": "swiss", "rounds": 3, "bots_allowed": True,
        "clock": {"kind": "realtime", "base_seconds": 600, "increment_seconds": 5},
        "starts_at": starts}, format="json"), 201)
    url = f"{API}/tournaments/{created['id']}"
    for level in ("random", "greedy"):
        ok(organiser.post(f"{url}/bots", {"level": level}, format="json"))
    for name in ("h1", "h2", "h3", "h4", "h5"):
        ok(scripts[name].client.post(f"{url}/join", {}, format="json"))
    started = ok(organiser.post(f"{url}/start"))
    assert started["current_round"] == 1
    assert [p["kind"] for p in started["pairings"]].count("bye") == 1  # seven players
    late = ok(scripts["h6"].client.post(f"{url}/join", {}, format="json"))
    assert late["me"]["status"] == "active"
    assert [e["late"] for e in late["entries"] if e["username"] == "h6"] == [True]

    # Round 1's no-show: a person with a game who will never move in it.
    absent = next(p["username"] for pairing in started["pairings"] if pairing["kind"] == "game"
                  for p in pairing["players"] if p["username"] in scripts)
    quitter = None
    for _ in range(5000):
        wait_for_bots()
        state = ok(organiser.get(url))
        if state["status"] == "finished":
            break
        games = [p for p in state["pairings"] if p["kind"] == "game" and p["status"] == "playing"]
        if state["current_round"] == 2 and quitter is None:
            quitter = next(p["username"] for pairing in games for p in pairing["players"]
                           if p["username"] in scripts and p["username"] not in (absent, "h1"))
            ok(scripts[quitter].client.post(f"{url}/leave"))  # withdraws mid-game
            continue
        acted = False
        for pairing in games:
            for player in pairing["players"]:
                name = player["username"]
                if name in scripts and (name, state["current_round"]) != (absent, 1):
                    acted |= scripts[name].play(pairing["game"])
        if not acted and state["current_round"] == 1 and len(games) == 1:
            # Only the no-show's game is left: time passes, their first-move clock runs out.
            (waiting,) = games
            assert absent in [p["username"] for p in waiting["players"]]
            assert game_services.expire_overdue_games(timezone.now() + timedelta(hours=1)) == 1
    else:
        pytest.fail("the tournament never finished")
    wait_for_bots()

    final = ok(organiser.get(f"{url}/standings"))
    assert final["final"] is True
    rounds = ok(organiser.get(f"{url}/rounds"))
    assert [r["number"] for r in rounds] == [1, 2, 3]
    assert [sum(p["kind"] == "bye" for p in r["pairings"]) for r in rounds] == [1, 0, 1]
    by_name = {row["username"]: row for row in final["rows"]}
    assert len(by_name) == 8
    no_show = next(p for pairing in rounds[0]["pairings"] for p in pairing["players"]
                   if p["username"] == absent)
    assert (no_show["no_show"], no_show["points"]) == (True, 0)
    assert by_name[quitter]["active"] is False
    assert by_name["h6"]["late"] is True
    assert not any(p["username"] == "h6" for pairing in rounds[0]["pairings"]
                   for p in pairing["players"])
    assert not any(p["username"] == quitter for pairing in rounds[2]["pairings"]
                   for p in pairing["players"])

    results = {pairing["game"]: ok(organiser.get(f"{API}/games/{pairing['game']}"))
               for r in rounds for pairing in r["pairings"] if pairing["kind"] == "game"}
    assert any(game["status"] == "aborted" for game in results.values())  # the no-show's
    expected = recompute(rounds, results)
    for name, row in by_name.items():
        mine = expected[name]
        assert (row["points"], row["games"], row["wins"], row["draws"], row["losses"],
                row["byes"]) == (mine["points"], mine["games"], mine["wins"], mine["draws"],
                                 mine["losses"], mine["byes"]), name
        assert row["tiebreaks"] == {"buchholz": mine["buchholz"],
                                    "sonneborn_berger": mine["sb"],
                                    "game_points": mine["game_points"]}, name
    order = [(row["points"], row["tiebreaks"]["buchholz"], row["tiebreaks"]["sonneborn_berger"],
              row["tiebreaks"]["game_points"], row["rating"]) for row in final["rows"]]
    assert order == sorted(order, reverse=True)
    assert [row["place"] for row in final["rows"]] == list(range(1, 9))
