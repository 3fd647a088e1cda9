"""The tutorials as the page and the API see them: a position of a scripted game, shaped like a
game payload (games.payloads) so the boards draw it, plus what the tutorial says.

`legal_moves` of a tutorial position holds only the move the lesson waits for (one of the
engine's legal moves): the board lights up exactly that, and the server accepts nothing else.
"""

from django.urls import reverse
from django.utils.translation import gettext as _

from azul import engine
from games import game_rules

from . import errors
from .tutorials import TUTORIALS, Runner, TutorialRefusal


def tutorial(key):
    try:
        return TUTORIALS[key]
    except (KeyError, TypeError):
        raise errors.NotFound(
            _('no tutorial %(key)s; there are %(join)s') % {"key": repr(key), "join": ", ".join(TUTORIALS)}
        ) from None


def _seats(found):
    return [
        {
            "player_index": index,
            "position": index,
            "username": "you" if index == found.learner else "tutorial-bot",
            "display_name": name,
            "is_bot": index != found.learner,
            "bot_level": None if index == found.learner else "tutorial",
            "left": False,
            "left_reason": None,
            "replaced_by": None,
            "time_left_ms": None,
        }
        for index, name in enumerate(found.names)
    ]


def _awaited(situation):
    """The lesson's move as the engine writes it, and its preview (the engine's, aligned as the
    game payload aligns `previews` with `legal_moves`)."""
    if situation.finished:
        return [], []
    state = situation.state
    move = state.check(situation.lesson.move)
    previews = game_rules.move_previews(state)
    return [move.to_dict()], [previews[state.legal_moves().index(move)]]


def _last_move(found, record):
    if record is None:
        return None
    seat = record["player_index"]
    return {
        **record,
        "username": "you" if seat == found.learner else "tutorial-bot",
        "created_at": None,
        "think_ms": 0,
    }


def _game(found, state, last_move, awaited=(), previews=()):
    return {
        "id": None,
        "table": None,
        "status": "playing",
        "version": state.move_count,
        "state": state.to_dict(public=True),
        "legal_moves": list(awaited),
        "previews": list(previews),
        "result": None,
        "seats": _seats(found),
        "clock": {"kind": "none", "current": state.current_player, "turn_started_at": None,
                  "deadline": None},
        "commitment": None,
        "seed": None,
        "salt": None,
        "variant": state.variant if found.ruleset == "classic" else "standard",
        "ruleset": found.ruleset,
        "rated": False,
        "players": len(found.names),
        "last_move": _last_move(found, last_move),
        "created_at": None,
        "finished_at": None,
    }


def _payload(situation):
    found = situation.tutorial
    lesson = situation.lesson
    return {
        "tutorial": found.key,
        "title": found.title,
        "step": situation.step,
        "steps": len(found.lessons),
        "you": found.learner,
        "game": _game(found, situation.state, situation.last_move, *_awaited(situation)),
        # The positions passed through on the way (the learner's move, the bot's replies but the
        # last), so the page can show each move as it happened.
        "frames": [_game(found, state, record) for state, record in situation.frames],
        "happened": situation.happened,
        "lesson": None
        if lesson is None
        else {"title": lesson.title, "say": lesson.say, "why": lesson.why,
              "spotlight": lesson.spotlight or None},
        "finished": situation.finished,
        "finale": found.finale if situation.finished else None,
        "next": [
            {"label": label, "url": reverse(name, args=args)}
            for label, name, args in found.next_steps
        ]
        if situation.finished
        else [],
    }


def tutorials():
    """[{"key", "title", "intro", "ruleset", "steps"}] of every tutorial, for the index page."""
    return [
        {"key": t.key, "title": t.title, "intro": t.intro, "ruleset": t.ruleset,
         "steps": len(t.lessons)}
        for t in TUTORIALS.values()
    ]


def _refused(refusal):
    return errors.BY_KIND[refusal.kind](refusal.detail)


def tutorial_position(key, step=0):
    """The tutorial `key` after the learner's first `step` moves."""
    try:
        return _payload(Runner(tutorial(key)).situation(step))
    except TutorialRefusal as refusal:
        raise _refused(refusal) from None


def tutorial_move(key, step, move):
    """The next position if `move` is the one the lesson at `step` waits for; refused otherwise
    (nothing is stored either way: a tutorial lives in its page)."""
    found = tutorial(key)
    if not isinstance(move, dict):
        raise errors.InvalidMove(_("move must be a JSON object"))
    try:
        game_rules.parse_move(found.ruleset, move)
    except engine.InvalidMove as exc:
        raise errors.InvalidMove(str(exc)) from None
    try:
        return _payload(Runner(found).check(step, move))
    except TutorialRefusal as refusal:
        raise _refused(refusal) from None
