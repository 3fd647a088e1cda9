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


def settled(user, ladder, rating, *, deviation=80, days_ago=1, games=30):
    return Rating.objects.create(
        user=user, ladder=ladder, rating=rating, deviation=deviation, games=games,
        volatility=0.06 if ladder != "classic-multi" else None,
        last_rated_at=timezone.now() - timedelta(days=days_ago))


def test_leaderboard_lists_settled_active_people_and_the_bots_apart(api):
    ann, ben, cid, dan, bot = make_users("ann", "ben", "cid", "dan", "bot-x")
    bot.is_bot, bot.bot_level = True, "greedy"
    bot.save()
    settled(ann, "classic-2p", 1610.4)
    settled(ben, "classic-2p", 1702.6, deviation=109.9)
    settled(cid, "classic-2p", 1800, deviation=110)  # provisional: not listed
    settled(dan, "classic-2p", 1900, days_ago=31)  # away for a month: not listed
    settled(bot, "classic-2p", 1550, deviation=40)
    settled(cid, "classic-multi", 1400)

    body = api.get("/api/v1/leaderboards/classic-2p").json()
    assert [(e["rank"], e["username"], e["rating"], e["deviation"], e["provisional"])
            for e in body["ranked"]] == [(1, "ben", 1703, 110, False), (2, "ann", 1610, 80, False)]
    assert [(e["rank"], e["username"], e["is_bot"]) for e in body["bots"]] == [
        (1, "bot-x", True),
    ]
    assert "provisional" not in body
    multi = api.get("/api/v1/leaderboards/classic-multi").json()
    assert [e["username"] for e in multi["ranked"]] == ["cid"]
    assert {ladder["key"] for ladder in api.get("/api/v1/leaderboards").json()} == {
        "classic-2p",
        "classic-multi",
        "duel",
    }
    missing = api.get("/api/v1/leaderboards/chess")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"


def test_leaderboard_page(client):
    ann, ben = make_users("ann", "ben")
    settled(ann, "classic-multi", 1734.4, deviation=92.2)
    settled(ben, "classic-multi", 1490, deviation=300)
    assert client.get("/leaderboard/").status_code == 302
    page = client.get("/leaderboard/classic-multi/").content.decode()
    assert table_rows(page, "ranked") == ["ann"]
    assert "1,734" in page
    assert "± 92" in page
    french = client.get("/leaderboard/classic-multi/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1\xa0734" in french  # French groups thousands with a space
    assert "± 92" in french
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
    settled(ann, "classic-2p", 1610)
    settled(bot, "classic-2p", 1900, games=300)
    settled(ben, "classic-2p", 1500)

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
    assert page1["count"] == 23
    assert len(page1["results"]) == 20
    ids = [row["game"] for row in page1["results"]]
    assert ids[0] == running.pk
    assert ids[1] == games[-1].pk
    assert ids[1:] == sorted(ids[1:], reverse=True)
    page2 = api.get(page1["next"]).json()
    assert len(page2["results"]) == 3
    assert page2["results"][-1]["game"] == games[0].pk

    top = page1["results"][0]
    assert (
        top["status"] == "playing"
    )
    assert (
        top["outcome"] == "playing"
    )
    assert (
        top["rating_delta"] is None
    )
    resigned = page1["results"][1]
    assert resigned["outcome"] == "loss"
    assert resigned["rating_delta"] < 0
    me = next(p for p in resigned["players"] if p["me"])
    assert me["username"] == "ann"
    assert me["left"] is True

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
    assert len(casual) == 3
    assert all(row["rating_delta"] is None for row in casual)

    bad = api.get("/api/v1/users/ann/games", {"result": "maybe"})
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "invalid"
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
            "deviation": round(Rating.objects.get(user=ann).deviation),
            "volatility": Rating.objects.get(user=ann).volatility,
            "games": 3,
            "provisional": True,
        }
    ]
    assert 0.08 < profile["ratings"][0]["volatility"] < 0.1
    assert profile["rating"] == profile["ratings"][0]["rating"]
    assert profile["rating_deviation"] == profile["ratings"][0]["deviation"]
    assert profile["rating_provisional"] is True
    ladders = api.get("/api/v1/users/ann/ratings").json()
    history = ladders[0]["history"]
    assert [point["game"] for point in history] == [g.pk for g in games]
    assert history[-1]["rating"] == Rating.objects.get(user=ann).rating
    assert history[-1]["deviation"] == Rating.objects.get(user=ann).deviation
    assert history[0]["deviation"] > history[-1]["deviation"]


def test_profile_page_shows_ratings_chart_history_and_head_to_head(client):
    ann, ben, cid = make_users("ann", "ben", "cid")
    games = rated_series([([ann, ben], {})] * 3 + [([ann, ben, cid], {})])
    page = client.get("/u/ann/").content.decode()
    rating = Rating.objects.get(user=ann, ladder="classic-2p")
    assert f'data-testid="rating-classic-2p">{round(rating.rating):,}<abbr' in page
    assert f"± {round(rating.deviation)}</span>" in page
    assert 'data-testid="provisional-classic-2p"' in page
    assert 'data-testid="rating-chart-classic-2p"' in page
    assert "<polyline" in page
    assert 'data-testid="rating-band"' in page
    assert page.index(f'data-game="{games[-1].pk}"') < page.index(f'data-game="{games[0].pk}"')
    assert f'href="/games/{games[0].pk}/replay"' in page
    assert 'data-opponent="ben"' in page
    assert 'data-opponent="cid"' in page
    filtered = client.get("/u/ann/", {"ladder": "classic-multi"}).content.decode()
    assert (
        f'data-game="{games[-1].pk}"' in filtered
    )
    assert (
        f'data-game="{games[0].pk}"' not in filtered
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
    assert re.search(r"<title>[^<]*game \d+: \d+ \([+-]\d+\) ± \d+</title>", chart)


def test_the_chart_s_coordinates_have_no_decimal_commas_in_french(client):
    ann, ben = make_users("ann", "ben")
    rated_series([([ann, ben], {})] * 4)
    page = client.get("/u/ann/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    chart = page[page.index('data-testid="rating-chart-classic-2p"'):]
    chart = chart[: chart.index("</svg>")]
    for value in re.findall(r' (?:x|y|x1|x2|y1|y2|cx|cy)="([^"]*)"', chart):
        float(value)  # "12,5" would raise
    for points in re.findall(r' points="([^"]*)"', chart):
        for pair in points.split():
            x, y = pair.split(",")  # exactly one comma: between x and y
            float(x), float(y)
