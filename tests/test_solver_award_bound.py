"""The award's bound without a solver (issue 26, ``solvers.award.plain_bound`` and
``cover_rate``): hand-worked rates, and over generated events never above the proven best."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import attrs
import pytest

from bench_events import generated
from quotecalc.solvers.award import (
    Award,
    Event,
    Line,
    Need,
    Vendor,
    best_award,
    costing,
    cover_rate,
    plain_bound,
)

ROOT = Path(__file__).resolve().parent.parent
D = Decimal


def one_line(line: Line, quantity: int, tiers: tuple[tuple[Decimal, Decimal], ...] = ()) -> Event:
    return Event((Need("bolt", quantity),), (Vendor("A", D(0), D(0), tiers=tiers),), (line,))


@pytest.mark.parametrize(
    ("line", "quantity", "rate", "bound"),
    [
        # 10 packs of 10 at 50.00 cover 100: 5.00 a unit. The break at 1,000 units (10.00 a
        # pack, 1.00 a unit) costs 1,000.00 for 100 units needed: 10.00 a unit, not 1.00.
        (Line(0, 0, 10, 0, D(50), ((1000, D(10)),)), 100, Fraction(5), "500"),
        # 95 needed: 9 packs cover 90 at 5.00 a unit; the 10th pack makes 500.00 for 95.
        (Line(0, 0, 10, 0, D(50)), 95, Fraction(5), "475"),
        # At least 20 packs: 1,000.00 for the 95 units needed.
        (Line(0, 0, 10, 20, D(50)), 95, Fraction(1000, 95), "1000"),
        # A break at 50 units (4.00 a unit) below the need of 95: 4.00 a unit.
        (Line(0, 0, 10, 0, D(50), ((50, D(40)),)), 95, Fraction(4), "380"),
    ],
)
def test_the_cover_rate_by_hand(line: Line, quantity: int, rate: Fraction, bound: str) -> None:
    event = one_line(line, quantity)
    assert cover_rate(event, 0) == rate
    assert plain_bound(event) == D(bound)


def test_the_largest_tier_percent_comes_off() -> None:
    # 500.00 at 5.00 a unit, less 10 % (the larger of 2 % and 10 %): 450.00.
    tiers = ((D(100), D(2)), (D(400), D(10)))
    assert plain_bound(one_line(Line(0, 0, 10, 0, D(50)), 100, tiers)) == D(450)


def test_the_bound_is_never_above_the_proven_best() -> None:
    checked = 0
    for limit in (2, None):
        for seed in range(10):
            event = attrs.evolve(generated(seed, 5, 4), max_suppliers=limit)
            best = best_award(event)
            if not isinstance(best, Award):
                continue
            assert best.proven
            assert plain_bound(event) <= costing(event, best.packs).landed_total
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("lines", [1, 299, 300])
def test_every_constraint_is_in_the_lp_at_any_size(lines: int) -> None:
    # Decision 33.21: the facility-location linking pays only with the full LP (level 2).
    pytest.importorskip("ortools")
    from quotecalc.solvers.award.cpsat import Run, Solver
    from quotecalc.solvers.award.linear import Formulation

    needs = tuple(Need(f"n{i:03d}", 1) for i in range(lines))
    event = Event(
        needs, (Vendor("A", D(0), D(0)),), tuple(Line(0, i, 1, 0, D(1)) for i in range(lines))
    )
    assert Run(Solver(Formulation(event)), 1.0).parameters.linearization_level == 2
