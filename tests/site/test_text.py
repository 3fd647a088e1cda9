"""kernel.text: the Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, Unicode
15.1) hold every code point they name and nothing next to them; chat keeps emoji sequences."""

import pytest

from kernel.text import DEFAULT_IGNORABLE_RANGES, is_default_ignorable, without_invisible_marks

# The property's ranges as DerivedCoreProperties.txt 15.1 lists them (merged where adjacent).
UNICODE_15_1 = [
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
]


def test_the_ranges_are_unicodes():
    assert list(DEFAULT_IGNORABLE_RANGES) == UNICODE_15_1


@pytest.mark.parametrize(("first", "last"), UNICODE_15_1, ids=lambda point: f"{point:04X}")
def test_every_code_point_of_a_range_is_ignorable_and_its_neighbours_are_not(first, last):
    assert all(is_default_ignorable(chr(point)) for point in range(first, last + 1))
    assert not is_default_ignorable(chr(first - 1))
    assert not is_default_ignorable(chr(last + 1))


def test_ordinary_text_is_not_ignorable():
    assert not any(is_default_ignorable(ch) for ch in "Azul, Zoë, Мария, 山田, ❤ 👩 \u0301 \t")


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("pay\u202egnp.exe", "paygnp.exe"),  # a bidi override
        ("\u2066left\u2069 \u200fx", "left x"),  # isolates and a direction mark
        ("b\u200bad w\u2060ord", "bad word"),  # zero-width space and word joiner
        ("hi\u3164\ufe0f\u034f\U000e0100", "hi"),  # filler, selectors, grapheme joiner
        ("a\u200db", "ab"),  # a joiner between letters
        ("👩\u200d👩\u200d👧 ❤\ufe0f 🏳\ufe0f\u200d🌈 👍🏽", "👩\u200d👩\u200d👧 ❤\ufe0f 🏳\ufe0f\u200d🌈 👍🏽"),
        ("👩\u200d\u200d👧\u200d", "👩\u200d👧"),  # joiners only between two pictures
    ],
)
def test_chat_text_loses_invisible_marks_but_keeps_emoji_sequences(typed, kept):
    assert without_invisible_marks(typed) == kept
