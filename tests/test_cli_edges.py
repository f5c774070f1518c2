"""CLI edges: schema printing, internal errors (a bug still gives one JSON object, exit 1)."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from conftest import EXAMPLES, ROOT, run_cli
from quotecalc import calculate
from quotecalc.cli import main
from quotecalc.core.codes import INTERNAL_ERROR_MESSAGE
from quotecalc.core.context import Context
from quotecalc.engine.pipeline import DEFAULT_PIPELINE, Pipeline

BRIEF = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()


@pytest.mark.parametrize("name", ["request", "result"])
def test_print_schema_prints_the_committed_file(name: str) -> None:
    shown = run_cli(b"", "--print-schema", name)
    assert shown.exit_code == 0
    assert shown.stdout == (ROOT / "docs" / "schema" / f"{name}.schema.json").read_bytes()


@pytest.mark.parametrize(
    "argv",
    [["--print-schema"], ["--print-schema", "tool"], ["--print-schema", "request", "--trace"]],
)
def test_bad_print_schema_is_invalid_arguments(argv: list[str]) -> None:
    shown = run_cli(b"", *argv)
    assert shown.exit_code == 2
    assert [e["code"] for e in shown.output["limitations"]] == ["invalid_arguments"]


@attrs.frozen
class Broken:
    """A stage with a bug: it raises."""

    name: str = "broken"

    def __call__(self, ctx: Context) -> Context:
        raise ZeroDivisionError("QQ-EXCEPTION-TEXT")

    def summary(self, ctx: Context) -> dict[str, object]:
        return {}


BROKEN = Pipeline((*DEFAULT_PIPELINE.stages[:3], Broken(), *DEFAULT_PIPELINE.stages[3:]))


def test_a_bug_is_internal_error_with_nothing_of_the_input() -> None:
    result = calculate(BRIEF, pipeline=BROKEN)
    assert result.exit_code == 1
    output = result.output
    assert output["status"] == "internal_error"
    assert output["normalizedQuotes"] == [] and output["ranking"] is None
    assert output["limitations"] == [{"code": "internal_error", "message": INTERNAL_ERROR_MESSAGE}]
    assert b"M6 bolt" not in result.to_json() and b"QQ-EXCEPTION-TEXT" not in result.to_json()


def test_the_cli_turns_an_escaping_exception_into_internal_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def explode(raw: bytes, *, trace: bool = False) -> object:
        raise RuntimeError("escaped")

    monkeypatch.setattr("quotecalc.cli.calculate", explode)
    monkeypatch.setattr("sys.argv", ["calculate.py", "--input-json", "-"])
    out = io.BytesIO()
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(out))
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(BRIEF)))
    from quotecalc.cli import run

    assert run() == 1
    output = json.loads(out.getvalue())
    assert output["status"] == "internal_error"
    assert output["limitations"][0]["message"] == INTERNAL_ERROR_MESSAGE


def test_main_reports_usage_errors_without_touching_stdin() -> None:
    class Untouchable(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            raise AssertionError("stdin was read")

    out = io.BytesIO()
    assert main(["--bogus"], Untouchable(), out, io.BytesIO()) == 2
    assert json.loads(out.getvalue())["limitations"][0]["code"] == "invalid_arguments"


def test_script_without_its_package_still_prints_one_internal_error(tmp_path: Path) -> None:
    # A checkout whose src/ is missing: the import fails, the literal fallback answers.
    # -I -S: no site-packages, so neither an installed (editable) quotecalc nor attrs is found.
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "calculate.py", tmp_path / "scripts" / "calculate.py")
    done = subprocess.run(
        [sys.executable, "-B", "-I", "-S", "scripts/calculate.py", "--input-json", "-"],
        input=BRIEF,
        capture_output=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout.count(b"\n") == 1
    output = json.loads(done.stdout)
    assert list(output) == list(calculate(BRIEF).output)
    assert output["status"] == "internal_error"
    assert output["limitations"] == [{"code": "internal_error", "message": INTERNAL_ERROR_MESSAGE}]
