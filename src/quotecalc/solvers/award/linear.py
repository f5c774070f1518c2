"""The event as an integer linear model, written once for every solver that reads it (issues 26,
33 and 38, ``docs/event-solver.md``, "The model"): CP-SAT searches it (:mod:`.cpsat`) and
HiGHS solves its linear relaxation (:mod:`.relaxation`). Pure Python integers, no solver
library.

Money is scaled to integers, never rounded: prices, fees, minimum order values and tier spends
by ``10^d`` (``d`` their most decimal places), tier percents by ``10^e``; a vendor's landed
total times ``U = 10^d * 100 * 10^e`` is the integer ``(100 * 10^e - P) * G + 100 * 10^e *
fees`` (``G`` its scaled goods subtotal, ``P`` its scaled percent).

Every column is an integer in ``[0, upper]``. Per usable line ``l``
(:func:`~quotecalc.solvers.award.model.usable`): a use literal ``y_l`` and a pack count ``n_l``
(0 unused, ``least <= n_l <= ceiling`` used, :func:`~quotecalc.solvers.award.model.pack_ceiling`);
each price level ``k`` within that range a literal ``t_lk`` with its own count ``n_lk``
(``first_k t_lk <= n_lk <= last_k t_lk``, ``sum_k t_lk = y_l``, ``sum_k n_lk = n_l``), so the
goods are linear. Per vendor a use literal ``u_v`` (``y_l <= u_v <= sum y_l``); its goods range
splits into segments, one per spend tier (no tier below the first minimum spend), cut below at
the minimum order value: a literal ``z_vs`` and the goods ``g_vs`` in ``[low_s z_vs, high_s
z_vs]``, ``sum_s z_vs = u_v``, ``sum_s g_vs = G_v``, so the reached tier is exactly the segment
the goods lie in and the discounted goods are the linear ``sum_s (100 10^e - P_s) g_vs``.
Needs: ``sum min(packSize, quantity) n_l >= quantity``, ``sum y_l <= maxSuppliers`` per need,
``sum u_v <= maxSuppliers`` for the event. The facility-location linking (issue 33): each level
(or a one-level line) covers ``c_lk <= min(quantity, packSize * last_k) * t_lk`` and ``c_lk <=
packSize * n_lk`` units of its need, ``sum c_lk >= quantity`` (:meth:`Formulation._link`).

Every row's worst magnitude (``sum |coefficient| * upper bound``, as CP-SAT validates it) is
checked against :data:`INT_LIMIT` before it is added; an event beyond it is
``event_out_of_range`` (:class:`OutOfRange`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final, NamedTuple

from ...core.exact import EXACT, scaled
from .model import (
    Event,
    break_counts,
    money_places,
    overbuy_worth,
    pack_ceiling,
    plain_top,
    price_at,
    top_price,
    top_spend,
    usable,
)

INT_LIMIT: Final = 2**62

Terms = list[tuple[int, int]]
"""A linear expression: ``(coefficient, column)`` pairs."""


class OutOfRange(Exception):
    """A linear expression of the model could exceed :data:`INT_LIMIT`."""


class Row(NamedTuple):
    """One constraint ``low <= sum terms <= high`` (``None``: no bound on that side)."""

    terms: tuple[tuple[int, int], ...]
    low: int | None
    high: int | None


class Level(NamedTuple):
    """One price level of a line (or one spend segment of a vendor): its pick literal, the
    count (or goods) it carries, and the range that count lies in when picked."""

    pick: int
    part: int
    first: int
    last: int


class Link(NamedTuple):
    """The units of its need one level of a line covers (:meth:`Formulation._link`)."""

    covered: int
    part: int
    pick: int


class Linear:
    """Integer columns, each in ``[0, upper]``, and rows; each row's worst magnitude is known
    before it is added, so no solver ever sees an expression past :data:`INT_LIMIT`."""

    def __init__(self) -> None:
        self.upper: list[int] = []
        self.boolean: list[bool] = []
        self.rows: list[Row] = []

    def int_var(self, high: int) -> int:
        self.worst([], high)
        self.upper.append(high)
        self.boolean.append(False)
        return len(self.upper) - 1

    def bool_var(self) -> int:
        self.upper.append(1)
        self.boolean.append(True)
        return len(self.upper) - 1

    def worst(self, terms: Terms, constant: int = 0) -> int:
        """``sum |c| * upper(x) + |constant|``; raises :class:`OutOfRange` at the limit."""
        total = abs(constant) + sum(abs(c) * self.upper[x] for c, x in terms)
        if total >= INT_LIMIT or any(abs(c) >= INT_LIMIT for c, _ in terms):
            raise OutOfRange
        return total

    def _add(self, terms: Terms, low: int | None, high: int | None) -> None:
        self.worst(terms)
        self.rows.append(Row(tuple(terms), low, high))

    def at_least(self, terms: Terms, low: int) -> None:
        self._add(terms, low, None)

    def at_most(self, terms: Terms, high: int) -> None:
        self._add(terms, None, high)

    def equal(self, terms: Terms, value: int = 0) -> None:
        self._add(terms, value, value)


class Formulation:
    """The event's model (see the module docstring), the expressions of the order, and the
    columns each solver reads back."""

    def __init__(self, event: Event) -> None:
        self.event = event
        places, percent_places = money_places(event)
        self.scale = 10**places
        self.whole = 100 * 10**percent_places
        self.unit = self.scale * self.whole
        self.b = Linear()
        self.lines = [index for index in range(len(event.lines)) if usable(event, index)]
        self.count: dict[int, int] = {}
        self.use: dict[int, int] = {}
        self.vendor_use: dict[int, int] = {}
        self.cost: Terms = []
        self.delivered: Terms = []
        self.goods: dict[int, Terms] = {}
        self.goods_max: dict[int, int] = {}
        self.goods_plain: dict[int, int] = {}
        self.step: dict[int, int] = {}
        self.levels: dict[int, list[Level]] = {}
        self.segments: dict[int, list[Level]] = {}
        # The units each level covers (``_link``), per need, and per line.
        self.covered: dict[int, Terms] = {}
        self.links: dict[int, list[Link]] = {}
        for index in self.lines:
            self._line(index)
        for vendor in sorted(self.goods):
            self._vendor(vendor)
        self._needs()
        self.vendors: Terms = [(1, var) for var in self.vendor_use.values()]
        self.delivered_max = self.b.worst(self.delivered)
        self.cost_max = self.b.worst(self.cost)

    def _line(self, index: int) -> None:
        b, line = self.b, self.event.lines[index]
        low, high = line.least_packs, pack_ceiling(self.event, index)
        use = b.bool_var()
        count = b.int_var(high)
        b.at_least([(1, count), (-low, use)], 0)
        b.at_most([(1, count), (-high, use)], 0)
        self.use[index], self.count[index] = use, count
        starts = [(1, line.pack_price)]
        starts += [(n, p) for n, (_, p) in zip(break_counts(line), line.breaks, strict=True)]
        found: list[tuple[int, int, int]] = []
        for k, (start, level_price) in enumerate(starts):
            end = starts[k + 1][0] - 1 if k + 1 < len(starts) else high
            first, last = max(start, low), min(end, high)
            if first <= last:
                found.append((first, last, scaled(level_price, self.scale)))
        goods = self.goods.setdefault(line.vendor, [])
        quantity = self.event.needs[line.need].quantity
        if len(found) == 1:
            goods.append((found[0][2], count))
            self._link(index, use, count, quantity, high)
        else:
            picks: Terms = []
            parts: Terms = []
            for first, last, price in found:
                pick = b.bool_var()
                part = b.int_var(last)
                b.at_least([(1, part), (-first, pick)], 0)
                b.at_most([(1, part), (-last, pick)], 0)
                picks.append((1, pick))
                parts.append((1, part))
                goods.append((price, part))
                self.levels.setdefault(index, []).append(Level(pick, part, first, last))
                self._link(index, pick, part, quantity, last)
            b.equal([*picks, (-1, use)])
            b.equal([*parts, (-1, count)])
        dearest = max(price for *_, price in found)
        self.goods_max[line.vendor] = self.goods_max.get(line.vendor, 0) + high * dearest
        plain = plain_top(self.event, index)
        if line.capacity is not None:
            plain = min(plain, line.capacity)
        self.goods_plain[line.vendor] = self.goods_plain.get(line.vendor, 0) + plain * dearest
        step = scaled(top_price(line), self.scale)
        self.step[line.vendor] = max(self.step.get(line.vendor, 0), step)
        self.delivered.append((line.pack_size, count))

    def _link(self, index: int, pick: int, part: int, quantity: int, last: int) -> None:
        """The facility-location linking of one level of a line (or the line, with one level):
        the units of its need it covers, at most the need while the level is chosen and at
        most what its packs deliver. Any award meets it with ``covered = min(quantity, size *
        packs)`` (a sum of those reaches the need iff the units do), and the relaxation then
        pays a level's price per unit and a share of its vendor's fees for every unit it
        covers, instead of spreading a pack ceiling far above the need."""
        b, line = self.b, self.event.lines[index]
        reach = min(quantity, line.pack_size * last)
        covered = b.int_var(reach)
        b.at_most([(1, covered), (-reach, pick)], 0)
        b.at_most([(1, covered), (-line.pack_size, part)], 0)
        self.covered.setdefault(line.need, []).append((1, covered))
        self.links.setdefault(index, []).append(Link(covered, part, pick))

    def _vendor(self, index: int) -> None:
        b, vendor = self.b, self.event.vendors[index]
        use = b.bool_var()
        self.vendor_use[index] = use
        uses = [(1, self.use[i]) for i in self.lines if self.event.lines[i].vendor == index]
        for _, line_use in uses:
            b.at_least([(1, use), (-1, line_use)], 0)
        b.at_most([(1, use), *((-1, x) for _, x in uses)], 0)
        fees = scaled(EXACT.add(vendor.freight, vendor.other_fees), self.scale) * self.whole
        self.cost.append((fees, use))
        goods = self.goods[index]
        least = 0
        if vendor.minimum_order_value is not None:
            least = scaled(vendor.minimum_order_value, self.scale)
        # A best award's goods (pack_ceiling's argument, per vendor): either every line of the
        # vendor is at most its plain top, or some line above it has G < T + p (the first
        # bound). The second: remove the packs above the plain tops one at a time while the
        # minimum order value holds; what is removed, X, is below F (or nothing), and what
        # is left is at most the plain goods, or short of M + p once a pack more would break
        # the minimum: G < max(plain goods, M + p) + F.
        top = self.goods_plain[index]
        spend = scaled(top_spend(vendor), self.scale)
        step = self.step[index]
        if spend and step:
            worth = math.ceil(overbuy_worth(vendor) * self.scale)
            first = max(top, spend + step - 1)
            second = max(top, top + worth - 1, least + step + worth - 1)
            top = min(first, second)
        top = min(top, self.goods_max[index])
        b.at_most(goods, top)
        starts = [(0, 0)]
        starts += [
            (scaled(spend, self.scale), scaled(percent, self.whole // 100))
            for spend, percent in vendor.tiers
        ]
        segments = []
        for k, (start, percent) in enumerate(starts):
            end = starts[k + 1][0] - 1 if k + 1 < len(starts) else top
            low, high = max(start, least), min(end, top)
            if low <= high:
                segments.append((low, high, percent))
        if not segments:
            # No goods subtotal this vendor can reach meets its minimum order value.
            b.equal([(1, use)])
            return
        if len(segments) == 1:
            low, _, percent = segments[0]
            if low:
                b.at_least([*goods, (-low, use)], 0)
            self.cost += [(coefficient * (self.whole - percent), x) for coefficient, x in goods]
            return
        picks: Terms = []
        parts: Terms = []
        for low, high, percent in segments:
            pick = b.bool_var()
            part = b.int_var(high)
            b.at_least([(1, part), (-low, pick)], 0)
            b.at_most([(1, part), (-high, pick)], 0)
            picks.append((1, pick))
            parts.append((1, part))
            self.cost.append((self.whole - percent, part))
            self.segments.setdefault(index, []).append(Level(pick, part, low, high))
        b.equal([*picks, (-1, use)])
        b.equal([*parts, *((-c, x) for c, x in goods)])

    def _needs(self) -> None:
        b, event = self.b, self.event
        for need_index, need in enumerate(event.needs):
            mine = [i for i in self.lines if event.lines[i].need == need_index]
            cover = [(min(event.lines[i].pack_size, need.quantity), self.count[i]) for i in mine]
            b.at_least(cover, need.quantity)
            # Implied, but it makes the relaxation count whole lines (and so vendors): a used
            # line covers at most min(quantity, packSize * ceiling) of the need.
            reach = [
                (
                    min(need.quantity, event.lines[i].pack_size * b.upper[self.count[i]]),
                    self.use[i],
                )
                for i in mine
            ]
            b.at_least(reach, need.quantity)
            if need_index in self.covered:
                b.at_least(self.covered[need_index], need.quantity)
            if need.max_suppliers is not None and need.max_suppliers < len(mine):
                b.at_most([(1, self.use[i]) for i in mine], need.max_suppliers)
        if event.max_suppliers is not None and event.max_suppliers < len(self.vendor_use):
            b.at_most([(1, x) for x in self.vendor_use.values()], event.max_suppliers)

    def tie_levels(self) -> tuple[Terms, ...]:
        """The order's levels below the cost (vendors, then delivered units) as one objective
        ``vendors * (D + 1) + delivered`` when it fits, else two."""
        combined = [(self.delivered_max + 1, x) for _, x in self.vendors] + self.delivered
        try:
            self.b.worst(combined)
        except OutOfRange:
            return (self.vendors, self.delivered)
        return (combined,)

    def packs(self, value: Callable[[int], int]) -> tuple[int, ...]:
        """The award a solution holds, ``value`` reading one column."""
        packs = [0] * len(self.event.lines)
        for index in self.lines:
            packs[index] = value(self.count[index])
        return tuple(packs)

    def values(self, packs: tuple[int, ...] | list[int]) -> dict[int, int]:
        """Every column's value for an allowed award (whose counts are within each line's
        ceiling): what a solver is hinted with, and what the model's rows accept."""
        event = self.event
        values: dict[int, int] = {}
        goods: dict[int, int] = {}
        for index in self.lines:
            count = packs[index]
            line = event.lines[index]
            values[self.count[index]] = count
            values[self.use[index]] = int(count > 0)
            chosen: dict[int, int] = {}
            for level in self.levels.get(index, []):
                inside = count > 0 and level.first <= count <= level.last
                values[level.pick] = int(inside)
                chosen[level.part] = count if inside else 0
                values[level.part] = chosen[level.part]
            quantity = event.needs[line.need].quantity
            for link in self.links.get(index, []):
                # The part as valued just above (the count itself with one level).
                part = count if link.part == self.count[index] else chosen.get(link.part, 0)
                values[link.covered] = min(quantity, line.pack_size * part)
            value = scaled(EXACT.multiply(price_at(line, count), count), self.scale)
            goods[line.vendor] = goods.get(line.vendor, 0) + value
        for vendor, use in self.vendor_use.items():
            used = any(packs[i] for i in self.lines if event.lines[i].vendor == vendor)
            values[use] = int(used)
            for segment in self.segments.get(vendor, []):
                inside = used and segment.first <= goods[vendor] <= segment.last
                values[segment.pick] = int(inside)
                values[segment.part] = goods[vendor] if inside else 0
        return values
