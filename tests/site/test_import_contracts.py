"""import-linter's contracts: `azul` is a pure library (whole, caught breaking, run without Django);
the apps form a DAG, nothing below an edge imports one, the kernel and the realtime layer import no
app (each caught)."""

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


# --- the site's contracts: each, as written in .importlinter, catches a planted violation ------

SITE_CONTRACTS = ("apps-form-a-dag", "nothing-below-an-edge-imports-one", "the-kernel-imports-no-app",
                  "realtime-imports-no-app")


def lint_site_copy(tmp_path, contract, planted):
    """Run `contract` alone over a copy of the site's packages: kept as they are, then with the
    `planted` modules ({path: source}) added. The second run's output."""
    config = contracts()
    kept = configparser.ConfigParser()
    kept["importlinter"] = dict(config["importlinter"])
    kept[f"importlinter:contract:{contract}"] = config[f"importlinter:contract:{contract}"]
    with open(tmp_path / ".importlinter", "w") as file:
        kept.write(file)
    for package in config["importlinter"]["root_packages"].split():
        shutil.copytree(BASE_DIR / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.npz", "*.json", "*.gz"))
    lint = [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"]
    clean = subprocess.run(lint, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert clean.returncode == 0, clean.stdout + clean.stderr  # the copy alone keeps it
    for path, source in planted.items():
        (tmp_path / path).write_text(f'"""Planted by a test."""\n{source}\n')
    broken = subprocess.run(lint, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert broken.returncode != 0, broken.stdout
    assert "1 broken" in broken.stdout, broken.stdout + broken.stderr
    return broken.stdout


def test_the_site_contracts_are_all_in_the_file():
    config = contracts()
    for name in SITE_CONTRACTS:
        assert f"importlinter:contract:{name}" in config, name


def test_an_app_importing_a_higher_app_or_a_sibling_breaks_the_apps_graph(tmp_path):
    out = lint_site_copy(tmp_path, "apps-form-a-dag", {
        "games/planted.py": "import leagues.models",  # up a layer
        "social/planted.py": "import matchmaking.models",  # a sibling
        "tournaments/planted.py": "import leagues.models",  # a sibling of the same layer
        "ratings/planted.py": "import tournaments.models",  # up a layer
        "accounts/planted.py": "import games.models",  # the old accounts -> games
        "notifications/planted.py": "import azulsite.urls",  # the composition root
        "leagues/planted.py": "import fairplay.models",  # up a layer: fair play sits above
    })
    for caught in ("games.planted -> leagues.models", "social.planted -> matchmaking.models",
                   "tournaments.planted -> leagues.models", "ratings.planted -> tournaments.models",
                   "accounts.planted -> games.models", "notifications.planted -> azulsite.urls",
                   "leagues.planted -> fairplay.models"):
        assert caught in out, out


def test_a_service_importing_an_edge_of_any_app_breaks_the_edge_contract(tmp_path):
    out = lint_site_copy(tmp_path, "nothing-below-an-edge-imports-one", {
        # the real case found in review: a service reading a template tag
        "games/services/planted.py": "from games.templatetags import terms",
        # across apps, through a service module under the services package
        "matchmaking/services/planted.py": "import social.api.views",
        "notifications/payloads.py": "import games.consumers",  # a plain module below the edges
    })
    for caught in ("games.services.planted -> games.templatetags.terms",
                   "matchmaking.services.planted -> social.api.views",
                   "notifications.payloads -> games.consumers"):
        assert caught in out, out


def test_the_kernel_importing_an_app_breaks_its_contract(tmp_path):
    out = lint_site_copy(tmp_path, "the-kernel-imports-no-app", {
        "kernel/planted.py": "import accounts.models\nimport azulsite.settings",
    })
    for caught in ("kernel.planted -> accounts.models", "kernel.planted -> azulsite.settings"):
        assert caught in out, out


def test_the_realtime_contract_forbids_every_app():
    section = contracts()["importlinter:contract:realtime-imports-no-app"]
    assert section["source_modules"].split() == ["realtime"]
    missing = (site_apps() | {"azulsite"}) - set(section["forbidden_modules"].split())
    assert not missing, f"add to the realtime contract's forbidden_modules: {sorted(missing)}"


def test_the_realtime_layer_importing_an_app_breaks_its_contract(tmp_path):
    """Apps register with realtime; realtime reaching for an app's socket code, or for the
    composition root that mounts the apps, is caught."""
    out = lint_site_copy(tmp_path, "realtime-imports-no-app", {
        "realtime/planted.py": "import games.consumers\nimport social.sockets\nimport azulsite.routing",
    })
    for caught in ("realtime.planted -> games.consumers", "realtime.planted -> social.sockets",
                   "realtime.planted -> azulsite.routing"):
        assert caught in out, out
