"""White-box tests of the cost stage (CONTRACT §7, §13).

- goodsSubtotal = packsPurchased * packPrice
- landedTotal = goodsSubtotal + freight + otherFees
- costPerDeliveredUnit = landedTotal / deliveredQuantity (exact; 6 dp only at display)
- unitQuotePrice = packPrice / packSize (exact; 6 dp only at display)

A value is None when an input it depends on is missing; a non-comparable quote gets none.
Money values are compared by value (Fraction) and ratios both exactly and as displayed.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import pytest

from quotecalc.core.context import Comparability, Context, Cost, PackCounts, Request
from quotecalc.core.exact import Ratio, format_ratio
from quotecalc.stages.cost import CostStage, price_quote


def frac(value: Ratio | Decimal | None) -> Fraction | None:
    if value is None:
        return None
    if isinstance(value, Ratio):
        return Fraction(value.numerator, value.denominator)
    return Fraction(value)


def quote(**fields: Any) -> MappingProxyType[str, Any]:
    return MappingProxyType(fields)


FULL = quote(
    supplierId="A",
    packSize=12,
    packPrice=Decimal("35.00"),
    freight=Decimal("20.5"),
    otherFees=Decimal(0),
)
# q = 100, packSize 12, MOQ 0: 9 packs, 108 units (see test_stage_packs)
PACKS_9 = PackCounts(9, 9, 108, 8)


def test_full_quote() -> None:
    cost = price_quote(FULL, PACKS_9)
    # 9 * 35.00 = 315.00
    assert frac(cost.goods_subtotal) == Fraction(315)
    # 315.00 + 20.5 + 0 = 335.50
    assert frac(cost.landed_total) == Fraction(33550, 100)
    # 335.50 / 108 = 671/216 = 3.10648148... -> "3.106481"
    assert frac(cost.cost_per_delivered_unit) == Fraction(671, 216)
    assert cost.cost_per_delivered_unit is not None
    assert format_ratio(cost.cost_per_delivered_unit) == "3.106481"
    # 35.00 / 12 = 35/12 = 2.9166666... -> "2.916667"
    assert frac(cost.unit_quote_price) == Fraction(35, 12)
    assert cost.unit_quote_price is not None
    assert format_ratio(cost.unit_quote_price) == "2.916667"


def test_money_values_are_exact_decimals() -> None:
    cost = price_quote(FULL, PACKS_9)
    assert isinstance(cost.goods_subtotal, Decimal)
    assert isinstance(cost.landed_total, Decimal)


MISSING: list[tuple[str, dict[str, Any], PackCounts, tuple[bool, bool, bool, bool]]] = [
    # (why, fields removed/overridden, packs) -> which of (subtotal, landed, cpu, unit) known
    ("freight missing", {"freight": None}, PACKS_9, (True, False, False, True)),
    ("otherFees missing", {"otherFees": None}, PACKS_9, (True, False, False, True)),
    (
        "both fees missing",
        {"freight": None, "otherFees": None},
        PACKS_9,
        (True, False, False, True),
    ),
    ("packPrice missing", {"packPrice": None}, PACKS_9, (False, False, False, False)),
    # minimumPacks omitted: packsRequired only, so no subtotal; the unit price is still known
    ("packsPurchased unknown", {}, PackCounts(packs_required=9), (False, False, False, True)),
    # packSize omitted: no pack counts, no unit price
    ("packSize missing", {"packSize": None}, PackCounts(), (False, False, False, False)),
    # root quantity omitted: no pack counts, but packPrice / packSize is still known
    ("quantity missing", {}, PackCounts(), (False, False, False, True)),
]


@pytest.mark.parametrize(("why", "change", "packs", "known"), MISSING)
def test_missing_inputs_make_dependants_none(
    why: str, change: dict[str, Any], packs: PackCounts, known: tuple[bool, bool, bool, bool]
) -> None:
    fields = {key: value for key, value in FULL.items() if change.get(key, value) is not None}
    cost = price_quote(MappingProxyType(fields), packs)
    got = (
        cost.goods_subtotal is not None,
        cost.landed_total is not None,
        cost.cost_per_delivered_unit is not None,
        cost.unit_quote_price is not None,
    )
    assert got == known, why


def test_missing_freight_keeps_the_subtotal_value() -> None:
    fields = {key: value for key, value in FULL.items() if key != "freight"}
    cost = price_quote(MappingProxyType(fields), PACKS_9)
    assert frac(cost.goods_subtotal) == Fraction(315)  # 9 * 35.00
    assert frac(cost.unit_quote_price) == Fraction(35, 12)


def test_zero_prices_are_values() -> None:
    free = quote(packSize=5, packPrice=Decimal(0), freight=Decimal(0), otherFees=Decimal(0))
    cost = price_quote(free, PackCounts(2, 2, 10, 0))
    assert frac(cost.goods_subtotal) == 0
    assert frac(cost.landed_total) == 0
    assert cost.cost_per_delivered_unit is not None
    assert format_ratio(cost.cost_per_delivered_unit) == "0.000000"
    assert frac(cost.unit_quote_price) == 0


def test_ratios_round_half_up_only_at_display() -> None:
    # packPrice 0.000005 for a pack of 10, 1 pack, no fees:
    # landed 0.000005; per unit 0.000005 / 10 = 0.0000005 -> half-up "0.000001"
    tiny = quote(
        packSize=10, packPrice=Decimal("0.000005"), freight=Decimal(0), otherFees=Decimal(0)
    )
    cost = price_quote(tiny, PackCounts(1, 1, 10, 9))
    assert frac(cost.cost_per_delivered_unit) == Fraction(5, 10**7)
    assert frac(cost.unit_quote_price) == Fraction(5, 10**7)
    assert cost.cost_per_delivered_unit is not None
    assert cost.unit_quote_price is not None
    assert format_ratio(cost.cost_per_delivered_unit) == "0.000001"
    assert format_ratio(cost.unit_quote_price) == "0.000001"


def test_extremes_stay_exact() -> None:
    # 10^9 packs of 1 unit at 999999999999999.999999 (= 10^15 - 10^-6), fees 10^15 each.
    big = quote(
        packSize=1,
        packPrice=Decimal("999999999999999.999999"),
        freight=Decimal("1000000000000000"),
        otherFees=Decimal("1000000000000000"),
    )
    cost = price_quote(big, PackCounts(10**9, 10**9, 10**9, 0))
    # subtotal = 10^9 * (10^15 - 10^-6) = 10^24 - 10^3
    assert frac(cost.goods_subtotal) == Fraction(10**24 - 10**3)
    # landed = 10^24 - 10^3 + 2 * 10^15 = 1000000001999999999999000
    assert frac(cost.landed_total) == Fraction(10**24 - 10**3 + 2 * 10**15)
    # per unit = landed / 10^9 = 1000000001999999.999999 exactly
    assert frac(cost.cost_per_delivered_unit) == Fraction(10**24 - 10**3 + 2 * 10**15, 10**9)
    assert cost.cost_per_delivered_unit is not None
    assert format_ratio(cost.cost_per_delivered_unit) == "1000000001999999.999999"
    assert cost.unit_quote_price is not None
    assert format_ratio(cost.unit_quote_price) == "999999999999999.999999"


def test_extremes_beyond_28_digits() -> None:
    # 999999999 packs * (10^15 - 10^-6) = 10^24 - 10^15 - 10^3 + 10^-6: 30 significant digits
    big = quote(
        packSize=1,
        packPrice=Decimal("999999999999999.999999"),
        freight=Decimal("0.000001"),
        otherFees=Decimal(0),
    )
    cost = price_quote(big, PackCounts(10**9 - 1, 10**9 - 1, 10**9 - 1, 0))
    subtotal = Fraction(10**24 - 10**15 - 10**3) + Fraction(1, 10**6)
    assert frac(cost.goods_subtotal) == subtotal
    assert frac(cost.landed_total) == subtotal + Fraction(1, 10**6)


def context(
    quotes: list[dict[str, Any]], packs: list[PackCounts], comparable: list[bool]
) -> Context:
    req = Request(
        fields=MappingProxyType({"quantity": 100}),
        quotes=tuple(MappingProxyType(q) for q in quotes),
    )
    gates = tuple(
        Comparability(flag, () if flag else ("currency_mismatch",)) for flag in comparable
    )
    return Context(raw=b"", request=req, comparability=gates, packs=tuple(packs))


def test_stage_prices_comparable_quotes_only() -> None:
    fields = dict(FULL)
    before = context(
        [fields, {**fields, "supplierId": "B"}],
        [PACKS_9, PACKS_9],  # even if packs were somehow given, B is not comparable
        [True, False],
    )
    ctx = CostStage()(before)
    first, second = ctx.costs
    assert frac(first.landed_total) == Fraction(33550, 100)
    assert second == Cost()
    assert before.costs == ()
    assert ctx.packs is before.packs


def test_stage_name() -> None:
    assert CostStage().name == "cost"
