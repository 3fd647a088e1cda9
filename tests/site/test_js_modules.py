"""The layout of static/js: shared modules, one folder per ruleset, pages on top.

A ruleset's board never imports the other ruleset's, and no board imports a page, so the rules
pages can draw a wall or a factory with the board's own components. Every relative import must
name a module that exists (a typo would only show as a blank page in a browser).
"""

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[2] / "static" / "js"
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']""", re.M)

# Folder -> the folders its modules may import from.
ALLOWED = {
    "shared": {"shared"},
    "classic": {"shared", "classic"},
    "duel": {"shared", "duel"},
}


def imports_of(path):
    text = path.read_text()
    for match in IMPORT.finditer(text):
        target = match.group(1) or match.group(2)
        if target.startswith("."):
            yield (path.parent / target).resolve()


def test_every_relative_import_names_an_existing_module():
    missing = [
        f"{path.relative_to(JS)} imports {target}"
        for path in JS.rglob("*.js")
        for target in imports_of(path)
        if not target.is_file()
    ]
    assert not missing


def test_rulesets_import_only_shared_modules_and_their_own():
    wrong = []
    for folder, allowed in ALLOWED.items():
        for path in (JS / folder).rglob("*.js"):
            for target in imports_of(path):
                part = target.relative_to(JS).parts[0]
                if part not in allowed:
                    wrong.append(f"{path.relative_to(JS)} imports {target.relative_to(JS)}")
    assert not wrong


def test_the_second_copy_of_the_rules_is_gone():
    assert not (JS / "azul" / "rules.js").exists()
    assert not list(JS.rglob("rules.js"))
