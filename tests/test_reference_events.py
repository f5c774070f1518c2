"""The reference events and their optima proven by HiGHS (issue 38,
``scripts/reference_optima.py``, ``tests/data/event/reference/``): every optimum is an allowed
award of its request as the CLI reads it, costing exactly its recorded total; the engine's
exact bound (the relaxation's) is never above it; and the script's generator still writes the
committed request. The engine's award is measured against these optima in
``scripts/bench_event.py --reference``."""

from __future__ import annotations

import json
import sys
from decimal import Decimal

import pytest

from conftest import DATA, ROOT
from quotecalc.core.context import Context
from quotecalc.planning.event_document import EVENT_PIPELINE
from quotecalc.solvers.award import Event, costing, feasible
from quotecalc.stages.event_award import build_event

REFERENCE = DATA / "event" / "reference"
STEMS = sorted(path.name.removesuffix(".optimum.json") for path in REFERENCE.glob("*.optimum.json"))


def model_of(raw: bytes) -> Event:
    """The engine's model of a request, as the award stage builds it."""
    ctx = Context(raw=raw)
    for stage in EVENT_PIPELINE.stages[:-1]:
        ctx = stage(ctx)
    assert ctx.event is not None and ctx.award is not None and not ctx.award.gate.blocked
    return build_event(ctx.event, ctx.award.gate)


def test_the_reference_set_is_whole() -> None:
    # Five realistic 20 x 10 events and ten 50 x 20, each with its request.
    assert len([s for s in STEMS if "-20x10-" in s]) == 5
    assert len([s for s in STEMS if "-50x20-" in s]) == 10
    assert all((REFERENCE / f"{stem}.request.json").is_file() for stem in STEMS)


@pytest.mark.parametrize("stem", STEMS)
def test_each_optimum_is_an_allowed_award_at_its_total(stem: str) -> None:
    optimum = json.loads((REFERENCE / f"{stem}.optimum.json").read_text(encoding="utf-8"))
    assert optimum["status"] == "optimal"
    event = model_of((REFERENCE / f"{stem}.request.json").read_bytes())
    packs = [0] * len(event.lines)
    for index, line in enumerate(event.lines):
        key = f"{event.needs[line.need].item_id} {event.vendors[line.vendor].supplier_id}"
        packs[index] = optimum["packs"].pop(key, 0)
    assert optimum["packs"] == {}, "an award on a line the request does not offer"
    assert feasible(event, packs)
    assert costing(event, packs).landed_total == Decimal(optimum["landedTotal"])


@pytest.mark.parametrize("stem", [s for s in STEMS if "-20x10-" in s][:2])
def test_the_exact_bound_is_never_above_the_optimum(stem: str) -> None:
    pytest.importorskip("highspy")
    from quotecalc.solvers.award.linear import Formulation
    from quotecalc.solvers.award.relaxation import Relaxation, safe_bound

    optimum = json.loads((REFERENCE / f"{stem}.optimum.json").read_text(encoding="utf-8"))
    event = model_of((REFERENCE / f"{stem}.request.json").read_bytes())
    form = Formulation(event)
    root = Relaxation(form, 200_000).solve()
    assert root is not None
    bound = Decimal(safe_bound(form, root.duals)) / form.unit
    # Below the optimum, and within 1 % of it on these realistic events.
    assert (
        Decimal(optimum["landedTotal"]) * Decimal("0.99")
        <= bound
        <= Decimal(optimum["landedTotal"])
    )


def test_the_script_writes_the_committed_request() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from bench_event import generate, request_of

    stem = "realistic-20x10-3"
    written = json.dumps(request_of(generate(3, 20, 10, "realistic")), separators=(",", ":"))
    assert (REFERENCE / f"{stem}.request.json").read_text(encoding="utf-8") == written + "\n"
