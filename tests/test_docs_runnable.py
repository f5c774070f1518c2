"""The documentation's commands run (issue 29): every code block of ``README.md`` and
``docs/*.md`` whose info string is ``sh runnable`` is run as one bash script (``set -euo
pipefail``) and must exit 0, so a documented command cannot drift from the code.

A block runs in a fresh temporary directory holding links to the checkout's ``examples``,
``scripts``, ``src``, ``docs`` and ``tests`` (so files the commands write stay out of the
checkout), with ``python`` and ``python3`` the test's interpreter and ``src`` on the path.
A block that shows a failure says so in bash (``! command``). Blocks without the marker
(installs, servers, paths of the reader's own files) are not run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

MARKER = "sh runnable"
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINKED = ("examples", "scripts", "src", "docs", "tests")


def blocks() -> list[tuple[str, str]]:
    """(``file:line``, script) of every runnable block, in file order."""
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1).strip() == MARKER:
                line = text.count("\n", 0, match.start()) + 1
                found.append((f"{path.relative_to(ROOT)}:{line}", match.group(2)))
    return found


BLOCKS = blocks()


def test_the_docs_mark_their_runnable_commands() -> None:
    places = [place.split(":")[0] for place, _ in BLOCKS]
    assert places.count("README.md") >= 9 and places.count("docs/intake.md") >= 2


@pytest.mark.parametrize(("place", "script"), BLOCKS, ids=[place for place, _ in BLOCKS])
def test_a_runnable_block_runs(place: str, script: str, tmp_path: Path) -> None:
    bin_dir = tmp_path / ".bin"
    bin_dir.mkdir()
    for name in ("python", "python3"):  # the test's interpreter, its environment kept
        wrapper = bin_dir / name
        wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
        wrapper.chmod(0o755)
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(ROOT / "src"),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    done = subprocess.run(
        ["bash", "-c", "set -euo pipefail\n" + script],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, (
        f"{place} exited {done.returncode}\n{done.stderr.decode(errors='replace')[-2000:]}"
    )
