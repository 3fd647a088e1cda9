"""tournaments.pairing is a pure library: its import contract, as written in .importlinter,
catches a planted import of Django or of an app, and importing it loads no Django."""

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
CONTRACT = "importlinter:contract:tournaments-pairing-is-a-library"


def test_the_contract_forbids_what_the_engines_contract_forbids():
    config = configparser.ConfigParser()
    config.read(BASE_DIR / ".importlinter")
    engine = set(config["importlinter:contract:azul-is-a-library"]["forbidden_modules"].split())
    # All of the engine's list but the tournaments app itself, the library's own parent package.
    assert engine - {"tournaments"} <= set(config[CONTRACT]["forbidden_modules"].split())
    assert config[CONTRACT]["source_modules"].split() == ["tournaments.pairing"]


def test_a_pairing_module_importing_django_or_an_app_breaks_the_contract(tmp_path):
    config = configparser.ConfigParser()
    config.read(BASE_DIR / ".importlinter")
    kept = configparser.ConfigParser()
    kept["importlinter"] = {"root_packages": "\ntournaments", "include_external_packages": "True"}
    kept[CONTRACT] = config[CONTRACT]
    with open(tmp_path / ".importlinter", "w") as file:
        kept.write(file)
    (tmp_path / "tournaments").mkdir()
    (tmp_path / "tournaments" / "__init__.py").write_text("")
    shutil.copytree(
        BASE_DIR / "tournaments" / "pairing",
        tmp_path / "tournaments" / "pairing",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    lint = [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"]
    clean = subprocess.run(lint, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    (tmp_path / "tournaments" / "pairing" / "planted.py").write_text(
        '"""Planted by a test."""\nimport django\nimport games.models\n'
    )
    broken = subprocess.run(lint, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert broken.returncode != 0
    for caught in ("tournaments.pairing.planted -> django", "tournaments.pairing.planted -> games"):
        assert caught in broken.stdout, broken.stdout + broken.stderr


def test_importing_the_library_loads_no_django():
    probe = (
        "import sys, tournaments.pairing; "
        "assert not [m for m in sys.modules if m.split('.')[0] in ('django', 'kernel', 'games')]"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=BASE_DIR, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
