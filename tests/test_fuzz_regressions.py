"""Regression tests for the findings of the fuzz harness (issue #7, ``fuzz/harness.py``).

Finding 1 (long run 1, after 299,432 executions): the same input gave different bytes from
``calculate()`` and from the CLI's ``main()``. The parse stage leaves nesting depth to the JSON
decoder, whose limit is Python's recursion limit counted from the *caller's* stack: an input
nested about 940 to 990 levels deep is ``invalid_json`` when the caller is a few frames deeper
and an ordinary validation result (``unknown_key``, ``invalid_type``) when it is shallower. The
fixed CLI (a few frames deeper than a library caller) and ``calculate()`` called from a host's
top level therefore disagree on it; the MCP server and other hosts call from other depths
again. CONTRACT §16 allows any ``invalid_input`` for nesting too deep to parse, but not an
answer that depends on who asks: two runs of the same input must give the same bytes.
Minimal input: ``{"a":`` then 990 ``[`` then 990 ``]`` then ``}`` (1986 bytes): CLI
``invalid_json``, ``calculate()`` from a script's top level ``unknown_key``.

Fixed in a67d3ce: the parse stage refuses nesting deeper than 256 levels before decoding
(``MAX_NESTING``), so the answer no longer depends on the caller's stack.
"""

from __future__ import annotations

import io
import time
from typing import Any

from quotecalc import calculate
from quotecalc.cli import main

DEPTHS = range(850, 1001, 5)  # around Python's default recursion limit of 1000


def nested(depth: int, *, inside: bytes = b'{"a":', outside: bytes = b"}") -> bytes:
    return inside + b"[" * depth + b"]" * depth + outside


def _from_depth(frames: int, raw: bytes) -> bytes:
    """``calculate(raw)`` called ``frames`` Python frames deeper than this function."""
    if frames == 0:
        return calculate(raw).to_json()
    return _from_depth(frames - 1, raw)


def _cli(raw: bytes) -> tuple[int, bytes]:
    stdout = io.BytesIO()
    code = main(["--input-json", "-"], io.BytesIO(raw), stdout, io.BytesIO())
    return code, stdout.getvalue()


def test_deep_nesting_answer_does_not_depend_on_the_callers_stack() -> None:
    for depth in DEPTHS:
        raw = nested(depth)
        answers = {frames: _from_depth(frames, raw) for frames in (0, 10, 40, 100)}
        assert len(set(answers.values())) == 1, (depth, {k: v[-120:] for k, v in answers.items()})


def test_cli_main_and_calculate_agree_on_deep_nesting() -> None:
    for depth in range(850, 1001):
        for raw in (nested(depth), nested(depth, inside=b'{"quotes":[', outside=b"]}")):
            code, stdout = _cli(raw)
            result: Any = calculate(raw)
            assert stdout == result.to_json(), (depth, stdout[-120:], result.to_json()[-120:])
            assert code == result.exit_code == 2


# Finding 2 (the lead's 30-minute run after the fix above, 91,596 executions): the new
# nesting check crashed (``ValueError: max() arg is an empty sequence``) on a document with
# more than 256 brackets, all of them inside strings: ``internal_error``, exit 1, for an input
# that is simply not an object (CONTRACT §4.1 rules 7 and 8). Minimal input: a top-level
# string holding 257 ``[``.
def test_brackets_only_inside_strings_are_not_nesting() -> None:
    for raw in (b'"' + b"[" * 257 + b'"', b'["' + b"{" * 300 + b'"]', b'"' + b"]" * 300 + b'"'):
        result = calculate(raw)
        assert result.exit_code == 2, raw[:20]
        assert [(e["code"], e["path"]) for e in result.output["limitations"]] == [
            ("invalid_type", "")
        ]
    evidence = b"[" * 300  # a valid request may carry brackets in its text fields
    request = (
        b'{"schemaVersion":1,"quotes":[{"supplierId":"A","qualityEvidence":"' + evidence + b'"}]}'
    )
    assert calculate(request).output["status"] == "partial"


# Finding 3 (found reviewing finding 2): the string-stripping pattern of the nesting check is
# quadratic when a string never closes: every escaped quote after an opening quote restarts a
# scan to the end of the text. 257 ``[`` then 20,000 ``\"`` (40 KB) took about 6 s; the same
# pattern filling 262144 bytes takes minutes (CONTRACT §4.1 rule 7: never a hang; issue #7:
# under 1 s). Every input within the limit must be answered quickly.
def test_unterminated_string_after_deep_brackets_is_linear() -> None:
    raw = b"[" * 257 + b'\\"' * 20_000
    started = time.perf_counter()
    result = calculate(raw)
    elapsed = time.perf_counter() - started
    assert result.output["status"] == "invalid_input"
    assert elapsed < 2.0, f"{elapsed:.1f} s for {len(raw)} bytes"
