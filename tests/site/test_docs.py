"""The docs stand alone, and their map of the repository is the tree git tracks.

docs/architecture.md opens with a one-screen map of the folders: every top-level folder and every
app package must be in it, and every path it names must exist (so it cannot drift again). No doc
may point outside the repository (a `../` path, a planning folder such as `spec/`), and no doc or
source file may name a Markdown file the repository does not hold.
"""

import posixpath
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()  # names stale files on purpose
PATH_COLUMNS = 21  # the map's paths stand in its first 21 columns, descriptions after
MAP_LINES = 40  # one screen
OUTSIDE = re.compile(r"\.\./|(?<![\w/.-])(?:spec|seeds)/")
MARKDOWN_NAME = re.compile(r"(?<![\w/.-])([\w./-]*[\w-]\.md)\b")
SOURCES = re.compile(r"\.(py|js|html|css|txt|toml|md)$|^(Makefile|Procfile|\.importlinter|\.ci/run)$")
@pytest.fixture(scope="module")
def tracked() -> set[str]:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the tracked tree is unknown")
    listing = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True)
    return {path for path in listing.stdout.splitlines() if (ROOT / path).exists()}


def map_block() -> list[str]:
    section = ARCHITECTURE.read_text().split("## Map of the repository", 1)[1]
    return section.split("```", 2)[1].strip("\n").splitlines()


def map_paths() -> set[str]:
    """Every path the map names: a top-level path at column 0, an indented one inside the last
    top-level folder above it."""
    named, folder = set(), None
    for line in map_block():
        for token in line[:PATH_COLUMNS].replace(",", " ").split():
            if line.startswith(" "):
                assert folder is not None, line
                named.add(folder + token)
            else:
                named.add(token)
                if token.endswith("/"):
                    folder = token
    return named


def test_the_map_fits_on_one_screen():
    assert len(map_block()) <= MAP_LINES


def test_every_path_the_map_names_exists(tracked):
    def exists(path):
        if path.endswith("/"):
            return any(file.startswith(path) for file in tracked)
        return path in tracked

    assert sorted(path for path in map_paths() if not exists(path)) == []


def test_the_map_names_every_top_level_folder_and_app_package(tracked):
    named = map_paths()
    folders = {file.split("/", 1)[0] + "/" for file in tracked if "/" in file}
    apps = {file.removesuffix("apps.py") for file in tracked if file.endswith("/apps.py")}
    missing = sorted(folder for folder in folders if not any(path.startswith(folder) for path in named))
    missing += sorted(app for app in apps if app not in named)
    assert missing == []


def test_no_doc_points_outside_the_repository():
    docs = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
    found = [
        f"{doc.relative_to(ROOT)}:{number}: {line.strip()}"
        for doc in docs
        for number, line in enumerate(doc.read_text().splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert found == []


def named_markdown(path: str, tracked: set[str]) -> list[str]:
    """The Markdown names in a file that match no tracked file: from the repository's root, from
    the file's folder (a doc's links), or in docs/."""
    here = posixpath.dirname(path)
    return [
        name
        for name in MARKDOWN_NAME.findall((ROOT / path).read_text(errors="replace"))
        if not {posixpath.normpath(candidate)
                for candidate in (name, posixpath.join(here, name), f"docs/{name}")} & tracked
    ]


def test_docs_and_sources_name_only_markdown_files_the_repository_holds(tracked):
    stale = {}
    for path in sorted(tracked):
        if SOURCES.search(path) and not path.startswith("locale/") and path != THIS_FILE:
            names = named_markdown(path, tracked)
            if names:
                stale[path] = sorted(set(names))
    assert stale == {}
