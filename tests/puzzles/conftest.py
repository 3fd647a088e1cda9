import pytest

from azul.puzzles import find_puzzle
from puzzles import services
from puzzles.models import Puzzle
from tests.puzzles import positions


def stored_puzzle(state=None, *, key_suffix=""):
    """A puzzle of the site from a hand-built position (the shipped ones may be flushed by other
    tests' transactions: each test stores its own)."""
    state = state or positions.clear_best()
    found = find_puzzle(state)
    puzzle = services.store_find(state, found, source=Puzzle.Source.SHIPPED)
    if puzzle is None:
        puzzle = Puzzle.objects.get(key=found.key)
    if key_suffix:
        puzzle.pk, puzzle.key = None, found.key[:24] + key_suffix
        puzzle.save()
    return puzzle


@pytest.fixture
def puzzle(db):
    Puzzle.objects.all().delete()  # only this test's puzzles: the choices are known
    return stored_puzzle()
