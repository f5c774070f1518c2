"""The purchase planner's suites (issues 20 and 25) in their own words, over the one award engine
(issue 33, ``docs/event-solver.md``): tests only.

The suites were written for quotes as the planner's ``Offer``; the engine has one vocabulary
(an event of one item, each quote a supplier with one offer line), so this module writes each
list of offers as a one-item :class:`~quotecalc.solvers.award.Event` and asks the engine's own
functions. Nothing here computes a figure: every answer is the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

import attrs

from quotecalc.core.exact import EXACT
from quotecalc.solvers.award import (
    DEFAULT_NODES,
    Award,
    Event,
    Line,
    Need,
    Refusal,
    Vendor,
    alone_packs,
    award_key,
)
from quotecalc.solvers.award import break_counts as line_break_counts
from quotecalc.solvers.award import pack_ceiling as line_pack_ceiling
from quotecalc.solvers.award import price_at as line_price_at
from quotecalc.solvers.award import usable as line_usable
from quotecalc.solvers.award.key import Keyed, Weights, keyed_lines
from quotecalc.solvers.award.key import weights as line_weights
from quotecalc.solvers.award.search import _Search, award_one
from quotecalc.solvers.award.search import fullest_plan as line_fullest_plan

INFEASIBLE: Final = "plan_infeasible"
Plan = Award


@attrs.frozen
class Offer:
    """One quote: a supplier (``freight``, ``other_fees`` paid once) with one offer line."""

    supplier_id: str
    pack_size: int
    minimum_packs: int
    pack_price: Decimal
    freight: Decimal
    other_fees: Decimal
    breaks: tuple[tuple[int, Decimal], ...] = ()
    capacity: int | None = None

    @property
    def least_packs(self) -> int:
        return max(1, self.minimum_packs)

    @property
    def fees(self) -> Decimal:
        return EXACT.add(self.freight, self.other_fees)


def event_of(offers: Sequence[Offer], quantity: int, most: int | None = None) -> Event:
    """The offers as a one-item event: offer ``i`` is vendor ``i`` with line ``i``."""
    vendors = tuple(Vendor(o.supplier_id, o.freight, o.other_fees) for o in offers)
    lines = tuple(
        Line(i, 0, o.pack_size, o.minimum_packs, o.pack_price, o.breaks, o.capacity)
        for i, o in enumerate(offers)
    )
    return Event((Need("item", quantity),), vendors, lines, most)


def best_plan(
    offers: Sequence[Offer],
    quantity: int,
    max_suppliers: int | None,
    nodes: int = DEFAULT_NODES,
) -> Award | str:
    """The engine's award of the one-item event, ``plan_infeasible`` for its refusal."""
    found = award_one(event_of(offers, quantity, max_suppliers), nodes)
    if isinstance(found, Refusal):
        assert found.code == "event_infeasible", found
        return INFEASIBLE
    return found


def price_at(offer: Offer, packs: int) -> Decimal:
    return line_price_at(event_of([offer], 1).lines[0], packs)


def break_counts(offer: Offer) -> tuple[int, ...]:
    return line_break_counts(event_of([offer], 1).lines[0])


def pack_ceiling(offer: Offer, quantity: int) -> int:
    return line_pack_ceiling(event_of([offer], quantity), 0)


def usable(offer: Offer, quantity: int) -> bool:
    return line_usable(event_of([offer], quantity), 0)


def cheapest_alone(offer: Offer, quantity: int) -> int | None:
    return alone_packs(event_of([offer], quantity), 0)


def packs_at_need(offer: Offer, quantity: int) -> int:
    """The plan stage's count at the need."""
    from quotecalc.stages.plan import packs_at_need as line_packs_at_need

    return line_packs_at_need(event_of([offer], quantity).lines[0], quantity)


def plan_key(
    offers: Sequence[Offer], packs: Sequence[int]
) -> tuple[Decimal, int, int, tuple[str, ...]]:
    """The award's order without its last level: (landed total, suppliers, delivered, ids)."""
    total, suppliers, delivered, ids, _ = award_key(event_of(offers, 1), packs)
    return total, suppliers, delivered, ids


def fullest_plan(
    offers: Sequence[Offer], quantity: int, most: int | None
) -> tuple[int, ...] | None:
    return line_fullest_plan(event_of(offers, quantity), most)


def keyed_offers(offers: Sequence[Offer], quantity: int) -> tuple[Weights, tuple[Keyed, ...]]:
    return keyed_lines(event_of(offers, quantity))


def weights(offers: Sequence[Offer], quantity: int, scale: int) -> Weights:
    return line_weights(event_of(offers, quantity), scale)


def search_of(offers: Sequence[Offer], quantity: int, most: int) -> _Search:
    return _Search(event_of(offers, quantity), most)


def offer_of(item: Keyed) -> Offer:
    """A keyed line as an offer (its fees as freight: the key reads only their sum)."""
    line = item.line
    return Offer(
        item.supplier_id,
        line.pack_size,
        line.minimum_packs,
        line.pack_price,
        item.fees,
        Decimal(0),
        line.breaks,
        line.capacity,
    )
