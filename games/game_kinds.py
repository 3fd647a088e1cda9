"""What a game is part of, as the apps above games know it: "fixture" for a league's fixture.

An app registers a test for its kind when it loads (leagues.receivers); an app that words its
messages by kind asks here (notifications: "fixture started" rather than "game started"). So
neither imports the other, and games imports neither: the apps stay a directed acyclic graph
(docs/architecture.md, "Apps and layers").
"""

_TESTS = []  # (kind, test(game_id) -> its name or None), in the order they were registered


def register(kind: str, test) -> None:
    """Games for which `test(game_id)` answers a name (the league's, for a fixture) are of
    `kind`. Registering the same pair twice is harmless (a module imported again in a test)."""
    if (kind, test) not in _TESTS:
        _TESTS.append((kind, test))


def part_of(game_id: int) -> tuple[str, str] | None:
    """(kind, name) of the first registered test that answers for the game, or None (a plain
    game)."""
    for kind, test in _TESTS:
        name = test(game_id)
        if name:
            return kind, name
    return None


def kind_of(game_id: int) -> str | None:
    """The kind of the game (see part_of), or None."""
    part = part_of(game_id)
    return part[0] if part else None
