"""A first allowed award, built without a solver (issue 26, ``docs/event-solver.md``, "The
first award").

The search starts from it (CP-SAT takes it as a hint) and, when its budget ends before it finds
an award of its own, returns it with ``proven: false`` and the exact bound: an event that has
an easy award always gets one. It is greedy and never claimed optimal:

1. **Vendors.** While the event's ``maxSuppliers`` allows one more, add the vendor that leaves
   the fewest needs uncovered, then the fewest units short over them, then gives the least
   estimate (fees of the chosen vendors plus the goods of step 2's plan for every need), then
   the least supplierId; stop when no vendor improves on the vendors already chosen.
2. **Needs.** Each need is bought whole on the chosen line whose cost alone is least (supplierId
   first among equals); when no chosen line covers it alone (capacities), the lines are filled
   in order of their top-level price per unit, each up to its capacity, within the need's
   ``maxSuppliers``, and when that falls short, largest room first.
3. **Minimum order values.** A vendor whose goods fall short of its minimum takes more packs on
   its first line (supplierId order of the needs) that can reach it within its capacity.

The award is returned only when :func:`~quotecalc.solvers.award.feasible` accepts it.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from ...core.exact import EXACT
from .costing import feasible, vendor_goods
from .model import (
    Event,
    alone_packs,
    check_event,
    pack_ceiling,
    price_at,
    top_price,
    units_short,
    usable,
)


def first_award(event: Event) -> tuple[int, ...] | None:
    """A greedy allowed award (see the module docstring), or ``None`` when it finds none."""
    lines = [index for index in range(len(event.lines)) if usable(event, index)]
    alone = {index: alone_packs(event, index) for index in lines}
    cost = {
        index: EXACT.multiply(price_at(event.lines[index], count), count)
        for index, count in alone.items()
        if count is not None
    }
    chosen = _vendors(event, lines, cost)
    packs = [0] * len(event.lines)
    # The chosen lines of each need, grouped once (a scan per need was quadratic).
    mine: list[list[int]] = [[] for _ in event.needs]
    for index in lines:
        if event.lines[index].vendor in chosen:
            mine[event.lines[index].need].append(index)
    for need_index in range(len(event.needs)):
        plan = _cover(event, need_index, mine[need_index], cost)
        if plan is None:
            return None
        for index, count in plan:
            packs[index] = count
    if not meet_minimums(event, packs):
        return None
    award = tuple(packs)
    return award if feasible(event, award) else None


def _vendors(event: Event, lines: list[int], cost: dict[int, Decimal]) -> set[int]:
    """Step 1 of the module docstring: the vendors chosen greedily. A need's estimate is
    :func:`_estimate` over the chosen vendors' lines: units short, or the goods of its plan."""
    offered = sorted(
        {event.lines[i].vendor for i in lines}, key=lambda v: event.vendors[v].supplier_id
    )
    limit = len(offered) if event.max_suppliers is None else event.max_suppliers
    own: dict[int, list[int]] = {vendor: [] for vendor in offered}
    for index in lines:
        own[event.lines[index].vendor].append(index)
    chosen: set[int] = set()
    chosen_lines: dict[int, list[int]] = {}
    # The cheapest chosen line covering each need alone, as _cover picks it: (cost, id).
    whole: dict[int, tuple[Decimal, str]] = {}
    state = {need: (event.needs[need].quantity, Decimal(0)) for need in range(len(event.needs))}
    score: tuple[int, int, Decimal] | None = None
    zero = Decimal(0)
    while len(chosen) < limit:
        # The estimate of the chosen vendors, then each candidate's as a change of the needs
        # its lines touch (a copy and a sum of every need per candidate was quadratic; the
        # sums are exact, so the estimates are the same).
        uncovered = sum(1 for short, _ in state.values() if short)
        short_sum = sum(short for short, _ in state.values())
        goods_sum = sum((value for _, value in state.values()), zero)
        fees = sum(
            (EXACT.add(event.vendors[v].freight, event.vendors[v].other_fees) for v in chosen),
            zero,
        )
        pick: tuple[tuple[int, int, Decimal], int, dict[int, tuple[int, Decimal]]] | None = None
        for vendor in offered:
            if vendor in chosen:
                continue
            changed: dict[int, tuple[int, Decimal]] = {}
            for index in own[vendor]:
                need = event.lines[index].need
                if index in cost:
                    # _cover takes the cheapest line covering the need alone, id first.
                    mine = (cost[index], event.vendors[vendor].supplier_id)
                    kept = whole.get(need)
                    changed[need] = (0, (mine if kept is None else min(kept, mine))[0])
                elif need not in whole:
                    changed[need] = _estimate(
                        event, need, [*chosen_lines.get(need, []), index], cost
                    )
                # else: a chosen line covers the need alone; this line changes nothing.
            count, short, goods = uncovered, short_sum, goods_sum
            for need, (now_short, now_goods) in changed.items():
                was_short, was_goods = state[need]
                count += bool(now_short) - bool(was_short)
                short += now_short - was_short
                goods = EXACT.add(EXACT.subtract(goods, was_goods), now_goods)
            own_fees = EXACT.add(event.vendors[vendor].freight, event.vendors[vendor].other_fees)
            estimate = (count, short, EXACT.add(EXACT.add(fees, own_fees), goods))
            if pick is None or estimate < pick[0]:
                pick = (estimate, vendor, changed)
        if pick is None or (score is not None and pick[0] >= score):
            break
        score = pick[0]
        state.update(pick[2])
        chosen.add(pick[1])
        for index in own[pick[1]]:
            need = event.lines[index].need
            chosen_lines.setdefault(need, []).append(index)
            if index in cost:
                mine = (cost[index], event.vendors[pick[1]].supplier_id)
                kept = whole.get(need)
                whole[need] = mine if kept is None else min(kept, mine)
    return chosen


def _estimate(
    event: Event, need_index: int, mine: list[int], cost: dict[int, Decimal]
) -> tuple[int, Decimal]:
    """``(0, goods)`` of the plan :func:`_cover` makes for a need over ``mine``, else ``(units
    short, 0)`` (:func:`~quotecalc.solvers.award.units_short`)."""
    plan = _cover(event, need_index, mine, cost)
    if plan is not None:
        goods = (EXACT.multiply(price_at(event.lines[i], count), count) for i, count in plan)
        return 0, sum(goods, Decimal(0))
    # At least 1: the plan may fail where the largest lines would not (it fills by price).
    return max(units_short(event, need_index, mine), 1), Decimal(0)


def _cover(
    event: Event, need_index: int, mine: list[int], cost: dict[int, Decimal]
) -> list[tuple[int, int]] | None:
    """Step 2 of the module docstring for one need, over the chosen vendors' lines."""
    whole = [i for i in mine if i in cost]
    if whole:
        index = min(
            whole, key=lambda i: (cost[i], event.vendors[event.lines[i].vendor].supplier_id)
        )
        count = alone_packs(event, index)
        assert count is not None
        return [(index, count)]
    need = event.needs[need_index]
    limit = len(mine) if need.max_suppliers is None else need.max_suppliers

    def by_price(index: int) -> tuple[Fraction, str]:
        line = event.lines[index]
        return Fraction(top_price(line)) / line.pack_size, event.vendors[line.vendor].supplier_id

    def by_room(index: int) -> tuple[int, str]:
        line = event.lines[index]
        room = -pack_ceiling(event, index) * line.pack_size
        return room, event.vendors[line.vendor].supplier_id

    for order in (sorted(mine, key=by_price), sorted(mine, key=by_room)):
        plan: list[tuple[int, int]] = []
        left = need.quantity
        for index in order[:limit]:
            line = event.lines[index]
            count = min(
                max(-(-left // line.pack_size), line.least_packs), pack_ceiling(event, index)
            )
            plan.append((index, count))
            left -= count * line.pack_size
            if left <= 0:
                return plan
    return None


def meet_minimums(event: Event, packs: list[int]) -> bool:
    """Step 3 of the module docstring; ``False`` when a vendor cannot reach its minimum."""
    for vendor, goods in sorted(vendor_goods(event, packs).items()):
        least = event.vendors[vendor].minimum_order_value
        if least is None or goods >= least:
            continue
        mine = sorted(
            (i for i, count in enumerate(packs) if count and event.lines[i].vendor == vendor),
            key=lambda i: event.needs[event.lines[i].need].item_id,
        )
        for index in mine:
            line = event.lines[index]
            rest = EXACT.subtract(goods, EXACT.multiply(price_at(line, packs[index]), packs[index]))
            count = packs[index]
            ceiling = pack_ceiling(event, index)
            while (
                count < ceiling
                and EXACT.add(rest, EXACT.multiply(price_at(line, count), count)) < least
            ):
                count += 1
            if EXACT.add(rest, EXACT.multiply(price_at(line, count), count)) >= least:
                packs[index] = count
                break
        else:
            return False
    return True


def cheapest_per_item(event: Event) -> tuple[int, ...] | None:
    """ "Each item from its cheapest supplier": every need bought whole on the line whose cost
    alone (:func:`alone_packs` at the break reached, plus its vendor's freight and other fees)
    is least, the supplierId first in code-point order among equals; costed as one award (shared
    fees once, discounts applied). ``None`` when a need has no line covering it alone or the
    choice breaks a rule of the award (minimum order value, most suppliers)."""
    check_event(event)
    packs = [0] * len(event.lines)
    # The lines of each need, grouped once (a scan of every line per need was quadratic).
    mine: list[list[int]] = [[] for _ in event.needs]
    for index, line in enumerate(event.lines):
        mine[line.need].append(index)
    for need_index in range(len(event.needs)):
        best: tuple[Decimal, str, int, int] | None = None
        for index in mine[need_index]:
            line = event.lines[index]
            count = alone_packs(event, index)
            if count is None:
                continue
            vendor = event.vendors[line.vendor]
            cost = EXACT.add(EXACT.multiply(price_at(line, count), count), vendor.freight)
            candidate = (EXACT.add(cost, vendor.other_fees), vendor.supplier_id, index, count)
            if best is None or candidate[:2] < best[:2]:
                best = candidate
        if best is None:
            return None
        packs[best[2]] = best[3]
    return tuple(packs) if feasible(event, packs) else None
