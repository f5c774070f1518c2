"""The purchase planner's exact search, the one-item search of ``quotecalc.solvers.award``
(issues 20, 25 and 33; offers written as one-item events by ``one_item.py``).

Hand-worked cases of the issue (every expected figure worked out in the comments), the
single-source rule against brute force, the proof budget, and the extremes of the contract.
"""

from __future__ import annotations

import itertools
import random
from decimal import Decimal
from fractions import Fraction

import pytest

import one_item as purchase
from one_item import (
    INFEASIBLE,
    Offer,
    Plan,
    best_plan,
    cheapest_alone,
    pack_ceiling,
    packs_at_need,
    plan_key,
    price_at,
)

D = Decimal


def offer(
    sid: str,
    size: int,
    price: str,
    *,
    moq: int = 0,
    freight: str = "0",
    fees: str = "0",
    breaks: tuple[tuple[int, str], ...] = (),
    cap: int | None = None,
) -> Offer:
    return Offer(
        sid, size, moq, D(price), D(freight), D(fees), tuple((q, D(p)) for q, p in breaks), cap
    )


def used(offers: list[Offer], plan: Plan | str) -> dict[str, int]:
    assert isinstance(plan, Plan)
    return {o.supplier_id: n for o, n in zip(offers, plan.packs, strict=True) if n}


def test_a_break_makes_buying_more_cheaper() -> None:
    # 900 units in packs of 100: 9 packs at 10.00 = 90.00; 10 packs reach the 1000 break at
    # 8.00 = 80.00, the cheapest.
    a = offer("A", 100, "10.00", breaks=((1000, "8.00"),))
    assert packs_at_need(a, 900) == 9
    assert price_at(a, 9) == D("10.00") and price_at(a, 10) == D("8.00")
    assert cheapest_alone(a, 900) == 10
    plan = best_plan([a], 900, None)
    assert isinstance(plan, Plan) and plan.packs == (10,) and plan.proven
    assert plan.lower_bound == D("80.00") and plan.nodes == 0


def test_a_split_beats_every_single_source_because_of_moq() -> None:
    # 150 units. A: 1.00 a unit but at most 120. B: 1.20 but at least 200 units (240.00 alone).
    # C: 3.00 (450.00 alone). A 120 + C 30 = 120 + 90 = 210.00 < 240.00.
    offers = [
        offer("A", 1, "1.00", cap=120),
        offer("B", 1, "1.20", moq=200),
        offer("C", 1, "3.00"),
    ]
    assert cheapest_alone(offers[0], 150) is None
    assert cheapest_alone(offers[1], 150) == 200
    plan = best_plan(offers, 150, None)
    assert used(offers, plan) == {"A": 120, "C": 30}
    assert isinstance(plan, Plan) and plan.proven and plan.lower_bound == D("210.00")


def test_freight_makes_the_split_worse() -> None:
    # 120 units. A: packs of 100 at 100.00 (200.00 alone). B: 1.50 a unit plus 120.00 freight
    # (300.00 alone). The split A 1 + B 20 = 100 + 30 + 120 = 250.00 > 200.00: A alone.
    offers = [offer("A", 100, "100.00"), offer("B", 1, "1.50", freight="120.00")]
    plan = best_plan(offers, 120, 2)
    assert used(offers, plan) == {"A": 2}
    assert isinstance(plan, Plan) and plan.proven and plan.lower_bound == D("200.00")
    # Without the freight the split (130.00) wins.
    offers[1] = offer("B", 1, "1.50")
    assert used(offers, best_plan(offers, 120, 2)) == {"A": 1, "B": 20}


def test_capacity_forces_a_split() -> None:
    # 150 units, each supplier at most 100: A (1.00) 100 + B (2.00) 50 = 200.00.
    offers = [offer("A", 1, "1.00", cap=100), offer("B", 1, "2.00", cap=100)]
    plan = best_plan(offers, 150, None)
    assert used(offers, plan) == {"A": 100, "B": 50}
    assert isinstance(plan, Plan) and plan.lower_bound == D("200.00")
    assert best_plan(offers, 150, 1) == INFEASIBLE
    assert best_plan(offers, 201, None) == INFEASIBLE


@pytest.mark.parametrize(
    ("offers", "quantity", "expected"),
    [
        # Equal totals (100.00): one supplier beats two.
        ([offer("A", 100, "100"), offer("B", 50, "50"), offer("C", 50, "50")], 100, {"A": 1}),
        # Equal totals (0) and one supplier each: the least delivered quantity (50 < 60).
        ([offer("A", 60, "0"), offer("B", 50, "0")], 50, {"B": 1}),
        # Everything equal: supplier ids by code point ("B" < "a").
        ([offer("a", 10, "5"), offer("B", 10, "5")], 10, {"B": 1}),
        # Two-supplier ties: ("a", "b") < ("a", "c") < ("b", "c"), whatever the input order.
        (
            [offer("c", 1, "1", cap=5), offer("b", 1, "1", cap=5), offer("a", 1, "1", cap=5)],
            10,
            {"a": 5, "b": 5},
        ),
        # "b" cannot cover its half alone (cap 4): ("a", "c") is the first tie left.
        (
            [offer("c", 1, "1", cap=5), offer("b", 1, "1", cap=4), offer("a", 1, "1", cap=5)],
            10,
            {"a": 5, "c": 5},
        ),
    ],
)
def test_ties_are_broken_by_the_stated_order(
    offers: list[Offer], quantity: int, expected: dict[str, int]
) -> None:
    plan = best_plan(offers, quantity, 3)
    assert used(offers, plan) == expected
    assert isinstance(plan, Plan) and plan.proven


def test_a_budget_stop_returns_the_best_found_and_an_exact_bound() -> None:
    offers = [offer("A", 1, "1.00", cap=120), offer("B", 1, "1.20", moq=200), offer("C", 1, "3")]
    plan = best_plan(offers, 150, None, nodes=0)
    assert isinstance(plan, Plan) and not plan.proven and plan.nodes == 0
    # The start plan (B alone, 240.00) and the root's bound: covering 150 units costs at least
    # A's 120 at 1.00, then 30 at B's least cost per unit covered (200 packs at 1.20 = 240.00
    # for the 150 units it can cover: 1.60): 120.00 + 48.00 = 168.00, in the money's places.
    assert used(offers, plan) == {"B": 200}
    assert plan.lower_bound == D("168.00")
    assert plan.lower_bound <= D("210.00") <= plan_key(offers, plan.packs)[0]
    # One node more is not enough either; the default budget proves 210.00.
    assert not best_plan(offers, 150, None, nodes=1).proven  # type: ignore[union-attr]
    proven = best_plan(offers, 150, None)
    assert isinstance(proven, Plan) and proven.proven and proven.lower_bound == D("210.00")


def test_extremes_are_exact_with_no_integer_limit() -> None:
    # 10^9 packs at 10^15 each: 10^24, exact, one supplier needs no search.
    big = offer("A", 1, "1000000000000000", freight="1000000000000000")
    plan = best_plan([big], 10**9, None)
    assert isinstance(plan, Plan) and plan.packs == (10**9,)
    assert plan.lower_bound == D(10**24 + 10**15)
    # Two such offers (refused as out of range before issue 25): searched exactly. B's 10^9 *
    # 999999999999999.999999 = 999999999999999999999000 beats A's 10^24 + 10^15.
    other = offer("B", 1, "999999999999999.999999", cap=10**9)
    plan = best_plan([big, other], 10**9, None)
    assert isinstance(plan, Plan) and plan.packs == (0, 10**9) and plan.proven
    assert str(plan.lower_bound) == "999999999999999999999000.000000"
    plan = best_plan([big, other], 10**9, 1)
    assert isinstance(plan, Plan) and plan.packs == (0, 10**9) and plan.proven
    # 10^9 units from two capped offers at 1.000001: exact.
    a = offer("A", 1, "1.000001", cap=6 * 10**8)
    b = offer("B", 1, "1.000002", cap=6 * 10**8)
    plan = best_plan([a, b], 10**9, None)
    assert used([a, b], plan) == {"A": 6 * 10**8, "B": 4 * 10**8}
    assert isinstance(plan, Plan) and plan.proven
    assert plan.lower_bound == D("600000600.000000") + D("400000800.000000")


def _brute_alone(o: Offer, quantity: int) -> int | None:
    """Every pack count from the need up to far past the last break, cheapest then fewest."""
    least = max(-(-quantity // o.pack_size), o.minimum_packs)
    last = least + (o.breaks[-1][0] if o.breaks else 0) // o.pack_size + 3
    if o.capacity is not None:
        last = min(last, o.capacity)
    best: tuple[Fraction, int] | None = None
    for n in range(least, last + 1):
        price = Fraction(o.pack_price)
        for minimum, p in o.breaks:
            if n * o.pack_size >= minimum:
                price = Fraction(p)
        key = (price * n + Fraction(o.freight) + Fraction(o.other_fees), n)
        best = key if best is None or key < best else best
    return None if best is None else best[1]


def test_single_source_against_brute_force() -> None:
    rng = random.Random(2020)
    for _ in range(3000):
        minimums = sorted(rng.sample(range(1, 500), rng.randint(0, 4)))
        price = D(rng.randint(0, 900)) / 10
        breaks = []
        for minimum in minimums:
            price = max(D(0), price + D(rng.randint(-300, 50)) / 10)
            breaks.append((minimum, price))
        o = Offer(
            "A",
            rng.randint(1, 60),
            rng.randint(0, 8),
            D(rng.randint(0, 900)) / 10,
            D(rng.randint(0, 50)),
            D(0),
            tuple(breaks),
            rng.choice([None, rng.randint(1, 40)]),
        )
        quantity = rng.randint(1, 400)
        assert cheapest_alone(o, quantity) == _brute_alone(o, quantity), o


def test_pack_ceiling_bounds_every_count_worth_buying() -> None:
    o = offer("A", 7, "3", moq=2, breaks=((50, "2"), (90, "1")))
    # ceil(20 / 7) = 3, least 2, the last break at ceil(90 / 7) = 13.
    assert pack_ceiling(o, 20) == 13
    assert pack_ceiling(offer("A", 7, "3", cap=4, breaks=((90, "1"),)), 20) == 4
    assert list(itertools.islice(purchase.break_counts(o), 2)) == [8, 13]


def test_the_fullest_plan_takes_the_largest_deliveries_first() -> None:
    # Capacities of 10, 100 and 50 packs of 10 units: 800 units with one supplier only from B.
    offers = [
        offer("A", 10, "1", cap=10),
        offer("B", 10, "1", cap=100),
        offer("C", 10, "1", cap=50),
    ]
    assert purchase.fullest_plan(offers, 800, 1) == (0, 80, 0)  # B at its ceiling, 80 packs
    assert used(offers, best_plan(offers, 800, 1)) == {"B": 80}
    # 1500 units: B's 1000 and C's 500 cover it exactly; A is not needed.
    assert purchase.fullest_plan(offers, 1500, 3) == (0, 100, 50)
    assert purchase.fullest_plan(offers, 1501, 2) is None
    # By units, not packs: A's 5 packs of 100 cover 450 alone, B's 400 packs of 1 do not.
    by_units = [offer("B", 1, "1", cap=400), offer("A", 100, "1", cap=5)]
    assert purchase.fullest_plan(by_units, 450, 1) == (0, 5)


def test_with_no_budget_a_fullest_plan_that_meets_the_root_bound_is_proven() -> None:
    offers = [
        offer("A", 10, "1", cap=10),
        offer("B", 10, "1", cap=100),
        offer("C", 10, "1", cap=50),
    ]
    plan = best_plan(offers, 1500, None, nodes=0)
    # The root's bound (1500 units at 0.10 a unit) equals the fullest plan's total, so the plan
    # is proven without visiting a node (issue 25: proven whenever the bound meets the total).
    assert isinstance(plan, Plan) and plan.proven and plan.nodes == 0
    assert plan.packs == (0, 100, 50) and plan.lower_bound == D("150")


def test_max_suppliers_binds_the_split_search() -> None:
    # Three 50-unit quotes at 1.00 cover 150 for 150.00, but only two suppliers are allowed:
    # two of them give 100 units, so D (3.00, uncapped) must come in: A 50 + D 100 = 350.00.
    offers = [
        offer("A", 1, "1", cap=50),
        offer("B", 1, "1", cap=50),
        offer("C", 1, "1", cap=50),
        offer("D", 1, "3"),
    ]
    assert used(offers, best_plan(offers, 150, 3)) == {"A": 50, "B": 50, "C": 50}
    plan = best_plan(offers, 150, 2)
    assert used(offers, plan) == {"A": 50, "D": 100}
    assert isinstance(plan, Plan) and plan.lower_bound == D("350")
