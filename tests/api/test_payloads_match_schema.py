"""Every payload the API answers with validates against the OpenAPI schema component that
documents it: the payload builders (games.payloads, leagues.payloads, ...) and the response
serializers that describe them for the schema cannot drift apart unnoticed. The socket's game
state and lobby table are the same builders, checked against the same components."""

import jsonschema
import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from games import payloads, selectors
from games import services as games
from games.analysis_board.services import create_board
from leagues import services as leagues
from tests.puzzles.conftest import stored_puzzle
from tests.support.games import play_one
from tests.support.tournaments import started

pytestmark = pytest.mark.django_db



def _json_schema(node, components, seen=()):
    """An OpenAPI 3.0 schema as JSON Schema: $refs inlined, `nullable` as a null alternative."""
    if isinstance(node, list):
        return [_json_schema(item, components, seen) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        assert name not in seen, f"recursive schema {name}"
        return _json_schema(components[name], components, (*seen, name))
    converted = {key: _json_schema(value, components, seen) for key, value in node.items()
                 if key not in ("nullable", "readOnly", "writeOnly", "example", "description")}
    if node.get("nullable"):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def _validate(body, node, schema, where):
    components = schema["components"]["schemas"]
    try:
        jsonschema.validate(body, _json_schema(node, components))
    except jsonschema.ValidationError as error:
        pytest.fail(f"{where}: {error.message} at {list(error.absolute_path)}")


def _component(schema, name):
    return {"$ref": f"#/components/schemas/{name}"}


@pytest.fixture
def scenario(make_user):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    table = games.create_table(alice, players=3)
    games.join_table(table.pk, bob)
    games.join_table(table.pk, carol)
    running = games.start_table(table.pk, alice)
    play_one(running)
    duel_table = games.create_table(alice, ruleset="duel", rated=True)
    games.join_table(duel_table.pk, bob)
    finished = games.start_table(duel_table.pk, alice)
    games.resign(finished.pk, bob)
    league = leagues.create_league(alice, name="Spring")
    leagues.join_league(league.pk, bob)
    season = league.seasons.get()
    leagues.start_season(season.pk, alice)
    fixture = season.rounds.order_by("number").first().fixtures.first()
    tournament = started(alice, [alice, bob, carol], rounds=2)  # a game and a bye under way
    board = create_board(alice, game=finished.pk, at=0)  # resigned at once: the deal
    puzzle = stored_puzzle()
    return {
        "alice": alice, "running": running, "finished": finished, "table": table,
        "values": {
            "game_id": finished.pk, "table_id": table.pk, "league_id": league.pk,
            "season_id": season.pk, "fixture_id": fixture.pk, "username": "bob",
            "ladder": "duel", "key": "classic", "tournament_id": tournament.pk, "board_id": board.pk,
            "puzzle_id": puzzle.pk,
        },
    }  # fmt: skip


def test_every_get_answer_validates_against_its_documented_response(schema, scenario):
    client = Client()
    client.force_login(scenario["alice"])
    reached = set()
    for path, operations in schema["paths"].items():
        operation = operations.get("get")
        if operation is None or "{" in path and not all(
                name in scenario["values"] for name in _path_names(path)):
            continue
        url = path.format(**scenario["values"])
        response = client.get(url)
        if response.status_code != 200:
            continue
        documented = operation["responses"]["200"]["content"]["application/json"]["schema"]
        _validate(response.json(), documented, schema, url)
        reached.add(path)
    gets = {path for path, operations in schema["paths"].items() if "get" in operations}
    assert gets == reached, f"not reached with a 200: {sorted(gets - reached)}"


def _path_names(path):
    return [part[1:-1] for part in path.split("/") if part.startswith("{")]


def test_the_socket_payloads_are_the_documented_components(schema, scenario):
    running = selectors.get_game_with_players(scenario["running"].pk)
    _validate(payloads.game_payload(running, last_move=selectors.last_move(running)),
              _component(schema, "Game"), schema, "the socket's game state")
    finished = selectors.get_game_with_players(scenario["finished"].pk)
    _validate(payloads.game_payload(finished), _component(schema, "Game"), schema, "a game over")
    _validate(payloads.table_payload(selectors.get_table(scenario["table"].pk)),
              _component(schema, "Table"), schema, "the lobby's table")


def test_an_analysis_with_its_accuracies_is_the_documented_component(schema, make_user):
    from games.analysis import selectors as analyses
    from tests.analysis.factories import analysed_game

    game = analysed_game([make_user("alice"), make_user("bob")])
    payload = analyses.analysis_payload(*analyses.analysis_of(game.pk))
    assert payload["summary"][0]["accuracy"] is not None
    _validate(payload, _component(schema, "Analysis"), schema, "a finished analysis")


def test_an_error_answer_is_the_documented_error(schema, make_user):
    client = Client()
    response = client.get("/api/v1/games/999999")
    assert response.status_code == 404
    _validate(response.json(), _component(schema, "Error"), schema, "a 404")


def test_a_payload_off_its_schema_fails(schema):
    table = {"id": "seven"}
    with pytest.raises(pytest.fail.Exception, match="a broken payload"):
        _validate(table, _component(schema, "Table"), schema, "a broken payload")
