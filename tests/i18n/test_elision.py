"""French elides "de" before a vowel sound: « la table d’Alice » (kernel.elision)."""

import pytest
from django.template import Context, Template
from django.utils import translation

from kernel.elision import elide_before_name


@pytest.mark.parametrize(("name", "expected"), [
    ("Alice", "table d’Alice"),
    ("Émile", "table d’Émile"),
    ("hugo", "table d’hugo"),
    ("Yves", "table d’Yves"),
    ("Bob", "table de Bob"),
    ("1Up", "table de 1Up"),
])
def test_french_elides_before_a_vowel_sound(name, expected):
    assert elide_before_name(f"table de {name}", name, "fr") == expected


def test_other_languages_and_empty_names_are_left_alone():
    assert elide_before_name("table de Alice", "Alice", "en") == "table de Alice"
    assert elide_before_name("table de ", "", "fr") == "table de "


def test_the_filter_elides_an_escaped_name_and_keeps_the_markup():
    template = Template(
        "{% load i18n terms %}{% blocktranslate with id=3 shown_name=name asvar title %}"
        "Table {{ id }} <span class=\"muted\">· {{ shown_name }}'s table</span>{% endblocktranslate %}"
        "{{ title|elide_before:name }}")
    with translation.override("fr"):
        shown = template.render(Context({"name": "Amélie & <Co>"}))
    assert shown == "Table 3 <span class=\"muted\">· table d’Amélie &amp; &lt;Co&gt;</span>"
    with translation.override("en"):
        assert "Amélie &amp; &lt;Co&gt;'s table" in template.render(Context({"name": "Amélie & <Co>"}))
