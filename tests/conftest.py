"""Shared test helpers: the repository root, the bundled data, and the real CLI as a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
EXAMPLES = DATA / "examples"
CORPUS = DATA / "jsontestsuite" / "test_parsing"
FIXED_ARGV = ("--input-json", "-")


class CliRun:
    """One finished call of ``python -B scripts/calculate.py``."""

    def __init__(self, proc: subprocess.CompletedProcess[bytes]) -> None:
        self.exit_code = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr

    @property
    def output(self) -> Any:
        assert self.stdout.endswith(b"\n")
        assert self.stdout.count(b"\n") == 1
        return json.loads(self.stdout)


def run_cli(stdin: bytes, *argv: str, timeout: float = 60) -> CliRun:
    """Run the real CLI from the repository root, exactly as a host does."""
    args = argv if argv else FIXED_ARGV
    proc = subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )
    return CliRun(proc)


@pytest.fixture
def cli() -> Any:
    return run_cli
