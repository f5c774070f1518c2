"""A brute-force stand-in for ``quotecalc.solvers.award`` (issue 26), for tests only.

It follows ``EVENT_INTERFACE.md`` literally and enumerates every pack vector of a small event,
so it also serves as the independent oracle of the event tests (expected awards by the stated
order, computed without the engine). Tiny events only.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import attrs

DEFAULT_BUDGET = 10.0
HUNDRED = Decimal(100)


@attrs.frozen
class Vendor:
    supplier_id: str
    freight: Decimal
    other_fees: Decimal
    minimum_order_value: Decimal | None
    tiers: tuple[tuple[Decimal, Decimal], ...]


@attrs.frozen
class Need:
    item_id: str
    quantity: int
    max_suppliers: int | None


@attrs.frozen
class Line:
    vendor: int
    need: int
    pack_size: int
    minimum_packs: int
    pack_price: Decimal
    breaks: tuple[tuple[int, Decimal], ...]
    capacity: int | None


@attrs.frozen
class Event:
    needs: tuple[Need, ...]
    vendors: tuple[Vendor, ...]
    lines: tuple[Line, ...]
    max_suppliers: int | None


@attrs.frozen
class Award:
    packs: tuple[int, ...]
    proven: bool
    lower_bound: Decimal
    budget_stopped: bool
    # issue 38: the least total proven apart from the tie order (an exhaustive search proves both)
    cost_proven: bool = attrs.field(
        default=attrs.Factory(lambda self: self.proven, takes_self=True)
    )


@attrs.frozen
class Refusal:
    code: str
    needs: tuple[int, ...] = ()


@attrs.frozen
class LineCost:
    line: int
    packs: int
    delivered: int
    pack_price: Decimal
    goods: Decimal


@attrs.frozen
class VendorCost:
    vendor: int
    goods: Decimal
    discount: Decimal
    freight: Decimal
    other_fees: Decimal
    landed: Decimal


@attrs.frozen
class Costing:
    lines: tuple[LineCost, ...]
    vendors: tuple[VendorCost, ...]
    landed_total: Decimal
    delivered: int


def price_at(line: Line, packs: int) -> Decimal:
    price = line.pack_price
    for minimum, level in line.breaks:
        if packs * line.pack_size >= minimum:
            price = level
    return price


def costing(event: Event, packs: Sequence[int]) -> Costing:
    lines = []
    goods: dict[int, Decimal] = {}
    for index, (line, n) in enumerate(zip(event.lines, packs, strict=True)):
        if n:
            price = price_at(line, n)
            lines.append(LineCost(index, n, n * line.pack_size, price, n * price))
            goods[line.vendor] = goods.get(line.vendor, Decimal(0)) + n * price
    vendors = []
    for v, g in goods.items():
        vendor = event.vendors[v]
        percent = Decimal(0)
        for spend, p in vendor.tiers:
            if g >= spend:
                percent = p
        discount = g * percent / HUNDRED
        landed = g - discount + vendor.freight + vendor.other_fees
        vendors.append(VendorCost(v, g, discount, vendor.freight, vendor.other_fees, landed))
    lines.sort(
        key=lambda c: (
            event.needs[event.lines[c.line].need].item_id,
            event.vendors[event.lines[c.line].vendor].supplier_id,
        )
    )
    vendors.sort(key=lambda c: event.vendors[c.vendor].supplier_id)
    total = sum((c.landed for c in vendors), Decimal(0))
    return Costing(tuple(lines), tuple(vendors), total, sum(c.delivered for c in lines))


def feasible(event: Event, packs: Sequence[int]) -> bool:
    delivered = [0] * len(event.needs)
    on_need: list[set[int]] = [set() for _ in event.needs]
    for line, n in zip(event.lines, packs, strict=True):
        if n:
            if n < max(1, line.minimum_packs) or (line.capacity is not None and n > line.capacity):
                return False
            delivered[line.need] += n * line.pack_size
            on_need[line.need].add(line.vendor)
    for need, got, who in zip(event.needs, delivered, on_need, strict=True):
        if got < need.quantity or (
            need.max_suppliers is not None and len(who) > need.max_suppliers
        ):
            return False
    return _costed_rules(event, costing(event, packs))


def _costed_rules(event: Event, cost: Costing) -> bool:
    """The rules that need the costing: most suppliers awarded, minimum order values."""
    if event.max_suppliers is not None and len(cost.vendors) > event.max_suppliers:
        return False
    for c in cost.vendors:
        mov = event.vendors[c.vendor].minimum_order_value
        if mov is not None and c.goods < mov:
            return False
    return True


def award_key(event: Event, packs: Sequence[int], cost: Costing | None = None) -> tuple[Any, ...]:
    cost = costing(event, packs) if cost is None else cost
    ids = tuple(sorted(event.vendors[c.vendor].supplier_id for c in cost.vendors))
    # The engine's last rule: pack counts in (itemId, supplierId) order, the greatest first.
    order = sorted(
        range(len(event.lines)),
        key=lambda i: (
            event.needs[event.lines[i].need].item_id,
            event.vendors[event.lines[i].vendor].supplier_id,
        ),
    )
    last = tuple(-packs[i] for i in order)
    return (cost.landed_total, len(ids), cost.delivered, ids, last)


def _choices(line: Line, need: Need, vendor: Vendor, extra: int) -> list[int]:
    low = max(1, line.minimum_packs)
    top = max(-(-need.quantity // line.pack_size), low)
    for minimum, _ in line.breaks:
        top = max(top, -(-minimum // line.pack_size))
    # Enough packs to reach a minimum order value or the top spend tier on this line alone.
    spends = [t[0] for t in vendor.tiers] + [vendor.minimum_order_value or Decimal(0)]
    # The least price that adds goods: a free level (price 0) reaches no spend, so it must not
    # hide a priced level (a free first level below a priced break is the case that failed).
    price = min((p for p in (line.pack_price, *(b[1] for b in line.breaks)) if p > 0), default=0)
    if price > 0:
        top = max(top, *(int(-(-spend // price)) for spend in spends))
    top += extra
    if line.capacity is not None:
        top = min(top, line.capacity)
    return [0, *range(low, top + 1)]


def _search(event: Event, allowed: set[int] | None, extra: int = 1) -> tuple[int, ...] | None:
    options = [
        _choices(line, event.needs[line.need], event.vendors[line.vendor], extra)
        if allowed is None or line.vendor in allowed
        else [0]
        for line in event.lines
    ]
    # Per need, only the combinations of its lines that cover it; then across needs.
    per_need = []
    for n, need in enumerate(event.needs):
        mine = [i for i, line in enumerate(event.lines) if line.need == n]
        # At most the need's (and the event's) most suppliers on it: any other combination
        # breaks a rule whatever the other needs take.
        most = min(
            len(mine) if need.max_suppliers is None else need.max_suppliers,
            len(mine) if event.max_suppliers is None else event.max_suppliers,
        )
        combos = [
            combo
            for combo in itertools.product(*(options[i] for i in mine))
            if sum(1 for c in combo if c) <= most
            and sum(c * event.lines[i].pack_size for c, i in zip(combo, mine, strict=True))
            >= need.quantity
        ]
        per_need.append((mine, combos))
    best = None
    best_key = None
    for choice in itertools.product(*(combos for _, combos in per_need)):
        vector = [0] * len(event.lines)
        for (mine, _), combo in zip(per_need, choice, strict=True):
            for i, c in zip(mine, combo, strict=True):
                vector[i] = c
        packs = tuple(vector)
        if event.max_suppliers is not None:
            used = {event.lines[i].vendor for i, c in enumerate(packs) if c}
            if len(used) > event.max_suppliers:
                continue
        # Each vector is costed once: its packs, cover and splits hold by construction (the
        # choices and the per-need filter), the costed rules are checked here.
        cost = costing(event, packs)
        if _costed_rules(event, cost):
            key = award_key(event, packs, cost)
            if best_key is None or key < best_key:
                best, best_key = packs, key
    return best


def best_award(event: Event, budget: float = DEFAULT_BUDGET) -> Award | Refusal:
    found = _search(event, None)
    if found is None:
        return Refusal("event_infeasible")
    return Award(found, True, costing(event, found).landed_total, False)


def best_single_vendor(event: Event, budget: float = DEFAULT_BUDGET) -> Award | Refusal:
    best = None
    for v in range(len(event.vendors)):
        found = _search(event, {v})
        if found is not None and (best is None or award_key(event, found) < award_key(event, best)):
            best = found
    if best is None:
        return Refusal("event_infeasible")
    return Award(best, True, costing(event, best).landed_total, False)


def cheapest_per_item(event: Event) -> tuple[int, ...] | None:
    packs = [0] * len(event.lines)
    for n, need in enumerate(event.needs):
        options = []
        for index, line in enumerate(event.lines):
            if line.need != n:
                continue
            count = max(-(-need.quantity // line.pack_size), line.minimum_packs, 1)
            if line.capacity is not None and count > line.capacity:
                continue
            vendor = event.vendors[line.vendor]
            alone = count * price_at(line, count) + vendor.freight + vendor.other_fees
            options.append((alone, vendor.supplier_id, index, count))
        if not options:
            return None
        _, _, index, count = min(options)
        packs[index] = count
    return tuple(packs) if feasible(event, packs) else None
