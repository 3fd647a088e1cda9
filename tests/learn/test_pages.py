"""The learn pages as Django renders them: rules with their pictures' data, tutorials, links."""

import json
import re

import pytest

from learn import pictures

pytestmark = pytest.mark.django_db

RULES = ("classic", "gray", "duel")


def embedded(page, element_id):
    start = page.index(f'<script id="{element_id}" type="application/json">')
    start = page.index(">", start) + 1
    return json.loads(page[start : page.index("</script>", start)])


@pytest.mark.parametrize("ruleset", RULES)
def test_rules_pages_have_data_for_every_picture_they_draw(client, ruleset):
    page = client.get(f"/learn/rules/{ruleset}/").content.decode()
    data = embedded(page, "rules-pictures")
    wanted = set(re.findall(r'data-picture="([a-z_]+)"', page))

    assert wanted, "the page has pictures"
    drawn_by_script_alone = {"legend", "objectives"}  # drawn from the components' own data
    assert wanted - drawn_by_script_alone <= set(data)
    for name in set(data):
        for view in ("state", "before", "after"):
            if view in data[name]:
                assert "seed" not in data[name][view], "pictures show public states only"


def test_the_worked_examples_show_the_engines_points(client):
    page = client.get("/learn/rules/classic/").content.decode()
    examples = pictures.classic_pictures()

    assert examples["scoring"]["points"] == 5  # a row of 3 and a column of 2, scored by the engine
    assert examples["floor"]["penalty"] == -4  # marker and two tiles: -1 -1 -2
    assert examples["end"]["bonus"] == {"rows": 1, "columns": 1, "colors": 1, "points": 19}
    assert "3 + 2 = <strong>5 points</strong>" in " ".join(page.split())
    assert "<strong>-4 points</strong>" in page
    end = examples["end"]
    assert end["score_before"] + end["placement"] + 19 == end["final"]
    assert f"<strong>{end['final']}</strong>" in page


def test_the_gray_example_lists_the_engines_legal_columns(client):
    page = client.get("/learn/rules/gray/").content.decode()
    columns = [m["column"] + 1 for m in pictures.gray_pictures()["columns"]["legal_moves"]]

    assert columns == [2, 4, 5]
    assert "column 2, column 4 and column 5." in page


def test_unknown_rules_and_tutorial_pages_are_404(client):
    assert client.get("/learn/rules/chess/").status_code == 404
    assert client.get("/learn/tutorial/chess/").status_code == 404


@pytest.mark.parametrize("key", ["classic", "duel"])
def test_tutorial_page_embeds_its_first_position(client, key):
    page = client.get(f"/learn/tutorial/{key}/").content.decode()
    position = embedded(page, "tutorial-position")

    assert position["tutorial"] == key
    assert position["step"] == 0
    assert len(position["game"]["legal_moves"]) == 1
    inline = re.findall(r'<script(?![^>]*(?:\bsrc=|type="application/json"))[^>]*>', page)
    assert inline == [], "no inline scripts (the CSP allows modules and JSON data only)"


def test_learning_is_linked_from_the_header_and_the_lobby(client):
    home = client.get("/").content.decode()
    lobby = client.get("/lobby/").content.decode()

    assert 'href="/learn/" data-testid="nav-learn"' in home
    assert 'href="/learn/tutorial/classic/"' in lobby
    assert 'href="/learn/"' in lobby
