"""The search of the event award: the event's integer model (:mod:`.linear`), searched and
proven by CP-SAT (issue 26, ``docs/event-solver.md``).

Imported only inside :func:`quotecalc.solvers.award.best_award`, so ``ortools`` (the ``[plan]``
extra) loads on that path alone.

The order: cost, vendors and delivered units are one objective ``cost * S + vendors * (D + 1)
+ delivered`` (``S = (V + 1)(D + 1)``) when it fits, else three solves fixing each level. The
sorted vendor ids and the last rule (:func:`~quotecalc.solvers.award.award_key`) are settled
together by feasibility questions: "is there an award as good on the levels above whose ids
come first, or with the same vendors whose pack vector is greater?", until INFEASIBLE.

Reproducible: one worker, a fixed seed, the budget in deterministic time shared by all solves.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from ortools.sat.python import cp_model

from ...core.exact import EXACT, scaled
from .bound import plain_bound
from .costing import award_key, costing, feasible
from .linear import Formulation, OutOfRange, Terms
from .model import (
    INFEASIBLE,
    MODEL_INVALID,
    OUT_OF_RANGE,
    SEARCH_LEVELS,
    UNSOLVED,
    Award,
    Event,
    Refusal,
    line_order,
    search_size,
)
from .start import cheapest_per_item, first_award

EXACT_DOUBLE: Final = 2**53
SEED: Final = 26
# Every constraint in CP-SAT's LP (linearization level 2), whatever the size: with the
# facility-location linking (``Formulation._link``) it proved the realistic 20 x 10 events in
# 0.5-1.5 deterministic seconds where level 1 took 1.8-8 (decision 33.21; level 2 was already
# used from 300 usable lines, decision 26.23).
LINEARIZATION: Final = 2


class Solver:
    """The formulation as a CP-SAT model: one variable per column, one constraint per row."""

    def __init__(self, form: Formulation) -> None:
        self.form = form
        self.model = cp_model.CpModel()
        b = form.b
        self.vars = [
            self.model.new_bool_var(f"x{i}")
            if boolean
            else self.model.new_int_var(0, high, f"x{i}")
            for i, (high, boolean) in enumerate(zip(b.upper, b.boolean, strict=True))
        ]
        for row in b.rows:
            expr = self.expr(list(row.terms))
            if row.low is not None and row.low == row.high:
                self.model.add(expr == row.low)
            else:
                if row.low is not None:
                    self.model.add(expr >= row.low)
                if row.high is not None:
                    self.model.add(expr <= row.high)

    def expr(self, terms: Terms) -> cp_model.LinearExpr:
        self.form.b.worst(terms)
        return cp_model.LinearExpr.weighted_sum(
            [self.vars[x] for _, x in terms], [c for c, _ in terms]
        )


class Run:
    """One solver and the deterministic budget all the solves share."""

    def __init__(self, cp: Solver, budget: float) -> None:
        self.cp, self.m, self.budget = cp, cp.form, budget
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
        model = self.cp.model
        model.clear_hints()  # type: ignore[no-untyped-call]
        for column, value in self.m.values(tuple(packs)).items():
            model.add_hint(self.cp.vars[column], value)

    def solve(self) -> tuple[int, ...] | None:
        """One solve within what is left of the budget; the award found, hinted next."""
        self.solver.parameters.max_deterministic_time = max(self.budget - self.spent, 0.0)
        status = self.solver.solve(self.cp.model)
        self.spent += self.solver.deterministic_time
        self.statuses.append(self.solver.status_name(status))
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        packs = self.m.packs(lambda column: int(self.solver.value(self.cp.vars[column])))
        if not feasible(self.m.event, packs):
            raise AssertionError("the solver's award breaks a rule of the exact check")
        self.hint(packs)
        return packs

    def value(self, terms: Terms) -> int:
        """An expression's value in the last solution, from its integers."""
        return sum(c * int(self.solver.value(self.cp.vars[x])) for c, x in terms)


def search(event: Event, budget: float) -> Award | Refusal:
    """The best award (see the module docstring), or why there is none. A model larger than
    :data:`~quotecalc.solvers.award.SEARCH_LEVELS` price levels is not built: the first award
    is the answer, unproven, with the plain bound (``docs/event-solver.md``, "The budget")."""
    if search_size(event) > SEARCH_LEVELS:
        start = _start(event)
        return Refusal(UNSOLVED) if start is None else Award(start, False, plain_bound(event), True)
    try:
        m = Formulation(event)
        levels = m.objectives()
        cp = Solver(m)
    except OutOfRange:
        return Refusal(OUT_OF_RANGE)
    run = Run(cp, budget)
    model = cp.model
    packs: tuple[int, ...] | None = None
    start = _start(event)
    if start is not None:
        # Within the model's ranges: its counts are at most each line's ceiling.
        run.hint(start)
    for level, terms in enumerate(levels):
        objective = cp.expr(terms)
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
        model.add(objective <= run.value(terms))
    assert packs is not None
    model_cost = run.value(m.cost)
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
    m, model, var = run.m, run.cp.model, run.cp.vars
    event = m.event
    ranked = sorted(m.vendor_use, key=lambda v: event.vendors[v].supplier_id)
    ordered = [index for index in line_order(event) if index in m.count]
    while True:
        vendors = {event.lines[i].vendor for i in m.lines if packs[i]}
        choices = []
        prefix = None  # the literal "every vendor ranked so far is used as now"
        for rank, vendor in enumerate(ranked):
            use = var[m.vendor_use[vendor]]
            if vendor not in vendors:
                choice = model.new_bool_var(f"c{rank}")
                model.add(use == 1).only_enforce_if(choice)
                if prefix is not None:
                    model.add_implication(choice, prefix)
                choices.append(choice)
            same = model.new_bool_var(f"e{rank}")
            model.add(use == int(vendor in vendors)).only_enforce_if(same)
            if prefix is not None:
                model.add_implication(same, prefix)
            prefix = same
        tail = prefix
        for position, index in enumerate(ordered):
            count = var[m.count[index]]
            if packs[index] < m.b.upper[m.count[index]]:
                choice = model.new_bool_var(f"d{position}")
                model.add(count >= packs[index] + 1).only_enforce_if(choice)
                if tail is not None:
                    model.add_implication(choice, tail)
                choices.append(choice)
            same = model.new_bool_var(f"f{position}")
            model.add(count == packs[index]).only_enforce_if(same)
            if tail is not None:
                model.add_implication(same, tail)
            tail = same
        if not choices:
            return True, packs
        model.add_bool_or(choices)
        found = run.solve()
        status = run.statuses[-1]
        if status == "MODEL_INVALID":
            return None, packs
        if status == "INFEASIBLE":
            return True, packs
        if found is None:
            return False, packs
        packs = found
