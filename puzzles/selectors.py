"""Reads of puzzles: one by its id, what a page or the API shows of it (never its solution before
an attempt), the nearest unplayed puzzle to a rating, a player's rating and history, the themes."""

import random

from django.db.models import F
from django.db.models.functions import Abs
from django.urls import reverse

from azul import engine
from azul.puzzles import THEMES
from games import game_rules
from ratings.maths.glicko2 import PROVISIONAL_DEVIATION, START_DEVIATION, START_RATING

from .errors import NotFound
from .models import DailyPuzzle, Puzzle, PuzzleAttempt, PuzzlePlayer

MAX_ID = 2**63 - 1
NEAREST = 10  # the next puzzle is drawn among this many nearest the player's rating
HISTORY = 50


def puzzle_id_of(value):
    """A puzzle id from the API or a URL: NotFound for anything but a positive integer in range."""
    if isinstance(value, bool):
        raise NotFound()
    if isinstance(value, str) and value.isdigit() and len(value) <= 19:
        value = int(value)
    if not isinstance(value, int) or not 0 < value <= MAX_ID:
        raise NotFound()
    return value


def get_puzzle(puzzle_id):
    puzzle = Puzzle.objects.filter(pk=puzzle_id_of(puzzle_id)).first()
    if puzzle is None:
        raise NotFound()
    return puzzle


def state_of(puzzle):
    return engine.state_from_dict(puzzle.state)


def puzzle_payload(puzzle):
    """The puzzle as the page and the API show it before it is solved: the public position, the
    legal moves the board lights up and their previews; no solution."""
    state = state_of(puzzle)
    public = state.to_dict(public=True)
    pending = public.get("pending")  # a Duel sub-decision is its player's (as the game page reads it)
    mover = pending["player"] if isinstance(pending, dict) and "player" in pending else public["current_player"]
    return {
        "id": puzzle.pk,
        "url": reverse("puzzles:puzzle", args=[puzzle.pk]),
        "ruleset": puzzle.ruleset,
        "players": puzzle.players,
        "variant": puzzle.variant,
        "themes": puzzle.theme_list,
        "rating": round(puzzle.rating),
        "attempts": puzzle.attempts,
        "solves": puzzle.solves,
        "mover": mover,
        "position": {
            "state": puzzle.state,
            "ply": puzzle.ply,
            "legal_moves": game_rules.legal_moves(state),
            "previews": game_rules.move_previews(state),
        },
    }


def rating_payload(player):
    """A player's puzzle rating ({rating, deviation, provisional, attempts, solves, best_streak});
    a player with no attempt yet has the starting rating."""
    if player is None:
        return {"rating": round(START_RATING), "deviation": round(START_DEVIATION), "provisional": True,
                "attempts": 0, "solves": 0, "best_streak": 0}
    return {"rating": round(player.rating), "deviation": round(player.deviation),
            "provisional": player.deviation >= PROVISIONAL_DEVIATION, "attempts": player.attempts,
            "solves": player.solves, "best_streak": player.best_streak}


def player_of(user):
    return PuzzlePlayer.objects.filter(user=user).first() if user is not None else None


def nearest_puzzle(rating, *, exclude=(), played_by=None, theme=None, ruleset=None, above=None, rng=None):
    """An unplayed puzzle among the NEAREST to `rating` (with `above`: the lowest-rated ones at or
    above it, for the streak's rising difficulty); None when none is left. `exclude`: ids (a
    visitor's session); `played_by`: a user whose rated attempts are skipped (in the query)."""
    puzzles = Puzzle.objects.exclude(pk__in=list(exclude))
    if played_by is not None:
        puzzles = puzzles.exclude(pk__in=PuzzleAttempt.objects.filter(user=played_by).values("puzzle_id"))
    if theme:
        puzzles = puzzles.filter(themes__contains=f",{theme},")
    if ruleset:
        puzzles = puzzles.filter(ruleset=ruleset)
    if above is not None:
        nearest = list(puzzles.filter(rating__gte=above).order_by("rating", "pk")[:NEAREST])
        nearest = nearest or list(puzzles.order_by("-rating", "pk")[:1])
    else:
        nearest = list(puzzles.annotate(distance=Abs(F("rating") - rating)).order_by("distance", "pk")[:NEAREST])
    if not nearest:
        return None
    return (rng or random).choice(nearest)


def theme_counts():
    """[{theme, puzzles}] in THEMES order."""
    return [{"theme": theme, "puzzles": Puzzle.objects.filter(themes__contains=f",{theme},").count()}
            for theme in THEMES]


def daily_of(day):
    return DailyPuzzle.objects.select_related("puzzle").filter(day=day).first()


def history(user, limit=HISTORY):
    """The player's last rated attempts, newest first."""
    return [{
        "puzzle": attempt.puzzle_id,
        "url": reverse("puzzles:puzzle", args=[attempt.puzzle_id]),
        "solved": attempt.solved,
        "rating_before": round(attempt.rating_before),
        "rating_after": round(attempt.rating_after),
        "puzzle_rating": round(attempt.puzzle_rating_after),
        "at": attempt.created_at.isoformat(),
    } for attempt in PuzzleAttempt.objects.filter(user=user)[:limit]]
