"""Speed and memory figures for quotecalc against the floors it cannot go below (issue 13).

Run from the repository root with any Python 3.11+ that has ``attrs``:

    python -B scripts/bench.py [--pairs 21] [--breakdown]

The process timings run in a virtual environment that holds only the declared runtime
dependency (``attrs``), as a new user's setup would: the bench builds it once under
``~/.cache/quotecalc-bench/`` (``python -m venv`` then ``pip install attrs``; if pip cannot
reach an index, it copies this interpreter's installed ``attrs`` instead) and reuses it, or
uses the interpreter given with ``--python``. quotecalc is not installed there: the fixed call
finds it in ``src/`` itself, and the bench writes its bytecode once with ``compileall`` (as
the README's setup does), since ``-B`` calls never write it.

Prints the five figures of the issue, each measured in this run, with its target:

1. CLI, the full 100-quote request / ``python -B -c "import attrs"`` (target <= 1.45);
2. CLI, a 1-quote request / the same (target <= 1.30); both with 1., alternating in each
   round, medians over ``--pairs`` rounds;
3. in process, ``calculate(raw).to_json()`` / (``json.loads(raw)`` + ``json.dumps`` of the
   same result object), 100 quotes, medians (target <= 3.5);
4. peak RSS of one call on each worst 262144-byte input (target <= 32 MiB);
5. batch ``--input-jsonl -`` on 10-quote requests vs one process per request (target >= 20);
6.-7. the purchase planner (issues 20 and 25, ``scripts/bench_plan.py``): the search at the
   contract's scale (100 quotes x 20 breaks, maxSuppliers 1, 2, 3, 5 and omitted, and the
   capacity-heavy, tie-heavy and 100-clone cases), every request proven, median <= 50 ms and
   worst <= 250 ms for maxSuppliers <= 3, worst <= 1 s otherwise; single source only <= 1.5x
   the fixed call in process; 7b, ``--plan`` as a whole CLI process <= 4x the fixed call.
8. the worst 2 MiB batch bodies vs a realistic 24-request batch, in process (target <= 10).
9. the sourcing event award (issue 26, ``scripts/bench_event.py``): ``--event-instances``
   generated events of 50 items x 20 suppliers proven, median <= 1 s and worst <= 5 s in
   process; HiGHS (``scipy.optimize.milp``, when scipy is installed) on the same events, the
   ratio of the median CPU times where both proved (<= 1) and every HiGHS optimum recomputed
   exactly; one 300 x 40 event with an award and an exact bound within 30 s, its gap.
10. the three-item event (``examples/event.request.json``) as a whole ``--event`` CLI process
   vs the fixed call on the bundled example, side by side (target: wall <= 3x; issue 33,
   ``scripts/bench_event.py --cli``).

``--breakdown`` also times the start-up steps against the bare interpreter, and the parse and
validate stages' own peak memory (``tracemalloc``) on the 131k-element arrays.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from quotecalc import calculate  # noqa: E402

LIMIT = 262144
SPEC = "M8x30 hex bolt, A2-70 stainless, DIN 933"
SCALE_DEFINITION = "supplier audit score 1-5"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "quotecalc-bench"

# The interpreter of the runtime-only environment; set by main() before any figure runs.
PYTHON = sys.executable
# The fixed call and the bare interpreter with the interpreter running this script (the first
# version's names; the figures below use call() and the runtime-only PYTHON).
CALL = [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-"]
BARE = [sys.executable, "-B", "-c", "pass"]


def call() -> list[str]:
    """The fixed host call."""
    return [PYTHON, "-B", "scripts/calculate.py", "--input-json", "-"]


def import_attrs() -> list[str]:
    """The floor: an interpreter that imports the one runtime dependency and does nothing."""
    return [PYTHON, "-B", "-c", "import attrs"]


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


def _comma_fill(prefix: bytes, item: bytes, suffix: bytes) -> bytes:
    """``prefix + item,item,...,item + suffix`` as long as fits in 262144 bytes."""
    count = (LIMIT - len(prefix) - len(suffix) + 1) // (len(item) + 1)
    return prefix + b",".join([item] * count) + suffix


def worst_inputs() -> dict[str, bytes]:
    """Inputs of at most 262144 bytes built to be slow or memory-hungry, valid and invalid
    (131k numbers and 87k objects as ``quotes`` are from ``tests/test_worst_cases.py``)."""
    escapes_count = (LIMIT - 20) // 8
    bad_quote = (
        '{"supplierId":"","specification":"","currency":"x","packSize":"-1","minimumPacks":"1e3",'
        '"packPrice":"NaN","freight":true,"otherFees":[],"leadDays":5.5,"qualityScore":"1.0000000",'
        '"qualityEvidence":" ","qualityDefinition":"","zz":1}'
    )
    many_errors = ('{"schemaVersion":1,"quotes":[' + ",".join([bad_quote] * 600) + "]}").encode()
    found = {
        "deep nesting": b"[" * LIMIT,
        "131k numbers": _comma_fill(b'{"a":[', b"0", b"]}"),
        "131k numbers as quotes": _comma_fill(b'{"schemaVersion":1,"quotes":[', b"0", b"]}"),
        "87k objects as quotes": _comma_fill(b'{"schemaVersion":1,"quotes":[', b"{}", b"]}"),
        # The hungriest decode found for issue 13: three lists per element, 32k elements.
        "32k [[[0]]] as quotes": _comma_fill(b'{"schemaVersion":1,"quotes":[', b"[[[0]]]", b"]}"),
        "32k escapes": b'{"a":["' + b"\\u00e9" * escapes_count + b'"]}',
        "many errors": many_errors[:LIMIT],
        "100 quotes, longest evidence": full_request(100, evidence="E" * 2000),
    }
    return {name: raw for name, raw in found.items() if len(raw) <= LIMIT}


def timed(command: list[str], stdin: bytes) -> float:
    """Wall seconds of one run of ``command`` (what the first version of this script timed)."""
    return measured(command, stdin)[0]


def measured(command: list[str], stdin: bytes) -> tuple[float, float]:
    """One run of ``command``: (wall seconds, CPU seconds of the child, user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, input=stdin, capture_output=True, cwd=ROOT, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def medians(
    steps: dict[str, tuple[list[str], bytes]], rounds: int
) -> dict[str, tuple[float, float]]:
    """Each command's median (wall, CPU) time, the commands alternating within every round."""
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in steps}
    for _ in range(rounds):
        for name, (command, stdin) in steps.items():
            samples[name].append(measured(command, stdin))
    return {
        name: (statistics.median(t[0] for t in times), statistics.median(t[1] for t in times))
        for name, times in samples.items()
    }


def per_call(args: argparse.Namespace) -> None:
    """Figures 1 and 2: the fixed call against ``import attrs``, side by side.

    The ratio is of CPU time (the child's user + system time): on a shared machine the wall
    time also counts waiting for a core, which penalises the longer command. The wall-time
    ratio is printed beside it.
    """
    steps = {
        "import attrs": (import_attrs(), b""),
        "call, 100 quotes": (call(), full_request(100)),
        "call, 1 quote": (call(), full_request(1)),
    }
    if args.breakdown:
        steps["bare interpreter"] = ([PYTHON, "-B", "-c", "pass"], b"")
        # As scripts/calculate.py imports it: without collecting garbage, then frozen.
        importing = (
            "import gc, sys; gc.disable(); sys.path.insert(0, 'src'); import quotecalc.cli; "
            "gc.freeze()"
        )
        steps["import quotecalc.cli"] = ([PYTHON, "-B", "-c", importing], b"")
    found = medians(steps, args.pairs)
    wall_floor, floor = found["import attrs"]
    for number, name, target in ((1, "call, 100 quotes", 1.45), (2, "call, 1 quote", 1.30)):
        wall, cpu = found[name]
        ratio = cpu / floor
        print(
            f"{number}. CLI {name[6:]}: {cpu * 1000:.1f} ms CPU vs import attrs "
            f"{floor * 1000:.1f} ms -> {ratio:.2f}x (target <= {target}) {verdict(ratio <= target)}"
            f"; wall {wall * 1000:.1f} vs {wall_floor * 1000:.1f} ms -> {wall / wall_floor:.2f}x"
        )
    if args.breakdown:
        bare = found["bare interpreter"][1]
        for name in ("bare interpreter", "import attrs", "import quotecalc.cli", *list(steps)[1:3]):
            cpu = found[name][1]
            print(f"   {name:24s} {cpu * 1000:6.1f} ms CPU  ({cpu / bare:.2f}x bare)")


def _median_time(action: Callable[[], object], repeats: int) -> float:
    """Median CPU time of ``action`` in this thread (waiting for a core is not counted)."""
    samples = []
    for _ in range(repeats):
        started = time.thread_time()
        action()
        samples.append(time.thread_time() - started)
    return statistics.median(samples)


def in_process(args: argparse.Namespace) -> None:
    """Figure 3: the whole calculation against the JSON work it cannot avoid (CPU time).

    The floor is the issue's: ``json.loads(raw)`` + ``json.dumps`` of the same result object
    (a str). Beside it, the ratio against the bytes ``to_json()`` writes (the same plus the
    newline and the UTF-8 encoding, two more copies of the 161 KB text). The objects imported
    so far are frozen first, as ``scripts/calculate.py`` does before it answers any request
    (the batch mode is this loop), so the collector scans only the measured work.
    """
    gc.freeze()
    for quotes in (100, 10):
        raw = full_request(quotes)
        output = calculate(raw).output

        def json_text(raw: bytes = raw, output: object = output) -> str:
            json.loads(raw)
            return json.dumps(output, ensure_ascii=False, separators=(",", ":"))

        def json_bytes(raw: bytes = raw, output: object = output) -> bytes:
            json.loads(raw)
            text = json.dumps(output, ensure_ascii=False, separators=(",", ":"))
            return (text + "\n").encode("utf-8")

        def whole(raw: bytes = raw) -> bytes:
            return calculate(raw).to_json()

        # Alternate the three in blocks, so that all see the same machine.
        samples: dict[str, list[float]] = {"ours": [], "text": [], "bytes": []}
        for _ in range(10):
            for name, action in (("ours", whole), ("text", json_text), ("bytes", json_bytes)):
                samples[name].append(_median_time(action, args.repeats // 10))
        mine, text, data = (statistics.median(samples[name]) for name in ("ours", "text", "bytes"))
        ratio = mine / text
        if quotes == 100:
            print(
                f"3. in process, 100 quotes: calculate().to_json() {mine * 1000:.3f} ms vs "
                f"json.loads + json.dumps {text * 1000:.3f} ms -> {ratio:.2f}x (target <= 3.5) "
                f"{verdict(ratio <= 3.5)}; vs the same bytes as to_json() {data * 1000:.3f} ms "
                f"-> {mine / data:.2f}x"
            )
        else:
            print(
                f"   in process, {quotes} quotes: {mine * 1000:.3f} ms vs {text * 1000:.3f} ms "
                f"-> {ratio:.2f}x ({1 / mine:.0f} requests/s)"
            )
    if args.breakdown:
        stage_breakdown(full_request(100), args.repeats)


def stage_breakdown(raw: bytes, repeats: int) -> None:
    """Where the in-process time goes: each stage, the rendering and the serialisation."""
    from quotecalc import Result
    from quotecalc.core.context import Context
    from quotecalc.engine.pipeline import DEFAULT_PIPELINE
    from quotecalc.engine.render import render

    samples: dict[str, list[float]] = {}

    def record(name: str, started: float) -> None:
        samples.setdefault(name, []).append(time.thread_time() - started)

    for _ in range(repeats):
        ctx = Context(raw=raw)
        for stage in DEFAULT_PIPELINE.stages:
            started = time.thread_time()
            ctx = stage(ctx)
            record(stage.name, started)
        started = time.thread_time()
        output = render(ctx)
        record("render", started)
        started = time.thread_time()
        Result(output, 0).to_json()
        record("to_json", started)
        started = time.thread_time()
        json.loads(raw)
        record("json.loads (floor)", started)
        started = time.thread_time()
        json.dumps(output, ensure_ascii=False, separators=(",", ":"))
        record("json.dumps (floor)", started)
    for name, times in samples.items():
        print(f"   {name:20s} {statistics.median(times) * 1000:6.3f} ms")


# ---- issue 11: the weight-space analysis (in process) -----------------------------------------


def weight_analysis(args: argparse.Namespace) -> None:
    """Median time of the analysis stage alone, and of the whole ``quotecalc.analyze()``
    document (pipeline, analysis, stability, rendering), on the 100-quote request."""
    from quotecalc import analyze
    from quotecalc.engine.pipeline import DEFAULT_PIPELINE
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


def peak_rss_mib(stdin: bytes) -> float:
    """Peak RSS of one fresh call, measured by a wrapper process that runs only that call."""
    probe = (
        "import resource, subprocess, sys\n"
        f"subprocess.run({call()!r}, input=sys.stdin.buffer.read(), capture_output=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    done = subprocess.run(
        [PYTHON, "-B", "-c", probe], input=stdin, capture_output=True, cwd=ROOT, check=True
    )
    return int(done.stdout) / 1024


def stage_peak_mib(raw: bytes) -> tuple[float, float]:
    """The parse and the validate stage's own peak allocation (``tracemalloc``), in MiB."""
    from quotecalc.core.context import Context
    from quotecalc.stages.parse import Parse
    from quotecalc.stages.validate import Validate

    peaks = []
    ctx = Context(raw=raw)
    for stage in (Parse(), Validate()):
        tracemalloc.start()
        ctx = stage(ctx)
        peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
        tracemalloc.stop()
        if ctx.halt is not None and stage.name == "parse":
            return peaks[0], 0.0
    return peaks[0], peaks[1]


def memory(args: argparse.Namespace) -> None:
    """Figure 4: the worst peak RSS over the worst inputs."""
    worst = 0.0
    for name, raw in worst_inputs().items():
        mib = peak_rss_mib(raw)
        worst = max(worst, mib)
        line = f"   {name:30s} {len(raw):7d} bytes  peak RSS {mib:5.1f} MiB"
        if args.breakdown and "quotes" in name:
            parse, validate = stage_peak_mib(raw)
            line += f"  (parse stage {parse:.1f} MiB, validate stage {validate:.1f} MiB)"
        print(line)
    print(f"4. memory: worst peak RSS {worst:.1f} MiB (target <= 32 MiB) {verdict(worst <= 32)}")


def batch(args: argparse.Namespace) -> None:
    """Figure 5: one process for many requests against one process per request (CPU time)."""
    request = full_request(10)
    one_each = statistics.median(measured(call(), request)[1] for _ in range(15))
    jsonl = b"\n".join([request] * args.batch_lines) + b"\n"
    command = [PYTHON, "-B", "scripts/calculate.py", "--input-jsonl", "-"]
    per_line = measured(command, jsonl)[1] / args.batch_lines
    ratio = one_each / per_line
    print(
        f"5. batch (10 quotes): {1 / per_line:.0f} requests/s vs {1 / one_each:.0f} with one "
        f"process each -> {ratio:.1f}x (target >= 20) {verdict(ratio >= 20)}"
    )


def hostile_batches(args: argparse.Namespace) -> None:
    """Figure 8: the worst 2 MiB batch bodies against a realistic batch (CPU time, in process).

    The bodies are those of ``tests/test_batch_identity.py`` (bracket storms, escape runs, an
    unterminated string, a million commas); the realistic batch is 24 requests of 100 quotes.
    """
    from quotecalc.batch import MAX_BATCH_BYTES, calculate_batch

    def body_of(requests: list[bytes]) -> bytes:
        return b'{"requests":[' + b",".join(requests) + b"]}"

    unit = b"[" * 250 + b"]" * 250
    deep = b"[" + b",".join([unit] * ((MAX_BATCH_BYTES - 100) // len(unit) // 24)) + b"]"
    escapes = b'"' + b'\\"' * ((MAX_BATCH_BYTES - 100) // 48 - 1) + b'"'
    bodies = {
        "brackets": body_of([deep] * 24),
        "escapes": body_of([escapes] * 24),
        "unterminated": b'{"requests":[' + b"[" * 300 + b'\\"' * 1_000_000,
        "commas": body_of([b"0"] * 1_000_000),
    }
    realistic = body_of([full_request(100)] * 24)

    def seconds(body: bytes) -> float:
        started = time.process_time()
        calculate_batch(body)
        return time.process_time() - started

    base = statistics.median(seconds(realistic) for _ in range(3))
    worst = 0.0
    for name, body in bodies.items():
        elapsed = statistics.median(seconds(body) for _ in range(3))
        worst = max(worst, elapsed / base)
        print(f"   {name:14s} {len(body):8d} bytes {elapsed:6.2f} s = {elapsed / base:4.1f}x")
    print(
        f"8. hostile batch bodies: worst {worst:.1f}x a realistic 24-request batch "
        f"({base:.2f} s; target <= 10) {verdict(worst <= 10)}"
    )


def verdict(met: bool) -> str:
    return "met" if met else "NOT MET"


def runtime_python(given: str | None) -> str:
    """The interpreter of a virtual environment holding only ``attrs`` (see the docstring)."""
    if given:
        return given
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    venv = CACHE / f"venv-{version}"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
        installed = subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "attrs"], capture_output=True, check=False
        )
        if installed.returncode != 0:
            _copy_attrs(python)
    return str(python)


def _copy_attrs(python: Path) -> None:
    """Copy this interpreter's ``attrs`` (the packages ``attr`` and ``attrs``) into the venv."""
    import attr
    import attrs

    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout.strip()
    for package in (attr, attrs):
        assert package.__file__ is not None
        source = Path(package.__file__).parent
        shutil.copytree(source, Path(site) / source.name, dirs_exist_ok=True)


def purchase_plan(args: argparse.Namespace) -> None:
    """Figures 6, 7 and 7b (``scripts/bench_plan.py``): 6 and 7 in this process, 7b through
    the runtime-only interpreter."""
    sys.path.insert(0, os.fspath(ROOT / "scripts"))
    from bench_plan import figures

    figures(args.plan_instances, max(args.repeats // 10, 5), PYTHON)


def event_award(args: argparse.Namespace) -> None:
    """Figure 9 (``scripts/bench_event.py``), in this process; HiGHS only when scipy is
    installed (it is the bench's own peer, never a dependency of quotecalc)."""
    sys.path.insert(0, os.fspath(ROOT / "scripts"))
    from bench_event import main as bench_event

    argv = ["--instances", str(args.event_instances)]
    try:
        import scipy  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        argv.append("--no-highs")
    print("9. the sourcing event award (50 items x 20 suppliers, then 300 x 40):", flush=True)
    bench_event(argv)


def event_cli(args: argparse.Namespace) -> None:
    """Figure 10 (``scripts/bench_event.py --cli``), with this interpreter (the one with the
    ``[plan]`` extra, so that the event could load ``ortools`` and the figure shows it does
    not)."""
    sys.path.insert(0, os.fspath(ROOT / "scripts"))
    from bench_event import cli

    cli(max(args.pairs // 2, 5))


FIGURES: list[Callable[[argparse.Namespace], None]] = [
    per_call,
    in_process,
    weight_analysis,
    memory,
    batch,
    purchase_plan,
    hostile_batches,
    event_award,
    event_cli,
]


def main() -> int:
    global PYTHON  # noqa: PLW0603 - chosen once, before any figure runs
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=21, help="rounds of the start-up figures")
    parser.add_argument("--repeats", type=int, default=300, help="runs of the in-process figure")
    parser.add_argument("--batch-lines", type=int, default=400)
    parser.add_argument("--plan-instances", type=int, default=20, help="requests of figure 6")
    parser.add_argument("--event-instances", type=int, default=5, help="events of figure 9")
    parser.add_argument("--python", help="the runtime-only interpreter (default: build one)")
    parser.add_argument("--breakdown", action="store_true", help="also print where it goes")
    args = parser.parse_args()
    PYTHON = runtime_python(args.python)
    subprocess.run([PYTHON, "-m", "compileall", "-q", "src"], cwd=ROOT, check=True)
    probe = "import sys, attrs; print(len(sys.modules), attrs.__version__)"
    modules, attrs_version = (
        subprocess.run([PYTHON, "-B", "-c", probe], capture_output=True, check=True, text=True)
        .stdout.strip()
        .split()
    )
    print(
        f"python {sys.version.split()[0]} on {os.cpu_count()} cores, load "
        f"{os.getloadavg()[0]:.2f}; runtime venv {PYTHON} (attrs {attrs_version}, "
        f"{modules} modules after import attrs)"
    )
    for figure in FIGURES:
        figure(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
