"""Tests written to kill surviving mutants of the purchase planner (issue 25, ``docs/testing.md``,
"Mutation testing of the purchase planner (issue 25)").

Every expected value is worked out by hand in the comments or computed independently here
(exact Fractions, trying every pack vector), never copied from the planner's output.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from one_item import (
    Offer,
    Plan,
    best_plan,
    keyed_offers,
    offer_of,
    plan_key,
    search_of,
    weights,
)
from quotecalc.core.exact import decimal_places
from quotecalc.core.fields import BASE_ROOT_FIELDS
from quotecalc.core.plan_rules import (
    PLAN_QUOTE_FIELDS,
    PLAN_ROOT_FIELDS,
    Purchase,
    SingleSource,
    plan_root_fields,
)
from quotecalc.engine.pipeline import Pipeline
from quotecalc.kinds import PLAN
from quotecalc.planning.document import plan as plan_document
from quotecalc.solvers.award.cover import Domain, cover_points
from quotecalc.solvers.award.search import _candidates, _children, _left_out, _Search
from quotecalc.stages.plan import PlanStage


def test_plan_root_fields_extend_only_the_quotes_row_then_add_the_root_rows() -> None:
    rows = plan_root_fields(BASE_ROOT_FIELDS)
    assert len(rows) == len(BASE_ROOT_FIELDS) + len(PLAN_ROOT_FIELDS)
    assert rows[len(BASE_ROOT_FIELDS) :] == PLAN_ROOT_FIELDS
    assert [row.name for row in rows[: len(BASE_ROOT_FIELDS)]] == [
        row.name for row in BASE_ROOT_FIELDS
    ]
    for old, new in zip(BASE_ROOT_FIELDS, rows, strict=False):
        if old.name == "quotes":
            assert new.fields == old.fields + PLAN_QUOTE_FIELDS
        else:
            assert new is old


# --- the planner's key (solvers/award/key.py) ---------------------------------------------------

D = Decimal


def _offer(
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


def _price(o: Offer, packs: int) -> Fraction:
    """The all-units pack price at ``packs``, afresh: the last break reached, else the base."""
    price = Fraction(o.pack_price)
    for minimum, break_price in o.breaks:
        if packs * o.pack_size >= minimum:
            price = Fraction(break_price)
    return price


def _landed(o: Offer, packs: int) -> Fraction:
    return _price(o, packs) * packs + Fraction(o.freight) + Fraction(o.other_fees)


def _order(offers: Sequence[Offer], packs: Sequence[int]) -> tuple[Any, ...]:
    """A plan's place in the documented order: total, suppliers, delivered, sorted ids, then
    the pack counts read in supplier-id order, more first (negated)."""
    used = sorted((o.supplier_id, n, o) for o, n in zip(offers, packs, strict=True) if n)
    return (
        sum((_landed(o, n) for _, n, o in used), Fraction(0)),
        len(used),
        sum(o.pack_size * n for _, n, o in used),
        tuple(sid for sid, _, _ in used),
        tuple(-n for _, n, _ in used),
    )


def _ceiling(o: Offer, quantity: int) -> int:
    """The pack ceiling of docs/plan.md, afresh."""
    top = max(-(-quantity // o.pack_size), 1, o.minimum_packs)
    for minimum, _ in o.breaks:
        top = max(top, -(-minimum // o.pack_size))
    return top if o.capacity is None else min(top, o.capacity)


def test_decimal_places_count_the_digits_a_value_needs() -> None:
    # 1.50 needs 1 place, 0.125 three, 100 (1E+2 normalised) none, 7.000 none.
    assert decimal_places([D("1.50")]) == 1
    assert decimal_places([D("1.50"), D("0.125"), D("2")]) == 3
    assert decimal_places([D("100")]) == 0
    assert decimal_places([D("7.000"), D("100")]) == 0
    assert decimal_places([]) == 0


def test_weights_by_hand() -> None:
    # A: packs of 2, need 5: ceiling max(ceil(5 / 2) = 3, 1) = 3. B: packs of 1, MOQ 4, a break
    # at 7 units: ceiling max(5, 4, 7) = 7. M = 8, Wi = 8^2 = 64, Wd = (2^2 + 1) * 64 = 320,
    # most delivered 2 * 3 + 1 * 7 = 13, Ws = 14 * 320 = 4480, Wc = 3 * 4480 = 13440.
    a = _offer("A", 2, "1.5")
    b = _offer("B", 1, "2", moq=4, breaks=((7, "1.25"),))
    w = weights([a, b], 5, 100)
    assert (w.scale, w.cost, w.suppliers, w.delivered, w.ids, w.digit) == (
        100,
        13440,
        4480,
        320,
        64,
        8,
    )
    # With a capacity of 2 packs on B its ceiling is 2: M = 4, Wi = 16, Wd = 80, most 6 + 2 = 8,
    # Ws = 9 * 80 = 720, Wc = 2160.
    w = weights([a, _offer("B", 1, "2", cap=2)], 5, 1)
    assert (w.scale, w.cost, w.suppliers, w.delivered, w.ids, w.digit) == (1, 2160, 720, 80, 16, 4)


def test_keyed_offers_by_hand() -> None:
    # Need 10. "b" (rank 1): packs of 3 at 2.5, MOQ 2, breaks at 7 units (ceil(7/3) = 3 packs,
    # 2.25) and 12 units (4 packs, 2), fees 1 + 0.5; ceiling max(4, 2, 4) = 4. "a" (rank 0):
    # packs of 5 at 4, cap 1: ceiling 1. Places: 2.25 needs 2, scale 100.
    b = _offer("b", 3, "2.5", moq=2, freight="1", fees="0.5", breaks=((7, "2.25"), (12, "2")))
    a = _offer("a", 5, "4", cap=1)
    w, (kb, ka) = keyed_offers([b, a], 10)
    assert w.scale == 100 and w.digit == 5  # M = 4 + 1
    assert w == weights([b, a], 10, 100)
    assert (kb.rank, kb.low, kb.high) == (1, 2, 4)
    assert (ka.rank, ka.low, ka.high) == (0, 1, 1)
    # base = fees * Wc + Ws - 2^(N-1-r) * Wi; rate = price * Wc + size * Wd - M^(N-1-r).
    assert kb.base == 150 * w.cost + w.suppliers - 1 * w.ids
    assert ka.base == 0 + w.suppliers - 2 * w.ids
    extra_b = 3 * w.delivered - 1
    # Level 1 (2.50) holds count 2 only (1 is below the MOQ), then 3 (2.25), then 4 (2.00).
    assert kb.levels == (
        (2, 2, 250 * w.cost + extra_b),
        (3, 3, 225 * w.cost + extra_b),
        (4, 4, 200 * w.cost + extra_b),
    )
    assert ka.levels == ((1, 1, 400 * w.cost + 5 * w.delivered - 5),)
    assert kb.key(0) == 0 and ka.key(0) == 0
    assert kb.key(3) == kb.base + 3 * (225 * w.cost + extra_b)
    assert kb.key(2) == kb.base + 2 * (250 * w.cost + extra_b)
    assert kb.key(4) == kb.base + 4 * (200 * w.cost + extra_b)
    # 3 packs cost 6.75 + 1.5 = 8.25 and 4 packs 8 + 1.5 = 9.50; 2 packs 5 + 1.5 = 6.50.
    assert kb.cheapest(2, 4) == 2
    assert kb.cheapest(3, 4) == 3
    assert kb.cheapest(3, 3) == 3
    assert kb.cheapest(4, 4) == 4


def test_cheapest_reaches_a_later_break_only_within_the_range() -> None:
    # Packs of 1 at 10, 5 from 4 units, 1 from 9: 3 packs 30, 4 packs 20, 9 packs 9.
    o = _offer("A", 1, "10", breaks=((4, "5"), (9, "1")))
    _, (k,) = keyed_offers([o], 3)
    assert k.high == 9
    assert k.cheapest(3, 9) == 9
    assert k.cheapest(3, 8) == 4
    assert k.cheapest(3, 3) == 3
    assert k.cheapest(1, 4) == 1  # 1 pack costs 10, below 4 packs at 20
    # Equal money (4 packs at 5 = 20 = 2 packs at 10): fewer packs.
    o = _offer("A", 1, "10", breaks=((4, "5"),))
    _, (k,) = keyed_offers([o], 2)
    assert k.cheapest(2, 4) == 2


def _every_plan(offers: Sequence[Offer], quantity: int) -> list[tuple[int, ...]]:
    counts = [[0, *range(max(1, o.minimum_packs), _ceiling(o, quantity) + 1)] for o in offers]
    return [p for p in itertools.product(*counts) if any(p)]


def _key_afresh(offers: Sequence[Offer], quantity: int, packs: Sequence[int]) -> int:
    """The key of docs/plan.md written out from its formula with the weights of the code
    (checked by hand above): per bought offer, landed * Wc + Ws + delivered * Wd - 2^(N-1-r)
    * Wi - packs * M^(N-1-r) (more packs from an earlier supplier first)."""
    w, _ = keyed_offers(offers, quantity)
    ranks = {sid: r for r, sid in enumerate(sorted(o.supplier_id for o in offers))}
    count = len(offers)
    total = 0
    for o, n in zip(offers, packs, strict=True):
        if not n:
            continue
        r = ranks[o.supplier_id]
        money = _landed(o, n) * w.scale
        assert money.denominator == 1
        total += int(money) * w.cost + w.suppliers + o.pack_size * n * w.delivered
        total += -(2 ** (count - 1 - r)) * w.ids - n * w.digit ** (count - 1 - r)
    return total


def _small(rng: random.Random, most_offers: int = 3) -> tuple[list[Offer], int]:
    offers = []
    for sid in rng.sample(["a", "b", "c", "B", "é"], rng.randint(1, most_offers)):
        price = D(rng.randint(0, 8)) / rng.choice([1, 2, 4])
        breaks = []
        for minimum in sorted(rng.sample(range(2, 13), rng.randint(0, 2))):
            price = max(D(0), price - D(rng.randint(0, 3)) / 2)
            breaks.append((minimum, price))
        offers.append(
            Offer(
                sid,
                rng.randint(1, 4),
                rng.randint(0, 3),
                D(rng.randint(0, 8)) / rng.choice([1, 2, 4]),
                D(rng.choice([0, 0, 1, 3])),
                D(rng.choice([0, 0, 1])) / 2,
                tuple(breaks),
                rng.choice([None, None, rng.randint(1, 6)]),
            )
        )
    return offers, rng.randint(1, 12)


def test_the_key_is_the_whole_order_and_its_formula() -> None:
    rng = random.Random(25_900)
    for _ in range(120):
        offers, quantity = _small(rng)
        w, items = keyed_offers(offers, quantity)
        plans = _every_plan(offers, quantity)
        keys = {}
        for packs in plans:
            key = sum(item.key(n) for item, n in zip(items, packs, strict=True))
            assert key == _key_afresh(offers, quantity, packs), (offers, packs)
            # The cost is the key's top level: key // Wc is the landed total in scaled units.
            assert Fraction(key // w.cost, w.scale) == _order(offers, packs)[0]
            keys[packs] = key
        assert len(set(keys.values())) == len(keys)
        assert sorted(plans, key=keys.__getitem__) == sorted(plans, key=lambda p: _order(offers, p))


# --- the cover hulls (solvers/award/cover.py) ---------------------------------------------------


def _lower_hull(points: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The vertices of the lower convex hull of ``(packs, units, key)`` by units, in order,
    points on a hull edge dropped (monotone chain over exact integers)."""
    hull: list[tuple[int, int, int]] = []
    for p in sorted(points, key=lambda q: (q[1], q[2])):
        if hull and hull[-1][1] == p[1]:
            continue  # the same units at a higher key
        while len(hull) >= 2:
            (_, ua, ka), (_, ub, kb) = hull[-2], hull[-1]
            # Drop b unless it lies strictly below the segment from a to p.
            if (kb - ka) * (p[1] - ua) >= (p[2] - ka) * (ub - ua):
                hull.pop()
            else:
                break
        hull.append(p)
    return hull


def _hull_afresh(
    item: Any, domain: tuple[bool, int, int], quantity: int, relief: int
) -> list[tuple[int, int, int]]:
    """The lower hull of ``g(u)`` (the least key less ``relief`` of an allowed count covering
    ``u`` units, fewer packs among equal keys) over every whole ``u`` from what the offer
    covers at its least count (0 if it may be left out, at key 0) to the need or its reach."""
    zero, low, high = domain
    size = item.line.pack_size
    cap = min(quantity, size * high)
    points = [(0, 0, 0)] if zero else []
    for units in range(1 if zero else min(size * low, cap), cap + 1):
        key, packs = min(
            (item.key(n) - relief, n) for n in range(low, high + 1) if n * size >= units
        )
        points.append((packs, units, key))
    return _lower_hull(points)


def _domains(rng: random.Random, item: Any) -> list[Domain]:
    found = [Domain(True, item.low, item.high), Domain(False, item.low, item.high)]
    for _ in range(3):
        low = rng.randint(item.low, item.high)
        high = rng.randint(low, item.high)
        found.append(Domain(rng.random() < 0.5, low, high))
    return found


def test_cover_points_are_the_lower_hull_of_the_cover_cost() -> None:
    rng = random.Random(25_901)
    for _ in range(200):
        offers, quantity = _small(rng)
        w, items = keyed_offers(offers, quantity)
        relief = w.suppliers - 2 ** len(offers) * w.ids
        for item in items:
            if item.low > item.high:
                continue  # unusable: the search never keys it
            for domain in _domains(rng, item):
                # No relief unless one is given.
                assert cover_points(item, domain, quantity) == cover_points(
                    item, domain, quantity, 0
                )
                for cut in (0, relief):
                    expected = _hull_afresh(item, domain, quantity, cut)
                    assert cover_points(item, domain, quantity, cut) == expected, (
                        item.line,
                        domain,
                        quantity,
                        cut,
                    )


# --- the relaxations and the node bound (solvers/award/relax.py, search.py) ---------------------

Domains = dict[int, "Domain | None"]


def _node(rng: random.Random, items: Sequence[Any], narrow: bool) -> Domains:
    """A random node: some offers left out, some bought for sure, some with a narrower range
    (an offer that may still be left out keeps its highest count unless ``narrow``)."""
    domains: Domains = {}
    for index, item in enumerate(items):
        roll = rng.random()
        if roll < 0.15:
            domains[index] = None
        elif roll < 0.5:
            low = rng.randint(item.low, item.high)
            zero = rng.random() < 0.5
            high = rng.randint(low, item.high) if narrow or not zero else item.high
            domains[index] = Domain(zero, low, high)
    return domains


def _domain_of(items: Sequence[Any], domains: Domains, index: int) -> Any:
    return domains[index] if index in domains else Domain(True, items[index].low, items[index].high)


def _lp_afresh(
    items: Sequence[Any], domains: Domains, quantity: int, most: int, relief: int
) -> Fraction | None:
    """The least sum of cover hulls covering the need, by LP duality: the largest over ``t``
    (0 and every hull slope) of ``t * quantity + sum_i min over i's hull of (key - t * units)``;
    ``None`` when the hulls cannot reach the need. Offers bought for sure start at their hull's
    first point; with ``most`` of them bought, the others are out."""
    hulls = []
    bought = [i for i, d in domains.items() if d is not None and not d[0]]
    for index in range(len(items)):
        domain = _domain_of(items, domains, index)
        if domain is None or (len(bought) == most and domain[0]):
            continue
        hulls.append(_hull_afresh(items[index], domain, quantity, relief))
    if sum(h[-1][1] for h in hulls) < quantity:
        return None
    slopes = {Fraction(0)}
    for h in hulls:
        slopes.update(Fraction(b[2] - a[2], b[1] - a[1]) for a, b in itertools.pairwise(h))
    return max(
        t * quantity + sum(min(k - t * u for _, u, k in h) for h in hulls) for t in slopes if t >= 0
    )


def _node_plans(
    items: Sequence[Any], domains: Domains, quantity: int, most: int
) -> list[tuple[int, ...]]:
    choices = []
    for index in range(len(items)):
        domain = _domain_of(items, domains, index)
        if domain is None:
            choices.append([0])
        else:
            zero, low, high = domain
            choices.append(([0] if zero else []) + list(range(low, high + 1)))
    return [
        packs
        for packs in itertools.product(*choices)
        if 0 < sum(1 for n in packs if n) <= most
        and sum(item.line.pack_size * n for item, n in zip(items, packs, strict=True)) >= quantity
    ]


def _fewest_afresh(items: Sequence[Any], domains: Domains, quantity: int) -> int | None:
    """The fewest offers any plan of the node buys, trying every set of free offers."""
    bought = [i for i, d in domains.items() if d is not None and not d[0]]
    free = [
        i
        for i in range(len(items))
        if i not in bought and _domain_of(items, domains, i) is not None
    ]

    def reach(index: int) -> int:
        return int(items[index].line.pack_size * _domain_of(items, domains, index)[2])

    base = sum(reach(i) for i in bought)
    for size in range(len(free) + 1):
        if any(
            base + sum(reach(i) for i in extra) >= quantity
            for extra in itertools.combinations(free, size)
        ):
            return len(bought) + size
    return None


def bought_set(domains: Domains) -> set[int]:
    return {i for i, d in domains.items() if d is not None and not d[0]}


def _usable_small(rng: random.Random) -> tuple[list[Offer], int, int]:
    while True:
        offers, quantity = _small(rng, 4)
        offers = [o for o in offers if max(1, o.minimum_packs) <= _ceiling(o, quantity)]
        if len(offers) >= 2:
            return offers, quantity, rng.randint(2, len(offers))


def test_each_relaxation_is_the_exact_lp_value_rounded_up_and_the_bound_holds() -> None:
    rng = random.Random(25_902)
    for _ in range(150):
        offers, quantity, most = _usable_small(rng)
        run = search_of(offers, quantity, most)
        items = run.items
        for narrow in (True, True, False, False):
            domains = _node(rng, items, narrow)
            bought = sum(1 for d in domains.values() if d is not None and not d[0])
            where = (offers, quantity, most, domains)
            for relaxer, relief in ((run.plain, 0), (run.counted, run.relief)):
                relaxed = relaxer.relax(dict(domains))
                lp = None if bought > most else _lp_afresh(items, domains, quantity, most, relief)
                if lp is None:
                    assert relaxed is None, where
                else:
                    assert relaxed is not None, where
                    assert relaxed.bound == -(-lp.numerator // lp.denominator), where
            if narrow:
                continue  # see test_a_narrowed_free_offer_can_overcount_the_fewest_suppliers
            fewest = _fewest_afresh(items, domains, quantity)
            assert run.least_suppliers(dict(domains)) == fewest, where
            plans = _node_plans(items, domains, quantity, most)
            found = run.bound(dict(domains))
            if not plans:
                assert found is None, where
                continue
            assert found is not None, where
            bound, relaxed = found
            best = min(run.key_of(p) for p in plans)
            assert relaxed == run.plain.relax(dict(domains))
            assert fewest is not None
            counted = run.counted.relax(dict(domains))
            assert counted is not None
            assert max(relaxed.bound, counted.bound + fewest * run.relief) <= bound <= best, where
            slotted = run.plain.slotted(dict(domains))
            assert slotted is not None and slotted <= best, where
            # The bound is the larger of the first two, and of the max_suppliers fill exactly
            # when the first fill opens more offers than may still be chosen (docs/plan.md).
            opened = sum(1 for i, n in relaxed.packs.items() if n and i not in bought_set(domains))
            if relaxed.partial is not None and relaxed.partial[1] == 0:
                opened += 1
            expected = max(relaxed.bound, counted.bound + fewest * run.relief)
            if opened > most - bought:
                expected = max(expected, slotted)
            assert bound == expected, where


def test_a_narrowed_free_offer_can_overcount_the_fewest_suppliers() -> None:
    # Found by mutation testing (docs/testing.md): least_suppliers took free offers in their
    # root order, so a branch-cut offer was counted before offers that reach further now.
    # Need 8. A: packs of 2 at 2.00 (1.00 a unit), ceiling 4 packs, reaches 8. C: packs of 3 at
    # 3.00 (1.00 a unit), ceiling 3 packs, reaches 9. A node where C may still be left out but
    # takes at most 2 packs (6 units), as the branch "C's range split at 2" makes: A alone
    # (4 packs, 8.00) is a plan of the node, so the fewest suppliers is 1 and the bound may not
    # exceed the key of A alone.
    a = _offer("A", 2, "2.00")
    c = _offer("C", 3, "3.00")
    run = search_of([a, c], 8, 2)
    node: Domains = {1: Domain(True, 1, 2)}
    assert _fewest_afresh(run.items, node, 8) == 1
    assert _node_plans(run.items, node, 8, 2)
    found = run.bound(dict(node))
    assert found is not None
    assert run.least_suppliers(dict(node)) == 1
    assert found[0] <= run.key_of([4, 0])


# --- the max_suppliers fill (Relaxer.slotted), by hand ------------------------------------------


def _slot_case() -> tuple[_Search, dict[str, int]]:
    """A, B, C: 50 units each at 1.00 (packs of 1, capacity 50); D: 3.00 a unit, no limit;
    need 150, at most 2 suppliers. The keys of single orders, from the formula."""
    offers = [
        _offer("A", 1, "1", cap=50),
        _offer("B", 1, "1", cap=50),
        _offer("C", 1, "1", cap=50),
        _offer("D", 1, "3"),
    ]
    run = search_of(offers, 150, 2)

    def alone(index: int, packs: int) -> int:
        vector = [0, 0, 0, 0]
        vector[index] = packs
        return _key_afresh(offers, 150, vector)

    keys = {
        "A50": alone(0, 50),
        "B50": alone(1, 50),
        "D1": alone(3, 1),
        "D149": alone(3, 149),
        "D150": alone(3, 150),
    }
    return run, keys


def test_the_max_suppliers_fill_by_hand() -> None:
    run, k = _slot_case()
    # Every hull is one segment from nothing to the offer's reach (a key linear in the packs
    # with a positive base lies above that chord). In slope order A, B, C (A's key is the least:
    # its id term is the most negative), then D. Two slots: A and B give 50 units each; C would
    # add nothing over the weakest of the two; D adds 150 - 50 = 100 units over the weakest, of
    # which 50 are still needed, at D's slope: A + B + 50/150 of D's whole key, floored.
    assert run.plain.slotted({}) == k["A50"] + k["B50"] + 50 * k["D150"] // 150
    # The same is the root's bound: the plain fill (150 units at 1.00) opens three offers, more
    # than two, and this fill (250.00) is larger than the other two relaxations (150.00).
    found = run.bound({})
    assert found is not None and found[0] == k["A50"] + k["B50"] + 50 * k["D150"] // 150
    assert found[0] // run.weights.cost == 250 * run.weights.scale
    # D bought for sure (from 1 pack): it starts at 1 unit (key D1), one slot is left. A takes it
    # (50 units); B and C add nothing over A; D's own segment from 1 to 150 units supplies the 99
    # units still needed: D1 + A50 + 99/149 of (D150 - D1), floored. In money 3 + 50 + 297 = 350,
    # the optimum A 50 + D 100.
    bought_d = {3: Domain(False, 1, 150)}
    expected = k["D1"] + k["A50"] + 99 * (k["D150"] - k["D1"]) // 149
    assert run.plain.slotted(dict(bought_d)) == expected
    assert expected // run.weights.cost == 350 * run.weights.scale
    # A and D bought for sure: no slot left, only their own segments: A's 1 -> 50 units, then D's
    # 99 units from its first.
    a_segment = _key_afresh(run_offers(run), 150, [50, 0, 0, 0]) - _key_afresh(
        run_offers(run), 150, [1, 0, 0, 0]
    )
    both = {0: Domain(False, 1, 50), 3: Domain(False, 1, 150)}
    expected = (
        _key_afresh(run_offers(run), 150, [1, 0, 0, 0])
        + k["D1"]
        + a_segment
        + 99 * (k["D150"] - k["D1"]) // 149
    )
    assert run.plain.slotted(dict(both)) == expected
    # Without D the two largest reach only 100 units: no plan of the node, None.
    assert run.plain.slotted({3: None}) is None
    # D bought from 149 packs: 1 unit left, taken at A's slope (A's 50-unit key / 50, floored).
    assert run.plain.slotted({3: Domain(False, 149, 150)}) == k["D149"] + k["A50"] // 50
    # A at exactly 50 and D at exactly 100 packs cover the need with nothing left to fill: their
    # keys, even though neither has a segment left to stream.
    exact = {0: Domain(False, 50, 50), 3: Domain(False, 100, 100)}
    assert run.plain.slotted(dict(exact)) == _key_afresh(run_offers(run), 150, [50, 0, 0, 100])


def run_offers(run: _Search) -> list[Offer]:
    return [offer_of(item) for item in run.items]


# --- the plan stage's single-source orders (stages/plan.py) -------------------------------------


def _stage_plan(quotes: list[dict[str, Any]], quantity: int, **root: Any) -> Any:
    body = {
        "schemaVersion": 1,
        "quantity": quantity,
        "currency": "CNY",
        "specification": "M6",
        **root,
        "quotes": [
            {"specification": "M6", "currency": "CNY", "minimumPacks": 0, **q} for q in quotes
        ],
    }
    ctx = PLAN.pipeline().run(json.dumps(body).encode())
    assert ctx.plan is not None and not ctx.plan.reasons
    return ctx.plan


def test_single_source_orders_are_whole_records_by_hand() -> None:
    # Need 100. A: packs of 1 at 1.00, 0.80 from 100 units, freight 5, fees 0.50: at the need
    # the break is reached, 100 * 0.80 = 80.00, landed 85.50; that is also its cheapest.
    # B: packs of 10 at 7.5, 4.90 from 150 units, freight 3, fees 1.25: at the need 10 packs,
    # 75.0, landed 79.25 (no break: the cost stage's order); cheapest 15 packs, 73.50 + 4.25 =
    # 77.75. C: packs of 1 at 0.5, capacity 60: no single order covers the need; at the need
    # 100 packs, 50.0, landed 50.0.
    plan = _stage_plan(
        [
            {
                "supplierId": "A",
                "packSize": 1,
                "packPrice": "1.00",
                "freight": "5",
                "otherFees": "0.50",
                "priceBreaks": [{"minimumQuantity": 100, "packPrice": "0.80"}],
            },
            {
                "supplierId": "B",
                "packSize": 10,
                "packPrice": "7.5",
                "freight": "3",
                "otherFees": "1.25",
                "priceBreaks": [{"minimumQuantity": 150, "packPrice": "4.90"}],
            },
            {
                "supplierId": "C",
                "packSize": 1,
                "packPrice": "0.5",
                "freight": "0",
                "otherFees": "0",
                "capacityPacks": 60,
            },
        ],
        100,
    )
    a_need = Purchase("A", 100, 100, D("0.80"), D("80.00"), D("5"), D("0.50"), D("85.50"))
    b_need = Purchase("B", 10, 100, D("7.5"), D("75.0"), D("3"), D("1.25"), D("79.25"))
    b_best = Purchase("B", 15, 150, D("4.90"), D("73.50"), D("3"), D("1.25"), D("77.75"))
    c_need = Purchase("C", 100, 100, D("0.5"), D("50.0"), D("0"), D("0"), D("50.0"))
    # Sorted by cheapest landed total (B 77.75, A 85.50), the one without a cheapest order last.
    assert plan.single_source == (
        SingleSource("B", b_need, b_best),
        SingleSource("A", a_need, a_need),
        SingleSource("C", c_need, None),
    )
    for entry in plan.single_source:
        for order in (entry.at_need, entry.cheapest):
            if order is not None:
                # The printed digits: the break price's own, the goods at its places.
                assert str(order.pack_price) in {"0.80", "7.5", "4.90", "0.5"}
    assert str(a_need.goods_subtotal) == "80.00"
    assert [str(e.at_need.goods_subtotal) for e in plan.single_source] == ["75.0", "80.00", "50.0"]
    assert [str(e.at_need.landed_total) for e in plan.single_source] == ["79.25", "85.50", "50.0"]
    # The best plan: C's 60 units at 0.5 (30.0) and 40 of A's at 1.00 (40.00 + 5.50 = 45.50):
    # 75.50, below B alone (77.75); C 60 + B 40 (4 packs, 30.0 + 34.25) = 64.25 is cheaper still.
    assert plan.best is not None
    assert [(line.supplier_id, line.packs) for line in plan.best.lines] == [("B", 4), ("C", 60)]
    assert plan.best.landed_total == D("64.25") and plan.best.proven
    assert str(plan.best.lower_bound) == str(plan.best.landed_total)


def test_a_slot_taken_over_by_one_more_unit() -> None:
    # As the hand case above, but C reaches 51 units at 1.01: in slope order A, B (two slots,
    # 50 each), then C adds 51 - 50 = 1 unit over the weakest (A, replaced), then D adds 150 - 50
    # = 100 over the weakest left (B) and 150 - 101 = 49 are still needed.
    offers = [
        _offer("A", 1, "1", cap=50),
        _offer("B", 1, "1", cap=50),
        _offer("C", 1, "1.01", cap=51),
        _offer("D", 1, "3"),
    ]
    run = search_of(offers, 150, 2)

    def alone(index: int, packs: int) -> int:
        vector = [0, 0, 0, 0]
        vector[index] = packs
        return _key_afresh(offers, 150, vector)

    expected = alone(0, 50) + alone(1, 50) + alone(2, 51) // 51 + 49 * alone(3, 150) // 150
    assert run.plain.slotted({}) == expected


# --- the branches and the plans read off a relaxation (search.py) --------------------------------


def test_a_relaxation_that_is_a_plan_of_too_many_offers_splits_on_the_last_one_opened() -> None:
    run, _ = _slot_case()
    # The plain fill takes A, B and C whole (50 + 50 + 50 = 150 at 1.00, in that slope order):
    # a plan of three offers where two are allowed. No plan is read off it; the node splits on
    # C, the last offer it opened: C bought (its whole range, 1..50 packs) or C left out (A, B
    # and C are identical but for their ids; C has no later clone).
    relaxed = run.plain.relax({})
    assert relaxed is not None
    assert relaxed.packs == {0: 50, 1: 50, 2: 50} and relaxed.partial is None
    assert _candidates(run, {}, relaxed) == []
    assert _children(run, {}, relaxed) == [{2: Domain(False, 1, 50)}, {2: None}]
    # A left out takes its later clones B and C with it.
    assert run.clones == {0: (1, 2), 1: (2,), 2: (), 3: ()}
    assert _left_out(run, {}, 0) == {0: None, 1: None, 2: None}
    # With D bought for sure the plain fill still ignores the limit: D's first unit, A and B
    # whole, then 49 of C's 50 units, C part-way on the segment that opens it. Every plan read
    # off it buys four offers: none. Children: C left out, C bought.
    node: Domains = {3: Domain(False, 1, 150)}
    relaxed = run.plain.relax(dict(node))
    assert relaxed is not None
    assert relaxed.packs == {3: 1, 0: 50, 1: 50, 2: 0}
    assert relaxed.partial == (2, 0, 0, 0, 50, 49)
    assert _candidates(run, dict(node), relaxed) == []
    assert _children(run, dict(node), relaxed) == [
        {3: Domain(False, 1, 150), 2: None},
        {3: Domain(False, 1, 150), 2: Domain(False, 1, 50)},
    ]


def test_a_partial_segment_past_the_first_pack_splits_the_range_at_the_fraction() -> None:
    # Need 25. Z: packs of 1 at 0.90, capacity 3. X: packs of 10 at 10.00 (ceiling 3 packs). X's
    # hull: (0, 0) -> (20 units, 2 packs) -> (25 units, 3 packs; the third pack covers only 5
    # units of the need, so that segment is twice as steep). The fill: Z's 3 units, X's first
    # segment (20 units, 23 in all), then 2 of the 5 units of X's second segment: X is left
    # part-way from 2 packs (20 units) toward 3, 2 units still needed. Its range splits at
    # (20 + 2) // 10 = 2: "at most 2 packs, may be left out" and "3 packs, bought".
    offers = [_offer("Z", 1, "0.90", cap=3), _offer("X", 10, "10.00")]
    run = search_of(offers, 25, 2)
    z3 = _key_afresh(offers, 25, [3, 0])
    x2 = _key_afresh(offers, 25, [0, 2])
    x3 = _key_afresh(offers, 25, [0, 3])
    relaxed = run.plain.relax({})
    assert relaxed is not None
    assert relaxed.packs == {0: 3, 1: 2}
    assert relaxed.partial == (1, 2, 20, x2, 3, 2)
    assert relaxed.before == z3 + x2
    assert relaxed.bound == z3 + x2 + -(-2 * (x3 - x2) // 5)
    assert _children(run, {}, relaxed) == [{1: Domain(True, 1, 2)}, {1: Domain(False, 3, 3)}]
    # The plan read off it: X at the fewest packs covering 22 units, 3 (no later break).
    assert _candidates(run, {}, relaxed) == [[3, 3]]


def test_a_partial_opening_segment_splits_into_left_out_and_bought() -> None:
    # Need 10. Z: packs of 1 at 0.90, capacity 3. Y: packs of 1 at 1.50, 1.00 from 9 units
    # (ceiling 10 packs). Z's 3 units first, then 7 of Y's 10 (one segment from nothing to 10
    # units, 10.00; 7 or 8 packs at 1.50 cost more than 9 at 1.00): Y is left part-way on the
    # segment that opens it. Children: Y left out, Y bought (its whole range). The plans read
    # off it: Y at the cheapest count covering 7 units (9 packs, 9.00, the break), and at the
    # segment's end (10 packs).
    offers = [_offer("Z", 1, "0.90", cap=3), _offer("Y", 1, "1.50", breaks=((9, "1.00"),))]
    run = search_of(offers, 10, 2)
    relaxed = run.plain.relax({})
    assert relaxed is not None
    assert relaxed.packs == {0: 3, 1: 0}
    assert relaxed.partial is not None and relaxed.partial[:3] == (1, 0, 0)
    assert relaxed.partial[4:] == (10, 7)
    assert _children(run, {}, relaxed) == [{1: None}, {1: Domain(False, 1, 10)}]
    assert _candidates(run, {}, relaxed) == [[3, 9], [3, 10]]
    # Within at most 1 supplier no plan is read off a two-offer fill.
    lone = search_of(offers, 10, 1)
    lone_relaxed = lone.plain.relax({})
    assert lone_relaxed is not None and lone_relaxed.partial is not None
    assert _candidates(lone, {}, lone_relaxed) == []


def test_a_budget_stop_starts_from_the_best_single_source_not_only_the_fullest_plan() -> None:
    # Need 150. A: 1.00, capacity 100. C: 2.00, no limit (ceiling 150 packs). D: one pack of 200
    # units at 500.00. The fullest plan is D (200 units); the best single source is C (150 packs,
    # 300.00 < 500.00). With no node to spend the search gives C, unproven, with the root's
    # bound: A's 100 units at 1.00 and 50 of C's at 2.00 = 200.00 (D covers the need at 500 / 150
    # a unit, the dearest).
    offers = [_offer("A", 1, "1.00", cap=100), _offer("C", 1, "2.00"), _offer("D", 200, "500.00")]
    plan = best_plan(offers, 150, None, nodes=0)
    assert isinstance(plan, Plan) and not plan.proven and plan.nodes == 0
    assert plan.packs == (0, 150, 0)
    assert plan.lower_bound == D("200")  # its places: see the xfail test below
    # With the budget, the split A 100 + C 50 = 200.00 is proven.
    plan = best_plan(offers, 150, None)
    assert isinstance(plan, Plan) and plan.proven and plan.packs == (100, 50, 0)
    assert str(plan.lower_bound) == "200.00"


def test_an_unproven_lower_bound_has_the_places_of_the_landed_total() -> None:
    # The request of the test above through the plan document with no node to spend: C alone,
    # 300.00, not proven; the root's bound 200, to be written 200.00 like the total.
    body = {
        "schemaVersion": 1,
        "quantity": 150,
        "currency": "CNY",
        "specification": "M6",
        "quotes": [
            {
                "supplierId": s,
                "specification": "M6",
                "currency": "CNY",
                "minimumPacks": 0,
                "freight": "0",
                "otherFees": "0",
                **q,
            }
            for s, q in (
                ("A", {"packSize": 1, "packPrice": "1.00", "capacityPacks": 100}),
                ("C", {"packSize": 1, "packPrice": "2.00"}),
                ("D", {"packSize": 200, "packPrice": "500.00"}),
            )
        ],
    }
    hurried = Pipeline((*PLAN.pipeline().stages[:-1], PlanStage(budget=0)))
    best = plan_document(json.dumps(body).encode(), pipeline=hurried).output["plan"]["best"]
    assert (best["proven"], best["landedTotal"]) == (False, "300.00")
    assert best["lowerBound"] == "200.00"


def test_the_weakest_slot_is_the_one_that_reaches_least() -> None:
    # Need 200, at most 2. X: 60 units at 1.00; Y: 50 at 1.00 (X's key per unit is the lower:
    # its supplier weight spread over more units); Z: 55 at 1.01; W: 3.00, no limit (200). X and
    # Y take the two slots (60 + 50); Z adds 55 - 50 = 5 over the weakest, Y (not X, the first
    # in the list); W adds 200 - 55 = 145 over the weakest left (Z), of which 85 are needed.
    offers = [
        _offer("X", 1, "1", cap=60),
        _offer("Y", 1, "1", cap=50),
        _offer("Z", 1, "1.01", cap=55),
        _offer("W", 1, "3"),
    ]
    run = search_of(offers, 200, 2)

    def alone(index: int, packs: int) -> int:
        vector = [0, 0, 0, 0]
        vector[index] = packs
        return _key_afresh(offers, 200, vector)

    expected = alone(0, 60) + alone(1, 50) + 5 * alone(2, 55) // 55 + 85 * alone(3, 200) // 200
    assert run.plain.slotted({}) == expected


def test_the_budget_counts_every_node_visited() -> None:
    # The budget is a count of search nodes (docs/plan.md, "The budget"): a search given fewer
    # nodes than the whole proof takes stops after exactly that many, proven or not, and one
    # given the whole count gives the same proven plan. The instance of the max_suppliers hand
    # case takes several nodes (its root opens three offers where two are allowed).
    run_offers_ = [
        _offer("A", 1, "1", cap=50),
        _offer("B", 1, "1", cap=50),
        _offer("C", 1, "1", cap=50),
        _offer("D", 1, "3"),
    ]
    full = best_plan(run_offers_, 150, 2)
    assert isinstance(full, Plan) and full.proven
    assert full.packs == (50, 0, 0, 100)  # A 50 + D 100 = 350, the earliest of A, B, C
    assert full.nodes >= 3
    for budget in range(full.nodes):
        hurried = best_plan(run_offers_, 150, 2, nodes=budget)
        assert isinstance(hurried, Plan) and hurried.nodes == budget
        if hurried.proven:
            assert hurried.packs == full.packs
    again = best_plan(run_offers_, 150, 2, nodes=full.nodes)
    assert again == full


def test_plan_key_by_hand() -> None:
    # b: 3 packs of 10 at 2.50 (7.50) + freight 1 = 8.50; A: 4 packs of 5 at 1.25 (5.00) + fees
    # 0.5 = 5.50; c unused. Total 14.00, 2 suppliers, 30 + 20 = 50 units, ids sorted by code
    # point ("A" < "b").
    offers = [
        _offer("b", 10, "2.50", freight="1"),
        _offer("A", 5, "1.25", fees="0.5"),
        _offer("c", 1, "9"),
    ]
    assert plan_key(offers, [3, 4, 0]) == (D("14.00"), 2, 50, ("A", "b"))
    assert plan_key(offers, [0, 0, 7]) == (D("63"), 1, 7, ("c",))


def _best_by_subsets(offers: Sequence[Offer], quantity: int, most: int) -> tuple[int, ...]:
    """The least plan by the documented order, trying every set of at most ``most`` offers and
    every count of each from its least to its pack ceiling (nothing past it can be best)."""
    table = [
        [
            (n, o.pack_size * n, _landed(o, n))
            for n in range(max(1, o.minimum_packs), _ceiling(o, quantity) + 1)
        ]
        for o in offers
    ]
    best: tuple[Any, tuple[int, ...]] | None = None
    for size in range(1, most + 1):
        for chosen in itertools.combinations(range(len(offers)), size):
            for picks in itertools.product(*(table[i] for i in chosen)):
                if sum(units for _, units, _ in picks) < quantity:
                    continue
                cost = sum((money for _, _, money in picks), Fraction(0))
                if best is not None and cost > best[0][0]:
                    continue
                packs = [0] * len(offers)
                for i, (n, _, _) in zip(chosen, picks, strict=True):
                    packs[i] = n
                found = (_order(offers, packs), tuple(packs))
                best = found if best is None or found[0] < best[0] else best
    assert best is not None
    return best[1]


def _o(sid: str, size: int, moq: int, price: str, freight: int, breaks: Any, cap: Any) -> Offer:  # noqa: PLR0917
    return Offer(
        sid,
        size,
        moq,
        D(price),
        D(freight),
        D(0),
        tuple((m, D(p)) for m, p in breaks),
        cap,
    )


DEEP_SEARCHES = [
    # Seven offers, need 61, at most 2 suppliers: a search of a few dozen nodes in which the
    # best plan lies below a node that is beaten when popped, and below one with no plan.
    (
        [
            _o("S0", 4, 4, "2.3", 5, ((15, "1.5"), (41, "1.0")), 10),
            _o("S1", 1, 1, "2", 0, ((21, "1.1"), (73, "1.1")), 3),
            _o("S2", 3, 5, "0.6", 0, ((22, "0.9"),), 14),
            _o("S3", 6, 2, "1.5", 5, (), None),
            _o("S4", 5, 3, "0.5", 0, ((25, "1.8"),), None),
            _o("S5", 5, 4, "2.4", 5, ((75, "0.6"),), 7),
            _o("S6", 3, 3, "0.8", 0, (), 18),
        ],
        61,
        2,
    ),
    # Six offers, need 35, at most 3 suppliers.
    (
        [
            _o("S0", 1, 4, "2.5", 5, (), None),
            _o("S1", 2, 0, "0.8", 0, ((14, "0.5"), (33, "0.5"), (36, "0.5")), 5),
            _o("S2", 1, 4, "2.6", 0, ((79, "2.5"),), None),
            _o("S3", 2, 4, "1.9", 0, ((17, "0.7"), (38, "0.4"), (67, "0")), 4),
            _o("S4", 1, 2, "0.5", 5, ((31, "2.0"), (63, "2.0")), 6),
            _o("S5", 1, 2, "1.5", 0, ((38, "1.7"),), 4),
        ],
        35,
        3,
    ),
]


@pytest.mark.parametrize(("offers", "quantity", "most"), DEEP_SEARCHES)
def test_deeper_searches_give_the_least_plan_of_every_set_of_suppliers(
    offers: list[Offer], quantity: int, most: int
) -> None:
    expected = _best_by_subsets(offers, quantity, most)
    plan = best_plan(offers, quantity, most)
    assert isinstance(plan, Plan) and plan.proven and plan.nodes > 5
    assert plan.packs == expected
    assert Fraction(plan.lower_bound) == _order(offers, expected)[0]


def test_a_slot_counts_all_that_an_offer_reaches_below_the_slope() -> None:
    # Need 25, one slot. X: packs of 10 at 10.00 (hull 0 -> 20 units, then 20 -> 25 twice as
    # steep); W: packs of 1 at 1.50, capacity 22. In slope order: X's first segment (20 units,
    # the slot), W (22 units, 2 more than X's 20: it takes the slot), X's second segment: X now
    # reaches 25 units below that slope, 3 more than W's 22, and 3 are still needed.
    offers = [_offer("X", 10, "10.00"), _offer("W", 1, "1.50", cap=22)]
    run = search_of(offers, 25, 1)
    x2 = _key_afresh(offers, 25, [2, 0])
    x3 = _key_afresh(offers, 25, [3, 0])
    w22 = _key_afresh(offers, 25, [0, 22])
    assert run.plain.slotted({}) == x2 + 2 * w22 // 22 + 3 * (x3 - x2) // 5


def test_slopes_beyond_any_float_are_ordered_exactly() -> None:
    # 100 identical quotes (packs of 1 at 1.00, capacity 1,000), need 2,500, at most 3: the
    # pack digit M = 1,001 and M^100 alone is about 10^300, so every slope of the fill is far
    # beyond a float. Every plan of 2,500 units costs 2,500.00; the fewest suppliers is 3; the
    # least delivered 2,500; the earliest ids C000, C001, C002; most packs on C000 first:
    # 1,000, then 1,000 and 500.
    clones = [_offer(f"C{i:03d}", 1, "1.00", cap=1000) for i in range(100)]
    plan = best_plan(clones, 2500, 3)
    assert isinstance(plan, Plan) and plan.proven
    assert plan.packs[:3] == (1000, 1000, 500) and not any(plan.packs[3:])
    assert plan.lower_bound == D("2500.00")
