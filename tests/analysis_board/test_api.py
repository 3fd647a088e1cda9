"""The analysis board's API: boards from finished games and records, trees stored and shared,
every refusal with its code and nothing changed (docs/analysis-board.md)."""

import pytest

from games import replays
from games.analysis_board import services
from games.analysis_board.models import AnalysisBoard, BoardNode
from tests.analysis.factories import played_game
from tests.support.games import client_for, error_code

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_budget(settings):
    settings.BOARD_NODES = 300


def create(user, **body):
    return client_for(user).post("/api/v1/boards", body, format="json")


def board_url(board_id, tail=""):
    return f"/api/v1/boards/{board_id}{tail}"


def position(client, board_id, path):
    return client.post(board_url(board_id, "/position"), {"path": path}, format="json")


def two_moves(board_id):
    """A line of one move for each seat from the root (the first legal move each time)."""
    first = position(client_for(), board_id, []).json()
    second = position(client_for(), board_id, [first["legal_moves"][-1]]).json()
    assert second["state"]["current_player"] != first["state"]["current_player"]
    return [first["legal_moves"][-1], second["legal_moves"][0]]


def test_a_board_from_a_finished_game_shares_its_tree_by_link(alice, bob, carol):
    game = played_game([alice, bob])
    answer = create(alice, game=game.pk, at=6)
    assert answer.status_code == 201
    board = answer.json()
    assert len(board["id"]) >= 20
    assert board["url"] == f"/boards/{board['id']}/"
    assert board["nodes"] == [{"path": [], "comment": ""}]
    played = [record.move for record in replays.move_records(game)]
    assert board["game_line"] == played[6:]
    root = position(client_for(), board["id"], []).json()
    assert root["ply"] == 6
    assert root["state"] == replays.rebuild_states(game, upto=6)[-1].to_dict(public=True)
    assert root["state"].get("seed") is None
    assert root["legal_moves"]
    assert len(root["previews"]) == len(root["legal_moves"])
    line = two_moves(board["id"])
    assert position(client_for(), board["id"], line).json()["movers"] == [
        root["state"]["current_player"], 1 - root["state"]["current_player"]]
    nodes = [{"path": line, "comment": "Both seats moved: the centre is thin now."}]
    saved = client_for(alice).put(board_url(board["id"]), {"nodes": nodes, "title": "Round 1"}, format="json")
    assert saved.status_code == 200
    shared = client_for().get(board_url(board["id"])).json()  # anyone with the link, signed in or not
    assert shared["nodes"] == [{"path": [], "comment": ""}, {"path": line[:1], "comment": ""},
                               {"path": line, "comment": "Both seats moved: the centre is thin now."}]
    assert shared["title"] == "Round 1"
    assert shared["mine"] is False
    assert shared["owner"] == alice.username
    assert client_for(alice).get(board_url(board["id"])).json()["mine"] is True
    refused = client_for(carol).put(board_url(board["id"]), {"nodes": []}, format="json")
    assert refused.status_code == 403
    assert error_code(refused) == "forbidden"
    assert BoardNode.objects.filter(board_id=board["id"]).count() == 3


def test_a_running_game_is_refused_and_nothing_is_made(alice, bob):
    game = played_game([alice, bob], stop_after=8)
    answer = create(alice, game=game.pk, at=2)
    assert answer.status_code == 409
    assert error_code(answer) == "game_not_finished"
    assert not AnalysisBoard.objects.exists()


def test_a_player_of_a_running_rated_game_finds_the_board_closed(alice, bob, carol):
    finished = played_game([alice, bob])
    board = create(alice, game=finished.pk).json()
    rated = played_game([alice, carol], seed=3, stop_after=4)
    rated.table.rated = True
    rated.table.save(update_fields=["rated"])
    for answer in (create(alice, game=finished.pk),
                   client_for(alice).post(board_url(board["id"], "/evaluate"), {"path": []}, format="json"),
                   client_for(alice).put(board_url(board["id"]), {"nodes": []}, format="json")):
        assert answer.status_code == 409
        assert error_code(answer) == "playing_rated_game"
    assert AnalysisBoard.objects.count() == 1
    assert BoardNode.objects.filter(board_id=board["id"]).count() == 1
    # Anyone else may still evaluate that board's positions.
    assert client_for(bob).post(board_url(board["id"], "/evaluate"), {"path": []}, format="json").status_code == 200


def test_the_evaluation_is_the_judges_within_the_node_budget(alice, bob, settings):
    game = played_game([alice, bob])
    board = create(alice, game=game.pk, at=3).json()
    root = position(client_for(), board["id"], []).json()
    answer = client_for(alice).post(board_url(board["id"], "/evaluate"), {"path": []}, format="json")
    assert answer.status_code == 200
    verdict = answer.json()
    assert verdict["mover"] == root["state"]["current_player"]
    assert verdict["best"] in root["legal_moves"]
    assert verdict["line"][0] == verdict["best"]
    assert verdict["candidates"][0] == {"move": verdict["best"], "margin": verdict["margin"]}
    assert len(verdict["expected"]) == 2
    # Expected points: the judge's margin is the gap between the mover and the other player.
    mover, other = verdict["mover"], 1 - verdict["mover"]
    assert abs(verdict["expected"][mover] - verdict["expected"][other] - verdict["margin"]) <= 0.02
    assert verdict["budget"] == 300
    # The root's children are always made: at most the budget plus one per legal move.
    assert 0 < verdict["nodes"] <= 300 + len(root["legal_moves"])
    anonymous = client_for().post(board_url(board["id"], "/evaluate"), {"path": []}, format="json")
    assert anonymous.status_code == 401


def test_evaluations_are_throttled_per_account(alice, bob, settings, throttle_clock_held):
    settings.BOARD_EVALUATIONS_PER_MINUTE = 2
    settings.BOARD_NODES = 50
    board = create(alice, game=played_game([alice, bob]).pk).json()
    client = client_for(alice)
    for _ in range(2):
        assert client.post(board_url(board["id"], "/evaluate"), {"path": []}, format="json").status_code == 200
    refused = client.post(board_url(board["id"], "/evaluate"), {"path": []}, format="json")
    assert refused.status_code == 429
    assert error_code(refused) == "throttled"
    assert refused.json()["error"]["detail"].startswith("at most 2 evaluations a minute.")


def test_node_reads_are_throttled_per_account(alice, bob, settings, throttle_clock_held):
    settings.BOARD_POSITIONS_PER_MINUTE = 2
    board = create(alice, game=played_game([alice, bob]).pk).json()
    client = client_for(alice)
    for _ in range(2):
        assert position(client, board["id"], []).status_code == 200
    refused = position(client, board["id"], [])
    assert (refused.status_code, error_code(refused)) == (429, "throttled")
    assert refused.json()["error"]["detail"].startswith("at most 2 positions a minute.")


def test_bad_trees_are_refused_and_change_nothing(alice, bob):
    game = played_game([alice, bob])
    board = create(alice, game=game.pk, at=4).json()
    line = two_moves(board["id"])
    client = client_for(alice)
    assert client.put(board_url(board["id"]), {"nodes": [{"path": line, "comment": "kept"}]},
                      format="json").status_code == 200
    other_seat_again = [line[0], line[0]]  # the first move again, by the other seat: not legal there
    cases = [
        ({"nodes": [{"path": other_seat_again}]}, 422, "illegal_move"),
        ({"nodes": [{"path": [{"source": 42, "color": "mauve", "line": 9}]}]}, 422, "illegal_move"),
        ({"nodes": [{"path": line, "comment": "x" * (services.MAX_COMMENT + 1)}]}, 400, "tree_too_large"),
        ({"nodes": [{"path": [line[0]] * (services.MAX_DEPTH + 1)}]}, 400, "tree_too_large"),
        ({"nodes": [{"path": [{"n": i}]} for i in range(services.MAX_NODES + 1)]}, 400, "tree_too_large"),
        ({"nodes": "everything"}, 400, "invalid"),
        ({"nodes": [{"comment": "no path"}]}, 400, "invalid"),
        ({"nodes": [{"path": line}, {"path": line}]}, 400, "invalid"),
    ]
    for body, status, code in cases:
        answer = client.put(board_url(board["id"]), body, format="json")
        assert (answer.status_code, error_code(answer)) == (status, code), body
    kept = client_for().get(board_url(board["id"])).json()["nodes"]
    assert kept[-1] == {"path": line, "comment": "kept"}
    assert len(kept) == 3
    bad_path = position(client_for(), board["id"], [line[0], line[0]])
    assert (bad_path.status_code, error_code(bad_path)) == (422, "illegal_move")
    assert error_code(position(client_for(), board["id"], "nope")) == "invalid"


@pytest.mark.parametrize("board_id", ["nope", "x" * 33, "9" * 40])
def test_unknown_or_huge_ids_are_not_found(alice, board_id):
    for answer in (client_for().get(board_url(board_id)),
                   client_for(alice).put(board_url(board_id), {"nodes": []}, format="json"),
                   position(client_for(), board_id, []),
                   client_for(alice).post(board_url(board_id, "/evaluate"), {"path": []}, format="json")):
        assert answer.status_code == 404
        assert error_code(answer) == "not_found"
    for game_id in (999999, 2**63, "x"):
        answer = create(alice, game=game_id)
        assert answer.status_code == 404
        assert error_code(answer) == "not_found"
    assert client_for().get(f"/boards/{board_id}/").status_code == 404


def test_a_pasted_record_opens_a_board_and_a_malformed_one_is_refused(alice, bob):
    game = played_game([alice, bob], ruleset="duel", seed=5)
    record = replays.export_record(game)
    answer = create(alice, record=record, at=10)
    assert answer.status_code == 201
    board = answer.json()
    assert (board["game"], board["ruleset"], board["start"]) == (None, "duel", 10)
    assert [seat["username"] for seat in board["seats"]] == [alice.username, bob.username]
    root = position(client_for(), board["id"], []).json()
    assert root["state"] == replays.rebuild_states(game, upto=10)[-1].to_dict(public=True)
    broken_move = {**record, "moves": [{"move": {"type": "sun", "factory": 99}}] + record["moves"][1:]}
    for bad, status, code in [("a string", 400, "invalid"), ({**record, "seed": -1}, 400, "invalid"),
                              ({**record, "players": []}, 400, "invalid"), ({**record, "format": 7}, 400, "invalid"),
                              ({**record, "moves": [1, 2]}, 400, "invalid"), (broken_move, 422, "illegal_move")]:
        refused = create(alice, record=bad, at=3)
        assert (refused.status_code, error_code(refused)) == (status, code), bad
    too_far = create(alice, record=record, at=len(record["moves"]) + 1)
    assert error_code(too_far) == "invalid"
    assert AnalysisBoard.objects.count() == 1


def test_the_boards_are_in_the_openapi_schema():
    schema = client_for().get("/api/schema/?format=json").json()
    paths = schema["paths"]
    assert {"/api/v1/boards", "/api/v1/boards/{board_id}", "/api/v1/boards/{board_id}/position",
            "/api/v1/boards/{board_id}/evaluate"} <= set(paths)
    assert {"200", "401", "404", "409", "429"} <= set(paths["/api/v1/boards/{board_id}/evaluate"]["post"]["responses"])
