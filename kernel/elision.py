"""French elision before a name: « la table d’Alice », not « de Alice ».

A translated sentence keeps its name as a variable ("table de %(shown_name)s"), and whether "de"
becomes "d’" depends on the name's first sound, which only the rendered sentence knows. So the
sentence is rendered first and then elided here; the same rule is in static/js/shared/i18n.js
(`elideBeforeName`) for the sentences the browser writes.
"""

import unicodedata

VOWEL_SOUNDS = frozenset("aeiouyh")  # a mute h elides too: « d’Hélène »


def starts_with_vowel_sound(word: str) -> bool:
    first = unicodedata.normalize("NFD", word)[:1].lower()
    return first in VOWEL_SOUNDS


def elide_before_name(text: str, name: str, language: str) -> str:
    """`text` with "de <name>" written "d’<name>" where French elides it; unchanged otherwise."""
    if not language.startswith("fr") or not name or not starts_with_vowel_sound(name):
        return text
    return text.replace(f"de {name}", f"d’{name}")
