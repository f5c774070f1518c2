"""The award engine, case by case (issue 26): hand-worked awards for each rule, the exact
costing, the rules of :func:`feasible`, the total order and its last rule, the baselines, the
refusals (infeasible, out of range at the limit, no solver), a budget stop with a correct bound,
order independence, and the import that never loads ``ortools``."""

from __future__ import annotations

import random
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import attrs
import pytest

from bench_events import generated
from quotecalc.solvers import award as award_module
from quotecalc.solvers.award import (
    DEFAULT_BUDGET,
    INFEASIBLE,
    OUT_OF_RANGE,
    SOLVER_UNAVAILABLE,
    UNSOLVED,
    Award,
    Event,
    Line,
    Need,
    Refusal,
    Vendor,
    award_key,
    best_award,
    best_single_vendor,
    cheapest_per_item,
    costing,
    feasible,
)

ROOT = Path(__file__).resolve().parent.parent
D = Decimal


def vendor(sid: str, freight: str = "0", fees: str = "0", **kwargs: object) -> Vendor:
    return Vendor(sid, D(freight), D(fees), **kwargs)  # type: ignore[arg-type]


def proven(event: Event) -> Award:
    result = best_award(event)
    assert isinstance(result, Award), result
    assert result.proven and not result.budget_stopped
    assert result.lower_bound == costing(event, result.packs).landed_total
    assert feasible(event, result.packs)
    return result


# Shared freight: A sells both items dearer, B the bolts and C the nuts cheaper, freight 20 each.
# A alone: 100 + 50 + 20 = 170; B + C: 90 + 45 + 40 = 175; B + A: 90 + 50 + 40 = 180.
SHARED = Event(
    needs=(Need("bolt", 100), Need("nut", 100)),
    vendors=(vendor("A", "20"), vendor("B", "20"), vendor("C", "15", "5")),
    lines=(
        Line(0, 0, 1, 0, D("1.00")),
        Line(0, 1, 1, 0, D("0.50")),
        Line(1, 0, 1, 0, D("0.90")),
        Line(2, 1, 1, 0, D("0.45")),
    ),
)


def test_shared_freight_makes_one_supplier_win_two_items() -> None:
    result = proven(SHARED)
    assert result.packs == (100, 100, 0, 0)
    assert result.lower_bound == D("170.00")
    cost = costing(SHARED, result.packs)
    assert [(c.vendor, c.goods, c.landed) for c in cost.vendors] == [(0, D("150.00"), D("170.00"))]
    assert cost.delivered == 200


def test_the_baselines_of_the_shared_freight_event() -> None:
    # Each item alone: bolts A 120 vs B 110 -> B; nuts A 70 vs C 65 -> C: B + C = 175.
    assert cheapest_per_item(SHARED) == (0, 0, 100, 100)
    assert costing(SHARED, (0, 0, 100, 100)).landed_total == D("175.00")
    single = best_single_vendor(SHARED)
    assert isinstance(single, Award) and single.packs == (100, 100, 0, 0)


def test_a_spend_tier_pays_for_overbuying() -> None:
    # 9 units at 10 = 90; 10 units reach the 100 tier: 100 - 20 % = 80.
    event = Event(
        (Need("pin", 9),),
        (vendor("A", tiers=((D(100), D(20)),)),),
        (Line(0, 0, 1, 0, D(10)),),
    )
    result = proven(event)
    assert result.packs == (10,)
    cost = costing(event, result.packs)
    assert (cost.vendors[0].goods, cost.vendors[0].discount, cost.landed_total) == (
        D(100),
        D(20),
        D(80),
    )


def test_the_reached_tier_with_the_largest_spend_counts_even_if_its_percent_is_smaller() -> None:
    # Tiers (50: 30 %), (100: 5 %): 60 units at 1 -> 42; 100 units -> 95. Never the 30 % on 100.
    vendor_ = vendor("A", tiers=((D(50), D(30)), (D(100), D(5))))
    event = Event((Need("pin", 60),), (vendor_,), (Line(0, 0, 1, 0, D(1)),))
    assert costing(event, (100,)).landed_total == D(95)
    assert proven(event).packs == (60,)


def test_a_minimum_order_value_makes_the_cheaper_supplier_buy_more() -> None:
    # A: 4 a unit, minimum order 50 -> 13 units = 52; B: 5.5 a unit -> 55.
    event = Event(
        (Need("nut", 10),),
        (vendor("A", minimum_order_value=D(50)), vendor("B")),
        (Line(0, 0, 1, 0, D(4)), Line(1, 0, 1, 0, D("5.5"))),
    )
    result = proven(event)
    assert result.packs == (13, 0)
    assert result.lower_bound == D(52)


def test_a_per_item_split_under_capacities() -> None:
    # 30 bolts: A holds 2 packs of 10 (cheaper), B the rest; maxSuppliers 2 allows the split.
    event = Event(
        (Need("bolt", 30, 2),),
        (vendor("A", "1"), vendor("B", "1")),
        (Line(0, 0, 10, 0, D(10), capacity=2), Line(1, 0, 5, 0, D(6))),
    )
    result = proven(event)
    assert result.packs == (2, 2)
    assert result.lower_bound == D(20 + 12 + 2)
    one = attrs.evolve(event, needs=(Need("bolt", 30, 1),))
    assert proven(one).packs == (0, 6)


def test_breaks_are_all_units_and_overbuying_to_a_break_wins() -> None:
    # 95 units at 1.00 = 95; 100 units reach the 0.90 break: 90.
    event = Event(
        (Need("ring", 95),),
        (vendor("A"),),
        (Line(0, 0, 5, 0, D(5), breaks=((100, D("4.5")),)),),
    )
    assert proven(event).packs == (20,)


def test_discounts_are_exact_never_rounded() -> None:
    event = Event(
        (Need("stud", 1),),
        (vendor("A", "0.01", tiers=((D("33.33"), D("12.5")),)),),
        (Line(0, 0, 1, 0, D("33.33")),),
    )
    cost = costing(event, (1,))
    assert cost.vendors[0].discount == D("4.166250")
    assert cost.landed_total == D("29.173750")
    assert proven(event).lower_bound == D("29.173750")


FEASIBLE_CASES = [
    ("allowed", (10, 0), True),
    ("need short", (9, 0), False),
    ("below minimum packs", (0, 1), False),
    ("above capacity", (11, 0), False),
    ("wrong length", (10,), False),
]


@pytest.mark.parametrize(("name", "packs", "allowed"), FEASIBLE_CASES)
def test_feasible_rules(name: str, packs: tuple[int, ...], allowed: bool) -> None:
    event = Event(
        (Need("pin", 10),),
        (vendor("A"), vendor("B")),
        (Line(0, 0, 1, 0, D(1), capacity=10), Line(1, 0, 10, 2, D(1))),
    )
    assert feasible(event, packs) is allowed, name


def test_feasible_limits_of_suppliers_and_minimum_order() -> None:
    event = Event(
        (Need("pin", 10, 1), Need("nut", 1)),
        (vendor("A", minimum_order_value=D(5)), vendor("B")),
        (Line(0, 0, 1, 0, D(1)), Line(1, 0, 1, 0, D(1)), Line(1, 1, 1, 0, D(1))),
        max_suppliers=1,
    )
    assert feasible(event, (0, 10, 1))
    assert not feasible(event, (5, 5, 1))  # two suppliers on the pin
    assert not feasible(event, (10, 0, 1))  # two suppliers in the event
    free = attrs.evolve(event, max_suppliers=None)
    assert feasible(free, (10, 0, 1))
    assert not feasible(free, (4, 0, 1)) and not feasible(free, (4, 6, 1))  # A below 5


def test_ties_go_to_the_first_ids_then_to_the_first_supplier_per_item() -> None:
    # Everything free: one supplier suffices, and "A" < "b" in code points.
    event = Event(
        (Need("x", 10),),
        (vendor("b"), vendor("A")),
        (Line(0, 0, 1, 0, D(0)), Line(1, 0, 1, 0, D(0))),
    )
    assert proven(event).packs == (0, 10)
    # Both suppliers needed (only A sells y, only B sells z); x can be split any way for free:
    # the last rule gives x wholly to A, the first supplier of x in code-point order.
    event = Event(
        (Need("x", 10), Need("y", 1), Need("z", 1)),
        (vendor("B"), vendor("A")),
        (
            Line(0, 0, 1, 0, D(0)),
            Line(1, 0, 1, 0, D(0)),
            Line(1, 1, 1, 0, D(0)),
            Line(0, 2, 1, 0, D(0)),
        ),
    )
    assert proven(event).packs == (0, 10, 1, 1)
    assert award_key(event, (0, 10, 1, 1)) < award_key(event, (4, 6, 1, 1))


def test_fewer_suppliers_then_less_delivered_break_cost_ties() -> None:
    # A alone: 10 units at 1 = 10; B + C: 5 + 5 at 1 = 10 too, two suppliers.
    event = Event(
        (Need("x", 10),),
        (vendor("B"), vendor("C"), vendor("A")),
        (Line(0, 0, 5, 0, D(5), capacity=1), Line(1, 0, 5, 0, D(5)), Line(2, 0, 1, 0, D(1))),
    )
    # C alone 10 units for 10 ties A; the ids decide: ("A",) < ("C",).
    assert proven(event).packs == (0, 0, 10)


def test_infeasible_needs_are_named_by_the_cheap_check() -> None:
    event = Event(
        (Need("x", 10), Need("y", 50), Need("z", 1)),
        (vendor("A"),),
        (Line(0, 0, 1, 0, D(1)), Line(0, 1, 1, 0, D(1), capacity=49)),
    )
    assert best_award(event) == Refusal(INFEASIBLE, (1, 2))
    assert cheapest_per_item(event) is None


def test_infeasible_by_minimum_order_and_limits_is_refused_without_names() -> None:
    # Each need alone is coverable, but one supplier may be awarded and none sells both.
    event = Event(
        (Need("x", 1), Need("y", 1)),
        (vendor("A"), vendor("B")),
        (Line(0, 0, 1, 0, D(1)), Line(1, 1, 1, 0, D(1))),
        max_suppliers=1,
    )
    assert best_award(event) == Refusal(INFEASIBLE, ())
    assert best_single_vendor(attrs.evolve(event, max_suppliers=None)) == Refusal(INFEASIBLE, ())


def test_cheapest_per_item_is_none_when_the_choice_breaks_a_minimum_order() -> None:
    event = Event(
        (Need("x", 1),),
        (vendor("A", minimum_order_value=D(5)), vendor("B")),
        (Line(0, 0, 1, 0, D(1)), Line(1, 0, 1, 0, D(2))),
    )
    assert cheapest_per_item(event) is None
    assert proven(event).packs == (0, 1)


def limit_event(fees: int) -> Event:
    """One line of 1 unit at 1; the model's largest expression is the cost, 100 * (1 + fees)
    (money scaled by 10^0 and by 100 for percents)."""
    return Event((Need("x", 1),), (vendor("A", str(fees)),), (Line(0, 0, 1, 0, D(1)),))


def test_out_of_range_at_the_limit_both_sides() -> None:
    # The CP-SAT model's limit (a one-item event is answered by the integer branch and bound,
    # which has none: below).
    from quotecalc.solvers.award.linear import INT_LIMIT
    from quotecalc.solvers.award.many import searched as search

    largest = (INT_LIMIT - 1) // 100 - 1  # 100 * (1 + largest) < 2^62
    result = search(limit_event(largest), DEFAULT_BUDGET)
    assert isinstance(result, Award) and result.proven
    assert result.lower_bound == D(largest + 1)
    assert search(limit_event(largest + 1), DEFAULT_BUDGET) == Refusal(OUT_OF_RANGE)


def test_one_item_has_no_integer_limit() -> None:
    # Python integers: 1 pack at 1 plus fees of 2^62, proven at 2^62 + 1 (issue 33).
    result = proven(limit_event(2**62))
    assert result.packs == (1,) and result.lower_bound == D(2**62 + 1)


def test_no_solver_is_its_own_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    from quotecalc.solvers.award.many import searched

    by_the_solver = searched(SHARED, DEFAULT_BUDGET)
    # Without the [plan] extra's libraries (and the modules that import them not yet loaded).
    for name in ("ortools", "highspy"):
        monkeypatch.setitem(sys.modules, name, None)
    for name in ("cpsat", "relaxation", "many"):
        monkeypatch.delitem(sys.modules, f"quotecalc.solvers.award.{name}", raising=False)
    # The exact search without a solver answers a small event, as CP-SAT did (issue 33) ...
    assert best_award(SHARED) == by_the_solver
    # ... and when it has no work to do, the missing solver is the reason.
    assert best_award(SHARED, budget=0.0) == Refusal(SOLVER_UNAVAILABLE)


def test_importing_the_engine_never_loads_ortools() -> None:
    code = (
        "import sys, quotecalc.solvers.award\n"
        "print(any(m in sys.modules for m in ('ortools', 'highspy', 'numpy')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "src")},
    )
    assert out.stdout.strip() == "False"


def bench_event(seed: int, items: int, suppliers: int) -> Event:
    return attrs.evolve(generated(seed, items, suppliers), max_suppliers=3)


def test_a_budget_stop_returns_the_best_award_found_and_a_correct_bound() -> None:
    event = bench_event(1, 10, 6)
    best = proven(event)
    stopped = best_award(event, budget=0.01)
    assert isinstance(stopped, Award)
    assert stopped.budget_stopped and not stopped.proven
    assert feasible(event, stopped.packs)
    assert stopped.lower_bound <= best.lower_bound <= costing(event, stopped.packs).landed_total
    assert best_award(event, budget=0.01) == stopped  # deterministic


# A set-cover trap for the greedy first award (award/start.py): with two vendors allowed, X covers
# the most needs but leaves n5 and n6 to two different vendors; only Y + Z covers all six.
TRAP = Event(
    needs=tuple(Need(f"n{i}", 1) for i in range(1, 7)),
    vendors=(vendor("X"), vendor("Y"), vendor("Z")),
    lines=tuple(
        Line(v, n - 1, 1, 0, D(1))
        for v, needs in enumerate(([1, 2, 3, 4], [1, 2, 5], [3, 4, 6]))
        for n in needs
    ),
    max_suppliers=2,
)


def test_a_budget_too_small_for_any_award_is_its_own_reason() -> None:
    pytest.importorskip("highspy")
    from quotecalc.solvers.award.many import Work, award_many

    # No work at all (no supplier set priced, no CP-SAT) and no greedy first award.
    assert award_many(TRAP, Work(10_000, 0, 0, 0.0)) == Refusal(UNSOLVED)
    assert proven(TRAP).packs == (0, 0, 0, 0, 1, 1, 1, 1, 1, 1)  # Y and Z, by hand
    # The walk over supplier sets finds Y and Z without CP-SAT (issue 38), and the
    # relaxation's exact bound (6.00: six needs at 1.00) proves its cost, not its tie order.
    walked = best_award(TRAP, budget=0.0)
    assert isinstance(walked, Award)
    assert walked.packs == (0, 0, 0, 0, 1, 1, 1, 1, 1, 1)
    assert (walked.cost_proven, walked.proven, walked.lower_bound) == (True, False, D(6))


def test_a_budget_too_small_for_the_search_returns_the_first_award_unproven() -> None:
    event = bench_event(1, 6, 4)
    best = proven(event)
    stopped = best_award(event, budget=0.0)
    assert isinstance(stopped, Award)
    assert stopped.budget_stopped and not stopped.proven
    assert feasible(event, stopped.packs)
    assert stopped.lower_bound <= best.lower_bound <= costing(event, stopped.packs).landed_total


def shuffled(event: Event, rng: random.Random) -> Event:
    vendor_order = list(range(len(event.vendors)))
    rng.shuffle(vendor_order)
    where = {old: new for new, old in enumerate(vendor_order)}
    lines = [attrs.evolve(line, vendor=where[line.vendor]) for line in event.lines]
    rng.shuffle(lines)
    return attrs.evolve(
        event, vendors=tuple(event.vendors[old] for old in vendor_order), lines=tuple(lines)
    )


def by_ids(event: Event, packs: tuple[int, ...]) -> dict[tuple[str, str], int]:
    return {
        (event.needs[line.need].item_id, event.vendors[line.vendor].supplier_id): count
        for line, count in zip(event.lines, packs, strict=True)
        if count
    }


@pytest.mark.parametrize("seed", range(6))
def test_the_award_does_not_depend_on_the_order_of_suppliers_and_offers(seed: int) -> None:
    rng = random.Random(seed)
    event = bench_event(seed % 3, 5, 4)
    first = best_award(event)
    for _ in range(2):
        other = shuffled(event, rng)
        again = best_award(other)
        if isinstance(first, Refusal):
            assert again == first or (again == Refusal(first.code) and not first.needs)
            continue
        assert isinstance(again, Award) and again.proven
        assert by_ids(other, again.packs) == by_ids(event, first.packs)
        assert again.lower_bound == first.lower_bound


def test_a_duplicate_line_is_a_callers_defect() -> None:
    event = attrs.evolve(SHARED, lines=(*SHARED.lines, SHARED.lines[0]))
    with pytest.raises(ValueError, match="two lines"):
        award_module.best_award(event)
