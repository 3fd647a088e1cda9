"""Template filters that show stored English identifiers (statuses, variants, outcomes) and
places in the page's language: ``{{ fixture.status|term }}``, ``{{ place|ordinal }}``. The words
are games.terms's, which services use too."""

from django import template

from games import terms

register = template.Library()
register.filter("term", terms.term)
register.filter("ordinal", terms.ordinal)
