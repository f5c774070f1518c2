"""The split search of the purchase planner: one CP-SAT model, solved exactly (issue 20).

Imported only when a split has to be searched (:func:`quotecalc.solvers.purchase.best_plan`),
so ``ortools`` (the ``[plan]`` extra) loads on that path alone.

The model, per usable offer ``i``: a use literal ``y_i`` and a pack count ``n_i`` with
``n_i = 0`` unused and ``least_i <= n_i <= ceiling_i`` used
(:func:`~quotecalc.solvers.purchase.pack_ceiling`). Each price level ``k`` allowed in that
range is a literal ``t_ik`` with its own count ``n_ik`` (``first_k * t_ik <= n_ik <= last_k *
t_ik``), exactly one level per used offer (``sum_k t_ik = y_i``, ``n_i = sum_k n_ik``), so the
goods cost is the linear ``sum_k price_k * n_ik`` (the disaggregated form: its LP relaxation is
the convex hull of each offer's cost, and it proved faster than a product constraint). Fees
are ``fees_i * y_i``. The need: ``sum_i min(size_i, quantity) * n_i >= quantity`` (the same set
of plans as with ``size_i``, with smaller coefficients). At most ``max_suppliers`` literals.

Money is scaled to integers by ``10^d``, ``d`` the most decimal places present (at most 6), never
rounded. Every linear expression's largest magnitude is checked against :data:`INT_LIMIT`
before the model is built (CP-SAT refuses a model that could overflow int64); an instance
beyond it is ``plan_out_of_range``.

Order: cost, suppliers and delivered quantity are one weighted objective ``cost * T + suppliers *
(D + 1) + delivered`` when it fits (``T = (S + 1) * (D + 1)``, ``S`` and ``D`` their largest
values: the lower levels can never outweigh one unit of the level above), else three solves,
each fixing the level found. The sorted supplier ids are decided last: a feasibility solve asks
for an equally good plan whose ids come first (:func:`_earlier`) until there is none.

Reproducible: one worker, a fixed seed, and the budget in deterministic time shared by all the
solves. ``proven`` only when every solve ended OPTIMAL (or INFEASIBLE for the id question). The
lower bound of an unproven plan is the solver's bound only when it is an integer a double
holds exactly, never less than the plain bound of :func:`plain_bound`; every figure of the plan
is recomputed exactly in Decimal from its pack counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Final

import attrs
from ortools.sat.python import cp_model

from ..core.exact import EXACT
from ..core.records import Record
from .purchase import OUT_OF_RANGE, Offer, Plan, pack_ceiling, plan_key, usable

INT_LIMIT: Final = 2**62
EXACT_DOUBLE: Final = 2**53
SEED: Final = 20
_DONE: Final = ("OPTIMAL", "INFEASIBLE")


def decimal_places(values: Sequence[Decimal]) -> int:
    """The most fractional digits any value needs (``1.50`` needs 1)."""
    places = 0
    for value in values:
        exponent = value.normalize().as_tuple().exponent
        assert isinstance(exponent, int)
        places = max(places, -exponent)
    return places


def levels(offer: Offer, low: int, high: int) -> tuple[tuple[int, int, Decimal], ...]:
    """The non-empty ``(first, last, price)`` pack ranges of each price level within
    ``[low, high]``, in ascending order."""
    starts = [(1, offer.pack_price)]
    starts += [(-(-minimum // offer.pack_size), price) for minimum, price in offer.breaks]
    found = []
    for index, (start, price) in enumerate(starts):
        end = starts[index + 1][0] - 1 if index + 1 < len(starts) else high
        first, last = max(start, low), min(end, high)
        if first <= last:
            found.append((first, last, price))
    return tuple(found)


def plain_bound(offers: Sequence[Offer], quantity: int) -> Decimal:
    """A lower bound of every plan's landed total, with no solver: each plan buys at least
    ``quantity`` units at no less than the least price per unit of any level of any offer, and
    pays at least one offer's fees; rounded up to the money's own last place (every total is a
    multiple of it)."""
    unit = min(
        Fraction(price) / offer.pack_size
        for offer in offers
        for price in (offer.pack_price, *(price for _, price in offer.breaks))
    )
    scale = 10 ** decimal_places(
        [price for o in offers for price in (o.pack_price, *(p for _, p in o.breaks))]
    )
    goods = EXACT.divide(Decimal(math.ceil(unit * quantity * scale)), scale)
    return EXACT.add(goods, min(offer.fees for offer in offers))


@attrs.frozen(eq=False, repr=False)
class _Line(Record):
    """One offer in the model: its index, use literal, pack count and levels."""

    index: int
    use: cp_model.IntVar
    count: cp_model.IntVar
    parts: tuple[tuple[cp_model.IntVar, cp_model.IntVar, int, int], ...]


def _scaled(value: Decimal, scale: int) -> int:
    numerator, denominator = EXACT.multiply(value, scale).as_integer_ratio()
    assert denominator == 1
    return numerator


class _Search:
    """One model and its solver; the solves share the deterministic budget."""

    def __init__(self, offers: Sequence[Offer], quantity: int, budget: float) -> None:
        self.offers, self.quantity, self.budget = offers, quantity, budget
        self.model = cp_model.CpModel()
        self.solver = cp_model.CpSolver()
        params = self.solver.parameters
        params.num_workers = 1
        params.random_seed = SEED
        # Probing during presolve cost more than it saved on every bench instance.
        params.cp_model_probing_level = 0
        self.statuses: list[str] = []
        self.spent = 0.0

    def hint(self, lines: Sequence[_Line], packs: Sequence[int]) -> None:
        self.model.clear_hints()  # type: ignore[no-untyped-call]
        for line in lines:
            count = packs[line.index]
            self.model.add_hint(line.use, count > 0)
            self.model.add_hint(line.count, count)
            for pick, part, first, last in line.parts:
                self.model.add_hint(pick, first <= count <= last)
                self.model.add_hint(part, count if first <= count <= last else 0)

    def solve(self, lines: Sequence[_Line]) -> tuple[int, ...] | None:
        """One solve within what is left of the budget; the plan found, hinted for the next."""
        self.solver.parameters.max_deterministic_time = max(self.budget - self.spent, 0.0)
        status = self.solver.solve(self.model)
        self.spent += self.solver.deterministic_time
        self.statuses.append(self.solver.status_name(status))
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        packs = [0] * len(self.offers)
        for line in lines:
            packs[line.index] = int(self.solver.value(line.count))
        self.hint(lines, packs)
        return tuple(packs)


@attrs.frozen(eq=False, repr=False)
class _Built(Record):
    """The model's lines, its objective levels and the scale of its money."""

    lines: tuple[_Line, ...]
    objectives: tuple[cp_model.LinearExprT, ...]
    scale: int
    span: int


def _line(run: _Search, index: int, scale: int, terms: list[tuple[int, cp_model.IntVar]]) -> _Line:
    """One offer's literals, counts and cost terms (see the module docstring)."""
    model, offer = run.model, run.offers[index]
    low, high = offer.least_packs, pack_ceiling(offer, run.quantity)
    use = model.new_bool_var(f"y{index}")
    count = model.new_int_var(0, high, f"n{index}")
    model.add(count >= low * use)
    model.add(count <= high * use)
    parts = []
    found = levels(offer, low, high)
    if len(found) == 1:
        terms.append((_scaled(found[0][2], scale), count))
    else:
        for k, (first, last, price) in enumerate(found):
            pick = model.new_bool_var(f"t{index}_{k}")
            part = model.new_int_var(0, last, f"n{index}_{k}")
            model.add(part >= first * pick)
            model.add(part <= last * pick)
            parts.append((pick, part, first, last))
            terms.append((_scaled(price, scale), part))
        model.add(sum(pick for pick, *_ in parts) == use)
        model.add(sum(part for _, part, *_ in parts) == count)
    terms.append((_scaled(offer.fees, scale), use))
    return _Line(index, use, count, tuple(parts))


def _ranges(offers: Sequence[Offer], quantity: int, scale: int) -> tuple[int, int, int]:
    """The largest cost, delivered quantity and covered quantity any model of these offers
    could reach (each offer at its ceiling at its dearest level, fees paid)."""
    cost = delivered = covered = 0
    for offer in offers:
        if usable(offer, quantity):
            high = pack_ceiling(offer, quantity)
            found = levels(offer, offer.least_packs, high)
            cost += max(_scaled(price, scale) for *_, price in found) * high
            cost += _scaled(offer.fees, scale)
            delivered += offer.pack_size * high
            covered += min(offer.pack_size, quantity) * high
    return cost, delivered, covered


def _build(run: _Search, max_suppliers: int | None) -> _Built | str:
    offers, quantity = run.offers, run.quantity
    money = [o.fees for o in offers] + [o.pack_price for o in offers]
    money += [price for o in offers for _, price in o.breaks]
    scale = 10 ** decimal_places(money)
    cost_max, deliver_max, cover_max = _ranges(offers, quantity, scale)
    if max(cost_max, deliver_max, cover_max) >= INT_LIMIT:
        return OUT_OF_RANGE
    terms: list[tuple[int, cp_model.IntVar]] = []
    lines = tuple(
        _line(run, index, scale, terms)
        for index, offer in enumerate(offers)
        if usable(offer, quantity)
    )
    model = run.model
    model.add(sum(min(offers[x.index].pack_size, quantity) * x.count for x in lines) >= quantity)
    suppliers = sum(line.use for line in lines)
    if max_suppliers is not None:
        model.add(suppliers <= max_suppliers)
    total = sum(coefficient * var for coefficient, var in terms)
    delivered = sum(offers[line.index].pack_size * line.count for line in lines)
    span = (len(lines) + 1) * (deliver_max + 1)
    if cost_max * span + span < INT_LIMIT:
        combined = total * span + suppliers * (deliver_max + 1) + delivered
        return _Built(lines, (combined,), scale, span)
    return _Built(lines, (total, suppliers, delivered), scale, 1)


def search(
    offers: Sequence[Offer],
    quantity: int,
    max_suppliers: int | None,
    *,
    budget: float,
    start: tuple[int, ...],
    single: tuple[int, ...] | None,
) -> Plan | str:
    """The best split (see the module docstring), starting from the feasible plan ``start``;
    ``single`` is the best single-source plan, if any."""
    run = _Search(offers, quantity, budget)
    built = _build(run, max_suppliers)
    if isinstance(built, str):
        return built
    model, lines = run.model, built.lines
    run.hint(lines, start)
    packs = start
    for level, objective in enumerate(built.objectives):
        model.minimize(objective)
        found = run.solve(lines)
        packs = packs if found is None else found
        if run.statuses[-1] != "OPTIMAL":
            bound = plan_key(offers, packs)[0]
            if level == 0:
                found_bound = run.solver.best_objective_bound
                bound = _bound(offers, quantity, found_bound, built.scale, built.span)
            return Plan(packs, False, bound, tuple(run.statuses))
        # The level's value from the solution's integers, never from the double objective.
        model.add(objective <= int(run.solver.value(objective)))
    if single is not None and sum(1 for count in packs if count) == 1:
        # The best plan has one supplier, so it is the best single source, found exactly.
        return Plan(single, True, plan_key(offers, single)[0], tuple(run.statuses))
    packs = _earlier(run, lines, packs)
    proven = all(status in _DONE for status in run.statuses)
    return Plan(packs, proven, plan_key(offers, packs)[0], tuple(run.statuses))


def _bound(
    offers: Sequence[Offer], quantity: int, solver_bound: float, scale: int, span: int
) -> Decimal:
    """The exact lower bound of an unproven search (see the module docstring)."""
    plain = plain_bound(offers, quantity)
    if not (solver_bound.is_integer() and 0 <= solver_bound < EXACT_DOUBLE):
        return plain
    # floor(bound / span) <= the least cost: the tie-break part of the objective is < span.
    return max(plain, EXACT.divide(Decimal(int(solver_bound) // span), scale))


def _earlier(run: _Search, lines: Sequence[_Line], packs: tuple[int, ...]) -> tuple[int, ...]:
    """Among plans as good as ``packs`` on every other level, the one whose sorted supplier ids
    come first: ask for one whose ids come before, until there is none (INFEASIBLE).

    A set ``B`` of the same size sorts before ``A = a_1 < ... < a_s`` iff for some ``p`` it holds
    ``a_1 .. a_{p-1}`` and an offer ranked below ``a_p`` other than those: then its ``p``-th
    smallest id is below ``a_p`` while its first ``p - 1`` ids are ``A``'s.
    """
    model, offers = run.model, run.offers
    ranked = sorted(lines, key=lambda line: offers[line.index].supplier_id)
    model.clear_objective()  # type: ignore[no-untyped-call]
    while True:
        chosen = [rank for rank, line in enumerate(ranked) if packs[line.index]]
        choices = []
        for p, rank in enumerate(chosen):
            choice = model.new_bool_var(f"z{p}")
            for earlier in chosen[:p]:
                model.add(ranked[earlier].use == 1).only_enforce_if(choice)
            below = [ranked[r].use for r in range(rank) if r not in chosen[:p]]
            if below:
                model.add(sum(below) >= 1).only_enforce_if(choice)
            else:
                model.add(choice == 0)
            choices.append(choice)
        model.add_bool_or(choices)
        found = run.solve(lines)
        if found is None:
            return packs
        packs = found
