"""The planner against an exhaustive search on 10,000 generated instances (issue 20, "Tests").

Each instance (seed-fixed): 1-4 quotes, need 1-400, pack sizes 1-60, minimumPacks 0-5, 0-3
breaks, some capacities, maxSuppliers 1-3 or none, some zero prices and fees. The exhaustive
search below is written independently of the planner: for every set of quotes allowed (all
used), a dynamic programme over the covered quantity (capped at the need) tries **every** pack
count from the quote's minimum to far beyond any count worth buying (the need plus the last
break, plus three), keeping the least ``(cost, delivered)``; the best over the sets by (cost,
suppliers, delivered, sorted ids) is the optimum. Money is in exact integer cents (the
generator writes at most 2 decimals). numpy (a dependency of the test extra's pandas) only
vectorises the programme over the covered quantity; every value is an exact int64 far inside
its range.

The 10,000 instances run as 20 chunks of 500 so that xdist can spread them.
"""

from __future__ import annotations

import itertools
import random
from decimal import Decimal
from fractions import Fraction

import pytest

np = pytest.importorskip("numpy")

from one_item import (  # noqa: E402
    INFEASIBLE,
    Offer,
    Plan,
    best_plan,
    cheapest_alone,
    price_at,
)

CHUNKS = 20
PER_CHUNK = 500
CENTS = 100
# (cost in cents) * SHIFT + delivered: delivered stays below SHIFT (4 quotes * 810 packs * 60).
SHIFT = 10**6
INFINITY = 2**62


def _money(rng: random.Random) -> Decimal:
    if rng.random() < 0.15:
        return Decimal(0)
    return Decimal(rng.randint(0, 5000)) / rng.choice([1, 10, 100])


def generate(rng: random.Random) -> tuple[list[Offer], int, int | None]:
    count = rng.randint(1, 4)
    ids = rng.sample(["a", "b", "c", "d", "B", "aa", "é"], count)
    offers = []
    for sid in ids:
        base = _money(rng)
        price, breaks = base, []
        for minimum in sorted(rng.sample(range(1, 400), rng.randint(0, 3))):
            if rng.random() < 0.8:
                price = max(Decimal(0), price - Decimal(rng.randint(0, 300)) / 10)
            else:
                price += 1
            breaks.append((minimum, price))
        offers.append(
            Offer(
                sid,
                rng.randint(1, 60),
                rng.randint(0, 5),
                base,
                _money(rng),
                _money(rng),
                tuple(breaks),
                rng.choice([None, None, rng.randint(1, 30)]),
            )
        )
    return offers, rng.randint(1, 400), rng.choice([None, 1, 2, 3])


def _cents(value: Decimal | Fraction) -> int:
    exact = Fraction(value) * CENTS
    assert exact.denominator == 1
    return exact.numerator


def _unit_price(o: Offer, packs: int) -> Fraction:
    """The all-units price, read afresh from the quote's breaks."""
    price = Fraction(o.pack_price)
    for minimum, break_price in o.breaks:
        if packs * o.pack_size >= minimum:
            price = Fraction(break_price)
    return price


def _options(o: Offer, quantity: int) -> list[tuple[int, int]]:
    """Every allowed pack count as (units, cost cents * SHIFT + units)."""
    least = max(1, o.minimum_packs)
    last = least + -(-(quantity + (o.breaks[-1][0] if o.breaks else 0)) // o.pack_size) + 3
    if o.capacity is not None:
        last = min(last, o.capacity)
    return [
        (n * o.pack_size, _cents(_unit_price(o, n) * n) * SHIFT + n * o.pack_size)
        for n in range(least, last + 1)
    ]


def exhaustive(
    offers: list[Offer], quantity: int, most: int | None
) -> tuple[int, int, int, tuple[str, ...]] | None:
    """The optimum (cost cents, suppliers, delivered, sorted ids), or None: no plan."""
    options = [_options(o, quantity) for o in offers]
    best = None
    for size in range(1, (most or len(offers)) + 1):
        for chosen in itertools.combinations(range(len(offers)), size):
            covered = np.full(quantity + 1, INFINITY, dtype=np.int64)
            covered[0] = 0
            for index in chosen:
                after = np.full(quantity + 1, INFINITY, dtype=np.int64)
                for units, key in options[index]:
                    if units < quantity:
                        np.minimum(
                            after[units:quantity],
                            covered[: quantity - units] + key,
                            out=after[units:quantity],
                        )
                    tail = int(covered[max(0, quantity - units) :].min()) + key
                    after[quantity] = min(int(after[quantity]), tail)
                covered = after
            if covered[quantity] >= INFINITY:
                continue
            key = int(covered[quantity])
            fees = sum(_cents(offers[i].freight) + _cents(offers[i].other_fees) for i in chosen)
            ids = tuple(sorted(offers[i].supplier_id for i in chosen))
            found = (key // SHIFT + fees, size, key % SHIFT, ids)
            best = found if best is None or found < best else best
    return best


def planned_key(
    offers: list[Offer], quantity: int, most: int | None, plan: Plan
) -> tuple[int, int, int, tuple[str, ...]]:
    """The plan's own key, every line checked feasible, recomputed from its packs."""
    lines = [(o, n) for o, n in zip(offers, plan.packs, strict=True) if n]
    assert lines and (most is None or len(lines) <= most)
    for o, n in lines:
        assert max(1, o.minimum_packs) <= n
        assert o.capacity is None or n <= o.capacity
    delivered = sum(o.pack_size * n for o, n in lines)
    assert delivered >= quantity
    cost = sum(
        _unit_price(o, n) * n + Fraction(o.freight) + Fraction(o.other_fees) for o, n in lines
    )
    return (_cents(cost), len(lines), delivered, tuple(sorted(o.supplier_id for o, _ in lines)))


def _alone(o: Offer, quantity: int) -> int | None:
    """The single-source optimum by trying every count: least landed, then fewest packs."""
    found = [
        (key // SHIFT, units // o.pack_size)
        for units, key in _options(o, quantity)
        if units >= quantity and units // o.pack_size >= o.minimum_packs
    ]
    return min(found)[1] if found else None


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_best_plan_is_the_exhaustive_optimum(chunk: int) -> None:
    rng = random.Random(20_000 + chunk)
    for _ in range(PER_CHUNK):
        offers, quantity, most = generate(rng)
        plan = best_plan(offers, quantity, most)
        optimum = exhaustive(offers, quantity, most)
        if optimum is None:
            assert plan == INFEASIBLE, (offers, quantity, most)
            continue
        assert isinstance(plan, Plan), (offers, quantity, most, plan)
        assert plan.proven
        assert planned_key(offers, quantity, most, plan) == optimum, (offers, quantity, most)
        assert _cents(plan.lower_bound) == optimum[0]
        for o in offers:
            assert cheapest_alone(o, quantity) == _alone(o, quantity), (o, quantity)


def test_the_price_rule_is_the_tests_own() -> None:
    o = Offer("a", 10, 0, Decimal(5), Decimal(0), Decimal(0), ((25, Decimal(4)), (40, Decimal(3))))
    assert [price_at(o, n) for n in (1, 2, 3, 4, 5)] == [5, 5, 4, 3, 3]
    assert [_unit_price(o, n) for n in (1, 2, 3, 4, 5)] == [5, 5, 4, 3, 3]
