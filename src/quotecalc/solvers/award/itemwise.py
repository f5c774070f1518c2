"""Awards within a chosen set of suppliers, item by item (issue 38, ``docs/event-solver.md``,
"The search over supplier sets").

Once the suppliers are chosen and the spend tier each reaches is assumed, the cost of an award
is a sum over items: each supplier's goods are paid at ``(100 - percent) / 100`` of their
price, its fees once whatever it is given. So each item is bought on its own, exactly, by the
one-item branch and bound (:func:`~.search.award_one`) over the chosen suppliers' lines with
their prices scaled by that factor (its own ``maxSuppliers``, breaks, capacities and least
packs kept). The assumption is then checked against the award: the tiers are recomputed from
the goods each supplier got and the items bought again under them, until they agree (a few
rounds), starting from each supplier's largest tier; a supplier left short of its minimum order
value takes more packs on a line it already has (as the first award does).

Every award it returns is allowed (:func:`~.costing.feasible`) and is compared by the award's
own order (:func:`~.costing.award_key`); nothing here is claimed optimal: it is how the search
over supplier sets (:mod:`.sets`) prices a set, and its awards are what CP-SAT is hinted with.
Pure Python, no solver library; the work is a count of one-item searches and their nodes.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

import attrs

from ...core.exact import EXACT
from .costing import award_key, feasible, tier_percent, vendor_goods
from .model import Award, Event, Vendor, usable
from .search import award_one
from .start import meet_minimums

# The rounds of "assume the tiers, buy the items, recompute the tiers".
ROUNDS: Final = 4
# The one-item search's nodes per item: these items have at most a few suppliers' lines.
ITEM_NODES: Final = 2000

_HUNDRED: Final = Decimal(100)

Plan = tuple[tuple[int, int], ...]
"""One item's award: ``(line index, packs)`` of its awarded lines."""


class Itemwise:
    """The item-by-item awards of one event, each item's answer kept for the next set that
    offers it the same suppliers at the same percents."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.mine: list[list[int]] = [[] for _ in event.needs]
        for index, line in enumerate(event.lines):
            if usable(event, index):
                self.mine[line.need].append(index)
        self.plans: dict[tuple[int, tuple[tuple[int, Decimal], ...]], Plan | None] = {}
        self.work = 0

    def _item(self, need: int, percents: dict[int, Decimal]) -> Plan | None:
        """The least plan of one item over the lines of the vendors in ``percents``, each
        line's prices times its vendor's factor; ``None`` when they cannot cover it."""
        event = self.event
        lines = [i for i in self.mine[need] if event.lines[i].vendor in percents]
        key = (need, tuple((event.lines[i].vendor, percents[event.lines[i].vendor]) for i in lines))
        if key in self.plans:
            return self.plans[key]
        plan: Plan | None = None
        if lines:
            vendors = sorted({event.lines[i].vendor for i in lines})
            place = {vendor: k for k, vendor in enumerate(vendors)}
            scaled = []
            for index in lines:
                line = event.lines[index]
                factor = EXACT.divide(EXACT.subtract(_HUNDRED, percents[line.vendor]), _HUNDRED)
                scaled.append(
                    attrs.evolve(
                        line,
                        vendor=place[line.vendor],
                        need=0,
                        pack_price=EXACT.multiply(line.pack_price, factor),
                        breaks=tuple(
                            (minimum, EXACT.multiply(price, factor))
                            for minimum, price in line.breaks
                        ),
                    )
                )
            one = Event(
                (attrs.evolve(event.needs[need]),),
                tuple(
                    Vendor(event.vendors[v].supplier_id, Decimal(0), Decimal(0)) for v in vendors
                ),
                tuple(scaled),
            )
            found = award_one(one, ITEM_NODES)
            self.work += 1 + (found.nodes if isinstance(found, Award) else 0)
            if isinstance(found, Award):
                plan = tuple(
                    (index, count) for index, count in zip(lines, found.packs, strict=True) if count
                )
        self.plans[key] = plan
        return plan

    def award(self, percents: dict[int, Decimal]) -> list[int] | None:
        """Every item's least plan over the vendors in ``percents`` at those percents."""
        packs = [0] * len(self.event.lines)
        for need in range(len(self.event.needs)):
            plan = self._item(need, percents)
            if plan is None:
                return None
            for index, count in plan:
                packs[index] = count
        return packs

    def best(self, chosen: Sequence[int]) -> tuple[int, ...] | None:
        """The least allowed award, by the award's order, of the rounds within the vendors
        ``chosen`` (see the module docstring); ``None`` when no round gives one."""
        event = self.event
        percents = {
            vendor: max((p for _, p in event.vendors[vendor].tiers), default=Decimal(0))
            for vendor in chosen
        }
        best: tuple[int, ...] | None = None
        for _ in range(ROUNDS):
            packs = self.award(percents)
            if packs is None:
                return best
            goods = vendor_goods(event, packs)
            if meet_minimums(event, packs):
                award = tuple(packs)
                if feasible(event, award) and (
                    best is None or award_key(event, award) < award_key(event, best)
                ):
                    best = award
            reached = {
                vendor: tier_percent(event.vendors[vendor], goods.get(vendor, Decimal(0)))
                for vendor in chosen
            }
            if reached == percents:
                break
            percents = reached
        return best
