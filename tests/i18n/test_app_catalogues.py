"""An app's own French catalogue (`<app>/locale/fr/LC_MESSAGES/`, docs/i18n.md) is held to what
the site's is: every entry translated, none fuzzy, the placeholders kept, the .mo compiled from
the .po. (test_catalogues.py checks the site's catalogue; makemessages writes an app's strings
to the app's catalogue when it has one.)"""

from pathlib import Path

import polib
import pytest
from django.conf import settings

from .test_catalogues import PLACEHOLDER, current_entries, key

ROOT = Path(settings.BASE_DIR)
APP_CATALOGUES = sorted(path for path in ROOT.glob("*/locale/fr/LC_MESSAGES/*.po")
                        if path.parts[-5] != "locale" and ".venv" not in path.parts)


def test_the_apps_with_a_catalogue_are_found():
    assert ROOT / "fairplay/locale/fr/LC_MESSAGES/django.po" in APP_CATALOGUES


@pytest.mark.parametrize("path", APP_CATALOGUES, ids=lambda path: str(path.relative_to(ROOT)))
def test_an_app_catalogue_is_translated_and_compiled(path):
    po = polib.pofile(str(path))
    assert not [entry.msgid for entry in po.untranslated_entries()]
    assert not [entry.msgid for entry in po.fuzzy_entries()]
    assert not po.metadata_is_fuzzy
    assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n > 1);"
    wrong = []
    for entry in current_entries(po).values():
        pairs = ([(entry.msgid, entry.msgstr_plural[0]), (entry.msgid_plural, entry.msgstr_plural[1])]
                 if entry.msgid_plural else [(entry.msgid, entry.msgstr)])
        wrong += [(source, french) for source, french in pairs
                  if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(french))]
    assert not wrong
    mo_path = path.with_suffix(".mo")
    assert mo_path.exists(), f"{mo_path} is missing: compile the catalogues"
    compiled = {key(entry): (entry.msgstr, {int(i): v for i, v in entry.msgstr_plural.items()})
                for entry in polib.mofile(str(mo_path)) if entry.msgid}
    wanted = {key(entry): (entry.msgstr, {int(i): v for i, v in entry.msgstr_plural.items()})
              for entry in current_entries(po).values()}
    assert compiled == wanted, f"{mo_path} is stale: compile the catalogues (docs/i18n.md)"
