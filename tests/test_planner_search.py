"""The one-item exact search (``quotecalc.solvers.award.search``, issues 25 and 33) against an
exhaustive search of every pack vector, on the whole order (ties included), and the cases of
issue 25.

The exhaustive search below knows nothing of the planner: it tries every vector of pack counts
(each offer unused, or any count from its minimum to past its last break and the need), prices
it afresh in exact Fractions, keeps the plans that cover the need within ``maxSuppliers``, and
takes the least by (landed total, suppliers, delivered, sorted supplier ids, then the pack counts
in supplier-id order, the greatest first). Three generators: small tie-heavy instances with
exact clones, zero prices and ``maxSuppliers`` omitted; instances near the contract's limits
(pack sizes to 10^9, prices to 10^15 with 6 decimals, needs to 10^9); and the 100-quote cases
of the issue.
"""

from __future__ import annotations

import itertools
import random
from decimal import Decimal
from fractions import Fraction

import pytest

from one_item import INFEASIBLE, Offer, Plan, best_plan, keyed_offers
from quotecalc.solvers.award.cover import cover_points

D = Decimal
Order = tuple[Fraction, int, int, tuple[str, ...], tuple[int, ...]]
"""(total, suppliers, delivered, sorted ids, minus each pack count in id order)."""


def _price(o: Offer, packs: int) -> Fraction:
    price = Fraction(o.pack_price)
    for minimum, break_price in o.breaks:
        if packs * o.pack_size >= minimum:
            price = Fraction(break_price)
    return price


def _counts(o: Offer, quantity: int) -> list[int]:
    least = max(1, o.minimum_packs)
    last_break = o.breaks[-1][0] if o.breaks else 0
    last = max(least, -(-max(quantity, last_break) // o.pack_size)) + 1
    if o.capacity is not None:
        last = min(last, o.capacity)
    return [0, *range(least, last + 1)]


def order(offers: list[Offer], packs: tuple[int, ...]) -> Order:
    """A plan's place in the stated order, computed afresh."""
    used = sorted((o.supplier_id, n, o) for o, n in zip(offers, packs, strict=True) if n)
    cost = sum(
        (_price(o, n) * n + Fraction(o.freight) + Fraction(o.other_fees) for _, n, o in used),
        Fraction(0),
    )
    return (
        cost,
        len(used),
        sum(o.pack_size * n for _, n, o in used),
        tuple(sid for sid, _, _ in used),
        # The last rule: more packs from the earlier supplier first (the event's rule too).
        tuple(-n for _, n, _ in used),
    )


def exhaustive(offers: list[Offer], quantity: int, most: int | None) -> tuple[int, ...] | None:
    """The least plan by the whole order over every pack vector, or ``None``: none covers."""
    best: tuple[Order, tuple[int, ...]] | None = None
    for packs in itertools.product(*(_counts(o, quantity) for o in offers)):
        used = sum(1 for n in packs if n)
        if not used or (most is not None and used > most):
            continue
        if sum(o.pack_size * n for o, n in zip(offers, packs, strict=True)) < quantity:
            continue
        found = (order(offers, packs), packs)
        best = found if best is None or found[0] < best[0] else best
    return None if best is None else best[1]


def _check(offers: list[Offer], quantity: int, most: int | None) -> None:
    plan = best_plan(offers, quantity, most)
    expected = exhaustive(offers, quantity, most)
    if expected is None:
        assert plan == INFEASIBLE, (offers, quantity, most)
        return
    assert isinstance(plan, Plan), (offers, quantity, most, plan)
    assert plan.proven, (offers, quantity, most)
    assert plan.packs == expected, (offers, quantity, most, plan.packs, expected)
    assert Fraction(plan.lower_bound) == order(offers, expected)[0]


def tie_heavy(rng: random.Random) -> tuple[list[Offer], int, int | None]:
    """2-4 offers from few prices (many equal totals), some exact clones under another id."""
    offers: list[Offer] = []
    ids = iter(rng.sample(["a", "b", "c", "d", "B", "aa", "é", "A0"], 8))
    while len(offers) < rng.randint(2, 4):
        if offers and rng.random() < 0.35:
            twin = rng.choice(offers)
            offers.append(Offer(next(ids), *[getattr(twin, f) for f in _FIELDS]))
            continue
        price = rng.choice([D(0), D(1), D(2), D("1.5")])
        breaks = []
        for minimum in sorted(rng.sample(range(2, 16), rng.randint(0, 2))):
            price = max(D(0), price - rng.choice([D(0), D("0.5"), D(1)]))
            breaks.append((minimum, price))
        offers.append(
            Offer(
                next(ids),
                rng.randint(1, 6),
                rng.randint(0, 3),
                rng.choice([D(0), D(1), D(2), D("1.5")]),
                rng.choice([D(0), D(0), D(1), D(2)]),
                rng.choice([D(0), D(0), D("0.5")]),
                tuple(breaks),
                rng.choice([None, None, rng.randint(1, 8)]),
            )
        )
    return offers, rng.randint(1, 14), rng.choice([None, None, 1, 2, 3])


_FIELDS = (
    "pack_size",
    "minimum_packs",
    "pack_price",
    "freight",
    "other_fees",
    "breaks",
    "capacity",
)


def near_limits(rng: random.Random) -> tuple[list[Offer], int, int | None]:
    """2-3 offers of huge packs and prices: 6 decimals, up to 10^15, needs up to 10^9."""
    offers = []
    for sid in rng.sample(["A", "B", "C", "a"], rng.randint(2, 3)):
        size = rng.choice([10**9, 999_999_999, 5 * 10**8, 333_333_333, 250_000_001, 10**8])
        price = D(rng.randint(0, 10**21)) / 10**6
        breaks = []
        for minimum in sorted(rng.sample(range(1, 10**9 + 1), rng.randint(0, 2))):
            price = max(D(0), price - D(rng.randint(0, 10**20)) / 10**6)
            breaks.append((minimum, price))
        offers.append(
            Offer(
                sid,
                size,
                rng.randint(0, 3),
                D(rng.randint(0, 10**21)) / 10**6,
                D(rng.randint(0, 10**21)) / 10**6,
                D(rng.choice([0, 10**21])) / 10**6,
                tuple(breaks),
                rng.choice([None, rng.randint(1, 6)]),
            )
        )
    return offers, rng.randint(1, 10**9), rng.choice([None, 1, 2])


@pytest.mark.parametrize("chunk", range(6))
def test_tie_heavy_instances_give_the_exhaustive_optimum_by_the_whole_order(chunk: int) -> None:
    rng = random.Random(25_000 + chunk)
    for _ in range(300):
        _check(*tie_heavy(rng))


@pytest.mark.parametrize("chunk", range(2))
def test_instances_at_the_contract_limits_are_exact(chunk: int) -> None:
    rng = random.Random(25_100 + chunk)
    for _ in range(300):
        _check(*near_limits(rng))


def test_the_order_is_the_same_whatever_the_order_of_the_quotes() -> None:
    rng = random.Random(25_200)
    for _ in range(300):
        offers, quantity, most = tie_heavy(rng)
        plan = best_plan(offers, quantity, most)
        shuffled = rng.sample(offers, len(offers))
        again = best_plan(shuffled, quantity, most)
        if plan == INFEASIBLE:
            assert again == INFEASIBLE
            continue
        assert isinstance(plan, Plan) and isinstance(again, Plan)
        mine = {o.supplier_id: n for o, n in zip(offers, plan.packs, strict=True) if n}
        theirs = {o.supplier_id: n for o, n in zip(shuffled, again.packs, strict=True) if n}
        assert mine == theirs


def test_a_hundred_clones_take_the_earliest_ids_and_give_the_first_the_remainder() -> None:
    # Issue 25: 100 identical quotes (pack 1, 1.00, capacity 400), need 1,000, maxSuppliers 3.
    # Every plan of 1,000 units costs 1,000.00; the fewest suppliers is ceil(1000 / 400) = 3;
    # the least delivered is 1,000; the earliest ids are C000, C001, C002; of their pack
    # splits (a, b, c) with a + b + c = 1000 and each <= 400, the most packs on C000 first:
    # a = 400, then b = 400, c = 200.
    clones = [Offer(f"C{i:03d}", 1, 0, D("1.00"), D(0), D(0), (), 400) for i in range(100)]
    for most in (3, None):
        plan = best_plan(clones, 1000, most)
        assert isinstance(plan, Plan) and plan.proven
        assert plan.packs[:3] == (400, 400, 200) and not any(plan.packs[3:])
        assert plan.lower_bound == D("1000.00")
        # Identical later clones leave with the one left out: a short search.
        assert plan.nodes <= 50


def test_prices_that_overflowed_the_old_model_are_planned_and_proven() -> None:
    # Issue 25: two identical quotes, pack 1, 100000.000001, 20 breaks at 981..1000 units, need
    # 1,000, maxSuppliers 2 (CP-SAT answered MODEL_INVALID, reported as a budget stop). Break k
    # (k = 0..19) at 981 + k units costs 100000.000001 - (k + 1) * 0.000001 a pack. 1,000 packs
    # reach the last break (99999.999981): 99,999,999.981000 from one supplier, the earlier id.
    breaks = tuple((981 + k, D("100000.000001") - D("0.000001") * (k + 1)) for k in range(20))
    offers = [Offer(s, 1, 0, D("100000.000001"), D(0), D(0), breaks, None) for s in "BA"]
    plan = best_plan(offers, 1000, 2)
    assert isinstance(plan, Plan) and plan.proven and plan.packs == (0, 1000)
    assert plan.lower_bound == D("99999999.981000")


def test_a_split_of_huge_prices_is_planned_not_refused() -> None:
    # Issue 25: two quotes, pack 1, capacity 1 pack, 3000000000000.000001, need 2 (refused as
    # plan_out_of_range before): one pack from each, 6000000000000.000002.
    offers = [Offer(s, 1, 0, D("3000000000000.000001"), D(0), D(0), (), 1) for s in ("A", "B")]
    plan = best_plan(offers, 2, None)
    assert isinstance(plan, Plan) and plan.proven and plan.packs == (1, 1)
    assert plan.lower_bound == D("6000000000000.000002")


def test_cover_points_look_ahead_to_cheaper_levels_and_stop_at_the_need() -> None:
    # Packs of 10 at 5.00, 3.00 from 40 units; need 25, at most 6 packs, may be left out.
    # Covering 10 units: 1 pack (5.00) or the 4 packs of the break (12.00): 5.00. Covering 20:
    # 2 packs (10.00) or 4 (12.00): 10.00. Covering 25 (the cap, the need): 3 packs (15.00) or
    # 4 (12.00): 12.00 with 4 packs. The chord from (0, 0) to (25, 12.00) costs 0.48 a unit:
    # 4.80 at 10 and 9.60 at 20 units, below 5.00 and 10.00, so the hull is that one chord.
    o = Offer("A", 10, 0, D("5.00"), D(0), D(0), ((40, D("3.00")),), 6)
    weights, (item,) = keyed_offers([o], 25)
    points = cover_points(item, (True, 1, 6), 25)
    assert [(n, u) for n, u, _ in points] == [(0, 0), (4, 25)]
    assert [D(k // weights.cost) / weights.scale for _, _, k in points] == [0, D("12.00")]
    # Bought for sure from 3 packs: covering up to 25 units costs 12.00 (4 packs) at once.
    assert [(n, u) for n, u, _ in cover_points(item, (False, 3, 6), 25)] == [(4, 25)]
