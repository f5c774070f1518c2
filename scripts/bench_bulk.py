"""Throughput and memory of the bulk door (issue 22) against ``--input-jsonl -``, side by side.

Run from the repository root with the ``bulk`` extra installed:

    python -B scripts/bench_bulk.py [--lines 100000] [--workers 1 2] [--rounds 1]
                                    [--partition-bytes B] [--oversized-mib 0]

It writes a JSONL file of ``--lines`` lines cycling over the example requests (their bytes
as written, each on one line), answers it once with ``scripts/calculate.py --input-jsonl -``
(one process) and once per ``--workers`` count with :func:`quotecalc.bulk.run` on the
embedded cluster of that many worker processes (``quotecalc.bulk.job.local_cluster``),
checks that every output is byte-identical to the CLI's, and prints the lines per second of
each, the ratio to the CLI (the job alone, and with the cluster's start-up, printed apart),
the CPU time of the CLI, of the driver (the scheduler runs in it) and of each worker, the
whole job's CPU against the CLI's, each run's share of a core, and the peak RSS of each.
For each worker count above one it also runs that many processes at once, each running the
CLI's own loop on its share of the file, timed from when all have imported the engine (as
the bulk job is timed from when its cluster is up): a bulk job with nothing to distribute,
the most that many workers could reach at that moment on this machine (the "ceiling"), and
prints the bulk job's speed as a share of it. Partitions are sized as the command sizes
them unless ``--partition-bytes`` is given, and the answers go through files as on the
command's embedded cluster. ``--rounds R`` repeats the runs R times, forward then backward
(CLI, 1, 2 workers, 2 CLI loops; then back), so that a load that rises or falls through a
round favours no run, and prints the
median ratio against the issue-28 targets (:data:`TARGETS`: 1 worker >= 0.95x, 2 workers
>= 1.6x), met or NOT met, and the range of the load average the runs started under. On a
machine shared with others, read the CPU ratio beside the throughput ratio: when each run
gets the same share of a core, the throughput ratio is the inverse of the CPU ratio
(``docs/performance.md``).
``--oversized-mib N`` adds a run on a file of N MiB of lines over the request limit (each
answered ``input_too_large`` at once), to show the memory of reading a large input: it stays
bounded by the partition size, whatever the file size.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "data" / "examples"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
MIB = 1 << 20


def example_lines() -> list[bytes]:
    """Each example request on one line (a newline is JSON whitespace, never in a string)."""
    return [
        path.read_bytes().strip().replace(b"\n", b" ")
        for path in sorted(EXAMPLES.glob("*.request.json"))
    ]


def write_input(path: Path, lines: int) -> None:
    pool = example_lines()
    with path.open("wb") as out:
        for index in range(lines):
            out.write(pool[index % len(pool)] + b"\n")


def write_oversized(path: Path, mib: int) -> None:
    line = b'{"padding": "' + b"x" * 300_000 + b'"}\n'
    with path.open("wb") as out:
        for _ in range(mib * MIB // len(line) + 1):
            out.write(line)


def run_cli(source: Path, target: Path) -> dict[str, float]:
    began = time.perf_counter()
    with source.open("rb") as stdin, target.open("wb") as stdout:
        proc = subprocess.Popen(
            [sys.executable, "-B", "scripts/calculate.py", "--input-jsonl", "-"],
            stdin=stdin,
            stdout=stdout,
            cwd=ROOT,
            env=ENV,
        )
        _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"the CLI failed: exit {proc.returncode}")
    return {
        "seconds": time.perf_counter() - began,
        "cpu": usage.ru_utime + usage.ru_stime,
        "rss_mib": usage.ru_maxrss / 1024,
    }


def run_bulk(source: Path, target: Path, workers: int, partition: int | None) -> dict[str, Any]:
    proc = subprocess.run(
        [
            sys.executable,
            "-B",
            __file__,
            "--child",
            str(source),
            str(target),
            str(workers),
            str(partition or AUTOMATIC),
        ],
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        check=True,
    )
    figures: dict[str, Any] = json.loads(proc.stdout)
    return figures


AUTOMATIC = "auto"
"""The child's partition argument for automatic sizes (the command's default)."""


def child(source: str, target: str, workers: int, partition: int | None) -> None:
    """One bulk job in this process (the driver) on a fresh embedded cluster, started and
    used as the command starts and uses it (``quotecalc.bulk.job.connected``; answers
    handed over in files, ``same_machine``)."""
    from quotecalc.bulk import run
    from quotecalc.bulk.job import connected

    began = time.perf_counter()
    with connected(workers, None, None) as client:
        client.wait_for_workers(workers)
        before = client.run(cpu_seconds)
        driver_before = cpu_seconds()
        started = time.perf_counter()
        summary = run(source, target, client=client, partition_bytes=partition, same_machine=True)
        finished = time.perf_counter()
        driver_cpu = cpu_seconds() - driver_before
        after = client.run(cpu_seconds)
        worker_rss = client.run(lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    figures = {
        "startup": started - began,
        "seconds": finished - started,
        "lines": summary.lines,
        "driver_cpu": driver_cpu,
        "worker_cpu": sorted(after[name] - before[name] for name in after),
        "driver_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "worker_rss_mib": sorted(rss / 1024 for rss in worker_rss.values()),
    }
    print(json.dumps(figures))


def cpu_seconds() -> float:
    """This process's CPU time (user + system), all threads."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def same_bytes(left: Path, right: Path) -> bool:
    with left.open("rb") as one, right.open("rb") as two:
        while True:
            first, second = one.read(MIB), two.read(MIB)
            if first != second:
                return False
            if not first:
                return True


TARGETS: dict[int, float] = {1: 0.95, 2: 1.6}
"""The throughput each worker count must reach, as a multiple of the CLI's (issue 28)."""

Run = tuple[str, int]
"""A run of a round: ("cli", 1), ("bulk", workers) or ("split", processes)."""


def orders(workers: list[int], rounds: int) -> list[list[Run]]:
    """The runs of each round: the CLI, each bulk job, and for each worker count above one
    as many CLIs side by side on parts of the file; forward, then backward, so that a load
    rising or falling through a round favours no run."""
    forward: list[Run] = [("cli", 1)]
    forward += [("bulk", count) for count in workers]
    forward += [("split", count) for count in workers if count > 1]
    return [forward if number % 2 == 0 else forward[::-1] for number in range(rounds)]


def split_input(source: Path, parts: int) -> list[Path]:
    """The file cut at line ends into ``parts`` files of about equal bytes, in order. Read
    a line at a time: this process stays small, and a child's peak RSS counts this process's
    too (Linux keeps the larger of the two across ``exec``)."""
    size = source.stat().st_size
    paths = []
    with source.open("rb") as whole:
        for index in range(parts):
            path = source.with_name(f"{source.stem}.part{parts}-{index}.jsonl")
            with path.open("wb") as out:
                for line in whole:
                    out.write(line)
                    if index < parts - 1 and whole.tell() >= size * (index + 1) // parts:
                        break
            paths.append(path)
    return paths


def same_as_parts(whole: Path, parts: list[Path]) -> bool:
    """Whether ``whole`` holds the bytes of ``parts`` one after the other (read by chunks)."""
    with whole.open("rb") as one:
        for part in parts:
            with part.open("rb") as two:
                while chunk := two.read(MIB):
                    if one.read(len(chunk)) != chunk:
                        return False
        return not one.read(1)


def run_split(parts: list[Path], targets: list[Path]) -> dict[str, float]:
    """As many processes at once as parts, each running the CLI's loop (``quotecalc.cli.main``
    with ``--input-jsonl -``) on its part, timed from when all have imported the engine (as
    the bulk job is timed from when its cluster is up): what this machine gives that many
    processes at this moment with no cost of distribution at all, the ceiling of a bulk job
    with that many workers."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-B", __file__, "--split-child", str(part), str(target)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env=ENV,
        )
        for part, target in zip(parts, targets, strict=True)
    ]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
    began = time.perf_counter()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write(b"go\n")
        proc.stdin.close()
    cpu = 0.0
    for proc in procs:
        assert proc.stdout is not None
        out = proc.stdout.read()
        if proc.wait():
            raise SystemExit("a CLI loop failed")
        cpu += float(out)
    return {"seconds": time.perf_counter() - began, "cpu": cpu}


def split_child(part: str, target: str) -> None:
    """One process of :func:`run_split`: import, say so, wait for the start, run the CLI's
    ``--input-jsonl -`` on ``part`` into ``target``, print the CPU seconds of the run."""
    from quotecalc.cli import main as cli_main

    sys.stdout.write("ready\n")
    sys.stdout.flush()
    sys.stdin.readline()
    before = cpu_seconds()
    with open(part, "rb") as stdin, open(target, "wb") as stdout:
        if cli_main(["--input-jsonl", "-"], stdin, stdout, sys.stderr.buffer):
            raise SystemExit(1)
    print(cpu_seconds() - before)


def load() -> float:
    return os.getloadavg()[0]


class Figures:
    """The ratios of every round, and their medians at the end."""

    def __init__(self, workers: list[int]) -> None:
        self.workers = workers
        self.ratios: dict[Run, list[float]] = {}
        self.cpu: dict[Run, list[float]] = {}
        self.of_split: dict[int, list[float]] = {}
        self.loads: list[float] = []

    def add(self, run: Run, ratio: float, cpu: float) -> None:
        self.ratios.setdefault(run, []).append(ratio)
        self.cpu.setdefault(run, []).append(cpu)

    def print_medians(self) -> None:
        for workers in self.workers:
            measured = self.ratios[("bulk", workers)]
            shown = ", ".join(f"{ratio:.2f}" for ratio in measured)
            median = statistics.median(measured)
            verdict = "met" if median >= TARGETS.get(workers, 0.0) else "NOT met"
            print(
                f"{workers} worker(s) / the CLI, throughput: median {median:.2f}x ({shown});"
                f" target {TARGETS.get(workers, 0.0):.2f}x {verdict}; CPU of the whole job"
                f" {statistics.median(self.cpu[('bulk', workers)]):.3f}x the CLI's (median)"
            )
            if workers > 1:
                ceiling = self.ratios[("split", workers)]
                print(
                    f"  {workers} CLIs side by side on parts / one CLI (the machine's ceiling):"
                    f" median {statistics.median(ceiling):.2f}x"
                    f" ({', '.join(f'{ratio:.2f}' for ratio in ceiling)}), CPU"
                    f" {statistics.median(self.cpu[('split', workers)]):.3f}x; the bulk job"
                    f" reached a median {statistics.median(self.of_split[workers]):.2f} of it"
                )
        print(
            "load average (1 min) at the start of each run:"
            f" {min(self.loads):.1f}-{max(self.loads):.1f}"
        )


def print_round(
    args: argparse.Namespace, runs: dict[Run, dict[str, Any]], here: Path, figures: Figures
) -> None:
    """Check every output against the CLI's and print the round's figures."""
    cli = runs[("cli", 1)]
    print(
        f"  --input-jsonl -: {cli['seconds']:.1f} s,"
        f" {args.lines / cli['seconds']:,.0f} lines/s, {cli['cpu']:.1f} s CPU"
        f" ({cli['cpu'] / cli['seconds']:.0%} of a core), peak RSS"
        f" {cli['rss_mib']:.1f} MiB"
    )
    for workers in args.workers:
        target = here / f"bulk{workers}.jsonl"
        assert same_bytes(target, here / "cli.jsonl"), "the bulk output differs"
        target.unlink()
        bulk = runs[("bulk", workers)]
        total_cpu = bulk["driver_cpu"] + sum(bulk["worker_cpu"])
        figures.add(("bulk", workers), cli["seconds"] / bulk["seconds"], total_cpu / cli["cpu"])
        print(
            f"  bulk, {workers} worker(s): {bulk['seconds']:.1f} s"
            f" (+{bulk['startup']:.1f} s cluster start), "
            f"{args.lines / bulk['seconds']:,.0f} lines/s,"
            f" {cli['seconds'] / bulk['seconds']:.2f}x the CLI"
            f" ({cli['seconds'] / (bulk['seconds'] + bulk['startup']):.2f}x with the"
            " start);"
            f" CPU driver {bulk['driver_cpu']:.1f} s (scheduler included), workers"
            f" {' + '.join(f'{cpu:.1f}' for cpu in bulk['worker_cpu'])} s,"
            f" all {total_cpu / cli['cpu']:.3f}x the CLI's"
            f" ({total_cpu / bulk['seconds']:.0%} of a core);"
            f" peak RSS driver {bulk['driver_rss_mib']:.1f} MiB,"
            f" workers {', '.join(f'{rss:.1f}' for rss in bulk['worker_rss_mib'])} MiB"
            f" (identical bytes)"
        )
        if workers > 1:
            split = runs[("split", workers)]
            outputs = [here / f"split{workers}-{index}.jsonl" for index in range(workers)]
            assert same_as_parts(here / "cli.jsonl", outputs), "the CLIs' outputs differ"
            figures.add(
                ("split", workers), cli["seconds"] / split["seconds"], split["cpu"] / cli["cpu"]
            )
            figures.of_split.setdefault(workers, []).append(split["seconds"] / bulk["seconds"])
            print(
                f"  {workers} CLIs side by side, each on 1/{workers} of the file: "
                f"{split['seconds']:.1f} s, {cli['seconds'] / split['seconds']:.2f}x one CLI,"
                f" CPU {split['cpu'] / cli['cpu']:.3f}x ({split['cpu'] / split['seconds']:.0%}"
                f" of a core); the bulk job ran at {split['seconds'] / bulk['seconds']:.2f} of"
                " their speed"
            )


def main() -> None:
    parse = argparse.ArgumentParser()
    parse.add_argument("--lines", type=int, default=100_000)
    parse.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parse.add_argument(
        "--partition-bytes", type=int, default=None, help="default: automatic, as the command"
    )
    parse.add_argument("--oversized-mib", type=int, default=0)
    parse.add_argument("--rounds", type=int, default=1, help="CLI and bulk runs alternate")
    parse.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    parse.add_argument("--split-child", nargs=2, help=argparse.SUPPRESS)
    args = parse.parse_args()
    if args.split_child:
        split_child(*args.split_child)
        return
    if args.child:
        source, target, workers, partition = args.child
        child(source, target, int(workers), None if partition == AUTOMATIC else int(partition))
        return
    with tempfile.TemporaryDirectory(prefix="quotecalc-bench-bulk-") as scratch:
        here = Path(scratch)
        source = here / "in.jsonl"
        write_input(source, args.lines)
        size = source.stat().st_size
        parts = {count: split_input(source, count) for count in args.workers if count > 1}
        print(f"{args.lines:,} lines, {size / MIB:.1f} MiB in; load {load():.1f}")
        figures = Figures(args.workers)
        for round_number, order in enumerate(orders(args.workers, args.rounds), start=1):
            print(f"round {round_number} (load {load():.1f})")
            runs: dict[Run, dict[str, Any]] = {}
            for kind, count in order:
                figures.loads.append(load())
                if kind == "cli":
                    runs[(kind, count)] = run_cli(source, here / "cli.jsonl")
                elif kind == "bulk":
                    target = here / f"bulk{count}.jsonl"
                    runs[(kind, count)] = run_bulk(source, target, count, args.partition_bytes)
                else:
                    outputs = [here / f"split{count}-{index}.jsonl" for index in range(count)]
                    runs[(kind, count)] = run_split(parts[count], outputs)
            print_round(args, runs, here, figures)
        figures.print_medians()
        if args.oversized_mib:
            big = here / "oversized.jsonl"
            write_oversized(big, args.oversized_mib)
            source.unlink()
            bulk = run_bulk(big, here / "big.jsonl", 2, args.partition_bytes)
            print(
                f"bulk, 2 workers, {big.stat().st_size / MIB:,.0f} MiB of oversized lines:"
                f" {bulk['seconds']:.1f} s, {bulk['lines']:,} lines; peak RSS driver"
                f" {bulk['driver_rss_mib']:.1f} MiB, workers"
                f" {', '.join(f'{rss:.1f}' for rss in bulk['worker_rss_mib'])} MiB"
            )


if __name__ == "__main__":
    main()
