"""The purchase planner's figures (issue 20), run by ``scripts/bench.py`` (or alone:
``python -B scripts/bench_plan.py [--instances 20] [--repeats 30]``).

6. 100 usable quotes x 20 price breaks, ``maxSuppliers`` 3: ``quotecalc.plan(raw)`` wall time on
   each of ``--instances`` seed-fixed generated requests; median and worst, every plan proven
   (target: proven within 1 s each), and the CPU time beside it (the solver runs in this one
   thread, so on a loaded machine the wall time also counts the waits for a core);
7. single source only (``maxSuppliers`` 1, the same quotes and breaks): ``plan(raw)`` against
   ``calculate()`` of the same quotes without the plan fields, medians of CPU time alternating
   in blocks (target <= 2.0).

The solver's import (``ortools``, once per process) is timed separately and not counted in 6.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.fspath(ROOT / "src"))

SPEC = "M6 flange nut, zinc plated"


def plan_request(seed: int, *, quotes: int = 100, breaks: int = 20) -> dict[str, object]:
    """One generated plan request: pack sizes, MOQs, freight, most quotes capped below the need,
    and ``breaks`` falling prices per quote (1 % to 3 % a break)."""
    rng = random.Random(seed)
    body: list[dict[str, object]] = []
    for index in range(quotes):
        size = rng.choice([1, 5, 10, 12, 25, 50, 100])
        price = rng.randint(500, 5000) * size  # cents per pack
        minimum, steps = 0, []
        for _ in range(breaks):
            minimum += rng.randint(50, 400)
            price = price * rng.randint(970, 990) // 1000
            steps.append({"minimumQuantity": minimum, "packPrice": f"{price / 100:.2f}"})
        quote: dict[str, object] = {
            "supplierId": f"S{index:03d}",
            "specification": SPEC,
            "currency": "CNY",
            "packSize": size,
            "minimumPacks": rng.randint(0, 20),
            "packPrice": f"{rng.randint(500, 5000) * size / 100:.2f}",
            "freight": f"{rng.randint(0, 20000) / 100:.2f}",
            "otherFees": f"{rng.randint(0, 5000) / 100:.2f}",
            "leadDays": rng.randint(3, 30),
            "priceBreaks": steps,
        }
        if rng.random() < 0.8:
            quote["capacityPacks"] = rng.randint(1000, 4000) // size
        body.append(quote)
    return {
        "schemaVersion": 1,
        "quantity": rng.randint(2000, 9000),
        "currency": "CNY",
        "specification": SPEC,
        "maxSuppliers": 3,
        "quotes": body,
    }


def fixed_request(plan: dict[str, object]) -> dict[str, object]:
    """The same quotes as a fixed request: without priceBreaks, capacityPacks, maxSuppliers."""
    quotes = [
        {k: v for k, v in quote.items() if k not in ("priceBreaks", "capacityPacks")}
        for quote in plan["quotes"]  # type: ignore[attr-defined]
    ]
    return {k: v for k, v in plan.items() if k != "maxSuppliers"} | {"quotes": quotes}


def _median_cpu(action: Callable[[], object], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        started = time.thread_time()
        action()
        samples.append(time.thread_time() - started)
    return statistics.median(samples)


def splits(instances: int) -> bool:
    """Figure 6; whether the target was met."""
    import quotecalc

    started = time.perf_counter()
    from ortools.sat.python import cp_model  # noqa: F401 - its import, timed once

    imported = time.perf_counter() - started
    times, cpu, proven, splits_found = [], [], 0, 0
    for seed in range(instances):
        raw = json.dumps(plan_request(seed)).encode()
        started, started_cpu = time.perf_counter(), time.thread_time()
        answer = quotecalc.plan(raw)
        times.append(time.perf_counter() - started)
        cpu.append(time.thread_time() - started_cpu)
        best = answer.output["plan"]["best"]
        proven += bool(best["proven"])
        splits_found += len(best["lines"]) > 1
    met = proven == instances and max(times) <= 1.0
    print(
        f"6. plan, 100 quotes x 20 breaks, maxSuppliers 3, {instances} requests: median"
        f" {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms,"
        f" {proven}/{instances} proven ({splits_found} splits) (target: proven within 1 s)"
        f" {'met' if met else 'NOT met'}; CPU median {statistics.median(cpu) * 1000:.0f} ms,"
        f" worst {max(cpu) * 1000:.0f} ms (one thread: wall minus waiting for a core);"
        f" ortools import {imported * 1000:.0f} ms once"
    )
    return met


def _ratio(plan_raw: bytes, fixed_raw: bytes, repeats: int) -> tuple[float, float]:
    """Median CPU times of ``plan(plan_raw)`` and ``calculate(fixed_raw)``, alternating."""
    import quotecalc

    assert quotecalc.plan(plan_raw).output["status"] == "completed"
    assert quotecalc.calculate(fixed_raw).output["status"] == "completed"
    samples: dict[str, list[float]] = {"plan": [], "fixed": []}
    for _ in range(10):
        samples["plan"].append(_median_cpu(lambda: quotecalc.plan(plan_raw).to_json(), repeats))
        samples["fixed"].append(
            _median_cpu(lambda: quotecalc.calculate(fixed_raw).to_json(), repeats)
        )
    return statistics.median(samples["plan"]), statistics.median(samples["fixed"])


def single_source(repeats: int) -> bool:
    """Figure 7 (the target is on the same quotes); whether it was met."""
    body = plan_request(0)
    fixed_raw = json.dumps(fixed_request(body)).encode()
    same = json.dumps({**fixed_request(body), "maxSuppliers": 1}).encode()
    mine, fixed = _ratio(same, fixed_raw, repeats)
    ratio = mine / fixed
    print(
        f"7. plan, single source only (the same 100 quotes, maxSuppliers 1): plan()"
        f" {mine * 1000:.2f} ms vs calculate() {fixed * 1000:.2f} ms -> {ratio:.2f}x"
        f" (target <= 2.0) {'met' if ratio <= 2.0 else 'NOT met'}"
    )
    broken = json.dumps({**body, "maxSuppliers": 1}).encode()
    mine, fixed = _ratio(broken, fixed_raw, repeats)
    print(
        f"   with 20 price breaks per quote (a 5x larger body to parse and validate): plan()"
        f" {mine * 1000:.2f} ms -> {mine / fixed:.2f}x the fixed call without them"
    )
    return ratio <= 2.0


def figures(instances: int = 20, repeats: int = 30) -> None:
    """Both figures, in this process."""
    try:
        import ortools  # noqa: F401
    except ImportError:
        print("6./7. plan: skipped, the [plan] extra (ortools) is not installed")
        return
    splits(instances)
    single_source(repeats)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    figures(args.instances, args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
