"""Tests written to kill the mutants that survived ``mutmut`` (issue #7, ``docs/testing.md``).

Each test pins a behaviour the rest of the suite only checked through a subprocess (which a
mutant switched on in-process cannot reach) or not at all: the command line parsed in
process, the batch line reader at its byte limits, the process entry point, the field-row
factories, and the stage trace that maintainers read.
"""

from __future__ import annotations

import io
import json
import sys
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from quotecalc import calculate
from quotecalc.cli import iter_requests, main, parse_argv, run, usage_error
from quotecalc.core.fields import (
    CORE,
    MAX_DECIMAL,
    MAX_INTEGER,
    OPTIONAL,
    REQUIRED,
    Kind,
    array_field,
    currency_field,
    decimal_field,
    integer_field,
    object_field,
    schema_version_field,
    text_field,
)
from quotecalc.stages.parse import MAX_INPUT_BYTES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "data" / "examples"
FIXED = ["--input-json", "-"]
INVALID_ARGUMENTS = [
    {
        "code": "invalid_arguments",
        "path": "",
        "message": "The command line is not one the contract accepts.",
    }
]


def example(name: str) -> bytes:
    return (EXAMPLES / f"{name}.request.json").read_bytes()


def call(argv: list[str], stdin: bytes = b"") -> tuple[int, bytes, bytes, int]:
    """``main`` in process: exit code, stdout, stderr, and how many stdin bytes it read."""
    source = io.BytesIO(stdin)
    stdout, stderr = io.BytesIO(), io.BytesIO()
    code = main(argv, source, stdout, stderr)
    return code, stdout.getvalue(), stderr.getvalue(), source.tell()


# ---- the command line, in process ----


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--input-json"],
        ["--input-json", "x"],
        ["--input-json", "-", "--input-json", "-"],
        ["--input-json", "-", "--input-jsonl", "-"],
        ["--trace"],
        ["--trace", "--trace", "--input-json", "-"],
        ["--input-json", "-", "--trace", "--trace"],
        ["--format", "text"],
        ["--input-json", "-", "--format"],
        ["--input-json", "-", "--format", "xml"],
        ["--input-json", "-", "--format", "TEXT"],
        ["--input-json", "-", "--format", "text", "--format", "text"],
        ["--input-jsonl", "-", "--format", "text"],
        ["--input-json", "-", "--lang", "en"],
        ["--input-json", "-", "--format", "json", "--lang", "zh"],
        ["--input-json", "-", "--format", "text", "--lang", "fr"],
        ["--input-json", "-", "--format", "text", "--lang", "en", "--lang", "en"],
        ["--print-schema"],
        ["--print-schema", "bogus"],
        ["--print-schema", "request", "--input-json", "-"],
        ["--input-json", "-", "--print-schema", "request"],
        ["-", "--input-json"],
        ["--INPUT-JSON", "-"],
    ],
)
def test_refused_command_lines_are_one_invalid_arguments_without_reading_stdin(
    argv: list[str],
) -> None:
    assert parse_argv(argv) is None or argv[:1] == ["--print-schema"]
    code, stdout, stderr, consumed = call(argv, example("01-example-from-brief"))
    assert code == 2
    assert consumed == 0
    # one line naming the problem, pointing to --help (issue 19); stdout is unchanged
    assert stderr.startswith(b"quotecalc: ") and stderr.endswith(b"; see quotecalc --help\n")
    assert stderr.count(b"\n") == 1
    output = json.loads(stdout)
    assert output["status"] == "invalid_input"
    assert output["limitations"] == INVALID_ARGUMENTS
    assert stdout == usage_error().to_json()


@pytest.mark.parametrize(
    ("argv", "options"),
    [
        (["--input-json", "-"], {"input": "--input-json"}),
        (["--input-jsonl", "-"], {"input": "--input-jsonl"}),
        (["--trace", "--input-json", "-"], {"input": "--input-json", "trace": "yes"}),
        (["--input-jsonl", "-", "--trace"], {"input": "--input-jsonl", "trace": "yes"}),
        (["--input-json", "-", "--format", "json"], {"input": "--input-json", "format": "json"}),
        (
            ["--format", "text", "--lang", "zh", "--input-json", "-"],
            {"input": "--input-json", "format": "text", "lang": "zh"},
        ),
        (
            ["--input-json", "-", "--lang", "en", "--format", "text"],
            {"input": "--input-json", "format": "text", "lang": "en"},
        ),
    ],
)
def test_accepted_command_lines_parse_to_their_options(
    argv: list[str], options: dict[str, str]
) -> None:
    assert parse_argv(argv) == options


def test_usage_error_is_the_one_fixed_error() -> None:
    result = usage_error()
    assert result.exit_code == 2
    assert result.output["limitations"] == INVALID_ARGUMENTS


@pytest.mark.parametrize("name", ["request", "result"])
def test_print_schema_in_process(name: str) -> None:
    code, stdout, stderr, consumed = call(["--print-schema", name], b"{}")
    assert code == 0 and stderr == b"" and consumed == 0
    assert stdout == (ROOT / "docs" / "schema" / f"{name}.schema.json").read_bytes()


def test_fixed_call_reads_exactly_one_byte_over_the_limit() -> None:
    raw = example("01-example-from-brief").strip()
    padded = raw + b" " * (MAX_INPUT_BYTES - len(raw))
    code, stdout, _, consumed = call(FIXED, padded + b" " * 100)
    assert consumed == MAX_INPUT_BYTES + 1
    assert json.loads(stdout)["limitations"][0]["code"] == "input_too_large"
    code, stdout, _, _ = call(FIXED, padded)
    assert code == 0 and stdout == calculate(raw).to_json()


def test_trace_goes_to_stderr_and_never_changes_stdout() -> None:
    raw = example("01-example-from-brief")
    plain = call(FIXED, raw)
    traced = call(["--trace", *FIXED], raw)
    assert traced[:2] == plain[:2]
    lines = traced[2].decode().splitlines()
    assert [json.loads(line)["stage"] for line in lines] == [
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
    first = json.loads(lines[0])
    assert first["summary"] == {"bytes": len(raw), "error": None}
    assert first["outcome"] == "ran" and first["reason"] is None
    whole, _, fraction = first["ms"].partition(".")
    assert len(fraction) == 3 and int(whole) < 60_000  # milliseconds, not a clock reading
    batch = call(["--trace", "--input-jsonl", "-"], raw.replace(b"\n", b"") + b"\n{}\n")
    assert batch[0] == 0
    assert len(batch[2].decode().splitlines()) == 20  # ten stages per request


# ---- the batch reader at its limits ----


def _lines(data: bytes) -> list[bytes]:
    return list(iter_requests(io.BytesIO(data)))


def test_batch_lines_are_split_on_newlines_and_the_last_needs_none() -> None:
    assert _lines(b"") == []
    assert _lines(b"a\nb\n") == [b"a", b"b"]
    assert _lines(b"a\nb") == [b"a", b"b"]
    assert _lines(b"\n\n") == [b"", b""]


def test_batch_line_at_and_over_the_limit() -> None:
    at_limit = b"x" * MAX_INPUT_BYTES
    over = b"y" * (MAX_INPUT_BYTES + 1)
    far_over = b"z" * (MAX_INPUT_BYTES + 200_000)
    assert _lines(at_limit + b"\nok\n") == [at_limit, b"ok"]
    assert _lines(over + b"\nok\n") == [over, b"ok"]
    assert _lines(at_limit) == [at_limit]
    assert _lines(over) == [over]
    assert _lines(over + b"y") == [over]  # cut to one byte over: enough to be too large
    assert _lines(far_over + b"\nok") == [far_over[: MAX_INPUT_BYTES + 1], b"ok"]
    assert _lines(far_over) == [far_over[: MAX_INPUT_BYTES + 1]]
    # The rest of a long line is dropped line by line, never kept.
    source = io.BytesIO(far_over + b"\n" + b"after\n")
    reader = iter_requests(source)
    assert len(next(reader)) == MAX_INPUT_BYTES + 1
    assert source.tell() == len(far_over) + 1
    assert next(reader) == b"after"


def test_batch_answers_each_line_as_the_fixed_call_would() -> None:
    good = example("02-no-weights-completed").replace(b"\n", b"")
    over = b" " * (MAX_INPUT_BYTES + 5)
    code, stdout, stderr, _ = call(["--input-jsonl", "-"], good + b"\n" + over + b"\n[\n" + good)
    assert code == 0 and stderr == b""
    lines = stdout.splitlines(keepends=True)
    assert lines == [
        calculate(good).to_json(),
        calculate(over).to_json(),
        calculate(b"[").to_json(),
        calculate(good).to_json(),
    ]


# ---- the process entry point ----


def _streams(stdin: bytes) -> tuple[Any, Any, Any]:
    return (
        SimpleNamespace(buffer=io.BytesIO(stdin)),
        SimpleNamespace(buffer=io.BytesIO()),
        SimpleNamespace(buffer=io.BytesIO()),
    )


def test_run_uses_argv_and_the_standard_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin, stdout, stderr = _streams(example("01-example-from-brief"))
    monkeypatch.setattr(sys, "argv", ["calculate.py", "--trace", *FIXED])
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", stderr)
    assert run() == 0
    assert stdout.buffer.getvalue() == calculate(example("01-example-from-brief")).to_json()
    assert len(stderr.buffer.getvalue().splitlines()) == 10


def test_run_turns_an_escaping_exception_into_one_internal_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stdin, stdout, stderr = _streams(b"{}")
    monkeypatch.setattr(sys, "argv", ["calculate.py", *FIXED])
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", stderr)

    def broken(*_: Any) -> int:
        raise RuntimeError("SECRET-DETAIL")

    monkeypatch.setattr("quotecalc.cli.main", broken)
    assert run() == 1
    written = stdout.buffer.getvalue()
    assert written.endswith(b"\n") and written.count(b"\n") == 1
    output = json.loads(written)
    assert output["status"] == "internal_error"
    assert [item["code"] for item in output["limitations"]] == ["internal_error"]
    assert b"SECRET" not in written and stderr.buffer.getvalue() == b""


# ---- the field-row factories (called at import time, so test them directly) ----


def test_decimal_field_defaults_and_open_bounds() -> None:
    row = decimal_field("x")
    assert (row.name, row.kind, row.presence) == ("x", Kind.DECIMAL, OPTIONAL)
    assert row.bounds is not None
    assert (row.bounds.low, row.bounds.high) == (Decimal(0), MAX_DECIMAL)
    assert not row.bounds.low_open and not row.bounds.high_open
    assert row.bounds.contains(Decimal(0)) and row.bounds.contains(MAX_DECIMAL)
    assert not row.bounds.contains(MAX_DECIMAL + Decimal("0.000001"))
    delta = decimal_field("d", CORE, low=Decimal(0), high=Decimal(1), low_open=True)
    assert delta.presence is CORE and delta.bounds is not None
    assert delta.bounds.low_open and not delta.bounds.high_open
    assert not delta.bounds.contains(Decimal(0)) and delta.bounds.contains(Decimal(1))
    upper = decimal_field("u", high=Decimal(1), high_open=True)
    assert upper.bounds is not None and upper.bounds.high_open and not upper.bounds.low_open
    assert upper.bounds.contains(Decimal(0)) and not upper.bounds.contains(Decimal(1))


def test_integer_field_bounds() -> None:
    plain = integer_field("n")
    positive = integer_field("p", REQUIRED, positive=True)
    assert (plain.name, plain.kind, plain.presence) == ("n", Kind.INTEGER, OPTIONAL)
    assert plain.bounds is not None and positive.bounds is not None
    assert (plain.bounds.low, plain.bounds.high) == (Decimal(0), Decimal(MAX_INTEGER))
    assert (positive.bounds.low, positive.bounds.high) == (Decimal(1), Decimal(MAX_INTEGER))
    assert positive.presence is REQUIRED
    assert plain.bounds.contains(0) and not positive.bounds.contains(0)


def test_text_currency_object_array_and_schema_version_rows() -> None:
    text = text_field("t", CORE, 64)
    assert (text.name, text.kind, text.presence, text.max_length) == ("t", Kind.TEXT, CORE, 64)
    currency = currency_field("c", OPTIONAL)
    assert (currency.name, currency.kind, currency.presence) == ("c", Kind.CURRENCY, OPTIONAL)
    inner = (text,)
    obj = object_field("o", REQUIRED, inner)
    assert (obj.name, obj.kind, obj.presence, obj.fields) == ("o", Kind.OBJECT, REQUIRED, inner)
    arr = array_field("a", CORE, inner, min_items=2, max_items=7)
    assert (arr.name, arr.kind, arr.presence, arr.fields) == ("a", Kind.ARRAY, CORE, inner)
    assert (arr.min_items, arr.max_items) == (2, 7)
    version = schema_version_field("v")
    assert (version.name, version.kind, version.presence) == ("v", Kind.SCHEMA_VERSION, REQUIRED)


# ---- the stage trace, stage by stage ----


def _summaries(raw: bytes) -> dict[str, Any]:
    return {entry.stage: entry.summary for entry in calculate(raw, trace=True).trace}


def test_trace_summaries_of_a_ranked_request() -> None:
    summaries = _summaries(example("01-example-from-brief"))
    assert summaries["validate"] == {
        "quotes": 3,
        "rootFields": [
            "currency",
            "maxLeadDays",
            "qualityScale",
            "quantity",
            "schemaVersion",
            "sensitivityDelta",
            "specification",
            "weights",
        ],
    }
    assert summaries["comparability"] == {"nonComparable": {}}
    assert summaries["packs"] == {
        "A": [10, 10, 1000, 0],
        "B": [4, 5, 1250, 250],
        "C": [4, 4, 1200, 200],
    }
    assert summaries["cost"] == {"A": "370.00", "B": "415.5", "C": "415"}
    assert summaries["quality"] == {}
    assert summaries["constraints"] == {
        "A": {"status": "eligible", "by": {"maxLeadDays": "eligible"}},
        "B": {"status": "eligible", "by": {"maxLeadDays": "eligible"}},
        "C": {"status": "excluded", "by": {"maxLeadDays": "excluded"}},
    }
    assert summaries["scoring"] == {
        "scoringSet": ["A", "B"],
        "ranking": [[1, "A", "0.950000"], [2, "B", "0.200000"]],
        "why": [],
    }
    assert summaries["sensitivity"] == {"scenarios": 6, "changed": []}
    assert summaries["limitations"] == {
        "status": "completed",
        "codes": [
            "quality_unverified",
            "fees_as_given",
            "lead_days_basis",
            "not_an_order",
            "no_conversion",
            "total_spend_basis",
        ],
    }


def test_trace_summaries_of_blocked_and_partial_requests() -> None:
    conflicts = _summaries(example("05-quality-conflicts"))
    assert conflicts["quality"] == {
        "B": ["quality_definition_mismatch"],
        "C": ["quality_definition_missing"],
        "D": ["quality_evidence_only"],
        "E": ["quality_missing"],
    }
    assert conflicts["scoring"]["ranking"] is None
    assert conflicts["scoring"]["scoringSet"] is None
    changed = _summaries(example("10-sensitivity-ranking-changes"))
    assert changed["sensitivity"] == {
        "scenarios": 4,
        "changed": ["cost/decrease", "delivery/increase"],
    }
    freight = _summaries(example("03-missing-freight-subtotal-kept"))
    assert freight["cost"] == {"A": None, "B": "320"}
    unknown = _summaries(example("07-constraint-unknown-lead-days"))
    assert unknown["constraints"]["B"] == {"status": "unknown", "by": {"maxLeadDays": "unknown"}}
    mismatch = _summaries(example("04-non-comparable-quotes"))
    assert mismatch["comparability"]["nonComparable"]["B"] == ["specification_mismatch"]
    assert mismatch["packs"]["B"] == [None, None, None, None]
    request = json.loads(example("01-example-from-brief"))
    del request["specification"]
    no_spec = _summaries(json.dumps(request).encode())
    assert no_spec["comparability"] == {
        "nonComparable": {name: ["root_field_missing"] for name in ("A", "B", "C")}
    }


def test_trace_of_a_halted_request() -> None:
    trace = calculate(b'{"a":1}', trace=True).trace
    assert trace[0].summary == {"bytes": 7, "error": None}
    assert (trace[1].outcome, trace[1].reason) == ("short_circuit", "3 validation error(s)")
    assert trace[1].summary == {
        "errors": [
            ["unknown_key", ""],
            ["missing_required", "/quotes"],
            ["missing_required", "/schemaVersion"],
        ]
    }
    assert all(entry.outcome == "skipped" and entry.summary == {} for entry in trace[2:])
    assert trace[2].reason == "halted by validate: 3 validation error(s)"
    parse = calculate(b"[1", trace=True).trace[0]
    assert (parse.outcome, parse.reason) == ("short_circuit", "parse error: invalid_json")
    assert parse.summary == {"bytes": 2, "error": "invalid_json"}


# ---- the text report, in process ----


def test_text_format_writes_the_report_of_the_json_result() -> None:
    from quotecalc import analyze
    from quotecalc.analysis.intervals import stability
    from quotecalc.output.answer import purchase_of
    from quotecalc.output.report import render_text

    raw = example("01-example-from-brief")
    result = calculate(raw)
    for argv, lang in (
        (["--input-json", "-", "--format", "text"], "en"),
        (["--input-json", "-", "--format", "text", "--lang", "en"], "en"),
        (["--input-json", "-", "--format", "text", "--lang", "zh"], "zh"),
    ):
        code, stdout, stderr, _ = call(argv, raw)
        assert (code, stderr) == (0, b"")
        analysis = analyze(raw).output["analysis"]
        purchase = purchase_of(raw)  # the item, quantity and currency the answer names
        expected = render_text(result.output, stability(raw), lang, analysis, purchase).encode()
        assert stdout == expected
    english = call(["--input-json", "-", "--format", "text"], raw)[1]
    chinese = call(["--input-json", "-", "--format", "text", "--lang", "zh"], raw)[1]
    # Issue 21: the answer first (the item and the winner of the JSON result), then the
    # report's own header.
    request = json.loads(raw)
    winner = result.output["ranking"][0]["supplierId"]
    headline = f"{request['specification']}: {winner} ranks first\n".encode()
    assert english.startswith(headline)
    assert b"\n\nquotecalc 0.1.0 report\nStatus: completed (exit code 0)\n" in english
    assert chinese != english
    assert call(["--input-json", "-", "--format", "json"], raw)[1] == result.to_json()
    invalid = call(["--input-json", "-", "--format", "text"], b"{}")
    assert (
        invalid[0] == 2 and invalid[1] == render_text(calculate(b"{}").output, None, "en").encode()
    )


# ---- rows on pack-derived values, and the library call's defaults ----


def test_a_constraint_row_on_a_pack_derived_value() -> None:
    from quotecalc.core.constraint_rules import CONSTRAINT_RULES, upper_limit
    from quotecalc.engine.pipeline import make_pipeline

    overbuy = upper_limit(integer_field("maxOverbuy"), "overbuyQuantity")
    pipeline = make_pipeline(constraint_rules=(*CONSTRAINT_RULES, overbuy))
    quotes = [
        # quantity 1000: A buys 10 packs of 100 (overbuy 0); B buys 5 of 250 = 1250 (250).
        {"supplierId": "A", "packSize": 100, "minimumPacks": 0},
        {"supplierId": "B", "packSize": 250, "minimumPacks": 5},
    ]
    body = {
        "schemaVersion": 1,
        "quantity": 1000,
        "currency": "CNY",
        "specification": "S",
        "maxOverbuy": 100,
        "quotes": [
            {
                **quote,
                "specification": "S",
                "currency": "CNY",
                "packPrice": "1",
                "freight": "0",
                "otherFees": "0",
                "leadDays": 1,
            }
            for quote in quotes
        ],
    }
    output = calculate(json.dumps(body).encode(), pipeline=pipeline).output
    checks = {
        entry["supplierId"]: (entry["constraintStatus"], entry["constraints"])
        for entry in output["normalizedQuotes"]
    }
    assert checks["A"] == (
        "eligible",
        [{"constraint": "maxOverbuy", "status": "eligible", "limit": "100", "value": "0"}],
    )
    assert checks["B"] == (
        "excluded",
        [{"constraint": "maxOverbuy", "status": "excluded", "limit": "100", "value": "250"}],
    )


def test_the_library_call_does_not_trace_unless_asked() -> None:
    raw = example("01-example-from-brief")
    assert calculate(raw).trace == ()
    assert len(calculate(raw, trace=True).trace) == 10


# ---- the trace line, the stream reader's bounded reads, the parse stage's edges ----


def test_trace_line_is_one_compact_utf8_json_line_in_milliseconds() -> None:
    from quotecalc.cli import trace_line
    from quotecalc.engine.pipeline import TraceEntry

    entry = TraceEntry(
        "scoring", "ran", None, {"ranking": [[1, "\u4e59", "1.000000"]]}, 1_234_567_891
    )
    assert (
        trace_line(entry)
        == (
            '{"stage":"scoring","outcome":"ran","reason":null,'
            '"summary":{"ranking":[[1,"\u4e59","1.000000"]]},"ms":"1234.567"}\n'
        ).encode()
    )
    assert json.loads(trace_line(TraceEntry("parse", "ran", None, {}, 999)))["ms"] == "0.000"
    assert json.loads(trace_line(TraceEntry("parse", "ran", None, {}, 1_000_000)))["ms"] == "1.000"


class _Recording(io.BytesIO):
    """A stdin that records the size of every read it is asked for."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.sizes: list[int | None] = []

    def readline(self, size: int | None = -1) -> bytes:
        self.sizes.append(size)
        return super().readline(size)


def test_batch_reader_never_asks_for_an_unbounded_read() -> None:
    # CONTRACT 4.1 rule 1: never buffer an unbounded stream, also in batch mode.
    stream = _Recording(b"x" * (3 * MAX_INPUT_BYTES) + b"\nok\n")
    assert [len(line) for line in iter_requests(stream)] == [MAX_INPUT_BYTES + 1, 2]
    assert stream.sizes and all(
        size is not None and 0 < size <= MAX_INPUT_BYTES + 2 for size in stream.sizes
    )


def test_batch_line_two_bytes_over_the_limit_is_cut_to_one_over() -> None:
    line = b"w" * (MAX_INPUT_BYTES + 2)
    assert _lines(line + b"\nok") == [line[: MAX_INPUT_BYTES + 1], b"ok"]


def test_constraint_row_factories_keep_their_conflict_rule() -> None:
    from quotecalc.core.constraint_rules import lower_limit, upper_limit

    conflicts = frozenset({"quality_scale_missing"})
    assert upper_limit(integer_field("n"), "leadDays", unknown_on_conflicts=conflicts) == (
        upper_limit(integer_field("n"), "leadDays", unknown_on_conflicts=conflicts)
    )
    for factory in (upper_limit, lower_limit):
        row = factory(decimal_field("x"), "qualityScore", unknown_on_conflicts=conflicts)
        assert row.unknown_on_conflicts == conflicts
        assert factory(decimal_field("x"), "qualityScore").unknown_on_conflicts == frozenset()


def test_a_rejection_carries_its_code() -> None:
    from quotecalc.stages.validate import Rejected

    assert Rejected("out_of_range").code == "out_of_range"


def test_nesting_limit_is_exactly_256_also_with_more_brackets_elsewhere() -> None:
    # 256 levels deep, and more than 256 brackets in all, so the full depth count runs.
    deep = b"[" * 255 + b"]" * 255
    at_limit = b'{"a":' + deep + b',"b":[[],[],[]]}'
    past_limit = b'{"a":[' + deep + b'],"b":[[],[],[]]}'
    assert [e["code"] for e in calculate(at_limit).output["limitations"]] == [
        "unknown_key",
        "missing_required",
        "missing_required",
    ]
    assert [e["code"] for e in calculate(past_limit).output["limitations"]] == ["invalid_json"]


def _from_depth(frames: int, raw: bytes) -> bytes:
    return calculate(raw).to_json() if frames == 0 else _from_depth(frames - 1, raw)


def test_a_caller_deep_in_its_stack_gets_the_same_parse_errors() -> None:
    # Near the recursion limit the first decode fails; the retry on a fresh thread must hand
    # back the decoder's own error (invalid_json), not a crash or another code.
    limit = sys.getrecursionlimit()
    for raw in (b"[" * 200 + b"x", b'{"a":' + b"[" * 250 + b"1,]" + b"]" * 249 + b"}"):
        shallow = _from_depth(0, raw)
        assert json.loads(shallow)["limitations"][0]["code"] == "invalid_json"
        for frames in (limit - 300, limit - 220, limit - 150):
            assert _from_depth(frames, raw) == shallow
    valid_deep = b'{"a":' + b"[" * 250 + b"]" * 250 + b"}"
    assert _from_depth(limit - 150, valid_deep) == _from_depth(0, valid_deep)


def test_the_public_stability_function_survives_its_own_first_call() -> None:
    # Found through the one mutant no test reached (quotecalc.x_stability__mutmut_1): the
    # package's ``stability()`` imports the submodule ``quotecalc.stability`` on first use, and
    # importing a submodule rebinds the package attribute of the same name to the module. After
    # one call (or after anything else imported the submodule, e.g. ``--format text``)
    # ``quotecalc.stability`` was a module: ``TypeError: 'module' object is not callable``. The
    # submodule is now ``quotecalc.analysis.intervals``, so nothing rebinds the function.
    import quotecalc
    from quotecalc.analysis.intervals import stability as direct

    raw = example("01-example-from-brief")
    expected = direct(raw)
    assert expected is not None
    assert callable(quotecalc.stability)
    assert quotecalc.stability(raw) == expected
    assert callable(quotecalc.stability)
    assert quotecalc.stability(raw) == expected
    assert quotecalc.stability(example("02-no-weights-completed")) is None
