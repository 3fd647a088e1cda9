"""Fixtures for the social app: players and games come from tests/conftest.py."""
