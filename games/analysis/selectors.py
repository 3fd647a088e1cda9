"""Reads of analyses, shaped as the API and the replay page show them."""

from azul.bots.analysis import GRADE_NAMES, GRADES
from azul.bots.analysis.accuracy import HALF_LIFE, JudgedMove, player_accuracies
from games import selectors as game_selectors

from .models import GameAnalysis

BIGGEST = 3  # mistakes listed per player in the summary


def analysis_of(game_id):
    """(game, its analysis or None); NotFound for an unknown or impossible game id."""
    game = game_selectors.get_game(game_id)
    return game, GameAnalysis.objects.filter(game=game).first()


def analysis_payload(game, analysis):
    """Status, progress, every move judged so far and a summary per player."""
    if analysis is None:
        return {"game": game.pk, "status": "none", "progress": 0, "total": game.version,
                "moves": [], "summary": [], "thresholds": _thresholds(),
                "accuracy_half_life": HALF_LIFE}
    moves = [_move_row(row) for row in analysis.moves.all()]
    return {
        "game": game.pk,
        "status": analysis.status,
        "progress": analysis.progress,
        "total": analysis.total,
        "nodes": analysis.nodes,
        "engine_version": analysis.engine_version,
        "bot_version": analysis.bot_version,
        "error": analysis.error or None,
        "thresholds": _thresholds(),
        "accuracy_half_life": HALF_LIFE,
        "moves": moves,
        "summary": summary(moves, game.table.players),
    }


def _thresholds():
    return dict(GRADES)


def _move_row(row):
    return {
        "ply": row.ply, "player": row.player, "played": row.played, "best": row.best,
        "played_margin": row.played_margin, "best_margin": row.best_margin, "loss": row.loss,
        "grade": row.grade, "forced": row.forced, "depth": row.depth,
    }


def summary(moves, players):
    """Per player: moves judged, average points lost, accuracy (of the moves judged so far: the
    same figures PlayerAccuracy stores at the end), grade counts, biggest losses (ply, loss)."""
    accuracies = player_accuracies(
        (JudgedMove(m["player"], m["loss"], m["grade"], m["forced"]) for m in moves), players)
    out = []
    for player in range(players):
        mine = [m for m in moves if m["player"] == player]
        lost = sum(m["loss"] for m in mine)
        worst = sorted((m for m in mine if m["loss"] > 0), key=lambda m: (-m["loss"], m["ply"]))
        out.append({
            "player": player,
            "moves": len(mine),
            "average_loss": round(lost / len(mine), 2) if mine else 0.0,
            "accuracy": accuracies[player].accuracy,
            "inaccuracies": accuracies[player].inaccuracies,
            "mistakes": accuracies[player].mistakes,
            "blunders": accuracies[player].blunders,
            "grades": {name: sum(1 for m in mine if m["grade"] == name) for name in GRADE_NAMES},
            "biggest": [{"ply": m["ply"], "loss": m["loss"], "grade": m["grade"]}
                        for m in worst[:BIGGEST]],
        })
    return out
