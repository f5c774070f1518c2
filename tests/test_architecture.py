"""The layers (issue 17, docs/architecture.md "Layers") are a contract that CI checks.

import-linter's contracts in ``pyproject.toml`` must be kept by the package, and must break on
a copy of the package with a back-arrow, a circle or a door-to-door import added (a check
that cannot fail is no check). The folder listing, the diagram in docs/architecture.md and the
layers contract name the same things in the same order. No module of the package imports
itself through others (issue 33: a circle means two modules are one idea or one belongs lower),
imports under ``TYPE_CHECKING`` and inside functions included.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "src" / "quotecalc"
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "importlinter"
]
LAYERS = CONFIG["contracts"][0]["layers"]

pytestmark = pytest.mark.skipif(
    not LINT_IMPORTS.exists(), reason="import-linter (the test extra) is not installed"
)


def lint(src: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with this repository's contracts over the package under ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run(
        [str(LINT_IMPORTS), str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_package_keeps_every_contract(tmp_path: Path) -> None:
    run = lint(ROOT / "src", tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{len(CONFIG['contracts'])} kept, 0 broken" in run.stdout


# A module of the copy, and a line appended to it that runs against the layers.
BREAKS = [
    pytest.param("core/exact.py", "from ..engine import pipeline", id="core imports the engine"),
    pytest.param("stages/cost.py", "from ..engine import render", id="a stage imports the engine"),
    pytest.param("contract/tables.py", "from ..http import openapi", id="the contract sees a door"),
    pytest.param("http/app.py", "from ..mcp import server", id="a door imports another door"),
    pytest.param("batch/run.py", "from .. import intake", id="door services import each other"),
    pytest.param("core/records.py", "import starlette", id="the core imports a door's library"),
]


@pytest.mark.parametrize(("module", "line"), BREAKS)
def test_a_copy_with_a_wrong_import_breaks_a_contract(
    tmp_path: Path, module: str, line: str
) -> None:
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy / "quotecalc", ignore=shutil.ignore_patterns("__pycache__"))
    target = copy / "quotecalc" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", "utf-8")
    run = lint(copy, tmp_path)
    assert run.returncode != 0, run.stdout
    assert "BROKEN" in run.stdout


def diagram_entries() -> list[str]:
    """The entries of the folder diagram in docs/architecture.md, top to bottom."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("```text\nsrc/quotecalc/\n", 1)[1].split("```", 1)[0]
    return [m.group(1) for m in re.finditer(r"^[├└]── (\S+?)/?\s", block, re.MULTILINE)]


def test_the_folder_listing_is_the_diagram() -> None:
    listed = sorted(
        path.name.removesuffix(".py")
        for path in PACKAGE.iterdir()
        if path.name not in ("__init__.py", "__main__.py", "py.typed", "__pycache__")
    )
    drawn = [entry.removesuffix(".py") for entry in diagram_entries()]
    assert sorted(drawn) == listed


def test_the_diagram_is_the_layers_contract_in_order() -> None:
    contract = [name for layer in LAYERS for name in re.split(r"\s*\|\s*", layer)]
    drawn = [entry.removesuffix(".py") for entry in diagram_entries()]
    assert drawn == contract


# Every strongly connected group of two or more modules of ``quotecalc`` (grimp, import-linter's
# own graph: imports inside functions and under TYPE_CHECKING count), as JSON on stdout.
CIRCLES = """
import json, grimp
graph = grimp.build_graph("quotecalc", cache_dir=None)
found = set()
for module in sorted(graph.modules):
    for imported in graph.find_modules_directly_imported_by(module):
        if imported != module and graph.chain_exists(importer=imported, imported=module):
            found.add(frozenset(
                m for m in graph.modules if m != module
                and graph.chain_exists(importer=module, imported=m)
                and graph.chain_exists(importer=m, imported=module)
            ) | {module})
print(json.dumps(sorted(sorted(group) for group in found)))
"""


def circles(src: Path) -> list[list[str]]:
    """The import circles of the package under ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    run = subprocess.run(
        [sys.executable, "-c", CIRCLES],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    found: list[list[str]] = json.loads(run.stdout)
    return found


def test_the_package_has_no_import_circle() -> None:
    assert circles(ROOT / "src") == []


def test_a_copy_with_a_circle_is_caught(tmp_path: Path) -> None:
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy / "quotecalc", ignore=shutil.ignore_patterns("__pycache__"))
    target = copy / "quotecalc" / "core" / "exact.py"
    # context imports exact: both in the core layer, so only the circle check sees it.
    line = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import context"
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", "utf-8")
    found = circles(copy)
    assert len(found) == 1
    assert {"quotecalc.core.context", "quotecalc.core.exact"} <= set(found[0])
