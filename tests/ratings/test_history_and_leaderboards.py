"""Leaderboards, match history and the profile's rating sections: API and pages."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from ratings import services as ratings
from ratings.models import Rating
from tests.ratings.factories import finished_game, make_users
from tests.support.games import play_one, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def rated_series(users_per_game, start=None):
    """Finished rated games one minute apart, each rated as it ends; returns them oldest first."""
    start = start or timezone.now() - timedelta(days=1)
    games = []
    for number, (users, options) in enumerate(users_per_game):
        game = finished_game(
            users, rng_seed=number, finished_at=start + timedelta(minutes=number), **options
        )
        ratings.rate_game(game.pk)
        games.append(game)
    return games


def test_leaderboard_ranks_established_people_and_lists_provisional_ones_and_bots_apart(api):
    ann, ben, cid, bot = make_users("ann", "ben", "cid", "bot-x")
    bot.is_bot, bot.bot_level = True, "greedy"
    bot.save()
    Rating.objects.create(user=ann, ladder="classic-2p", rating=1610.4, games=25)
    Rating.objects.create(user=ben, ladder="classic-2p", rating=1702.6, games=40)
    Rating.objects.create(user=cid, ladder="classic-2p", rating=1800, games=3)
    Rating.objects.create(user=bot, ladder="classic-2p", rating=1550, games=20)
    Rating.objects.create(user=cid, ladder="classic-multi", rating=1400, games=30)

    body = api.get("/api/v1/leaderboards/classic-2p").json()
    assert [(e["rank"], e["username"], e["rating"]) for e in body["ranked"]] == [
        (1, "ben", 1703),
        (2, "ann", 1610),
    ]
    assert [(e["rank"], e["username"], e["is_bot"]) for e in body["bots"]] == [
        (1, "bot-x", True),
    ]
    assert [(e["rank"], e["username"], e["provisional"]) for e in body["provisional"]] == [
        (None, "cid", True),
    ]
    multi = api.get("/api/v1/leaderboards/classic-multi").json()
    assert [e["username"] for e in multi["ranked"]] == ["cid"]
    assert {ladder["key"] for ladder in api.get("/api/v1/leaderboards").json()} == {
        "classic-2p",
        "classic-multi",
        "duel",
    }
    missing = api.get("/api/v1/leaderboards/chess")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


def test_leaderboard_page(client):
    (ann,) = make_users("ann")
    Rating.objects.create(user=ann, ladder="classic-multi", rating=1490, games=2)
    assert client.get("/leaderboard/").status_code == 302
    page = client.get("/leaderboard/classic-multi/").content.decode()
    assert 'data-testid="provisional"' in page and "1490<span" in page
    assert client.get("/leaderboard/nope/").status_code == 404


def table_rows(page, testid):
    """The data-player values of the rows of the table `testid`, in order."""
    start = page.index(f'data-testid="{testid}"')
    end = page.index("</table>", start)
    return re.findall(r'data-player="([^"]+)"', page[start:end])


def test_leaderboard_page_ranks_people_and_lists_bots_in_their_own_table(client):
    ann, ben, bot = make_users("ann", "ben", "bot-strong")
    bot.is_bot, bot.bot_level = True, "strong"
    bot.save()
    Rating.objects.create(user=ann, ladder="classic-2p", rating=1610, games=25)
    Rating.objects.create(user=bot, ladder="classic-2p", rating=1900, games=300)
    Rating.objects.create(user=ben, ladder="classic-2p", rating=1500, games=21)

    page = client.get("/leaderboard/classic-2p/").content.decode()

    assert table_rows(page, "ranked") == ["ann", "ben"]
    assert table_rows(page, "bots") == ["bot-strong"]


def test_history_newest_first_paginated_and_filtered(api):
    ann, ben, cid, dot = make_users("ann", "ben", "cid", "dot")
    plan = [([ann, ben], {})] * 12 + [([ann, cid, dot], {"variant": "gray"})] * 6
    plan += [([ben, ann], {"rated": False})] * 3 + [([ann, ben], {"leavers": (0,)})]
    games = rated_series(plan)
    running = start_game(dot, ann)
    play_one(running)

    page1 = api.get("/api/v1/users/ann/games").json()
    assert page1["count"] == 23 and len(page1["results"]) == 20
    ids = [row["game"] for row in page1["results"]]
    assert ids[0] == running.pk and ids[1] == games[-1].pk
    assert ids[1:] == sorted(ids[1:], reverse=True)
    page2 = api.get(page1["next"]).json()
    assert len(page2["results"]) == 3 and page2["results"][-1]["game"] == games[0].pk

    top = page1["results"][0]
    assert (
        top["status"] == "playing" and top["outcome"] == "playing" and top["rating_delta"] is None
    )
    resigned = page1["results"][1]
    assert resigned["outcome"] == "loss" and resigned["rating_delta"] < 0
    me = next(p for p in resigned["players"] if p["me"])
    assert me["username"] == "ann" and me["left"] is True

    def games_for(**query):
        return [row["game"] for row in api.get("/api/v1/users/ANN/games", query).json()["results"]]

    assert set(games_for(ladder="classic-multi")) == {g.pk for g in games[12:18]}
    assert set(games_for(variant="gray")) == {g.pk for g in games[12:18]}
    assert set(games_for(opponent="CID")) == {g.pk for g in games[12:18]}
    assert games_for(result="playing") == [running.pk]
    wins = api.get("/api/v1/users/ann/games", {"result": "win", "ladder": "classic-2p"}).json()
    assert all(row["outcome"] == "win" and row["rank"] == 1 for row in wins["results"])
    casual = [
        r
        for r in page1["results"] + page2["results"]
        if not r["rated"] and r["status"] == "finished"
    ]
    assert len(casual) == 3 and all(row["rating_delta"] is None for row in casual)

    bad = api.get("/api/v1/users/ann/games", {"result": "maybe"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid"
    assert api.get("/api/v1/users/ann/games", {"ladder": "go"}).status_code == 400
    assert api.get("/api/v1/users/nobody/games").status_code == 404


def test_profile_api_and_ratings_history(api):
    ann, ben = make_users("ann", "ben")
    games = rated_series([([ann, ben], {})] * 3)
    profile = api.get("/api/v1/users/ann").json()
    assert profile["games_played"] == 3
    assert profile["ratings"] == [
        {
            "ladder": "classic-2p",
            "title": profile["ratings"][0]["title"],
            "rating": round(Rating.objects.get(user=ann).rating),
            "games": 3,
            "provisional": True,
        }
    ]
    assert profile["rating"] == profile["ratings"][0]["rating"]
    history = api.get("/api/v1/users/ann/ratings").json()[0]["history"]
    assert [point["game"] for point in history] == [g.pk for g in games]
    assert history[-1]["rating"] == Rating.objects.get(user=ann).rating


def test_profile_page_shows_ratings_chart_history_and_head_to_head(client):
    ann, ben, cid = make_users("ann", "ben", "cid")
    games = rated_series([([ann, ben], {})] * 3 + [([ann, ben, cid], {})])
    page = client.get("/u/ann/").content.decode()
    rating = Rating.objects.get(user=ann, ladder="classic-2p")
    assert f'data-testid="rating-classic-2p">{round(rating.rating)}<' in page
    assert 'data-testid="provisional-classic-2p"' in page
    assert 'data-testid="rating-chart-classic-2p"' in page and "<polyline" in page
    assert page.index(f'data-game="{games[-1].pk}"') < page.index(f'data-game="{games[0].pk}"')
    assert f'href="/games/{games[0].pk}/replay"' in page
    assert 'data-opponent="ben"' in page and 'data-opponent="cid"' in page
    filtered = client.get("/u/ann/", {"ladder": "classic-multi"}).content.decode()
    assert (
        f'data-game="{games[-1].pk}"' in filtered and f'data-game="{games[0].pk}"' not in filtered
    )


def test_profile_rating_chart_has_a_date_axis(client):
    ann, ben = make_users("ann", "ben")
    first_day = timezone.now().replace(year=2025, month=3, day=3, hour=12)
    for number, days in enumerate((0, 0, 6, 13)):
        game = finished_game(
            [ann, ben], rng_seed=number, finished_at=first_day + timedelta(days=days)
        )
        ratings.rate_game(game.pk)

    page = client.get("/u/ann/").content.decode()
    chart = page[page.rindex("<svg", 0, page.index('data-testid="rating-chart-classic-2p"')) :]
    chart = chart[: chart.index("</svg>")]
    axis = chart[chart.index('data-testid="date-axis"') : chart.index("</g>")]

    assert re.findall(r">(\d+ \w+)</text>", axis) == ["3 Mar", "9 Mar", "16 Mar"]
    assert "3 Mar 2025 to 16 Mar 2025" in chart


def test_rating_changes_show_as_whole_numbers_that_add_up_to_the_rating(client):
    ann, ben = make_users("ann", "ben")
    rated_series([([ann, ben], {})] * 5)

    page = client.get("/u/ann/").content.decode()
    shown = [int(text) for text in re.findall(r'data-testid="delta">([+-]\d+)</td>', page)]
    chart = page[page.index('data-testid="rating-chart-classic-2p"') :]

    assert len(shown) == 5
    assert 1500 + sum(shown) == Rating.objects.get(user=ann, ladder="classic-2p").shown
    assert not re.search(r'data-testid="delta">[+-]?\d+\.\d', page)
    assert re.search(r"<title>[^<]*game \d+: \d+ \([+-]\d+\)</title>", chart)
