"""The award of an event of many items with the solver libraries (issues 26, 33 and 38,
``docs/event-solver.md``, "The search and the proof"): the ``[plan]`` extra's HiGHS and CP-SAT,
imported only inside :func:`quotecalc.solvers.award.best_award`.

1. **Starts** without a solver: the per-item baseline and the greedy first award
   (:mod:`.start`).
2. **The relaxation** (:mod:`.relaxation`): the model's linear relaxation, solved by HiGHS; its
   duals give an exact lower bound of every award's landed total, never less than the plain
   bound (:func:`~.bound.plain_bound`).
3. **The supplier sets** (:mod:`.sets`): a walk over sets of suppliers guided by the
   relaxation, each set priced item by item; its best award joins the starts.
4. **CP-SAT** (:mod:`.cpsat`) from the least start by the award's order, with a third of its
   budget: it proves the least cost and settles the tie order (one solve when the start is
   the only least award), or stops.
5. **Neighbourhoods** when it stops unproven: CP-SAT on the event cut to the best award's
   suppliers, then to them and one candidate more, each from that award within a small budget
   (a large-neighbourhood search, :func:`_around`); then CP-SAT on the whole event again from
   the best award with the rest of its budget. Its answer is the best award it has, with the
   best of its own bound, the first solve's and the relaxation's.

Every step's work is a count fixed before it starts (:class:`Work`), never a clock: the same
event and effort give the same award, bound and proof on any machine. A model larger than
:data:`~.model.SEARCH_LEVELS` price levels is not built: the least start is the answer with the
plain bound (``docs/event-solver.md``, "The budget").
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

import attrs

from ...core.exact import EXACT
from .bound import plain_bound
from .costing import award_key, costing
from .cpsat import search as cpsat_search
from .linear import Formulation, OutOfRange
from .model import OUT_OF_RANGE, SEARCH_LEVELS, UNSOLVED, Award, Event, Refusal, search_size
from .relaxation import Relaxation, safe_bound
from .sets import Limits, Walk
from .start import cheapest_per_item, first_award
from .work import Work, work_of

# The share of CP-SAT's budget spent before the neighbourhood searches (decision 38.5).
FIRST_SHARE: Final = 1 / 2


def award_many(event: Event, work: Work) -> Award | Refusal:
    """The best award of an event that the exact search without a solver did not answer (see
    the module docstring), or why there is none."""
    starts = [
        packs for packs in (cheapest_per_item(event), first_award(event)) if packs is not None
    ]
    bound = plain_bound(event)
    if search_size(event) > SEARCH_LEVELS:
        start = _least(event, starts)
        if start is None:
            return Refusal(UNSOLVED)
        return _unsearched(event, start, bound)
    try:
        form = Formulation(event)
    except OutOfRange:
        return Refusal(OUT_OF_RANGE)
    relaxation = Relaxation(form, work.iterations, work.interior) if work.iterations else None
    root = None if relaxation is None else relaxation.solve()
    walk: Walk | None = None
    if relaxation is not None and root is not None:
        proven = EXACT.divide(Decimal(safe_bound(form, root.duals)), Decimal(form.unit))
        bound = max(bound, proven)
        walk = Walk(event, form, relaxation, Limits(work.sets, work.relaxations))
        found = walk.run(root, starts)
        if found is not None:
            starts.append(found)
    start = _least(event, starts)
    if work.seconds <= 0:
        return Refusal(UNSOLVED) if start is None else _unsearched(event, start, bound)
    if walk is None or start is None or work.neighbourhoods <= 0:
        return cpsat_search(event, work.seconds, start, form, bound)
    # First a share of the budget from the walk's award: on realistic events it is the least
    # and CP-SAT proves it there. Else the neighbourhoods around the best award so far, then
    # CP-SAT again from their award with the rest (decision 38.5).
    first_share = work.seconds * FIRST_SHARE
    first = cpsat_search(event, first_share, start, form, bound)
    if not isinstance(first, Award) or first.proven:
        return first
    around = _around(event, walk, first.packs, work)
    return cpsat_search(event, work.seconds - first_share, around, form, first.lower_bound)


def _around(event: Event, walk: Walk, found: tuple[int, ...], work: Work) -> tuple[int, ...]:
    """A large-neighbourhood search around the walk's award: CP-SAT searches the event cut to
    the award's suppliers, then to them and one candidate more (:meth:`Walk.around`), each
    from the award so far, within ``work.neighbourhood_seconds``; a better award by the
    award's order restarts the neighbourhoods around its own suppliers. At most
    ``work.neighbourhoods`` searches: it catches what pricing a set item by item misses
    (minimum order values and tiers met by moving or overbuying, decision 38.5)."""
    best, key = found, award_key(event, found)
    searched: set[frozenset[int]] = set()
    left = work.neighbourhoods
    while left > 0:
        chosen = frozenset(event.lines[i].vendor for i, count in enumerate(best) if count)
        fresh = [n for n in walk.around(chosen) if n not in searched]
        if not fresh:
            break
        improved = False
        for vendors in fresh:
            if left <= 0:
                break
            left -= 1
            searched.add(vendors)
            kept = [i for i, line in enumerate(event.lines) if line.vendor in vendors]
            part = attrs.evolve(event, lines=tuple(event.lines[i] for i in kept))
            start = tuple(best[i] for i in kept)
            try:
                cut = Formulation(part)
            except OutOfRange:
                continue
            got = cpsat_search(part, work.neighbourhood_seconds, start, cut, Decimal(0))
            if not isinstance(got, Award):
                continue
            packs = [0] * len(event.lines)
            for index, count in zip(kept, got.packs, strict=True):
                packs[index] = count
            candidate = tuple(packs)
            if award_key(event, candidate) < key:
                best, key = candidate, award_key(event, candidate)
                improved = True
                break
        if not improved:
            break
    return best


def _least(event: Event, starts: list[tuple[int, ...]]) -> tuple[int, ...] | None:
    return min(starts, key=lambda packs: award_key(event, packs), default=None)


def _unsearched(event: Event, start: tuple[int, ...], bound: Decimal) -> Award:
    """A start returned without CP-SAT: unproven unless its exact bound meets its total."""
    total = costing(event, start).landed_total
    lower = min(bound, total)
    return Award(start, False, lower, True, cost_proven=lower == total)


def searched(event: Event, budget: float, effort: str = "standard") -> Award | Refusal:
    """:func:`award_many` with ``effort``'s counts and ``budget`` deterministic seconds of
    CP-SAT: the search with the solver libraries alone, without the exact search first (what
    the tests compare with the exact search and the one-item branch and bound)."""
    return award_many(event, work_of(effort, budget, event))
