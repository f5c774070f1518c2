"""The reference events and their optima proven by an independent solver (issue 38):
``python -B scripts/reference_optima.py`` (needs ``scipy``, HiGHS; minutes per 50 x 20 event).

For each event of :data:`EVENTS` (``scripts/bench_event.py``'s ``realistic`` generator: prices
falling at each break, spend-tier percents rising with the spend, capacities on half the
offers, minimum order values, event ``maxSuppliers`` 6), it writes to
``tests/data/event/reference/``:

- ``<kind>-<items>x<suppliers>-<seed>.request.json``: the event request a caller sends;
- ``<same>.optimum.json``: HiGHS's award on the bench's own facility-location MILP
  (``bench_event.highs``, written apart from the engine's model; serial branch and bound, zero
  gap), as ``{"itemId supplierId": packs}``, its landed total recomputed exactly by the
  engine's costing (never HiGHS's float objective), and HiGHS's status and CPU seconds.

An event is written only when HiGHS reports it optimal. The tests check every file
(``tests/test_reference_events.py``): the award is allowed and costs its total, and the
engine's exact bound never exceeds it; ``scripts/bench_event.py --reference`` measures the
engine's award against these optima.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.fspath(ROOT / "src"))
sys.path.insert(0, os.fspath(ROOT / "scripts"))

from bench_event import generate, highs, request_of  # noqa: E402 (the paths above first)
from quotecalc.solvers.award import costing, feasible  # noqa: E402

OUT = ROOT / "tests" / "data" / "event" / "reference"
EVENTS = tuple(("realistic", 20, 10, seed) for seed in range(5)) + tuple(
    ("realistic", 50, 20, seed) for seed in range(10)
)


def name(kind: str, items: int, suppliers: int, seed: int) -> str:
    return f"{kind}-{items}x{suppliers}-{seed}"


def write(kind: str, items: int, suppliers: int, seed: int, seconds: float) -> str:
    """Solve one event with HiGHS and write its two files; what happened, in a line."""
    event = generate(seed, items, suppliers, kind)
    packs, cpu, optimal = highs(event, seconds)
    stem = name(kind, items, suppliers, seed)
    if packs is None or not optimal or not feasible(event, packs):
        return f"{stem}: HiGHS did not prove an optimum in {seconds} s ({cpu:.1f} s CPU)"
    award = {
        f"{event.needs[line.need].item_id} {event.vendors[line.vendor].supplier_id}": count
        for line, count in zip(event.lines, packs, strict=True)
        if count
    }
    optimum = {
        "landedTotal": str(costing(event, packs).landed_total),
        "packs": dict(sorted(award.items())),
        "solver": "HiGHS (scipy.optimize.milp), the bench's facility-location MILP, zero gap",
        "status": "optimal",
        "cpuSeconds": round(cpu, 1),
    }
    OUT.mkdir(parents=True, exist_ok=True)
    body = json.dumps(request_of(event), separators=(",", ":"))
    (OUT / f"{stem}.request.json").write_text(body + "\n", encoding="utf-8")
    text = json.dumps(optimum, indent=1, sort_keys=True)
    (OUT / f"{stem}.optimum.json").write_text(text + "\n", encoding="utf-8")
    return f"{stem}: optimal {optimum['landedTotal']} in {cpu:.1f} s CPU"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=600.0, help="HiGHS's limit per event")
    parser.add_argument("--only", help="one event, e.g. realistic-50x20-3")
    args = parser.parse_args(argv)
    for kind, items, suppliers, seed in EVENTS:
        if args.only and args.only != name(kind, items, suppliers, seed):
            continue
        print(write(kind, items, suppliers, seed, args.seconds), flush=True)


if __name__ == "__main__":
    main()
