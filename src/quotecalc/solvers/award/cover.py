"""What covering part of the need from one offer costs at least: the convex hull of its cover
cost (issue 25, ``docs/plan.md``, "The bound")."""

from __future__ import annotations

from typing import NamedTuple

from .key import Keyed


class Domain(NamedTuple):
    """A pack range of one offer in a search node."""

    optional: bool
    """Whether the offer may be left out (0 packs)."""
    low: int
    high: int


class Point(NamedTuple):
    """A point of an offer's cover cost: ``packs`` covering ``units`` of the need at ``key``."""

    packs: int
    units: int
    key: int


# A record built as a plain tuple: NamedTuple's own __new__ costs the hot hull loop ~10 %.
_new = tuple.__new__


def cover_points(item: Keyed, domain: Domain, quantity: int, relief: int = 0) -> list[Point]:
    """The points ``(packs, units, key)`` whose lower hull bounds what covering ``units`` of
    the need from this offer costs, its key less ``relief`` once bought.

    Covering ``u`` units costs ``g(u)``, the least key of a count ``n >= u / packSize`` in
    ``domain``: a later price level can make more packs cheaper, so ``g`` looks ahead to the
    start of every later level. Units beyond the need cover nothing, so ``u`` stops at ``cap =
    min(need, packSize * high)``. ``g`` does not decrease, and on the counts of one level below
    the cap it is the least of a line and a constant, which lies above the chord of its ends;
    from the last count below the cap to the cap it is constant. So the hull of ``(0, 0)`` (if
    the offer may be left out), ``g`` at the ends of each level's counts below the cap, and
    ``g(cap)``, lies below ``g`` everywhere.
    """
    zero, low, high = domain
    size = item.line.pack_size
    base = item.base - relief
    spans = [
        (max(first, low), min(last, high), rate)
        for first, last, rate in item.levels
        if max(first, low) <= min(last, high)
    ]
    # ahead[j]: the least (key, packs) at the start of level j or any later one.
    ahead: list[tuple[int, int]] = [(0, 0)] * (len(spans) + 1)
    ahead[-1] = (-1, 0)
    for j in range(len(spans) - 1, -1, -1):
        start = (base + spans[j][2] * spans[j][0], spans[j][0])
        later = ahead[j + 1]
        ahead[j] = start if later[0] < 0 or start < later else later
    cap = min(quantity, size * high)

    def least(packs: int, level: int) -> tuple[int, int]:
        here = (base + spans[level][2] * packs, packs)
        later = ahead[level + 1]
        return here if later[0] < 0 or here < later else later

    points = [Point(0, 0, 0)] if zero else []
    below = (cap - 1) // size  # the most packs that cover less than the cap
    for j, (first, last, _) in enumerate(spans):
        top = min(last, below)
        if first > top:
            break
        for packs in (first, top) if top > first else (first,):
            key, count = least(packs, j)
            points.append(_new(Point, (count, size * packs, key)))
        if top < last:
            break
    end = max(low, -(-cap // size))
    level = next(j for j, (first, last, _) in enumerate(spans) if first <= end <= last)
    key, count = least(end, level)
    points.append(_new(Point, (count, cap, key)))
    hull: list[Point] = []
    for point in points:
        _, units, key = point
        while len(hull) >= 2:
            (_, u1, k1), (_, u2, k2) = hull[-2], hull[-1]
            # Drop the middle point unless it lies strictly below the line of its neighbours.
            if (k2 - k1) * (units - u1) >= (key - k1) * (u2 - u1):
                hull.pop()
            else:
                break
        hull.append(point)
    return hull
