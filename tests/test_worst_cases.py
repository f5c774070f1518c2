"""Worst-case inputs (issue #7): the slowest and most memory-hungry requests within 262144 bytes.

Each input runs through the real CLI (``python -B scripts/calculate.py --input-json -``) in a
fresh process, started by a small wrapper process that measures the call's wall time and its
peak RSS (``getrusage(RUSAGE_CHILDREN)``, so only the CLI process is counted). The targets are
< 1 s and < 64 MiB per call; the assertions are an order of magnitude looser (< 5 s, < 128
MiB) so that a loaded CI machine does not fail them. The measured figures are in
``docs/testing.md``; print them again with::

    python tests/test_worst_cases.py
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CALL = [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-"]
LIMIT = 262144
WALL_LIMIT_S = 5.0
RSS_LIMIT_MIB = 128.0
EXIT_CODES = {"completed": 0, "partial": 0, "invalid_input": 2}

CJK = "\u87ba\u6813\u4e0d\u9508\u94a2\u516d\u89d2\u5934"  # 8 code points, 3 UTF-8 bytes each
SPEC = (CJK * 32)[:256]  # 256 code points, the longest specification
DEFINITION = ("audit score, 5 = best; " * 30)[:512]  # the longest definition


def _dump(document: Any) -> bytes:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def _fill(prefix: bytes, unit: bytes, suffix: bytes, *, size: int = LIMIT) -> bytes:
    """``prefix + unit * n + suffix`` with the largest ``n`` that keeps it within ``size``."""
    count = (size - len(prefix) - len(suffix)) // len(unit)
    return prefix + unit * count + suffix


def _comma_fill(prefix: bytes, item: bytes, suffix: bytes) -> bytes:
    """``prefix + item,item,...,item + suffix`` within the limit."""
    count = (LIMIT - len(prefix) - len(suffix) + 1) // (len(item) + 1)
    return prefix + b",".join([item] * count) + suffix


def _quote(index: int, *, evidence: str, supplier: str | None = None) -> dict[str, Any]:
    return {
        "supplierId": supplier or f"{index:03d}-{CJK * 7}"[:64],
        "specification": SPEC,
        "currency": "CNY",
        "packSize": 100 + 25 * (index % 9),
        "minimumPacks": index % 7,
        "packPrice": f"{30 + index % 17}.{(index * 37) % 100:02d}",
        "freight": f"{(index * 13) % 400}.50",
        "otherFees": f"{index % 5}",
        "leadDays": 5 + (index * 7) % 30,
        "qualityEvidence": evidence,
        "qualityScore": f"{1 + index % 4}.{index % 10}",
        "qualityDefinition": DEFINITION,
    }


def _root(quotes: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": 12000,
        "currency": "CNY",
        "specification": SPEC,
        "weights": {"cost": "0.5", "delivery": "0.3", "quality": "0.2"},
        "qualityScale": {"definition": DEFINITION, "minimum": "1", "maximum": "5"},
        "maxLeadDays": 1000,
        "minimumQualityScore": "1",
        "sensitivityDelta": "0.1",
        "quotes": quotes,
    }
    document.update(extra)
    return document


def _fit(make: Callable[[int], bytes]) -> bytes:
    """``make(n)`` for the largest evidence length ``n <= 2000`` that fits in 262144 bytes."""
    low, high = 1, 2000
    while low < high:
        middle = (low + high + 1) // 2
        if len(make(middle)) <= LIMIT:
            low = middle
        else:
            high = middle - 1
    return make(low)


def maximal_strings(evidence_char: str) -> bytes:
    """100 complete quotes, every string at its longest that still fits in 262144 bytes."""

    def make(length: int) -> bytes:
        evidence = (evidence_char * length)[:length]
        return _dump(_root([_quote(index, evidence=evidence) for index in range(100)]))

    return _fit(make)


def exact_ties() -> bytes:
    """100 identical quotes but for the supplier id: one 100-way tie, in every scenario."""

    def make(length: int) -> bytes:
        evidence = "E" * length
        quotes = [_quote(0, evidence=evidence, supplier=f"TIE-{index:03d}") for index in range(100)]
        return _dump(_root(quotes))

    return _fit(make)


def large_numbers() -> bytes:
    """Every value at or next to its limit: 10^9 packs and days, 10^15 money with 6 decimals,
    scores 10^-6 apart on a 0..10^15 scale (huge exact rationals in every score), and the
    evidence as long as fits."""
    return _fit(_large_numbers)


def _large_numbers(length: int) -> bytes:
    top = "999999999999999.999999"
    quotes = [
        {
            "supplierId": f"BIG-{index:03d}",
            "specification": "S",
            "currency": "CNY",
            "packSize": 1 + index,
            "minimumPacks": 1000000000 - index,
            "packPrice": str(Decimal(top) - Decimal(index) / 1000000),
            "freight": "1000000000000000",
            "otherFees": f"{999999999999999 - index}.{index:06d}",
            "leadDays": 1000000000 - index * 7,
            "qualityScore": f"0.{index + 1:06d}",
            "qualityEvidence": "e" * length,
            "qualityDefinition": DEFINITION,
        }
        for index in range(100)
    ]
    return _dump(
        {
            "schemaVersion": 1,
            "quantity": 1000000000,
            "currency": "CNY",
            "specification": "S",
            "weights": {"cost": top, "delivery": "0.000001", "quality": "1000000000000000"},
            "qualityScale": {
                "definition": DEFINITION,
                "minimum": "0",
                "maximum": "1000000000000000",
            },
            "maxLeadDays": 1000000000,
            "minimumQualityScore": "0.000001",
            "sensitivityDelta": "0.999999",
            "quotes": quotes,
        }
    )


def many_errors() -> bytes:
    """As many quotes as fit, each with an error in every field (> 100 errors, every code)."""
    bad = (
        b'{"supplierId":"","specification":"","currency":"x","packSize":"-1",'
        b'"minimumPacks":"1e3","packPrice":"NaN","freight":true,"otherFees":[],"leadDays":5.5,'
        b'"qualityScore":"1.0000000","qualityEvidence":" ","qualityDefinition":null,"zz":1}'
    )
    return _comma_fill(b'{"schemaVersion":-1,"weights":{},"quotes":[', bad, b"]}")


def padded_valid() -> bytes:
    """A valid request padded with whitespace to exactly 262144 bytes."""
    raw = (ROOT / "tests" / "data" / "examples" / "01-example-from-brief.request.json").read_bytes()
    return raw.strip() + b" " * (LIMIT - len(raw.strip()))


def _keys(*, duplicate: bool) -> bytes:
    """23k distinct unknown keys in one object; optionally the first one again at the end."""
    keys = [b'"k%05d":0' % index for index in range(23000)]
    if duplicate:
        keys.append(keys[0])
    return b'{"schemaVersion":1,"quotes":[{}],' + b",".join(keys) + b"}"


# name -> (input builder, expected status, expected error code or None)
WORST: dict[str, tuple[Callable[[], bytes], str, str | None]] = {
    "nesting: 262144 x [": (lambda: b"[" * LIMIT, "invalid_input", "invalid_json"),
    'nesting: 52k x {"a":': (lambda: _fill(b"", b'{"a":', b""), "invalid_input", "invalid_json"),
    "nesting: 131k [ then 131k ]": (
        lambda: b"[" * (LIMIT // 2) + b"]" * (LIMIT // 2),
        "invalid_input",
        "invalid_json",
    ),
    "nesting: 256 deep in a quote field (the limit)": (
        lambda: b'{"schemaVersion":1,"quotes":[{"supplierId":' + b"[" * 253 + b"]" * 253 + b"}]}",
        "invalid_input",
        "invalid_type",
    ),
    "nesting: 257 deep in a quote field": (
        lambda: b'{"schemaVersion":1,"quotes":[{"supplierId":' + b"[" * 254 + b"]" * 254 + b"}]}",
        "invalid_input",
        "invalid_json",
    ),
    "87k empty arrays at depth 2": (
        lambda: _comma_fill(b'{"schemaVersion":1,"quotes":[{}],"zz":[', b"[]", b"]}"),
        "invalid_input",
        "unknown_key",
    ),
    "262k brackets inside one string": (
        lambda: _fill(b'{"schemaVersion":1,"quotes":[{}],"specification":"', b"[", b'"}'),
        "invalid_input",
        "string_too_long",
    ),
    "131k numbers as quotes": (
        lambda: _comma_fill(b'{"schemaVersion":1,"quotes":[', b"0", b"]}"),
        "invalid_input",
        "invalid_type",
    ),
    "131k numbers under an unknown key": (
        lambda: _comma_fill(b'{"schemaVersion":1,"quotes":[{}],"zz":[', b"0", b"]}"),
        "invalid_input",
        "unknown_key",
    ),
    "87k empty objects as quotes": (
        lambda: _comma_fill(b'{"schemaVersion":1,"quotes":[', b"{}", b"]}"),
        "invalid_input",
        "missing_required",
    ),
    "43k \\u escapes in one string": (
        lambda: _fill(b'{"schemaVersion":1,"quotes":[{}],"specification":"', b"\\u00e9", b'"}'),
        "invalid_input",
        "string_too_long",
    ),
    "21k surrogate pairs, one lone surrogate last": (
        lambda: _fill(b'{"a":"', b"\\ud83d\\ude00", b'\\ud800"}'),
        "invalid_input",
        "invalid_string",
    ),
    "23k distinct unknown keys": (lambda: _keys(duplicate=False), "invalid_input", "unknown_key"),
    "23k keys, a duplicate last": (lambda: _keys(duplicate=True), "invalid_input", "duplicate_key"),
    "262k-digit number literal": (
        lambda: _fill(b'{"schemaVersion":1,"quotes":[{}],"quantity":', b"7", b"}"),
        "invalid_input",
        "number_too_long",
    ),
    "262k-char string value": (
        lambda: _fill(b'{"schemaVersion":1,"quotes":[{}],"specification":"', b"x", b'"}'),
        "invalid_input",
        "string_too_long",
    ),
    "invalid UTF-8 in the last byte": (
        lambda: _fill(b'{"specification":"', b"x", b'"}\xff'),
        "invalid_input",
        "invalid_encoding",
    ),
    "131k escaped quotes in an unclosed string after 257 [": (
        lambda: _fill(b"[" * 257 + b'"', b'\\"', b""),
        "invalid_input",
        "invalid_json",
    ),
    "many errors (> 100, every field of 870 quotes)": (
        many_errors,
        "invalid_input",
        "negative_value",
    ),
    "100 quotes, maximal ASCII evidence": (
        lambda: maximal_strings("E"),
        "completed",
        None,
    ),
    "100 quotes, maximal CJK strings": (lambda: maximal_strings(CJK), "completed", None),
    "100 quotes, one 100-way exact tie": (exact_ties, "completed", None),
    "100 quotes, numbers at the limits": (large_numbers, "completed", None),
    "valid request padded to 262144 bytes": (padded_valid, "completed", None),
}


PROBE = """
import base64, json, resource, subprocess, sys, time
call = json.loads(sys.argv[1])
started = time.perf_counter()
with open(sys.argv[2], "rb") as stdin:  # never held in this process: only the call is measured
    try:
        done = subprocess.run(call, stdin=stdin, capture_output=True, check=False, timeout=30)
    except subprocess.TimeoutExpired as expired:  # a hang: report it instead of waiting on
        done = subprocess.CompletedProcess(call, None, expired.stdout or b"", expired.stderr or b"")
wall = time.perf_counter() - started
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({
    "exit": done.returncode,
    "wall": wall,
    "rss_kib": usage.ru_maxrss,
    "cpu": usage.ru_utime + usage.ru_stime,
    "stdout": base64.b64encode(done.stdout).decode(),
    "stderr": base64.b64encode(done.stderr).decode(),
}))
"""


class Measured:
    """One CLI call measured by the wrapper: exit code, stdout, wall seconds, peak RSS MiB."""

    def __init__(self, report: dict[str, Any]) -> None:
        self.exit_code: int = report["exit"]
        self.wall: float = report["wall"]
        self.cpu: float = report["cpu"]
        self.rss_mib: float = report["rss_kib"] / 1024
        self.stdout = base64.b64decode(report["stdout"])
        self.stderr = base64.b64decode(report["stderr"])

    @property
    def output(self) -> Any:
        assert self.stdout.endswith(b"\n") and self.stdout.count(b"\n") == 1
        return json.loads(self.stdout)


def measure(stdin: bytes) -> Measured:
    """One fresh CLI call on ``stdin``, read from a file so that the measuring wrapper never
    holds the input (a forked child's peak RSS would count the wrapper's pages too)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stdin"
        path.write_bytes(stdin)
        done = subprocess.run(
            [sys.executable, "-B", "-c", PROBE, json.dumps(CALL), str(path)],
            capture_output=True,
            cwd=ROOT,
            timeout=120,
            check=True,
        )
    return Measured(json.loads(done.stdout))


@pytest.mark.parametrize("name", list(WORST))
def test_worst_input_is_fast_and_small(name: str) -> None:
    build, status, code = WORST[name]
    raw = build()
    assert len(raw) <= LIMIT
    if status != "invalid_input":
        assert len(raw) > LIMIT * 0.95, "a worst case should use (nearly) the whole limit"
    run = measure(raw)
    assert run.wall < WALL_LIMIT_S, f"{name}: {run.wall:.2f} s"
    assert run.stderr == b""
    output = run.output
    assert output["status"] == status
    assert run.exit_code == EXIT_CODES[status]
    if code is not None:
        assert code in {error["code"] for error in output["limitations"]}
    assert run.rss_mib < RSS_LIMIT_MIB, f"{name}: {run.rss_mib:.1f} MiB"


def test_the_worst_valid_inputs_produce_what_they_were_built_for() -> None:
    ties = json.loads(_run_in_process(exact_ties()))
    assert {entry["rank"] for entry in ties["ranking"]} == {1}
    assert len(ties["sensitivity"]) == 6
    assert all(not scenario["rankingChanged"] for scenario in ties["sensitivity"])
    big = json.loads(_run_in_process(large_numbers()))
    assert len(big["ranking"]) == 100 and len(big["sensitivity"]) == 6
    totals = [quote["landedTotal"] for quote in big["normalizedQuotes"]]
    assert all(len(total.replace(".", "")) > 28 for total in totals)  # beyond 28 digits, exact
    errors = json.loads(_run_in_process(many_errors()))["limitations"]
    assert len(errors) == 100


def _run_in_process(raw: bytes) -> bytes:
    from quotecalc import calculate

    return calculate(raw).to_json()


def test_input_over_the_limit_and_an_unbounded_stream() -> None:
    over = measure(b" " * (LIMIT + 1))
    assert over.exit_code == 2
    assert [error["code"] for error in over.output["limitations"]] == ["input_too_large"]
    stream = measure(b"[" * (16 * 1024 * 1024))  # 16 MiB: only 262145 bytes may be read
    assert stream.exit_code == 2
    assert [error["code"] for error in stream.output["limitations"]] == ["input_too_large"]
    assert stream.rss_mib < RSS_LIMIT_MIB
    assert stream.wall < WALL_LIMIT_S


def figures() -> list[tuple[str, int, str, float, float, float]]:
    """(name, bytes, status, CLI wall ms, CLI peak RSS MiB, in-process calculate() ms)."""
    from quotecalc import calculate

    rows = []
    baseline = measure(b"{}")
    rows.append(("baseline: {}", 2, "invalid_input", baseline.wall * 1000, baseline.rss_mib, 0.0))
    for name, (build, _, _) in WORST.items():
        raw = build()
        run = min((measure(raw) for _ in range(3)), key=lambda item: item.wall)
        started = time.perf_counter()
        calculate(raw).to_json()
        in_process = (time.perf_counter() - started) * 1000
        status = run.output["status"]
        rows.append((name, len(raw), status, run.wall * 1000, run.rss_mib, in_process))
    return rows


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    print("| input | bytes | status | CLI wall ms | CLI peak RSS MiB | calculate() ms |")
    print("|---|---:|---|---:|---:|---:|")
    for name, size, status, wall, rss, in_process in figures():
        print(f"| {name} | {size} | {status} | {wall:.0f} | {rss:.1f} | {in_process:.1f} |")
