"""An exhaustive search of small event awards (no tests here: the helpers of
``test_solver_award_exhaustive.py``), written independently of the engine (issue 26):
Fractions and plain enumeration, no solver, none of the engine's helpers.

Every line takes 0 packs or any count from ``max(1, minimumPacks)`` to a ceiling (capacity, or
the bound below); the lines are enumerated in (itemId, supplierId) order with a dynamic
programme whose state is everything the rest of the award can see: every vendor's goods
subtotal, the set of vendors used, the units and vendors on the current item. Two partial
awards with the same state finish the same ways with the same cost, vendors and ids, so only
the one with fewer delivered units (then the greater pack vector so far) can be the best.

The ceiling: with ``top = max(ceil(quantity / packSize), least packs, the highest break count)``
and ``T`` the vendor's largest tier spend or minimum order value, a count above ``top`` whose
removal keeps the goods at ``T`` or more is never best (one pack fewer is allowed and costs no
more); so counts above ``max(top, ceil(T / p))`` (``p`` the top level's price) never win. The
search goes :data:`MARGIN` packs beyond that, so a mistake in the engine's own ceiling shows.
"""

from __future__ import annotations

import math
import random
from decimal import Decimal
from fractions import Fraction

from quotecalc.solvers.award import Event, Line, Need, Vendor

MARGIN = 2
WORK_CAP = 80_000


def unit_price(line: Line, packs: int) -> Fraction:
    units = packs * line.pack_size
    price = Fraction(line.pack_price)
    for minimum, value in line.breaks:
        if units >= minimum:
            price = Fraction(value)
    return price


def ceiling(event: Event, line: Line) -> int:
    need = event.needs[line.need]
    vendor = event.vendors[line.vendor]
    counts = [math.ceil(Fraction(need.quantity, line.pack_size)), max(1, line.minimum_packs)]
    counts += [math.ceil(Fraction(minimum, line.pack_size)) for minimum, _ in line.breaks]
    top = max(counts)
    spends = [Fraction(spend) for spend, _ in vendor.tiers]
    if vendor.minimum_order_value is not None:
        spends.append(Fraction(vendor.minimum_order_value))
    last = Fraction(line.breaks[-1][1]) if line.breaks else Fraction(line.pack_price)
    if spends and last > 0:
        top = max(top, math.ceil(max(spends) / last))
    top += MARGIN
    return top if line.capacity is None else min(top, line.capacity)


def vendor_cost(vendor: Vendor, goods: Fraction) -> Fraction:
    percent = vendor_percent(vendor, goods)
    return goods * (1 - percent / 100) + Fraction(vendor.freight) + Fraction(vendor.other_fees)


Key = tuple[Fraction, int, int, tuple[str, ...], tuple[int, ...]]


def exhaustive(event: Event) -> tuple[Key, tuple[int, ...]] | str | None:  # noqa: PLR0915
    """The least award by (cost, vendors, delivered, sorted ids, greatest pack vector in
    (itemId, supplierId) order) as ``(key, packs)``; ``None`` when no award is allowed;
    ``"too big"`` when the transitions tried pass :data:`WORK_CAP`."""
    order = sorted(
        range(len(event.lines)),
        key=lambda i: (
            event.needs[event.lines[i].need].item_id,
            event.vendors[event.lines[i].vendor].supplier_id,
        ),
    )
    vendors = len(event.vendors)
    # Plain integers for speed: goods in units of 1/money, the cost above caps in 1/(money*rate).
    money = _common_denominator(
        [Fraction(line.pack_price) for line in event.lines]
        + [Fraction(price) for line in event.lines for _, price in line.breaks]
        + [_threshold(vendor) for vendor in event.vendors]
    )
    top_rates = [_top_rate(vendor) for vendor in event.vendors]
    rate = _common_denominator(top_rates)
    caps = [int(_threshold(vendor) * money) for vendor in event.vendors]
    rates = [int(r * rate) for r in top_rates]
    # state: (goods per vendor capped at its threshold, used mask, units on the current need,
    # vendors on it); value: (cost of the goods above the caps, delivered, -packs so far).
    State = tuple[tuple[int, ...], int, int, int]
    Value = tuple[int, int, tuple[int, ...]]
    start: State = (tuple(0 for _ in range(vendors)), 0, 0, 0)
    states: dict[State, Value] = {start: (0, 0, ())}
    work = 0
    by_need: dict[int, list[int]] = {}
    for index in order:
        by_need.setdefault(event.lines[index].need, []).append(index)
    needs_in_order = sorted(range(len(event.needs)), key=lambda n: event.needs[n].item_id)
    line_position = {index: position for position, index in enumerate(order)}
    for need_index in needs_in_order:
        need = event.needs[need_index]
        for index in by_need.get(need_index, []):
            line = event.lines[index]
            v = line.vendor
            options = [0, *range(max(1, line.minimum_packs), ceiling(event, line) + 1)]
            added = {packs: int(unit_price(line, packs) * packs * money) for packs in options}
            nxt: dict[State, Value] = {}
            for (goods, mask, units, split), (extra, delivered, vector) in states.items():
                for packs in options:
                    if packs == 0:
                        key: State = (goods, mask, units, split)
                        value: Value = (extra, delivered, (*vector, 0))
                    else:
                        new_split = split + 1
                        if need.max_suppliers is not None and new_split > need.max_suppliers:
                            continue
                        new_mask = mask | (1 << v)
                        if (
                            event.max_suppliers is not None
                            and new_mask.bit_count() > event.max_suppliers
                        ):
                            continue
                        total = goods[v] + added[packs]
                        new_extra = extra
                        if total > caps[v]:
                            # Above the last threshold the cost grows linearly at a fixed rate.
                            new_extra += (total - caps[v]) * rates[v]
                            total = caps[v]
                        new_goods = (*goods[:v], total, *goods[v + 1 :])
                        reached = min(need.quantity, units + packs * line.pack_size)
                        key = (new_goods, new_mask, reached, new_split)
                        value = (new_extra, delivered + packs * line.pack_size, (*vector, -packs))
                    old = nxt.get(key)
                    if old is None or value < old:
                        nxt[key] = value
                work += len(options)
                if work > WORK_CAP:
                    return "too big"
            states = nxt
        closed: dict[State, Value] = {}
        for (goods, mask, units, _), value in states.items():
            if units >= need.quantity:
                key = (goods, mask, 0, 0)
                old = closed.get(key)
                if old is None or value < old:
                    closed[key] = value
        states = closed
    best: tuple[Key, tuple[int, ...]] | None = None
    for (goods, mask, _, _), (extra, delivered, vector) in states.items():
        cost = Fraction(extra, money * rate)
        ok = True
        for v in range(vendors):
            if mask >> v & 1:
                least = event.vendors[v].minimum_order_value
                if least is not None and Fraction(goods[v], money) < Fraction(least):
                    ok = False
                    break
                cost += vendor_cost(event.vendors[v], Fraction(goods[v], money))
        if not ok:
            continue
        ids = tuple(sorted(event.vendors[v].supplier_id for v in range(vendors) if mask >> v & 1))
        full: Key = (cost, len(ids), delivered, ids, vector)
        if best is None or full < best[0]:
            packs = [0] * len(event.lines)
            for index, position in line_position.items():
                packs[index] = -vector[position]
            best = (full, tuple(packs))
    return best


def _common_denominator(values: list[Fraction]) -> int:
    return math.lcm(1, *(value.denominator for value in values))


def _threshold(vendor: Vendor) -> Fraction:
    """The goods above which the vendor's cost grows linearly: its largest tier spend or
    minimum order value (0 when it has neither)."""
    values = [Fraction(spend) for spend, _ in vendor.tiers]
    if vendor.minimum_order_value is not None:
        values.append(Fraction(vendor.minimum_order_value))
    return max(values, default=Fraction(0))


def _top_rate(vendor: Vendor) -> Fraction:
    """What one unit of goods costs at or above :func:`_threshold`: 1 less the percent of the
    tier reached there (the one with the largest spend at most the threshold)."""
    return 1 - vendor_percent(vendor, _threshold(vendor)) / 100


def vendor_percent(vendor: Vendor, goods: Fraction) -> Fraction:
    percent = Fraction(0)
    best = None
    for spend, value in vendor.tiers:
        if goods >= Fraction(spend) and (best is None or Fraction(spend) > best):
            best, percent = Fraction(spend), Fraction(value)
    return percent


def _money(rng: random.Random, top: int) -> Decimal:
    """A price in halves (one decimal), zero now and then."""
    if rng.random() < 0.08:
        return Decimal(0)
    return Decimal(rng.randint(1, top * 2)) / 2


def small_event(rng: random.Random) -> Event:
    """A small generated event (issue 26's ranges): 2-4 items, 2-4 suppliers, needs <= 40,
    pack sizes 1-12, MOQ 0-3, 0-2 breaks, some capacities, tiers, minimum order values,
    event and item maxSuppliers, zero prices and fees. Ids are shuffled letters so that the
    code-point order differs from the index order."""
    items = rng.randint(2, 4)
    suppliers = rng.randint(2, 4)
    item_ids = rng.sample(["bolt", "Nut", "washer", "pin", "ring", "stud"], items)
    supplier_ids = rng.sample(["A", "b", "C", "d", "E", "F"], suppliers)
    needs = tuple(
        Need(item_ids[i], rng.randint(1, 40), rng.choice([None, None, 1, 2])) for i in range(items)
    )
    vendors = []
    for s in range(suppliers):
        tiers: list[tuple[Decimal, Decimal]] = []
        spend = Decimal(0)
        for _ in range(rng.choice([0, 0, 1, 2])):
            spend += Decimal(rng.randint(1, 25)) * 8
            tiers.append((spend, rng.choice([Decimal(5), Decimal("12.5"), Decimal(20)])))
        least = Decimal(rng.randint(0, 30)) * 5 if rng.random() < 0.3 else None
        vendors.append(
            Vendor(supplier_ids[s], _money(rng, 20), _money(rng, 5), least, tuple(tiers))
        )
    lines = []
    for s in range(suppliers):
        for i in range(items):
            if rng.random() < 0.75:
                size = rng.randint(1, 12)
                price = _money(rng, 10) * size
                breaks = []
                minimum = 0
                for _ in range(rng.choice([0, 0, 1, 2])):
                    minimum += rng.randint(1, 30)
                    price = price * Decimal(rng.choice(["0.5", "0.75", "0.9", "1"]))
                    breaks.append((minimum, price))
                cap = rng.randint(2, 10) if rng.random() < 0.3 else None
                lines.append(
                    Line(s, i, size, rng.randint(0, 3), _money(rng, 10) * size, tuple(breaks), cap)
                )
    rng.shuffle(lines)
    return Event(needs, tuple(vendors), tuple(lines), rng.choice([None, None, 1, 2, 3]))
