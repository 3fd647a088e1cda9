"""A name plus an invisible mark is not a new name: default-ignorable characters (variation
selectors, the combining grapheme joiner, Hangul fillers, Khmer and Mongolian invisibles, tags)
are refused in display names, and the look-alike fold drops them, so a name equal to another
player's once they are gone is taken."""

import importlib

import pytest
from django.apps import apps
from django.test import Client

from accounts import names
from accounts.models import NameClaim, User

pytestmark = pytest.mark.django_db

PASSWORD = "tile-drafting-42"
HIDDEN = "Display names may not contain direction or invisible formatting characters."
TOO_CLOSE = "That name is too close to another player's name."
MARKS = ["\ufe0f", "\ufe00", "\u034f", "\u17b4", "\u180b", "\u3164", "\u115f", "\U000e0100",
         "\u00ad", "\u2064", "\ufeff", "\U0001d173", "\U000e0041"]


def sign_up(username, display_name):
    response = Client().post(
        "/accounts/signup/",
        {"username": username, "display_name": display_name, "password1": PASSWORD,
         "password2": PASSWORD},
    )
    return response.context["form"].errors.get("display_name", []) if response.status_code == 200 else []


@pytest.fixture
def victim():
    return User.objects.create_user("victim", display_name="Tile Queen", password=PASSWORD)


@pytest.mark.parametrize("mark", MARKS, ids=lambda mark: f"U+{ord(mark):04X}")
def test_another_players_name_plus_an_invisible_mark_is_refused(victim, mark):
    for display_name in (f"victim{mark}", f"Tile Queen{mark}", f"Tile{mark} Queen"):
        assert sign_up("newcomer", display_name) == [HIDDEN], display_name
    assert not User.objects.filter(username="newcomer").exists()


@pytest.mark.parametrize("mark", MARKS, ids=lambda mark: f"U+{ord(mark):04X}")
def test_the_fold_drops_invisible_marks(mark):
    assert names.fold(f"Lena{mark}") == names.fold(f"Le{mark}na") == names.fold("lena")


def test_a_name_equal_to_another_once_normalised_is_refused():
    # Written before the rule (the admin, an old account): the mark does not make it another name.
    User.objects.create_user("older", display_name="Ｔｉｌｅ Ｑｕｅｅｎ\ufe0f\u3164", password=PASSWORD)

    assert sign_up("newcomer", "tile queen") == [TOO_CLOSE]
    assert sign_up("newcomer", "TiIe Queen") == [TOO_CLOSE]  # capital i for l
    assert sign_up("newcomer", "Tile Queen Bee") == []


def test_names_keep_the_joiners_words_and_emoji_need(victim):
    assert sign_up("newcomer", "👩\u200d👩\u200d👧 family") == []
    assert sign_up("other", "می\u200cخواهم") == []  # Persian, with a non-joiner
    assert sign_up("third", "victim\u200d") == [TOO_CLOSE]  # a joiner does not make a new name


def test_the_migration_folds_the_claims_again():
    older = User.objects.create_user("older", display_name="Tile Queen\ufe0f", password=PASSWORD)
    NameClaim.objects.filter(user=older, key=names.fold("Tile Queen")).update(key="tilequeen\ufe0f")

    migration = importlib.import_module("accounts.migrations.0007_refold_name_claims_without_ignorables")
    migration.refold_claims(apps, None)

    assert set(NameClaim.objects.filter(user=older).values_list("key", flat=True)) == {
        names.fold("older"), names.fold("Tile Queen")}
