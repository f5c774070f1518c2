"""The event award's figures (issue 26; alone: ``python -B scripts/bench_event.py``).

1. ``--instances`` seed-fixed generated events of 50 items x 20 suppliers (each supplier quoting
   ~60 % of the items, 0-5 breaks, half the lines with capacities, 0-3 spend tiers, a third of
   the suppliers with a minimum order value, event ``maxSuppliers`` 6, a third of the items
   ``maxSuppliers`` 2): ``best_award`` in process, wall and CPU time, every award proven
   (target: median <= 1 s, worst <= 5 s);
2. side by side on the same events, a float MILP peer: HiGHS through ``scipy.optimize.milp``
   on the same disaggregated model (cost only), its optimum rounded to integers, checked and
   recomputed exactly by :func:`quotecalc.solvers.award.costing` and compared with ours (any
   it gets wrong is reported), and the ratio of the median CPU times over the events both
   proved (ours / HiGHS, target <= 1; HiGHS's own optimality status is reported, an event it
   did not prove within ``--highs-seconds`` is listed);
3. scale: 300 items x 40 suppliers, one event per ``--scale-instances``: an award and an exact
   bound within 30 s wall, the gap ``(landed - bound) / landed`` reported.

4. ``--cli`` (figure 10 of ``scripts/bench.py``): the three-item example
   (``examples/event.request.json``) as a whole CLI process (``--event``) against the fixed
   call on the bundled example (``examples/multi-supplier.request.json``), fresh ``python -B``
   processes alternating, wall and CPU medians, the load beside them (target: wall <= 3x);
   and whether the event process loaded ``ortools`` (the exact search without a solver answers
   it, issue 33).

The solver's import (``ortools``, once per process) is done before any timing.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.fspath(ROOT / "src"))

from quotecalc.solvers.award import (  # noqa: E402 (the path above first)
    Award,
    Event,
    Line,
    Need,
    Refusal,
    Vendor,
    best_award,
    break_counts,
    costing,
    feasible,
    pack_ceiling,
    usable,
)


def cents(value: int) -> Decimal:
    return Decimal(value) / 100


def generate(seed: int, items: int = 50, suppliers: int = 20) -> Event:
    """One generated event (see the module docstring): an item's reference price, suppliers'
    price levels around it, falling breaks, capacities near the need."""
    rng = random.Random(seed)
    needs = []
    reference = []
    for index in range(items):
        limit = 2 if rng.random() < 1 / 3 else None
        needs.append(Need(f"I{index:03d}", rng.randint(10, 1000), limit))
        reference.append(rng.randint(50, 5000))  # cents per unit
    vendors = []
    for index in range(suppliers):
        tiers = []
        spend = 0
        for _ in range(rng.randint(0, 3)):
            spend += rng.randint(500, 20000) * 100
            tiers.append((cents(spend), Decimal(rng.choice(["1", "2", "2.5", "3", "5", "7.5"]))))
        least = cents(rng.randint(100, 5000) * 100) if rng.random() < 1 / 3 else None
        vendors.append(
            Vendor(
                f"S{index:02d}",
                cents(rng.randint(0, 50000)),
                cents(rng.randint(0, 5000)),
                least,
                tuple(tiers),
            )
        )
    lines = []
    for v in range(suppliers):
        level = rng.uniform(0.85, 1.2)
        for i in range(items):
            if rng.random() >= 0.6:
                continue
            size = rng.choice([1, 1, 5, 10, 12, 25, 50])
            price = int(reference[i] * level * rng.uniform(0.9, 1.1)) * size
            breaks = []
            minimum = 0
            for _ in range(rng.randint(0, 5)):
                minimum += rng.randint(20, 300)
                price = price * rng.randint(950, 995) // 1000
                breaks.append((minimum, cents(price)))
            base = int(reference[i] * level * rng.uniform(0.9, 1.1)) * size
            capacity = None
            if rng.random() < 0.5:
                quantity = needs[i].quantity
                capacity = max(1, rng.randint(quantity // 3, quantity * 2) // size)
            lines.append(
                Line(v, i, size, rng.randint(0, 5), cents(max(base, 1)), tuple(breaks), capacity)
            )
    return Event(tuple(needs), tuple(vendors), tuple(lines), 6)


def highs(event: Event, seconds: float) -> tuple[tuple[int, ...] | None, float, bool]:  # noqa: PLR0915
    """HiGHS's optimum of the same model (cost only, floats), rounded to pack counts; the CPU
    seconds it took and whether HiGHS reported its optimum (``False``: its time limit)."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp  # type: ignore[import-untyped]
    from scipy.sparse import lil_matrix  # type: ignore[import-untyped]

    columns: list[tuple[float, float, bool, float]] = []  # (low, high, integer, cost)

    def column(high: float, integer: bool, cost: float = 0.0) -> int:
        columns.append((0.0, high, integer, cost))
        return len(columns) - 1

    rows: list[tuple[dict[int, float], float, float]] = []
    lines = [i for i in range(len(event.lines)) if usable(event, i)]
    parts: dict[int, list[int]] = {}
    vendor_lines: dict[int, list[int]] = {}
    goods: dict[int, dict[int, float]] = {}
    use: dict[int, int] = {}
    for index in lines:
        line = event.lines[index]
        low, high = line.least_packs, pack_ceiling(event, index)
        use[index] = column(1, True)
        starts = [(1, line.pack_price)]
        starts += [(n, p) for n, (_, p) in zip(break_counts(line), line.breaks, strict=True)]
        picks = []
        parts[index] = []
        for k, (start, price) in enumerate(starts):
            end = starts[k + 1][0] - 1 if k + 1 < len(starts) else high
            first, last = max(start, low), min(end, high)
            if first > last:
                continue
            pick, part = column(1, True), column(last, True)
            rows.append(({part: 1, pick: -first}, 0, np.inf))
            rows.append(({part: 1, pick: -last}, -np.inf, 0))
            picks.append(pick)
            parts[index].append(part)
            goods.setdefault(line.vendor, {})[part] = float(price)
        rows.append(({**dict.fromkeys(picks, 1.0), use[index]: -1}, 0, 0))
        vendor_lines.setdefault(line.vendor, []).append(index)
    vendor_use = {}
    for v, mine in vendor_lines.items():
        vendor = event.vendors[v]
        u = column(1, True, float(vendor.freight + vendor.other_fees))
        vendor_use[v] = u
        for index in mine:
            rows.append(({u: 1, use[index]: -1}, 0, np.inf))
        top = float(sum(coefficient * columns[part][1] for part, coefficient in goods[v].items()))
        least = float(vendor.minimum_order_value or 0)
        spends = [(0.0, 0.0)] + [(float(s), float(p)) for s, p in vendor.tiers]
        picks = []
        segment_parts = []
        for k, (spend, percent) in enumerate(spends):
            # The bench's money is in cents: the tier below ends a cent before the next.
            stop = spends[k + 1][0] - 0.005 if k + 1 < len(spends) else top
            bottom, ceiling = max(spend, least), min(stop, top)
            if bottom > ceiling:
                continue
            pick = column(1, True)
            part = column(ceiling, False, 1 - percent / 100)
            rows.append(({part: 1, pick: -bottom}, 0, np.inf))
            rows.append(({part: 1, pick: -ceiling}, -np.inf, 0))
            picks.append(pick)
            segment_parts.append(part)
        rows.append(({**dict.fromkeys(picks, 1.0), u: -1}, 0, 0))
        balance = dict.fromkeys(segment_parts, 1.0)
        for part, unit in goods[v].items():
            balance[part] = balance.get(part, 0) - unit
        rows.append((balance, 0, 0))
    for n, need in enumerate(event.needs):
        mine = [i for i in lines if event.lines[i].need == n]
        cover = {
            part: float(min(event.lines[i].pack_size, need.quantity))
            for i in mine
            for part in parts[i]
        }
        rows.append((cover, need.quantity, np.inf))
        if need.max_suppliers is not None:
            rows.append(({use[i]: 1 for i in mine}, -np.inf, need.max_suppliers))
    if event.max_suppliers is not None:
        rows.append(({u: 1 for u in vendor_use.values()}, -np.inf, event.max_suppliers))
    matrix = lil_matrix((len(rows), len(columns)))
    for r, (coefficients, _, _) in enumerate(rows):
        for c, value in coefficients.items():
            matrix[r, c] = value
    started = time.process_time()
    result = milp(
        c=np.array([cost for *_, cost in columns]),
        integrality=np.array([1 if integer else 0 for _, _, integer, _ in columns]),
        bounds=Bounds([low for low, *_ in columns], [high for _, high, *_ in columns]),
        constraints=LinearConstraint(
            matrix.tocsr(), [low for _, low, _ in rows], [high for *_, high in rows]
        ),
        options={"time_limit": seconds, "presolve": True},
    )
    elapsed = time.process_time() - started
    optimal = bool(result.status == 0)
    if result.x is None:
        return None, elapsed, optimal
    packs = [0] * len(event.lines)
    for index in lines:
        packs[index] = round(sum(result.x[part] for part in parts[index]))
    return tuple(packs), elapsed, optimal


def ours(event: Event, budget: float | None) -> tuple[Award | Refusal, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    award = best_award(event, budget)
    return award, time.perf_counter() - wall, time.process_time() - cpu


def scale(args: argparse.Namespace) -> dict[str, Any]:
    """Figure 3: an award and an exact bound on 300 x 40 events, the gap reported."""
    report: dict[str, Any] = {}
    for seed in range(args.scale_instances):
        event = generate(1000 + seed, items=300, suppliers=40)
        award, wall, cpu = ours(event, args.scale_budget)
        assert isinstance(award, Award), award
        landed = costing(event, award.packs).landed_total
        gap = Fraction(landed - award.lower_bound) / Fraction(landed) if landed else Fraction(0)
        report[f"scale_{seed}"] = {
            "wall": round(wall, 3),
            "cpu": round(cpu, 3),
            "proven": award.proven,
            "landed": str(landed),
            "bound": str(award.lower_bound),
            "gap_percent": float(gap * 100),
        }
    return report


def _process(command: list[str], stdin: bytes) -> tuple[float, float]:
    """One fresh process: (wall seconds, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, input=stdin, capture_output=True, cwd=ROOT, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


# Runs the CLI in this interpreter and says on stderr whether ortools was imported.
_PROBE = (
    "import runpy, sys\n"
    "sys.argv = ['scripts/calculate.py', '--input-json', '-', '--event']\n"
    "try:\n"
    "    runpy.run_path('scripts/calculate.py', run_name='__main__')\n"
    "except SystemExit:\n"
    "    pass\n"
    "sys.stderr.write(str('ortools' in sys.modules))\n"
)


def cli(rounds: int = 11, python: str = sys.executable) -> dict[str, Any]:
    """Figure 10 (see the module docstring): medians over ``rounds`` alternating pairs."""
    event = (ROOT / "examples" / "event.request.json").read_bytes()
    fixed = (ROOT / "examples" / "multi-supplier.request.json").read_bytes()
    event_call = [python, "-B", "scripts/calculate.py", "--input-json", "-", "--event"]
    fixed_call = [python, "-B", "scripts/calculate.py", "--input-json", "-"]
    probe = subprocess.run(
        [python, "-B", "-c", _PROBE], input=event, capture_output=True, cwd=ROOT, check=True
    )
    loaded = probe.stderr.decode().strip().splitlines()[-1]
    samples: dict[str, list[tuple[float, float]]] = {"event": [], "fixed": []}
    loads = []
    for _ in range(rounds):
        loads.append(os.getloadavg()[0])
        samples["fixed"].append(_process(fixed_call, fixed))
        samples["event"].append(_process(event_call, event))
    wall = {name: statistics.median(w for w, _ in got) for name, got in samples.items()}
    cpu = {name: statistics.median(c for _, c in got) for name, got in samples.items()}
    ratio = wall["event"] / wall["fixed"]
    print(
        f"10. the three-item event as a whole CLI process: wall {wall['event'] * 1000:.0f} ms"
        f" (CPU {cpu['event'] * 1000:.0f} ms) vs the fixed call {wall['fixed'] * 1000:.0f} ms"
        f" (CPU {cpu['fixed'] * 1000:.0f} ms) -> {ratio:.2f}x wall, "
        f"{cpu['event'] / cpu['fixed']:.2f}x CPU (target <= 3.0 wall)"
        f" {'met' if ratio <= 3.0 else 'NOT met'}; ortools imported: {loaded};"
        f" load {min(loads):.2f}-{max(loads):.2f} over {rounds} rounds",
        flush=True,
    )
    return {"cli_ratio": ratio, "cli_wall": wall, "cli_cpu": cpu, "ortools": loaded}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--instances", type=int, default=20)
    parser.add_argument("--scale-instances", type=int, default=1)
    # The product's own default budget (event_budget) unless given.
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--scale-budget", type=float, default=None)
    parser.add_argument("--no-highs", action="store_true")
    parser.add_argument("--highs-seconds", type=float, default=60.0)
    parser.add_argument("--items", type=int, default=50)
    parser.add_argument("--suppliers", type=int, default=20)
    parser.add_argument("--cli", action="store_true", help="only figure 10 (see above)")
    parser.add_argument("--cli-rounds", type=int, default=11)
    args = parser.parse_args(argv)
    if args.cli:
        return cli(args.cli_rounds)
    from quotecalc.solvers.award import cpsat  # noqa: F401 (the solver's import, not timed)

    walls, cpus, wrong, unproven = [], [], [], []
    pairs: list[tuple[float, float]] = []  # (ours, HiGHS) CPU seconds where both proved
    peer_unproven = []
    for seed in range(args.instances):
        event = generate(seed, args.items, args.suppliers)
        award, wall, cpu = ours(event, args.budget)
        assert isinstance(award, Award), award
        walls.append(wall)
        cpus.append(cpu)
        if not award.proven:
            unproven.append(seed)
        mine = costing(event, award.packs).landed_total
        line = (
            f"seed {seed}: {mine} proven={award.proven} bound {award.lower_bound} "
            f"wall {wall:.3f}s cpu {cpu:.3f}s"
        )
        if not args.no_highs:
            packs, elapsed, optimal = highs(event, args.highs_seconds)
            if not optimal:
                peer_unproven.append(seed)
            if packs is None or not feasible(event, packs):
                wrong.append((seed, "no allowed award"))
                line += f" | HiGHS {elapsed:.3f}s cpu: no allowed award"
            else:
                theirs = costing(event, packs).landed_total
                if optimal and award.proven and theirs != mine:
                    wrong.append((seed, f"{theirs} vs {mine}"))
                if optimal and award.proven:
                    pairs.append((cpu, elapsed))
                line += f" | HiGHS {elapsed:.3f}s cpu {theirs} optimal={optimal}"
        print(line, flush=True)
    report: dict[str, Any] = {
        "median_wall": statistics.median(walls),
        "worst_wall": max(walls),
        "median_cpu": statistics.median(cpus),
        "worst_cpu": max(cpus),
        "unproven": unproven,
    }
    if not args.no_highs:
        report["highs_unproven"] = peer_unproven
        report["highs_wrong"] = wrong
        if pairs:
            report["both_proven"] = len(pairs)
            report["ratio_of_medians"] = statistics.median(p for p, _ in pairs) / statistics.median(
                t for _, t in pairs
            )
    report.update(scale(args))
    print(report)
    return report


if __name__ == "__main__":
    main()
