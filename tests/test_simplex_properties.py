"""Exact properties of the weight-space analysis (issue 11) on generated score tables.

Tables are built directly (few candidates, small integer components, repeated vectors
likely) and analysed by ``quotecalc.solvers.simplex.analyse``; the document part is rendered by
``quotecalc.analysis.document.analysis_object`` and validated against the published schema. Every
check recomputes what it needs here from the components, in exact integers or Fractions:
scores at shares ``s`` are ``sum_d s_d * component_d``, written again below on purpose.

- the areas sum to exactly 1 and two regions never share interior points;
- at every point of the exact grid of the simplex with denominator 24 (and 5 and 7; for a
  segment every denominator up to 24), the candidates whose region contains the point
  (closed, exactly: polygon, segment or point) are exactly those ranking first there;
- every vertex is a simplex corner or a point where the region's vector ties with another,
  and the region's vector ranks first at each of its vertices;
- vertices are counter-clockwise, each once, starting from the lexicographically greatest;
- ``canWin`` iff vertices; dominance by direct comparison; the weights and winners;
- the switching distance is never larger than the distance to a grid point where a
  non-winner ranks first, is attained at its point, and is null iff no non-winner can win.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import lcm
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from conftest import ROOT
from quotecalc.analysis.document import analysis_object
from quotecalc.analysis.intervals import stability_entries
from quotecalc.core.context import ScoreTable
from quotecalc.core.exact import Ratio
from quotecalc.solvers.simplex import analyse
from quotecalc.stages.scoring import DIMENSIONS, rank

NAMES = tuple(dimension.name for dimension in DIMENSIONS)
IDS = ("A", "B", "C", "D", "Z", "a", "é", "甲")
VALIDATOR = Draft202012Validator(
    json.loads((ROOT / "docs" / "schema" / "analysis.schema.json").read_bytes())
)


@st.composite
def cases(draw: Any) -> tuple[ScoreTable, dict[str, Decimal]]:
    """A score table over 1-3 mapped dimensions (the rest unknown, weight 0) and weights."""
    size = draw(st.sampled_from((1, 2, 2, 3, 3, 3, 3, 3)))
    mapped = sorted(draw(st.permutations(NAMES))[:size], key=NAMES.index)
    denominator = draw(st.sampled_from((1, 2, 3, 4, 6)))
    pool = draw(
        st.lists(
            st.tuples(*[st.integers(0, denominator)] * size), min_size=1, max_size=4, unique=True
        )
    )
    count = draw(st.integers(1, 5))
    vectors = draw(st.lists(st.sampled_from(pool), min_size=count, max_size=count))
    ids = draw(st.permutations(IDS))[:count]
    weights = {name: Decimal(0) for name in NAMES}
    for name in mapped:
        weights[name] = Decimal(draw(st.integers(0, 5)))
    if all(weights[name] == 0 for name in mapped):
        weights[mapped[0]] = Decimal(1)
    components = tuple(
        {
            name: Ratio(vector[mapped.index(name)], denominator) if name in mapped else None
            for name in NAMES
        }
        for vector in vectors
    )
    positive = [name for name in mapped if weights[name] > 0]
    table = ScoreTable(
        supplier_ids=tuple(ids),
        dimensions=tuple(positive),
        terms=tuple(tuple(vector[mapped.index(name)] for vector in vectors) for name in positive),
        denominator=denominator,
        components=components,
    )
    return table, weights


def known(ratio: Ratio | None) -> Fraction:
    assert ratio is not None
    return Fraction(ratio.numerator, ratio.denominator)


def exact(text: str) -> Fraction:
    return Fraction(text)


def score(
    components: Mapping[str, Ratio | None], dims: list[str], point: tuple[Fraction, ...]
) -> Fraction:
    """The score at shares, recomputed here: sum of share times component."""
    total = Fraction(0)
    for name, share in zip(dims, point, strict=True):
        ratio = components[name]
        assert ratio is not None
        total += share * Fraction(ratio.numerator, ratio.denominator)
    return total


def firsts(table: ScoreTable, dims: list[str], point: tuple[Fraction, ...]) -> set[str]:
    scores = {
        sid: score(c, dims, point)
        for sid, c in zip(table.supplier_ids, table.components, strict=True)
    }
    best = max(scores.values())
    return {sid for sid, value in scores.items() if value == best}


@cache
def grid(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(denominator, numerators) of the grid points of the simplex."""
    points: list[tuple[int, tuple[int, ...]]] = []
    if size == 1:
        return ((1, (1,)),)
    if size == 2:
        seen = set()
        for denominator in range(1, 25):
            for top in range(denominator + 1):
                share = Fraction(top, denominator)
                if share not in seen:
                    seen.add(share)
                    points.append(
                        (share.denominator, (share.numerator, share.denominator - share.numerator))
                    )
        return tuple(points)
    for denominator in (5, 7, 24):
        for a in range(denominator + 1):
            for b in range(denominator + 1 - a):
                points.append((denominator, (a, b, denominator - a - b)))
    return tuple(points)


def scaled_polygon(vertices: list[tuple[Fraction, ...]]) -> tuple[int, list[tuple[int, ...]]]:
    scale = lcm(1, *(share.denominator for vertex in vertices for share in vertex))
    return scale, [tuple(int(share * scale) for share in vertex) for vertex in vertices]


def contains(
    size: int, scaled: tuple[int, list[tuple[int, ...]]], denominator: int, point: tuple[int, ...]
) -> bool:
    """Closed membership of the grid point ``point / denominator``, exactly in integers."""
    scale, vertices = scaled
    if not vertices:
        return False
    # Both sides over scale * denominator.
    p = tuple(value * scale for value in point)
    v = [tuple(value * denominator for value in vertex) for vertex in vertices]
    if size == 1:
        return True
    if size == 2:
        low, high = min(x[0] for x in v), max(x[0] for x in v)
        return low <= p[0] <= high
    if len(v) == 1:
        return p == v[0]
    px, py = p[1], p[2]
    crosses = []
    for index, here in enumerate(v):
        after = v[(index + 1) % len(v)]
        crosses.append(
            (after[1] - here[1]) * (py - here[2]) - (after[2] - here[2]) * (px - here[1])
        )
    if len(v) == 2:
        (ax, ay), (bx, by) = (v[0][1], v[0][2]), (v[1][1], v[1][2])
        return crosses[0] == 0 and (px - ax) * (px - bx) + (py - ay) * (py - by) <= 0
    return all(cross >= 0 for cross in crosses)


def clip_area(first: list[tuple[Fraction, ...]], second: list[tuple[Fraction, ...]]) -> Fraction:
    """Twice the area of the intersection of two CCW convex polygons in (share 1, share 2)."""
    polygon = [(v[1], v[2]) for v in first]
    edges = [(v[1], v[2]) for v in second]
    for index, (ax, ay) in enumerate(edges):
        bx, by = edges[(index + 1) % len(edges)]
        side = [(bx - ax) * (y - ay) - (by - ay) * (x - ax) for x, y in polygon]
        out: list[tuple[Fraction, Fraction]] = []
        for j, point in enumerate(polygon):
            nxt = polygon[(j + 1) % len(polygon)]
            if side[j] >= 0:
                out.append(point)
            s0, s1 = side[j], side[(j + 1) % len(polygon)]
            if s0 * s1 < 0:
                t = s0 / (s0 - s1)
                out.append((point[0] + t * (nxt[0] - point[0]), point[1] + t * (nxt[1] - point[1])))
        polygon = out
        if len(polygon) < 3:
            return Fraction(0)
    return sum(
        (
            polygon[i][0] * polygon[(i + 1) % len(polygon)][1]
            - polygon[(i + 1) % len(polygon)][0] * polygon[i][1]
            for i in range(len(polygon))
        ),
        Fraction(0),
    )


def half_l1(point: tuple[Fraction, ...], user: tuple[Fraction, ...]) -> Fraction:
    return sum((abs(a - b) for a, b in zip(point, user, strict=True)), Fraction(0)) / 2


def examples(default: int) -> int:
    """Hypothesis examples: ``default``, or at most ``QUOTECALC_MUTATION_EXAMPLES`` when that is
    set -- only by the documented mutmut command (docs/testing.md), never by CI, where every
    surviving mutant would otherwise pay the full run."""
    cap = os.environ.get("QUOTECALC_MUTATION_EXAMPLES")
    return min(default, int(cap)) if cap else default


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_regions_switching_and_dominance(case: tuple[ScoreTable, dict[str, Decimal]]) -> None:  # noqa: PLR0915 - one pass over every property
    table, weights = case
    ranking = rank(table, weights)
    analysis = analysis_object(analyse(table, weights, ranking), stability_entries(table, weights))
    document = {
        "schemaVersion": 1,
        "kind": "weight-analysis",
        "tool": "quotecalc",
        "toolVersion": "0.1.0",
        "status": "completed",
        "analysis": analysis,
        "reasons": [],
    }
    assert VALIDATOR.is_valid(document), next(iter(VALIDATOR.iter_errors(document))).message
    dims = analysis["dimensions"]
    size = len(dims)
    ids = table.supplier_ids
    by_id = dict(zip(ids, table.components, strict=True))
    assert dims == [name for name in NAMES if all(c[name] is not None for c in table.components)]
    assert [e["dimension"] for e in analysis["excludedDimensions"]] == [
        n for n in NAMES if n not in dims
    ]

    # weights, winners, candidates
    total = sum((Fraction(weights[name]) for name in dims), Fraction(0))
    user = tuple(Fraction(weights[name]) / total for name in dims)
    assert list(analysis["weights"]) == dims
    assert tuple(exact(analysis["weights"][name]) for name in dims) == user
    winners = firsts(table, dims, user)
    assert set(analysis["winners"]) == winners
    assert sorted(analysis["candidates"]) == sorted(ids)

    # regions: one per distinct vector, ids grouped and sorted
    vector = {sid: tuple(known(by_id[sid][name]) for name in dims) for sid in ids}
    groups: dict[tuple[Any, ...], list[str]] = {}
    for sid in ids:
        groups.setdefault(vector[sid], []).append(sid)
    regions = analysis["regions"]
    assert sorted(tuple(r["supplierIds"]) for r in regions) == sorted(
        tuple(sorted(g)) for g in groups.values()
    )
    order = [analysis["candidates"].index(r["supplierIds"][0]) for r in regions]
    assert order == sorted(order)

    vertices_of = []
    area_sum = Fraction(0)
    for region in regions:
        verts = [tuple(exact(v[name]) for name in dims) for v in region["vertices"]]
        assert all(list(v) == dims for v in region["vertices"])
        vertices_of.append(verts)
        area = exact(region["areaShareExact"])
        area_sum += area
        assert region["canWin"] is bool(verts)
        assert len(set(verts)) == len(verts)
        if verts:
            assert verts[0] == max(verts)
        else:
            assert area == 0 and region["areaShare"] == "0.000000"
        own = vector[region["supplierIds"][0]]
        for vertex in verts:
            assert sum(vertex) == 1 and all(share >= 0 for share in vertex)
            scores = {
                key: sum((s * c for s, c in zip(vertex, key, strict=True)), Fraction(0))
                for key in groups
            }
            assert scores[own] == max(scores.values())
            corner = 1 in vertex
            tie = any(key != own and scores[key] == scores[own] for key in groups)
            assert corner or tie
        if size == 3 and len(verts) >= 3:
            for i in range(len(verts)):
                a, b, c = verts[i], verts[(i + 1) % len(verts)], verts[(i + 2) % len(verts)]
                assert (b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]) > 0
            twice = sum(
                (
                    verts[i][1] * verts[(i + 1) % len(verts)][2]
                    - verts[(i + 1) % len(verts)][1] * verts[i][2]
                    for i in range(len(verts))
                ),
                Fraction(0),
            )
            assert area == twice
        elif size == 2 and len(verts) == 2:
            assert verts[0][0] > verts[1][0] and area == verts[0][0] - verts[1][0]
        elif size == 1:
            assert area == len(verts)
        else:
            assert area == 0
    assert area_sum == 1

    # interiors disjoint
    for first, second in combinations(vertices_of, 2):
        if size == 3 and len(first) >= 3 and len(second) >= 3:
            assert clip_area(first, second) == 0
        if size == 2 and len(first) == 2 and len(second) == 2:
            assert min(first[0][0], second[0][0]) <= max(first[1][0], second[1][0])

    # the grid: region membership == first place, and the switching distance
    common = lcm(*(share.denominator for key in groups for share in key))
    integral = {sid: tuple(int(share * common) for share in vector[sid]) for sid in ids}
    scaled = [scaled_polygon(verts) for verts in vertices_of]
    switch = analysis["switchingDistance"]
    distance = None if switch is None else exact(switch["distanceExact"])
    weight_ints = [int(weights[name]) for name in dims]
    weight_sum = sum(weight_ints)
    reachable = False
    at_minimum: list[tuple[Fraction, ...]] = []
    for denominator, point in grid(size):
        totals = {sid: sum(p * c for p, c in zip(point, integral[sid], strict=True)) for sid in ids}
        best = max(totals.values())
        top = {sid for sid, value in totals.items() if value == best}
        inside = {
            sid
            for region, polygon in zip(regions, scaled, strict=True)
            if contains(size, polygon, denominator, point)
            for sid in region["supplierIds"]
        }
        assert inside == top, (point, denominator)
        if top - winners:
            reachable = True
            moved = sum(
                abs(p * weight_sum - w * denominator)
                for p, w in zip(point, weight_ints, strict=True)
            )
            here = Fraction(moved, 2 * denominator * weight_sum)
            assert distance is not None and distance <= here
            if distance == here:
                at_minimum.append(tuple(Fraction(p, denominator) for p in point))
    if switch is None:
        assert not reachable
        assert all(not r["canWin"] for r in regions if not set(r["supplierIds"]) & winners)
    else:
        target = tuple(exact(switch["point"][name]) for name in dims)
        assert list(switch["point"]) == dims and sum(target) == 1
        assert half_l1(target, user) == distance
        reached = firsts(table, dims, target) - winners
        assert reached and switch["supplierIds"] == sorted(reached)
        assert distance is not None and distance > 0
        # Of the points at the minimum the lexicographically greatest is given.
        assert all(other <= target for other in at_minimum)

    # dominance, directly
    expected = []
    for low in sorted(ids):
        by = sorted(
            high
            for high in ids
            if all(a >= b for a, b in zip(vector[high], vector[low], strict=True))
            and vector[high] != vector[low]
        )
        if by:
            expected.append({"supplierId": low, "dominatedBy": by})
    assert analysis["dominance"] == expected
