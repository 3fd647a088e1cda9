"""The tournament pages: the list with its filters, the creation form (the service's refusals on
their fields), a tournament's page in each state, its buttons, and the organiser's actions,
refused to anyone else with nothing changed; a tournament game's page links back, and the
profile lists the tournaments played."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.support.games import client_for
from tests.support.tournaments import committed, entered, new_tournament, playing, started, win
from tournaments import payloads
from tournaments.models import AuditLog, Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def snapshot():
    return (list(Tournament.objects.values().order_by("id")),
            list(Entry.objects.values().order_by("id")),
            list(Pairing.objects.values().order_by("id")), AuditLog.objects.count())


def form(**fields):
    data = {"name": "Tuesday swiss", "format": "swiss", "ruleset": "classic", "variant": "standard",
            "clock_kind": "realtime", "minutes": 5, "increment": 3, "rounds": 4, "best_of": 1,
            "starts_at": (timezone.now() + timedelta(hours=3)).strftime("%Y-%m-%dT%H:%M"),
            "max_players": 32, "visibility": "public", "rated": "on"}
    data.update(fields)
    return {key: value for key, value in data.items() if value is not None}


def test_the_list_sorts_by_state_and_filters_by_format_and_game(alice, bob):
    soon = new_tournament(alice, name="Soon swiss")
    duel = new_tournament(alice, name="Duel arena", format="arena", ruleset="duel")
    running = started(alice, [alice, bob], name="Running swiss")
    page = Client().get("/tournaments/")
    assert page.status_code == 200
    upcoming, live = page.context["upcoming"], page.context["running"]
    assert [t.pk for t in upcoming] == [soon.pk, duel.pk]  # soonest first
    assert [t.pk for t in live] == [running.pk]
    assert b"data-countdown-to" in page.content
    assert b"create-tournament" not in page.content  # anonymous: no Create button
    assert [t.pk for t in Client().get("/tournaments/?format=arena").context["upcoming"]] == [duel.pk]
    games = Client().get("/tournaments/?game=duel").context
    assert [t.pk for t in games["upcoming"]] == [duel.pk]
    assert games["running"] == []
    assert b"create-tournament" in logged_in(bob).get("/tournaments/").content


def test_the_form_creates_a_tournament_through_the_service(alice):
    answer = logged_in(alice).post("/tournaments/new/", form(password="sesame", duplicate_deals="on"))
    created = Tournament.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == f"/tournaments/{created.pk}/"
    assert (created.format, created.rounds, created.clock_base_seconds, created.rated) == ("swiss", 4, 300, True)
    assert created.duplicate_deals
    assert created.password
    assert created.created_by == alice


def test_the_form_sends_only_what_the_format_takes(alice):
    logged_in(alice).post("/tournaments/new/", form(format="knockout", best_of=3, rounds=7,
                                                     duplicate_deals="on"))
    knockout = Tournament.objects.get()
    assert (knockout.best_of, knockout.rounds, knockout.duplicate_deals) == (3, None, False)


@pytest.mark.parametrize(("fields", "field", "words"), [
    ({"rated": "on", "bots_allowed": "on"}, "bots_allowed", "rated tournament cannot allow bots"),
    ({"format": "arena", "clock_kind": "correspondence", "days_per_move": 2}, "clock_kind", "realtime"),
    ({"starts_at": "2001-01-01T10:00"}, "starts_at", "starts_at must be"),
    ({"format": "multi_swiss", "players_per_game": 4, "max_players": 3}, "max_players", "fill"),
    ({"ruleset": "duel", "format": "multi_swiss"}, "__all__", "players must be 2"),
])
def test_a_refusal_of_the_service_shows_on_its_field_and_creates_nothing(alice, fields, field, words):
    answer = logged_in(alice).post("/tournaments/new/", form(**fields))
    assert answer.status_code == 200
    errors = answer.context["form"].errors
    assert field in errors, errors
    assert words in errors[field][0]
    assert b"field-error" in answer.content or b"form-errors" in answer.content
    assert Tournament.objects.count() == 0


def test_the_form_is_for_signed_in_people():
    assert Client().get("/tournaments/new/").status_code == 302


def test_a_tournament_page_before_the_start(alice, bob):
    tournament = entered(alice, [bob], password="sesame")
    page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Log in</a> to join" in page
    assert 'data-testid="organiser-panel"' not in page
    assert 'data-countdown-to' in page
    assert f'data-tournament-id="{tournament.pk}"' in page
    mine = logged_in(bob).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'data-testid="leave"' in mine
    assert "Leave" in mine
    organiser = logged_in(alice).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'data-testid="start-now"' in organiser
    assert 'data-testid="join-password"' in organiser
    assert 'data-testid="audit-log"' in organiser


def test_joining_with_and_without_the_password(alice, bob):
    tournament = new_tournament(alice, password="sesame")
    client = logged_in(bob)
    client.post(f"/tournaments/{tournament.pk}/join/", {"password": "wrong"})
    assert not Entry.objects.filter(user=bob).exists()
    answer = client.get(f"/tournaments/{tournament.pk}/")
    assert "needs its password" in answer.content.decode()  # the refusal, as a message
    client.post(f"/tournaments/{tournament.pk}/join/", {"password": "sesame"})
    assert Entry.objects.get(user=bob).tournament == tournament
    client.post(f"/tournaments/{tournament.pk}/leave/")
    assert not Entry.objects.filter(user=bob).exists()


def test_an_invite_only_tournament_is_unknown_without_its_code(alice, bob):
    tournament = new_tournament(alice, visibility="invite")
    assert logged_in(bob).get(f"/tournaments/{tournament.pk}/").status_code == 404
    assert logged_in(bob).post(f"/tournaments/{tournament.pk}/join/").status_code == 404
    client = logged_in(bob)
    assert client.get(f"/tournaments/{tournament.pk}/?code={tournament.invite_code}").status_code == 200
    client.post(f"/tournaments/{tournament.pk}/join/")  # the code was kept in the session
    assert Entry.objects.filter(user=bob, tournament=tournament).exists()


def test_a_running_tournament_shows_standings_and_pairings(alice, bob, carol):
    tournament = started(alice, [alice, bob, carol], name="Three")
    pairing = playing(tournament)[0]
    page = logged_in(carol).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Round 1 of 5" in page
    assert 'data-testid="standings"' in page
    assert 'data-testid="featured-game"' in page
    assert f"/tables/{pairing.table_id}/" in page
    assert "bye" in page  # three players: one bye
    assert 'data-testid="leave"' in page
    assert "Withdraw" in page


@pytest.mark.parametrize("action", ["start", "pause", "resume", "cancel", "players/remove"])
def test_an_organiser_action_by_someone_else_is_refused_and_changes_nothing(alice, bob, carol, action):
    if action in ("pause", "resume"):
        tournament = started(alice, [bob, carol])
        if action == "resume":
            logged_in(alice).post(f"/tournaments/{tournament.pk}/pause/")
    else:
        tournament = entered(alice, [bob, carol])
    before = snapshot()
    client = logged_in(bob)
    answer = client.post(f"/tournaments/{tournament.pk}/{action}/", {"username": "carol"})
    assert answer.status_code == 302
    assert snapshot() == before
    assert "only the tournament&#x27;s organiser" in client.get(f"/tournaments/{tournament.pk}/").content.decode()


def test_the_organiser_starts_pauses_resumes_removes_and_cancels(alice, bob, carol, dave):
    tournament = entered(alice, [bob, carol, dave])
    client = logged_in(alice)
    url = f"/tournaments/{tournament.pk}"
    client.post(f"{url}/start/")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    client.post(f"{url}/pause/", {"reason": "tea"})
    assert Tournament.objects.get().paused
    client.post(f"{url}/resume/")
    assert not Tournament.objects.get().paused
    client.post(f"{url}/players/remove/", {"username": "dave", "reason": "asked"})
    assert Entry.objects.get(user=dave).status == Entry.Status.REMOVED
    client.post(f"{url}/cancel/", {"reason": "rain"})
    assert Tournament.objects.get().status == Tournament.Status.CANCELLED
    log = client.get(f"{url}/").content.decode()
    assert "rain" in log
    assert "tea" in log


def test_a_tournament_game_links_back_and_the_profile_lists_the_place(
        alice, bob, django_capture_on_commit_callbacks):
    tournament = started(alice, [alice, bob], name="Final four", rounds=1)
    pairing = playing(tournament)[0]
    table = logged_in(bob).get(f"/tables/{pairing.table_id}/").content.decode()
    assert 'data-testid="tournament-game-link"' in table
    assert "round 1" in table
    assert f"/tournaments/{tournament.pk}/" in table
    with committed(django_capture_on_commit_callbacks):
        win(pairing, bob)
    assert Tournament.objects.get().status == Tournament.Status.FINISHED
    profile = Client().get("/u/bob/").content.decode()
    assert 'data-testid="profile-tournaments"' in profile
    assert "1st of 2" in profile
    assert "🏆" in profile
    assert "2nd of 2" in Client().get("/u/alice/").content.decode()
    finished = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'data-testid="trophy"' in finished


def test_an_arena_player_goes_berserk_from_the_page_once(alice, bob, carol):
    from tournaments.models import PairingPlayer

    arena = started(carol, [alice, bob], name="Blitz", format="arena", duration_minutes=30)
    client = logged_in(alice)
    page = client.get(f"/tournaments/{arena.pk}/").content.decode()
    assert 'data-testid="berserk"' in page
    client.post(f"/tournaments/{arena.pk}/berserk/")
    assert PairingPlayer.objects.get(entry__user=alice).berserk
    again = client.get(f"/tournaments/{arena.pk}/").content.decode()
    assert 'data-testid="berserk"' not in again  # once a game
    swiss = started(carol, [alice, bob], name="Not an arena")
    before = snapshot()
    client.post(f"/tournaments/{swiss.pk}/berserk/")
    assert snapshot() == before
    assert "berserk is an arena" in client.get(f"/tournaments/{swiss.pk}/").content.decode()


def test_a_knockout_match_shows_each_players_wins(alice, bob, carol, django_capture_on_commit_callbacks):
    knockout = started(carol, [alice, bob], name="Best of three", format="knockout", best_of=3)
    first = playing(knockout)[0]
    with committed(django_capture_on_commit_callbacks):
        win(first, alice)
    page = logged_in(carol).get(f"/tournaments/{knockout.pk}/")
    seats = {seat["username"]: seat["match_wins"] for p in page.context["pairings"] for seat in p["players"]}
    assert seats == {"alice": 1, "bob": 0}
    assert 'class="match-wins"' in page.content.decode()


def test_long_standings_come_a_page_at_a_time_with_a_link_to_ones_own_place(alice):
    tournament = new_tournament(alice, name="Big arena", format="arena", max_players=2000)
    User = get_user_model()
    crowd = User.objects.bulk_create(User(username=f"crowd{n:02}") for n in range(60))
    Entry.objects.bulk_create(Entry(tournament=tournament, user=user, seed_rating=2000 - n)
                              for n, user in enumerate(crowd))  # rows: a join each is slow
    url = f"/tournaments/{tournament.pk}/"
    first = Client().get(url).content.decode()
    assert first.count('data-entry="crowd') == 50
    assert 'data-entry="crowd49"' in first
    assert 'data-entry="crowd50"' not in first
    assert "Page 1 of 2" in first
    assert 'href="?page=2#standings-title"' in first
    assert 'data-testid="my-place"' not in first  # nobody's own row to find
    second = Client().get(url, {"page": 2}).content.decode()
    assert second.count('data-entry="crowd') == 10
    assert 'data-entry="crowd50"' in second
    assert '<td class="place">51</td>' in second
    assert Client().get(url, {"page": 99}).content.decode().count('data-entry="crowd') == 10
    mine = logged_in(User.objects.get(username="crowd55")).get(url).content.decode()
    assert 'data-testid="my-place">My place: 56</a>' in mine

    api = client_for().get(f"/api/v1/tournaments/{tournament.pk}/standings", {"page": 2}).json()
    assert (api["count"], api["page"], api["pages"], api["mine"]) == (60, 2, 2, None)
    assert [row["place"] for row in api["rows"]] == list(range(51, 61))
    own = client_for(User.objects.get(username="crowd55")).get(
        f"/api/v1/tournaments/{tournament.pk}/standings", {"page": "first"}).json()
    assert (own["page"], own["mine"]) == (1, {"place": 56, "page": 2})
    live = payloads.live_payload(tournament.pk)["standings"]  # the same for every socket
    assert (len(live["rows"]), live["count"], live["page"], live["mine"]) == (50, 60, 1, None)
