"""The planner's one integer key (issue 25, ``docs/plan.md``, "The order as one number").

Plans are ordered by (landed total, suppliers, delivered quantity, the sorted supplier ids in
code-point order, then the pack counts read in supplier-id order, more first: as the sourcing
event's last rule, each unit goes as far as possible to the earliest supplier). The five levels
are folded into one exact integer that each offer adds to on its own: an offer bought at ``n``
packs adds ``base + rate(n) * n`` where, with the offers ranked ``r = 0 .. N-1`` by supplier id
and money scaled to integers,

- ``base = fees * Wc + Ws - 2^(N-1-r) * Wi`` (its fees, one supplier, and its id: of two sets of
  one size, the one whose least differing id is earlier has the larger sum of ``2^(N-1-r)``, so
  the smaller key),
- ``rate(n) = price(n) * Wc + packSize * Wd - M^(N-1-r)`` (the goods, the delivered units, and
  its pack count as a digit of base ``M`` above every count it can take, subtracted: more
  packs from an earlier supplier make the smaller key).

Each weight exceeds the whole range of every level below it (:func:`weights`), so comparing
keys is comparing plans level by level, and two different plans never share a key: the best
plan is unique and the search needs no separate tie-break.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ...core.exact import decimal_places, scaled
from ...core.records import Record
from .purchase import Offer, pack_ceiling


@attrs.frozen(eq=False, repr=False)
class Weights(Record):
    """The weight of each level of the key (see the module docstring) and the money scale."""

    scale: int
    cost: int
    suppliers: int
    delivered: int
    ids: int
    digit: int


def weights(offers: Sequence[Offer], quantity: int, scale: int) -> Weights:
    """Weights such that each level outweighs the whole range of the levels below it.

    Pack counts stay below ``M`` (the largest ceiling plus one), so the (subtracted) pack digits
    lie in ``(-M^N, 0]``, ``Wi = M^N``. The id terms lie in ``(-2^N * Wi, 0]``: together the
    lower part lies in ``(-(2^N + 1) * Wi, 0]``, so ``Wd = (2^N + 1) * Wi``. Delivered units
    lie in ``[0, D]``: ``Ws = (D + 1) * Wd``. Suppliers lie in ``[1, N]``: ``Wc = (N + 1) *
    Ws``; the part below the cost is then in ``[0, Wc)`` (one supplier's ``Ws`` outweighs the
    negative part), so ``cost = key // Wc``. Every rate stays positive (``Wd > M^N``).
    """
    count = len(offers)
    ceilings = [pack_ceiling(offer, quantity) for offer in offers]
    digit = max(ceilings) + 1
    ids = digit**count
    delivered = (2**count + 1) * ids
    most = sum(offer.pack_size * high for offer, high in zip(offers, ceilings, strict=True))
    suppliers = (most + 1) * delivered
    return Weights(scale, (count + 1) * suppliers, suppliers, delivered, ids, digit)


@attrs.frozen(eq=False, repr=False)
class Keyed(Record):
    """One usable offer with its key: ``base`` once bought, ``levels`` as ``(first, last,
    rate)`` pack ranges in ascending order, and its rank by supplier id."""

    offer: Offer
    rank: int
    base: int
    levels: tuple[tuple[int, int, int], ...]
    low: int
    high: int

    def cheapest(self, least: int, most: int) -> int:
        """The count of least key from ``least`` to ``most`` packs: ``least`` or the start of
        a later level (the key rises within a level)."""
        counts = [least] + [first for first, _, _ in self.levels if least < first <= most]
        return min(counts, key=self.key)

    def key(self, packs: int) -> int:
        """The offer's key at ``packs`` (0: not bought)."""
        if packs == 0:
            return 0
        rate = self.levels[0][2]
        for first, _, level_rate in self.levels:
            if packs < first:
                break
            rate = level_rate
        return self.base + rate * packs


def keyed_offers(offers: Sequence[Offer], quantity: int) -> tuple[Weights, tuple[Keyed, ...]]:
    """The usable offers, each with its share of the key (see the module docstring)."""
    money = [o.fees for o in offers] + [o.pack_price for o in offers]
    money += [price for o in offers for _, price in o.breaks]
    scale = 10 ** decimal_places(money)
    w = weights(offers, quantity, scale)
    ranks = {sid: rank for rank, sid in enumerate(sorted(o.supplier_id for o in offers))}
    count = len(offers)
    keyed = []
    for offer in offers:
        rank = ranks[offer.supplier_id]
        low, high = offer.least_packs, pack_ceiling(offer, quantity)
        base = scaled(offer.fees, scale) * w.cost + w.suppliers - 2 ** (count - 1 - rank) * w.ids
        extra = offer.pack_size * w.delivered - w.digit ** (count - 1 - rank)
        starts = [(1, offer.pack_price)]
        starts += [(-(-minimum // offer.pack_size), price) for minimum, price in offer.breaks]
        levels = []
        for index, (start, price) in enumerate(starts):
            end = starts[index + 1][0] - 1 if index + 1 < len(starts) else high
            first, last = max(start, low), min(end, high)
            if first <= last:
                levels.append((first, last, scaled(price, scale) * w.cost + extra))
        keyed.append(Keyed(offer, rank, base, tuple(levels), low, high))
    return w, tuple(keyed)
