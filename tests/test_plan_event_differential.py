"""A plan is an event of one item (issue 33, ``docs/plan.md``, ``docs/event-solver.md``): a plan
request through the plan stage and the same request written by hand as a one-item event for
:func:`quotecalc.solvers.award.best_award` give the same packs, the same landed total and the
same proof; a plan without a plan is an event without an award, for the same reason.

The event is built here from the request's JSON, not by the plan stage's code, so the test also
checks the stage's mapping: each quote a supplier with one offer line, ``maxSuppliers`` the
event's, breaks and capacity the line's. Where OR-Tools is installed, the CP-SAT search of the
package (:func:`quotecalc.solvers.award.many.searched`) answers the same event too: the integer
branch and bound and CP-SAT are written independently, so they check each other.
"""

from __future__ import annotations

import importlib.util
import json
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import quotecalc
from quotecalc.solvers.award import (
    INFEASIBLE,
    Award,
    Event,
    Line,
    Need,
    Refusal,
    Vendor,
    best_award,
    costing,
)

SPEC = "M6 flange nut"
IDS = ("A", "B", "C", "D", "E")
HAS_CPSAT = importlib.util.find_spec("ortools") is not None


def cents(value: int) -> str:
    return str(Decimal(value) / 100)


@st.composite
def plan_requests(draw: st.DrawFn) -> dict[str, Any]:
    """Plan requests whose quotes are all comparable and eligible: 1 to 4 suppliers, pack sizes,
    minimum packs, all-units breaks (the price falling or rising), capacities, fees, and
    sometimes ``maxSuppliers``."""
    count = draw(st.integers(1, 4))
    ids = draw(st.permutations(IDS))[:count]
    quotes = []
    for sid in ids:
        size = draw(st.integers(1, 12))
        quote: dict[str, Any] = {
            "supplierId": sid,
            "specification": SPEC,
            "currency": "CNY",
            "packSize": size,
            "minimumPacks": draw(st.integers(0, 4)),
            "packPrice": cents(draw(st.integers(0, 3000))),
            "freight": cents(draw(st.sampled_from([0, 0, 500, 1250, 4000]))),
            "otherFees": cents(draw(st.sampled_from([0, 0, 99, 300]))),
            "leadDays": 5,
        }
        minimums = sorted(set(draw(st.lists(st.integers(1, 80), max_size=3))))
        if minimums:
            quote["priceBreaks"] = [
                {"minimumQuantity": minimum, "packPrice": cents(draw(st.integers(0, 3000)))}
                for minimum in minimums
            ]
        if draw(st.booleans()):
            quote["capacityPacks"] = draw(st.integers(1, 12))
        quotes.append(quote)
    body: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": draw(st.integers(1, 60)),
        "currency": "CNY",
        "specification": SPEC,
        "quotes": quotes,
    }
    if draw(st.booleans()):
        body["maxSuppliers"] = draw(st.integers(1, 3))
    return body


def as_event(body: dict[str, Any]) -> Event:
    """The request as a one-item event, written from its JSON."""
    vendors = []
    lines = []
    for index, quote in enumerate(body["quotes"]):
        vendors.append(
            Vendor(quote["supplierId"], Decimal(quote["freight"]), Decimal(quote["otherFees"]))
        )
        breaks = tuple(
            (entry["minimumQuantity"], Decimal(entry["packPrice"]))
            for entry in quote.get("priceBreaks", ())
        )
        lines.append(
            Line(
                index,
                0,
                quote["packSize"],
                quote["minimumPacks"],
                Decimal(quote["packPrice"]),
                breaks,
                quote.get("capacityPacks"),
            )
        )
    need = Need("item", body["quantity"])
    return Event((need,), tuple(vendors), tuple(lines), body.get("maxSuppliers"))


def event_answer(event: Event, found: Award | Refusal) -> tuple[Any, ...]:
    """``(packs by supplier, landed total, proven)`` or ``(refusal code,)``."""
    if isinstance(found, Refusal):
        return (found.code,)
    packs = {
        event.vendors[line.vendor].supplier_id: count
        for line, count in zip(event.lines, found.packs, strict=True)
        if count
    }
    return (packs, costing(event, found.packs).landed_total, found.proven)


def plan_answer(body: dict[str, Any]) -> tuple[Any, ...]:
    """The plan document's best plan as ``(packs by supplier, landed total, proven)``, or
    ``(event_infeasible,)`` when its one reason is ``plan_infeasible``."""
    output = quotecalc.plan(json.dumps(body)).output
    best = output["plan"]["best"]
    if best is None:
        assert [reason["code"] for reason in output["reasons"]] == ["plan_infeasible"]
        return (INFEASIBLE,)
    packs = {line["supplierId"]: int(line["packs"]) for line in best["lines"]}
    return (packs, Decimal(best["landedTotal"]), best["proven"])


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(plan_requests())
def test_a_plan_is_the_award_of_its_one_item_event(body: dict[str, Any]) -> None:
    event = as_event(body)
    expected = event_answer(event, best_award(event))
    assert plan_answer(body) == expected
    if HAS_CPSAT:
        from quotecalc.solvers.award.many import searched

        assert event_answer(event, searched(event, 20.0)) == expected


def test_the_example_plan_is_its_one_item_event() -> None:
    # docs/plan.md: SOUTH 16 packs 345.00 and NORTH 2 packs 130.00, 475.00, proven.
    from conftest import ROOT

    body = json.loads((ROOT / "examples" / "plan.request.json").read_text(encoding="utf-8"))
    expected = ({"NORTH": 2, "SOUTH": 16}, Decimal("475.00"), True)
    assert plan_answer(body) == expected
    event = as_event(body)
    assert event_answer(event, best_award(event)) == expected
