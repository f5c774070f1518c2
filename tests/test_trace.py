"""The stage trace (issue: "See inside a calculation", part 1)."""

from __future__ import annotations

import json

import pytest

from conftest import EXAMPLES, run_cli
from quotecalc import calculate
from quotecalc.engine.pipeline import DEFAULT_PIPELINE

STAGES = [stage.name for stage in DEFAULT_PIPELINE.stages]
REQUESTS = sorted(EXAMPLES.glob("*.request.json"))


def test_stage_names_are_the_pipeline_in_order() -> None:
    assert STAGES == [
        "parse",
        "validate",
        "comparability",
        "packs",
        "cost",
        "quality",
        "constraints",
        "scoring",
        "sensitivity",
        "limitations",
    ]


@pytest.mark.parametrize("path", REQUESTS, ids=lambda p: p.name)
def test_every_stage_once_in_order(path: object) -> None:
    raw = path.read_bytes()  # type: ignore[attr-defined]
    result = calculate(raw, trace=True)
    assert [entry.stage for entry in result.trace] == STAGES
    assert result.output == calculate(raw).output
    outcomes = [entry.outcome for entry in result.trace]
    if result.output["status"] == "invalid_input":
        # Both invalid examples fail validation (not parsing): validate halts, the rest skip.
        assert outcomes == ["ran", "short_circuit"] + ["skipped"] * (len(STAGES) - 2)
        halted = result.trace[1]
        assert halted.reason is not None and "validation error" in halted.reason
        assert all(e.reason and e.reason.startswith("halted by validate") for e in result.trace[2:])
    else:
        assert outcomes == ["ran"] * len(STAGES)


@pytest.mark.parametrize(
    ("raw", "stage"),
    [(b"{", "parse"), (b"[]", "parse"), (b'{"schemaVersion": 1}', "validate")],
)
def test_the_stage_that_found_the_error_short_circuits(raw: bytes, stage: str) -> None:
    trace = calculate(raw, trace=True).trace
    halted = [entry for entry in trace if entry.outcome == "short_circuit"]
    assert [entry.stage for entry in halted] == [stage]
    position = STAGES.index(stage)
    assert all(entry.outcome == "ran" for entry in trace[:position])
    assert all(entry.outcome == "skipped" for entry in trace[position + 1 :])


def test_summaries_say_what_each_stage_decided() -> None:
    raw = (EXAMPLES / "04-non-comparable-quotes.request.json").read_bytes()
    trace = {entry.stage: entry for entry in calculate(raw, trace=True).trace}
    assert trace["comparability"].summary["nonComparable"] == {
        "B": ["specification_mismatch"],
        "C": ["specification_mismatch"],
        "D": ["currency_mismatch"],
        "E": ["specification_missing"],
        "F": ["currency_missing"],
        "G": ["specification_mismatch"],
    }
    assert trace["scoring"].summary["ranking"] is None
    assert "ranking_blocked_by_conflict" in trace["scoring"].summary["why"]  # type: ignore[operator]


def test_constraint_summary_names_who_was_excluded() -> None:
    raw = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
    trace = {entry.stage: entry for entry in calculate(raw, trace=True).trace}
    by_supplier = trace["constraints"].summary
    assert by_supplier["C"] == {"status": "excluded", "by": {"maxLeadDays": "excluded"}}
    assert trace["scoring"].summary["scoringSet"] == ["A", "B"]


def test_cli_trace_keeps_stdout_identical_and_writes_one_line_per_stage() -> None:
    raw = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
    plain = run_cli(raw)
    traced = run_cli(raw, "--input-json", "-", "--trace")
    assert traced.stdout == plain.stdout
    assert traced.exit_code == plain.exit_code == 0
    assert plain.stderr == b""
    lines = [json.loads(line) for line in traced.stderr.decode().splitlines()]
    assert [line["stage"] for line in lines] == STAGES
    for line in lines:
        assert list(line) == ["stage", "outcome", "reason", "summary", "ms"]
        whole, _, fraction = line["ms"].partition(".")
        assert whole.isdigit() and len(fraction) == 3 and fraction.isdigit()


def test_cli_trace_on_invalid_input() -> None:
    traced = run_cli(b"{", "--trace", "--input-json", "-")
    assert traced.exit_code == 2
    lines = [json.loads(line) for line in traced.stderr.decode().splitlines()]
    assert [line["outcome"] for line in lines] == ["short_circuit"] + ["skipped"] * 9
    assert lines[0]["summary"] == {"bytes": 1, "error": "invalid_json"}
