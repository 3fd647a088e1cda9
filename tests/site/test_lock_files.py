"""`make run` and `make test` install from requirements/*.txt: the lock files must hold every
dependency pyproject.toml names, at a version it allows, each with its hashes.

A dependency added to pyproject.toml without `make lock` fails here, not on a newcomer's machine
(pip's --require-hashes mode refuses any package the lock file does not pin).
"""

import re
import tomllib

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.site.test_settings import BASE_DIR

PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s\\;]+)", flags=re.MULTILINE)


def pins(lock_name: str) -> dict[str, str]:
    text = (BASE_DIR / "requirements" / lock_name).read_text()
    return {canonicalize_name(name): version for name, version in PIN.findall(text)}


def declared(extra: str | None) -> list[Requirement]:
    project = tomllib.loads((BASE_DIR / "pyproject.toml").read_text())["project"]
    names = list(project["dependencies"])
    if extra:
        names += project["optional-dependencies"][extra]
    return [Requirement(name) for name in names]


@pytest.mark.parametrize(("lock_name", "extra"), [("runtime.txt", None), ("test.txt", "test")])
def test_each_lock_pins_every_declared_dependency_at_an_allowed_version(lock_name, extra):
    pinned = pins(lock_name)
    for requirement in declared(extra):
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement.name} is not in requirements/{lock_name}: run make lock"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"requirements/{lock_name} pins {name}=={pinned[name]}, outside {requirement}: "
            "run make lock"
        )


@pytest.mark.parametrize("lock_name", ["runtime.txt", "test.txt"])
def test_every_pinned_package_carries_its_hashes(lock_name):
    text = (BASE_DIR / "requirements" / lock_name).read_text()
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n\n", 1)[-1])
    unhashed = [entry.split("\n")[0] for entry in entries
                if PIN.match(entry) and "--hash=sha256:" not in entry]
    assert not unhashed


def test_the_runtime_lock_is_the_test_lock_without_the_test_tools():
    runtime, test = pins("runtime.txt"), pins("test.txt")
    assert {name: test.get(name) for name in runtime} == runtime
