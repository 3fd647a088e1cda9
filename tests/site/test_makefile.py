"""The Makefile's targets install what they need and no more, and README documents its knobs."""

import os
import re
import shutil
import subprocess
import tomllib

import pytest

from tests.site.test_settings import BASE_DIR

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def planned_commands(target, venv):
    """The commands `make <target>` would run on a machine without a virtual environment."""
    done = subprocess.run(
        ["make", "-n", target, f"VENV={venv}"],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def pip_installs(commands):
    return [line for line in commands if " -m pip install " in line and "--upgrade pip" not in line]


def from_locks(installs):
    """The lock files these installs read, checking each reads one with every hash required."""
    locks = []
    for line in installs:
        if " -r " in line:
            assert "--require-hashes" in line, line
            locks.append(line.split(" -r ")[1].split()[0])
        else:  # the project itself, whose dependencies come from the locks
            assert "--no-deps -e ." in line, line
    return locks


def test_make_run_installs_only_the_runtime_dependencies_from_their_lock(tmp_path):
    installs = pip_installs(planned_commands("run", tmp_path / "venv"))

    assert from_locks(installs) == ["requirements/runtime.txt"]


@pytest.mark.parametrize("target", ["worker", "beat", "migrate"])
def test_the_other_serving_targets_install_only_the_runtime_dependencies(tmp_path, target):
    installs = pip_installs(planned_commands(target, tmp_path / "venv"))

    assert from_locks(installs) == ["requirements/runtime.txt"]


@pytest.mark.parametrize("target", ["test", "test-services", "test-thorough"])
def test_make_test_installs_the_test_lint_and_train_extras_from_their_locks(tmp_path, target):
    """test.txt holds the test, lint and train extras; `make lint`'s own install then finds
    everything in place (the two locks agree: tests/site/test_lock_files.py)."""
    installs = pip_installs(planned_commands(target, tmp_path / "venv"))

    assert from_locks(installs) == [
        "requirements/runtime.txt", "requirements/test.txt", "requirements/lint.txt"]


@pytest.mark.parametrize(("target", "lock"), [
    ("lint", "requirements/lint.txt"),
    ("bench-engine", "requirements/bench.txt"),
    ("bench-ws", "requirements/bench.txt"),
    ("train", "requirements/train.txt"),
])
def test_lint_bench_and_train_install_their_own_extra_only(tmp_path, target, lock):
    installs = pip_installs(planned_commands(target, tmp_path / "venv"))

    assert from_locks(installs) == ["requirements/runtime.txt", lock]


def test_make_lint_runs_ruff_import_linter_and_mypy_on_the_pure_libraries(tmp_path):
    venv = tmp_path / "venv"
    commands = planned_commands("lint", venv)
    config = tomllib.loads((BASE_DIR / "pyproject.toml").read_text())["tool"]["mypy"]

    for tool in ("ruff check .", "lint-imports", "mypy"):
        assert f"{venv}/bin/{tool}" in commands, commands
    # The command names no files: [tool.mypy] does, the game and the tournaments' pairings.
    assert config["files"] == ["azul", "tournaments/pairing"]
    assert config["strict"] is True


def test_readme_documents_every_variable_make_run_reads():
    makefile = (BASE_DIR / "Makefile").read_text()
    readme = (BASE_DIR / "README.md").read_text()
    knobs = re.findall(r"^([A-Z]+) \?=", makefile, flags=re.MULTILINE)

    assert {"HOST", "PORT"} <= set(knobs)
    for knob in ("HOST", "PORT"):
        assert re.search(rf"\b{knob}=", readme), f"README does not say how to set {knob}"


def test_make_run_serves_with_debug_off_unless_asked(tmp_path):
    """`make run` on a fresh clone: DEBUG off (the site's own 404 and 500 pages, hashed static
    files), plain HTTP allowed, a secret key made once; DEBUG=true turns debugging back on."""
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    seen = tmp_path / "seen"
    for name in ("python", "daphne"):  # stand-ins that record the environment they are given
        script = bin_dir / name
        script.write_text(
            "#!/bin/sh\n"
            f'echo "$DEBUG $SECURE_SSL_REDIRECT $SESSION_COOKIE_SECURE ${{#SECRET_KEY}}" >> {seen}\n'
        )
        script.chmod(0o755)
    secret = tmp_path / "secret"

    def run(*extra):
        seen.write_text("")
        subprocess.run(["make", "-s", "run", f"VENV={tmp_path / 'venv'}", f"LOCAL_SECRET={secret}",
                        *extra], cwd=BASE_DIR, capture_output=True, text=True, check=True,
                       env={key: value for key, value in os.environ.items()
                            if key not in {"DEBUG", "SECRET_KEY", "SECURE_SSL_REDIRECT",
                                           "SESSION_COOKIE_SECURE", "MAKEFLAGS"}})
        return {tuple(line.split()) for line in seen.read_text().splitlines()}

    assert run() == {("false", "false", "false", "67")}
    assert len(secret.read_text().strip()) == 67
    assert run("DEBUG=true") == {("true", "false", "false", "67")}
