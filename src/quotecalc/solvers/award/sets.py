"""The search over supplier sets (issue 38, ``docs/event-solver.md``, "The search over supplier
sets").

On realistic events the hard part of the award is which suppliers to award (at most the event's
``maxSuppliers``): once they are chosen, each item is bought on its own at the tier each supplier
reaches (:mod:`.itemwise`), and that is the least award within them on every bench event. So
the search walks sets of suppliers, guided by the linear relaxation (:mod:`.relaxation`):

1. **Candidates.** The suppliers the relaxation uses (largest use first), then the
   :data:`EXTRA` unused ones whose use column has the least reduced cost; supplierId breaks
   ties.
2. **Starts.** The relaxation's most used suppliers (up to ``maxSuppliers``), and the suppliers
   of each start award given (the greedy first award, the per-item baseline).
3. **Moves.** From the best set found: drop a supplier, add a candidate (below
   ``maxSuppliers``), or swap one for a candidate. A neighbour is first priced by the
   relaxation with every other supplier closed -- a lower bound (in floating point) of any award
   within it -- and neighbours are tried item by item in that order while their bound is below
   the best award's landed total; the first that gives a better award (by
   :func:`~.costing.award_key`) becomes the set searched next. The walk ends when no neighbour
   can improve or the work is spent.

The work is counted, never timed: sets priced item by item (:data:`Limits.sets`) and
relaxations solved (:data:`Limits.relaxations`), so the same event and effort take the same
steps on any machine. The award returned is allowed and costed exactly; it is a start for
CP-SAT, never claimed optimal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from .costing import AwardKey, award_key, costing
from .itemwise import Itemwise
from .linear import Formulation
from .model import Event

if TYPE_CHECKING:
    # Only its types: importing the walk loads no solver library.
    from .relaxation import Relaxation, Solved

# A supplier counts as used by the relaxation above this share of its use column.
USED: Final = 1e-6
# Unused suppliers kept as candidates (the least reduced cost of their use column first).
EXTRA: Final = 4


class Limits(NamedTuple):
    """The work of one search: sets priced item by item, relaxations solved."""

    sets: int
    relaxations: int


class Walk:
    """One search over sets (see the module docstring)."""

    def __init__(
        self, event: Event, form: Formulation, relaxation: Relaxation, limits: Limits
    ) -> None:
        self.event, self.form, self.relaxation, self.limits = event, form, relaxation, limits
        self.itemwise = Itemwise(event)
        self.priced: dict[frozenset[int], tuple[AwardKey, tuple[int, ...]] | None] = {}
        self.estimates: dict[frozenset[int], float] = {}
        self.best: tuple[AwardKey, tuple[int, ...]] | None = None
        self.best_set: frozenset[int] | None = None
        self.solves = 0
        self.candidates: list[int] = []

    def ids(self, chosen: Iterable[int]) -> tuple[str, ...]:
        return tuple(sorted(self.event.vendors[v].supplier_id for v in chosen))

    def price(self, chosen: frozenset[int]) -> bool:
        """Price a set item by item; ``True`` when it gave a better award than the best."""
        if chosen in self.priced or len(self.priced) >= self.limits.sets:
            return False
        packs = self.itemwise.best(sorted(chosen))
        found = None if packs is None else (award_key(self.event, packs), packs)
        self.priced[chosen] = found
        if found is not None and (self.best is None or found[0] < self.best[0]):
            self.best = found
            self.best_set = frozenset(
                self.event.lines[i].vendor for i, count in enumerate(found[1]) if count
            )
            return True
        return False

    def estimate(self, chosen: frozenset[int]) -> float:
        """The relaxation's least cost within ``chosen`` (infinite when it has none or the work
        is spent), in currency units."""
        if chosen not in self.estimates:
            value = float("inf")
            if self.solves < self.limits.relaxations:
                self.solves += 1
                closed = [v for v in self.form.vendor_use if v not in chosen]
                solved = self.relaxation.solve(closed)
                if solved is not None:
                    value = solved.objective / self.form.unit
            self.estimates[chosen] = value
        return self.estimates[chosen]

    def neighbours(
        self, current: frozenset[int], candidates: Sequence[int]
    ) -> list[frozenset[int]]:
        most = self.event.max_suppliers
        found: set[frozenset[int]] = set()
        outside = [w for w in candidates if w not in current]
        for v in current:
            if len(current) > 1:
                found.add(current - {v})
            for w in outside:
                found.add((current - {v}) | {w})
        if most is None or len(current) < most:
            for w in outside:
                found.add(current | {w})
        return sorted(found, key=self.ids)

    def run(self, root: Solved, starts: Sequence[tuple[int, ...]]) -> tuple[int, ...] | None:
        event, form = self.event, self.form
        use = {v: root.values[column] for v, column in form.vendor_use.items()}
        used = sorted((v for v in use if use[v] > USED), key=lambda v: (-use[v], self.ids([v])))
        unused = sorted(
            (v for v in use if use[v] <= USED),
            key=lambda v: (root.reduced[form.vendor_use[v]], self.ids([v])),
        )
        self.candidates = candidates = used + unused[:EXTRA]
        most = event.max_suppliers
        top = used if most is None else used[:most]
        if top:
            self.price(frozenset(top))
        for packs in starts:
            self.price(frozenset(event.lines[i].vendor for i, count in enumerate(packs) if count))
        while self.best is not None and self.best_set is not None:
            current = self.best_set
            total = float(costing(event, self.best[1]).landed_total)
            ranked = sorted(
                (
                    (self.estimate(n), self.ids(n), n)
                    for n in self.neighbours(current, candidates)
                    if n not in self.priced
                ),
                key=lambda item: (item[0], item[1]),
            )
            moved = False
            for estimate, _, chosen in ranked:
                if not estimate < total or len(self.priced) >= self.limits.sets:
                    break
                if self.price(chosen):
                    moved = True
                    break
            if not moved:
                break
        return None if self.best is None else self.best[1]

    def around(self, chosen: frozenset[int]) -> list[frozenset[int]]:
        """The neighbourhoods CP-SAT searches next around a set (:mod:`.many`): the set
        itself, then the set with one candidate more (where the event's ``maxSuppliers`` must
        then leave one out: a swap chosen exactly), least relaxation first."""
        grown = [chosen | {w} for w in self.candidates if w not in chosen]
        return [chosen, *sorted(grown, key=lambda n: (self.estimate(n), self.ids(n)))]
