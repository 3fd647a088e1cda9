"""No module over 400 lines, Python, JavaScript, CSS and templates alike, unless its first lines
say why ("Over 400 lines: ..."): a long module is usually two jobs in one."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 400
KINDS = (".py", ".js", ".css", ".html")


def tracked_sources():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    for name in listed.stdout.splitlines():
        path = ROOT / name
        if path.suffix in KINDS and "/migrations/" not in name and path.is_file():
            yield path


def test_every_long_module_says_why_at_its_top():
    unexplained = []
    for path in tracked_sources():
        lines = path.read_text(encoding="utf-8").splitlines()
        if len(lines) > LIMIT and not any("Over 400 lines:" in line for line in lines[:3]):
            unexplained.append(f"{path.relative_to(ROOT)}: {len(lines)} lines")
    assert not unexplained, "split them, or say why at the top:\n" + "\n".join(unexplained)
