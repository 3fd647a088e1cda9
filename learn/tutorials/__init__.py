"""The interactive tutorials: scripted games on the engine (see script.py)."""

from . import classic, duel
from .script import Lesson, Reply, Runner, Situation, Tutorial, TutorialRefusal

TUTORIALS = {tutorial.key: tutorial for tutorial in (classic.TUTORIAL, duel.TUTORIAL)}

__all__ = ["TUTORIALS", "Lesson", "Reply", "Runner", "Situation", "Tutorial", "TutorialRefusal"]
