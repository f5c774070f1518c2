"""The search with the solver libraries (issue 38, ``solvers/award/many.py``): the relaxation,
the walk over supplier sets, the neighbourhood searches and CP-SAT's one-solve proof, checked
against the independent exhaustive search (``tests/test_solver_award_brute.py``) on the small
generated events of ``test_solver_award_exhaustive.py``, by the whole order of awards.

``best_award`` answers these small events with the exact search without a solver, so here the
path is called directly (:func:`~quotecalc.solvers.award.many.searched`): with a budget it must
prove the exhaustive optimum (the least cost and the tie order); with no CP-SAT at all its
award is allowed, never below the optimum, its bound never above it, and ``cost_proven`` only
when its total is the optimum's.
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from quotecalc.solvers.award import (
    INFEASIBLE,
    UNSOLVED,
    Award,
    Event,
    Line,
    Need,
    Refusal,
    Vendor,
    award_key,
    costing,
    feasible,
)
from test_solver_award_brute import exhaustive, small_event

pytest.importorskip("ortools")
pytest.importorskip("highspy")

from quotecalc.solvers.award.itemwise import Itemwise
from quotecalc.solvers.award.many import searched

CHUNKS = 4
PER_CHUNK = 25


def cases(chunk: int) -> list[tuple[Event, object]]:
    rng = random.Random(38_100 + chunk)
    found: list[tuple[Event, object]] = []
    while len(found) < PER_CHUNK:
        event = small_event(rng)
        expected = exhaustive(event)
        if expected != "too big":
            found.append((event, expected))
    return found


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_with_a_budget_the_search_proves_the_exhaustive_optimum(chunk: int) -> None:
    for event, expected in cases(chunk):
        award = searched(event, 3.0)
        if expected is None:
            assert award == Refusal(INFEASIBLE), event
            continue
        assert isinstance(expected, tuple)
        key, packs = expected
        assert isinstance(award, Award), (event, award)
        assert award.packs == packs, (event, award, key)
        assert award.proven and award.cost_proven and not award.budget_stopped
        assert Fraction(award.lower_bound) == key[0]
        mine = award_key(event, award.packs)
        assert (Fraction(mine[0]), *mine[1:]) == key


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_without_cp_sat_the_award_and_bound_are_true(chunk: int) -> None:
    for event, expected in cases(chunk):
        award = searched(event, 0.0)
        if expected is None:
            # No allowed award exists, so nothing can find one; infeasibility is not proven.
            assert award == Refusal(UNSOLVED), event
            continue
        assert isinstance(expected, tuple)
        least = expected[0][0]
        if isinstance(award, Refusal):
            assert award.code == UNSOLVED
            continue
        total = Fraction(costing(event, award.packs).landed_total)
        assert feasible(event, award.packs)
        assert total >= least >= Fraction(award.lower_bound)
        assert not award.proven and award.budget_stopped
        assert award.cost_proven == (Fraction(award.lower_bound) == total)
        if award.cost_proven:
            assert total == least


def test_item_by_item_is_the_optimum_without_fees_tiers_or_minimums() -> None:
    # Without fees, tiers and minimum order values, and no limit on the suppliers, an award is
    # a sum over items: pricing the whole set item by item is the exhaustive optimum.
    rng = random.Random(38_200)
    checked = 0
    while checked < 40:
        event = small_event(rng)
        plain = Event(
            tuple(Need(n.item_id, n.quantity, n.max_suppliers) for n in event.needs),
            tuple(Vendor(v.supplier_id, Decimal(0), Decimal(0)) for v in event.vendors),
            tuple(
                Line(
                    ln.vendor,
                    ln.need,
                    ln.pack_size,
                    ln.minimum_packs,
                    ln.pack_price,
                    ln.breaks,
                    ln.capacity,
                )
                for ln in event.lines
            ),
        )
        expected = exhaustive(plain)
        if expected is None or isinstance(expected, str):
            continue
        checked += 1
        packs = Itemwise(plain).best(range(len(plain.vendors)))
        assert packs is not None
        assert Fraction(costing(plain, packs).landed_total) == expected[0][0]
