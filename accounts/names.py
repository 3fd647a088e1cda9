"""What makes a name pass for another: look-alike folding, invisible and direction characters.

fold() is a UTS #39 skeleton, case-blind and blind to spacing and punctuation: two names with
the same fold look alike ("lena", "Iena", "Lеna" with a Cyrillic е, "L e n a", "𝐋𝐞𝐧𝐚"). The
look-alike classes come from Unicode's confusables.txt as the confusable-homoglyphs package
ships it: each class is a prototype and the characters confusable with it, and every member
folds to the prototype (sequences such as "rn" for "m" included).
"""

import unicodedata
from functools import cache

from confusable_homoglyphs import utils as homoglyph_data

from kernel.text import ZERO_WIDTH_JOINER, ZERO_WIDTH_NON_JOINER, is_default_ignorable

# Characters that reorder the text around them (RLO "\u202e" shows "anel" as "lena").
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Format characters real names need: joiners in Persian and Indic words, emoji sequences.
# Both are default-ignorable and fold drops them, so they cannot make a copy of another's name.
NEEDED_FORMAT_CHARACTERS = frozenset((ZERO_WIDTH_NON_JOINER, ZERO_WIDTH_JOINER))
# Letters and symbols that draw nothing (Hangul fillers, the Braille blank, Mongolian and Khmer
# inherent vowels); default-ignorable or blank in every common font.
BLANK_CHARACTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
# The data's right-to-left entries are wrapped in direction marks to print them; not part of them.
_DATA_MARKS = str.maketrans("", "", "\u200e\u200f")


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character (or sequence) → its class's prototype."""
    neighbours: dict[str, set[str]] = {}
    for source, entries in homoglyph_data.load("confusables.json").items():
        source = source.translate(_DATA_MARKS)
        for entry in entries:
            target = entry["c"].translate(_DATA_MARKS)
            neighbours.setdefault(source, set()).add(target)
            neighbours.setdefault(target, set()).add(source)
    prototypes: dict[str, str] = {}
    for start in neighbours:
        if start in prototypes:
            continue
        members, pending = set(), [start]
        while pending:
            member = pending.pop()
            if member not in members:
                members.add(member)
                pending.extend(neighbours[member])
        # confusables.txt maps every member to one prototype, so a class is a star around it:
        # the member confusable with all the others (a pair: prefer the plain ASCII one).
        centres = [m for m in members if neighbours[m] >= members - {m}]
        prototype = min(centres, key=lambda m: (len(m) == 1, not m.isascii(), m))
        for member in members:
            prototypes[member] = prototype
    return prototypes


def skeleton(text: str) -> str:
    prototypes = _prototypes()
    text = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in text))


def _kept_in_fold(character: str) -> bool:
    # Spacing, punctuation, controls, format and default-ignorable characters (variation
    # selectors, Hangul fillers, ...: letters and marks that draw nothing) do not tell names apart.
    return unicodedata.category(character)[0] not in "ZPC" and not is_default_ignorable(character)


def fold(name: str) -> str:
    """The form under which look-alike names compare equal (see the module docstring)."""
    # UTS #39 removes the default-ignorables before the skeleton (NFKC can make some: U+FFA0).
    text = "".join(ch for ch in unicodedata.normalize("NFKC", name) if not is_default_ignorable(ch))
    text = skeleton(text)
    # Case after the skeleton: "I" folds to "l" before it could become "i".
    text = skeleton(unicodedata.normalize("NFKC", text.casefold()))
    return "".join(ch for ch in text if _kept_in_fold(ch))


def is_visible(character: str) -> bool:
    category = unicodedata.category(character)
    return category[0] not in "ZCM" and character not in BLANK_CHARACTERS


def invisible_character(name: str) -> str | None:
    """The first default-ignorable character of the name (bidi controls included) but the
    joiners real names need, or None. UAX #31 leaves them out of identifiers: appended to
    another player's name (U+FE0F, U+3164, ...) they make a name that shows exactly like it."""
    return next(
        (ch for ch in name if is_default_ignorable(ch) and ch not in NEEDED_FORMAT_CHARACTERS), None
    )


def hidden_formatting(name: str) -> bool:
    """Whether the name holds controls, direction overrides or invisible format characters."""
    return any(
        ch in BIDI_CONTROLS
        or (unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch not in NEEDED_FORMAT_CHARACTERS)
        for ch in name
    )
