"""Every `make` target installs from requirements/*.txt: the lock files must hold every
dependency pyproject.toml names, for each extra, at a version it allows, each with its hashes.

A dependency added to pyproject.toml without `make lock` fails here, not on a newcomer's machine
(pip's --require-hashes mode refuses any package the lock file does not pin). Which lock holds
which extras is read from `make lock` itself, so this file and the Makefile cannot disagree.
"""

import re
import shutil
import subprocess
import tomllib
from itertools import combinations

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.site.test_settings import BASE_DIR

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")

PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s\\;]+)", flags=re.MULTILINE)


def locks_made() -> dict[str, set[str]]:
    """requirements/<file> -> the extras `make lock` resolves into it (the runtime set: none)."""
    done = subprocess.run(["make", "-n", "lock"], cwd=BASE_DIR, capture_output=True, text=True,
                          check=True)
    made = {}
    for line in done.stdout.splitlines():
        if "pip-compile" in line:
            output = re.search(r"--output-file=requirements/(\S+)", line).group(1)
            made[output] = set(re.findall(r"--extra=(\S+)", line))
    return made


def pins(lock_name: str) -> dict[str, str]:
    text = (BASE_DIR / "requirements" / lock_name).read_text()
    return {canonicalize_name(name): version for name, version in PIN.findall(text)}


def project() -> dict:
    return tomllib.loads((BASE_DIR / "pyproject.toml").read_text())["project"]


def declared(extras: set[str]) -> list[Requirement]:
    names = list(project()["dependencies"])
    for extra in sorted(extras):
        names += project()["optional-dependencies"][extra]
    return [Requirement(name) for name in names]


LOCKS = ["runtime.txt", "test.txt", "lint.txt", "bench.txt", "train.txt"]


def test_make_lock_makes_one_lock_per_install_set_and_locks_every_extra():
    made = locks_made()

    assert sorted(made) == sorted(LOCKS)
    assert made["runtime.txt"] == set()
    assert made["test.txt"] == {"test", "lint", "train"}  # make test lints and trains
    assert {name: made[name] for name in ("lint.txt", "bench.txt", "train.txt")} == {
        "lint.txt": {"lint"}, "bench.txt": {"bench"}, "train.txt": {"train"}}
    assert set().union(*made.values()) == set(project()["optional-dependencies"])


def test_no_lock_file_is_left_that_make_lock_does_not_make():
    assert sorted(path.name for path in (BASE_DIR / "requirements").glob("*.txt")) == sorted(LOCKS)


@pytest.mark.parametrize("lock_name", LOCKS)
def test_each_lock_pins_every_declared_dependency_at_an_allowed_version(lock_name):
    pinned = pins(lock_name)
    for requirement in declared(locks_made()[lock_name]):
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement.name} is not in requirements/{lock_name}: run make lock"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"requirements/{lock_name} pins {name}=={pinned[name]}, outside {requirement}: "
            "run make lock"
        )


@pytest.mark.parametrize("lock_name", LOCKS)
def test_every_pinned_package_carries_its_hashes(lock_name):
    text = (BASE_DIR / "requirements" / lock_name).read_text()
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n\n", 1)[-1])
    unhashed = [entry.split("\n")[0] for entry in entries
                if PIN.match(entry) and "--hash=sha256:" not in entry]
    assert pins(lock_name)
    assert not unhashed


def test_the_runtime_lock_is_in_every_other_at_the_same_versions():
    """Each install set goes on top of the runtime install: one version of each package."""
    runtime = pins("runtime.txt")
    for lock_name in LOCKS[1:]:
        other = pins(lock_name)
        assert {name: other.get(name) for name in runtime} == runtime, lock_name


@pytest.mark.parametrize(("first", "second"), list(combinations(LOCKS, 2)))
def test_two_locks_pin_a_package_they_share_at_one_version(first, second):
    """One venv may hold several sets (make test, then make bench): they must agree."""
    one, two = pins(first), pins(second)
    assert {name: one[name] for name in one.keys() & two.keys()} == {
        name: two[name] for name in one.keys() & two.keys()}
