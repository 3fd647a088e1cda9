"""Issue #38's defects on server-rendered pages (the browser ones: tests/e2e/test_table_*.py)."""

import re

import pytest

from games.bot_accounts import bot_account
from ratings.models import Rating

pytestmark = pytest.mark.django_db


def visible_text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_19_a_bot_is_named_once_on_the_leaderboard(client):
    bot = bot_account("random")
    Rating.objects.create(user=bot, ladder="classic-2p", rating=1200, games=40)
    text = visible_text(client.get("/leaderboard/classic-2p/").content.decode())
    assert "Random bot" in text
    assert "Random bot bot" not in text
