"""The CP-SAT model written into its proto (``solvers/award/cpsat.py``, ``Model``; decision
38.11): each constraint it writes means what it says, checked against every assignment of a
small model, and writing it never imports pandas (the reason it exists)."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

pytest.importorskip("ortools")

from ortools.sat.python import cp_model_helper as cmh

from quotecalc.solvers.award.cpsat import (
    Model,
    at_least,
    at_most,
    exactly,
    negated,
    other_than,
)


def solve(model: Model) -> tuple[str, list[int], float]:
    params = cmh.SatParameters()
    params.num_workers = 1
    params.max_deterministic_time = 10.0
    wrapper = cmh.SolveWrapper()
    wrapper.set_parameters(params)
    response = wrapper.solve(model.proto)  # type: ignore[no-untyped-call]
    return response.status.name, [int(v) for v in response.solution], response.objective_value


# Each case: a builder of constraints on x, y in [0, 4] and b in {0, 1}, and the same rule in
# plain Python over one assignment.
CASES = [
    (
        "sum at least",
        lambda m, x, y, b: m.linear([(2, x), (3, y)], at_least(7)),
        lambda v: 2 * v[0] + 3 * v[1] >= 7,
    ),
    (
        "sum at most",
        lambda m, x, y, b: m.linear([(1, x), (-1, y)], at_most(-2)),
        lambda v: v[0] - v[1] <= -2,
    ),
    (
        "exactly",
        lambda m, x, y, b: m.linear([(1, x), (1, y)], exactly(5)),
        lambda v: v[0] + v[1] == 5,
    ),
    ("other than", lambda m, x, y, b: m.linear([(1, x)], other_than(0)), lambda v: v[0] != 0),
    (
        "enforced",
        lambda m, x, y, b: m.linear([(1, x)], exactly(3), b),
        lambda v: not v[2] or v[0] == 3,
    ),
    (
        "enforced by a negation",
        lambda m, x, y, b: m.linear([(1, y)], exactly(1), negated(b)),
        lambda v: v[2] or v[1] == 1,
    ),
    ("implication", lambda m, x, y, b: m.implication(negated(b), b), lambda v: v[2] == 1),
    ("any of", lambda m, x, y, b: m.any_of([negated(b)]), lambda v: v[2] == 0),
]


@pytest.mark.parametrize(("name", "build", "holds"), CASES, ids=[case[0] for case in CASES])
def test_each_constraint_means_what_it_says(name, build, holds) -> None:  # type: ignore[no-untyped-def]
    # The least of x + 10 y + 100 b under the constraint, by the solver and by brute force.
    model = Model()
    x, y, b = model.int_var(0, 4, "x"), model.int_var(0, 4, "y"), model.int_var(0, 1, "b")
    build(model, x, y, b)
    weights = [(1, x), (10, y), (100, b)]
    model.minimize(weights)
    status, solution, objective = solve(model)
    allowed = [v for v in itertools.product(range(5), range(5), range(2)) if holds(list(v))]
    least = min(v[0] + 10 * v[1] + 100 * v[2] for v in allowed)
    assert status == "OPTIMAL"
    assert objective == least
    assert holds(solution)


def test_minimize_replaces_the_objective_and_hints_keep_the_optimum() -> None:
    model = Model()
    x, y = model.int_var(0, 4, "x"), model.int_var(0, 4, "y")
    model.linear([(1, x), (1, y)], at_least(3))
    model.minimize([(1, x), (2, y)])
    model.minimize([(2, x), (1, y)])  # replaces: x = 0, y = 3 is least (3)
    model.hint(x, 3)
    model.hint(negated(model.int_var(0, 1, "b")), 1)
    status, solution, objective = solve(model)
    assert (status, solution[:2], objective) == ("OPTIMAL", [0, 3], 3.0)
    model.clear_hints()
    assert len(model.proto.solution_hint.vars) == 0


def test_the_model_writer_never_imports_pandas() -> None:
    probe = (
        "import sys, quotecalc.solvers.award.cpsat as c\n"
        "m = c.Model(); m.int_var(0, 1, 'x')\n"
        "print('pandas' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-B", "-c", probe], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "False"
