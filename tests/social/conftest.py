"""Fixtures for the social app: the games app's players and game builders."""

from tests.games.conftest import bob, carol, dave, duel  # noqa: F401  (fixtures)
