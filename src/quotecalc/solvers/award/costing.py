"""The exact costing of an award, its feasibility and the order of awards (issue 26,
``docs/event-solver.md``).

For each vendor awarded anything its goods subtotal is the sum of ``packs * price(packs)`` over
its lines (all-units breaks by the units of that line); the reached spend tier with the largest
``minimumSpend`` takes its percent off that whole subtotal, exactly; freight and other fees are
paid once. The award is allowed (:func:`feasible`) when every awarded line takes
``max(1, minimumPacks) <= packs <= capacity``, every need is covered by at most its
``max_suppliers`` vendors, at most the event's ``max_suppliers`` vendors are awarded, and every
awarded vendor's goods subtotal before discount reaches its minimum order value.

The best award is the least by :func:`award_key`. Every figure shown is recomputed here
(:func:`costing`) from the pack counts, never read from a solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

import attrs

from ...core.exact import EXACT
from ...core.records import Record
from .model import Event, Vendor, line_order, price_at

_HUNDRED: Final = Decimal(100)


@attrs.frozen(eq=False, repr=False)
class LineCost(Record):
    """One awarded line: its index, packs, delivered units, the pack price reached and
    ``packs * pack_price``."""

    line: int
    packs: int
    delivered: int
    pack_price: Decimal
    goods: Decimal


@attrs.frozen(eq=False, repr=False)
class VendorCost(Record):
    """One awarded vendor: goods subtotal, spend discount, fees and its landed total."""

    vendor: int
    goods: Decimal
    discount: Decimal
    freight: Decimal
    other_fees: Decimal
    landed: Decimal


@attrs.frozen(eq=False, repr=False)
class Costing(Record):
    """An award recomputed exactly: lines ordered by (itemId, supplierId), vendors by
    supplierId, the landed total and the total delivered units."""

    lines: tuple[LineCost, ...]
    vendors: tuple[VendorCost, ...]
    landed_total: Decimal
    delivered: int


def tier_percent(vendor: Vendor, goods: Decimal) -> Decimal:
    """The percent of the reached tier with the largest minimum spend (0 when none)."""
    percent = Decimal(0)
    for minimum, tier in vendor.tiers:
        if goods >= minimum:
            percent = tier
    return percent


def discount_of(vendor: Vendor, goods: Decimal) -> Decimal:
    """``goods * percent / 100`` for the reached tier, exact (a Decimal quotient by 100 always
    terminates, so nothing is rounded)."""
    return EXACT.divide(EXACT.multiply(goods, tier_percent(vendor, goods)), _HUNDRED)


def vendor_landed(vendor: Vendor, goods: Decimal) -> Decimal:
    """``goods - discount + freight + otherFees`` of an awarded vendor."""
    net = EXACT.subtract(goods, discount_of(vendor, goods))
    return EXACT.add(EXACT.add(net, vendor.freight), vendor.other_fees)


def vendor_goods(event: Event, packs: Sequence[int]) -> dict[int, Decimal]:
    """The goods subtotal of every vendor awarded anything (the vendor index as key)."""
    goods: dict[int, Decimal] = {}
    for line, count in zip(event.lines, packs, strict=True):
        if count:
            cost = EXACT.multiply(price_at(line, count), count)
            goods[line.vendor] = EXACT.add(goods.get(line.vendor, Decimal(0)), cost)
    return goods


def costing(event: Event, packs: Sequence[int]) -> Costing:
    """Every figure of an award, recomputed exactly from its pack counts."""
    lines = []
    for index in line_order(event):
        count = packs[index]
        if count:
            line = event.lines[index]
            price = price_at(line, count)
            goods = EXACT.multiply(price, count)
            lines.append(LineCost(index, count, count * line.pack_size, price, goods))
    vendors = []
    total = Decimal(0)
    goods_of = vendor_goods(event, packs)
    for index in sorted(goods_of, key=lambda v: event.vendors[v].supplier_id):
        vendor, goods = event.vendors[index], goods_of[index]
        landed = vendor_landed(vendor, goods)
        discount = discount_of(vendor, goods)
        vendors.append(
            VendorCost(index, goods, discount, vendor.freight, vendor.other_fees, landed)
        )
        total = EXACT.add(total, landed)
    delivered = sum(cost.delivered for cost in lines)
    return Costing(tuple(lines), tuple(vendors), total, delivered)


def feasible(event: Event, packs: Sequence[int]) -> bool:
    """Whether an award keeps every rule (see the module docstring)."""
    if len(packs) != len(event.lines):
        return False
    covered = [0] * len(event.needs)
    split: list[set[int]] = [set() for _ in event.needs]
    for line, count in zip(event.lines, packs, strict=True):
        if count == 0:
            continue
        if count < line.least_packs or (line.capacity is not None and count > line.capacity):
            return False
        covered[line.need] += count * line.pack_size
        split[line.need].add(line.vendor)
    for need, units, vendors in zip(event.needs, covered, split, strict=True):
        if units < need.quantity:
            return False
        if need.max_suppliers is not None and len(vendors) > need.max_suppliers:
            return False
    goods = vendor_goods(event, packs)
    if event.max_suppliers is not None and len(goods) > event.max_suppliers:
        return False
    for index, subtotal in goods.items():
        least = event.vendors[index].minimum_order_value
        if least is not None and subtotal < least:
            return False
    return True


AwardKey = tuple[Decimal, int, int, tuple[str, ...], tuple[int, ...]]


def award_key(event: Event, packs: Sequence[int]) -> AwardKey:
    """The total order of awards, least first: the landed total; the number of vendors
    awarded; the total delivered units; the awarded vendors' ids sorted in code-point order
    (tuple compare); last, the pack counts of every line in (itemId, supplierId) code-point
    order (0 where not awarded), the GREATEST first (stored negated): among awards still tied,
    each item goes as far as possible to the supplier whose id comes first. Two different
    awards never have equal keys, and the key reads only ids, so the best award does not
    depend on the order of the suppliers or offers."""
    cost = costing(event, packs)
    ids = tuple(sorted(event.vendors[vendor.vendor].supplier_id for vendor in cost.vendors))
    last = tuple(-packs[index] for index in line_order(event))
    return (cost.landed_total, len(ids), cost.delivered, ids, last)
