"""A tutorial is a real game with a fixed deal and a script: the learner's moves, each with what to
do and why, and the bot's replies between them.

Everything here runs on the engine alone (no Django, no I/O), like the bots: the server rebuilds a
tutorial position by replaying the script from its start, so a tutorial keeps no state anywhere
and every position it shows is one the engine produced. `Runner` answers the two questions the
tutorial page asks: "where am I after `step` of my moves?" and "is this the move you wanted?".
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from azul.engine import IllegalMove, InvalidMove, apply_scored, state_from_dict

from .scoring import round_end_note


@dataclass(frozen=True)
class Lesson:
    """One move of the learner: the page says `title`, `say` (what to do) and `why`, waits for
    exactly `move`, then says `done`. `spotlight` names a part of the board the lesson talks about
    (the page highlights it): "" or "objectives"."""

    move: dict
    title: str
    say: str
    why: str
    done: str = ""
    spotlight: str = ""


@dataclass(frozen=True)
class Reply:
    """A move the bot makes, narrated with `say`."""

    move: dict
    say: str


@dataclass(frozen=True)
class Tutorial:
    key: str
    ruleset: str  # "classic" | "duel"
    title: str
    intro: str
    finale: str  # said once the last lesson is done
    learner: int  # the learner's seat in the engine
    names: tuple  # display names by seat
    start: Callable[[], dict]  # the first state (full engine JSON, seed included)
    script: tuple  # Lesson | Reply, in play order
    next_steps: tuple = field(default_factory=tuple)  # [(label, url name, args)] after the end

    @property
    def lessons(self):
        return [entry for entry in self.script if isinstance(entry, Lesson)]


class TutorialRefusal(Exception):
    """A request the tutorial cannot answer; `kind` says which (see learn.errors)."""

    def __init__(self, kind, detail):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


@dataclass
class Situation:
    """Where the learner stands after `step` of their moves."""

    tutorial: Tutorial
    step: int
    state: object  # the engine state
    lesson: Lesson | None  # the move awaited now; None once the script is done
    happened: list  # what was done since the learner's previous decision: [note dicts]
    moves_played: int
    last_move: dict | None  # the latest move: {"number", "player_index", "move", "taken", ...}
    frames: list  # [(state, its last move)] passed through since the learner's previous move

    @property
    def finished(self):
        return self.lesson is None


def _note(who, text, record=None, scoring=None):
    """One thing the tutorial says; `record` is the move it is about (as last_move records)."""
    return {
        "who": who,
        "text": text,
        "number": record["number"] if record else None,
        "move": record["move"] if record else None,
        "taken": record["taken"] if record else None,
        "player_index": record["player_index"] if record else None,
        "scoring": scoring or [],
    }


class Runner:
    def __init__(self, tutorial):
        self.tutorial = tutorial

    def _apply(self, state, entry, who, notes):
        """Play a scripted move; note what it did (with the engine's scoring events)."""
        mover = state.current_player
        try:
            after, account = apply_scored(state, entry.move)
        except (InvalidMove, IllegalMove) as exc:  # a script the engine refuses is a bug
            raise AssertionError(f"tutorial {self.tutorial.key}: {entry.move} refused: {exc}") from exc
        text = entry.done if isinstance(entry, Lesson) else entry.say
        record = {"number": after.move_count, "player_index": mover, "move": dict(entry.move),
                  **account}
        notes.append(_note(who, text, record))
        scoring = round_end_note(account["scoring"], self.tutorial.names, state.round,
                                 ruleset=self.tutorial.ruleset, begins=state.phase != "tiling")
        if scoring:
            notes.append(_note("scoring", scoring["text"], scoring=scoring["lines"]))
        return after, record

    def situation(self, step):
        """The position after the learner's first `step` moves (and the bot's replies to them)."""
        lessons = len(self.tutorial.lessons)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= lessons:
            raise TutorialRefusal(
                "invalid", _("step must be a whole number from 0 to %(lessons)s") % {"lessons": lessons})
        state = state_from_dict(self.tutorial.start())
        done = 0
        played = 0
        last = None
        notes = []
        frames = []
        awaited = None
        for entry in self.tutorial.script:
            if isinstance(entry, Lesson):
                if done == step:
                    awaited = entry
                    break
                # Only what followed the learner's latest move is news.
                notes, frames = [], []
                state, last = self._apply(state, entry, "you", notes)
                done += 1
            else:
                state, last = self._apply(state, entry, "bot", notes)
            frames.append((state, last))
            played += 1
        return Situation(self.tutorial, step, state, awaited, notes, played, last, frames[:-1])

    def check(self, step, move):
        """The situation after the learner plays `move` at `step`; refused unless it is the
        lesson's move (the engine's JSON of it, so key order and spelling do not matter)."""
        current = self.situation(step)
        if current.lesson is None:
            raise TutorialRefusal("over", _("the tutorial is over: there is no move to make"))
        try:
            wanted = current.state.check(current.lesson.move)
            given = current.state.check(move, player=self.tutorial.learner)
        except InvalidMove as exc:
            raise TutorialRefusal("invalid_move", str(exc)) from None
        except IllegalMove as exc:
            raise TutorialRefusal("illegal_move", exc.reason) from None
        if given != wanted:
            raise TutorialRefusal(
                "wrong_move", _("Not this move yet. %(say)s") % {"say": current.lesson.say})
        return self.situation(step + 1)

