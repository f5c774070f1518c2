"""The model of a sourcing event as the award engine sees it (issue 26, ``docs/event-solver.md``;
a purchase plan is an event of one item, issue 33): needs (items), vendors (suppliers), lines
(one usable offer of a vendor for a need), the reasons no award is given, and what a line can
take at most (:func:`pack_ceiling`) or at all (:func:`usable`). Pure functions over ints and
Decimals, no pipeline context, no JSON.

An award gives every line a pack count (0: not awarded); its price at ``n`` packs is the
all-units break reached (:func:`price_at`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final

import attrs

from ...core.exact import EXACT, decimal_places
from ...core.records import Record

# Why no award is given (reason codes of the event document).
INFEASIBLE: Final = "event_infeasible"
OUT_OF_RANGE: Final = "event_out_of_range"
SOLVER_UNAVAILABLE: Final = "event_solver_unavailable"
# CP-SAT rejected the model it was given: a defect of ours, never shown as a budget stop.
MODEL_INVALID: Final = "event_model_invalid"
# The budget ran out before any allowed award was found (and before infeasibility was proven).
UNSOLVED: Final = "event_unsolved"
# Above this many price levels (search_size) no CP-SAT model is built: the first award and the
# plain bound are the answer (budget_stopped). Building a model of 20,000 levels cost 5 s of CPU
# and its search 600 MiB, and CP-SAT found nothing better than the first award there
# (decision 33.24).
SEARCH_LEVELS: Final = 8000


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

    @functools.cached_property
    def counts(self) -> tuple[int, ...]:
        """:func:`break_counts`, computed once (the searches read it per node)."""
        return tuple(-(-minimum // self.pack_size) for minimum, _ in self.breaks)


@attrs.frozen(eq=False, repr=False)
class Event(Record):
    """The needs, vendors and lines of one event, and the most vendors awarded anything."""

    needs: tuple[Need, ...]
    vendors: tuple[Vendor, ...]
    lines: tuple[Line, ...]
    max_suppliers: int | None = None

    @functools.cached_property
    def ceilings(self) -> tuple[int, ...]:
        """Every line's :func:`pack_ceiling`, computed once per event (issue 33: the model is
        prepared once, not per call)."""
        return tuple(line_ceiling(self, index) for index in range(len(self.lines)))

    @functools.cached_property
    def alone(self) -> tuple[int | None, ...]:
        """Every line's :func:`alone_packs`, computed once per event (the plan's single
        sources and the one-item search's best single source both read it)."""
        return tuple(line_alone(self, index) for index in range(len(self.lines)))


@attrs.frozen(eq=False, repr=False)
class Award(Record):
    """Packs per line (the order of :attr:`Event.lines`; 0 = not awarded); ``proven`` only when
    the exact lower bound equals the award's landed total and every tie level was settled;
    ``lower_bound`` is exact (the landed total when the cost is proven); ``budget_stopped``
    only when the deterministic budget stopped the search; ``nodes`` the nodes the integer
    branch and bound of one item visited (0 for the other searches, and when no search was
    needed).

    ``cost_proven`` (issue 38): the least landed total is proven -- the exact lower bound
    equals the award's total -- whether or not the tie levels (suppliers, units, ids, the last
    rule) were settled; ``proven`` implies it (and it defaults to ``proven``). An award with
    ``cost_proven`` and not ``proven`` is cost-optimal: only which of the equally cheap awards
    comes first by the tie rules is unsettled (:attr:`ties_settled`)."""

    packs: tuple[int, ...]
    proven: bool
    lower_bound: Decimal
    budget_stopped: bool = False
    nodes: int = 0
    cost_proven: bool = attrs.field(
        default=attrs.Factory(lambda self: self.proven, takes_self=True)
    )

    def __attrs_post_init__(self) -> None:
        if self.proven and not self.cost_proven:
            raise ValueError("a proven award has its cost proven")

    @property
    def ties_settled(self) -> bool:
        """Whether the tie levels were settled too: with :attr:`cost_proven`, that is
        :attr:`proven`; an award whose cost is not proven has no settled tie order."""
        return self.proven


@attrs.frozen(eq=False, repr=False)
class Refusal(Record):
    """Why no award is given; for ``event_infeasible`` the indices of the needs that cannot be
    covered when a cheap exact check names them (else empty)."""

    code: str
    needs: tuple[int, ...] = ()


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
    return line.counts


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
    """The most packs a best award can take on line ``index``: :func:`line_ceiling`, read from
    the event's :attr:`Event.ceilings`."""
    return event.ceilings[index]


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


def one_item(event: Event) -> bool:
    """Whether the integer branch and bound of one item answers the event: one need, and no
    vendor with spend tiers or a minimum order value (a purchase plan is such an event)."""
    return len(event.needs) == 1 and not any(
        vendor.tiers or vendor.minimum_order_value is not None for vendor in event.vendors
    )


def alone_packs(event: Event, index: int) -> int | None:
    """:func:`line_alone`, read from the event's :attr:`Event.alone`."""
    return event.alone[index]


def line_alone(event: Event, index: int) -> int | None:
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
