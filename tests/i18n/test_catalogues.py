"""The French catalogues are complete and current: a fresh extraction of the sources finds exactly
the committed msgids (no string left unextracted, none stale), every one is translated and not
fuzzy, placeholders match, and the compiled .mo holds what the .po says.

Extraction is Django's makemessages (GNU xgettext, installed by `make install`) run on a copy of
the sources, so the working tree is never touched. Reading and comparing catalogues is polib's.
How to add, translate and compile a string: docs/i18n.md.
"""

import re
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale" / "fr" / "LC_MESSAGES"
DOMAINS = ("django", "djangojs")
# What makemessages reads: every app (a folder with apps.py), the site, the templates and the JS.
# What `make messages` reads: every top-level package (apps, the project, kernel, realtime, azul,
# tools) but the tests and benches, the templates and the scripts.
SOURCES = (*sorted(path.parent.name for path in ROOT.glob("*/__init__.py")
                   if path.parent.name not in ("tests", "bench")),
           "templates", "static/js")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")


def key(entry):
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def current_entries(po):
    return {key(entry): entry for entry in po if not entry.obsolete}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """{domain: polib file} of a fresh makemessages run over a copy of the sources."""
    if shutil.which("xgettext") is None:
        pytest.fail("GNU gettext (xgettext) is needed to extract messages: run `make install`")
    copy = tmp_path_factory.mktemp("sources")
    for source in SOURCES:
        shutil.copytree(ROOT / source, copy / source,
                        ignore=shutil.ignore_patterns("__pycache__", "migrations", "*.pyc"))
    (copy / "locale").mkdir()
    import os

    here = os.getcwd()
    os.chdir(copy)
    try:
        with override_settings(LOCALE_PATHS=[copy / "locale"]):
            call_command("makemessages", locale=["fr"], no_location=True, verbosity=0)
            call_command("makemessages", locale=["fr"], domain="djangojs", no_location=True,
                         verbosity=0)
    finally:
        os.chdir(here)
    return {domain: polib.pofile(str(copy / "locale" / "fr" / "LC_MESSAGES" / f"{domain}.po"))
            for domain in DOMAINS}


@pytest.fixture(scope="module")
def committed():
    return {domain: polib.pofile(str(LOCALE / f"{domain}.po")) for domain in DOMAINS}


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_marked_string_is_in_the_committed_catalogue(domain, extracted, committed):
    fresh = set(current_entries(extracted[domain]))
    kept = set(current_entries(committed[domain]))
    missing = sorted(fresh - kept)
    stale = sorted(kept - fresh)
    assert not missing, f"{len(missing)} new strings not extracted into {domain}.po (docs/i18n.md): {missing[:10]}"
    assert not stale, f"{len(stale)} msgids of {domain}.po are in no source any more: {stale[:10]}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_entry_has_a_french_translation_and_none_is_fuzzy(domain, committed):
    po = committed[domain]
    untranslated = [entry.msgid for entry in po.untranslated_entries()]
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    assert not untranslated, f"{len(untranslated)} untranslated in {domain}.po: {untranslated[:10]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy in {domain}.po: {fuzzy[:10]}"
    assert not po.metadata_is_fuzzy
    assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n > 1);"


@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_keep_the_placeholders(domain, committed):
    wrong = []
    for entry in current_entries(committed[domain]).values():
        if entry.msgid_plural:
            pairs = [(entry.msgid, entry.msgstr_plural[0]), (entry.msgid_plural, entry.msgstr_plural[1])]
        else:
            pairs = [(entry.msgid, entry.msgstr)]
        for source, french in pairs:
            if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(french)):
                wrong.append((source, french))
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_compiled_catalogue_is_the_po_file(domain, committed):
    """`manage.py compilemessages` was run after the last change to the .po (docs/i18n.md)."""
    mo_path = LOCALE / f"{domain}.mo"
    assert mo_path.exists(), f"{mo_path.name} is missing: compile the catalogues"
    compiled = {key(entry): (entry.msgstr, dict(entry.msgstr_plural)) for entry in polib.mofile(str(mo_path))
                if entry.msgid}
    wanted = {
        key(entry): (entry.msgstr, {int(k): v for k, v in entry.msgstr_plural.items()})
        for entry in current_entries(committed[domain]).values()
        if entry.translated() and "fuzzy" not in entry.flags
    }
    compiled = {k: (msgstr, {int(i): v for i, v in plural.items()}) for k, (msgstr, plural) in compiled.items()}
    assert compiled == wanted, f"{mo_path.name} is stale: compile the catalogues (docs/i18n.md)"
