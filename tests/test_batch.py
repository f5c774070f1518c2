"""JSONL batch mode: each line answered exactly as the single call would (issue: fast in bulk)."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, ROOT, run_cli
from quotecalc import calculate
from quotecalc.cli import main

LIMIT = 262144
# The shared examples are one line each (kept byte for byte: literals like -0 and 1e3 matter);
# the repository's example is pretty-printed, so it is re-serialised onto one line.
EXAMPLE_LINES = [path.read_bytes().strip() for path in sorted(EXAMPLES.glob("*.request.json"))]
EXAMPLE_LINES.append(
    json.dumps(
        json.loads((ROOT / "examples" / "multi-supplier.request.json").read_bytes())
    ).encode()
)


def batch_in_process(stdin: bytes) -> tuple[int, list[bytes]]:
    out, err = io.BytesIO(), io.BytesIO()
    code = main(["--input-jsonl", "-"], io.BytesIO(stdin), out, err)
    assert err.getvalue() == b""
    return code, out.getvalue().splitlines(keepends=True)


def single(raw: bytes) -> bytes:
    return calculate(raw).to_json()


def test_examples_through_the_real_cli_match_single_calls() -> None:
    raw_lines = EXAMPLE_LINES
    assert all(b"\n" not in line for line in raw_lines)
    batch = run_cli(b"\n".join(raw_lines) + b"\n", "--input-jsonl", "-")
    assert batch.exit_code == 0
    assert batch.stderr == b""
    lines = batch.stdout.splitlines(keepends=True)
    assert len(lines) == len(raw_lines)
    for raw, line in zip(raw_lines, lines, strict=True):
        assert line == run_cli(raw).stdout


def test_bad_lines_get_their_own_result_and_never_stop_the_others() -> None:
    good = EXAMPLE_LINES[0]
    too_large = b'{"schemaVersion":1,"pad":"' + b"x" * LIMIT + b'"}'
    stdin = b"\n".join([good, b"", b"{bad", too_large, b"   ", good]) + b"\n"
    code, lines = batch_in_process(stdin)
    assert code == 0
    statuses = [json.loads(line)["status"] for line in lines]
    assert statuses == [
        "completed",
        "invalid_input",
        "invalid_input",
        "invalid_input",
        "invalid_input",
        "completed",
    ]
    errors = [json.loads(line)["limitations"] for line in lines[1:5]]
    assert [e[0]["code"] for e in errors] == [
        "invalid_json",
        "invalid_json",
        "input_too_large",
        "invalid_json",
    ]
    assert lines[0] == lines[5] == single(good)


def test_a_line_of_exactly_the_limit_is_not_too_large() -> None:
    body = b'{"schemaVersion":1,"quotes":[{"supplierId":"A"}]}'
    padded = body + b" " * (LIMIT - len(body))
    assert len(padded) == LIMIT
    code, lines = batch_in_process(padded + b"\n" + padded + b" \n")
    assert code == 0
    assert json.loads(lines[0])["status"] == "partial"
    assert json.loads(lines[1])["limitations"][0]["code"] == "input_too_large"


def test_last_line_without_newline_and_crlf_lines() -> None:
    good = EXAMPLE_LINES[1]
    code, lines = batch_in_process(good + b"\r\n" + good)
    assert code == 0
    assert lines == [single(good), single(good)]


def test_empty_stdin_answers_nothing() -> None:
    assert batch_in_process(b"") == (0, [])


def test_bad_argv_is_one_error() -> None:
    result = run_cli(b"", "--input-jsonl")
    assert result.exit_code == 2
    assert [e["code"] for e in result.output["limitations"]] == ["invalid_arguments"]


NUMBER = st.one_of(
    st.integers(min_value=0, max_value=2000),
    st.decimals(min_value=0, max_value=5000, places=2).map(str),
    st.sampled_from(["-1", "1e3", "05", "", "1.0000000", "NaN"]),
)


@st.composite
def requests(draw: st.DrawFn) -> bytes:
    quotes = [
        {
            "supplierId": f"S{index}",
            "specification": draw(st.sampled_from(["M6", "M8"])),
            "currency": draw(st.sampled_from(["CNY", "USD"])),
            "packSize": draw(NUMBER),
            "minimumPacks": draw(NUMBER),
            "packPrice": draw(NUMBER),
            "freight": draw(NUMBER),
            "otherFees": draw(NUMBER),
            "leadDays": draw(NUMBER),
        }
        for index in range(draw(st.integers(min_value=1, max_value=4)))
    ]
    body = {
        "schemaVersion": 1,
        "quantity": draw(NUMBER),
        "currency": "CNY",
        "specification": "M6",
        "weights": {"cost": "1", "delivery": draw(NUMBER), "quality": "0"},
        "quotes": quotes,
    }
    return json.dumps(body).encode()


@settings(max_examples=60, deadline=None)
@given(st.lists(requests(), min_size=1, max_size=5))
def test_random_requests_match_single_calls(raw_lines: list[bytes]) -> None:
    code, lines = batch_in_process(b"\n".join(raw_lines) + b"\n")
    assert code == 0
    assert lines == [single(raw) for raw in raw_lines]
