"""The puzzles' operations (docs/puzzles.md): attempts and their ratings, the next puzzle, the
daily puzzle, and mining an analysed game.

- `attempt(puzzle_id, user, move)`: right or wrong, with the judge's explanation. A signed-in
  player's first attempt at a puzzle is rated (Glicko-2, a win over the puzzle when solved, a loss
  when not; the puzzle gets the opposite result) in one transaction that locks the player's
  PuzzlePlayer row, then the puzzle's row (always in that order: two attempts by one player
  queue on the player's row, two players at one puzzle on the puzzle's); a second attempt is
  refused (`already_attempted`, nothing changes), and the unique key of PuzzleAttempt is the
  last guard. Anonymous visitors' attempts are answered and never rated.
- `next_puzzle(...)`: an unplayed puzzle near the player's rating (optionally of one theme), or
  for the streak mode the lowest-rated one at the streak's level or above.
- `daily_puzzle(day)`: the day's puzzle, chosen once per date.
- `mine_analysis(analysis_id)`: the puzzles of an analysed finished game.
"""

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from azul import engine
from azul.puzzles import explanation, find_puzzle, themes_of
from games import replays
from games.analysis.models import GameAnalysis, MoveAnalysis
from games.models import Game
from kernel.errors import is_signed_in
from ratings.maths import glicko2

from . import explain, selectors
from .errors import AlreadyAttempted, IllegalMove, Invalid, NoPuzzle
from .models import DailyPuzzle, MinedAnalysis, Puzzle, PuzzleAttempt, PuzzlePlayer

# The streak mode: its first puzzle near STREAK_START, each solve STREAK_STEP higher.
STREAK_START = 1200
STREAK_STEP = 50
MAX_STREAK = 10_000
# A new puzzle's prior rating: a solution far ahead of the alternatives is easier to see, so the
# deeper search's gap sets it within PRIOR_SPAN of the start, until attempts move it.
PRIOR_SPAN = 200
# Positions searched for puzzles per analysed game, the smallest losses past the gap first (a
# move that lost just over the gap was likely the runner-up: the best then stands out against
# every move); each costs two searches, the analysis budget and four times it.
MINED_PER_GAME = 12


def prior_rating(check_gap):
    shift = max(-1.0, min(1.0, (8.0 - check_gap) / 4.0))
    return glicko2.START_RATING + PRIOR_SPAN * shift


# --- attempts ----------------------------------------------------------------------------------


def _move_of(puzzle, move):
    """The engine move of `move` in the puzzle's position: Invalid (not a move) or IllegalMove."""
    if not isinstance(move, dict):
        raise Invalid(_("move must be an engine move object"))
    state = selectors.state_of(puzzle)
    move_type = engine.REGISTRY[puzzle.ruleset].move_type
    try:
        parsed = move_type.from_dict(move)
    except (engine.InvalidMove, TypeError, ValueError, KeyError):
        raise Invalid(_("move is not a move of this game")) from None
    if parsed not in state.legal_moves():
        raise IllegalMove()
    return state, parsed


def _check_streak(streak):
    if streak is None:
        return None
    if isinstance(streak, bool) or not isinstance(streak, int) or not 0 <= streak <= MAX_STREAK:
        raise Invalid(_("streak must be a whole number of solves"))
    return streak


def _glicko(row):
    return glicko2.Glicko(row.rating, row.deviation, row.volatility)


def attempt(puzzle_id, user, move, *, streak=None):
    """The verdict on `move` for the puzzle: {solved, solution, explanation, rated, rating...}."""
    puzzle = selectors.get_puzzle(puzzle_id)
    streak = _check_streak(streak)
    state, parsed = _move_of(puzzle, move)
    solved = parsed == engine.REGISTRY[puzzle.ruleset].move_type.from_dict(puzzle.solution)
    verdict = {
        "puzzle": puzzle.pk,
        "solved": solved,
        "move": parsed.to_dict(),
        "solution": puzzle.solution,
        "explanation": explain.explanation_lines(puzzle.explanation)
        + ([] if solved else explain.played_lines(state, parsed.to_dict())),
        "rated": False,
        "rating": None,
        "rating_change": None,
    }
    if not is_signed_in(user):
        return verdict
    before, after = _rate(puzzle, user, parsed.to_dict(), solved, streak)
    verdict.update(rated=True, rating=round(after), rating_change=round(after - before))
    return verdict


def _rate(puzzle, user, move, solved, streak):
    """(the player's rating before, after): one rated attempt, once (see the module's docstring)."""
    PuzzlePlayer.objects.get_or_create(user=user)
    try:
        with transaction.atomic():
            player = PuzzlePlayer.objects.select_for_update().get(user=user)  # 1. the player
            locked = Puzzle.objects.select_for_update().get(pk=puzzle.pk)  # 2. the puzzle
            if PuzzleAttempt.objects.filter(puzzle=locked, user=user).exists():
                raise AlreadyAttempted()
            me, it = _glicko(player), _glicko(locked)
            mine = glicko2.rate(me, [glicko2.Result(it, 1.0 if solved else 0.0)])
            theirs = glicko2.rate(it, [glicko2.Result(me, 0.0 if solved else 1.0)])
            PuzzleAttempt.objects.create(
                puzzle=locked, user=user, move=move, solved=solved, rating_before=me.rating,
                rating_after=mine.rating, puzzle_rating_before=it.rating, puzzle_rating_after=theirs.rating)
            player.rating, player.deviation, player.volatility = mine.rating, mine.deviation, mine.volatility
            player.attempts += 1
            player.solves += int(solved)
            if solved and streak is not None:
                player.best_streak = max(player.best_streak, streak + 1)
            player.save()
            locked.rating, locked.deviation, locked.volatility = theirs.rating, theirs.deviation, theirs.volatility
            locked.attempts += 1
            locked.solves += int(solved)
            locked.save(update_fields=["rating", "deviation", "volatility", "attempts", "solves"])
    except IntegrityError:
        raise AlreadyAttempted() from None  # the unique key: the other attempt won
    return me.rating, mine.rating


# --- choosing ----------------------------------------------------------------------------------


def next_puzzle(user, *, seen=(), theme=None, ruleset=None, streak=None):
    """The next puzzle for `user` (anonymous: `seen` are the session's puzzle ids)."""
    streak = _check_streak(streak)
    if theme is not None and theme not in {entry["theme"] for entry in selectors.theme_counts()}:
        raise Invalid(_("unknown theme"))
    if ruleset is not None and ruleset not in engine.REGISTRY:
        raise Invalid(_("unknown ruleset"))
    rating, played_by = glicko2.START_RATING, None
    if is_signed_in(user):
        player, played_by = selectors.player_of(user), user
        rating = player.rating if player else rating
    above = None if streak is None else STREAK_START + STREAK_STEP * streak
    puzzle = selectors.nearest_puzzle(rating, exclude=seen, played_by=played_by, theme=theme, ruleset=ruleset,
                                      above=above)
    if puzzle is None:
        raise NoPuzzle()
    return puzzle


def daily_puzzle(day=None):
    """The puzzle of `day` (today by default): chosen the first time it is asked for, among the
    puzzles never used before, the most attempted, then the clearest (deeper gap), then the oldest."""
    day = day or timezone.localdate()
    daily = selectors.daily_of(day)
    if daily is not None:
        return daily.puzzle
    unused = Puzzle.objects.filter(daily__isnull=True).order_by("-attempts", "-check_gap", "pk")
    for candidate in unused[:5]:
        try:
            with transaction.atomic():
                DailyPuzzle.objects.create(day=day, puzzle=candidate)
            break
        except IntegrityError:  # another request chose first (the day), or that puzzle is taken
            daily = selectors.daily_of(day)
            if daily is not None:
                return daily.puzzle
    daily = selectors.daily_of(day)
    if daily is None:
        raise NoPuzzle()
    return daily.puzzle


# --- mining ------------------------------------------------------------------------------------


def store_find(state, find, *, source, game=None, ply=0):
    """A new Puzzle for a find (None when its canonical key is stored already)."""
    public = state.to_dict(public=True)
    themes = themes_of(state, find.solution, find.alternative)
    puzzle = Puzzle(
        key=find.key, ruleset=public.get("ruleset", "classic"), players=public["players"],
        variant=public.get("variant", "standard"), state=public, solution=find.solution.to_dict(),
        alternative=find.alternative.to_dict(), gap=find.gap,
        check_gap=find.check_gap, themes="," + ",".join(themes) + "," if themes else "",
        explanation=explanation(state, find.solution, find.alternative, find.value, find.alternative_value),
        source=source, game=game, ply=ply, rating=prior_rating(find.check_gap))
    if Puzzle.objects.filter(key=find.key).exists():
        return None
    try:
        with transaction.atomic():
            puzzle.save()
    except IntegrityError:  # the same key stored meanwhile: a near-duplicate
        return None
    return puzzle


def mine_analysis(analysis_id):
    """The puzzles of a done analysis' finished game (once per analysis): the positions where the
    player's move lost at least the mining gap (so the best move stood out by that much against
    it), the MINED_PER_GAME smallest such losses, mined at the analysis' own node budget and checked at
    four times it. Returns the count."""
    from azul.puzzles import MINING_GAP  # noqa: PLC0415 (the rule's one number)

    analysis = (GameAnalysis.objects.select_related("game__table")
                .filter(pk=analysis_id, status=GameAnalysis.Status.DONE).first())
    if analysis is None or analysis.game.status != Game.Status.FINISHED:
        return 0  # never a running game's position
    if MinedAnalysis.objects.filter(analysis=analysis).exists():
        return 0
    candidates = set(MoveAnalysis.objects.filter(analysis=analysis, forced=False, loss__gte=MINING_GAP)
                     .order_by("loss", "ply").values_list("ply", flat=True)[:MINED_PER_GAME])
    found = 0
    if candidates:
        game = analysis.game
        records = replays.move_records(game)
        for record, before in zip(records, replays.rebuild_states(game, records), strict=False):
            if record.number not in candidates:
                continue
            find = find_puzzle(before, nodes=analysis.nodes, check_nodes=4 * analysis.nodes)
            if find is not None and store_find(before, find, source=Puzzle.Source.GAME, game=game,
                                               ply=record.number - 1):
                found += 1
    MinedAnalysis.objects.get_or_create(analysis=analysis, defaults={"found": found})
    return found


def analyses_to_mine():
    """The done analyses of finished games not mined yet, oldest first."""
    mined = MinedAnalysis.objects.values("analysis_id")
    return list(GameAnalysis.objects.filter(status=GameAnalysis.Status.DONE, game__status=Game.Status.FINISHED)
                .exclude(pk__in=mined).order_by("pk").values_list("pk", flat=True))
