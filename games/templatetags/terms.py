"""Template filters that show stored English identifiers (statuses, variants, outcomes) and
places in the page's language: ``{{ fixture.status|term }}``, ``{{ place|ordinal }}``. The words
are games.terms's, which services use too."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from games import terms
from kernel.elision import elide_before_name

register = template.Library()
register.filter("term", terms.term)
register.filter("ordinal", terms.ordinal)


@register.filter(is_safe=True)
def elide_before(sentence, name):
    """``{{ title|elide_before:shown_name }}`` on a `blocktranslate … asvar` sentence (already
    escaped): French « table d’Alice » (kernel.elision)."""
    return mark_safe(elide_before_name(str(sentence), str(conditional_escape(name)),
                                       get_language() or ""))
