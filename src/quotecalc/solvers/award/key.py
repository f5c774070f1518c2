"""The one integer key of a one-item event's awards (issue 25, ``docs/plan.md``, "The order as
one number"; issue 33: the event's lines, each the one offer of its supplier for the item).

It encodes :func:`~quotecalc.solvers.award.costing.award_key` for one item exactly: plans
(awards) are ordered by (landed total, suppliers, delivered quantity, the sorted supplier ids in
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

from decimal import Decimal

import attrs

from ...core.exact import EXACT, decimal_places, scaled
from ...core.records import Record
from .model import Event, Line, break_counts, pack_ceiling


@attrs.frozen(eq=False, repr=False)
class Weights(Record):
    """The weight of each level of the key (see the module docstring) and the money scale."""

    scale: int
    cost: int
    suppliers: int
    delivered: int
    ids: int
    digit: int


def weights(event: Event, scale: int) -> Weights:
    """Weights such that each level outweighs the whole range of the levels below it.

    Pack counts stay below ``M`` (the largest ceiling plus one), so the (subtracted) pack digits
    lie in ``(-M^N, 0]``, ``Wi = M^N``. The id terms lie in ``(-2^N * Wi, 0]``: together the
    lower part lies in ``(-(2^N + 1) * Wi, 0]``, so ``Wd = (2^N + 1) * Wi``. Delivered units
    lie in ``[0, D]``: ``Ws = (D + 1) * Wd``. Suppliers lie in ``[1, N]``: ``Wc = (N + 1) *
    Ws``; the part below the cost is then in ``[0, Wc)`` (one supplier's ``Ws`` outweighs the
    negative part), so ``cost = key // Wc``. Every rate stays positive (``Wd > M^N``).
    """
    count = len(event.lines)
    ceilings = [pack_ceiling(event, index) for index in range(count)]
    digit = max(ceilings) + 1
    ids = digit**count
    delivered = (2**count + 1) * ids
    most = sum(line.pack_size * high for line, high in zip(event.lines, ceilings, strict=True))
    suppliers = (most + 1) * delivered
    return Weights(scale, (count + 1) * suppliers, suppliers, delivered, ids, digit)


@attrs.frozen(eq=False, repr=False)
class Keyed(Record):
    """One usable line with its key: its supplier's id and fees (paid once), ``base`` once
    bought, ``levels`` as ``(first, last, rate)`` pack ranges in ascending order, and its rank
    by supplier id."""

    line: Line
    supplier_id: str
    fees: Decimal
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


def keyed_lines(event: Event) -> tuple[Weights, tuple[Keyed, ...]]:
    """The lines of a one-item event (all usable), each with its share of the key (see the
    module docstring)."""
    lines = event.lines
    vendors = [event.vendors[line.vendor] for line in lines]
    fees = [EXACT.add(vendor.freight, vendor.other_fees) for vendor in vendors]
    money = fees + [line.pack_price for line in lines]
    money += [price for line in lines for _, price in line.breaks]
    scale = 10 ** decimal_places(money)
    w = weights(event, scale)
    ids = [vendor.supplier_id for vendor in vendors]
    ranks = {sid: rank for rank, sid in enumerate(sorted(ids))}
    count = len(lines)
    keyed = []
    for index, (line, sid, fee) in enumerate(zip(lines, ids, fees, strict=True)):
        rank = ranks[sid]
        low, high = line.least_packs, pack_ceiling(event, index)
        base = scaled(fee, scale) * w.cost + w.suppliers - 2 ** (count - 1 - rank) * w.ids
        extra = line.pack_size * w.delivered - w.digit ** (count - 1 - rank)
        starts = [(1, line.pack_price)]
        starts += [
            (n, price) for n, (_, price) in zip(break_counts(line), line.breaks, strict=True)
        ]
        levels = []
        for level, (start, price) in enumerate(starts):
            end = starts[level + 1][0] - 1 if level + 1 < len(starts) else high
            first, last = max(start, low), min(end, high)
            if first <= last:
                levels.append((first, last, scaled(price, scale) * w.cost + extra))
        keyed.append(Keyed(line, sid, fee, rank, base, tuple(levels), low, high))
    return w, tuple(keyed)
