"""Characters that draw nothing: Unicode's Default_Ignorable_Code_Point property.

Python's unicodedata does not carry this property, so its ranges are written here once, from
DerivedCoreProperties.txt of Unicode 15.1 (every range of "Default_Ignorable_Code_Point", the
unassigned ones included: a font shows them as nothing too). They are what UAX #31 and the
UTS #39 skeleton leave out of identifiers: soft hyphen, combining grapheme joiner, Hangul
fillers, Khmer and Mongolian invisible vowels and selectors, zero-width spaces and joiners,
direction marks, overrides and isolates, variation selectors, tags. A name or a chat message
carrying them looks like one without them (accounts.names, social.services).
"""

import unicodedata
from bisect import bisect_right

# (first, last), inclusive, in order.
DEFAULT_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors, vowel separator
    (0x200B, 0x200F),  # zero-width space, non-joiner, joiner; LRM, RLM
    (0x202A, 0x202E),  # direction embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, direction isolates, deprecated
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors 1-16
    (0xFEFF, 0xFEFF),  # zero-width no-break space (byte order mark)
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # unassigned
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE0FFF),  # tags, variation selectors 17-256, unassigned
)
_FIRSTS = tuple(first for first, _ in DEFAULT_IGNORABLE_RANGES)

ZERO_WIDTH_JOINER = "\u200d"
ZERO_WIDTH_NON_JOINER = "\u200c"
EMOJI_SELECTORS = frozenset("\ufe0e\ufe0f")  # text and emoji presentation
SKIN_TONES = range(0x1F3FB, 0x1F400)


def is_default_ignorable(character: str) -> bool:
    point = ord(character)
    index = bisect_right(_FIRSTS, point) - 1
    return index >= 0 and point <= DEFAULT_IGNORABLE_RANGES[index][1]


def without_default_ignorables(text: str) -> str:
    return "".join(ch for ch in text if not is_default_ignorable(ch))


def _pictographic(character: str) -> bool:
    # Emoji are symbols (So); skin tones are modifiers (Sk). Close enough to Extended_Pictographic,
    # which unicodedata lacks too, for deciding where a joiner joins two pictures.
    return unicodedata.category(character) == "So" or ord(character) in SKIN_TONES


def without_invisible_marks(text: str) -> str:
    """The text without its default-ignorables, but for the two that emoji need: a presentation
    selector right after a symbol ("❤️") and a joiner between two pictures ("👩‍👩‍👧", "🏳️‍🌈").
    Anywhere else they draw nothing, so they only hide or reorder text (bidi overrides,
    zero-width spaces splitting a word past a filter); tags go too (a tag flag shows as 🏴)."""
    kept: list[str] = []
    for index, ch in enumerate(text):
        if not is_default_ignorable(ch):
            kept.append(ch)
            continue
        before = kept[-1] if kept else ""
        if ch in EMOJI_SELECTORS:
            if before and _pictographic(before):
                kept.append(ch)
        elif ch == ZERO_WIDTH_JOINER:
            after = text[index + 1] if index + 1 < len(text) else ""
            after_picture = before == "\ufe0f" or (before and _pictographic(before))
            if after_picture and after and _pictographic(after):
                kept.append(ch)
    return "".join(kept)
