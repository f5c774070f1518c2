"""The weight-analysis document through real processes (issue 11): ``--analysis``,
``--trace``, ``--print-schema analysis``, the library in a fresh interpreter, and the JSON path
that must never load the analysis. Every JSON stdout is validated by ``conftest.run_cli``
(a weight-analysis document against ``docs/schema/analysis.schema.json``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import EXAMPLES, ROOT, run_cli
from quotecalc import analyze, calculate
from quotecalc.schema import schema_bytes
from test_analysis import ABCD, DEFAULT_STAGES, WEIGHTS, request


def test_the_json_path_never_imports_the_analysis() -> None:
    code = (
        "import sys; sys.path.insert(0, 'src');"
        "import quotecalc.cli; from quotecalc import calculate;"
        "calculate(open('tests/data/examples/01-example-from-brief.request.json','rb').read());"
        "print(*(name in sys.modules for name in ("
        "'quotecalc.solvers.simplex', 'quotecalc.analysis.document', 'quotecalc.stages.analysis',"
        " 'quotecalc.contract.analysis_schema')))"
    )
    done = subprocess.run(
        [sys.executable, "-B", "-c", code], cwd=ROOT, capture_output=True, check=True
    )
    assert done.stdout.split() == [b"False"] * 4


# ---- the CLI -----------------------------------------------------------------------------------


def test_cli_prints_the_library_document_with_the_plain_exit_code() -> None:
    for raw in (request(ABCD, WEIGHTS), request(ABCD, None), b"{", b"[]"):
        run = run_cli(raw, "--input-json", "-", "--analysis")
        assert run.stdout == analyze(raw).to_json()
        assert run.exit_code == run_cli(raw).exit_code
        assert run.stderr == b""
        assert run.output["kind"] == "weight-analysis"


def test_cli_examples_all_validate() -> None:
    for path in sorted(EXAMPLES.glob("*.request.json")):
        raw = path.read_bytes()
        run = run_cli(raw, "--analysis", "--input-json", "-")  # validated by run_cli
        plain = json.loads(path.with_name(path.name.replace("request", "expected")).read_bytes())
        assert run.exit_code == plain["exitCode"], path.name
        assert run.output["status"] == plain["output"]["status"], path.name
        assert (run.output["analysis"] is None) == (plain["output"]["ranking"] is None), path.name


def test_cli_trace_has_the_analysis_stage() -> None:
    run = run_cli(request(ABCD, WEIGHTS), "--input-json", "-", "--analysis", "--trace")
    lines = [json.loads(line) for line in run.stderr.splitlines()]
    assert [line["stage"] for line in lines] == [*DEFAULT_STAGES, "analysis"]
    assert lines[-1]["outcome"] == "ran"
    assert lines[-1]["summary"]["switchingDistance"] == "1/5"
    invalid = run_cli(b"{", "--input-json", "-", "--analysis", "--trace")
    last = json.loads(invalid.stderr.splitlines()[-1])
    assert last["stage"] == "analysis" and last["outcome"] == "skipped"


@pytest.mark.parametrize(
    "argv",
    [
        ("--analysis",),
        ("--input-jsonl", "-", "--analysis"),
        ("--input-json", "-", "--analysis", "--format", "text"),
        ("--input-json", "-", "--analysis", "--analysis"),
    ],
)
def test_cli_bad_analysis_arguments(argv: tuple[str, ...]) -> None:
    run = run_cli(request(ABCD, WEIGHTS), *argv)
    assert run.exit_code == 2
    assert [entry["code"] for entry in run.output["limitations"]] == ["invalid_arguments"]


def test_print_schema_analysis_is_the_committed_file() -> None:
    run = run_cli(b"", "--print-schema", "analysis")
    assert run.exit_code == 0
    assert run.stdout == (ROOT / "docs" / "schema" / "analysis.schema.json").read_bytes()
    assert run.stdout == schema_bytes("analysis")


def test_fixed_call_output_is_unchanged_by_the_analysis() -> None:
    raw = request(ABCD, WEIGHTS)
    assert run_cli(raw).stdout == calculate(raw).to_json()


def test_library_subprocess_uses_this_checkout() -> None:
    code = (
        "import sys, quotecalc;"
        "sys.stdout.buffer.write(quotecalc.analyze(sys.stdin.buffer.read()).to_json())"
    )
    raw = request(ABCD, WEIGHTS)
    done = subprocess.run(
        [sys.executable, "-B", "-c", code],
        input=raw,
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.stdout == analyze(raw).to_json()
