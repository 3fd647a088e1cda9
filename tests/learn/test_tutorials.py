"""The tutorials: scripted games the engine plays, served by /api/v1/tutorials (nothing stored)."""

import pytest
from rest_framework.test import APIClient

from azul.engine import apply_scored, move_previews, state_from_dict
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

    assert final.finished
    assert final.state.round == 2
    assert final.state.current_player == tutorial.learner  # the marker's holder starts round 2


def test_the_duel_tutorial_covers_sun_moon_plates_and_chips_in_its_drafting():
    duel = TUTORIALS["duel"]
    kinds = {entry.move["type"] for entry in duel.lessons}

    assert {"opening_plate", "sun", "moon", "take_plate", "chip"} <= kinds
    first_player = Runner(duel).situation(4).state.to_dict()["first_player_tile"]
    assert first_player == duel.learner
    chip_lesson = next(i for i, lesson in enumerate(duel.lessons) if lesson.move["type"] == "chip")
    after_chip = Runner(duel).situation(chip_lesson + 1).state.to_dict()
    assert after_chip["boards"][duel.learner]["chips"] == ["yellow+red"]


def test_the_duel_tutorial_replays_to_the_end_of_round_1_with_a_payment_a_tiling_and_the_objectives():
    duel = TUTORIALS["duel"]
    state = state_from_dict(duel.start())
    played = []  # (entry, the state it was played in, its scoring events)
    for entry in duel.script:
        mover = duel.learner if isinstance(entry, Lesson) else 1 - duel.learner
        move = state.check(entry.move, player=mover)
        assert move in state.legal_moves(), entry
        after, account = apply_scored(state, move)
        played.append((entry, state, account["scoring"]))
        state = after

    round_1 = [(entry, before) for entry, before, _events in played if before.round == 1]
    # Round 1 is played out: its drafting, then the learner's tiling decisions, as lessons.
    assert state.round == 2
    assert played[-1][1].round == 2
    tiling = [(entry, before) for entry, before in round_1 if before.phase == "tiling"]
    assert {entry.move["type"] for entry, _before in tiling} == {"place_tile", "pay_chips"}
    assert all(isinstance(entry, Lesson) for entry, _before in tiling)
    assert round_1[-1][0].move["type"] == "pay_chips"  # the round ends with it

    # The payment: two chips showing red complete line 4, whose red then scores in the dome.
    payment, before, events = next(p for p in played if p[0].move["type"] == "pay_chips")
    assert before.to_dict()["boards"][duel.learner]["chips"] == ["red", "yellow+red"]
    assert sorted(payment.move["chips"]) == ["red", "yellow+red"]
    placed = [e for e in events if e["type"] == "wall" and e["player"] == duel.learner]
    assert [(e["row"], e["color"], e["chips"]) for e in placed] == [(3, "red", 1)]
    assert state.to_dict()["boards"][duel.learner]["chips"] == []

    # The tiling choice: of the two wild cells the lit one scores 2, the other 1.
    tile, before, events = next(p for p in played if p[0].move["type"] == "place_tile")
    moves = before.legal_moves()
    points = [preview["points"] for preview in move_previews(before)]
    choices = {move.to_dict()["column"]: p for move, p in zip(moves, points, strict=True)}
    assert choices == {1: [2, 2], 3: [1, 1]}
    assert tile.move["column"] == 1
    assert events[0]["points"] == 2

    # The last lesson names this game's objectives and points at them on the board.
    closing = duel.lessons[-1]
    assert closing.spotlight == "objectives"
    assert played[-1][0] is closing
    for objective in state.to_dict()["objectives"]:
        assert f"{objective['tablet']}{objective['side']}" in str(closing.why)
    # ...and the learner's dome is as it says: the top-left corner plate holds its black and its
    # yellow, column 2 two tiles, no row 5 colours.
    grid = played[-1][1].to_dict()["boards"][duel.learner]["grid"]
    assert grid[0][1] == "black"
    assert grid[1][1] == "yellow"
    assert grid[0][0] is None
    assert grid[1][0] is None
    assert sum(row[1] is not None for row in grid) == 2
    assert max(len({tile for tile in row if tile and tile != "special"}) for row in grid) < 5
    assert {"tablet": 3, "side": "B"} in state.to_dict()["objectives"]


def test_only_the_first_tiling_move_of_a_duel_round_announces_the_rounds_end():
    duel = TUTORIALS["duel"]
    steps = [Runner(duel).situation(step) for step in range(len(duel.lessons) + 1)]
    notes = [note for situation in steps for note in situation.happened if note["who"] == "scoring"]
    round_ends = [note for note in notes if note["text"].startswith("Round 1 ends")]

    assert len(round_ends) == 1
    assert "dome" in round_ends[0]["text"]
    lines = [line["text"] for note in notes for line in note["scoring"]]
    assert "You: yellow to row 2 of the dome, +2 (2 down)" in lines
    assert "You: red to row 4 of the dome, +1 (no neighbour; 1 tile paid with chips)" in lines
    assert "You: 1 broken tile and the first-player tile, −3" in lines


@pytest.mark.parametrize("key", KEYS)
def test_playing_the_tutorial_through_the_api_reaches_its_end(api, key):
    position = api.get(f"/api/v1/tutorials/{key}").json()
    assert position["step"] == 0
    assert position["lesson"]["say"]
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
    assert position["finale"]
    assert position["next"]
    assert position["lesson"] is None
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
    ("body", "status", "code"),
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
    assert Table.objects.count() == 0
    assert Game.objects.count() == 0
