"""The user model's own guarantees, enforced by the database."""

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction

from accounts.bots import BOT_LEVELS
from accounts.models import User

pytestmark = pytest.mark.django_db


def test_usernames_are_unique_ignoring_case_in_the_database():
    User.objects.create(username="Pawel")

    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="PAWEL")


def test_only_bots_have_a_bot_level():
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="human", bot_level="greedy")


def test_ensure_bots_creates_one_bot_per_level_once(capsys):
    call_command("ensure_bots")
    call_command("ensure_bots")

    bots = User.objects.filter(is_bot=True).order_by("username")
    assert [(bot.username, bot.bot_level) for bot in bots] == sorted(
        (f"bot-{level}", level) for level in BOT_LEVELS
    )
    assert not any(bot.has_usable_password() for bot in bots)
    assert "bot-random, bot-greedy, bot-strong" in capsys.readouterr().out
