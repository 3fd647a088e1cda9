"""What a game is part of, as the apps above games know it: "fixture" for a league's fixture.

An app registers a test for its kind when it loads (leagues.receivers); an app that words its
messages by kind asks here (notifications: "fixture started" rather than "game started"). So
neither imports the other, and games imports neither: the apps stay a directed acyclic graph
(docs/architecture.md, "Apps and layers").
"""

_TESTS = []  # (kind, test(game_id) -> bool), in the order they were registered


def register(kind: str, test) -> None:
    """Games for which `test(game_id)` holds are of `kind`. Registering the same pair twice is
    harmless (a module imported again in a test)."""
    if (kind, test) not in _TESTS:
        _TESTS.append((kind, test))


def kind_of(game_id: int) -> str | None:
    """The kind of the first registered test that holds for the game, or None (a plain game)."""
    for kind, test in _TESTS:
        if test(game_id):
            return kind
    return None
