"""An exact search of an event's award with no solver library (issue 33,
``docs/event-solver.md``, "The exact search without a solver").

:func:`exact_award` runs first in :func:`~quotecalc.solvers.award.best_award`: within a work
budget counted in steps (the same count on any machine) it either proves the least award by
:func:`~quotecalc.solvers.award.award_key` (every level, the last rule included) or gives up
(``None``), and CP-SAT searches as before. A small event is so answered without importing
``ortools``.

**Supplier sets.** For a set ``S`` of vendors and an award ``A`` using only vendors of ``S``
let ``key_S(A)`` be ``award_key(A)`` with the fees, the count and the sorted ids of ``S`` in
place of those of the vendors ``A`` uses. Fees are never negative, so ``key_S(A) >= key(A)``
(a vendor of ``S`` left unused adds its fees, or at equal cost one more vendor), with equality
when ``S`` is exactly the vendors ``A`` uses. So the least ``key_S(A)`` over every allowed set
``S`` (at most the event's ``maxSuppliers``) and every award within it is the best award's
key, reached only by the best award and its own set: the search takes, for each set ``S``, the
least award within ``S`` by (goods cost, delivered units, last rule) — fees, count and ids are
constant there — and keeps the least ``key_S`` over the sets. The sets are enumerated depth
first in supplierId order (each vendor in, then out), a branch dropped when its items cannot be
covered by the vendors still available or when a lower bound of its cost (the fees of the
vendors already in, plus each item's quantity at the least cover rate of the lines still
available, less their vendor's largest percent, as :func:`~quotecalc.solvers.award.plain_bound`)
exceeds the best cost found.

**One set.** A vendor with no minimum order value and no spend tier above 0 (``plain``) costs a
fixed rate per unit of goods. Every other (``coupled``) vendor's cost depends on its goods
subtotal ``G`` alone: ``G * (1 - percent(G) / 100)``, and when it is awarded anything ``G``
must reach its minimum order value; from ``T`` (its largest tier spend or minimum order value)
up the rate is fixed. The items are solved in itemId order by a dynamic programme whose state
is, per coupled vendor, "not awarded" or its goods capped at ``T`` (what lies above ``T`` is
paid at the fixed rate as it comes; a vendor awarded goods of 0 is awarded): two partial awards
with the same state finish the same ways at the same cost, so only the least by (cost so far,
delivered so far, pack vector so far, greatest first) is kept. One item's options are every
pack count of its coupled lines (0, or ``max(1, minimumPacks)`` to
:func:`~quotecalc.solvers.award.pack_ceiling`) with, for the rest of the need and the lines
still allowed by the item's ``maxSuppliers``, the least plain cover (a dynamic programme over
the plain lines in supplierId order on the units still needed; above the count covering them
only the start of a later price level can win, a later count of the same level costing no
less and delivering more). The levels compare lexicographically and each is a sum over items,
so every part of an optimal award is optimal for its state: the least final state, its
minimum order values met, is the least award within ``S``.

Everything is an exact integer: money times ``U = 10^d * 100 * 10^e`` as the model's
(:func:`~quotecalc.solvers.award.money_places`). The award found is checked by
:func:`~quotecalc.solvers.award.feasible` and its key recomputed by
:func:`~quotecalc.solvers.award.award_key` (a mismatch is a defect: ``AssertionError``).

**The budget** (:data:`DEFAULT_WORK`) counts the sets visited, the options built and the
transitions of both programmes; past it the search stops and answers ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final

from ...core.exact import EXACT, scaled
from .bound import cover_rate
from .costing import award_key, feasible, tier_percent
from .model import (
    INFEASIBLE,
    Award,
    Event,
    Refusal,
    break_counts,
    line_order,
    money_places,
    pack_ceiling,
    price_at,
    top_spend,
    units_short,
    usable,
)

DEFAULT_WORK: Final = 50_000
"""The work budget of :func:`exact_award`: steps (sets, options, transitions), the same on every
machine."""


# (cost in 1/U, delivered units, the negated pack counts in (itemId, supplierId) order).
Value = tuple[int, int, tuple[int, ...]]


class OutOfWork(Exception):
    """The work budget ran out."""


class _Search:
    """One search (see the module docstring)."""

    def __init__(self, event: Event, work: int) -> None:
        self.event, self.left = event, work
        places, percent_places = money_places(event)
        self.scale: int = 10**places
        self.whole: int = 100 * 10**percent_places
        self.unit = self.scale * self.whole
        self.lines = [i for i in range(len(event.lines)) if usable(event, i)]
        self.ceiling = {i: pack_ceiling(event, i) for i in self.lines}
        vendors = {event.lines[i].vendor for i in self.lines}
        self.vendors = sorted(vendors, key=lambda v: event.vendors[v].supplier_id)
        self.needs = sorted(range(len(event.needs)), key=lambda n: event.needs[n].item_id)
        self.by_need: dict[int, list[int]] = {n: [] for n in self.needs}
        for index in sorted(
            self.lines, key=lambda i: event.vendors[event.lines[i].vendor].supplier_id
        ):
            self.by_need[event.lines[index].need].append(index)
        self.fees = {
            v: scaled(EXACT.add(event.vendors[v].freight, event.vendors[v].other_fees), self.scale)
            * self.whole
            for v in self.vendors
        }
        self.top = {v: scaled(top_spend(event.vendors[v]), self.scale) for v in self.vendors}
        self.rate = {
            v: self.whole - self._percent(v, top_spend(event.vendors[v])) for v in self.vendors
        }
        self.least = {
            v: scaled(event.vendors[v].minimum_order_value or Decimal(0), self.scale)
            for v in self.vendors
        }
        self.tiers = {
            v: [
                (scaled(spend, self.scale), scaled(percent, self.whole // 100))
                for spend, percent in event.vendors[v].tiers
            ]
            for v in self.vendors
        }
        self.most = len(self.vendors)
        if event.max_suppliers is not None:
            self.most = min(self.most, event.max_suppliers)
        # Each line's least cost per unit of its need, less its vendor's largest percent (in U).
        self.cover = {
            i: cover_rate(event, i)
            * (
                self.whole
                - max(
                    (
                        scaled(p, self.whole // 100)
                        for _, p in event.vendors[event.lines[i].vendor].tiers
                    ),
                    default=0,
                )
            )
            * self.scale
            for i in self.lines
        }
        self.line_order = line_order(event)
        self.goods_memo: dict[tuple[int, int], int] = {}
        self.plain_memo: dict[tuple[int, ...], dict[tuple[int, int, int], Value | None]] = {}
        self.options_memo: dict[
            tuple[int, tuple[int, ...]], dict[tuple[int, ...], Value] | None
        ] = {}
        self.best: tuple[int, int, int, tuple[str, ...], tuple[int, ...]] | None = None
        self.best_packs: tuple[int, ...] | None = None

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise OutOfWork

    def _percent(self, vendor: int, goods: Decimal) -> int:
        return scaled(tier_percent(self.event.vendors[vendor], goods), self.whole // 100)

    def goods(self, index: int, packs: int) -> int:
        """``packs * price(packs)`` of a line, scaled by ``10^d``."""
        found = self.goods_memo.get((index, packs))
        if found is None:
            line = self.event.lines[index]
            found = scaled(EXACT.multiply(price_at(line, packs), packs), self.scale)
            self.goods_memo[(index, packs)] = found
        return found

    def vendor_cost(self, vendor: int, goods: int) -> int:
        """A coupled vendor's discounted goods at a scaled subtotal ``goods <= T``, in 1/U."""
        percent = 0
        for spend, value in self.tiers[vendor]:
            if goods >= spend:
                percent = value
        return goods * (self.whole - percent)

    # -- the sets ---------------------------------------------------------------------------

    def run(self) -> None:
        self.sets(0, [])

    def sets(self, position: int, chosen: list[int]) -> None:
        self.spend(1)
        open_vendors = set(chosen) | set(self.vendors[position:])
        bound = Fraction(sum(self.fees[v] for v in chosen))
        for need in self.needs:
            mine = [i for i in self.by_need[need] if self.event.lines[i].vendor in open_vendors]
            if not mine or units_short(self.event, need, mine):
                return
            bound += self.event.needs[need].quantity * min(self.cover[i] for i in mine)
        best = self.best
        if best is not None and (bound > best[0] or (bound == best[0] and len(chosen) > best[1])):
            return
        if chosen and (position == len(self.vendors) or len(chosen) == self.most):
            self.leaf(chosen)
            return
        if position == len(self.vendors):
            return
        if len(chosen) < self.most:
            self.sets(position + 1, [*chosen, self.vendors[position]])
        self.sets(position + 1, chosen)

    def leaf(self, chosen: list[int]) -> None:
        found = self.within(set(chosen))
        if found is None:
            return
        cost, delivered, vector = found
        ids = tuple(sorted(self.event.vendors[v].supplier_id for v in chosen))
        cost += sum(self.fees[v] for v in chosen)
        packs = [0] * len(self.event.lines)
        position = 0
        for need in self.needs:
            for index in self.by_need[need]:
                if self.event.lines[index].vendor in chosen:
                    packs[index] = -vector[position]
                    position += 1
        full = tuple(-packs[i] for i in self.line_order)
        key = (cost, len(chosen), delivered, ids, full)
        if self.best is None or key < self.best:
            self.best, self.best_packs = key, tuple(packs)

    # -- one set ----------------------------------------------------------------------------

    def within(self, chosen: set[int]) -> Value | None:
        """The least (goods cost, delivered, last rule) award using only vendors of ``chosen``."""
        coupled = [v for v in self.vendors if v in chosen and self.top[v] > 0]
        place = {v: k for k, v in enumerate(coupled)}
        states: dict[tuple[int, ...], Value] = {tuple(0 for _ in coupled): (0, 0, ())}
        for need in self.needs:
            mine = tuple(i for i in self.by_need[need] if self.event.lines[i].vendor in chosen)
            options = self.options(need, mine)
            if not options:
                return None
            following: dict[tuple[int, ...], Value] = {}
            for state, (cost, delivered, vector) in states.items():
                self.spend(len(options))
                for added, (more, units, part) in options.items():
                    extra = cost + more
                    new = list(state)
                    for vendor, goods in zip(self._coupled_of(mine), added, strict=True):
                        if goods < 0:
                            continue
                        k = place[vendor]
                        # 0: unused; else 1 + the goods capped at T (a vendor awarded goods
                        # of 0 is used: its minimum order value applies).
                        total = max(new[k] - 1, 0) + goods
                        if total > self.top[vendor]:
                            extra += (total - self.top[vendor]) * self.rate[vendor]
                            total = self.top[vendor]
                        new[k] = total + 1
                    key = tuple(new)
                    value = (extra, delivered + units, vector + part)
                    old = following.get(key)
                    if old is None or value < old:
                        following[key] = value
            states = following
        best: Value | None = None
        for state, (cost, delivered, vector) in states.items():
            total = cost
            allowed = True
            for vendor, used in zip(coupled, state, strict=True):
                if not used:
                    continue
                if used - 1 < self.least[vendor]:
                    allowed = False
                    break
                total += self.vendor_cost(vendor, used - 1)
            if allowed and (best is None or (total, delivered, vector) < best):
                best = (total, delivered, vector)
        return best

    def _coupled_of(self, mine: Sequence[int]) -> list[int]:
        return [
            self.event.lines[i].vendor for i in mine if self.top[self.event.lines[i].vendor] > 0
        ]

    def options(self, need: int, mine: tuple[int, ...]) -> dict[tuple[int, ...], Value] | None:
        """One item's options over its lines ``mine`` (supplierId order): per tuple of goods
        added to its coupled vendors (-1: the line not awarded), the least (plain cost, delivered,
        pack vector)."""
        if (need, mine) in self.options_memo:
            return self.options_memo[(need, mine)]
        event = self.event
        quantity = event.needs[need].quantity
        limit = event.needs[need].max_suppliers or len(mine)
        coupled = [i for i in mine if self.top[event.lines[i].vendor] > 0]
        plain = tuple(i for i in mine if self.top[event.lines[i].vendor] == 0)
        found: dict[tuple[int, ...], Value] = {}

        def walk(k: int, counts: list[int], units: int, used: int) -> None:
            if k == len(coupled):
                self.spend(1)
                rest = self.plain(plain, 0, max(quantity - units, 0), limit - used)
                if rest is None:
                    return
                cost, delivered, plain_vector = rest
                by_line = dict(zip(coupled, counts, strict=True))
                by_line.update((i, -n) for i, n in zip(plain, plain_vector, strict=True))
                vector = tuple(-by_line[i] for i in mine)
                added = tuple(
                    self.goods(i, n) if n else -1 for i, n in zip(coupled, counts, strict=True)
                )
                delivered += sum(
                    n * event.lines[i].pack_size for i, n in zip(coupled, counts, strict=True)
                )
                value = (cost, delivered, vector)
                old = found.get(added)
                if old is None or value < old:
                    found[added] = value
                return
            index = coupled[k]
            line = event.lines[index]
            walk(k + 1, [*counts, 0], units, used)
            if used < limit:
                self.spend(self.ceiling[index] - line.least_packs + 1)
                for n in range(line.least_packs, self.ceiling[index] + 1):
                    walk(k + 1, [*counts, n], units + n * line.pack_size, used + 1)

        walk(0, [], 0, 0)
        self.options_memo[(need, mine)] = found or None
        return found or None

    def plain(self, lines: tuple[int, ...], k: int, rest: int, slots: int) -> Value | None:
        """The least (cost, delivered, pack vector) covering ``rest`` units with at most
        ``slots`` of the plain ``lines[k:]``, or ``None``."""
        if rest == 0:
            return (0, 0, tuple(0 for _ in lines[k:]))
        if k == len(lines) or slots == 0:
            return None
        memo = self.plain_memo.setdefault(lines, {})
        key = (k, rest, slots)
        if key in memo:
            return memo[key]
        event = self.event
        index = lines[k]
        line = event.lines[index]
        rate = self.rate[line.vendor]
        best: Value | None = None
        skip = self.plain(lines, k + 1, rest, slots)
        if skip is not None:
            best = (skip[0], skip[1], (0, *skip[2]))
        covering = max(line.least_packs, -(-rest // line.pack_size))
        ceiling = self.ceiling[index]
        counts = list(range(line.least_packs, min(covering, ceiling) + 1))
        counts += [n for n in break_counts(line) if covering < n <= ceiling]
        self.spend(len(counts))
        for n in counts:
            after = self.plain(lines, k + 1, max(rest - n * line.pack_size, 0), slots - 1)
            if after is None:
                continue
            value = (
                self.goods(index, n) * rate + after[0],
                n * line.pack_size + after[1],
                (-n, *after[2]),
            )
            if best is None or value < best:
                best = value
        memo[key] = best
        return best


def exact_award(event: Event, work: int = DEFAULT_WORK) -> Award | Refusal | None:
    """The best award proven (``proven: true``), ``event_infeasible`` when no award is allowed,
    or ``None`` when the work budget ran out first (see the module docstring). The event has
    passed :func:`~quotecalc.solvers.award.check_event` and the cheap infeasibility check."""
    if not _plain_money(event):
        return None
    search = _Search(event, work)
    try:
        # Every pack count of every coupled line is an option of its item at least once: when
        # they alone pass the budget, the search gives up before it starts.
        search.spend(
            sum(
                search.ceiling[i] - event.lines[i].least_packs + 1
                for i in search.lines
                if search.top[event.lines[i].vendor] > 0
            )
        )
        search.left = work
        search.run()
    except OutOfWork:
        return None
    if search.best_packs is None:
        return Refusal(INFEASIBLE)
    packs, best = search.best_packs, search.best
    assert best is not None
    if not feasible(event, packs):
        raise AssertionError("the exact search's award breaks a rule")
    key = award_key(event, packs)
    if scaled(key[0], search.unit) != best[0] or key[1:] != best[1:]:
        raise AssertionError("the exact search's key and award_key disagree")
    return Award(packs, True, key[0])


def _plain_money(event: Event) -> bool:
    """Whether the event's money is what the search's proof assumes: no negative fee or price,
    percents within [0, 100]."""
    for vendor in event.vendors:
        if vendor.freight < 0 or vendor.other_fees < 0:
            return False
        if any(not 0 <= percent <= 100 for _, percent in vendor.tiers):
            return False
    for line in event.lines:
        if line.pack_price < 0 or any(price < 0 for _, price in line.breaks):
            return False
    return True
