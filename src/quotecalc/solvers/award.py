"""The award engine of a sourcing event (issue 26, ``docs/event-solver.md``): pure functions
over ints and Decimals, no pipeline context, no JSON.

An :class:`Event` has needs (items), vendors (suppliers) and lines (one usable offer of a
vendor for a need). An award gives every line a pack count (0: not awarded). For each vendor
awarded anything its goods subtotal is the sum of ``packs * price(packs)`` over its lines
(all-units breaks by the units of that line); the reached spend tier with the largest
``minimumSpend`` takes its percent off that whole subtotal, exactly; freight and other fees are
paid once. The award is allowed (:func:`feasible`) when every awarded line takes
``max(1, minimumPacks) <= packs <= capacity``, every need is covered by at most its
``max_suppliers`` vendors, at most the event's ``max_suppliers`` vendors are awarded, and every
awarded vendor's goods subtotal before discount reaches its minimum order value.

The best award is the least by :func:`award_key`. Every figure shown is recomputed here
(:func:`costing`) from the pack counts, never read from a solver. The search itself lives in
:mod:`quotecalc.solvers.award_model` and is imported only inside :func:`best_award` (CP-SAT, the
``[plan]`` extra), so importing this module never loads ``ortools``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final

import attrs

from ..core.exact import EXACT, decimal_places
from ..core.records import Record

# Why no award is given (reason codes of the event document).
INFEASIBLE: Final = "event_infeasible"
OUT_OF_RANGE: Final = "event_out_of_range"
SOLVER_UNAVAILABLE: Final = "event_solver_unavailable"
# CP-SAT rejected the model it was given: a defect of ours, never shown as a budget stop.
MODEL_INVALID: Final = "event_model_invalid"
# The budget ran out before any allowed award was found (and before infeasibility was proven).
UNSOLVED: Final = "event_unsolved"
# The proof budget of one award, in CP-SAT deterministic seconds (reproducible, unlike wall
# time; docs/event-solver.md, "The budget"). A deterministic second cost 3-7 s of CPU on the
# project's shared machine (more on larger models and under load): 3 proves the realistic 20 x
# 10 events and keeps a search of a 50 x 20 event near 10 s of CPU (decision 33.23).
DEFAULT_BUDGET: Final = 3.0
# Above this many price levels in the model (search_size) the budget shrinks in proportion:
# building, presolving and a deterministic second all cost more on a larger model.
BUDGET_LEVELS: Final = 1000
# Above this many price levels no model is built: the first award and the plain bound are the
# answer (budget_stopped). Building a model of 20,000 levels cost 5 s of CPU and its search
# 600 MiB, and CP-SAT found nothing better than the first award there (decision 33.24).
SEARCH_LEVELS: Final = 8000
_HUNDRED: Final = Decimal(100)


@attrs.frozen(eq=False, repr=False)
class Vendor(Record):
    """One supplier of the event, usable (currency matched, fees known). ``tiers`` are
    ``(minimumSpend, percent)`` with strictly increasing spend; ``minimum_order_value`` bounds
    the goods subtotal before discount when the vendor is awarded anything."""

    supplier_id: str
    freight: Decimal
    other_fees: Decimal
    minimum_order_value: Decimal | None = None
    tiers: tuple[tuple[Decimal, Decimal], ...] = ()


@attrs.frozen(eq=False, repr=False)
class Need(Record):
    """One item of the event: the units needed and the most vendors it may be split across."""

    item_id: str
    quantity: int
    max_suppliers: int | None = None


@attrs.frozen(eq=False, repr=False)
class Line(Record):
    """One usable offer: indices of its vendor and need, ``breaks`` as ``(minimumQuantity
    units, packPrice)`` with increasing quantities, ``capacity`` in packs (``None``: no
    limit). At most one line per (vendor, need)."""

    vendor: int
    need: int
    pack_size: int
    minimum_packs: int
    pack_price: Decimal
    breaks: tuple[tuple[int, Decimal], ...] = ()
    capacity: int | None = None

    @property
    def least_packs(self) -> int:
        """The fewest packs an awarded line takes: ``max(1, minimumPacks)``."""
        return max(1, self.minimum_packs)


@attrs.frozen(eq=False, repr=False)
class Event(Record):
    """The needs, vendors and lines of one event, and the most vendors awarded anything."""

    needs: tuple[Need, ...]
    vendors: tuple[Vendor, ...]
    lines: tuple[Line, ...]
    max_suppliers: int | None = None


@attrs.frozen(eq=False, repr=False)
class Award(Record):
    """Packs per line (the order of :attr:`Event.lines`; 0 = not awarded); ``proven`` only when
    the exact lower bound equals the award's landed total and every tie level was settled;
    ``lower_bound`` is exact (the landed total when proven); ``budget_stopped`` only when the
    deterministic budget stopped the search."""

    packs: tuple[int, ...]
    proven: bool
    lower_bound: Decimal
    budget_stopped: bool = False


@attrs.frozen(eq=False, repr=False)
class Refusal(Record):
    """Why no award is given; for ``event_infeasible`` the indices of the needs that cannot be
    covered when a cheap exact check names them (else empty)."""

    code: str
    needs: tuple[int, ...] = ()


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


def price_at(line: Line, packs: int) -> Decimal:
    """The all-units pack price at ``packs`` packs: the highest break whose minimum quantity
    the line's units reach, else the line's own pack price."""
    units = packs * line.pack_size
    price = line.pack_price
    for minimum, break_price in line.breaks:
        if units < minimum:
            break
        price = break_price
    return price


def break_counts(line: Line) -> tuple[int, ...]:
    """The first pack count reaching each break: ``ceil(minimumQuantity / packSize)``."""
    return tuple(-(-minimum // line.pack_size) for minimum, _ in line.breaks)


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


def line_order(event: Event) -> tuple[int, ...]:
    """The indices of the lines in (itemId, supplierId) code-point order."""
    return tuple(
        sorted(
            range(len(event.lines)),
            key=lambda index: (
                event.needs[event.lines[index].need].item_id,
                event.vendors[event.lines[index].vendor].supplier_id,
            ),
        )
    )


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


def money_places(event: Event) -> tuple[int, int]:
    """``(d, e)``: the decimal places of the money (prices, fees, minimum order values, tier
    spends) and of the tier percents. Every landed total is a multiple of
    ``10^-d / (100 * 10^e)``."""
    money: list[Decimal] = []
    percents: list[Decimal] = []
    for vendor in event.vendors:
        money += [vendor.freight, vendor.other_fees]
        if vendor.minimum_order_value is not None:
            money.append(vendor.minimum_order_value)
        money += [spend for spend, _ in vendor.tiers]
        percents += [percent for _, percent in vendor.tiers]
    for line in event.lines:
        money.append(line.pack_price)
        money += [price for _, price in line.breaks]
    return decimal_places(money), decimal_places(percents)


def top_spend(vendor: Vendor) -> Decimal:
    """The goods subtotal above which more goods can no longer reach a tier or the minimum
    order value: the largest of them (0 when the vendor has neither)."""
    values = [spend for spend, _ in vendor.tiers]
    if vendor.minimum_order_value is not None:
        values.append(vendor.minimum_order_value)
    return max(values, default=Decimal(0))


def overbuy_worth(vendor: Vendor) -> Fraction:
    """The most a spend tier's discount can pay for goods bought beyond need: ``max s * P /
    (100 - P)`` over the vendor's tiers ``(s, P)`` (0 without tiers; a percent is below 100).

    Goods ``X`` added to a subtotal ``G' `` to lift it into tier ``(s, P)`` save at most what
    the discount gains on ``G'``, ``G' * (P - P(G'))``, and ``G' < s`` (else ``G'`` already
    reached ``s``); they cost ``X * (100 - P)``, so they pay only when ``X < s * P / (100 -
    P)`` (:func:`pack_ceiling`)."""
    return max(
        (
            Fraction(spend) * Fraction(percent) / (100 - Fraction(percent))
            for spend, percent in vendor.tiers
        ),
        default=Fraction(0),
    )


def pack_ceiling(event: Event, index: int) -> int:
    """:func:`line_ceiling` of line ``index``, computed once per event (:func:`ceilings`)."""
    return ceilings(event)[index]


# The last event whose ceilings were computed, and them (see :func:`ceilings`).
_CEILINGS: list[tuple[Event, tuple[int, ...]]] = []


def ceilings(event: Event) -> tuple[int, ...]:
    """:func:`line_ceiling` of every line. The search, its first award and its bounds read a
    line's ceiling many times, and each is a few Fraction divisions (seconds of CPU on an event
    of 16,000 offers), so the last event's are kept, found by identity (an event is immutable;
    its own hash reads every field). One slot, replaced whole: a thread reading it sees one
    event's pair or another's, and checks the event."""
    kept = _CEILINGS[-1] if _CEILINGS else None
    if kept is not None and kept[0] is event:
        return kept[1]
    values = tuple(line_ceiling(event, index) for index in range(len(event.lines)))
    _CEILINGS[:] = [(event, values)]
    return values


def line_ceiling(event: Event, index: int) -> int:
    """The most packs a best award can take on line ``index`` (capped by its capacity).

    Let ``top = max(ceil(quantity / packSize), least packs, the highest break count)``, ``p``
    the price of the line's highest level, ``M`` its vendor's minimum order value (0 when
    none), ``T`` its :func:`top_spend` and ``F`` its :func:`overbuy_worth`. Take a best award
    ``A`` with ``n = top + m`` packs on the line (``m >= 1``, ``p > 0``) and its vendor's goods
    ``G``. ``A_j``, the same award with ``j <= m`` packs fewer on the line, is allowed while
    ``G - j p >= M``: the line alone still covers its need at the same (top) level, the vendors
    are the same. Its cost is less by ``j p (1 - a) - G_j (a - b)``, with ``a``, ``b`` the
    percents ``G`` and ``G_j = G - j p`` reach. As ``A`` is best and ``A_j`` ties it on the
    vendors and delivers less, ``A`` is strictly cheaper: ``j p (1 - a) < G_j (a - b)``. So
    ``a > b``: ``G`` reaches a tier ``(s, a)`` that ``G_j`` does not (``G_j < s``), and ``j p <
    s a / (1 - a) <= F``.

    - With ``j = 1`` while ``G - p >= T`` (then ``a = b``): impossible, so ``n p <= G < T +
      p``, ``n <= ceil(T / p)`` (the first bound).
    - With the largest ``j`` allowed, ``j = min(m, floor((G - M) / p))``: either ``j = m`` and
      ``m p < F``, so ``n <= top + ceil(F / p) - 1``; or ``j < m``, then ``G - j p < M + p``
      and (``j = 0`` or ``j p < F``) ``n p <= G < M + p + F``, so ``n <= ceil((M + F) / p)``
      (the second bound, from the rules that pay for overbuying: a tier can pay ``F`` at most,
      a minimum order value ``M``).

    The ceiling is the lesser of the two bounds (``top`` when ``p = 0``): it cuts only awards
    that are never the best. The exhaustive test (``tests/test_solver_award_brute.py``) searches
    beyond the first bound.
    """
    line = event.lines[index]
    top = plain_top(event, index)
    highest = top_price(line)
    vendor = event.vendors[line.vendor]
    spend = top_spend(vendor)
    if highest > 0 and spend > 0:
        price = Fraction(highest)
        first = max(top, math.ceil(Fraction(spend) / price))
        worth = overbuy_worth(vendor)
        least = Fraction(vendor.minimum_order_value or 0)
        second = max(top, top + math.ceil(worth / price) - 1, math.ceil((least + worth) / price))
        top = min(first, second)
    return top if line.capacity is None else min(top, line.capacity)


def plain_top(event: Event, index: int) -> int:
    """``max(ceil(quantity / packSize), least packs, the highest break count)`` of a line."""
    line = event.lines[index]
    need = event.needs[line.need]
    return max(-(-need.quantity // line.pack_size), line.least_packs, *break_counts(line))


def top_price(line: Line) -> Decimal:
    """The pack price of the line's highest level (at and above its highest break count)."""
    return line.breaks[-1][1] if line.breaks else line.pack_price


def usable(event: Event, index: int) -> bool:
    """Whether line ``index`` can be awarded at all (its capacity reaches its least packs)."""
    return event.lines[index].least_packs <= pack_ceiling(event, index)


def units_short(event: Event, need_index: int, lines: Sequence[int]) -> int:
    """What ``lines`` (usable lines of the need) leave of the need uncovered, at best: the
    largest of them, at most the need's and the event's ``max_suppliers``, each at its
    ceiling (0 when they can cover it)."""
    need = event.needs[need_index]
    room = sorted((pack_ceiling(event, i) * event.lines[i].pack_size for i in lines), reverse=True)
    allowed = len(room) if need.max_suppliers is None else need.max_suppliers
    if event.max_suppliers is not None:
        allowed = min(allowed, event.max_suppliers)
    return max(need.quantity - sum(room[:allowed]), 0)


def uncoverable(event: Event) -> tuple[int, ...]:
    """The needs no award can cover, by a cheap exact check (:func:`units_short` over all
    their usable lines)."""
    mine: list[list[int]] = [[] for _ in event.needs]
    for index, line in enumerate(event.lines):
        if usable(event, index):
            mine[line.need].append(index)
    return tuple(n for n, lines in enumerate(mine) if units_short(event, n, lines))


def cover_rate(event: Event, index: int) -> Fraction:
    """The least cost per unit of its need that line ``index`` can cover: the least of
    ``n * price(n) / min(n * packSize, quantity)`` over the pack counts a best award can give it
    (``least <= n <=`` :func:`pack_ceiling`). Below the fewest packs covering the need it is the
    price per unit of a level, least at a level's first count (or ``least``); from there the
    cost grows within a level, so the covering count and each higher break count are the only
    other candidates."""
    line = event.lines[index]
    need = event.needs[line.need].quantity
    least, ceiling = line.least_packs, pack_ceiling(event, index)
    covering = max(-(-need // line.pack_size), least)
    rates = [
        Fraction(price_at(line, count)) * count / min(count * line.pack_size, need)
        for count in {least, covering, *break_counts(line)}
        if least <= count <= ceiling
    ]
    return min(rates)


def plain_bound(event: Event) -> Decimal:
    """A lower bound of the best award's landed total, with no solver: each need buys its
    quantity at no less than the least :func:`cover_rate` of its usable lines, less that
    vendor's largest percent; rounded down to the unit every total is a multiple of."""
    places, percent_places = money_places(event)
    unit = 10**places * 100 * 10**percent_places
    total = Fraction(0)
    cheapest: list[list[Fraction]] = [[] for _ in event.needs]
    for index, line in enumerate(event.lines):
        if usable(event, index):
            tiers = event.vendors[line.vendor].tiers
            rest = 100 - max((Fraction(t) for _, t in tiers), default=Fraction(0))
            cheapest[line.need].append(cover_rate(event, index) * rest / 100)
    for need, rates in zip(event.needs, cheapest, strict=True):
        total += need.quantity * min(rates, default=Fraction(0))
    return EXACT.divide(Decimal(math.floor(total * unit)), Decimal(unit))


def check_event(event: Event) -> None:
    """Reject what the award's preconditions exclude (a caller's defect, not an input error):
    indices out of range, two lines of one vendor for one need, non-positive sizes."""
    seen = set()
    for line in event.lines:
        if not (0 <= line.vendor < len(event.vendors) and 0 <= line.need < len(event.needs)):
            raise ValueError("a line names a vendor or need the event does not have")
        if (line.vendor, line.need) in seen:
            raise ValueError("two lines of one vendor for one need")
        if line.pack_size < 1 or line.minimum_packs < 0:
            raise ValueError("a pack size below 1 or negative minimum packs")
        seen.add((line.vendor, line.need))


def line_levels(event: Event, index: int) -> int:
    """The price levels of line ``index`` a best award can reach: those whose range of pack
    counts meets ``[least packs, ceiling]`` (0 for a line that cannot be awarded)."""
    line = event.lines[index]
    low, high = line.least_packs, pack_ceiling(event, index)
    if low > high:
        return 0
    starts = (1, *break_counts(line))
    ends = (*(start - 1 for start in starts[1:]), high)
    return sum(
        1 for start, end in zip(starts, ends, strict=True) if max(start, low) <= min(end, high)
    )


def search_size(event: Event) -> int:
    """The size of the search's model, counted before it is built: the price levels of the
    usable lines (:func:`line_levels`). Each level is a literal, a count, the units it covers
    and four constraints; building, presolving and one deterministic second of search all
    grow with it (``docs/event-solver.md``, "The budget")."""
    return sum(line_levels(event, index) for index in range(len(event.lines)))


def event_budget(event: Event) -> float:
    """The default budget of an event: :data:`DEFAULT_BUDGET` deterministic seconds, times
    ``BUDGET_LEVELS / size`` when the model has more price levels (:func:`search_size`) than
    that; 0 above :data:`SEARCH_LEVELS` (no model is built: the first award and the plain
    bound are the answer)."""
    size = search_size(event)
    if size > SEARCH_LEVELS:
        return 0.0
    return DEFAULT_BUDGET * min(1.0, BUDGET_LEVELS / max(size, 1))


def best_award(event: Event, budget: float | None = None) -> Award | Refusal:
    """The least award by :func:`award_key`, or why there is none; ``budget`` in CP-SAT
    deterministic seconds (``None``: :func:`event_budget`).

    A need that the cheap exact check :func:`uncoverable` names makes ``event_infeasible``
    without a solver; otherwise CP-SAT searches (``docs/event-solver.md``). Without the
    ``[plan]`` extra that is ``event_solver_unavailable``.
    """
    check_event(event)
    if budget is None:
        budget = event_budget(event)
    short = uncoverable(event)
    if short:
        return Refusal(INFEASIBLE, short)
    try:
        from .award_model import search
    except ImportError:
        return Refusal(SOLVER_UNAVAILABLE)
    return search(event, budget)


def best_single_vendor(event: Event, budget: float | None = None) -> Award | Refusal:
    """The best award with one vendor for everything: the same search with the event's
    ``max_suppliers`` set to 1, over the lines of the vendors that can cover every need alone
    (a line at its ceiling reaching the need); ``event_infeasible`` without a solver when no
    vendor can."""
    check_event(event)
    covers: dict[int, set[int]] = {}
    for index, line in enumerate(event.lines):
        if usable(event, index) and not units_short(event, line.need, [index]):
            covers.setdefault(line.vendor, set()).add(line.need)
    able = {vendor for vendor, needs in covers.items() if len(needs) == len(event.needs)}
    if not able:
        return Refusal(INFEASIBLE)
    kept = [index for index, line in enumerate(event.lines) if line.vendor in able]
    alone = attrs.evolve(event, lines=tuple(event.lines[index] for index in kept), max_suppliers=1)
    found = best_award(alone, budget)
    if isinstance(found, Refusal):
        return found
    packs = [0] * len(event.lines)
    for index, count in zip(kept, found.packs, strict=True):
        packs[index] = count
    return attrs.evolve(found, packs=tuple(packs))


def alone_packs(event: Event, index: int) -> int | None:
    """The pack count with the least ``packs * price`` covering line ``index``'s need alone
    (fewest packs among equals), ``None`` when its capacity cannot: only the fewest covering
    count and the break counts above it can win, since within one price level the cost does
    not decrease as packs grow."""
    line = event.lines[index]
    start = max(-(-event.needs[line.need].quantity // line.pack_size), line.least_packs)
    cap = line.capacity
    if cap is not None and start > cap:
        return None
    counts = [start] + [n for n in break_counts(line) if n > start and (cap is None or n <= cap)]
    return min(counts, key=lambda n: (EXACT.multiply(price_at(line, n), n), n))


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
