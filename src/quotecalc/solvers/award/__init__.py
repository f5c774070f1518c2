"""The award engine (issues 26 and 33, ``docs/event-solver.md``): one package for the sourcing
event and the purchase plan (a plan is an event of one item).

- :mod:`.model`: the event as integers and Decimals (needs, vendors, lines, the reasons no award
  is given, what a line can take);
- :mod:`.costing`: the exact costing of an award, its feasibility and the order of awards;
- :mod:`.bound`: exact lower bounds without a solver;
- :mod:`.start`: the first awards built without a solver (each item from its cheapest supplier,
  the greedy first award);
- :mod:`.search` (with :mod:`.key`, :mod:`.cover`, :mod:`.relax`): the exact
  integer branch and bound of one item, with no solver library;
- :mod:`.cpsat`: the CP-SAT search of many items, imported only inside :func:`best_award` (the
  ``[plan]`` extra), so importing this package never loads ``ortools``.

:func:`best_award` is the one entry: the least award by
:func:`~quotecalc.solvers.award.costing.award_key`, or why there is none.
"""

from __future__ import annotations

from typing import Final

import attrs

from .bound import cover_rate, plain_bound
from .costing import (
    AwardKey,
    Costing,
    LineCost,
    VendorCost,
    award_key,
    costing,
    discount_of,
    feasible,
    tier_percent,
    vendor_goods,
    vendor_landed,
)
from .exact import DEFAULT_WORK, exact_award
from .model import (
    INFEASIBLE,
    MODEL_INVALID,
    OUT_OF_RANGE,
    SEARCH_LEVELS,
    SOLVER_UNAVAILABLE,
    UNSOLVED,
    Award,
    Event,
    Line,
    Need,
    Refusal,
    Vendor,
    alone_packs,
    break_counts,
    check_event,
    line_order,
    money_places,
    one_item,
    overbuy_worth,
    pack_ceiling,
    plain_top,
    price_at,
    search_size,
    top_price,
    top_spend,
    uncoverable,
    units_short,
    usable,
)
from .search import DEFAULT_NODES, award_one
from .start import cheapest_per_item

__all__ = [
    "BUDGET_LEVELS",
    "DEFAULT_BUDGET",
    "DEFAULT_EFFORT",
    "DEFAULT_NODES",
    "EFFORTS",
    "INFEASIBLE",
    "MODEL_INVALID",
    "OUT_OF_RANGE",
    "SEARCH_LEVELS",
    "SOLVER_UNAVAILABLE",
    "UNSOLVED",
    "Award",
    "AwardKey",
    "Costing",
    "Event",
    "Line",
    "LineCost",
    "Need",
    "Refusal",
    "Vendor",
    "VendorCost",
    "alone_packs",
    "award_key",
    "best_award",
    "best_single_vendor",
    "break_counts",
    "cheapest_per_item",
    "check_event",
    "costing",
    "cover_rate",
    "discount_of",
    "effort_factor",
    "event_budget",
    "exact_work",
    "feasible",
    "line_order",
    "money_places",
    "one_item",
    "overbuy_worth",
    "pack_ceiling",
    "plain_bound",
    "plain_top",
    "price_at",
    "search_size",
    "tier_percent",
    "top_price",
    "top_spend",
    "uncoverable",
    "units_short",
    "usable",
    "vendor_goods",
    "vendor_landed",
]

# The proof budget of one award, in CP-SAT deterministic seconds (reproducible, unlike wall
# time; docs/event-solver.md, "The budget"). A deterministic second cost 2.5-4.5 s of CPU on
# the project's shared machine (more on larger models and under load). Searched from the
# supplier sets' award (issue 38), 1 proves the realistic 20 x 10 events (0.2-0.6 needed) and
# keeps a 50 x 20 event's whole process near 6 s of CPU (decision 38.2).
DEFAULT_BUDGET: Final = 1.0
# Above this many price levels in the model (search_size) the budget shrinks in proportion:
# building, presolving and a deterministic second all cost more on a larger model.
BUDGET_LEVELS: Final = 1000
# How hard the search tries (issue 38): a name on the request and at every door, each a count of
# deterministic work, so the same request and effort give the same bytes on any machine.
# "standard" answers a 50 x 20 event in seconds; "proof" keeps searching until the award is
# proven or a far larger count of work is spent (docs/event-solver.md, "Effort").
EFFORTS: Final = ("standard", "proof")
DEFAULT_EFFORT: Final = "standard"
# The proof effort's CP-SAT budget and one-item nodes as a multiple of the standard effort's.
PROOF_FACTOR: Final = 30
# The relaxation's simplex iterations per solve, the supplier sets priced item by item and the
# relaxations the walk solves, per effort (docs/event-solver.md, "The search over supplier
# sets"): the standard counts found the proven optimum of all ten realistic 50 x 20 reference
# events (tests/data/event/reference/).
ITERATIONS: Final = 200_000
SETS: Final = {"standard": 40, "proof": 120}
RELAXATIONS: Final = {"standard": 300, "proof": 1200}


def effort_factor(effort: str) -> int:
    """The CP-SAT budget and nodes of ``effort`` as a multiple of the standard effort's; an
    unknown name is a caller's defect (the request's validation allows only :data:`EFFORTS`)."""
    if effort not in EFFORTS:
        raise ValueError("an effort the award engine does not know")
    return PROOF_FACTOR if effort == "proof" else 1


def event_budget(event: Event, effort: str = DEFAULT_EFFORT) -> float:
    """The default budget of an event: :data:`DEFAULT_BUDGET` deterministic seconds times the
    effort's factor, times ``BUDGET_LEVELS / size`` when the model has more price levels
    (:func:`search_size`) than that; 0 above :data:`SEARCH_LEVELS` (no model is built: the
    first award and the plain bound are the answer)."""
    size = search_size(event)
    if size > SEARCH_LEVELS:
        return 0.0
    return DEFAULT_BUDGET * effort_factor(effort) * min(1.0, BUDGET_LEVELS / max(size, 1))


def exact_work(budget: float) -> int:
    """The work budget of the exact search without a solver (:mod:`.exact`) for a proof
    budget of ``budget`` CP-SAT deterministic seconds: :data:`.exact.DEFAULT_WORK` at
    :data:`DEFAULT_BUDGET`, in proportion (rounded down), so a budget of 0 searches nothing and
    a shrunk budget shrinks both."""
    return int(DEFAULT_WORK * budget / DEFAULT_BUDGET)


def best_award(
    event: Event,
    budget: float | None = None,
    nodes: int | None = None,
    effort: str = DEFAULT_EFFORT,
) -> Award | Refusal:
    """The least award by :func:`award_key`, or why there is none.

    A need that the cheap exact check :func:`uncoverable` names makes ``event_infeasible``
    without a search. An event of one item without spend tiers or minimum order values (a
    purchase plan is one, :func:`~.model.one_item`) is answered by the integer branch and bound
    (:func:`.search.award_one`, no solver library), within ``nodes`` search nodes; any other
    first by the exact search without a solver (:mod:`.exact`), then by the relaxation, the
    supplier sets and CP-SAT (:mod:`.many`) within ``budget`` deterministic seconds of CP-SAT
    (``None``: :func:`event_budget`), and without the ``[plan]`` extra that is
    ``event_solver_unavailable``. ``effort`` (one of :data:`EFFORTS`) scales the budget, the
    nodes left ``None`` and the other counts of work.
    """
    check_event(event)
    factor = effort_factor(effort)
    short = uncoverable(event)
    if short:
        return Refusal(INFEASIBLE, short)
    if one_item(event):
        return award_one(event, DEFAULT_NODES * factor if nodes is None else nodes)
    if budget is None:
        budget = event_budget(event, effort)
    # The exact search without a solver first: a small event never loads ortools (issue 33).
    work = exact_work(budget / factor)
    exact = exact_award(event, work) if work > 0 else None
    if exact is not None:
        return exact
    try:
        from .many import Work, award_many
    except ImportError:
        return Refusal(SOLVER_UNAVAILABLE)
    return award_many(event, Work(ITERATIONS, SETS[effort], RELAXATIONS[effort], budget))


def best_single_vendor(
    event: Event, budget: float | None = None, effort: str = DEFAULT_EFFORT
) -> Award | Refusal:
    """The best award with one vendor for everything: the same search with the event's
    ``max_suppliers`` set to 1, over the lines of the vendors that can cover every need alone
    (a line at its ceiling reaching the need); ``event_infeasible`` without a solver when no
    vendor can."""
    check_event(event)
    covers: dict[int, set[int]] = {}
    for index, line in enumerate(event.lines):
        if usable(event, index) and not units_short(event, line.need, [index]):
            covers.setdefault(line.vendor, set()).add(line.need)
    able = {vendor for vendor, needs in covers.items() if len(needs) == len(event.needs)}
    if not able:
        return Refusal(INFEASIBLE)
    kept = [index for index, line in enumerate(event.lines) if line.vendor in able]
    alone = attrs.evolve(event, lines=tuple(event.lines[index] for index in kept), max_suppliers=1)
    found = best_award(alone, budget, effort=effort)
    if isinstance(found, Refusal):
        return found
    packs = [0] * len(event.lines)
    for index, count in zip(kept, found.packs, strict=True):
        packs[index] = count
    return attrs.evolve(found, packs=tuple(packs))
