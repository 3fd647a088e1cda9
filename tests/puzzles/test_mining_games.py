"""Mining the site's analysed games (docs/puzzles.md, "From the site's games"): the positions where a
player's move lost the mining gap are searched again; a puzzle keeps the game's public position
and the judge's unique best; each analysis is mined once; a running game is never mined; the end
of an analysis announces itself to the miner."""

import pytest
from django.core.management import call_command

from games import replays
from games.analysis import services as analysis
from games.analysis.models import GameAnalysis
from puzzles import services
from puzzles.models import MinedAnalysis, Puzzle
from tests.analysis.factories import played_game

pytestmark = [pytest.mark.django_db, pytest.mark.requires("postgres")]

NODES = 150  # the judge at a small budget: the game is judged in a few seconds


def analysed(users, **kwargs):
    game = played_game(users, **kwargs)
    record = GameAnalysis.objects.create(game=game, nodes=NODES, engine_version="test", bot_version="test")
    analysis.run_analysis(record.pk)
    return game, GameAnalysis.objects.get(pk=record.pk)


def test_an_analysed_game_gives_its_clear_positions_once(alice, bob, django_capture_on_commit_callbacks):
    Puzzle.objects.all().delete()
    with django_capture_on_commit_callbacks() as announced:
        game, record = analysed([alice, bob], seed=7)
    assert record.status == GameAnalysis.Status.DONE
    assert announced, "the analysis' end is announced after its commit (the miner's hook)"
    found = services.mine_analysis(record.pk)
    puzzles = list(Puzzle.objects.filter(game=game))
    assert found == len(puzzles) >= 1
    states = replays.rebuild_states(game)
    losses = {move.ply: move for move in record.moves.all()}
    for puzzle in puzzles:
        before = states[puzzle.ply]
        assert puzzle.state == before.to_dict(public=True)  # the public position, nothing hidden
        assert puzzle.source == Puzzle.Source.GAME
        assert puzzle.check_gap >= 4.0
        assert losses[puzzle.ply + 1].loss >= 4.0  # the player's move missed it
    assert MinedAnalysis.objects.get(analysis=record).found == found
    assert services.mine_analysis(record.pk) == 0  # once
    assert Puzzle.objects.filter(game=game).count() == found


def test_a_running_game_is_never_mined(alice, bob):
    game = played_game([alice, bob], seed=7, stop_after=30)
    record = GameAnalysis.objects.create(game=game, nodes=NODES, engine_version="test", bot_version="test",
                                         status=GameAnalysis.Status.DONE)
    assert services.mine_analysis(record.pk) == 0
    assert not Puzzle.objects.filter(game=game).exists()
    assert services.analyses_to_mine() == []


def test_the_command_mines_what_is_left(alice, bob, capsys):
    """Each done analysis of a finished game not mined yet, once (this one lost no move by the
    mining gap: nothing to search, but it counts as mined)."""
    game = played_game([alice, bob], seed=7)
    record = GameAnalysis.objects.create(game=game, nodes=NODES, engine_version="test", bot_version="test",
                                         status=GameAnalysis.Status.DONE)
    call_command("mine_puzzles")
    out = capsys.readouterr().out
    assert "1/1 games" in out
    assert MinedAnalysis.objects.get(analysis=record).found == 0
    call_command("mine_puzzles")
    assert "0 analysed games mined" in capsys.readouterr().out


@pytest.mark.django_db(transaction=True)
def test_an_analysis_that_ends_queues_its_game_for_mining(alice, bob):
    """The whole path, embedded: the analysis commits its end, the receiver queues the mining on
    the analysis pool, the pool's thread mines the game."""
    Puzzle.objects.all().delete()
    game, record = analysed([alice, bob], seed=7)
    assert analysis.wait_for_embedded_analyses(60)
    assert MinedAnalysis.objects.filter(analysis=record).exists()
    assert Puzzle.objects.filter(game=game).count() == MinedAnalysis.objects.get(analysis=record).found >= 1
