"""Exact weight-space geometry of a ranked result (issue 11, ``docs/analysis.md``).

The mapped dimensions are those (in the engine's order cost, delivery, quality) whose
component is known for every candidate of the scoring set. A weight vector is a point of the
simplex of shares over them (a triangle for 3, a segment for 2, a point for 1). A candidate's
score at shares ``s`` is ``sum_d s_d * component_d`` (§10 with the weights replaced by their
shares; :func:`quotecalc.stages.scoring.share_score` is that formula and the only one used
here), linear in ``s``, so the closed set where a component vector ranks first (ties included)
is the simplex cut by the half-planes ``score_i >= score_j``: a convex polygon, segment, point
or nothing, with exact rational vertices.

Arithmetic is on integers only: components are integer numerators over one common
denominator, and a point of the simplex is a tuple of non-negative integers ``a`` standing for
the shares ``a / sum(a)``, reduced by their gcd so that equal points are equal tuples. Cutting
an edge ``P -> Q`` where ``f(P) > 0 > f(Q)`` gives ``f(P) * Q - f(Q) * P``, on the edge and on
``f = 0``. Clipping (Sutherland-Hodgman) keeps the triangle's counter-clockwise order in the
plane ``(x, y) = (share of dimensions[1], share of dimensions[2])``.

- area: the shoelace sum in that plane over the triangle's (``1/2``), the length in the share
  of dimensions[0] for a segment, ``1`` for the point;
- dominance: A dominates B when A's component is >= B's on every mapped dimension and > on one;
- switching distance: the least half-L1 distance from the user's shares to the union of the
  regions of candidates that are not ranked first there. The distance is convex and linear
  between the lines ``s_d = u_d``, so over each convex region its minimum is at a vertex or
  where an edge crosses such a line (the lines' common point is the user's own point, where no
  non-winner ranks first); all those points are evaluated exactly, and of the points at the
  minimum the lexicographically greatest (by shares in dimension order) is reported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from math import gcd, lcm
from operator import ge

from ..core.context import Ranking, ScoreTable, WeightAnalysis, WeightRegion, WeightSwitch
from ..core.dimensions import DIMENSIONS, share_score
from ..core.exact import Ratio

Point = tuple[int, ...]
"""Homogeneous simplex point: non-negative integers, not all zero, gcd 1."""

Shares = tuple[Fraction, ...]


def mapped_dimensions(
    components: Sequence[Mapping[str, Ratio | None]],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(mapped, excluded)``: dimensions whose component every candidate has, and the rest."""
    mapped = tuple(
        dimension.name
        for dimension in DIMENSIONS
        if all(shown.get(dimension.name) is not None for shown in components)
    )
    excluded = tuple(dimension.name for dimension in DIMENSIONS if dimension.name not in mapped)
    return mapped, excluded


def integer_vectors(
    components: Sequence[Mapping[str, Ratio | None]], dimensions: Sequence[str]
) -> list[tuple[int, ...]]:
    """Each candidate's components over ``dimensions`` as numerators over one denominator."""
    ratios: list[list[Ratio]] = []
    for shown in components:
        row = []
        for name in dimensions:
            ratio = shown[name]
            assert ratio is not None
            row.append(ratio)
        ratios.append(row)
    common = lcm(1, *(ratio.denominator for row in ratios for ratio in row))
    return [
        tuple(ratio.numerator * (common // ratio.denominator) for ratio in row) for row in ratios
    ]


def _reduced(point: Sequence[int]) -> Point:
    divisor = gcd(*point)
    return tuple(value // divisor for value in point)


def clip(polygon: list[Point], normal: Sequence[int]) -> list[Point]:
    """The part of a convex polygon (segment, point) where ``share_score(normal, p) >= 0``."""
    values = [share_score(normal, point) for point in polygon]
    if min(values) >= 0:
        return polygon
    if max(values) < 0:
        return []
    kept: list[Point] = []
    count = len(polygon)
    for index in range(count):
        here, value = polygon[index], values[index]
        after, next_value = polygon[(index + 1) % count], values[(index + 1) % count]
        if value >= 0:
            kept.append(here)
        if (value > 0 > next_value) or (value < 0 < next_value):
            low, high = (value, next_value) if value > 0 else (-value, -next_value)
            kept.append(_reduced([low * b - high * a for a, b in zip(here, after, strict=True)]))
    unique: list[Point] = []
    for point in kept:
        if not unique or unique[-1] != point:
            unique.append(point)
    if len(unique) > 1 and unique[0] == unique[-1]:
        unique.pop()
    return unique


def simplex_corners(size: int) -> list[Point]:
    """The simplex's corners, counter-clockwise for three dimensions."""
    return [tuple(int(row == column) for column in range(size)) for row in range(size)]


def first_place(vector: Sequence[int], others: Sequence[Sequence[int]]) -> list[Point]:
    """The closed region where ``vector`` scores >= each of ``others`` (all distinct)."""
    polygon = simplex_corners(len(vector))
    own = [share_score(vector, point) for point in polygon]
    for other in others:
        # Most opponents do not cut the region at all: test that before building the cut.
        for point, mine in zip(polygon, own, strict=True):
            if share_score(other, point) > mine:
                break
        else:
            continue
        polygon = clip(polygon, [mine - theirs for mine, theirs in zip(vector, other, strict=True)])
        if not polygon:
            break
        own = [share_score(vector, point) for point in polygon]
    return polygon


def shares(point: Point) -> Shares:
    """The exact shares of a homogeneous point."""
    total = sum(point)
    return tuple(Fraction(value, total) for value in point)


def ordered(vertices: list[Shares]) -> tuple[Shares, ...]:
    """The cyclic order kept, starting from the lexicographically greatest vertex."""
    if not vertices:
        return ()
    start = vertices.index(max(vertices))
    return tuple(vertices[start:] + vertices[:start])


def area_share(vertices: Sequence[Shares], size: int) -> Fraction:
    """The region's area (length, for two dimensions) over the whole simplex's."""
    if size == 1:
        return Fraction(len(vertices))
    if size == 2:
        return abs(vertices[0][0] - vertices[-1][0]) if vertices else Fraction(0)
    if len(vertices) < 3:
        return Fraction(0)
    doubled = Fraction(0)
    for index, here in enumerate(vertices):
        after = vertices[(index + 1) % len(vertices)]
        doubled += here[1] * after[2] - after[1] * here[2]
    return doubled  # twice the area, over the triangle's 1/2


Vector = tuple[int, ...]


def dominators(vectors: Sequence[Vector]) -> dict[Vector, list[Vector]]:
    """For each distinct vector, the vectors dominating it (>= everywhere, > somewhere)."""
    # >= everywhere and a greater sum is >= everywhere and > somewhere; the sum filters fast.
    sums = [sum(vector) for vector in vectors]
    return {
        low: [
            high
            for high, high_sum in zip(vectors, sums, strict=True)
            if high_sum > low_sum and all(map(ge, high, low))
        ]
        for low, low_sum in zip(vectors, sums, strict=True)
    }


def dominance(
    groups: Mapping[Vector, Sequence[str]], above: Mapping[Vector, Sequence[Vector]]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each dominated candidate with every candidate dominating it, both by code point."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for vector, losers in groups.items():
        by = tuple(sorted(sid for high in above[vector] for sid in groups[high]))
        if by:
            found.extend((loser, by) for loser in losers)
    return tuple(sorted(found))


def _crossings(vertices: Sequence[Point], user: Point) -> list[Point]:
    """The vertices, and the points where an edge crosses a line ``s_d = user_d``.

    ``s_d(P) - user_d`` has the sign of the linear ``P_d * sum(user) - user_d * sum(P)``, so an
    edge is cut exactly as :func:`clip` cuts it."""
    points = list(vertices)
    count = len(vertices)
    weight = sum(user)
    for index in range(count if count > 2 else count - 1):
        here, after = vertices[index], vertices[(index + 1) % count]
        here_total, after_total = sum(here), sum(after)
        for axis, target in enumerate(user):
            value = here[axis] * weight - target * here_total
            next_value = after[axis] * weight - target * after_total
            if value * next_value < 0:
                low, high = (value, next_value) if value > 0 else (-value, -next_value)
                points.append(
                    _reduced([low * b - high * a for a, b in zip(here, after, strict=True)])
                )
    return points


def half_l1(point: Point, user: Point) -> Fraction:
    """Half the L1 distance between the shares of two points: the share of weight that moves."""
    total, weight = sum(point), sum(user)
    moved = sum(abs(p * weight - u * total) for p, u in zip(point, user, strict=True))
    return Fraction(moved, 2 * total * weight)


def first_at(point: Point, ids: Sequence[str], vectors: Sequence[Sequence[int]]) -> list[str]:
    """The candidates ranking first (ties included) at ``point``, scored by ``share_score``."""
    totals = [share_score(vector, point) for vector in vectors]
    best = max(totals)
    return [sid for sid, total in zip(ids, totals, strict=True) if total == best]


def switching(
    polygons: Sequence[Sequence[Point]],
    user: Point,
    winners: Sequence[str],
    ids: Sequence[str],
    vectors: Sequence[Sequence[int]],
) -> WeightSwitch | None:
    """The nearest point (see the module docstring) of the non-winners' ``polygons`` where a
    non-winner ranks first or ties, in integers until the one answer."""
    weight = sum(user)
    best: tuple[int, int, Point] | None = None  # moved, 2 * total * weight, point
    for polygon in polygons:
        for point in _crossings(polygon, user):
            total = sum(point)
            moved = sum(abs(p * weight - u * total) for p, u in zip(point, user, strict=True))
            scale = 2 * total * weight
            if best is None:
                best = (moved, scale, point)
                continue
            left, right = moved * best[1], best[0] * scale
            if left < right or (left == right and shares(point) > shares(best[2])):
                best = (moved, scale, point)
    if best is None:
        return None
    reached = sorted(sid for sid in first_at(best[2], ids, vectors) if sid not in winners)
    return WeightSwitch(Fraction(best[0], best[1]), shares(best[2]), tuple(reached))


def analyse(table: ScoreTable, weights: Mapping[str, Decimal], ranking: Ranking) -> WeightAnalysis:
    """The whole weight-space analysis of the engine's table and base ranking."""
    candidates = ranking.supplier_ids
    position = {sid: index for index, sid in enumerate(candidates)}
    dimensions, excluded = mapped_dimensions(table.components)
    assert dimensions and all(weights[name] == 0 for name in excluded)
    ids = table.supplier_ids
    vectors = integer_vectors(table.components, dimensions)
    total = sum((Fraction(weights[name]) for name in dimensions), Fraction(0))
    user = tuple(Fraction(weights[name]) / total for name in dimensions)
    scale = lcm(*(share.denominator for share in user))
    user_point = _reduced([share.numerator * (scale // share.denominator) for share in user])
    groups: dict[Vector, list[str]] = {}
    for sid, vector in zip(ids, vectors, strict=True):
        groups.setdefault(vector, []).append(sid)
    winners = tuple(entry.supplier_id for entry in ranking if entry.rank == 1)
    # Strong opponents first: a loser's region empties after few cuts.
    distinct = sorted(groups, key=lambda vector: (-sum(vector), vector))
    above = dominators(distinct)
    # A dominated vector ranks first only on a face of the simplex (where the shares of the
    # dimensions it is worse on are 0), so where it would beat a vector, a third one, not
    # dominated, beats both: its half-planes never cut a region and are left out.
    opponents = [vector for vector in distinct if not above[vector]]
    regions = []
    elsewhere = []
    for vector in distinct:
        polygon = first_place(vector, [other for other in opponents if other != vector])
        vertices = ordered([shares(point) for point in polygon])
        regions.append(
            WeightRegion(
                tuple(sorted(groups[vector])), vertices, area_share(vertices, len(dimensions))
            )
        )
        if not set(groups[vector]) & set(winners):
            elsewhere.append(polygon)
    regions.sort(key=lambda region: position[region.supplier_ids[0]])
    return WeightAnalysis(
        candidates=candidates,
        dimensions=dimensions,
        excluded_dimensions=excluded,
        weights=user,
        winners=winners,
        regions=tuple(regions),
        dominance=dominance(groups, above),
        switch=switching(elsewhere, user_point, winners, ids, vectors),
    )
