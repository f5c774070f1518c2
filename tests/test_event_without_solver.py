"""A small event is answered by the exact search without a solver (issue 33): the ``--event``
CLI process never imports ``ortools`` for the three-item example and a few variants of it
(event ``maxSuppliers``, an item's ``maxSuppliers``, a minimum order value, a price break, two
spend tiers, a capacity), and its output is byte for byte what the CP-SAT engine answered
before the exact search existed (``tests/data/event/exact/*.expected.json``, written by the
code of commit e3c86d3: every award there is proven, and the best award is unique, so the
bytes cannot differ)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "event" / "exact"
NAMES = sorted(path.name.removesuffix(".request.json") for path in DATA.glob("*.request.json"))

# The CLI in this interpreter (which has ortools), then whether it was imported, on stderr.
PROBE = (
    "import runpy, sys\n"
    "sys.argv = ['scripts/calculate.py', '--input-json', '-', '--event']\n"
    "try:\n"
    "    runpy.run_path('scripts/calculate.py', run_name='__main__')\n"
    "except SystemExit as stop:\n"
    "    assert not stop.code, stop.code\n"
    "sys.stderr.write('ortools imported: ' + str('ortools' in sys.modules))\n"
)


def test_the_variants_are_there() -> None:
    assert NAMES == ["example", "max-two", "minimum-breaks", "tiers-capacity"]
    example = json.loads((ROOT / "examples" / "event.request.json").read_bytes())
    assert json.loads((DATA / "example.request.json").read_bytes()) == example


@pytest.mark.parametrize("name", NAMES)
def test_a_small_event_never_imports_ortools_and_keeps_its_bytes(name: str) -> None:
    pytest.importorskip("ortools")  # the probe needs a solver it could have imported
    done = subprocess.run(
        [sys.executable, "-B", "-c", PROBE],
        input=(DATA / f"{name}.request.json").read_bytes(),
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        check=True,
    )
    assert done.stderr.decode().strip().endswith("ortools imported: False"), done.stderr
    assert done.stdout == (DATA / f"{name}.expected.json").read_bytes()
