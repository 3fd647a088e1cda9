"""The bot tests' helpers are in tests/support/bots.py; players come from tests/conftest.py."""
