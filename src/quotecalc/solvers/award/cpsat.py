"""The search of the event award: one CP-SAT model, solved exactly (issue 26,
``docs/event-solver.md``).

Imported only inside :func:`quotecalc.solvers.award.best_award`, so ``ortools`` (the ``[plan]``
extra) loads on that path alone.

Money is scaled to integers, never rounded: prices, fees, minimum order values and tier spends
by ``10^d`` (``d`` their most decimal places), tier percents by ``10^e``; a vendor's landed
total times ``U = 10^d * 100 * 10^e`` is the integer ``(100 * 10^e - P) * G + 100 * 10^e *
fees`` (``G`` its scaled goods subtotal, ``P`` its scaled percent).

The model, per usable line ``l`` (:func:`~quotecalc.solvers.award.usable`): a use literal
``y_l`` and a pack count ``n_l`` (0 unused, ``least <= n_l <= ceiling`` used,
:func:`~quotecalc.solvers.award.pack_ceiling`); each price level ``k`` within that range a
literal ``t_lk`` with its own count ``n_lk`` (``first_k t_lk <= n_lk <= last_k t_lk``,
``sum_k t_lk = y_l``, ``sum_k n_lk = n_l``), so the goods are linear. Per vendor a use
literal ``u_v`` (``y_l <= u_v <= sum y_l``); its goods range splits into segments, one per
spend tier (no tier below the first minimum spend), cut below at the minimum order value: a
literal ``z_vs`` and the goods ``g_vs`` in ``[low_s z_vs, high_s z_vs]``, ``sum_s z_vs = u_v``,
``sum_s g_vs = G_v``, so the reached tier is exactly the segment the goods lie in and the
discounted goods are the linear ``sum_s (100 10^e - P_s) g_vs``. Needs:
``sum min(packSize, quantity) n_l >= quantity``, ``sum y_l <= maxSuppliers`` per need,
``sum u_v <= maxSuppliers`` for the event. The facility-location linking (issue 33): each level
(or a one-level line) covers ``c_lk <= min(quantity, packSize * last_k) * t_lk`` and ``c_lk <=
packSize * n_lk`` units of its need, ``sum c_lk >= quantity`` (:meth:`Model._link`).

Every linear expression's worst magnitude (``sum |coefficient| * upper bound``, as CP-SAT
validates it) is checked against :data:`INT_LIMIT` before it is added; an event beyond it is
``event_out_of_range``.

The order: cost, vendors and delivered units are one objective ``cost * S + vendors * (D + 1)
+ delivered`` (``S = (V + 1)(D + 1)``) when it fits, else three solves fixing each level. The
sorted vendor ids and the last rule (:func:`~quotecalc.solvers.award.award_key`) are settled
together by feasibility questions: "is there an award as good on the levels above whose ids
come first, or with the same vendors whose pack vector is greater?", until INFEASIBLE.

Reproducible: one worker, a fixed seed, the budget in deterministic time shared by all solves.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from ortools.sat.python import cp_model

from ...core.exact import EXACT, scaled
from .bound import plain_bound
from .costing import award_key, costing, feasible
from .model import (
    INFEASIBLE,
    MODEL_INVALID,
    OUT_OF_RANGE,
    SEARCH_LEVELS,
    UNSOLVED,
    Award,
    Event,
    Refusal,
    break_counts,
    line_order,
    money_places,
    overbuy_worth,
    pack_ceiling,
    plain_top,
    price_at,
    search_size,
    top_price,
    top_spend,
    usable,
)
from .start import cheapest_per_item, first_award

INT_LIMIT: Final = 2**62
EXACT_DOUBLE: Final = 2**53
SEED: Final = 26
# Every constraint in CP-SAT's LP (linearization level 2), whatever the size: with the
# facility-location linking (``Model._link``) it proved the realistic 20 x 10 events in 0.5-1.5
# deterministic seconds where level 1 took 1.8-8 (decision 33.21; level 2 was already used from
# 300 usable lines, decision 26.23).
LINEARIZATION: Final = 2

Terms = list[tuple[int, cp_model.IntVar]]


class OutOfRange(Exception):
    """A linear expression of the model could exceed :data:`INT_LIMIT`."""


class Builder:
    """A CP-SAT model whose variables are all non-negative with a known upper bound, so every
    linear expression's worst magnitude is known before it is added."""

    def __init__(self) -> None:
        self.model = cp_model.CpModel()
        self.upper: dict[int, int] = {}

    def int_var(self, high: int, name: str) -> cp_model.IntVar:
        self.worst([], high)
        var = self.model.new_int_var(0, high, name)
        self.upper[var.index] = high
        return var

    def bool_var(self, name: str) -> cp_model.IntVar:
        var = self.model.new_bool_var(name)
        self.upper[var.index] = 1
        return var

    def worst(self, terms: Terms, constant: int = 0) -> int:
        """``sum |c| * upper(x) + |constant|``; raises :class:`OutOfRange` at the limit."""
        total = abs(constant) + sum(abs(c) * self.upper[x.index] for c, x in terms)
        if total >= INT_LIMIT or any(abs(c) >= INT_LIMIT for c, _ in terms):
            raise OutOfRange
        return total

    def expr(self, terms: Terms) -> cp_model.LinearExpr:
        self.worst(terms)
        return cp_model.LinearExpr.weighted_sum([x for _, x in terms], [c for c, _ in terms])

    # CP-SAT bounds a constraint's expression, not its right-hand side (a domain).
    def at_least(self, terms: Terms, low: int) -> None:
        self.model.add(self.expr(terms) >= low)

    def at_most(self, terms: Terms, high: int) -> None:
        self.model.add(self.expr(terms) <= high)

    def equal(self, terms: Terms, value: int = 0) -> None:
        self.model.add(self.expr(terms) == value)


class Model:
    """The event's model (see the module docstring) and the expressions of the order."""

    def __init__(self, event: Event) -> None:
        self.event = event
        places, percent_places = money_places(event)
        self.scale = 10**places
        self.whole = 100 * 10**percent_places
        self.unit = self.scale * self.whole
        self.b = Builder()
        self.lines = [index for index in range(len(event.lines)) if usable(event, index)]
        self.count: dict[int, cp_model.IntVar] = {}
        self.use: dict[int, cp_model.IntVar] = {}
        self.vendor_use: dict[int, cp_model.IntVar] = {}
        self.cost: Terms = []
        self.delivered: Terms = []
        self.goods: dict[int, Terms] = {}
        self.goods_max: dict[int, int] = {}
        self.goods_plain: dict[int, int] = {}
        self.step: dict[int, int] = {}
        # (pick, part, first, last) per level of a line / per tier segment of a vendor.
        self.levels: dict[int, list[tuple[cp_model.IntVar, cp_model.IntVar, int, int]]] = {}
        self.segments: dict[int, list[tuple[cp_model.IntVar, cp_model.IntVar, int, int]]] = {}
        # The units each level covers (``_link``), per need, and (covered, part, pick) per line.
        self.covered: dict[int, Terms] = {}
        self.links: dict[int, list[tuple[cp_model.IntVar, cp_model.IntVar, cp_model.IntVar]]] = {}
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
        use = b.bool_var(f"y{index}")
        count = b.int_var(high, f"n{index}")
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
            for k, (first, last, price) in enumerate(found):
                pick = b.bool_var(f"t{index}_{k}")
                part = b.int_var(last, f"n{index}_{k}")
                b.at_least([(1, part), (-first, pick)], 0)
                b.at_most([(1, part), (-last, pick)], 0)
                picks.append((1, pick))
                parts.append((1, part))
                goods.append((price, part))
                self.levels.setdefault(index, []).append((pick, part, first, last))
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

    def _link(
        self, index: int, pick: cp_model.IntVar, part: cp_model.IntVar, quantity: int, last: int
    ) -> None:
        """The facility-location linking of one level of a line (or the line, with one level):
        the units of its need it covers, at most the need while the level is chosen and at
        most what its packs deliver. Any award meets it with ``covered = min(quantity, size *
        packs)`` (a sum of those reaches the need iff the units do), and the relaxation then
        pays a level's price per unit and a share of its vendor's fees for every unit it
        covers, instead of spreading a pack ceiling far above the need."""
        b, line = self.b, self.event.lines[index]
        reach = min(quantity, line.pack_size * last)
        covered = b.int_var(reach, f"c{index}_{part.index}")
        b.at_most([(1, covered), (-reach, pick)], 0)
        b.at_most([(1, covered), (-line.pack_size, part)], 0)
        self.covered.setdefault(line.need, []).append((1, covered))
        self.links.setdefault(index, []).append((covered, part, pick))

    def _vendor(self, index: int) -> None:
        b, vendor = self.b, self.event.vendors[index]
        use = b.bool_var(f"u{index}")
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
        for k, (low, high, percent) in enumerate(segments):
            pick = b.bool_var(f"z{index}_{k}")
            part = b.int_var(high, f"g{index}_{k}")
            b.at_least([(1, part), (-low, pick)], 0)
            b.at_most([(1, part), (-high, pick)], 0)
            picks.append((1, pick))
            parts.append((1, part))
            self.cost.append((self.whole - percent, part))
            self.segments.setdefault(index, []).append((pick, part, low, high))
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
                    min(
                        need.quantity, event.lines[i].pack_size * self.b.upper[self.count[i].index]
                    ),
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

    def objectives(self) -> tuple[Terms, ...]:
        """The levels (cost, vendors, delivered) as one objective when it fits, else three."""
        span_low = self.delivered_max + 1
        span = (len(self.vendor_use) + 1) * span_low
        combined = [(c * span, x) for c, x in self.cost]
        combined += [(span_low, x) for _, x in self.vendors] + self.delivered
        try:
            self.b.worst(combined)
        except OutOfRange:
            return (self.cost, self.vendors, self.delivered)
        return (combined,)

    def packs(self, solver: cp_model.CpSolver) -> tuple[int, ...]:
        packs = [0] * len(self.event.lines)
        for index in self.lines:
            packs[index] = int(solver.value(self.count[index]))
        return tuple(packs)


class Run:
    """One solver and the deterministic budget all the solves share."""

    def __init__(self, model: Model, budget: float) -> None:
        self.m, self.budget = model, budget
        self.solver = cp_model.CpSolver()
        params = self.solver.parameters
        params.num_workers = 1
        params.random_seed = SEED
        params.linearization_level = LINEARIZATION
        # Probing during presolve cost more than it saved on the bench's events.
        params.cp_model_probing_level = 0
        self.statuses: list[str] = []
        self.spent = 0.0

    def hint(self, packs: Sequence[int]) -> None:
        """Hint every variable of the model from an allowed award."""
        m = self.m
        model = m.b.model
        model.clear_hints()  # type: ignore[no-untyped-call]
        goods: dict[int, int] = {}
        for index in m.lines:
            count = packs[index]
            model.add_hint(m.count[index], count)
            model.add_hint(m.use[index], count > 0)
            part_hint: dict[int, int] = {}
            for pick, part, first, last in m.levels.get(index, []):
                model.add_hint(pick, first <= count <= last)
                part_hint[part.index] = count if first <= count <= last else 0
                model.add_hint(part, part_hint[part.index])
            line = m.event.lines[index]
            quantity = m.event.needs[line.need].quantity
            for covered, part, _ in m.links.get(index, []):
                # The part's value as hinted just above (the count itself with one level).
                chosen = count if part is m.count[index] else part_hint.get(part.index, 0)
                model.add_hint(covered, min(quantity, line.pack_size * chosen))
            value = scaled(EXACT.multiply(price_at(line, count), count), m.scale)
            goods[line.vendor] = goods.get(line.vendor, 0) + value
        for vendor, use in m.vendor_use.items():
            used = any(packs[i] for i in m.lines if m.event.lines[i].vendor == vendor)
            model.add_hint(use, used)
            for pick, part, low, high in m.segments.get(vendor, []):
                inside = used and low <= goods[vendor] <= high
                model.add_hint(pick, inside)
                model.add_hint(part, goods[vendor] if inside else 0)

    def solve(self) -> tuple[int, ...] | None:
        """One solve within what is left of the budget; the award found, hinted next."""
        self.solver.parameters.max_deterministic_time = max(self.budget - self.spent, 0.0)
        status = self.solver.solve(self.m.b.model)
        self.spent += self.solver.deterministic_time
        self.statuses.append(self.solver.status_name(status))
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        packs = self.m.packs(self.solver)
        if not feasible(self.m.event, packs):
            raise AssertionError("the solver's award breaks a rule of the exact check")
        self.hint(packs)
        return packs


def search(event: Event, budget: float) -> Award | Refusal:
    """The best award (see the module docstring), or why there is none. A model larger than
    :data:`~quotecalc.solvers.award.SEARCH_LEVELS` price levels is not built: the first award
    is the answer, unproven, with the plain bound (``docs/event-solver.md``, "The budget")."""
    if search_size(event) > SEARCH_LEVELS:
        start = _start(event)
        return Refusal(UNSOLVED) if start is None else Award(start, False, plain_bound(event), True)
    try:
        m = Model(event)
        levels = m.objectives()
    except OutOfRange:
        return Refusal(OUT_OF_RANGE)
    run = Run(m, budget)
    model = m.b.model
    packs: tuple[int, ...] | None = None
    start = _start(event)
    if start is not None:
        # Within the model's ranges: its counts are at most each line's ceiling.
        run.hint(start)
    for level, terms in enumerate(levels):
        objective = m.b.expr(terms)
        model.minimize(objective)
        found = run.solve()
        status = run.statuses[-1]
        if status == "MODEL_INVALID":
            return Refusal(MODEL_INVALID)
        if status == "INFEASIBLE":
            assert packs is None, "a level fixed at a found value cannot be infeasible"
            # The ceilings keep a best award whenever any award is allowed.
            assert start is None, "an allowed first award, yet the model is infeasible"
            return Refusal(INFEASIBLE)
        packs = packs if found is None else found
        if packs is None:
            # The budget ended before the search found an award: the first award, unproven.
            packs = start
        if packs is None:
            return Refusal(UNSOLVED)
        if status != "OPTIMAL":
            bound = plain_bound(event)
            if level == 0:
                span = 1 if len(levels) > 1 else (len(m.vendor_use) + 1) * (m.delivered_max + 1)
                bound = max(bound, _solver_bound(run.solver.best_objective_bound, span, m.unit))
            else:
                bound = costing(event, packs).landed_total
            return Award(packs, False, bound, True, cost_proven=level > 0)
        # The level's value from the solution's integers, never from the double objective.
        m.b.at_most(terms, int(run.solver.value(objective)))
    assert packs is not None
    model_cost = sum(c * int(run.solver.value(x)) for c, x in m.cost)
    if scaled(costing(event, packs).landed_total, m.unit) != model_cost:
        raise AssertionError("the model's cost and the exact costing disagree")
    # The objective stays: with it CP-SAT prunes the tie questions by its bound (the levels are
    # already fixed at their value, so any award found is a tie); without it the same question
    # ran out of a 20-second budget on a 20 x 10 event that it now settles in 0.3 (decision 26.19).
    run.solver.parameters.stop_after_first_solution = True
    settled, packs = _settle(run, packs)
    if settled is None:
        return Refusal(MODEL_INVALID)
    total = costing(event, packs).landed_total
    return Award(packs, settled, total, not settled, cost_proven=True)


def _start(event: Event) -> tuple[int, ...] | None:
    """The award the search starts from: the least by :func:`award_key` of the per-item
    baseline and the greedy first award (``docs/event-solver.md``, "The first award")."""
    found = [packs for packs in (cheapest_per_item(event), first_award(event)) if packs is not None]
    return min(found, key=lambda packs: award_key(event, packs), default=None)


def _solver_bound(bound: float, span: int, unit: int) -> Decimal:
    """The least cost the solver's objective bound proves, when it is an integer a double holds
    exactly: ``cost * span + rest >= bound`` with ``0 <= rest < span`` gives ``cost >=
    floor(bound / span)``."""
    if not (bound.is_integer() and 0 <= bound < EXACT_DOUBLE):
        return Decimal(0)
    return EXACT.divide(Decimal(int(bound) // span), Decimal(unit))


def _settle(run: Run, packs: tuple[int, ...]) -> tuple[bool | None, tuple[int, ...]]:
    """Among awards equal to ``packs`` on cost, vendors and delivered units (fixed in the
    model), find the least by the sorted vendor ids, then by the last rule: ask for a better
    one until there is none. ``(True, packs)`` settled, ``(False, packs)`` stopped by the
    budget, ``(None, packs)`` when the solver rejected the model.

    For sets of equal size, ``B``'s sorted ids come before ``A``'s iff the least id in which
    they differ is in ``B``: so "earlier" is "for some rank ``r`` not in ``A``: the vendors
    ranked below ``r`` are used exactly as in ``A`` and ``r`` is used". "Greater pack vector"
    is likewise "for some position ``p``: the lines before ``p`` (in (itemId, supplierId)
    order) take the same packs and line ``p`` takes more". A prefix-equality chain of literals
    keeps both linear in size.
    """
    m, b = run.m, run.m.b
    event = m.event
    ranked = sorted(m.vendor_use, key=lambda v: event.vendors[v].supplier_id)
    ordered = [index for index in line_order(event) if index in m.count]
    while True:
        vendors = {event.lines[i].vendor for i in m.lines if packs[i]}
        choices = []
        prefix = None  # the literal "every vendor ranked so far is used as now"
        for rank, vendor in enumerate(ranked):
            use = m.vendor_use[vendor]
            if vendor not in vendors:
                choice = b.bool_var(f"c{rank}")
                b.model.add(use == 1).only_enforce_if(choice)
                if prefix is not None:
                    b.model.add_implication(choice, prefix)
                choices.append(choice)
            same = b.bool_var(f"e{rank}")
            b.model.add(use == int(vendor in vendors)).only_enforce_if(same)
            if prefix is not None:
                b.model.add_implication(same, prefix)
            prefix = same
        tail = prefix
        for position, index in enumerate(ordered):
            count = m.count[index]
            if packs[index] < b.upper[count.index]:
                choice = b.bool_var(f"d{position}")
                b.model.add(count >= packs[index] + 1).only_enforce_if(choice)
                if tail is not None:
                    b.model.add_implication(choice, tail)
                choices.append(choice)
            same = b.bool_var(f"f{position}")
            b.model.add(count == packs[index]).only_enforce_if(same)
            if tail is not None:
                b.model.add_implication(same, tail)
            tail = same
        if not choices:
            return True, packs
        b.model.add_bool_or(choices)
        found = run.solve()
        status = run.statuses[-1]
        if status == "MODEL_INVALID":
            return None, packs
        if status == "INFEASIBLE":
            return True, packs
        if found is None:
            return False, packs
        packs = found
