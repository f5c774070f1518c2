"""Black-box validation: whole requests in, the exact set of ``(code, path)`` out (§4, §16).

Each row starts from one valid request, changes it, and names every error the contract
requires -- no more, no fewer. Rows are raw JSON text where the literal form matters.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from conftest import ROOT, CliRun, run_cli
from quotecalc import calculate


def quote(supplier_id: str = "A", **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "supplierId": supplier_id,
        "specification": "M6 bolt",
        "currency": "CNY",
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": "35.00",
        "freight": "20",
        "otherFees": "0",
        "leadDays": 7,
        "qualityScore": 4,
        "qualityDefinition": "1-5 audit",
    }
    body.update(changes)
    return body


def base(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": 1000,
        "currency": "CNY",
        "specification": "M6 bolt",
        "weights": {"cost": "0.5", "delivery": "0.3", "quality": "0.2"},
        "qualityScale": {"definition": "1-5 audit", "minimum": 1, "maximum": 5},
        "quotes": [quote("A"), quote("B")],
    }
    body.update(changes)
    return body


def errors_of(raw: bytes) -> set[tuple[str, str]]:
    result = calculate(raw)
    assert result.output["status"] == "invalid_input"
    assert result.exit_code == 2
    return {(error["code"], error["path"]) for error in result.output["limitations"]}


def encode(body: dict[str, Any]) -> bytes:
    return json.dumps(body, ensure_ascii=False).encode()


def with_quote_field(field: str, literal: str) -> bytes:
    """The base request with quote 0's ``field`` written as the raw JSON ``literal``."""
    text = encode(base(quotes=[quote("A", **{field: "@@"}), quote("B")])).decode()
    return text.replace('"@@"', literal, 1).encode()


def test_the_base_request_is_valid() -> None:
    assert calculate(encode(base())).output["status"] == "completed"


DECIMAL_FORMS = [
    ('"1.0000000"', "too_many_decimals"),
    ("1.0000000", "too_many_decimals"),
    ('"-0"', "negative_value"),
    ("-0", "negative_value"),
    ('"-abc"', "negative_value"),
    ('"-.5"', "negative_value"),
    ('"-1e3"', "negative_value"),
    ('"1e3"', "exponent_not_allowed"),
    ("1E3", "exponent_not_allowed"),
    ("1.5e-2", "exponent_not_allowed"),
    ('"NaN"', "non_finite_number"),
    ('"inf"', "non_finite_number"),
    ('"-Infinity"', "non_finite_number"),
    ('"sNaN"', "non_finite_number"),
    ('"' + "1" * 49 + '"', "number_too_long"),
    ("1" * 49, "number_too_long"),
    ('"-' + "1" * 48 + '"', "number_too_long"),
    ('"05"', "invalid_number_format"),
    ('"+5"', "invalid_number_format"),
    ('".5"', "invalid_number_format"),
    ('"5."', "invalid_number_format"),
    ('""', "invalid_number_format"),
    ('" 5"', "invalid_number_format"),
    ('"1,000"', "invalid_number_format"),
    ('"0x10"', "invalid_number_format"),
    ("true", "invalid_type"),
    ("false", "invalid_type"),
    ("null", "null_not_allowed"),
    ("[1]", "invalid_type"),
    ("{}", "invalid_type"),
    ('"1000000000000000.000001"', "out_of_range"),
    ("1000000000000001", "out_of_range"),
]


@pytest.mark.parametrize(("literal", "code"), DECIMAL_FORMS)
def test_decimal_field_forms(literal: str, code: str) -> None:
    assert errors_of(with_quote_field("packPrice", literal)) == {(code, "/quotes/0/packPrice")}


@pytest.mark.parametrize(
    "literal", ['"0"', "0", '"1000000000000000"', "1000000000000000", '"0.000001"', "12.50"]
)
def test_decimal_field_accepts(literal: str) -> None:
    output = calculate(with_quote_field("packPrice", literal)).output
    assert output["status"] == "completed"


INTEGER_FORMS = [
    ("5.5", "not_integer"),
    ('"5.5"', "not_integer"),
    ("1000000000.5", "not_integer"),
    ("1000000001", "out_of_range"),
    ('"1000000001"', "out_of_range"),
    ("0", "out_of_range"),
    ('"-1"', "negative_value"),
    ("1e2", "exponent_not_allowed"),
    ('"5.0000000"', "too_many_decimals"),
    ("true", "invalid_type"),
]


@pytest.mark.parametrize(("literal", "code"), INTEGER_FORMS)
def test_positive_integer_field_forms(literal: str, code: str) -> None:
    assert errors_of(with_quote_field("packSize", literal)) == {(code, "/quotes/0/packSize")}


@pytest.mark.parametrize(("literal", "shown"), [("5.0", "5"), ('"5.000000"', "5"), ("5", "5")])
def test_integer_fields_accept_integral_forms_and_echo_canonically(
    literal: str, shown: str
) -> None:
    output = calculate(with_quote_field("leadDays", literal)).output
    assert output["normalizedQuotes"][0]["leadDays"] == shown


def test_zero_is_valid_where_the_field_may_be_zero() -> None:
    assert calculate(with_quote_field("minimumPacks", "0")).output["status"] == "completed"
    assert calculate(with_quote_field("leadDays", '"0"')).output["status"] == "completed"


ROWS: list[tuple[str, bytes, set[tuple[str, str]]]] = [
    (
        "empty object",
        b"{}",
        {("missing_required", "/schemaVersion"), ("missing_required", "/quotes")},
    ),
    ("schemaVersion string", encode(base(schemaVersion="1")), {("invalid_type", "/schemaVersion")}),
    (
        "schemaVersion 2",
        encode(base(schemaVersion=2)),
        {("unsupported_schema_version", "/schemaVersion")},
    ),
    (
        "schemaVersion -1 and the rest still validated",
        encode(base(schemaVersion=-1, quantity=0)),
        {("negative_value", "/schemaVersion"), ("out_of_range", "/quantity")},
    ),
    (
        "schemaVersion 1e0",
        encode(base()).replace(b'"schemaVersion": 1', b'"schemaVersion": 1e0'),
        {("exponent_not_allowed", "/schemaVersion")},
    ),
    ("schemaVersion true", encode(base(schemaVersion=True)), {("invalid_type", "/schemaVersion")}),
    (
        "schemaVersion null",
        encode(base(schemaVersion=None)),
        {("null_not_allowed", "/schemaVersion")},
    ),
    ("no quotes", encode(base(quotes=[])), {("out_of_range", "/quotes")}),
    ("quotes not an array", encode(base(quotes={"a": 1})), {("invalid_type", "/quotes")}),
    (
        "null and number quotes",
        encode(base(quotes=[None, 5, quote("C")])),
        {("null_not_allowed", "/quotes/0"), ("invalid_type", "/quotes/1")},
    ),
    (
        "101 quotes, one bad",
        encode(base(quotes=[quote(f"S{i}") for i in range(100)] + [quote("X", packSize=0)])),
        {("out_of_range", "/quotes"), ("out_of_range", "/quotes/100/packSize")},
    ),
    (
        "unknown keys everywhere, one per object",
        encode(
            base(
                QQa=1,
                QQb=2,
                weights={"cost": 1, "delivery": 0, "quality": 0, "QQw": 1},
                qualityScale={"definition": "d", "minimum": 1, "maximum": 5, "QQs": 1},
                quotes=[quote("A", QQq=1, QQr=2), quote("B")],
            )
        ),
        {
            ("unknown_key", ""),
            ("unknown_key", "/weights"),
            ("unknown_key", "/qualityScale"),
            ("unknown_key", "/quotes/0"),
        },
    ),
    (
        "missing supplierId",
        encode(base(quotes=[{"specification": "M6 bolt"}])),
        {("missing_required", "/quotes/0/supplierId")},
    ),
    (
        "missing weight",
        encode(base(weights={"cost": 1, "delivery": 1})),
        {("missing_required", "/weights/quality")},
    ),
    (
        "weights all zero",
        encode(base(weights={"cost": "0", "delivery": 0, "quality": "0.0"})),
        {("weights_sum_zero", "/weights")},
    ),
    ("weights not an object", encode(base(weights=[1, 2, 3])), {("invalid_type", "/weights")}),
    (
        "duplicate supplier ids",
        encode(base(quotes=[quote("A"), quote("A"), quote("A")])),
        {
            ("duplicate_supplier_id", "/quotes/1/supplierId"),
            ("duplicate_supplier_id", "/quotes/2/supplierId"),
        },
    ),
    (
        "currency forms",
        encode(base(currency="cny", quotes=[quote("A", currency="CN"), quote("B", currency="")])),
        {
            ("invalid_currency", "/currency"),
            ("invalid_currency", "/quotes/0/currency"),
            ("invalid_currency", "/quotes/1/currency"),
        },
    ),
    (
        "currency with a newline",
        encode(base(currency="CNY\n")),
        {("invalid_currency", "/currency")},
    ),
    (
        "blank and long strings",
        encode(
            base(specification="   ", quotes=[quote("A", specification=" " * 257), quote("B" * 65)])
        ),
        {
            ("empty_string", "/specification"),
            ("string_too_long", "/quotes/0/specification"),
            ("string_too_long", "/quotes/1/supplierId"),
        },
    ),
    (
        "empty supplierId",
        encode(base(quotes=[quote("")])),
        {("empty_string", "/quotes/0/supplierId")},
    ),
    (
        "evidence too long",
        encode(base(quotes=[quote("A", qualityEvidence="e" * 2001)])),
        {("string_too_long", "/quotes/0/qualityEvidence")},
    ),
    (
        "scale minimum equals maximum",
        encode(base(qualityScale={"definition": "d", "minimum": 3, "maximum": 3})),
        {("invalid_quality_scale", "/qualityScale")},
    ),
    (
        "score outside the scale",
        encode(base(quotes=[quote("A", qualityScore="5.5"), quote("B")])),
        {("out_of_range", "/quotes/0/qualityScore")},
    ),
    (
        "invalid scale skips the score range checks",
        encode(
            base(
                qualityScale={"definition": "d", "minimum": 5, "maximum": 1},
                minimumQualityScore=9,
                quotes=[quote("A", qualityScore=9)],
            )
        ),
        {("invalid_quality_scale", "/qualityScale")},
    ),
    (
        "minimum score without a scale",
        encode(base(qualityScale=None) | {"minimumQualityScore": 3}),
        {("null_not_allowed", "/qualityScale")},
    ),
    (
        "minimum score outside the scale",
        encode(base(minimumQualityScore="5.5")),
        {("out_of_range", "/minimumQualityScore")},
    ),
    (
        "delta of 0 and of 1",
        encode(base(sensitivityDelta=0)),
        {("out_of_range", "/sensitivityDelta")},
    ),
    ("delta 1", encode(base(sensitivityDelta="1")), {("out_of_range", "/sensitivityDelta")}),
    ("maxLeadDays negative", encode(base(maxLeadDays=-1)), {("negative_value", "/maxLeadDays")}),
    ("maxLeadDays fractional", encode(base(maxLeadDays=1.5)), {("not_integer", "/maxLeadDays")}),
    (
        "explicit nulls",
        encode(base(quantity=None, quotes=[quote("A", freight=None, qualityEvidence=None)])),
        {
            ("null_not_allowed", "/quantity"),
            ("null_not_allowed", "/quotes/0/freight"),
            ("null_not_allowed", "/quotes/0/qualityEvidence"),
        },
    ),
]


@pytest.mark.parametrize(
    ("raw", "expected"), [row[1:] for row in ROWS], ids=[row[0] for row in ROWS]
)
def test_field_rules(raw: bytes, expected: set[tuple[str, str]]) -> None:
    assert errors_of(raw) == expected


def test_supplier_ids_compare_exactly() -> None:
    # "A", "a" and "A " are three different suppliers: exact string equality, no folding.
    raw = encode(base(quotes=[quote("A"), quote("a"), quote("A ")]))
    assert calculate(raw).output["status"] == "completed"


def test_requires_rules() -> None:
    no_scale = base(minimumQualityScore=3)
    del no_scale["qualityScale"]
    no_scale["quotes"] = [quote("A", qualityScore=None)]
    no_scale["quotes"][0].pop("qualityScore")
    assert errors_of(encode(no_scale)) == {("requires_quality_scale", "/minimumQualityScore")}
    no_weights = base(sensitivityDelta="0.1")
    del no_weights["weights"]
    assert errors_of(encode(no_weights)) == {("requires_weights", "/sensitivityDelta")}
    no_weights["sensitivityDelta"] = "1.5"
    assert errors_of(encode(no_weights)) == {
        ("out_of_range", "/sensitivityDelta"),
        ("requires_weights", "/sensitivityDelta"),
    }
    no_weights["sensitivityDelta"] = "abc"
    assert errors_of(encode(no_weights)) == {("invalid_number_format", "/sensitivityDelta")}


def test_string_length_counts_code_points() -> None:
    assert (
        calculate(
            encode(base(specification="螺" * 256, quotes=[quote("A", specification="螺" * 256)]))
        ).output["status"]
        == "completed"
    )
    assert errors_of(encode(base(specification="螺" * 257))) == {
        ("string_too_long", "/specification")
    }


def test_errors_sorted_deduplicated_and_capped_at_100() -> None:
    # 60 quotes, each with a bad packSize and leadDays: 120 errors; sorted by (path, code) the
    # first 100 are those of quotes 0..49 in code-point order of their index ("/quotes/10" sorts
    # before "/quotes/2").
    quotes = [quote(f"S{i}", packSize=0, leadDays="x") for i in range(60)]
    output = calculate(encode(base(quotes=quotes))).output
    shown = [(error["path"], error["code"]) for error in output["limitations"]]
    every = sorted(
        (f"/quotes/{i}/{field}", code)
        for i in range(60)
        for field, code in (("packSize", "out_of_range"), ("leadDays", "invalid_number_format"))
    )
    assert shown == every[:100]
    assert all(list(error) == ["code", "path", "message"] for error in output["limitations"])


def test_messages_are_fixed_per_code_and_nothing_is_echoed() -> None:
    marker = "QQMARKzz"
    raw = encode(
        base(
            **{marker: marker},
            currency=marker,
            quotes=[quote(marker, packPrice=marker, **{marker + "k": 1}), quote(marker)],
        )
    )
    result = calculate(raw)
    assert marker.encode() not in result.to_json()
    messages: dict[str, str] = {}
    for other in (raw, with_quote_field("packPrice", '"x"'), encode(base(currency="x"))):
        for error in calculate(other).output["limitations"]:
            assert messages.setdefault(error["code"], error["message"]) == error["message"]


def test_invalid_envelope() -> None:
    output = calculate(b"{}").output
    assert output == {
        "schemaVersion": 1,
        "tool": "quotecalc",
        "toolVersion": "0.1.0",
        "status": "invalid_input",
        "normalizedQuotes": [],
        "ranking": None,
        "sensitivity": [],
        "quality": {"scale": None, "issues": [], "certifiedSuppliers": False},
        "limitations": output["limitations"],
        "networkUsed": False,
        "filesModified": False,
    }
    assert list(output) == list(calculate(encode(base())).output)


PARSE_ROWS = [
    (b"", "invalid_json"),
    (b"   \n", "invalid_json"),
    (b'{"a":1,}', "invalid_json"),
    (b"{'a':1}", "invalid_json"),
    (b'{"a":1} // c', "invalid_json"),
    (b'{"a":1} x', "invalid_json"),
    (b'{"a":NaN}', "non_finite_number"),
    (b'{"a":-Infinity}', "non_finite_number"),
    (b'{"a":1,"a":1}', "duplicate_key"),
    (b'{"quotes":[{"supplierId":"A","supplierId":"B"}]}', "duplicate_key"),
    (b'{"a":"\\ud800"}', "invalid_string"),
    (b'{"\\udfff":1}', "invalid_string"),
    (b"\xef\xbb\xbf{}", "invalid_encoding"),
    (b'{"a":"\xff"}', "invalid_encoding"),
    (b"[" * 100000, "invalid_json"),
    (b'{"a":' * 50000, "invalid_json"),
    (b"[]", "invalid_type"),
    (b'"text"', "invalid_type"),
    (b"12", "invalid_type"),
    (b"{}" + b" " * 262143, "input_too_large"),
]


@pytest.mark.parametrize(("raw", "code"), PARSE_ROWS, ids=[str(i) for i in range(len(PARSE_ROWS))])
def test_parse_rows(raw: bytes, code: str) -> None:
    assert errors_of(raw) == {(code, "")}


def _from_depth(frames: int, raw: bytes) -> bytes:
    return calculate(raw).to_json() if frames == 0 else _from_depth(frames - 1, raw)


def test_nesting_limit_is_fixed_whoever_calls() -> None:
    # 256 levels are decoded (then rejected as an unknown key: "a" is not a field); 257 are
    # refused before decoding. A caller 900 frames deep gets the same bytes as a shallow one.
    at_limit = b'{"a":' + b"[" * 255 + b"]" * 255 + b"}"
    past_limit = b'{"a":' + b"[" * 256 + b"]" * 256 + b"}"
    assert errors_of(at_limit) == {
        ("unknown_key", ""),
        ("missing_required", "/schemaVersion"),
        ("missing_required", "/quotes"),
    }
    assert errors_of(past_limit) == {("invalid_json", "")}
    for raw in (at_limit, past_limit):
        assert _from_depth(900, raw) == _from_depth(0, raw)


def test_exactly_the_limit_is_not_too_large() -> None:
    body = encode(base())
    padded = body + b" " * (262144 - len(body))
    assert calculate(padded).output["status"] == "completed"
    shown = run_cli(padded)
    assert shown.exit_code == 0
    assert run_cli(padded + b" ").output["limitations"][0]["code"] == "input_too_large"


BAD_ARGV: list[tuple[list[str], str]] = [
    ([], "no input: give --input-json - (or --input-jsonl -, --input-batch -)"),
    (["--input-json"], "--input-json needs '-' (stdin)"),
    (
        ["--input-json", "x"],
        "--input-json reads stdin only: give '-', not 'x' (no file is read)",
    ),
    (
        ["--input-json", "request.json"],
        "--input-json reads stdin only: give '-', not 'request.json' (no file is read)",
    ),
    (["--bogus"], "unknown option '--bogus'"),
    (["--input-json", "-", "extra"], "unknown option 'extra'"),
    (["--input-json", "-", "--input-json", "-"], "--input-json given twice"),
    (["-"], "unknown option '-'"),
    (["--input-json", "-", "--input-jsonl", "-"], "give one input flag only"),
    (["--input-json", "-", "--format", "pdf"], "--format takes one of json, text, svg, html, xlsx"),
    (["--version", "--trace"], "--version is accepted only alone"),
    (
        ["--print-schema"],
        "--print-schema takes one of request, result, batch-request, batch-result, analysis,"
        " plan-request, plan, event-request, event, convert-request, converted, alone",
    ),
    (["--input-json", "-", "--lang"], "--lang takes one of en, zh"),
    (["--input-json", "-", "--format", "text", "--lang", "fr"], "--lang takes one of en, zh"),
    (["--input-jsonl", "-", "--format", "text"], "these options do not go together"),
]


@pytest.mark.parametrize(("argv", "problem"), BAD_ARGV)
def test_bad_argv(argv: list[str], problem: str) -> None:
    """The fixed call's stdout stays the one invalid_arguments object (exit 2, stdin unread);
    stderr is one line naming the problem and pointing to --help (issue 19)."""
    shown = run_cli(encode(base()), *argv) if argv else no_arguments()
    assert shown.exit_code == 2
    assert shown.stderr == f"quotecalc: {problem}; see quotecalc --help\n".encode()
    assert [(e["code"], e["path"]) for e in shown.output["limitations"]] == [
        ("invalid_arguments", "")
    ]


@pytest.mark.parametrize(
    "door", [["scripts/calculate.py"], ["-m", "quotecalc"], ["-m", "quotecalc.mcp"]]
)
def test_version_alone(door: list[str]) -> None:
    """``--version`` alone, like ``--help`` alone: the tool and its version, exit 0, stdin
    unread (the MCP door too, SDK or not)."""
    done = subprocess.run(
        [sys.executable, "-B", *door, "--version"],
        input=b"",
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, b"quotecalc 0.1.0\n", b"")


def no_arguments() -> CliRun:
    """The script with no argv at all (``run_cli`` fills in the fixed argv when given none)."""
    done = subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py"],
        input=encode(base()),
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    return CliRun(done)


@pytest.mark.parametrize(("argv", "problem"), BAD_ARGV)
def test_argv_problem_in_process(argv: list[str], problem: str) -> None:
    """The same table through ``cli.main`` in process: stdin untouched, one line on stderr."""
    import io

    from quotecalc.cli import main

    class Untouchable(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            raise AssertionError("stdin was read")

    out, err = io.BytesIO(), io.BytesIO()
    assert main(argv, Untouchable(), out, err) == 2
    assert err.getvalue() == f"quotecalc: {problem}; see quotecalc --help\n".encode()
    assert json.loads(out.getvalue())["limitations"][0]["code"] == "invalid_arguments"
