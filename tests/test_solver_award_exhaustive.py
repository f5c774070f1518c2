"""The award engine against an exhaustive search (issue 26,
``tests/test_solver_award_brute.py``): on seed-fixed generated small events the award is the
exhaustive optimum by the stated order, proven, every line allowed and every sum exact.

CI runs ``CHUNKS * PER_CHUNK`` events (chunks spread over the xdist workers); set
``QUOTECALC_AWARD_EVENTS`` to run more locally (docs/decisions.md, 26.x, records a 5,000-event
run). Events the exhaustive search cannot finish within its work cap are skipped and counted,
never compared loosely.
"""

from __future__ import annotations

import os
import random
from decimal import Decimal
from fractions import Fraction

import pytest

from quotecalc.solvers.award import (
    INFEASIBLE,
    Award,
    Event,
    Refusal,
    award_key,
    best_award,
    costing,
    feasible,
)
from test_solver_award_brute import exhaustive, small_event, unit_price, vendor_cost

CHUNKS = 8
PER_CHUNK = max(1, int(os.environ.get("QUOTECALC_AWARD_EVENTS", "240")) // CHUNKS)


def check_sums(event: Event, packs: tuple[int, ...], cost: Fraction) -> None:
    """Every figure of the costing, recomputed here in Fractions."""
    result = costing(event, packs)
    goods: dict[int, Fraction] = {}
    for line_cost in result.lines:
        line = event.lines[line_cost.line]
        price = unit_price(line, line_cost.packs)
        assert Fraction(line_cost.pack_price) == price
        assert Fraction(line_cost.goods) == price * line_cost.packs
        assert line_cost.delivered == line_cost.packs * line.pack_size
        goods[line.vendor] = goods.get(line.vendor, Fraction(0)) + price * line_cost.packs
    assert {v.vendor for v in result.vendors} == set(goods)
    for vendor_cost_ in result.vendors:
        vendor = event.vendors[vendor_cost_.vendor]
        assert Fraction(vendor_cost_.goods) == goods[vendor_cost_.vendor]
        assert Fraction(vendor_cost_.landed) == vendor_cost(vendor, goods[vendor_cost_.vendor])
        assert vendor_cost_.landed == (
            vendor_cost_.goods - vendor_cost_.discount + vendor.freight + vendor.other_fees
        )
    assert Fraction(result.landed_total) == cost
    assert result.landed_total == sum((v.landed for v in result.vendors), Decimal(0))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_award_is_the_exhaustive_optimum(chunk: int) -> None:
    rng = random.Random(26_000 + chunk)
    compared = skipped = infeasible = 0
    while compared < PER_CHUNK:
        event = small_event(rng)
        expected = exhaustive(event)
        if expected == "too big":
            skipped += 1
            continue
        compared += 1
        award = best_award(event)
        if expected is None:
            infeasible += 1
            assert isinstance(award, Refusal), (event, award)
            assert award.code == INFEASIBLE
            continue
        assert not isinstance(expected, str)
        key, packs = expected
        assert isinstance(award, Award), (event, award)
        assert award.packs == packs, (event, award, key)
        assert award.proven and not award.budget_stopped
        assert feasible(event, award.packs)
        assert Fraction(award.lower_bound) == key[0]
        mine = award_key(event, award.packs)
        assert (Fraction(mine[0]), *mine[1:]) == key
        check_sums(event, award.packs, key[0])
    # The generator must mostly give comparable events, and some infeasible ones.
    assert skipped < compared
    assert 0 < infeasible < compared / 2
