"""The leaderboard as chromium lays it out: every header sits over its column's figures."""

from datetime import timedelta

import pytest
from django.utils import timezone

from ratings.models import Rating
from tests.ratings.factories import make_users

pytestmark = pytest.mark.requires("browser")

# For each cell, where its text starts and ends on screen (a Range hugs the text itself, unlike
# the cell's box, which is as wide as the column whatever the alignment).
TEXT_EDGES = """
(table) => [...table.rows].map((row) => [...row.cells].map((cell) => {
  const range = document.createRange();
  range.selectNodeContents(cell);
  const box = range.getBoundingClientRect();
  return [box.left, box.right];
}))
"""


def assert_headers_over_their_columns(page, testid):
    rows = page.get_by_test_id(testid).evaluate(TEXT_EDGES)
    header, body = rows[0], rows[1:]
    assert body, f"the {testid} table has rows"
    numeric = {0, 2, 3}  # #, Rating, Games: right-aligned; Player: left-aligned
    for column, (left, right) in enumerate(header):
        for row in body:
            if column in numeric:
                assert abs(row[column][1] - right) <= 1.5, (testid, column, row, header)
            else:
                assert abs(row[column][0] - left) <= 1.5, (testid, column, row, header)


def test_leaderboard_headers_line_up_with_their_columns_and_tables_with_each_other(
    page, live_daphne
):
    ann, ben, cid, bot = make_users("ann", "ben", "cid", "bot-greedy")
    bot.is_bot, bot.bot_level = True, "greedy"
    bot.save()
    recently = timezone.now() - timedelta(days=1)
    Rating.objects.create(user=ann, ladder="classic-2p", rating=1702.6, deviation=61, games=40,
                          last_rated_at=recently)
    Rating.objects.create(user=ben, ladder="classic-2p", rating=1510.4, deviation=104, games=25,
                          last_rated_at=recently)
    Rating.objects.create(user=cid, ladder="classic-2p", rating=1488, games=3, last_rated_at=recently)
    Rating.objects.create(user=bot, ladder="classic-2p", rating=1650, deviation=45, games=120)

    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_daphne.url}/leaderboard/classic-2p/")
        for testid in ("ranked", "bots"):
            assert_headers_over_their_columns(page, testid)
        # The tables share their column widths: "Rating" sits at the same place in each.
        rating_edges = {
            round(page.get_by_test_id(testid).evaluate(TEXT_EDGES)[0][2][1])
            for testid in ("ranked", "bots")
        }
        assert len(rating_edges) == 1, rating_edges
        assert page.evaluate("document.documentElement.scrollWidth") <= width
