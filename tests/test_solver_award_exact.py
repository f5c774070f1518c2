"""The exact search without a solver (issue 33, ``solvers/award/exact.py``) against the
independent exhaustive search (``tests/test_solver_award_brute.py``).

On seed-fixed generated small events (the generator of ``test_solver_award_exhaustive.py``)
every answer of :func:`exact_award` is the exhaustive optimum by the whole order, proven, or
``event_infeasible`` exactly when no award is allowed; it may give up (its work budget), and
it must not give up often. The exhaustive search runs with a lower work cap than its own test
(events beyond it are skipped and counted, never compared loosely), so that ``EVENTS`` events
(5,000 by default; ``QUOTECALC_EXACT_EVENTS``) are compared in a few tens of seconds.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction

import pytest

import test_solver_award_brute as brute
from quotecalc.solvers.award import (
    DEFAULT_BUDGET,
    INFEASIBLE,
    Award,
    Refusal,
    award_key,
    check_event,
    exact_work,
    feasible,
    uncoverable,
)
from quotecalc.solvers.award.exact import DEFAULT_WORK, exact_award
from test_solver_award_brute import exhaustive, small_event
from test_solver_award_exhaustive import check_sums

CHUNKS = 10
EVENTS = int(os.environ.get("QUOTECALC_EXACT_EVENTS", "5000"))
# The exhaustive search's transitions per event: the small half of the generator's events.
CAP = 2_000


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_exact_search_is_the_exhaustive_optimum(
    chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(brute, "WORK_CAP", CAP)
    rng = random.Random(33_000 + chunk)
    compared = skipped = infeasible = gave_up = 0
    while compared < EVENTS // CHUNKS:
        event = small_event(rng)
        expected = exhaustive(event)
        if expected == "too big":
            skipped += 1
            continue
        compared += 1
        check_event(event)
        if uncoverable(event):
            # best_award refuses these before any search.
            assert expected is None
            infeasible += 1
            continue
        found = exact_award(event)
        if found is None:
            gave_up += 1
            continue
        if expected is None:
            infeasible += 1
            assert found == Refusal(INFEASIBLE), (event, found)
            continue
        assert not isinstance(expected, str)
        key, packs = expected
        assert isinstance(found, Award), (event, found)
        assert found.packs == packs, (event, found, key)
        assert found.proven and not found.budget_stopped
        assert feasible(event, found.packs)
        assert Fraction(found.lower_bound) == key[0]
        mine = award_key(event, found.packs)
        assert (Fraction(mine[0]), *mine[1:]) == key
        check_sums(event, found.packs, key[0])
    assert 0 < infeasible < compared / 2
    # The search proves nearly every small event within its budget (it gave up on none of
    # the 5,000 at the time of writing).
    assert gave_up <= compared // 100, gave_up


def test_the_work_budget_follows_the_proof_budget() -> None:
    assert exact_work(DEFAULT_BUDGET) == DEFAULT_WORK
    assert exact_work(0.0) == 0
    assert exact_work(DEFAULT_BUDGET / 2) == DEFAULT_WORK // 2


def test_out_of_work_gives_up_and_never_answers_wrong() -> None:
    rng = random.Random(5)
    for _ in range(20):
        event = small_event(rng)
        if uncoverable(event):
            continue
        full = exact_award(event)
        for work in (1, 10, 100):
            partial = exact_award(event, work)
            assert partial is None or partial == full
