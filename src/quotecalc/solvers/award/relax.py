"""The relaxations of a search node (issue 25, ``docs/plan.md``, "The bound"): the least sum of
cover hulls that covers the need, filled segment by segment in order of exact slope, and the
same fill counting ``max_suppliers``."""

from __future__ import annotations

from collections.abc import Iterator
from heapq import merge
from typing import NamedTuple

import attrs

from ...core.records import Record
from .cover import Domain, Point, cover_points
from .key import Keyed, Weights


class Segment(NamedTuple):
    """One hull segment of an offer, from ``n1`` packs (``u1`` units, key ``k1``) to ``n2``
    (``u2``, ``k2``). Segments are merged in tuple order: by ``slope`` (the exact slope scaled to
    an integer), then the offer's ``rank``, then its ``position`` along the offer's hull."""

    slope: int
    rank: int
    position: int
    offer: int
    n1: int
    u1: int
    k1: int
    n2: int
    u2: int
    k2: int


# A record built as a plain tuple: NamedTuple's own __new__ costs the hot hull loop ~10 %.
_new = tuple.__new__


class Partial(NamedTuple):
    """The offer a relaxation leaves part-way: from ``n1`` packs (``u1`` units, key ``k1``)
    toward ``n2`` packs, ``rest`` units still needed."""

    offer: int
    n1: int
    u1: int
    k1: int
    n2: int
    rest: int


@attrs.frozen(eq=False, repr=False)
class Relaxation(Record):
    """A node's relaxation: its bound, the packs at which it leaves every offer, and the
    offer it leaves part-way along a segment (with that segment and the units still needed)."""

    bound: int
    packs: dict[int, int]
    partial: Partial | None
    before: int
    """The integer key of everything before the partial segment."""


class Relaxer:
    """The relaxation of one search with every offer's key less ``relief`` once bought: the
    sorted root segments and the envelope cache."""

    def __init__(
        self, weights: Weights, items: tuple[Keyed, ...], quantity: int, most: int, relief: int
    ) -> None:
        self.quantity, self.most, self.relief = quantity, most, relief
        self.weights, self.items = weights, items
        largest = max((item.line.pack_size * item.high for item in self.items), default=1)
        # Slopes a/b and c/d with b, d <= largest differ by at least 1/largest^2 when they
        # differ, so floor(slope * Z) with Z > largest^2 orders them exactly.
        self.z = largest * largest + 1
        self.hulls: dict[tuple[int, Domain], tuple[Point, list[Segment]]] = {}
        self.root: list[Segment] = sorted(
            segment
            for index, item in enumerate(self.items)
            for segment in self.hull(index, Domain(True, item.low, item.high))[1]
        )

    def hull(self, index: int, domain: Domain) -> tuple[Point, list[Segment]]:
        """The envelope of an offer over ``domain``: its first point and its segments. An offer
        bought for sure starts at the hull's least key (every later segment rises)."""
        found = self.hulls.get((index, domain))
        if found is not None:
            return found
        points = cover_points(self.items[index], domain, self.quantity, self.relief)
        if not domain.optional:
            least = min(range(len(points)), key=lambda at: (points[at].key, at))
            points = points[least:]
        rank = self.items[index].rank
        segments = []
        for position in range(len(points) - 1):
            (n1, u1, k1), (n2, u2, k2) = points[position], points[position + 1]
            slope = (k2 - k1) * self.z // (u2 - u1)
            segments.append(_new(Segment, (slope, rank, position, index, n1, u1, k1, n2, u2, k2)))
        self.hulls[(index, domain)] = (points[0], segments)
        return points[0], segments

    def relax(self, domains: dict[int, Domain | None]) -> Relaxation | None:
        """The node's relaxation; ``None`` when no plan of the node covers the need.
        ``domains`` holds the offers whose range differs from the root (``None``: left out)."""
        changed = {index: d for index, d in domains.items() if d is not None}
        bought = [index for index, d in changed.items() if not d.optional]
        if len(bought) > self.most:
            return None
        packs: dict[int, int] = {}
        total = covered = 0
        for index in bought:
            (n, u, k), _ = self.hull(index, changed[index])
            packs[index] = n
            total += k
            covered += u
        rest = self.quantity - covered
        if rest <= 0:
            return Relaxation(total, packs, None, total)
        if len(bought) == self.most:
            stream: Iterator[Segment] = merge(*(self.hull(i, changed[i])[1] for i in bought))
        else:
            lists = [self.hull(index, domain)[1] for index, domain in changed.items()]
            stream = merge(self._root_without(domains), *lists)
        for _, _, _, index, n1, u1, k1, n2, u2, k2 in stream:
            span = u2 - u1
            if span < rest:
                rest -= span
                total += k2 - k1
                packs[index] = n2
                continue
            if span == rest:
                packs[index] = n2
                return Relaxation(total + k2 - k1, packs, None, total + k2 - k1)
            packs[index] = n1
            bound = total + -(-(rest * (k2 - k1)) // span)
            return Relaxation(bound, packs, Partial(index, n1, u1, k1, n2, rest), total)
        return None

    def slotted(self, domains: dict[int, Domain | None]) -> int | None:
        """A bound that respects ``max_suppliers``: with ``r`` offers still to choose, the units
        of any plan bought at a slope of at most ``t`` are at most those of the offers bought
        for sure below ``t`` plus the ``r`` largest amounts of free offers below ``t``; so
        filling the need in slope order, each slope supplying only what that count adds, costs
        no more than any plan of the node. ``None`` when even that falls short."""
        changed = {index: d for index, d in domains.items() if d is not None}
        bought = {index for index, d in changed.items() if not d.optional}
        slots = self.most - len(bought)
        total = covered = 0
        for index in bought:
            (_, u, k), _ = self.hull(index, changed[index])
            total += k
            covered += u
        rest = self.quantity - covered
        if rest <= 0:
            return total
        if slots == 0:
            stream: Iterator[Segment] = merge(*(self.hull(i, changed[i])[1] for i in bought))
        else:
            lists = [self.hull(index, domain)[1] for index, domain in changed.items()]
            stream = merge(self._root_without(domains), *lists)
        reach: dict[int, int] = {}
        top: list[int] = []
        for _, _, _, index, _, u1, k1, _, u2, k2 in stream:
            span = u2 - u1
            held = reach.get(index, 0) + span
            reach[index] = held
            if index in bought or index in top:
                gain = span
            elif len(top) < slots:
                top.append(index)
                gain = held
            else:
                weakest = min(top, key=reach.__getitem__)
                gain = held - reach[weakest]
                if gain <= 0:
                    continue
                top[top.index(weakest)] = index
            take = min(gain, rest)
            total += take * (k2 - k1) // span
            rest -= take
            if rest == 0:
                return total
        return None

    def _root_without(self, domains: dict[int, Domain | None]) -> Iterator[Segment]:
        for segment in self.root:
            if segment.offer not in domains:
                yield segment
