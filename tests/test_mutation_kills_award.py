"""Hand-worked cases for the award engine's pure functions and the greedy first award (issue 26,
mutation testing; docs/testing.md, "Mutation testing of the award engine's pure functions").

Each case pins a boundary the other award tests leave open: a break reached exactly, a tier at
its minimum spend, a count at its least packs or capacity, a tie between suppliers. Every
expected value is worked out by hand in the comment beside it (or by a brute force in exact
Fractions below), never read from the code.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction

import attrs
import pytest

from quotecalc.core.exact import decimal_places
from quotecalc.solvers.award import (
    INFEASIBLE,
    SEARCH_LEVELS,
    Award,
    Costing,
    Event,
    Line,
    LineCost,
    Need,
    Refusal,
    Vendor,
    VendorCost,
    alone_packs,
    award_key,
    best_award,
    best_single_vendor,
    break_counts,
    cheapest_per_item,
    check_event,
    costing,
    cover_rate,
    discount_of,
    event_budget,
    feasible,
    line_order,
    money_places,
    pack_ceiling,
    plain_bound,
    plain_top,
    price_at,
    search_size,
    tier_percent,
    top_price,
    top_spend,
    uncoverable,
    usable,
    vendor_goods,
    vendor_landed,
)
from quotecalc.solvers.award.start import first_award

D = Decimal


def vendor(sid: str, freight: str = "0", fees: str = "0", **kwargs: object) -> Vendor:
    return Vendor(sid, D(freight), D(fees), **kwargs)  # type: ignore[arg-type]


# --- prices, breaks, tiers -------------------------------------------------------------------

# Packs of 2 at 5.00; from 4 units 4.00, from 10 units 3.00.
BROKEN = Line(0, 0, 2, 0, D(5), ((4, D(4)), (10, D(3))))


@pytest.mark.parametrize(
    ("packs", "price"),
    [(1, "5"), (2, "4"), (4, "4"), (5, "3"), (6, "3"), (100, "3")],
)
def test_price_at_reaches_a_break_at_exactly_its_units(packs: int, price: str) -> None:
    # 1 pack = 2 units < 4; 2 packs = 4 units: the 4.00 break; 5 packs = 10: the 3.00 one.
    assert price_at(BROKEN, packs) == D(price)


def test_price_at_without_breaks_and_with_a_break_above_reach() -> None:
    assert price_at(Line(0, 0, 3, 0, D("7.5")), 9) == D("7.5")
    assert price_at(Line(0, 0, 1, 0, D(2), ((5, D(1)),)), 4) == D(2)


def test_break_counts_round_up_to_whole_packs() -> None:
    # Packs of 4: 4 units -> 1 pack, 5 -> 2, 12 -> 3, 13 -> 4.
    line = Line(0, 0, 4, 0, D(1), ((4, D(1)), (5, D(1)), (12, D(1)), (13, D(1))))
    assert break_counts(line) == (1, 2, 3, 4)
    assert break_counts(BROKEN) == (2, 5)
    assert break_counts(Line(0, 0, 4, 0, D(1))) == ()


TIERED = vendor("A", "10", "2.5", tiers=((D(100), D(5)), (D(200), D(3))))


@pytest.mark.parametrize(
    ("goods", "percent"),
    [("99.99", "0"), ("100", "5"), ("199.99", "5"), ("200", "3"), ("1000", "3")],
)
def test_the_reached_tier_with_the_largest_spend(goods: str, percent: str) -> None:
    assert tier_percent(TIERED, D(goods)) == D(percent)


def test_discount_and_landed_are_exact() -> None:
    # 123.45 * 5 / 100 = 6.1725; landed 123.45 - 6.1725 + 10 + 2.5 = 129.7775.
    assert discount_of(TIERED, D("123.45")) == D("6.1725")
    assert vendor_landed(TIERED, D("123.45")) == D("129.7775")
    # Below every tier: no discount, the fees only: 50 + 10 + 2.5.
    assert discount_of(TIERED, D(50)) == 0
    assert vendor_landed(TIERED, D(50)) == D("62.5")
    # 300 at 3 %: 9 off; 300 - 9 + 12.5 = 303.5.
    assert vendor_landed(TIERED, D(300)) == D("303.5")


# --- orders, goods, costing, the key ---------------------------------------------------------

# Needs "b" (index 0) and "a" (1); vendors "Y" (0) and "X" (1).
CROSS = Event(
    (Need("b", 4), Need("a", 3)),
    (vendor("Y", "1", "0.5"), vendor("X", "2", tiers=((D(20), D(10)),))),
    (
        Line(0, 0, 1, 0, D(3)),  # 0: Y, b
        Line(1, 0, 2, 0, D(5), ((4, D(4)),)),  # 1: X, b (packs of 2; 4.00 from 4 units)
        Line(0, 1, 1, 0, D(2)),  # 2: Y, a
        Line(1, 1, 3, 0, D(6)),  # 3: X, a (packs of 3)
    ),
)


def test_line_order_is_item_then_supplier() -> None:
    # (a, X) = 3, (a, Y) = 2, (b, X) = 1, (b, Y) = 0.
    assert line_order(CROSS) == (3, 2, 1, 0)


def test_vendor_goods_sums_each_vendors_lines_at_their_reached_prices() -> None:
    # Y: b 4 x 3.00 = 12, a 3 x 2.00 = 6 -> 18; X: nothing awarded.
    assert vendor_goods(CROSS, (4, 0, 3, 0)) == {0: D(18)}
    # X: b 2 packs (4 units, the 4.00 break) = 8, a 1 pack = 6 -> 14; Y: b 1 x 3 = 3.
    assert vendor_goods(CROSS, (1, 2, 0, 1)) == {0: D(3), 1: D(14)}


def test_vendor_goods_refuses_pack_counts_of_another_length() -> None:
    with pytest.raises(ValueError):
        vendor_goods(CROSS, (1, 2, 0, 1, 1))


def test_costing_by_hand() -> None:
    # X: b 2 packs at 4.00 (8), a 1 pack of 3 at 6.00 (6): 14, no tier (< 20), + 2 = 16.
    # Y: b 1 pack at 3.00: 3 + 1 + 0.5 = 4.5. Total 20.5; delivered 4 + 3 + 1 = 8.
    assert costing(CROSS, (1, 2, 0, 1)) == Costing(
        (
            LineCost(3, 1, 3, D(6), D(6)),
            LineCost(1, 2, 4, D(4), D(8)),
            LineCost(0, 1, 1, D(3), D(3)),
        ),
        (
            VendorCost(1, D(14), D(0), D(2), D(0), D(16)),
            VendorCost(0, D(3), D(0), D(1), D("0.5"), D("4.5")),
        ),
        D("20.5"),
        8,
    )
    # X alone: b 5 packs (10 units) at 4.00 = 20, a 1 pack = 6: 26, 10 % off = 2.6, + 2.
    assert costing(CROSS, (0, 5, 0, 1)) == Costing(
        (LineCost(3, 1, 3, D(6), D(6)), LineCost(1, 5, 10, D(4), D(20))),
        (VendorCost(1, D(26), D("2.6"), D(2), D(0), D("25.4")),),
        D("25.4"),
        13,
    )


def test_award_key_by_hand() -> None:
    # Landed 20.5 (above), 2 vendors, 8 units, ids sorted, packs in (a X, a Y, b X, b Y) negated.
    assert award_key(CROSS, (1, 2, 0, 1)) == (D("20.5"), 2, 8, ("X", "Y"), (-1, 0, -2, -1))
    # Y alone: 4 x 3 + 3 x 2 = 18 + 1.5 = 19.5.
    assert award_key(CROSS, (4, 0, 3, 0)) == (D("19.5"), 1, 7, ("Y",), (0, -3, 0, -4))


# --- feasibility at every boundary -----------------------------------------------------------

RULED = Event(
    (Need("b", 6, 1), Need("a", 2)),
    (vendor("A", minimum_order_value=D(10)), vendor("B")),
    (
        Line(0, 0, 2, 2, D(2), capacity=4),  # 0: A, b: 2..4 packs of 2
        Line(1, 0, 1, 0, D(1)),  # 1: B, b
        Line(0, 1, 1, 0, D(1)),  # 2: A, a
        Line(1, 1, 1, 0, D(1)),  # 3: B, a
    ),
    max_suppliers=2,
)


@pytest.mark.parametrize(
    ("packs", "allowed"),
    [
        ((3, 0, 2, 0), False),  # A: b 3 packs (6.00) + a 2 (2.00) = 8 < 10
        ((3, 0, 4, 0), True),  # A: 6 + 4 = 10: the minimum exactly
        ((4, 0, 0, 2), False),  # A: b 4 packs (the capacity) = 8 < 10
        ((1, 0, 0, 2), False),  # below the least packs (2)
        ((2, 0, 0, 2), False),  # the least packs, 4 units < 6
        ((5, 0, 6, 0), False),  # above the capacity (4)
        ((0, 6, 0, 2), True),  # B alone: 6 units exactly, no minimum
        ((0, 5, 0, 2), False),  # 5 units < 6
        ((3, 1, 4, 0), False),  # b split across 2 vendors, its limit is 1
        ((0, 6, 1, 1), False),  # a split is fine, but A's goods 1 < 10
        ((0, 6, 10, 0), True),  # A's goods 10 reach its minimum exactly
        ((3, 0, 4), False),  # the wrong length
    ],
)
def test_feasible_at_each_boundary(packs: tuple[int, ...], allowed: bool) -> None:
    assert feasible(RULED, packs) is allowed


def test_feasible_counts_the_events_suppliers_exactly() -> None:
    three = Event(
        (Need("a", 3),),
        (vendor("A"), vendor("B"), vendor("C")),
        tuple(Line(v, 0, 1, 0, D(1)) for v in range(3)),
        max_suppliers=2,
    )
    assert feasible(three, (2, 1, 0))
    assert not feasible(three, (1, 1, 1))
    assert feasible(attrs.evolve(three, max_suppliers=3), (1, 1, 1))
    assert feasible(attrs.evolve(three, max_suppliers=None), (1, 1, 1))
    # The least packs exactly, and the capacity exactly, are allowed.
    edge = attrs.evolve(three, lines=(Line(0, 0, 1, 2, D(1), capacity=3),))
    assert feasible(edge, (3,)) and not feasible(edge, (4,))
    assert not feasible(attrs.evolve(edge, needs=(Need("a", 2),)), (1,))
    assert feasible(attrs.evolve(edge, needs=(Need("a", 2),)), (2,))


# --- places, spends, ceilings ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "places"),
    [
        ((), 0),
        (("1.50",), 1),
        (("2", "0.125", "1.50"), 3),
        (("1E+2",), 0),
        (("100", "0.1"), 1),
    ],
)
def test_decimal_places(values: tuple[str, ...], places: int) -> None:
    assert decimal_places([D(value) for value in values]) == places


def test_money_places_reads_every_money_field_and_the_percents() -> None:
    base = Event((Need("a", 1),), (vendor("A"),), (Line(0, 0, 1, 0, D(1)),))
    assert money_places(base) == (0, 0)
    cases = [
        (attrs.evolve(base, vendors=(vendor("A", "1.5"),)), (1, 0)),
        # Every vendor counts, not only the last one.
        (attrs.evolve(base, vendors=(vendor("A", "1.125"), vendor("B", "0", "0.5"))), (3, 0)),
        (attrs.evolve(base, vendors=(vendor("A", "0", "0.25"),)), (2, 0)),
        (attrs.evolve(base, vendors=(vendor("A", minimum_order_value=D("0.125")),)), (3, 0)),
        (attrs.evolve(base, vendors=(vendor("A", tiers=((D("0.0625"), D(5)),)),)), (4, 0)),
        (attrs.evolve(base, vendors=(vendor("A", tiers=((D(5), D("2.75")),)),)), (0, 2)),
        (attrs.evolve(base, lines=(Line(0, 0, 1, 0, D("1.5")),)), (1, 0)),
        (attrs.evolve(base, lines=(Line(0, 0, 1, 0, D(1), ((2, D("0.01")),)),)), (2, 0)),
    ]
    for event, places in cases:
        assert money_places(event) == places


def test_top_spend_is_the_largest_tier_or_minimum() -> None:
    tiers = ((D(100), D(5)), (D(300), D(3)))
    assert top_spend(vendor("A", tiers=tiers, minimum_order_value=D(200))) == D(300)
    assert top_spend(vendor("A", tiers=tiers, minimum_order_value=D(400))) == D(400)
    assert top_spend(vendor("A", minimum_order_value=D(7))) == D(7)
    assert top_spend(vendor("A")) == D(0)


def one(line: Line, quantity: int, **kwargs: object) -> Event:
    return Event((Need("a", quantity),), (Vendor("A", D(0), D(0), **kwargs),), (line,))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("line", "quantity", "kwargs", "top", "ceiling"),
    [
        # ceil(10 / 3) = 4 packs cover the need.
        (Line(0, 0, 3, 0, D(2)), 10, {}, 4, 4),
        # 6 least packs.
        (Line(0, 0, 3, 6, D(2)), 10, {}, 6, 6),
        # A break at 20 units: ceil(20 / 3) = 7 packs.
        (Line(0, 0, 3, 0, D(2), ((20, D(1)),)), 10, {}, 7, 7),
        # A minimum of 13.00 at 2.00 a pack (the top price): ceil(6.5) = 7.
        (Line(0, 0, 3, 0, D(2)), 10, {"minimum_order_value": D(13)}, 4, 7),
        # A tier at 12.00 at 2.00 a pack: the first bound is exactly 6, but 1 % of at most
        # 12.00 pays for F = 12 * 1 / 99 < 2.00, not one pack: the second bound is the top, 4
        # (6 packs cost 11.88, 4 packs 8.00).
        (Line(0, 0, 3, 0, D(2)), 10, {"tiers": ((D(12), D(1)),)}, 4, 4),
        # The same tier at 50 %: F = 12 * 50 / 50 = 12 pays for up to 5 packs more (second
        # bound max(4 + 6 - 1, ceil(12 / 2)) = 9), so the first bound, 6, is the lesser
        # (6 packs cost 6.00, 4 packs 8.00).
        (Line(0, 0, 3, 0, D(2)), 10, {"tiers": ((D(12), D(50)),)}, 4, 6),
        # A tier at 100.00 at 5 %, 1.00 a pack: F = 100 * 5 / 95 = 5.26..., second bound
        # max(4 + 6 - 1, ceil(5.26...)) = 9 where the first is 100.
        (Line(0, 0, 3, 0, D(1)), 10, {"tiers": ((D(100), D(5)),)}, 4, 9),
        # With a minimum order value of 50.00 besides: ceil((50 + 5.26...) / 1) = 56.
        (
            Line(0, 0, 3, 0, D(1)),
            10,
            {"tiers": ((D(100), D(5)),), "minimum_order_value": D(50)},
            4,
            56,
        ),
        # The top price is the break's 1.50: ceil(13 / 1.5) = 9.
        (
            Line(0, 0, 3, 0, D(2), ((6, D("1.5")),)),
            10,
            {"minimum_order_value": D(13)},
            4,
            9,
        ),
        # A free top level: the spend cannot bound it.
        (Line(0, 0, 3, 0, D(0)), 10, {"minimum_order_value": D(13)}, 4, 4),
        # Capacity 5 caps the 7 of the minimum; capacity 9 does not.
        (Line(0, 0, 3, 0, D(2), capacity=5), 10, {"minimum_order_value": D(13)}, 4, 5),
        (Line(0, 0, 3, 0, D(2), capacity=9), 10, {"minimum_order_value": D(13)}, 4, 7),
        (Line(0, 0, 3, 0, D(2), capacity=3), 10, {}, 4, 3),
        # A minimum of 1.00 at 0.01 a pack: 100 packs (a spend of 1 bounds like any other).
        (Line(0, 0, 1, 0, D("0.01")), 1, {"minimum_order_value": D(1)}, 1, 100),
    ],
)
def test_plain_top_and_pack_ceiling(
    line: Line, quantity: int, kwargs: dict[str, object], top: int, ceiling: int
) -> None:
    event = one(line, quantity, **kwargs)
    assert plain_top(event, 0) == top
    assert pack_ceiling(event, 0) == ceiling


def test_top_price_and_usable() -> None:
    assert top_price(BROKEN) == D(3)
    assert top_price(Line(0, 0, 1, 0, D(7))) == D(7)
    # Least packs 4 against capacity 4 (usable) and 3 (not).
    assert usable(one(Line(0, 0, 1, 4, D(1), capacity=4), 1), 0)
    assert not usable(one(Line(0, 0, 1, 4, D(1), capacity=3), 1), 0)


def test_uncoverable_names_exactly_the_short_needs() -> None:
    # Need a 10: lines of 4, 3 and 3 units at their capacities; all three reach 10 exactly.
    lines = (
        Line(0, 0, 1, 0, D(1), capacity=4),
        Line(1, 0, 1, 0, D(1), capacity=3),
        Line(2, 0, 1, 0, D(1), capacity=3),
        Line(0, 1, 1, 0, D(1), capacity=2),  # need b 3: short by 1
        Line(1, 2, 1, 5, D(1), capacity=4),  # need c 1: this line is unusable
    )
    event = Event(
        (Need("a", 10), Need("b", 3), Need("c", 1)),
        (vendor("A"), vendor("B"), vendor("C")),
        lines,
    )
    assert uncoverable(event) == (1, 2)
    # At most 2 suppliers for a: 4 + 3 = 7 < 10 (the largest two).
    assert uncoverable(attrs.evolve(event, needs=(Need("a", 10, 2), *event.needs[1:]))) == (
        0,
        1,
        2,
    )
    assert uncoverable(attrs.evolve(event, needs=(Need("a", 7, 2), *event.needs[1:]))) == (1, 2)
    # The event's limit counts too: 2 suppliers, need a 8 > 7; a 7 is fine.
    limited = attrs.evolve(event, max_suppliers=2)
    assert uncoverable(attrs.evolve(limited, needs=(Need("a", 8), *event.needs[1:]))) == (0, 1, 2)
    assert uncoverable(attrs.evolve(limited, needs=(Need("a", 7), *event.needs[1:]))) == (1, 2)
    # The event's limit above the need's own: the need's limit rules.
    wide = attrs.evolve(event, max_suppliers=3, needs=(Need("a", 8, 2), *event.needs[1:]))
    assert uncoverable(wide) == (0, 1, 2)


# --- the bound -------------------------------------------------------------------------------


def brute_rate(line: Line, quantity: int, ceiling: int) -> Fraction:
    """The least ``n * price(n) / min(n * size, quantity)`` over every allowed count."""
    return min(
        Fraction(price_at(line, n)) * n / min(n * line.pack_size, quantity)
        for n in range(line.least_packs, ceiling + 1)
    )


@pytest.mark.parametrize(
    ("line", "quantity"),
    [
        (Line(0, 0, 3, 0, D(5), ((6, D(4)), (30, D(1)))), 10),
        (Line(0, 0, 3, 2, D(5), ((6, D(4)),)), 10),
        (Line(0, 0, 4, 0, D(8), ((3, D(7)), (8, D(5)), (40, D(2))), capacity=12), 17),
        (Line(0, 0, 1, 5, D(3), capacity=5), 2),
        (Line(0, 0, 2, 0, D(3), ((9, D(1)),), capacity=3), 5),
        (Line(0, 0, 10, 0, D(50), ((95, D(40)),)), 95),
    ],
)
def test_cover_rate_is_the_brute_force_least(line: Line, quantity: int) -> None:
    event = one(line, quantity)
    assert cover_rate(event, 0) == brute_rate(line, quantity, pack_ceiling(event, 0))


def test_cover_rate_by_hand() -> None:
    # Packs of 3 at 5.00, 4.00 from 6 units, 1.00 from 30 units, need 10: 10 packs (30 units)
    # at 1.00 = 10.00 for 10 units: 1.00 a unit; 2 packs at 4.00 = 8.00 / 6 = 4/3.
    assert cover_rate(one(Line(0, 0, 3, 0, D(5), ((6, D(4)), (30, D(1)))), 10), 0) == 1
    # Capacity 9 keeps the 30-unit break out: 2 packs 8 / 6 = 4/3.
    line = Line(0, 0, 3, 0, D(5), ((6, D(4)), (30, D(1))), capacity=9)
    assert cover_rate(one(line, 10), 0) == Fraction(4, 3)
    # Packs of 10 at 50.00, 40.00 from 95 units, need 95: 1..9 packs 5.00 a unit, 10 packs
    # 400.00 for 95 units = 80/19 (no count covers 95 units at 4.00 a unit).
    assert cover_rate(one(Line(0, 0, 10, 0, D(50), ((95, D(40)),)), 95), 0) == Fraction(80, 19)
    # Least 5 packs of 1 at 3.00 for a need of 2: 15.00 / 2.
    assert cover_rate(one(Line(0, 0, 1, 5, D(3)), 2), 0) == Fraction(15, 2)


def test_plain_bound_by_hand() -> None:
    # Two needs: a 10 at the best rate 1.00 (A) or 2.00 (B); b 3 at 3.50 (B only), B's 20 %
    # tier: 10 x 1 + 3 x 3.5 x 0.8 = 10 + 8.4 = 18.4.
    event = Event(
        (Need("a", 10), Need("b", 3)),
        (vendor("A"), vendor("B", tiers=((D(1), D(5)), (D(2), D(20))))),
        (Line(0, 0, 1, 0, D(1)), Line(1, 0, 1, 0, D(2)), Line(1, 1, 1, 0, D("3.5"))),
    )
    assert plain_bound(event) == D("18.4")
    # One need of 1 unit, at least 3 packs at 0.10: 0.30 for it; less 12.5 %: 0.2625, a
    # multiple of the unit 10^-1 / (100 * 10^1) = 0.0001.
    thirds = Event(
        (Need("a", 1),),
        (vendor("A", tiers=((D(0), D("12.5")),)),),
        (Line(0, 0, 1, 3, D("0.1")),),
    )
    assert plain_bound(thirds) == D("0.2625")
    # Need 7, packs of 3 at 1.00: 1/3 a unit below the covering count (3 packs: 3.00 for 7
    # units, 3/7 a unit, dearer); 7/3 = 2.333... down to the unit 10^0 / (100 * 10^0): 2.33.
    assert plain_bound(one(Line(0, 0, 3, 0, D(1)), 7)) == D("2.33")
    # Need 2, packs of 3 at 1.00: 1 pack is 1.00 for the 2 units needed: 1/2 a unit -> 1.
    assert plain_bound(one(Line(0, 0, 3, 0, D(1)), 2)) == D(1)
    # A need with no usable line adds nothing.
    assert plain_bound(one(Line(0, 0, 1, 2, D(1), capacity=1), 1)) == 0


def test_plain_bound_rounds_down_to_the_totals_unit() -> None:
    # Need 3, packs of 2 at 1.00, least 1: 1 pack covers 2 units at 1/2, 2 packs 2.00 for 3:
    # 2/3 a unit -> rate 1/2; 3 x 1/2 = 1.50. With 1 % off: 1.485, unit 10^0 * 100 * 1: 0.01
    # -> 1.48 (floor, not 1.49).
    event = one(Line(0, 0, 2, 0, D(1)), 3, tiers=((D(0), D(1)),))
    assert plain_bound(event) == D("1.48")


# --- refusals, budgets, alone packs, cheapest per item ---------------------------------------


NAMES = r"^a line names a vendor or need the event does not have$"
SIZES = r"^a pack size below 1 or negative minimum packs$"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (Line(2, 0, 1, 0, D(1)), NAMES),
        (Line(-1, 0, 1, 0, D(1)), NAMES),
        (Line(0, 1, 1, 0, D(1)), NAMES),
        (Line(0, -1, 1, 0, D(1)), NAMES),
        (Line(0, 0, 0, 0, D(1)), SIZES),
        (Line(0, 0, 1, -1, D(1)), SIZES),
    ],
)
def test_check_event_rejects_a_callers_defect(line: Line, message: str) -> None:
    event = Event((Need("a", 1),), (vendor("A"), vendor("B")), (line,))
    with pytest.raises(ValueError, match=message):
        check_event(event)


def test_check_event_accepts_the_edges() -> None:
    check_event(
        Event(
            (Need("a", 1), Need("b", 1)),
            (vendor("A"), vendor("B")),
            (Line(1, 1, 1, 0, D(1)), Line(0, 0, 1, 0, D(1)), Line(1, 0, 1, 0, D(1))),
        )
    )
    duplicate = Event((Need("a", 1),), (vendor("A"),), (Line(0, 0, 1, 0, D(1)),) * 2)
    with pytest.raises(ValueError, match=r"^two lines of one vendor for one need$"):
        check_event(duplicate)


def test_event_budget_of_an_event_without_usable_lines() -> None:
    assert event_budget(Event((Need("a", 1),), (vendor("A"),), ())) == 3.0
    many = Event(
        tuple(Need(f"n{i:04d}", 1) for i in range(1001)),
        (vendor("A"),),
        tuple(Line(0, i, 1, 0, D(1)) for i in range(1001)),
    )
    assert event_budget(many) == 3.0 * (1000 / 1001) ** 2


def test_the_search_size_counts_the_reachable_levels_and_bounds_the_budget() -> None:
    # BROKEN: levels from 1, 2 and 5 packs. Need 10 units: top 5, no tier, ceiling 5: all 3.
    event = one(BROKEN, 10)
    assert search_size(event) == 3
    # Capacity 1: only the first level is reachable; least packs 3: the last two.
    assert search_size(one(attrs.evolve(BROKEN, capacity=1), 2)) == 1
    assert search_size(one(attrs.evolve(BROKEN, minimum_packs=3), 10)) == 2
    # A line that cannot be awarded (least 4 packs, capacity 3) counts nothing.
    assert search_size(one(Line(0, 0, 1, 4, D(1), capacity=3), 1)) == 0
    lines = 8000
    at = Event(
        tuple(Need(f"n{i:04d}", 1) for i in range(lines + 1)),
        (vendor("A"),),
        tuple(Line(0, i, 1, 0, D(1)) for i in range(lines + 1)),
    )
    assert event_budget(attrs.evolve(at, lines=at.lines[:lines])) == 3.0 * (1000 / lines) ** 2
    assert search_size(at) == SEARCH_LEVELS + 1
    assert event_budget(at) == 0.0


def test_a_model_above_the_search_size_is_not_built() -> None:
    pytest.importorskip("ortools")
    lines = SEARCH_LEVELS + 1
    # Every need on one line of vendor A: 1.00 a pack, freight 5.00; the first award takes
    # every line once, the plain bound is the goods alone (8001.00), the total 8006.00.
    event = Event(
        tuple(Need(f"n{i:04d}", 1) for i in range(lines)),
        (vendor("A", freight="5"),),
        tuple(Line(0, i, 1, 0, D(1)) for i in range(lines)),
    )
    found = best_award(event)
    assert found == Award((1,) * lines, False, D(lines), True)


def brute_alone(line: Line, quantity: int, ceiling: int) -> int | None:
    """The least ``(n * price(n), n)`` over every count covering ``quantity`` alone."""
    counts = [n for n in range(line.least_packs, ceiling + 1) if n * line.pack_size >= quantity]
    if not counts:
        return None
    return min(counts, key=lambda n: (Fraction(price_at(line, n)) * n, n))


@pytest.mark.parametrize(
    ("line", "quantity", "packs"),
    [
        (Line(0, 0, 2, 0, D(5), ((4, D(4)), (10, D(3)))), 3, 2),  # 2 x 4 = 8 < 5 x 3 = 15
        (Line(0, 0, 2, 0, D(5), ((4, D(4)), (10, D(1)))), 3, 5),  # 5 x 1 = 5 < 2 x 4 = 8
        # 8 x 3 = 24 and 12 x 2 = 24: the fewer packs among equals.
        (Line(0, 0, 1, 0, D(3), ((12, D(2)),)), 8, 8),
        (Line(0, 0, 1, 0, D(3), ((12, D(2)),), capacity=11), 8, 8),
        (Line(0, 0, 1, 0, D(3), ((12, D(1)),), capacity=12), 8, 12),
        (Line(0, 0, 1, 0, D(3), ((12, D(1)),), capacity=11), 8, 8),
        (Line(0, 0, 1, 9, D(3)), 8, 9),
        (Line(0, 0, 1, 0, D(3), capacity=7), 8, None),
        (Line(0, 0, 1, 0, D(3), capacity=8), 8, 8),
        # A break below the covering count does not add a count.
        (Line(0, 0, 1, 0, D(3), ((2, D(1)),)), 8, 8),
    ],
)
def test_alone_packs_by_hand_and_by_brute_force(
    line: Line, quantity: int, packs: int | None
) -> None:
    assert alone_packs(one(line, quantity), 0) == packs
    assert brute_alone(line, quantity, line.capacity or 200) == packs


def test_cheapest_per_item_counts_fees_and_ties_go_to_the_first_id() -> None:
    # a 5: B 5 x 1.00 + 1.00 freight = 6.00; A 5 x 1.00 + 0.50 fees + 0.50 freight = 6.00:
    # a tie, A first. b 2: B 2 x 1 + 1 = 3 against A 2 x 2 + 1 = 5: B.
    event = Event(
        (Need("a", 5), Need("b", 2)),
        (vendor("B", "1"), vendor("A", "0.5", "0.5")),
        (
            Line(0, 0, 1, 0, D(1)),
            Line(1, 0, 1, 0, D(1)),
            Line(1, 1, 1, 0, D(2)),
            Line(0, 1, 1, 0, D(1)),
        ),
    )
    assert cheapest_per_item(event) == (0, 5, 0, 2)
    # A's fees 0.51: B wins a too.
    dearer = attrs.evolve(event, vendors=(vendor("B", "1"), vendor("A", "0.5", "0.51")))
    assert cheapest_per_item(dearer) == (5, 0, 0, 2)
    # At the reached break: A's b line reaches 0.10 a pack from 10 units (1.00 + 1.00 fees <
    # 3.00 of B); its 10 packs are bought, not 2.
    broken = attrs.evolve(
        event, lines=(*event.lines[:2], Line(1, 1, 1, 0, D(2), ((10, D("0.1")),)), event.lines[3])
    )
    assert cheapest_per_item(broken) == (0, 5, 10, 0)
    # B's b line (now before A's) cannot cover 2 alone (capacity 1); A's, after it, can.
    capped = attrs.evolve(
        event, lines=(*event.lines[:2], Line(0, 1, 1, 0, D(1), capacity=1), event.lines[2])
    )
    assert cheapest_per_item(capped) == (0, 5, 0, 2)
    # A need no line covers alone: None.
    short = attrs.evolve(
        event,
        needs=(Need("a", 5), Need("b", 20)),
        lines=(
            *event.lines[:2],
            Line(1, 1, 1, 0, D(2), capacity=19),
            Line(0, 1, 1, 0, D(1), capacity=3),
        ),
    )
    assert cheapest_per_item(short) is None


def test_single_vendor_refusal_counts_every_need() -> None:
    # A covers a and b but not c (no line): refused without a search (budget 0).
    event = Event(
        (Need("a", 1), Need("b", 1), Need("c", 1)),
        (vendor("A"), vendor("B")),
        (Line(0, 0, 1, 0, D(1)), Line(0, 1, 1, 0, D(1)), Line(1, 2, 1, 0, D(1))),
    )
    assert best_single_vendor(event, budget=0.0) == Refusal(INFEASIBLE)
    # An unusable line does not cover: B's c line needs 3 packs, capacity 2.
    both = Event(
        (Need("a", 1),),
        (vendor("A"), vendor("B")),
        (Line(0, 0, 1, 3, D(1), capacity=2), Line(1, 0, 1, 2, D(1), capacity=1)),
    )
    assert best_single_vendor(both, budget=0.0) == Refusal(INFEASIBLE)
    # Packs of 2, capacity 2: 4 units reach the need of 4 (no refusal).
    pairs = Event((Need("a", 4),), (vendor("A"),), (Line(0, 0, 2, 0, D(1), capacity=2),))
    assert best_single_vendor(pairs, budget=0.0) != Refusal(INFEASIBLE)
    # A line at its ceiling exactly reaching its need covers it.
    exact = Event((Need("a", 3),), (vendor("A"),), (Line(0, 0, 1, 0, D(1), capacity=3),))
    assert best_single_vendor(exact, budget=0.0) != Refusal(INFEASIBLE)


# --- the first award -------------------------------------------------------------------------


def test_first_award_splits_by_price_then_by_room() -> None:
    # Need 10, no line covers it alone. By price per unit: A (packs of 2 at 1.00: 0.50) cap 2
    # = 4 units, B (1 at 0.60) cap 3 = 3 units, C (1 at 0.70) cap 6: A 2, B 3, C 3.
    event = Event(
        (Need("a", 10),),
        (vendor("A"), vendor("B"), vendor("C")),
        (
            Line(0, 0, 2, 0, D(1), capacity=2),
            Line(1, 0, 1, 0, D("0.6"), capacity=3),
            Line(2, 0, 1, 0, D("0.7"), capacity=9),
        ),
    )
    assert first_award(event) == (2, 3, 3)
    # Need a split across at most 2 vendors, and needs b (only B) and c (only A) make every
    # vendor chosen: A (c covered), then C (a covered by A 4 + C 6; b still short), then B (b
    # covered; a by price A 4 + B 3 = 7 < 10 fails, by room C 9 + A 1 pack covers).
    limited = Event(
        (Need("a", 10, 2), Need("b", 1), Need("c", 1)),
        event.vendors,
        (*event.lines, Line(1, 1, 1, 0, D(1)), Line(0, 2, 1, 0, D(1))),
    )
    assert first_award(limited) == (1, 0, 9, 1, 1)


def test_first_award_tops_up_a_minimum_on_the_first_item() -> None:
    # A is the only vendor: b (item "b") 1 pack at 1.00, a (item "a") 1 pack at 2.00; goods 3.00
    # < minimum 5.00. The first line by itemId ("a") takes more: 2 x 2 + 1 = 5.
    event = Event(
        (Need("b", 1), Need("a", 1)),
        (vendor("A", minimum_order_value=D(5)),),
        (Line(0, 0, 1, 0, D(1)), Line(0, 1, 1, 0, D(2))),
    )
    assert first_award(event) == (1, 2)
    # a capped at 1 pack: b takes 3 packs (3 + 2 = 5, the minimum exactly).
    capped = attrs.evolve(event, lines=(event.lines[0], Line(0, 1, 1, 0, D(2), capacity=1)))
    assert first_award(capped) == (3, 1)
    # Both capped: 1 + 2 = 3 < 5, no first award.
    both = attrs.evolve(
        event, lines=(Line(0, 0, 1, 0, D(1), capacity=2), Line(0, 1, 1, 0, D(2), capacity=1))
    )
    assert first_award(both) is None
    # Exactly at its minimum already: nothing added.
    met = attrs.evolve(event, vendors=(vendor("A", minimum_order_value=D(3)),))
    assert first_award(met) == (1, 1)


def test_first_award_estimates_count_units_short() -> None:
    # One vendor allowed, need 10. A covers 6 (cap), B covers 9 (cap), neither alone: B leaves
    # 1 unit short against A's 4, so B is chosen; then the need cannot be covered: None.
    event = Event(
        (Need("a", 10),),
        (vendor("A"), vendor("B")),
        (Line(0, 0, 1, 0, D(1), capacity=6), Line(1, 0, 1, 0, D(5), capacity=9)),
        max_suppliers=1,
    )
    assert first_award(event) is None
    # Two allowed: B (1 short), then A; by price A 6 at 1.00, then B 4.
    assert first_award(attrs.evolve(event, max_suppliers=2)) == (6, 4)
    # Two needs, A sells a only (b short by 1), B b only (a short by 9): no vendor alone covers
    # both, so one allowed gives no first award; with two, A (1 unit short) then B.
    two = Event(
        (Need("a", 9), Need("b", 1)),
        (vendor("A"), vendor("B")),
        (Line(0, 0, 1, 0, D(9)), Line(1, 1, 1, 0, D(1))),
        max_suppliers=1,
    )
    assert first_award(two) is None
    assert first_award(attrs.evolve(two, max_suppliers=2)) == (9, 1)


def brute_best(event: Event, bound: int) -> tuple[int, ...] | None:
    """Every award with at most ``bound`` packs a line, the least by the award's key."""
    best = None
    for packs in itertools.product(range(bound + 1), repeat=len(event.lines)):
        if feasible(event, packs):
            key = award_key(event, packs)
            if best is None or key < best[0]:
                best = (key, packs)
    return None if best is None else best[1]


def test_first_award_is_the_best_on_a_plain_two_supplier_event() -> None:
    # Plain prices, no fees: each need whole on its cheapest line is the best award, which the
    # greedy start must find: a 3 from A (1.00 < 2.00), b 2 from B (1.00 < 3.00).
    event = Event(
        (Need("a", 3), Need("b", 2)),
        (vendor("A"), vendor("B")),
        (
            Line(0, 0, 1, 0, D(1)),
            Line(1, 0, 1, 0, D(2)),
            Line(0, 1, 1, 0, D(3)),
            Line(1, 1, 1, 0, D(1)),
        ),
    )
    assert first_award(event) == (3, 0, 0, 2) == brute_best(event, 3)


def test_single_vendor_is_one_vendor_and_keeps_its_budget() -> None:
    # A: a 1.00, b 3.00; B: a 3.00, b 1.00; 2 units each. Split: 4.00. One vendor: A 2 + 6 = 8
    # or B 6 + 2 = 8, tied: one vendor each, 4 units each, ids ("A",) < ("B",): A.
    event = Event(
        (Need("a", 2), Need("b", 2)),
        (vendor("A"), vendor("B")),
        (
            Line(0, 0, 1, 0, D(1)),
            Line(0, 1, 1, 0, D(3)),
            Line(1, 0, 1, 0, D(3)),
            Line(1, 1, 1, 0, D(1)),
        ),
    )
    found = best_single_vendor(event)
    assert found == Award((2, 2, 0, 0), True, D(8))
    # The budget given is the search's: none at all stops it before any proof.
    stopped = best_single_vendor(event, budget=0.0)
    assert isinstance(stopped, Award) and not stopped.proven and stopped.budget_stopped


def test_cheapest_per_item_looks_only_at_each_needs_own_lines() -> None:
    # Three needs, each sold by A alone at 1.00: every need whole on its own line.
    event = Event(
        (Need("a", 1), Need("b", 2), Need("c", 3)),
        (vendor("A"),),
        tuple(Line(0, need, 1, 0, D(1)) for need in range(3)),
    )
    assert cheapest_per_item(event) == (1, 2, 3)


def test_first_award_tops_up_every_short_vendor_and_only_its_own_lines() -> None:
    # B (index 0, no minimum) sells item a; A (index 1, minimum 5.00) sells item b, both 1.00
    # a pack, 1 unit needed each. B is met (no minimum), A's goods 1.00 are topped up on its
    # own line to 5 packs, never on B's line (whose item comes first, and whose break at 10
    # units, at the same 1.00, lets it take up to 10 packs).
    event = Event(
        (Need("a", 1), Need("b", 1)),
        (vendor("B"), vendor("A", minimum_order_value=D(5))),
        (Line(0, 0, 1, 0, D(1), ((10, D(1)),)), Line(1, 1, 1, 0, D(1))),
    )
    assert first_award(event) == (1, 5)


def test_first_award_splits_in_price_order_not_line_order() -> None:
    # Need 10; A 3.00, B 2.00, C 1.00 a unit, 4 units each (capacities): every vendor is needed
    # and the cheapest are filled first: C 4, B 4, A 2.
    event = Event(
        (Need("a", 10),),
        (vendor("A"), vendor("B"), vendor("C")),
        tuple(Line(v, 0, 1, 0, D(3 - v), capacity=4) for v in range(3)),
    )
    assert first_award(event) == (2, 4, 4)


def test_the_estimate_of_a_need_short_or_covered() -> None:
    from quotecalc.solvers.award.start import _estimate

    # Need 10 split across at most 2 vendors: A packs of 2, capacity 2 (4 units), B 3 units,
    # C 5 units. No two lines cover it; the largest two leave 10 - (5 + 4) = 1 unit short.
    lines = (
        Line(0, 0, 2, 0, D(1), capacity=2),
        Line(1, 0, 1, 0, D(1), capacity=3),
        Line(2, 0, 1, 0, D(1), capacity=5),
    )
    event = Event((Need("a", 10, 2),), (vendor("A"), vendor("B"), vendor("C")), lines)
    assert _estimate(event, 0, [0, 1, 2], {}) == (1, D(0))
    # Need 20: 20 - 9 = 11 short (all three would leave 8).
    wide = attrs.evolve(event, needs=(Need("a", 20, 2),))
    assert _estimate(wide, 0, [0, 1, 2], {}) == (11, D(0))
    # Without a limit: 20 - 12 = 8.
    free = attrs.evolve(event, needs=(Need("a", 20),))
    assert _estimate(free, 0, [0, 1, 2], {}) == (8, D(0))
    # Covered: need 3 on C alone, 3 packs at 1.00 (its cost alone 3.00): (0, 3.00).
    small = attrs.evolve(event, needs=(Need("a", 3),))
    assert _estimate(small, 0, [2], {2: D(3)}) == (0, D(3))


def test_first_award_adds_no_vendor_that_only_ties() -> None:
    # Need 2: A 2 packs at 2.00 (4.00), B 1 pack of 2 at 3.00 + 1.00 freight (4.00): a tie,
    # A first by id. Adding B makes the estimate 3.00 + 1.00 = 4.00 again: not better, so A
    # alone buys the need.
    event = Event(
        (Need("a", 2),),
        (vendor("A"), vendor("B", "1")),
        (Line(0, 0, 1, 0, D(2)), Line(1, 0, 2, 0, D(3))),
    )
    assert first_award(event) == (2, 0)


def test_first_award_estimates_a_need_no_chosen_vendor_offers_at_zero() -> None:
    # Needs a 5, b 10; at most 2 vendors. X: a at 2.10 (10.50), b capacity 5 (5 short);
    # Y: b at 1.00 (10.00); Z: a at 1.00 (5.00). First round: X (1 need short, 5 units,
    # 10.50), Y (1, 5, 10.00: a is offered by no chosen vendor and counts 0), Z (1, 10, 5.00):
    # Y. Second: Y + X covers both for 20.50, Y + Z for 15.00: Z. a from Z, b from Y.
    event = Event(
        (Need("a", 5), Need("b", 10)),
        (vendor("X"), vendor("Y"), vendor("Z")),
        (
            Line(0, 0, 1, 0, D("2.1")),
            Line(0, 1, 1, 0, D(1), capacity=5),
            Line(1, 1, 1, 0, D(1)),
            Line(2, 0, 1, 0, D(1)),
        ),
        max_suppliers=2,
    )
    assert first_award(event) == (0, 0, 10, 5)
