"""What other apps add to an account's pages and data, without accounts importing them.

The apps form a chain (accounts below games, ratings, leagues...): accounts may not import the
apps above it, yet the profile shows ratings and the data export holds every app's rows. So the
apps above register here at `ready()`, and accounts asks the registry:

- `profile_facts(user) -> dict`: fields of `selectors.Profile` (the headline rating, games
  played and won, every ladder's rating), merged in registration order;
- `profile_sections(user, query) -> dict`: context of the profile page (charts, history...);
- `export_section(user) -> JSON-ready value`, under its name in the download of one's data.
"""

from collections.abc import Callable

_profile_facts: list[Callable] = []
_profile_sections: list[Callable] = []
_export_sections: dict[str, Callable] = {}


def register_profile_facts(provider: Callable) -> None:
    if provider not in _profile_facts:
        _profile_facts.append(provider)


def register_profile_sections(provider: Callable) -> None:
    if provider not in _profile_sections:
        _profile_sections.append(provider)


def register_export_section(name: str, provider: Callable) -> None:
    _export_sections[name] = provider


def profile_facts(user) -> dict:
    facts = {}
    for provider in _profile_facts:
        facts.update(provider(user))
    return facts


def profile_sections(user, query) -> dict:
    context = {}
    for provider in _profile_sections:
        context.update(provider(user, query))
    return context


def export_sections(user) -> dict:
    return {name: provider(user) for name, provider in _export_sections.items()}
