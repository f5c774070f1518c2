"""The greedy first award (issue 26, ``solvers/award/start.py``): hand-worked cases for each of
its steps, and over generated events that what it returns is always allowed and never better
than the proven best award (it is a start, never claimed optimal)."""

from __future__ import annotations

from decimal import Decimal
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
    award_key,
    best_award,
    feasible,
)
from quotecalc.solvers.award.start import first_award

ROOT = Path(__file__).resolve().parent.parent
D = Decimal


def vendor(sid: str, freight: str = "0", **kwargs: object) -> Vendor:
    return Vendor(sid, D(freight), D(0), **kwargs)  # type: ignore[arg-type]


def one_need(line: Line, minimum: str | None = None, quantity: int = 10) -> Event:
    least = None if minimum is None else D(minimum)
    return Event((Need("bolt", quantity),), (vendor("A", minimum_order_value=least),), (line,))


@pytest.mark.parametrize(
    ("line", "minimum", "packs"),
    [
        # No minimum: the fewest packs covering 10 units (by hand: 10 at 5.00).
        (Line(0, 0, 1, 0, D(5)), None, 10),
        # A break at 12 units (4.00) makes 12 packs (48.00) cheaper than 10 (50.00).
        (Line(0, 0, 1, 0, D(5), ((12, D(4)),)), None, 12),
        # Minimum 100.00 at 5.00 a pack: 20 packs reach it exactly.
        (Line(0, 0, 1, 0, D(5)), "100", 20),
        # Minimum 70.00 with the break at 12 units: 12..17 packs give 48..68, 18 give 72.
        (Line(0, 0, 1, 0, D(5), ((12, D(4)),)), "70", 18),
        # Packs of 4: 3 packs cover 10 units (12); minimum 60.00 at 16.00 a pack needs 4.
        (Line(0, 0, 4, 0, D(16)), "60", 4),
        # A minimum beyond the capacity (30 packs at 1.00 < 50.00): no first award.
        (Line(0, 0, 1, 0, D(1), capacity=30), "50", None),
    ],
)
def test_one_need_is_covered_and_minimums_topped_up(
    line: Line, minimum: str | None, packs: int | None
) -> None:
    event = one_need(line, minimum)
    assert first_award(event) == (None if packs is None else (packs,))


def test_a_need_no_line_covers_alone_is_split_by_price_per_unit() -> None:
    # 10 units; A 4 packs at 1.00, B 4 at 2.00, C 4 at 3.00 (capacities): A 4, B 4, C 2.
    event = Event(
        (Need("bolt", 10),),
        (vendor("A"), vendor("B"), vendor("C")),
        (
            Line(0, 0, 1, 0, D(1), capacity=4),
            Line(1, 0, 1, 0, D(2), capacity=4),
            Line(2, 0, 1, 0, D(3), capacity=4),
        ),
    )
    assert first_award(event) == (4, 4, 2)
    # Split across at most 2 suppliers: 8 units is all two lines can give.
    limited = attrs.evolve(event, needs=(Need("bolt", 10, 2),))
    assert first_award(limited) is None


def test_vendors_are_chosen_by_coverage_then_estimate_then_id() -> None:
    # Two needs, one supplier allowed: only B covers both; A is cheaper on bolts alone.
    event = Event(
        (Need("bolt", 1), Need("nut", 1)),
        (vendor("A"), vendor("B", "5")),
        (Line(0, 0, 1, 0, D(1)), Line(1, 0, 1, 0, D(3)), Line(1, 1, 1, 0, D(3))),
        max_suppliers=1,
    )
    assert first_award(event) == (0, 1, 1)
    # Two allowed: A then B (B is the only one for nuts; estimate 1 + 5 + 3 + 0 freight of A).
    assert first_award(attrs.evolve(event, max_suppliers=2)) == (1, 0, 1)
    # A second vendor that adds only its freight is not chosen: B alone is 11, A + B 12.
    dear = attrs.evolve(event, vendors=(vendor("A", "6"), vendor("B", "5")), max_suppliers=2)
    assert first_award(dear) == (0, 1, 1)
    # Equal estimates: the supplierId first (A and B the same but for their ids).
    twins = Event(
        (Need("bolt", 1),),
        (vendor("B"), vendor("A")),
        (Line(0, 0, 1, 0, D(2)), Line(1, 0, 1, 0, D(2))),
    )
    assert first_award(twins) == (0, 1)


def test_the_first_award_is_allowed_and_never_better_than_the_best() -> None:
    found = 0
    for limit in (1, 2, 3, None):
        for seed in range(12):
            event = attrs.evolve(generated(seed, 5, 4), max_suppliers=limit)
            start = first_award(event)
            best = best_award(event)
            if not isinstance(best, Award):
                assert start is None  # nothing is allowed, so no first award either
                continue
            assert best.proven
            if start is None:
                continue
            found += 1
            assert feasible(event, start)
            assert award_key(event, best.packs) <= award_key(event, start)
    assert found >= 24  # checked on real awards, not vacuously (of 48 events)


def test_large_generated_events_get_a_first_award() -> None:
    for seed, items, suppliers in ((0, 50, 20), (1, 50, 20), (1000, 300, 40)):
        event = generated(seed, items, suppliers)
        start = first_award(event)
        assert start is not None and feasible(event, start)


def test_the_default_budget_shrinks_only_above_a_thousand_price_levels() -> None:
    from quotecalc.solvers.award import BUDGET_LEVELS, DEFAULT_BUDGET, event_budget

    def lines(count: int) -> Event:
        needs = tuple(Need(f"n{i:04d}", 1) for i in range(count))
        return Event(needs, (vendor("A"),), tuple(Line(0, i, 1, 0, D(1)) for i in range(count)))

    # One price level per line here (no breaks). Shrinking with the square of the ratio since
    # issue 38 (decision 38.2), thirty times as much at the proof effort.
    assert BUDGET_LEVELS == 1000 and DEFAULT_BUDGET == 3.0
    assert event_budget(lines(1)) == 3.0
    assert event_budget(lines(1000)) == 3.0
    assert event_budget(lines(2000)) == 0.75
    assert event_budget(lines(4000)) == 0.1875
    assert event_budget(lines(4000), "proof") == 5.625
    # Unusable lines (capacity below the minimum packs) do not count.
    unusable = attrs.evolve(
        lines(2000),
        lines=tuple(
            Line(0, i, 1, 2 if i >= 1000 else 0, D(1), capacity=1 if i >= 1000 else None)
            for i in range(2000)
        ),
    )
    assert event_budget(unusable) == 3.0


def test_one_supplier_for_everything_is_refused_without_a_search_when_none_covers_all() -> None:
    from quotecalc.solvers.award import INFEASIBLE, Refusal, best_single_vendor

    # A covers bolts, B nuts; C covers both but its nut line's capacity (3) is short of 5.
    event = Event(
        (Need("bolt", 5), Need("nut", 5)),
        (vendor("A"), vendor("B"), vendor("C")),
        (
            Line(0, 0, 1, 0, D(1)),
            Line(1, 1, 1, 0, D(1)),
            Line(2, 0, 1, 0, D(1)),
            Line(2, 1, 1, 0, D(1), capacity=3),
        ),
    )
    # budget 0: a search would be event_unsolved, so infeasible means no search ran.
    assert best_single_vendor(event, budget=0.0) == Refusal(INFEASIBLE)
    roomy = attrs.evolve(event, lines=(*event.lines[:3], Line(2, 1, 1, 0, D(1), capacity=5)))
    found = best_single_vendor(roomy)
    assert isinstance(found, Award) and found.proven
    assert found.packs == (0, 0, 5, 5)  # C alone, by hand, mapped back to the event's lines
