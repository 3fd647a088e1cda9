"""No user-facing string escapes translation: templates and JS modules hold no unmarked text.

The catalogue checks (test_catalogues.py) see only marked strings; these find the unmarked ones.
Templates: every text node and user-facing attribute (aria-label, title, placeholder, alt) outside
{% translate %} / {% blocktranslate %} must have no words, names of the game and the site aside.
JS: a string literal that reads like a sentence ("Your move", "Mute alice") must be an argument of
gettext/ngettext/pgettext (shared/i18n.js); the heuristic skips identifiers, classes and URLs.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings
from django.template.base import Lexer, TokenType

ROOT = Path(settings.BASE_DIR)
NAMES = {"Azul", "Azul Duel", "azulsite", "azulsite  · azulsite"}  # proper names, never translated
ATTRIBUTES = {"aria-label", "title", "placeholder", "alt", "aria-description"}
WORD = re.compile(r"[A-Za-z]{2,}")
SENTENCE = re.compile(r"^[A-Z][a-z']+(?: [a-z'A-Z%()0-9,.:;!?…—-]+)+[.!?…:]?$")
MARKED_CALL = re.compile(r"\b(?:n|p)?gettext\(")


class _VisibleText(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found, self._hidden = [], 0

    def handle_starttag(self, tag, attrs):
        self._hidden += tag in ("script", "style")
        self.found += [f"{name}={value!r}" for name, value in attrs
                       if name in ATTRIBUTES and value and WORD.search(value)]

    def handle_endtag(self, tag):
        self._hidden -= tag in ("script", "style")

    def handle_data(self, data):
        if not self._hidden and WORD.search(data) and data.strip() not in NAMES:
            self.found.append(data.strip())


def unmarked_template_text(source: str) -> list[str]:
    """What a template shows outside translation tags ({{ values }} count as no words)."""
    parts, translating, commented = [], 0, 0
    for token in Lexer(source).tokenize():
        name = token.contents.split()[0] if token.token_type == TokenType.BLOCK and token.contents else ""
        translating += {"blocktranslate": 1, "blocktrans": 1, "endblocktranslate": -1,
                        "endblocktrans": -1}.get(name, 0)
        commented += {"comment": 1, "endcomment": -1}.get(name, 0)
        if token.token_type == TokenType.TEXT and not translating and not commented:
            parts.append(token.contents)
        else:
            parts.append(" X " if token.token_type == TokenType.VAR else " ")
    parser = _VisibleText()
    parser.feed("".join(parts))
    return parser.found


def templates() -> list[Path]:
    folders = [ROOT / "templates", *ROOT.glob("*/templates")]
    return sorted(path for folder in folders for path in folder.rglob("*.html"))


def test_templates_show_no_unmarked_text():
    found = {str(path.relative_to(ROOT)): texts for path in templates()
             if (texts := unmarked_template_text(path.read_text()))}
    assert not found, f"wrap in {{% translate %}} / {{% blocktranslate %}}: {found}"


def unmarked_js_sentences(source: str) -> list[str]:
    found = []
    for line in source.splitlines():
        stripped = line.strip()
        if stripped.startswith(("//", "*", "/*", "import ")):
            continue
        for match in re.finditer(r"""(["'`])((?:\\.|(?!\1).)*)\1""", line):
            # Marked: an argument of a gettext call opened earlier on the line (ngettext's plural too).
            if SENTENCE.match(match.group(2)) and not MARKED_CALL.search(line[:match.start()]):
                found.append(match.group(2))
    return found


def test_js_modules_build_no_unmarked_sentence():
    found = {str(path.relative_to(ROOT)): texts for path in sorted((ROOT / "static/js").rglob("*.js"))
             if (texts := unmarked_js_sentences(path.read_text()))}
    assert not found, f"pass through gettext() from shared/i18n.js: {found}"


def test_the_checks_catch_unmarked_strings():
    assert unmarked_template_text('<p>Your move</p><b title="Board of alice">{{ x }}</b>') == [
        "Your move", "title='Board of alice'"]
    assert unmarked_template_text('{% translate "Your move" %}<p>{{ name }}</p>') == []
    assert unmarked_js_sentences('el.textContent = "Your move now";') == ["Your move now"]
    assert unmarked_js_sentences('el.textContent = gettext("Your move now");') == []
