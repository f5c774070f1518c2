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

from ortools.sat.python import cp_model_helper as cmh

from ...core.exact import EXACT, scaled
from .costing import costing, feasible
from .linear import INT_LIMIT, Formulation, OutOfRange, Terms
from .model import (
    INFEASIBLE,
    MODEL_INVALID,
    OUT_OF_RANGE,
    UNSOLVED,
    Award,
    Event,
    Refusal,
    line_order,
)

EXACT_DOUBLE: Final = 2**53
INT64_MAX: Final = 2**63 - 1
INT64_MIN: Final = -(2**63)
SEED: Final = 26
# Every constraint in CP-SAT's LP (linearization level 2), whatever the size: with the
# facility-location linking (``Formulation._link``) it proved the realistic 20 x 10 events in
# 0.5-1.5 deterministic seconds where level 1 took 1.8-8 (decision 33.21; level 2 was already
# used from 300 usable lines, decision 26.23).
LINEARIZATION: Final = 2


class Model:
    """A CP-SAT model written straight into its proto (``cp_model_helper``, the layer
    ``cp_model`` itself writes to; decision 38.11): a variable is its index, a literal its index
    or ``-index - 1`` for its negation, a linear term list ``[(coefficient, variable), ...]``."""

    def __init__(self) -> None:
        self.proto = cmh.CpModelProto()

    def int_var(self, low: int, high: int, name: str) -> int:
        """A new integer variable on ``[low, high]``."""
        variable = self.proto.variables.add()
        variable.name = name
        variable.domain.extend((low, high))
        return len(self.proto.variables) - 1

    def linear(self, terms: Terms, domain: Sequence[int], enforced_by: int | None = None) -> None:
        """``sum(c x) in domain`` (closed intervals, flat), only when ``enforced_by`` holds."""
        constraint = self.proto.constraints.add()
        if enforced_by is not None:
            constraint.enforcement_literal.append(enforced_by)
        constraint.linear.vars.extend(x for _, x in terms)
        constraint.linear.coeffs.extend(c for c, _ in terms)
        constraint.linear.domain.extend(domain)

    def implication(self, when: int, then: int) -> None:
        """``when => then``."""
        constraint = self.proto.constraints.add()
        constraint.enforcement_literal.append(when)
        constraint.bool_and.literals.append(then)

    def any_of(self, literals: Sequence[int]) -> None:
        """At least one of ``literals``."""
        self.proto.constraints.add().bool_or.literals.extend(literals)

    def hint(self, literal: int, value: int) -> None:
        """A value to try first (a negated literal's hint is its variable's opposite)."""
        hints = self.proto.solution_hint
        if literal >= 0:
            hints.vars.append(literal)
            hints.values.append(value)
        else:
            hints.vars.append(negated(literal))
            hints.values.append(int(not value))

    def clear_hints(self) -> None:
        """No hint."""
        self.proto.clear_solution_hint()

    def minimize(self, terms: Terms) -> None:
        """The objective, replacing any before it."""
        self.proto.clear_objective()
        objective = self.proto.objective
        objective.vars.extend(x for _, x in terms)
        objective.coeffs.extend(c for c, _ in terms)
        objective.scaling_factor = 1


def negated(literal: int) -> int:
    """The literal's negation."""
    return -literal - 1


def at_least(low: int) -> tuple[int, int]:
    """The domain ``[low, +inf)``."""
    return (low, INT64_MAX)


def at_most(high: int) -> tuple[int, int]:
    """The domain ``(-inf, high]``."""
    return (INT64_MIN, high)


def exactly(value: int) -> tuple[int, int]:
    """The domain ``{value}``."""
    return (value, value)


def other_than(value: int) -> tuple[int, int, int, int]:
    """The domain of every integer but ``value``."""
    return (INT64_MIN, value - 1, value + 1, INT64_MAX)


class Solver:
    """The formulation as a CP-SAT model: one variable per column, one constraint per row."""

    def __init__(self, form: Formulation) -> None:
        self.form = form
        self.model = Model()
        b = form.b
        self.vars = [
            self.model.int_var(0, 1 if boolean else high, f"x{i}")
            for i, (high, boolean) in enumerate(zip(b.upper, b.boolean, strict=True))
        ]
        for row in b.rows:
            terms = self.terms(list(row.terms))
            if row.low is not None and row.low == row.high:
                self.model.linear(terms, exactly(row.low))
            else:
                if row.low is not None:
                    self.model.linear(terms, at_least(row.low))
                if row.high is not None:
                    self.model.linear(terms, at_most(row.high))

    def terms(self, terms: Terms) -> Terms:
        """The formulation's terms on the model's variables (each checked in range)."""
        self.form.b.worst(terms)
        return [(c, self.vars[x]) for c, x in terms]


class Run:
    """One solver and the deterministic budget all the solves share."""

    def __init__(self, cp: Solver, budget: float) -> None:
        self.cp, self.m, self.budget = cp, cp.form, budget
        self.parameters = cmh.SatParameters()
        params = self.parameters
        params.num_workers = 1
        params.random_seed = SEED
        params.linearization_level = LINEARIZATION
        # Probing during presolve cost more than it saved on the bench's events.
        params.cp_model_probing_level = 0
        self.statuses: list[str] = []
        self.spent = 0.0
        self.unique = False
        self.response: cmh.CpSolverResponse | None = None

    def hint(self, packs: Sequence[int]) -> None:
        """Hint every variable of the model from an allowed award."""
        model = self.cp.model
        model.clear_hints()
        for column, value in self.m.values(tuple(packs)).items():
            model.hint(self.cp.vars[column], value)

    def solve(self) -> tuple[int, ...] | None:
        """One solve within what is left of the budget; the award found, hinted next."""
        self.parameters.max_deterministic_time = max(self.budget - self.spent, 0.0)
        # A wrapper per solve, as cp_model's own CpSolver does: one is not reusable.
        wrapper = cmh.SolveWrapper()
        wrapper.set_parameters(self.parameters)
        self.response = response = wrapper.solve(self.cp.model.proto)  # type: ignore[no-untyped-call]
        self.spent += response.deterministic_time
        self.statuses.append(response.status.name)
        if response.status not in (cmh.CpSolverStatus.OPTIMAL, cmh.CpSolverStatus.FEASIBLE):
            return None
        packs = self.m.packs(lambda column: self.solution(self.cp.vars[column]))
        if not feasible(self.m.event, packs):
            raise AssertionError("the solver's award breaks a rule of the exact check")
        self.hint(packs)
        return packs

    def solution(self, variable: int) -> int:
        """A variable's value in the last solution."""
        assert self.response is not None
        return int(self.response.solution[variable])

    def same_as(self, packs: Sequence[int]) -> int:
        """A literal true exactly when the award's pack counts are ``packs`` (hinted true)."""
        model, var = self.cp.model, self.cp.vars
        equal = []
        for index in self.m.lines:
            literal = model.int_var(0, 1, f"s{index}")
            count = [(1, var[self.m.count[index]])]
            model.linear(count, exactly(packs[index]), literal)
            model.linear(count, other_than(packs[index]), negated(literal))
            model.hint(literal, 1)
            equal.append(literal)
        same = model.int_var(0, 1, "same")
        model.any_of([same, *(negated(literal) for literal in equal)])
        for literal in equal:
            model.implication(same, literal)
        model.hint(same, 1)
        return same

    def value(self, terms: Terms) -> int:
        """An expression's value in the last solution, from its integers."""
        return sum(c * self.solution(self.cp.vars[x]) for c, x in terms)


def search(
    event: Event,
    budget: float,
    start: tuple[int, ...] | None,
    form: Formulation,
    bound: Decimal,
) -> Award | Refusal:
    """The best award (see the module docstring), or why there is none, searched from
    ``start`` (an allowed award, or ``None``) within ``budget`` deterministic seconds; ``bound``
    is an exact lower bound already proven (the relaxation's, or the plain one), kept when the
    budget stops the search first."""
    try:
        cp = Solver(form)
    except OutOfRange:
        return Refusal(OUT_OF_RANGE)
    run = Run(cp, budget)
    if start is not None:
        run.hint(start)
    first = _least_cost(run, start)
    if not isinstance(first, tuple):
        return first
    packs, status, solver_bound = first
    total = costing(event, packs).landed_total
    if status != "OPTIMAL":
        lower = min(max(bound, solver_bound), total)
        return Award(packs, False, lower, True, cost_proven=lower == total)
    if packs == start and start is not None and run.unique:
        # 2 cost + [award == start] is least at start alone: every other award costs more,
        # so no tie level can put another first (decision 38.3).
        return Award(packs, True, total, False)
    # The least cost is proven; the tie levels and the last rule are settled among the awards
    # of that cost.
    cp.model.linear(cp.terms(form.cost), at_most(run.value(form.cost)))
    for terms in form.tie_levels():
        cp.model.minimize(cp.terms(terms))
        found = run.solve()
        status = run.statuses[-1]
        if status == "MODEL_INVALID":
            return Refusal(MODEL_INVALID)
        packs = packs if found is None else found
        if status != "OPTIMAL":
            return Award(packs, False, costing(event, packs).landed_total, True, cost_proven=True)
        # The level's value from the solution's integers, never from the double objective.
        cp.model.linear(cp.terms(terms), at_most(run.value(terms)))
    # The objective stays: with it CP-SAT prunes the tie questions by its bound (the levels are
    # already fixed at their value, so any award found is a tie); without it the same question
    # ran out of a 20-second budget on a 20 x 10 event that it now settles in 0.3 (decision 26.19).
    run.parameters.stop_after_first_solution = True
    settled, packs = _settle(run, packs)
    if settled is None:
        return Refusal(MODEL_INVALID)
    total = costing(event, packs).landed_total
    return Award(packs, settled, total, not settled, cost_proven=True)


def _least_cost(
    run: Run, start: tuple[int, ...] | None
) -> tuple[tuple[int, ...], str, Decimal] | Refusal:
    """The solve of the cost level: ``(award, status, the cost bound it proves)``, or why there
    is no award.

    From a start, the objective is ``2 cost + e`` with ``e`` true exactly when the award is the
    start (:meth:`Run.same_as`): when the start is the least award by cost alone, its value
    ``2 C + 1`` is proven least only if no other award costs ``C`` or less, so one solve proves
    both the least cost and that no tie exists (the tie levels need no solve at all). When
    another award is found at ``2 C'`` (``C' <= C``), its cost is proven least and ties are
    settled after. Without a start, or when ``2 cost + 1`` does not fit the range, the
    objective is the cost alone."""
    form, cp = run.m, run.cp
    run.unique = start is not None and 2 * form.cost_max + 1 < INT_LIMIT
    if run.unique:
        assert start is not None
        same = run.same_as(start)
        cp.model.minimize([(2 * c, cp.vars[x]) for c, x in form.cost] + [(1, same)])
    else:
        cp.model.minimize(cp.terms(form.cost))
    found = run.solve()
    status = run.statuses[-1]
    if status == "MODEL_INVALID":
        return Refusal(MODEL_INVALID)
    if status == "INFEASIBLE":
        # The ceilings keep a best award whenever any award is allowed.
        assert start is None, "an allowed start, yet the model is infeasible"
        return Refusal(INFEASIBLE)
    packs = found if found is not None else start
    if packs is None:
        return Refusal(UNSOLVED)
    model_cost = run.value(form.cost) if found is not None else None
    if model_cost is not None and scaled(costing(form.event, packs).landed_total, form.unit) != (
        model_cost
    ):
        raise AssertionError("the model's cost and the exact costing disagree")
    assert run.response is not None
    solver = run.response.best_objective_bound
    least = Decimal(0)
    if solver.is_integer() and 0 <= solver < EXACT_DOUBLE:
        # 2 cost + e >= B with e <= 1 gives cost >= ceil((B - 1) / 2).
        units = -(-(int(solver) - 1) // 2) if run.unique else int(solver)
        least = EXACT.divide(Decimal(max(units, 0)), Decimal(form.unit))
    return packs, status, least


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
                choice = model.int_var(0, 1, f"c{rank}")
                model.linear([(1, use)], exactly(1), choice)
                if prefix is not None:
                    model.implication(choice, prefix)
                choices.append(choice)
            same = model.int_var(0, 1, f"e{rank}")
            model.linear([(1, use)], exactly(int(vendor in vendors)), same)
            if prefix is not None:
                model.implication(same, prefix)
            prefix = same
        tail = prefix
        for position, index in enumerate(ordered):
            count = var[m.count[index]]
            if packs[index] < m.b.upper[m.count[index]]:
                choice = model.int_var(0, 1, f"d{position}")
                model.linear([(1, count)], at_least(packs[index] + 1), choice)
                if tail is not None:
                    model.implication(choice, tail)
                choices.append(choice)
            same = model.int_var(0, 1, f"f{position}")
            model.linear([(1, count)], exactly(packs[index]), same)
            if tail is not None:
                model.implication(same, tail)
            tail = same
        if not choices:
            return True, packs
        model.any_of(choices)
        found = run.solve()
        status = run.statuses[-1]
        if status == "MODEL_INVALID":
            return None, packs
        if status == "INFEASIBLE":
            return True, packs
        if found is None:
            return False, packs
        packs = found
