"""Arena (tournaments.pairing.arena_pairs, arena_score): lichess' scoring, and pairing whoever
is free without their last opponent."""

import itertools

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import (
    ArenaGame,
    ArenaPlayer,
    ArenaScore,
    ArenaState,
    PairingError,
    arena_pairs,
    arena_score,
    arena_step,
)
from tournaments.pairing.arena import GROUP, OUTCOME_POINTS, RECENT_GAMES

WIN, DRAW, LOSS = ArenaGame("win", moves=20), ArenaGame("draw", moves=20), ArenaGame("loss", moves=20)


def berserk(outcome, moves=20):
    return ArenaGame(outcome, berserk=True, moves=moves)


def test_wins_draws_and_losses_score_two_one_nothing():
    assert arena_score([WIN, DRAW, LOSS, WIN]) == ArenaScore(total=5, per_game=(2, 1, 0, 2), on_fire=False)
    assert arena_score([]) == ArenaScore(total=0, per_game=(), on_fire=False)


def test_two_wins_in_a_row_double_every_next_game_until_one_is_not_a_win():
    # lichess' own example: two wins then a draw are worth 2 + 2 + 2.
    assert arena_score([WIN, WIN, DRAW]) == ArenaScore(6, (2, 2, 2), on_fire=False)
    assert arena_score([WIN, WIN]) == ArenaScore(4, (2, 2), on_fire=True)
    assert arena_score([WIN, WIN, WIN, WIN, LOSS, WIN]) == ArenaScore(14, (2, 2, 4, 4, 0, 2), on_fire=False)
    assert arena_score([DRAW, WIN, WIN, WIN, LOSS, WIN, WIN, WIN]) == ArenaScore(
        17, (1, 2, 2, 4, 0, 2, 2, 4), on_fire=True
    )
    assert arena_score([WIN, DRAW, WIN]).per_game == (2, 1, 2)  # a draw breaks a streak in the making


def test_berserk_adds_one_to_a_win_played_long_enough_never_doubled():
    assert arena_score([berserk("win")]).per_game == (3,)
    assert arena_score([berserk("win", moves=10)]).per_game == (3,)
    assert arena_score([berserk("win", moves=9)]).per_game == (2,)  # too short: no bonus
    assert arena_score([berserk("draw"), berserk("loss")]).per_game == (1, 0)
    assert arena_score([WIN, WIN, berserk("win")]).per_game == (2, 2, 5)  # 4 doubled, then +1
    assert arena_score([berserk("win", moves=7)], berserk_min_moves=7).per_game == (3,)


def test_bad_games_are_refused_with_a_stable_code():
    for games, code in (([ArenaGame("tie")], "bad_game"), ([ArenaGame("win", moves=-1)], "bad_game")):
        with pytest.raises(PairingError) as refused:
            arena_score(games)
        assert refused.value.code == code
    with pytest.raises(PairingError) as negative:
        arena_score([WIN], berserk_min_moves=-1)
    assert negative.value.code == "bad_berserk_moves"


def replayed_score(games, berserk_min_moves=10):
    """arena_score as it was before the fold: every game replayed in one loop (the reference)."""
    per_game, wins_in_a_row = [], 0
    for game in games:
        points = OUTCOME_POINTS[game.outcome] * (2 if wins_in_a_row >= 2 else 1)
        won = game.outcome == "win"
        if won and game.berserk and game.moves >= berserk_min_moves:
            points += 1
        per_game.append(points)
        wins_in_a_row = wins_in_a_row + 1 if won else 0
    return ArenaScore(sum(per_game), tuple(per_game), wins_in_a_row >= 2)


arena_games = st.lists(st.builds(
    ArenaGame, st.sampled_from(["win", "draw", "loss"]), st.booleans(), st.integers(0, 30),
    st.integers(1, 6), st.booleans()), max_size=25)


@given(arena_games, st.integers(0, 15))
def test_folding_arena_step_game_by_game_scores_as_replaying_every_game(games, threshold):
    state = ArenaState()
    for game in games:
        state = arena_step(state, game, berserk_min_moves=threshold)
        assert ArenaState.from_json(state.as_json()) == state  # what an entry row keeps
    assert state.score == replayed_score(games, threshold) == arena_score(games, berserk_min_moves=threshold)
    assert (state.games, state.wins, state.draws, state.losses, state.berserks) == (
        len(games), *(sum(g.outcome == kind for g in games) for kind in ("win", "draw", "loss")),
        sum(g.berserk for g in games))
    assert state.recent_opponents == tuple(g.opponent for g in games)[-RECENT_GAMES:]
    assert state.first_moves == sum(g.moved_first for g in games)
    assert state.last_first == (games[-1].moved_first if games else None)


def test_a_bad_game_is_refused_by_the_step_too():
    with pytest.raises(PairingError) as refused:
        arena_step(ArenaState(), ArenaGame("tie"))
    assert refused.value.code == "bad_game"


def players(*ranks):
    return [ArenaPlayer(id=rank, rating=2000.0 - 10 * rank, rank=rank) for rank in ranks]


def test_free_players_meet_their_neighbours_on_the_leaderboard():
    assert {frozenset(pair) for pair in arena_pairs(players(1, 2, 3, 4, 5, 6))} == {
        frozenset({1, 2}),
        frozenset({3, 4}),
        frozenset({5, 6}),
    }


def test_an_odd_one_out_is_the_lowest_ranked_and_stays_waiting():
    pairs = arena_pairs(players(1, 2, 3, 4, 5))
    assert {frozenset(pair) for pair in pairs} == {frozenset({1, 2}), frozenset({3, 4})}
    assert arena_pairs(players(3)) == ()


def test_the_last_opponent_is_avoided_and_two_alone_meet_again_only_if_allowed():
    leader, second, third, fourth = (
        ArenaPlayer(1, 2000.0, 1, recent_opponents=(9, 2)),
        ArenaPlayer(2, 1990.0, 2, recent_opponents=(1,)),
        ArenaPlayer(3, 1980.0, 3),
        ArenaPlayer(4, 1970.0, 4),
    )
    assert {frozenset(pair) for pair in arena_pairs([leader, second, third, fourth])} == {
        frozenset({1, 3}),
        frozenset({2, 4}),
    }
    assert len(arena_pairs([leader, second])) == 1
    assert arena_pairs([leader, second], rematch_if_alone=False) == ()


def test_a_long_waiting_list_is_paired_group_by_group_down_the_leaderboard():
    """Beyond one group (GROUP players), whoever a group can't pair joins the next: 40 was the last
    opponent of 1-39, so it meets someone from the next group instead of waiting."""
    assert GROUP == 40
    assert {frozenset(pair) for pair in arena_pairs(players(*range(1, 82)))} == {
        frozenset({rank, rank + 1}) for rank in range(1, 81, 2)
    }  # 81, the lowest, waits
    crowd = [
        ArenaPlayer(rank, 2000.0 - rank, rank, recent_opponents=(40,) if rank < 40 else ()) for rank in range(1, 43)
    ]
    pairs = arena_pairs(crowd)
    assert len(pairs) == 21  # everyone plays
    partner_of_40 = next(a + b - 40 for a, b in pairs if 40 in (a, b))
    assert partner_of_40 in (41, 42)


def test_who_moves_first_evens_the_player_out_else_the_lower_ranked():
    even, moved_first_more = ArenaPlayer(1, 2000.0, 1), ArenaPlayer(2, 1990.0, 2, first_moves=2, games=3)
    assert arena_pairs([even, moved_first_more]) == ((1, 2),)
    assert arena_pairs(players(1, 2)) == ((2, 1),)  # nothing to separate them: the lower-ranked


@st.composite
def waiting_players(draw):
    count = draw(st.integers(1, 9))
    ids = list(range(1, count + 1))
    ranks = draw(st.permutations(list(range(1, count + 1))))
    outsiders = [50, 51]  # players now in games
    return [
        ArenaPlayer(
            id=player_id,
            rating=draw(st.sampled_from([1500.0, 1700.0])),
            rank=rank,
            recent_opponents=tuple(draw(st.lists(st.sampled_from(ids + outsiders), max_size=4))),
        )
        for player_id, rank in zip(ids, ranks, strict=True)
    ]


@given(waiting_players())
def test_nobody_meets_their_last_opponent_while_someone_else_is_free(waiting):
    pairs = arena_pairs(waiting)
    by_id = {p.id: p for p in waiting}
    seated = [i for pair in pairs for i in pair]
    assert len(seated) == len(set(seated))
    for a, b in pairs:
        last_a, last_b = by_id[a].recent_opponents[-1:], by_id[b].recent_opponents[-1:]
        assert len(waiting) == 2 or (last_a != (b,) and last_b != (a,))
    # As many games as can start without a last-opponent rematch (an independent maximum matching).
    allowed = nx.Graph()
    allowed.add_nodes_from(by_id)
    allowed.add_edges_from(
        (a.id, b.id)
        for a, b in itertools.combinations(waiting, 2)
        if len(waiting) == 2 or (a.recent_opponents[-1:] != (b.id,) and b.recent_opponents[-1:] != (a.id,))
    )
    assert len(pairs) == len(nx.max_weight_matching(allowed, maxcardinality=True))


def test_bad_waiting_lists_are_refused_with_a_stable_code():
    with pytest.raises(PairingError) as duplicate:
        arena_pairs(players(1, 1))
    assert duplicate.value.code == "duplicate_player"
    with pytest.raises(PairingError) as unranked:
        arena_pairs([ArenaPlayer(1, 1500.0, 0), ArenaPlayer(2, 1500.0, 1)])
    assert unranked.value.code == "bad_player"
