"""Fixtures for the games app. Players (`alice`, `bob`, `carol`, `dave`) and the running games
`two_players` and `duel` come from tests/conftest.py; the helpers from tests/support/games.py."""
