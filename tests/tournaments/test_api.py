"""The tournaments REST API: every endpoint, every error code it documents, and a refused
request changes nothing."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.support.games import client_for, error_code
from tests.support.tournaments import new_tournament, started
from tournaments import services
from tournaments.models import AuditLog, Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db

BASE = "/api/v1/tournaments"


def snapshot():
    """Every tournament row a refused request must leave as it was."""
    return (
        list(Tournament.objects.values().order_by("id")),
        list(Entry.objects.values().order_by("id")),
        list(Pairing.objects.values().order_by("id")),
        AuditLog.objects.count(),
    )


def body(**options):
    options.setdefault("name", "Sunday swiss")
    options.setdefault("starts_at", (timezone.now() + timedelta(hours=2)).isoformat())
    options.setdefault("clock", {"kind": "realtime", "base_seconds": 300})
    return options


def test_create_then_read_it_back(alice):
    response = client_for(alice).post(BASE, body(rounds=4, password="sesame"), format="json")
    assert response.status_code == 201, response.json()
    created = response.json()
    assert (created["format"], created["rounds"], created["has_password"]) == ("swiss", 4, True)
    assert created["organiser"] is True
    assert created["standings"] == {"final": False, "rows": [], "count": 0, "page": 1, "pages": 1,
                                    "mine": None}
    assert Tournament.objects.get().password.startswith("md5$")  # hashed (tests' hasher)
    listed = client_for().get(BASE).json()
    assert [t["id"] for t in listed] == [created["id"]]
    assert client_for().get(f"{BASE}/{created['id']}").json()["organiser"] is False


@pytest.mark.parametrize(("options", "code"), [
    ({"format": "roundrobin"}, "invalid"),
    ({"starts_at": "tomorrow"}, "invalid"),
    ({"starts_at": "2001-01-01T00:00Z"}, "invalid"),
    ({"clock": {"kind": "none"}}, "invalid"),
    ({"format": "arena", "clock": {"kind": "correspondence", "days_per_move": 1}}, "invalid"),
    ({"format": "multi_swiss", "players_per_game": 2}, "invalid"),
    ({"format": "swiss", "best_of": 3}, "invalid"),
    ({"format": "knockout", "duplicate_deals": True}, "invalid"),
    ({"format": "multi_swiss", "placement_points": [0, 1, 2]}, "invalid"),
    ({"max_players": 1}, "invalid"),
    ({"max_players": 257}, "invalid"),  # a Swiss's cap
    ({"format": "knockout", "max_players": 257}, "invalid"),
    ({"format": "arena", "max_players": 2001}, "invalid"),  # an arena's
    ({"rated": True, "bots_allowed": True}, "bots_not_allowed_rated"),
])
def test_create_refusals_change_nothing(alice, options, code):
    before = snapshot()
    response = client_for(alice).post(BASE, body(**options), format="json")
    assert response.status_code in (400, 403), response.json()
    assert error_code(response) == code
    assert snapshot() == before


def test_an_arena_takes_up_to_2000_players_and_refuses_the_next(alice, make_user):
    created = client_for(alice).post(BASE, body(format="arena", max_players=2000), format="json")
    assert created.status_code == 201, created.json()
    tournament = Tournament.objects.get(pk=created.json()["id"])
    # 1,998 registered as rows (a join each would take minutes), then the last two join.
    User = get_user_model()
    crowd = User.objects.bulk_create(User(username=f"crowd{n}") for n in range(1998))
    Entry.objects.bulk_create(Entry(tournament=tournament, user=user) for user in crowd)
    for name in ("last", "one_too_many"):
        make_user(name)
    url = f"{BASE}/{tournament.pk}/join"
    assert client_for(User.objects.get(username="last")).post(url, {}, format="json").status_code == 200
    assert client_for(alice).post(url, {}, format="json").status_code == 200  # the 2,000th
    refused = client_for(User.objects.get(username="one_too_many")).post(url, {}, format="json")
    assert (refused.status_code, error_code(refused)) == (409, "full")
    assert Entry.objects.filter(tournament=tournament).count() == 2000


def test_create_needs_a_login():
    response = client_for().post(BASE, body(), format="json")
    assert response.status_code == 401
    assert not Tournament.objects.exists()


def test_the_list_filters_and_hides_invite_only_tournaments(alice, bob):
    swiss = new_tournament(alice)
    hidden = new_tournament(alice, visibility="invite", format="arena")
    assert [t["id"] for t in client_for(bob).get(BASE).json()] == [swiss.pk]
    mine = client_for(alice).get(BASE, {"tournament_format": "arena"}).json()
    assert [t["id"] for t in mine] == [hidden.pk]
    assert client_for(alice).get(BASE, {"status": "finished"}).json() == []
    assert error_code(client_for(alice).get(BASE, {"status": "sleeping"})) == "invalid"
    assert client_for(bob).get(f"{BASE}/{hidden.pk}").status_code == 404
    found = client_for(bob).get(f"{BASE}/{hidden.pk}", {"code": hidden.invite_code})
    assert found.status_code == 200
    assert found.json()["invite_code"] is None  # the organiser's alone
    assert client_for(alice).get(f"{BASE}/{hidden.pk}").json()["invite_code"] == hidden.invite_code


def test_join_and_leave_and_their_refusals(alice, bob, carol, dave):
    tournament = new_tournament(alice, password="sesame", max_players=2)
    url = f"{BASE}/{tournament.pk}"
    before = snapshot()
    assert error_code(client_for(bob).post(f"{url}/join", {"password": "nope"},
                                           format="json")) == "wrong_password"
    assert error_code(client_for().post(f"{url}/join", {}, format="json")) == "not_authenticated"
    assert error_code(client_for(bob).post(f"{url}/leave")) == "not_registered"
    assert snapshot() == before
    joined = client_for(bob).post(f"{url}/join", {"password": "sesame"}, format="json")
    assert joined.status_code == 200
    assert joined.json()["me"]["status"] == "active"
    assert error_code(client_for(bob).post(f"{url}/join", {"password": "sesame"},
                                           format="json")) == "already_registered"
    client_for(carol).post(f"{url}/join", {"password": "sesame"}, format="json")
    before = snapshot()
    full = client_for(dave).post(f"{url}/join", {"password": "sesame"}, format="json")
    assert (full.status_code, error_code(full)) == (409, "full")
    assert snapshot() == before
    left = client_for(carol).post(f"{url}/leave")
    assert left.status_code == 200
    assert left.json()["me"] is None
    assert [e["username"] for e in left.json()["entries"]] == ["bob"]


def test_an_invite_only_tournament_is_unknown_without_its_code(alice, bob):
    tournament = new_tournament(alice, visibility="invite")
    url = f"{BASE}/{tournament.pk}/join"
    assert error_code(client_for(bob).post(url, {}, format="json")) == "not_found"
    assert error_code(client_for(bob).post(url, {"code": "guess"}, format="json")) == "not_found"
    ok = client_for(bob).post(url, {"code": tournament.invite_code}, format="json")
    assert ok.status_code == 200
    assert client_for(bob).get(f"{BASE}/{tournament.pk}").status_code == 200  # a player now
    services.join(tournament.pk, alice)
    (listed,) = client_for(bob).get(BASE).json()
    assert listed["players"] == 2  # everyone's entry counts, not only the viewer's


def test_a_closed_knockout_refuses_joins(alice, bob, carol, dave):
    tournament = started(alice, [bob, carol], format="knockout")
    response = client_for(dave).post(f"{BASE}/{tournament.pk}/join", {}, format="json")
    assert (response.status_code, error_code(response)) == (409, "closed")


def test_the_reads_of_a_running_tournament(alice, bob, carol, dave):
    tournament = started(alice, [bob, carol, dave], rounds=2)
    url = f"{BASE}/{tournament.pk}"
    detail = client_for(bob).get(url).json()
    assert detail["status"] == "running"
    assert len(detail["pairings"]) == 2  # a game and a bye
    assert {p["kind"] for p in detail["pairings"]} == {"game", "bye"}
    rows = client_for().get(f"{url}/standings").json()
    assert rows["final"] is False
    assert len(rows["rows"]) == 3
    rounds = client_for().get(f"{url}/rounds").json()
    assert [r["number"] for r in rounds] == [1]
    assert rounds[0]["duplicate_deal"] is False
    assert client_for().get(f"{url}/pairings").json() == detail["pairings"]
    audit = client_for().get(f"{url}/audit").json()
    assert [row["action"] for row in audit] == ["start_tournament", "create_tournament"]
    assert audit[0]["summary"] == "started the tournament with 3 players"


def test_the_organisers_actions_and_their_refusals(alice, bob, carol):
    tournament = new_tournament(alice, bots_allowed=True)
    url = f"{BASE}/{tournament.pk}"
    services.join(tournament.pk, bob)
    before = snapshot()
    for action, payload in (("start", None), ("pause", {}), ("cancel", {}),
                            ("players/remove", {"username": "bob"}), ("bots", {"level": "random"})):
        response = client_for(bob).post(f"{url}/{action}", payload, format="json")
        assert (response.status_code, error_code(response)) == (403, "not_organiser"), action
    assert error_code(client_for(alice).post(f"{url}/start")) == "not_enough_players"
    assert error_code(client_for(alice).post(f"{url}/pause", {}, format="json")) == "wrong_state"
    assert error_code(client_for(alice).post(f"{url}/bots", {"level": "genius"},
                                             format="json")) == "invalid"
    assert error_code(client_for(alice).post(f"{url}/players/remove", {"username": "carol"},
                                             format="json")) == "not_registered"
    assert snapshot() == before
    added = client_for(alice).post(f"{url}/bots", {"level": "random"}, format="json").json()
    assert [e["is_bot"] for e in added["entries"]] == [False, True]
    started_now = client_for(alice).post(f"{url}/start")
    assert started_now.json()["status"] == "running"
    paused = client_for(alice).post(f"{url}/pause", {"reason": "lunch"}, format="json").json()
    assert paused["paused"] is True
    assert client_for(alice).post(f"{url}/resume", {}, format="json").json()["paused"] is False
    removed = client_for(alice).post(f"{url}/players/remove", {"username": "bob", "reason": "rude"},
                                     format="json").json()
    assert [e["status"] for e in removed["entries"] if e["username"] == "bob"] == ["removed"]
    cancelled = client_for(alice).post(f"{url}/cancel", {}, format="json").json()
    assert cancelled["status"] == "cancelled"
    assert error_code(client_for(alice).post(f"{url}/cancel", {}, format="json")) == "wrong_state"
    actions = [row["action"] for row in client_for().get(f"{url}/audit").json()]
    assert actions == ["cancel_tournament", "remove_player", "resume_tournament",
                       "pause_tournament", "start_tournament", "add_bot", "create_tournament"]


def test_bots_only_where_allowed(alice):
    tournament = new_tournament(alice)
    response = client_for(alice).post(f"{BASE}/{tournament.pk}/bots", {"level": "random"},
                                      format="json")
    assert (response.status_code, error_code(response)) == (403, "bots_not_allowed")
    assert not Entry.objects.exists()


def test_berserk_refusals(alice, bob, carol):
    swiss = started(alice, [bob, carol])
    assert error_code(client_for(bob).post(f"{BASE}/{swiss.pk}/berserk")) == "wrong_state"
    arena = started(alice, [bob, carol], format="arena")
    assert error_code(client_for(alice).post(f"{BASE}/{arena.pk}/berserk")) == "not_playing"
    assert client_for(bob).post(f"{BASE}/{arena.pk}/berserk").status_code == 200


def test_an_arena_player_comes_back_after_their_game_but_not_during_it(
        alice, bob, carol, django_capture_on_commit_callbacks):
    arena = started(alice, [bob, carol], format="arena")
    url = f"{BASE}/{arena.pk}"
    with django_capture_on_commit_callbacks(execute=False):
        client_for(bob).post(f"{url}/leave")  # the game's end not recorded yet
    during = client_for(bob).post(f"{url}/join", {}, format="json")
    assert (during.status_code, error_code(during)) == (409, "already_paired")
    services.record_game_result(Pairing.objects.get().table.game.pk)  # now it is
    back = client_for(bob).post(f"{url}/join", {}, format="json")
    assert back.status_code == 200
    assert back.json()["me"]["status"] == "active"


def test_unknown_ids_are_not_found(alice):
    for path in ("0", "999999", "999999/standings", "999999/rounds", "999999/pairings",
                 "999999/audit"):
        assert client_for(alice).get(f"{BASE}/{path}").status_code == 404, path
    assert error_code(client_for(alice).post(f"{BASE}/999999/join", {}, format="json")) == \
        "not_found"
