"""Shared test helpers: the repository root, the bundled data, and the real CLI as a subprocess."""

from __future__ import annotations

import functools
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
# The repository examples that are requests of another kind than the fixed call's (a plan
# request, a converted comparison, a sourcing event): the fixed call answers them unknown_key,
# and they have no pictures of their own.
OTHER_KIND_EXAMPLES = frozenset({"plan.request.json", "convert.request.json", "event.request.json"})


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


@functools.cache
def result_validator() -> Any:
    """The published result schema (docs/schema), as a validator."""
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "docs" / "schema" / "result.schema.json").read_bytes())
    return Draft202012Validator(schema)


@functools.cache
def batch_result_validator() -> Any:
    """The published batch result schema (docs/schema), as a validator."""
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "docs" / "schema" / "batch-result.schema.json").read_bytes())
    return Draft202012Validator(schema)


def check_batch_result_schema(stdout: bytes) -> None:
    """Every batch answer any test gets must validate against the batch result schema."""
    errors = sorted(batch_result_validator().iter_errors(json.loads(stdout)), key=str)
    assert not errors, f"output does not match the batch result schema: {errors[0].message}"


def analysis_validator() -> Any:
    """The published weight-analysis schema (docs/schema, issue 11), as a validator."""
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "docs" / "schema" / "analysis.schema.json").read_bytes())
    return Draft202012Validator(schema)


def plan_validator() -> Any:
    """The published purchase-plan schema (docs/schema, issue 20), as a validator."""
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "docs" / "schema" / "plan.schema.json").read_bytes())
    return Draft202012Validator(schema)


def event_validator() -> Any:
    """The published event-award schema (docs/schema, issue 26), as a validator."""
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "docs" / "schema" / "event.schema.json").read_bytes())
    return Draft202012Validator(schema)


def converted_validator() -> Any:
    """The published converted-comparison schema (docs/schema, issue 27), as a validator."""
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "docs" / "schema" / "converted.schema.json").read_bytes())
    return Draft202012Validator(schema)


def check_result_schema(stdout: bytes) -> None:
    """Every JSON result any test gets from the CLI must validate against the result schema
    (a weight-analysis document against its own schema)."""
    if not stdout.startswith(b"{"):
        return  # --format text, --print-schema output is checked by its own tests
    for line in stdout.splitlines():
        document = json.loads(line)
        if "status" in document:
            kind = document.get("kind")
            if kind == "purchase-plan":
                validator = plan_validator()
            elif kind == "event-award":
                validator = event_validator()
            elif kind == "weight-analysis":
                validator = analysis_validator()
            elif kind == "converted-comparison":
                validator = converted_validator()
            else:
                validator = result_validator()
            errors = sorted(validator.iter_errors(document), key=str)
            assert not errors, f"output does not match the result schema: {errors[0].message}"


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
    if "--input-batch" in args and proc.stdout.startswith(b"{"):
        check_batch_result_schema(proc.stdout)
    elif "--print-schema" not in args:
        check_result_schema(proc.stdout)
    return CliRun(proc)


@pytest.fixture
def cli() -> Any:
    return run_cli
