"""Batch identity (issue #10): every request of a batch gets exactly the single call's result.

Against the real CLI as a subprocess: a batch of every bundled example (tests/data/examples and
the repository's examples/, each pasted into the body byte for byte, pretty-printing and all)
answered by ``--input-batch -`` equals ``--input-json -`` on each request, byte for byte once
re-serialised. Plus the command line's edges, reading at most the limit + 1 bytes, linear time
on hostile bodies, and a hypothesis property over built bodies.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, ROOT, check_batch_result_schema, run_cli
from quotecalc import calculate
from quotecalc.batch import MAX_BATCH_BYTES, MAX_BATCH_ITEMS, calculate_batch
from quotecalc.cli import main, usage_error

BATCH_ARGV = ("--input-batch", "-")
EXAMPLE_REQUESTS = [path.read_bytes() for path in sorted(EXAMPLES.glob("*.request.json"))]
EXAMPLE_REQUESTS += [
    path.read_bytes() for path in sorted((ROOT / "examples").glob("*.request.json"))
]
# Hand-written requests whose literal forms only survive if the exact source text is used.
LITERALS = [
    b'{"schemaVersion":1,"quantity":1e3,"currency":"CNY","specification":"M6","quotes":[]}',
    b'{"schemaVersion":1.0,"quantity":"1000","currency":"CNY","specification":"M6","quotes":['
    b'{"supplierId":"A","specification":"M6","currency":"CNY","packSize":100,"minimumPacks":0,'
    b'"packPrice":185.00,"freight":-0,"otherFees":0,"leadDays":7}]}',
    b'{"schemaVersion":1,"schemaVersion":1}',
    b'{"schemaVersion":1,"quotes":[{"supplierId":"A","supplierId":"B"}]}',
    b'{"schemaVersion":1,"quotes":[{"supplierId":"\\ud800"}]}',
    b'{"schemaVersion":1,"quotes":[{"supplierId":"]},{\\"[","qualityEvidence":"\\\\"}]}',
    b"[]",
    b"null",
    b'"a string"',
]


def body_of(items: list[bytes], *, separator: bytes = b",") -> bytes:
    return b'{"requests":[' + separator.join(items) + b"]}"


def compact(output: Any) -> bytes:
    """A result as the CLI prints it (the batch document holds the same objects)."""
    return (json.dumps(output, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def test_every_example_in_one_batch_equals_the_cli_request_by_request() -> None:
    assert 1 < len(EXAMPLE_REQUESTS) <= MAX_BATCH_ITEMS
    batch = run_cli(body_of(EXAMPLE_REQUESTS), *BATCH_ARGV)
    assert (batch.exit_code, batch.stderr) == (0, b"")
    assert batch.stdout.endswith(b"\n")
    assert batch.stdout.count(b"\n") == 1
    results = json.loads(batch.stdout)["results"]
    assert len(results) == len(EXAMPLE_REQUESTS)
    for raw, result in zip(EXAMPLE_REQUESTS, results, strict=True):
        assert compact(result) == run_cli(raw).stdout
    assert {result["status"] for result in results} >= {"completed", "partial", "invalid_input"}


def test_literal_forms_duplicates_and_odd_strings_through_the_cli() -> None:
    body = body_of(LITERALS, separator=b" ,\r\n\t ")
    batch = run_cli(b"\n  " + body + b"\n", *BATCH_ARGV)
    assert batch.exit_code == 0
    results = json.loads(batch.stdout)["results"]
    for raw, result in zip(LITERALS, results, strict=True):
        assert compact(result) == run_cli(raw).stdout, raw
    codes = [result["limitations"][0]["code"] for result in results[2:5]]
    assert codes == ["duplicate_key", "duplicate_key", "invalid_string"]


def test_a_body_that_is_not_a_batch_through_the_cli() -> None:
    refused = run_cli(b'{"requests":[]}', *BATCH_ARGV)
    assert (refused.exit_code, refused.stderr) == (2, b"")
    assert refused.output["status"] == "invalid_input"
    assert [(e["code"], e["path"]) for e in refused.output["limitations"]] == [
        ("out_of_range", "/requests")
    ]
    assert refused.stdout == calculate_batch(b'{"requests":[]}').to_json()


def test_bad_batch_argv_is_invalid_arguments_without_reading_stdin() -> None:
    usage = usage_error().to_json()
    for argv in (
        ["--input-batch", "-", "--trace"],
        ["--trace", "--input-batch", "-"],
        ["--input-batch"],
        ["--input-batch", "x"],
        ["--input-batch", "-", "--format", "text"],
        ["--input-batch", "-", "--input-json", "-"],
        ["--input-batch", "-", "--input-batch", "-"],
    ):
        stdin, stdout = io.BytesIO(b'{"requests":[{}]}'), io.BytesIO()
        assert main(argv, stdin, stdout, io.BytesIO()) == 2, argv
        assert stdout.getvalue() == usage
        assert stdin.tell() == 0


def test_reads_at_most_the_limit_plus_one_byte() -> None:
    stdin = io.BytesIO(b" " * (MAX_BATCH_BYTES + 5000))
    stdout = io.BytesIO()
    assert main(list(BATCH_ARGV), stdin, stdout, io.BytesIO()) == 2
    assert stdin.tell() == MAX_BATCH_BYTES + 1
    answer = json.loads(stdout.getvalue())
    assert [e["code"] for e in answer["limitations"]] == ["batch_too_large"]


def test_the_batch_schema_accepts_every_kind_of_answer() -> None:
    for body in (
        body_of(EXAMPLE_REQUESTS),
        body_of(LITERALS),
        b"{}",
        b'{"requests":[],"x":1}',
        b"\xff",
        b" " * (MAX_BATCH_BYTES + 1),
    ):
        check_batch_result_schema(calculate_batch(body).to_json())


def _timed(body: bytes) -> tuple[str, float]:
    started = time.perf_counter()
    answer = calculate_batch(body)
    return answer.status, time.perf_counter() - started


# A bound against a hang only: how fast these are is measured in scripts/bench.py (figure 6),
# as a ratio to a realistic batch in the same run, not asserted here.
HANG_SECONDS = 120.0


def test_hostile_bodies_at_the_size_limit_are_answered() -> None:
    """The kinds of input that made the parse stage slow (tests/test_fuzz_regressions.py), at
    the batch's own size: bracket storms, escapes, an unterminated string, many commas."""
    unit = b"[" * 250 + b"]" * 250
    deep = b"[" + b",".join([unit] * ((MAX_BATCH_BYTES - 100) // len(unit) // 24)) + b"]"
    escapes = b'"' + b'\\"' * ((MAX_BATCH_BYTES - 100) // 48 - 1) + b'"'
    cases = {
        "brackets": (body_of([deep] * 24), "answered"),
        "escapes": (body_of([escapes] * 24), "answered"),
        "unterminated": (b'{"requests":[' + b"[" * 300 + b'\\"' * 1_000_000, "invalid_input"),
        "commas": (body_of([b"0"] * 1_000_000), "invalid_input"),
    }
    for name, (body, status) in cases.items():
        assert len(body) <= MAX_BATCH_BYTES, name
        got, elapsed = _timed(body)
        assert got == status, name
        assert elapsed < HANG_SECONDS, f"{name}: {elapsed:.1f} s for {len(body)} bytes"


# ---- a property over built bodies -------------------------------------------------------------

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.sampled_from(["1e3", "-0", "185.00", "0.0000001"]),
    st.text(max_size=8),
)
ITEM_TEXT = st.one_of(
    st.sampled_from(EXAMPLE_REQUESTS + LITERALS),
    st.recursive(
        JSON_SCALARS,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
        max_leaves=8,
    ).map(lambda value: json.dumps(value, ensure_ascii=False).encode()),
)
WHITESPACE = st.text(alphabet=" \t\r\n", max_size=3).map(str.encode)


@settings(max_examples=60, deadline=None)
@given(st.lists(ITEM_TEXT, min_size=1, max_size=MAX_BATCH_ITEMS + 2), WHITESPACE, WHITESPACE)
def test_built_bodies_answer_each_item_as_the_single_call(
    items: list[bytes], before: bytes, after: bytes
) -> None:
    body = before + body_of([before + item + after for item in items]) + after
    first, second = calculate_batch(body), calculate_batch(body)
    assert first.to_json() == second.to_json()
    assert first.to_json().count(b"\n") == 1
    if len(items) > MAX_BATCH_ITEMS:
        assert (first.status, first.exit_code) == ("invalid_input", 2)
        return
    assert (first.status, first.exit_code) == ("answered", 0)
    assert first.output == {"results": [calculate(item).output for item in items]}


@settings(max_examples=150, deadline=None)
@given(
    st.binary(max_size=200)
    | st.text(alphabet='{}[]",:\\ "requests0-1e.', max_size=60).map(str.encode)
)
def test_any_bytes_get_one_json_object_and_never_a_traceback(body: bytes) -> None:
    answer = calculate_batch(body)
    assert answer.status in ("answered", "invalid_input")
    document = json.loads(answer.to_json())
    assert isinstance(document, dict)
    assert answer.to_json() == calculate_batch(body).to_json()
    if answer.status == "answered":
        assert 1 <= len(document["results"]) <= MAX_BATCH_ITEMS


def test_the_core_and_the_fixed_call_never_import_the_batch_door() -> None:
    code = (
        "import io, sys\n"
        "import quotecalc, quotecalc.api, quotecalc.schema, quotecalc.core.limits\n"
        "from quotecalc.cli import main\n"
        "main(['--input-json', '-'], io.BytesIO(b'{}'), io.BytesIO(), io.BytesIO())\n"
        "print(sorted(m for m in sys.modules if m.startswith('quotecalc.batch')))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-B", "-c", code],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=60,
        check=False,
    )
    assert (proc.returncode, proc.stdout.strip(), proc.stderr) == (0, b"[]", b"")
