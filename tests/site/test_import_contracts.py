"""The engine and the bots are a library: import-linter's contracts, whole, and a run without Django."""

import configparser
import subprocess
import sys
import venv
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
LIBRARY = {"engine", "bots"}


def games_parts() -> set[str]:
    games = BASE_DIR / "games"
    return {
        f"games.{path.stem if path.is_file() else path.name}"
        for path in games.iterdir()
        if (path.suffix == ".py" and path.name != "__init__.py")
        or (path.is_dir() and (path / "__init__.py").exists())
    } - {f"games.{name}" for name in LIBRARY}


def site_apps() -> set[str]:
    """Every Django app at the top of the repository (`games` is covered part by part)."""
    return {path.parent.name for path in BASE_DIR.glob("*/apps.py")} - {"games"}


def test_the_contract_forbids_every_app_and_every_other_part_of_games():
    config = configparser.ConfigParser()
    config.read(BASE_DIR / ".importlinter")
    forbidden = set(config["importlinter:contract:engine-and-bots-are-a-library"]
                    ["forbidden_modules"].split())
    roots = set(config["importlinter"]["root_packages"].split())
    assert site_apps() <= roots, f"add to root_packages: {sorted(site_apps() - roots)}"
    missing = (games_parts() | site_apps()) - forbidden
    assert not missing, f"add to .importlinter's forbidden_modules: {sorted(missing)}"


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
    played = subprocess.run([str(python), "-m", "games.engine", "play", "--players", "3",
                             "--seed", "4"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    bots = ("import random, sys; from games import bots, engine; s = engine.new_game(2, seed=3);"
            "a = bots.choose_action(s.fast(), 'strong', rng=random.Random(1), budget=0.05);"
            "assert a in s.fast().legal_actions(); import games.bots.duel, games.bots.search;"
            "assert 'django' not in sys.modules")
    chose = subprocess.run([str(python), "-c", bots], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=120)
    assert chose.returncode == 0, chose.stderr
