"""The leaving policy's ranking (games.outcome), on plain data."""

from games.outcome import competition_ranks, final_result


def board(score, full_rows=0):
    wall = [["blue"] * 5 if row < full_rows else [None] * 5 for row in range(5)]
    return {"score": score, "wall": wall}


def state(*boards):
    return {"players": len(boards), "boards": list(boards)}


def test_equal_keys_share_a_rank_and_the_next_rank_is_skipped():
    assert competition_ranks({0: 5, 1: 9, 2: 5, 3: 1}) == {1: 1, 0: 2, 2: 2, 3: 4}


def test_a_cut_short_game_ranks_stayers_by_score_then_rows_and_leavers_last_earliest_lowest():
    result = final_result(
        state(board(30), board(12, 1), board(12, 0), board(50)),
        None,
        leavers=[0, 3],
        ended_by="timeout",
    )
    assert result["ranks"] == [4, 1, 2, 3]
    assert result["winners"] == [1]
    assert result["leavers"] == [0, 3]
    assert result["scores"] == [30, 12, 12, 50]
    assert result["ended_by"] == "timeout"


def test_a_natural_end_keeps_the_engine_order_among_stayers():
    engine_result = {"scores": [40, 40, 10], "ranks": [1, 1, 3], "winners": [0, 1]}
    result = final_result(
        state(board(40), board(40), board(10)), engine_result, leavers=[0], ended_by="normal"
    )
    assert result["ranks"] == [3, 1, 2]
    assert result["winners"] == [1]
    assert result["engine_ranks"] == [1, 1, 3]


def test_without_leavers_the_engine_result_is_unchanged():
    engine_result = {"scores": [8, 20], "ranks": [2, 1], "winners": [1]}
    result = final_result(state(board(8), board(20)), engine_result, leavers=[], ended_by="normal")
    assert result["ranks"] == [2, 1]
    assert result["winners"] == [1]
    assert result["leavers"] == []
