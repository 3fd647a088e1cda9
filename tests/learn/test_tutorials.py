"""The tutorials: scripted games the engine plays, served by /api/v1/tutorials (nothing stored)."""

import pytest
from rest_framework.test import APIClient

from azul.engine import state_from_dict
from learn.tutorials import TUTORIALS, Lesson, Runner

KEYS = sorted(TUTORIALS)


@pytest.fixture
def api():
    return APIClient()


@pytest.mark.parametrize("key", KEYS)
def test_every_scripted_move_is_legal_and_made_by_the_right_player(key):
    tutorial = TUTORIALS[key]
    state = state_from_dict(tutorial.start())
    for entry in tutorial.script:
        mover = tutorial.learner if isinstance(entry, Lesson) else 1 - tutorial.learner
        assert state.current_player == mover, entry
        move = state.check(entry.move, player=mover)
        assert move in state.legal_moves()
        state = state.apply(move)
    assert not state.is_over


def test_the_classic_tutorial_plays_a_whole_first_round():
    tutorial = TUTORIALS["classic"]
    final = Runner(tutorial).situation(len(tutorial.lessons))

    assert final.finished and final.state.round == 2
    assert final.state.current_player == tutorial.learner  # the marker's holder starts round 2


def test_the_duel_tutorial_covers_sun_moon_plates_and_chips_within_the_first_round():
    duel = TUTORIALS["duel"]
    kinds = {entry.move["type"] for entry in duel.lessons}
    final = Runner(duel).situation(len(duel.lessons))

    assert {"opening_plate", "sun", "moon", "take_plate", "chip"} <= kinds
    assert final.state.round == 1 and final.state.phase == "drafting"  # shorter: no tiling
    first_player = Runner(duel).situation(4).state.to_dict()["first_player_tile"]
    assert first_player == duel.learner
    assert final.state.to_dict()["boards"][duel.learner]["chips"] == ["yellow+red"]


@pytest.mark.parametrize("key", KEYS)
def test_playing_the_tutorial_through_the_api_reaches_its_end(api, key):
    position = api.get(f"/api/v1/tutorials/{key}").json()
    assert position["step"] == 0 and position["lesson"]["say"]
    while not position["finished"]:
        (move,) = position["game"]["legal_moves"]  # only the awaited move lights up
        state = state_from_dict(position["game"]["state"])
        assert state.check(move, player=position["you"]) in state.legal_moves()
        answer = api.post(
            f"/api/v1/tutorials/{key}/moves",
            {"step": position["step"], "move": move},
            format="json",
        )
        assert answer.status_code == 200, answer.json()
        following = answer.json()
        assert following["step"] == position["step"] + 1
        assert following["happened"][0]["who"] == "you"
        position = following
    assert position["finale"] and position["next"] and position["lesson"] is None
    assert position["game"]["legal_moves"] == []


def test_a_position_is_the_engines_replay_of_the_script(api):
    tutorial = TUTORIALS["classic"]
    body = api.get("/api/v1/tutorials/classic", {"step": 2}).json()

    state = state_from_dict(tutorial.start())
    for entry in tutorial.script[:4]:  # two lessons and the bot's two replies
        state = state.apply(entry.move)
    assert body["game"]["state"] == state.to_dict(public=True)
    assert "seed" not in body["game"]["state"]
    assert [note["who"] for note in body["happened"]] == ["you", "bot"]


def test_another_legal_move_is_refused_in_the_tutorials_words(api):
    body = api.get("/api/v1/tutorials/classic").json()
    state = state_from_dict(body["game"]["state"])
    awaited = body["game"]["legal_moves"][0]
    other = next(m.to_dict() for m in state.legal_moves() if m.to_dict() != awaited)

    refused = api.post("/api/v1/tutorials/classic/moves", {"step": 0, "move": other}, format="json")

    assert refused.status_code == 422
    error = refused.json()["error"]
    assert error["code"] == "tutorial_wrong_move"
    assert str(TUTORIALS["classic"].lessons[0].say) in error["detail"]


@pytest.mark.parametrize(
    "body, status, code",
    [
        ({"step": 0, "move": {"source": 0, "color": "white", "line": 0}}, 422, "illegal_move"),
        ({"step": 0, "move": {"source": 0, "color": "purple", "line": 0}}, 400, "invalid_move"),
        ({"step": 0, "move": "blue"}, 400, "invalid_move"),
        ({"step": 99, "move": {"source": 2, "color": "white", "line": 2}}, 400, "invalid"),
        ({"step": -1, "move": {"source": 2, "color": "white", "line": 2}}, 400, "invalid"),
        ({"move": {"source": 2, "color": "white", "line": 2}}, 400, "invalid"),
        ({"step": 5, "move": {"source": 2, "color": "white", "line": 2}}, 409, "tutorial_over"),
    ],
)
def test_bad_tutorial_moves_get_a_clear_error(api, body, status, code):
    refused = api.post("/api/v1/tutorials/classic/moves", body, format="json")

    assert refused.status_code == status, refused.json()
    assert refused.json()["error"]["code"] == code


def test_unknown_tutorials_and_steps(api):
    assert api.get("/api/v1/tutorials/chess").json()["error"]["code"] == "not_found"
    assert api.get("/api/v1/tutorials/chess").status_code == 404
    assert api.get("/api/v1/tutorials/classic", {"step": 6}).status_code == 400
    assert api.get("/api/v1/tutorials/classic", {"step": "x"}).status_code == 400


@pytest.mark.django_db
def test_a_signed_in_learner_needs_no_csrf_token_and_nothing_is_stored(client, alice):
    from games.models import Game, Table

    client.force_login(alice)
    client.handler.enforce_csrf_checks = True
    move = TUTORIALS["classic"].lessons[0].move
    answer = client.post(
        "/api/v1/tutorials/classic/moves", {"step": 0, "move": move}, content_type="application/json"
    )

    assert answer.status_code == 200
    assert Table.objects.count() == 0 and Game.objects.count() == 0
