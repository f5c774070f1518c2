"""The supported Python versions are stated once, in ``pyproject.toml`` (``requires-python``),
and every document that names a minimum names that one (issue 14: a README said 3.10+, where
the code needs 3.11 and the CLI answers ``internal_error``)."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

from conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# "3.11+", "3.11 or newer", "3.11 or later", "3.11 或更高版本"
STATEMENT = re.compile(r"\b3\.(\d+)(?:\+|\s+or\s+(?:newer|later)|\s*或更高)")


def minimum() -> tuple[int, int]:
    found = re.fullmatch(r">=\s*3\.(\d+)", PYPROJECT["project"]["requires-python"])
    assert found, "requires-python is one lower bound"
    return 3, int(found.group(1))


def documents() -> list[Path]:
    return sorted(
        [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "examples").glob("*.md")]
    )


def test_every_stated_minimum_is_requires_python() -> None:
    wanted = minimum()[1]
    seen = 0
    for path in documents():
        for match in STATEMENT.finditer(path.read_text(encoding="utf-8")):
            minor = int(match.group(1))
            assert minor == wanted, f"{path.relative_to(ROOT)}: {match.group(0)!r}"
            seen += 1
    assert seen >= 3  # README (English and Chinese) and docs/schema/README.md


def test_readme_states_it_in_both_languages() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    english, chinese = readme.split("## 中文说明", 1)
    major, minor = minimum()
    assert f"Python {major}.{minor} or newer" in english
    assert f"Python {major}.{minor} 或更高版本" in chinese


def test_tools_target_the_same_minimum() -> None:
    major, minor = minimum()
    assert PYPROJECT["tool"]["ruff"]["target-version"] == f"py{major}{minor}"
    assert sys.version_info >= (major, minor)
