"""The award's linear relaxation (issue 38, ``solvers/award/relaxation.py``): its exact bound
from HiGHS's duals is never above the best award (checked against the independent exhaustive
search), and HiGHS never writes to standard output, whose bytes are the answer."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction

import pytest

from conftest import ROOT
from test_solver_award_brute import exhaustive, small_event

pytest.importorskip("highspy")

from quotecalc.solvers.award.linear import Formulation
from quotecalc.solvers.award.relaxation import Relaxation, safe_bound


def test_the_first_instance_prints_nothing_on_standard_output() -> None:
    code = (
        "from quotecalc.solvers.award.relaxation import _highs\n"
        "_highs(); _highs()\n"
        "print('only this')\n"
    )
    done = subprocess.run(
        [sys.executable, "-B", "-c", code],
        capture_output=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "src")},
    )
    assert done.stdout == b"only this\n"


def test_an_event_searched_with_the_relaxation_answers_one_json_object() -> None:
    # 20 x 10: the exact search without a solver gives up, so HiGHS and CP-SAT answer it.
    sys.path.insert(0, str(ROOT / "scripts"))
    from bench_event import generate, request_of

    body = json.dumps(request_of(generate(0, 20, 10, "realistic"))).encode()
    done = subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--event"],
        input=body,
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["kind"] == "event-award"
    assert done.stdout.count(b"\n") == 1 and done.stdout.endswith(b"}\n")


@pytest.mark.parametrize("chunk", range(4))
def test_the_exact_bound_is_never_above_the_best_award(chunk: int) -> None:
    rng = random.Random(38_000 + chunk)
    compared = 0
    while compared < 30:
        event = small_event(rng)
        expected = exhaustive(event)
        if expected is None or isinstance(expected, str):
            continue
        compared += 1
        form = Formulation(event)
        root = Relaxation(form, 100_000).solve()
        assert root is not None
        bound = Fraction(safe_bound(form, root.duals), form.unit)
        assert bound <= expected[0][0]
        # Tight: the relaxation's own optimum rounded up to a whole unit (1/U), within what
        # HiGHS's rounding could lose.
        optimum = root.objective / form.unit
        slack = 1 / form.unit + 1e-6 * max(1.0, abs(optimum))
        assert optimum - slack <= float(bound) <= optimum + slack
