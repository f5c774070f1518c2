"""The purchase planner's exact search (issue 20, ``docs/plan.md``): pure functions over
integers and Decimals, no pipeline context.

An :class:`Offer` sells packs of ``pack_size`` units. Buying ``n`` packs (``least_packs <= n``,
``n <= capacity``) costs ``n * price(n)`` plus ``freight`` and ``other_fees`` once, where
``price(n)`` is the ``packPrice`` of the highest break whose ``minimumQuantity`` is at most
``n * pack_size`` (all-units), the offer's own pack price below the first break. A plan covers
the need (``sum(n_i * pack_size_i) >= quantity``) with at most ``max_suppliers`` offers; the
best plan is the least by :func:`plan_key`: landed total, then suppliers, then delivered
quantity, then the sorted supplier ids in code-point order.

The single-source answers need no search (:func:`cheapest_alone`); the best plan over all
offers is found by the exact search of :mod:`quotecalc.solvers.planner`, which builds on the
functions here.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final

import attrs

from ...core.exact import EXACT
from ...core.records import Record

# Why a plan could not be given (the plan document's reason code).
INFEASIBLE: Final = "plan_infeasible"


@attrs.frozen(eq=False, repr=False)
class Offer(Record):
    """One usable quote as the planner sees it; ``breaks`` are ``(minimumQuantity,
    packPrice)`` with strictly increasing quantities, ``capacity`` ``None`` for no limit."""

    supplier_id: str
    pack_size: int
    minimum_packs: int
    pack_price: Decimal
    freight: Decimal
    other_fees: Decimal
    breaks: tuple[tuple[int, Decimal], ...] = ()
    capacity: int | None = None
    thresholds: tuple[int, ...] = attrs.field(init=False)
    """The first pack count reaching each break: ``ceil(minimumQuantity / packSize)``."""

    @thresholds.default
    def _thresholds(self) -> tuple[int, ...]:
        return tuple(-(-minimum // self.pack_size) for minimum, _ in self.breaks)

    @property
    def least_packs(self) -> int:
        """The fewest packs an order may take: ``max(1, minimumPacks)``."""
        return max(1, self.minimum_packs)

    @property
    def fees(self) -> Decimal:
        """``freight + otherFees``, paid once per order."""
        return EXACT.add(self.freight, self.other_fees)


def price_at(offer: Offer, packs: int) -> Decimal:
    """The all-units pack price at ``packs`` packs: the highest break reached, else the base."""
    quantity = packs * offer.pack_size
    price = offer.pack_price
    for minimum, break_price in offer.breaks:
        if quantity < minimum:
            break
        price = break_price
    return price


def landed(offer: Offer, packs: int) -> Decimal:
    """``packs * price_at(packs) + freight + otherFees``, exact."""
    return EXACT.add(EXACT.multiply(price_at(offer, packs), packs), offer.fees)


def packs_at_need(offer: Offer, quantity: int) -> int:
    """The fewest packs covering the need alone, as the fixed call counts them (CONTRACT §7):
    ``max(ceil(quantity / packSize), minimumPacks)``."""
    return max(-(-quantity // offer.pack_size), offer.minimum_packs)


def break_counts(offer: Offer) -> tuple[int, ...]:
    """The first pack count reaching each break: ``ceil(minimumQuantity / packSize)``."""
    return offer.thresholds


def cheapest_alone(offer: Offer, quantity: int) -> int | None:
    """The pack count with the least landed total covering the need alone, the fewest packs
    among equals; ``None`` when the capacity cannot cover the need.

    Only ``n0 = packs_at_need`` and the break counts above it can win. Between two consecutive
    break counts the price is one constant ``p >= 0``, so the cost ``p * n + fees`` does not
    decrease as ``n`` grows: the least allowed count of each price level is the best of that
    level, the fewest packs among equals. The least allowed count is ``n0`` for the level
    ``n0`` lies in, and the level's own break count for every level starting above ``n0``;
    levels starting above the capacity hold no allowed count.
    """
    start = packs_at_need(offer, quantity)
    cap = offer.capacity
    if cap is not None and start > cap:
        return None
    counts = [start]
    counts += [n for n in break_counts(offer) if n > start and (cap is None or n <= cap)]
    return min(counts, key=lambda n: (landed(offer, n), n))


def pack_ceiling(offer: Offer, quantity: int) -> int:
    """The most packs a best plan can take from ``offer``.

    Let ``top = max(ceil(quantity / packSize), least_packs, the highest break count)``. A plan
    with ``n > top`` packs from this offer is beaten by the same plan with ``n - 1``: that count
    is still allowed, lies in the same price level (at or above the highest break count), and
    covers the need on its own, so the plan costs no more and delivers less.
    """
    top = max(-(-quantity // offer.pack_size), offer.least_packs, *break_counts(offer))
    return top if offer.capacity is None else min(top, offer.capacity)


PlanKey = tuple[Decimal, int, int, tuple[str, ...]]


def plan_key(offers: Sequence[Offer], packs: Sequence[int]) -> PlanKey:
    """The order plans are compared by: (landed total, suppliers, delivered quantity, the
    sorted supplier ids in code-point order); ``packs[i] == 0`` leaves offer ``i`` unused."""
    used = [index for index, count in enumerate(packs) if count]
    total = Decimal(0)
    for index in used:
        total = EXACT.add(total, landed(offers[index], packs[index]))
    return (
        total,
        len(used),
        sum(offers[index].pack_size * packs[index] for index in used),
        tuple(sorted(offers[index].supplier_id for index in used)),
    )


def usable(offer: Offer, quantity: int) -> bool:
    """Whether an order from ``offer`` is allowed at all (its capacity reaches its minimum)."""
    return offer.least_packs <= pack_ceiling(offer, quantity)


def fullest_plan(
    offers: Sequence[Offer], quantity: int, max_suppliers: int | None
) -> tuple[int, ...] | None:
    """A plan covering the need if any does: the offers that deliver the most at their pack
    ceiling, largest first, at most ``max_suppliers`` of them, each at its ceiling; ``None``
    when even they fall short (then no plan covers the need)."""
    order = sorted(
        (index for index, offer in enumerate(offers) if usable(offer, quantity)),
        key=lambda index: -pack_ceiling(offers[index], quantity) * offers[index].pack_size,
    )
    packs = [0] * len(offers)
    covered = 0
    for index in order[:max_suppliers]:
        if covered >= quantity:
            break
        packs[index] = pack_ceiling(offers[index], quantity)
        covered += packs[index] * offers[index].pack_size
    return tuple(packs) if covered >= quantity else None


def best_single(
    offers: Sequence[Offer], quantity: int, alone: Sequence[int | None] | None = None
) -> tuple[int, ...] | None:
    """The best single-source plan (one offer at its :func:`cheapest_alone` count, given as
    ``alone`` if already known), or ``None`` when no offer covers the need alone."""
    if alone is None:
        alone = [cheapest_alone(offer, quantity) for offer in offers]
    # plan_key of a one-offer plan: (landed total, 1, delivered, (its id,)).
    found = [
        (landed(offer, count), offer.pack_size * count, offer.supplier_id, index, count)
        for index, (offer, count) in enumerate(zip(offers, alone, strict=True))
        if count is not None
    ]
    if not found:
        return None
    *_, index, count = min(found)
    packs = [0] * len(offers)
    packs[index] = count
    return tuple(packs)


@attrs.frozen(eq=False, repr=False)
class Plan(Record):
    """A plan: packs per offer (0 = unused), whether it is proven best, the exact lower bound
    of the least landed total (equal to the plan's total when proven), and the nodes the search
    visited (0 when no search was needed)."""

    packs: tuple[int, ...]
    proven: bool
    lower_bound: Decimal
    nodes: int = 0
