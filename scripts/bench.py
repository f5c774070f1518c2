"""Speed and memory figures for quotecalc, each against its target (issue: fast at the call).

Run from the repository root after the README's setup command (inside its virtual
environment, so that ``site`` imports nothing extra):

    python -B scripts/bench.py [--pairs 21]

Prints four figures, each measured in this run:

1. per call: median wall time of the fixed host call on a full 100-quote request divided by
   the median of a bare ``python -B -c pass``, the two commands alternating (target <= 1.6);
2. in process: median ``calculate()`` time on the 100-quote and a 10-quote request
   (targets <= 3 ms and <= 0.5 ms), with requests per second;
3. batch: throughput of ``--input-jsonl -`` on 10-quote requests divided by one process per
   request (target >= 20);
4. memory: the peak RSS of one call on each worst 262144-byte input built here (target <= 64
   MiB).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from quotecalc import calculate  # noqa: E402

CALL = [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-"]
BARE = [sys.executable, "-B", "-c", "pass"]
LIMIT = 262144
SPEC = "M8x30 hex bolt, A2-70 stainless, DIN 933"
SCALE_DEFINITION = "supplier audit score 1-5"


def full_request(quotes: int, *, evidence: str = "audit report 2025") -> bytes:
    """A complete request: weights, both constraints, a scale, a delta, all quotes comparable."""
    return json.dumps(
        {
            "schemaVersion": 1,
            "quantity": 12000,
            "currency": "CNY",
            "specification": SPEC,
            "weights": {"cost": "0.5", "delivery": "0.3", "quality": "0.2"},
            "qualityScale": {"definition": SCALE_DEFINITION, "minimum": "1", "maximum": "5"},
            "maxLeadDays": 40,
            "minimumQualityScore": "1",
            "sensitivityDelta": "0.1",
            "quotes": [
                {
                    "supplierId": f"SUPPLIER-{index:03d}",
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
                    "qualityDefinition": SCALE_DEFINITION,
                }
                for index in range(quotes)
            ],
        },
        separators=(",", ":"),
    ).encode()


def worst_inputs() -> dict[str, bytes]:
    """Inputs of at most 262144 bytes built to be slow or memory-hungry, valid and invalid."""
    deep = b"[" * LIMIT
    numbers = b'{"a":[' + b"0," * ((LIMIT - 10) // 2) + b"0]}"
    escapes_count = (LIMIT - 20) // 8
    escapes = b'{"a":["' + b"\\u00e9" * escapes_count + b'"]}'
    objects = b'{"a":[' + b"{}," * ((LIMIT - 10) // 3) + b"{}]}"
    bad_quote = (
        '{"supplierId":"","specification":"","currency":"x","packSize":"-1","minimumPacks":"1e3",'
        '"packPrice":"NaN","freight":true,"otherFees":[],"leadDays":5.5,"qualityScore":"1.0000000",'
        '"qualityEvidence":" ","qualityDefinition":"","zz":1}'
    )
    many_errors = ('{"schemaVersion":1,"quotes":[' + ",".join([bad_quote] * 600) + "]}").encode()
    long_valid = full_request(100, evidence="E" * 2000)
    found = {
        "deep nesting": deep,
        "131k numbers": numbers,
        "32k escapes": escapes,
        "87k objects": objects,
        "many errors": many_errors[:LIMIT] if len(many_errors) > LIMIT else many_errors,
        "100 quotes, longest evidence": long_valid,
    }
    return {name: raw for name, raw in found.items() if len(raw) <= LIMIT}


def timed(command: list[str], stdin: bytes) -> float:
    started = time.perf_counter()
    subprocess.run(command, input=stdin, capture_output=True, cwd=ROOT, check=False)
    return time.perf_counter() - started


def per_call(pairs: int) -> float:
    request = full_request(100)
    bare, call = [], []
    for _ in range(pairs):
        bare.append(timed(BARE, b""))
        call.append(timed(CALL, request))
    ratio = statistics.median(call) / statistics.median(bare)
    print(
        f"1. per call (100 quotes): {statistics.median(call) * 1000:.1f} ms vs bare "
        f"{statistics.median(bare) * 1000:.1f} ms -> ratio {ratio:.2f} (target <= 1.6)"
    )
    return ratio


def breakdown(pairs: int) -> None:
    """Where a call's time goes: each step's median, alternating with the bare interpreter."""
    steps = {
        "bare interpreter": BARE,
        "+ import attrs": [sys.executable, "-B", "-c", "import attrs"],
        "+ json, decimal, re, attrs": [
            sys.executable,
            "-B",
            "-c",
            "import json, decimal, re, attrs",
        ],
        "+ import quotecalc.cli": [
            sys.executable,
            "-B",
            "-c",
            "import sys; sys.path.insert(0, 'src'); import quotecalc.cli",
        ],
        "whole call, 100 quotes": CALL,
    }
    request = full_request(100)
    samples: dict[str, list[float]] = {name: [] for name in steps}
    for _ in range(pairs):
        for name, command in steps.items():
            samples[name].append(timed(command, request if command is CALL else b""))
    bare = statistics.median(samples["bare interpreter"])
    for name, times in samples.items():
        median = statistics.median(times)
        print(f"   {name:28s} {median * 1000:6.1f} ms  ({median / bare:.2f}x bare)")


def in_process() -> None:
    for quotes, target in ((100, 3.0), (10, 0.5)):
        request = full_request(quotes)
        calculate(request)
        samples = []
        for _ in range(300):
            started = time.perf_counter()
            calculate(request).to_json()
            samples.append(time.perf_counter() - started)
        median = statistics.median(samples)
        print(
            f"2. in process ({quotes} quotes): {median * 1000:.3f} ms median, "
            f"{1 / median:.0f} requests/s (target <= {target} ms)"
        )


# ---- issue 11: the weight-space analysis (in process) -----------------------------------------


def weight_analysis() -> None:
    """Median time of the analysis stage alone, and of the whole ``quotecalc.analyze()``
    document (pipeline, analysis, stability, rendering), on the 100-quote request."""
    from quotecalc import analyze
    from quotecalc.pipeline import DEFAULT_PIPELINE
    from quotecalc.stages.analysis import AnalysisStage

    request = full_request(100)
    ranked = DEFAULT_PIPELINE.run(request)
    stage = AnalysisStage()
    stage_samples, whole_samples = [], []
    for _ in range(30):
        started = time.perf_counter()
        stage(ranked)
        stage_samples.append(time.perf_counter() - started)
        started = time.perf_counter()
        analyze(request).to_json()
        whole_samples.append(time.perf_counter() - started)
    print(
        f"2b. weight analysis (100 quotes): stage {statistics.median(stage_samples) * 1000:.1f} ms,"
        f" analyze() {statistics.median(whole_samples) * 1000:.1f} ms median (target < 100 ms)"
    )


def batch(lines: int, singles: int) -> None:
    request = full_request(10)
    one_each = statistics.median(timed(CALL, request) for _ in range(singles))
    jsonl = b"\n".join([request] * lines) + b"\n"
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py", "--input-jsonl", "-"],
        input=jsonl,
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    per_line = (time.perf_counter() - started) / lines
    print(
        f"3. batch (10 quotes): {1 / per_line:.0f} requests/s vs {1 / one_each:.0f} with one "
        f"process each -> {one_each / per_line:.1f}x (target >= 20x)"
    )


def peak_rss_mib(stdin: bytes) -> float:
    """Peak RSS of one fresh call, measured by a wrapper process that runs only that call."""
    probe = (
        "import resource, subprocess, sys\n"
        f"subprocess.run({CALL!r}, input=sys.stdin.buffer.read(), capture_output=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    done = subprocess.run(
        [sys.executable, "-B", "-c", probe],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    return int(done.stdout) / 1024


def memory() -> None:
    worst = 0.0
    for name, raw in worst_inputs().items():
        mib = peak_rss_mib(raw)
        worst = max(worst, mib)
        print(f"   {name:32s} {len(raw):7d} bytes  peak RSS {mib:5.1f} MiB")
    print(f"4. memory: worst peak RSS {worst:.1f} MiB (target <= 64 MiB)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=21)
    parser.add_argument("--batch-lines", type=int, default=400)
    parser.add_argument("--breakdown", action="store_true", help="also time each start-up step")
    args = parser.parse_args()
    modules = (
        subprocess.run(
            [sys.executable, "-B", "-c", "import sys; print(len(sys.modules))"],
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .strip()
    )
    version = sys.version.split()[0]
    print(f"python {version} on {os.cpu_count()} cores; modules after start-up: {modules}")
    per_call(args.pairs)
    if args.breakdown:
        breakdown(args.pairs)
    in_process()
    weight_analysis()
    batch(args.batch_lines, 15)
    memory()
    return 0


if __name__ == "__main__":
    sys.exit(main())
