"""`azul` is type-checked strictly: mypy with the project's [tool.mypy] passes on it, and the same
configuration refuses a module that breaks the strict rules (`make lint` runs it)."""

import subprocess
import sys
from pathlib import Path

from tests.site.test_settings import BASE_DIR

MYPY = str(Path(sys.executable).with_name("mypy"))
PLANTED = '''"""Planted by a test: each function breaks one of strict mode's rules."""
from typing import Any


def untyped(value):
    return value


def count() -> int:
    return "three"


def loose(value: Any) -> int:
    return value
'''


def mypy(*arguments, cache):
    return subprocess.run([MYPY, "--config-file", str(BASE_DIR / "pyproject.toml"),
                           "--cache-dir", str(cache), *arguments], cwd=BASE_DIR,
                          capture_output=True, text=True, timeout=600)


def test_the_strict_configuration_refuses_untyped_wrong_and_any_returning_functions(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text(PLANTED)

    checked = mypy(str(planted), cache=tmp_path / "cache")

    assert checked.returncode == 1, checked.stdout + checked.stderr
    for line, code in ((5, "no-untyped-def"), (10, "return-value"), (14, "no-any-return")):
        assert f"planted.py:{line}: error:" in checked.stdout, checked.stdout
        assert f"[{code}]" in checked.stdout, checked.stdout


def test_azul_passes_the_strict_check(tmp_path):
    checked = mypy(cache=tmp_path / "cache")  # the files of [tool.mypy]: azul/

    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("Success: no issues found"), checked.stdout
