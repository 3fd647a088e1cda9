"""What other apps add to an account's pages and data, without accounts importing them.

The apps form a chain (accounts below games, ratings, leagues...): accounts may not import the
apps above it, yet the profile shows ratings and the data export holds every app's rows. So the
apps above register here at `ready()`, and accounts asks the registry:

- `profile_facts(user) -> dict`: fields of `selectors.Profile` (the headline rating, games
  played and won, every ladder's rating), merged in registration order;
- `profile_sections(user, query) -> dict`: context of the profile page (charts, history...).

The download of one's data asks the apps through a signal instead (accounts.signals).
"""

from collections.abc import Callable

_profile_facts: list[Callable] = []
_profile_sections: list[Callable] = []


def register_profile_facts(provider: Callable) -> None:
    if provider not in _profile_facts:
        _profile_facts.append(provider)


def register_profile_sections(provider: Callable) -> None:
    if provider not in _profile_sections:
        _profile_sections.append(provider)



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
