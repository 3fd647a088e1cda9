"""`azul` is a pure library, `realtime` imports no app: import-linter's contracts, whole, caught
breaking, and a run without Django."""

import configparser
import shutil
import subprocess
import sys
import venv
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
LIBRARY_CONTRACTS = ("azul-is-a-library", "engine-knows-nothing-of-the-bots")
PLANTED = """\"\"\"Planted by a test: each import breaks a contract.\"\"\"
import django
import games.models
import azul.bots.search
"""


def site_apps() -> set[str]:
    """Every Django app at the top of the repository."""
    return {path.parent.name for path in BASE_DIR.glob("*/apps.py")}


def contracts() -> configparser.ConfigParser:
    config = configparser.ConfigParser()
    config.read(BASE_DIR / ".importlinter")
    return config


def test_the_contract_forbids_every_app():
    config = contracts()
    forbidden = set(config["importlinter:contract:azul-is-a-library"]["forbidden_modules"].split())
    roots = set(config["importlinter"]["root_packages"].split())
    assert site_apps() | {"azul", "azulsite"} <= roots, (
        f"add to root_packages: {sorted(site_apps() - roots)}")
    missing = (site_apps() | {"azulsite"}) - forbidden
    assert not missing, f"add to .importlinter's forbidden_modules: {sorted(missing)}"


def test_a_module_of_azul_importing_django_an_app_or_the_bots_breaks_the_contracts(tmp_path):
    """The library's two contracts, as written in .importlinter, catch a planted violation."""
    config = contracts()
    kept = configparser.ConfigParser()
    kept["importlinter"] = {"root_packages": "\nazul", "include_external_packages": "True"}
    for name in LIBRARY_CONTRACTS:
        kept[f"importlinter:contract:{name}"] = config[f"importlinter:contract:{name}"]
    with open(tmp_path / ".importlinter", "w") as file:
        kept.write(file)
    shutil.copytree(BASE_DIR / "azul", tmp_path / "azul",
                    ignore=shutil.ignore_patterns("__pycache__", "*.npz"))
    lint = [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"]
    clean = subprocess.run(lint, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert clean.returncode == 0, clean.stdout + clean.stderr  # the copy alone keeps them
    (tmp_path / "azul" / "engine" / "planted.py").write_text(PLANTED)
    broken = subprocess.run(lint, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert broken.returncode != 0
    assert "2 broken" in broken.stdout, broken.stdout + broken.stderr
    for caught in ("azul.engine.planted -> django", "azul.engine.planted -> games",
                   "azul.engine.planted -> azul.bots.search"):
        assert caught in broken.stdout, broken.stdout


def test_the_contracts_are_kept():
    result = subprocess.run([str(Path(sys.executable).with_name("lint-imports"))], cwd=BASE_DIR,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_engine_and_the_bots_run_in_a_python_without_django(tmp_path):
    bare = tmp_path / "bare"
    venv.create(bare, with_pip=False)  # nothing installed: no Django, no numpy, nothing
    python = bare / "bin" / "python"
    env = {"PYTHONPATH": str(BASE_DIR), "PATH": "/usr/bin:/bin"}
    played = subprocess.run([str(python), "-m", "azul.engine", "play", "--players", "3",
                             "--seed", "4"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    bots = ("import random, sys; from azul import bots, engine; s = engine.new_game(2, seed=3);"
            "a = bots.choose_action(s.fast(), 'strong', rng=random.Random(1), budget=0.05);"
            "assert a in s.fast().legal_actions(); import azul.bots.duel, azul.bots.search;"
            "assert 'django' not in sys.modules")
    chose = subprocess.run([str(python), "-c", bots], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=120)
    assert chose.returncode == 0, chose.stderr


REALTIME_CONTRACT = "realtime-imports-no-app"
PLANTED_IN_REALTIME = """\"\"\"Planted by a test: the realtime layer reaching into apps.\"\"\"
import games.consumers
import social.sockets
import azulsite.routing
"""


def test_the_realtime_contract_forbids_every_app():
    config = contracts()
    section = config[f"importlinter:contract:{REALTIME_CONTRACT}"]
    assert section["source_modules"].split() == ["realtime"]
    missing = site_apps() - set(section["forbidden_modules"].split())
    assert not missing, f"add to the realtime contract's forbidden_modules: {sorted(missing)}"
    assert "realtime" in config["importlinter"]["root_packages"].split()
    assert "realtime" in config["importlinter:contract:azul-is-a-library"]["forbidden_modules"].split()


def test_the_realtime_layer_importing_an_app_breaks_its_contract(tmp_path):
    """The realtime contract, as written in .importlinter, catches a planted import of an app's
    socket code and of the composition root, and the layer alone keeps it."""
    kept = configparser.ConfigParser()
    kept["importlinter"] = {"root_packages": "\nrealtime\nazulsite", "include_external_packages": "True"}
    name = f"importlinter:contract:{REALTIME_CONTRACT}"
    kept[name] = contracts()[name]
    with open(tmp_path / ".importlinter", "w") as file:
        kept.write(file)
    for package in ("realtime", "azulsite"):
        shutil.copytree(BASE_DIR / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    lint = [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"]
    clean = subprocess.run(lint, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    (tmp_path / "realtime" / "planted.py").write_text(PLANTED_IN_REALTIME)
    broken = subprocess.run(lint, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert broken.returncode != 0
    assert "1 broken" in broken.stdout, broken.stdout + broken.stderr
    for caught in ("realtime.planted -> games", "realtime.planted -> social",
                   "realtime.planted -> azulsite.routing"):
        assert caught in broken.stdout, broken.stdout
