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
from .exact import exact_award
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
from .work import (
    BUDGET_LEVELS,
    DEFAULT_BUDGET,
    DEFAULT_EFFORT,
    EFFORTS,
    NEIGHBOURHOOD_SECONDS,
    NEIGHBOURHOODS,
    PROOF_FACTOR,
    RELAXATIONS,
    SETS,
    Work,
    effort_factor,
    event_budget,
    exact_work,
    work_of,
)

__all__ = [
    "BUDGET_LEVELS",
    "DEFAULT_BUDGET",
    "DEFAULT_EFFORT",
    "DEFAULT_NODES",
    "EFFORTS",
    "INFEASIBLE",
    "MODEL_INVALID",
    "NEIGHBOURHOODS",
    "NEIGHBOURHOOD_SECONDS",
    "OUT_OF_RANGE",
    "PROOF_FACTOR",
    "RELAXATIONS",
    "SEARCH_LEVELS",
    "SETS",
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
    "Work",
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
    "work_of",
]


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
        from .many import award_many
    except ImportError:
        return Refusal(SOLVER_UNAVAILABLE)
    return award_many(event, work_of(effort, budget, event))


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
