"""The purchase planner's figures (issues 20 and 25), run by ``scripts/bench.py`` (or alone:
``python -B scripts/bench_plan.py [--instances 20] [--repeats 30]``).

6. The contract's scale: generated requests of 100 quotes x 20 price breaks, half with
   ``capacityPacks``, needs of 5,000 to 40,000 units, for each ``maxSuppliers`` of 1, 2, 3, 5
   and omitted: CPU time of the search (:func:`quotecalc.solvers.award.best_award` on the
   request's offers) per request, median and worst, and every request proven. Targets: median
   <= 50 ms and worst <= 250 ms for ``maxSuppliers`` <= 3, worst <= 1 s for 5 and omitted.
   Beside it, the same for two harder generators: **capacity-heavy** (80 % of the quotes
   capped at 1,000 to 4,000 units, the bench of issue 20) and **tie-heavy** (three prices a
   unit, three freights: many plans of one total), and the **100 clones** of issue 25 (pack 1,
   1.00, capacity 400, need 1,000, ``maxSuppliers`` 3; target <= 50 ms).
7. Single source only (``maxSuppliers`` 1, the quotes of 6 without their breaks and
   capacities): ``plan(raw)`` against ``calculate()`` of the same quotes, medians of CPU time
   alternating in blocks (target <= 1.5).
7c. The whole plan in process (issue 33): ``plan(raw)`` on the requests of 6 (``maxSuppliers``
   3, breaks and capacities kept) against ``calculate()`` of the same quotes, median CPU time
   over the instances, each a median of repeats, alternating (target <= 10x; 12.6x before
   issue 33).
7b. The whole CLI process, as a host pays it: ``--plan`` on the requests of 6 (``maxSuppliers``
   3) against the fixed call on the same quotes, wall-time medians of fresh ``python -B``
   processes alternating (target <= 4.0).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.fspath(ROOT / "src"))

SPEC = "M6 flange nut, zinc plated"
MOST = (1, 2, 3, 5, None)


def _quote(index: int, size: int, price: int, steps: list[dict[str, object]]) -> dict[str, object]:
    return {
        "supplierId": f"S{index:03d}",
        "specification": SPEC,
        "currency": "CNY",
        "packSize": size,
        "packPrice": f"{price / 100:.2f}",
        "priceBreaks": steps,
    }


def contract_request(seed: int, most: int | None = 3) -> dict[str, object]:
    """Figure 6's generator: 100 quotes x 20 falling breaks (1 % to 3 % each) spread over
    about 1.5 times the need, MOQs, freight and fees, half the quotes capped at 5 % to 50 % of
    the need."""
    rng = random.Random(seed)
    need = rng.randint(5000, 40000)
    quotes = []
    for index in range(100):
        size = rng.choice([1, 5, 10, 12, 25, 50, 100])
        price = rng.randint(500, 5000) * size
        minimum, steps = 0, []
        step_price = price
        for _ in range(20):
            minimum += rng.randint(need // 100, need // 8)
            step_price = step_price * rng.randint(970, 990) // 1000
            steps.append({"minimumQuantity": minimum, "packPrice": f"{step_price / 100:.2f}"})
        quote = _quote(index, size, price, steps)
        quote |= {
            "minimumPacks": rng.randint(0, 20),
            "freight": f"{rng.randint(0, 20000) / 100:.2f}",
            "otherFees": f"{rng.randint(0, 5000) / 100:.2f}",
            "leadDays": rng.randint(3, 30),
        }
        if rng.random() < 0.5:
            quote["capacityPacks"] = max(1, rng.randint(need // 20, need // 2) // size)
        quotes.append(quote)
    return _request(quotes, need, most)


def capacity_request(seed: int, most: int | None = 3) -> dict[str, object]:
    """The capacity-heavy generator (issue 20's bench): breaks every 50 to 400 units, 80 % of
    the quotes capped at 1,000 to 4,000 units, need 2,000 to 9,000."""
    rng = random.Random(seed)
    quotes = []
    for index in range(100):
        size = rng.choice([1, 5, 10, 12, 25, 50, 100])
        price = rng.randint(500, 5000) * size
        minimum, steps = 0, []
        for _ in range(20):
            minimum += rng.randint(50, 400)
            price = price * rng.randint(970, 990) // 1000
            steps.append({"minimumQuantity": minimum, "packPrice": f"{price / 100:.2f}"})
        quote = _quote(index, size, rng.randint(500, 5000) * size, steps)
        quote |= {
            "minimumPacks": rng.randint(0, 20),
            "freight": f"{rng.randint(0, 20000) / 100:.2f}",
            "otherFees": f"{rng.randint(0, 5000) / 100:.2f}",
            "leadDays": rng.randint(3, 30),
        }
        if rng.random() < 0.8:
            quote["capacityPacks"] = rng.randint(1000, 4000) // size
        quotes.append(quote)
    return _request(quotes, rng.randint(2000, 9000), most)


def tie_request(seed: int, most: int | None = 3) -> dict[str, object]:
    """The tie-heavy generator: unit prices of 1.00, 1.01 or 1.02, freight 0, 10 or 20, breaks
    of whole percents, capacities of 400, 1,000 or 2,000 units or none: many plans share a
    total, and the order below the total decides."""
    rng = random.Random(seed)
    quotes = []
    for index in range(100):
        size = rng.choice([1, 2, 5, 10])
        unit = rng.choice([100, 101, 102])
        minimum, steps = 0, []
        for k in range(rng.randint(0, 20)):
            minimum += rng.randint(50, 400)
            steps.append(
                {
                    "minimumQuantity": minimum,
                    "packPrice": f"{unit * size * (99 - k) // 100 / 100:.2f}",
                }
            )
        quote = _quote(index, size, unit * size, steps)
        quote |= {
            "minimumPacks": rng.choice([0, 0, 5]),
            "freight": str(rng.choice([0, 10, 20])),
            "otherFees": "0",
            "leadDays": 7,
        }
        cap = rng.choice([None, 400, 1000, 2000])
        if cap is not None:
            quote["capacityPacks"] = cap // size
        quotes.append(quote)
    return _request(quotes, rng.randint(1000, 40000), most)


def clones_request(most: int | None = 3) -> dict[str, object]:
    """Issue 25's 100 identical quotes: pack 1, 1.00, capacity 400; need 1,000."""
    quotes = []
    for index in range(100):
        quote = _quote(index, 1, 100, [])
        del quote["priceBreaks"]
        quote |= {
            "minimumPacks": 0,
            "freight": "0",
            "otherFees": "0",
            "leadDays": 7,
            "capacityPacks": 400,
        }
        quotes.append(quote)
    return _request(quotes, 1000, most)


def _request(quotes: list[dict[str, object]], need: int, most: int | None) -> dict[str, object]:
    body: dict[str, object] = {
        "schemaVersion": 1,
        "quantity": need,
        "currency": "CNY",
        "specification": SPEC,
        "quotes": quotes,
    }
    if most is not None:
        body["maxSuppliers"] = most
    return body


def fixed_request(plan: dict[str, object]) -> dict[str, object]:
    """The same quotes as a fixed request: without priceBreaks, capacityPacks, maxSuppliers."""
    quotes = [
        {k: v for k, v in quote.items() if k not in ("priceBreaks", "capacityPacks")}
        for quote in plan["quotes"]  # type: ignore[attr-defined]
    ]
    return {k: v for k, v in plan.items() if k != "maxSuppliers"} | {"quotes": quotes}


def _event(body: dict[str, object]) -> object:
    """The request as the one-item event the plan stage writes (every generated quote is
    usable): :func:`quotecalc.stages.plan.plan_event`."""
    from quotecalc.stages.plan import plan_event

    quotes = [
        {
            **q,
            "packPrice": Decimal(q["packPrice"]),
            "freight": Decimal(q["freight"]),
            "otherFees": Decimal(q["otherFees"]),
            "priceBreaks": [
                {**b, "packPrice": Decimal(b["packPrice"])} for b in q.get("priceBreaks", ())
            ],
        }
        for q in body["quotes"]  # type: ignore[attr-defined]
    ]
    return plan_event(quotes, body["quantity"], body.get("maxSuppliers"))  # type: ignore[arg-type]


def _searched(body: dict[str, object]) -> tuple[float, str]:
    """CPU seconds of the search on the request's one-item event, and what it found."""
    from quotecalc.solvers.award import best_award

    event = _event(body)
    started = time.thread_time()
    found = best_award(event)  # type: ignore[arg-type]
    spent = time.thread_time() - started
    if not hasattr(found, "proven"):
        return spent, "plan_infeasible"
    return spent, "proven" if found.proven else "not proven"


def _row(label: str, bodies: list[dict[str, object]], median_ms: float, worst_ms: float) -> bool:
    times, outcomes = [], []
    for body in bodies:
        spent, outcome = _searched(body)
        times.append(spent)
        outcomes.append(outcome)
    proven = outcomes.count("proven")
    infeasible = outcomes.count("plan_infeasible")
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    met = proven + infeasible == len(bodies) and median <= median_ms and worst <= worst_ms
    print(
        f"   {label}: median {median:.1f} ms, worst {worst:.1f} ms; {proven} proven,"
        f" {infeasible} infeasible of {len(bodies)} (target: all proven, median <="
        f" {median_ms:.0f} ms, worst <= {worst_ms:.0f} ms) {'met' if met else 'NOT met'}"
    )
    return met


def scale(instances: int) -> bool:
    """Figure 6; whether every target was met."""
    print(f"6. plan search at the contract's scale (100 quotes x 20 breaks), {instances} requests")
    met = True
    for most in MOST:
        limits = (50.0, 250.0) if most is not None and most <= 3 else (1000.0, 1000.0)
        bodies = [contract_request(seed, most) for seed in range(instances)]
        met &= _row(f"maxSuppliers {most or 'omitted'}", bodies, *limits)
    for name, generator in (("capacity-heavy", capacity_request), ("tie-heavy", tie_request)):
        for most in (3, None):
            limits = (50.0, 250.0) if most is not None else (1000.0, 1000.0)
            bodies = [generator(seed, most) for seed in range(instances)]
            met &= _row(f"{name}, maxSuppliers {most or 'omitted'}", bodies, *limits)
    met &= _row("100 clones, maxSuppliers 3", [clones_request()] * 5, 50.0, 50.0)
    return met


def _median_cpu(action: Callable[[], object], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        started = time.thread_time()
        action()
        samples.append(time.thread_time() - started)
    return statistics.median(samples)


def single_source(repeats: int) -> bool:
    """Figure 7 (the target is on the same quotes); whether it was met."""
    import quotecalc

    body = contract_request(0, 1)
    fixed_raw = json.dumps(fixed_request(body)).encode()
    same = json.dumps({**fixed_request(body), "maxSuppliers": 1}).encode()
    assert quotecalc.plan(same).output["status"] == "completed"
    samples: dict[str, list[float]] = {"plan": [], "fixed": []}
    for _ in range(10):
        samples["plan"].append(_median_cpu(lambda: quotecalc.plan(same).to_json(), repeats))
        samples["fixed"].append(
            _median_cpu(lambda: quotecalc.calculate(fixed_raw).to_json(), repeats)
        )
    mine, fixed = statistics.median(samples["plan"]), statistics.median(samples["fixed"])
    ratio = mine / fixed
    print(
        f"7. plan, single source only (the same 100 quotes, maxSuppliers 1): plan()"
        f" {mine * 1000:.2f} ms vs calculate() {fixed * 1000:.2f} ms -> {ratio:.2f}x"
        f" (target <= 1.5) {'met' if ratio <= 1.5 else 'NOT met'}"
    )
    return ratio <= 1.5


def whole_plan_in_process(instances: int, repeats: int) -> bool:
    """Figure 7c; whether it was met."""
    import quotecalc

    ratios, mine, fixed = [], [], []
    for seed in range(instances):
        body = contract_request(seed, 3)
        plan_raw = json.dumps(body).encode()
        fixed_raw = json.dumps(fixed_request(body)).encode()
        assert quotecalc.plan(plan_raw).output["status"] == "completed"
        planned = _median_cpu(lambda raw=plan_raw: quotecalc.plan(raw).to_json(), repeats)
        calculated = _median_cpu(lambda raw=fixed_raw: quotecalc.calculate(raw).to_json(), repeats)
        mine.append(planned)
        fixed.append(calculated)
        ratios.append(planned / calculated)
    ratio = statistics.median(ratios)
    print(
        f"7c. the whole plan in process (100 quotes x 20 breaks, maxSuppliers 3, {instances}"
        f" requests): plan() {statistics.median(mine) * 1000:.2f} ms vs calculate()"
        f" {statistics.median(fixed) * 1000:.2f} ms -> median {ratio:.2f}x, worst"
        f" {max(ratios):.2f}x (target <= 10) {'met' if ratio <= 10 else 'NOT met'}"
    )
    return ratio <= 10


def _process_seconds(python: str, args: list[str], raw: bytes) -> float:
    started = time.perf_counter()
    subprocess.run(
        [python, "-B", os.fspath(ROOT / "scripts/calculate.py"), "--input-json", "-", *args],
        input=raw,
        capture_output=True,
        check=False,
    )
    return time.perf_counter() - started


def whole_process(python: str, pairs: int) -> bool:
    """Figure 7b; whether it was met."""
    body = contract_request(0, 3)
    plan_raw = json.dumps(body).encode()
    fixed_raw = json.dumps(fixed_request(body)).encode()
    mine, fixed = [], []
    for _ in range(pairs):
        mine.append(_process_seconds(python, ["--plan"], plan_raw))
        fixed.append(_process_seconds(python, [], fixed_raw))
    ratio = statistics.median(mine) / statistics.median(fixed)
    print(
        f"7b. --plan as a whole CLI process (100 quotes x 20 breaks, maxSuppliers 3):"
        f" {statistics.median(mine) * 1000:.0f} ms vs the fixed call"
        f" {statistics.median(fixed) * 1000:.0f} ms -> {ratio:.2f}x (target <= 4.0)"
        f" {'met' if ratio <= 4.0 else 'NOT met'}"
    )
    return ratio <= 4.0


def figures(instances: int = 20, repeats: int = 30, python: str = sys.executable) -> None:
    """Figures 6, 7, 7c and 7b, in this process (7b starts ``python``)."""
    scale(instances)
    single_source(repeats)
    whole_plan_in_process(instances, max(repeats // 6, 3))
    whole_process(python, max(repeats // 3, 7))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--python", default=sys.executable, help="the interpreter of figure 7b")
    args = parser.parse_args()
    figures(args.instances, args.repeats, args.python)
    return 0


if __name__ == "__main__":
    sys.exit(main())
