"""Stage 8, ranking gate and scoring (CONTRACT §10, §16 "Ranking limitations").

Gate. Without ``weights`` the ranking is ``None`` with only ``ranking_not_requested``. With
weights, every blocker that holds is reported and the ranking is ``None`` if any does:
``ranking_blocked_by_conflict`` (once: a root core field missing, a quote not comparable, or a
quality conflict), ``ranking_blocked_by_unknown_constraint`` (per unknown quote),
``all_candidates_excluded``, ``ranking_blocked_by_missing_value`` (per positive-weight
dimension and eligible quote whose value is missing, whatever made it missing). Unknown
candidates are never dropped to make a winner; weights are never redistributed.

Scoring set: the ``eligible`` quotes. Per dimension (the ``DIMENSIONS`` table):

- cost (``landedTotal``) and delivery (``leadDays``): ``(max - value) / (max - min)`` over the
  set, ``1`` for everyone when ``max = min``;
- quality: ``(qualityScore - scale.minimum) / (scale.maximum - scale.minimum)``;
- ``score = sum(w_d * component_d for w_d > 0) / (w_cost + w_delivery + w_quality)``.

A zero-weight dimension does not enter the score; its components are still shown when known
(a zero-weight cost/delivery dimension missing any value in the set shows ``None`` for all and
adds ``component_unavailable``). Scores are compared as exact integers over one common
denominator (:class:`~quotecalc.core.context.ScoreTable`), so equal scores are exactly equal and
share a dense rank; display order is score descending, then ``supplierId`` by code point.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from itertools import count
from operator import add
from typing import Any

import attrs

from ..core.context import Context, Limitation, Ranking, ScoreTable, Scoring
from ..core.dimensions import DIMENSIONS, NAMES, VALUE_PLACES, WEIGHT_PLACES, Dimension
from ..core.exact import Ratio, format_ratio, scaled_integer, scaled_integers
from ..core.fields import ROOT_CORE_FIELDS
from ..core.records import Record
from .constraints import quote_values


def rank(
    table: ScoreTable, weights: Mapping[str, Decimal], start: Ranking | None = None
) -> Ranking:
    """The dense-ranked scoring set under ``weights`` (the one scoring formula).

    ``start``, a ranking of the same ``table`` under other weights, lets the totals be built
    from its totals by adding only the moved weights' terms (the sensitivity stage moves one
    weight at a time): the same integers, nothing remembered between calls.
    """
    names = [dimension.name for dimension in DIMENSIONS]
    scaled = dict(
        zip(names, scaled_integers([weights[name] for name in names], WEIGHT_PLACES), strict=True)
    )
    denominator = sum(scaled.values()) * table.denominator
    factors = tuple([scaled[name] for name in table.dimensions])
    totals = _totals(table, factors, start)
    # Display order: score descending, then supplierId by code point. The positions in
    # supplierId order, sorted by total with reverse=True, give that order: Python's sort is
    # stable with reverse too, so equal totals keep supplierId order (ids are unique).
    order = list(table.id_order)
    order.sort(key=totals.__getitem__, reverse=True)
    ordered = list(map(totals.__getitem__, order))
    # Dense ranks: the distinct totals in display order (highest first), numbered from 1.
    rank_of = dict(zip(dict.fromkeys(ordered), count(1)))
    return Ranking(
        order=tuple(order),
        supplier_ids=tuple(map(table.supplier_ids.__getitem__, order)),
        ranks=tuple(map(rank_of.__getitem__, ordered)),
        scores=tuple(rank_of),
        denominator=denominator,
        components=table.components,
        factors=factors,
        totals=totals,
    )


def _totals(table: ScoreTable, factors: tuple[int, ...], start: Ranking | None) -> tuple[int, ...]:
    """Each candidate's total ``sum_d factors[d] * terms[d][i]`` (exact integers).

    Built dimension by dimension with C-level maps rather than one Python call per candidate.
    From a ``start`` ranking of the same table, only the dimensions whose weight moved are
    added, as ``(new - old) * terms[d][i]`` onto its totals (docs/performance.md, third pass).
    """
    if start is not None and start.totals and len(start.factors) == len(factors):
        totals = list(start.totals)
        steps = [
            (new - old, terms)
            for new, old, terms in zip(factors, start.factors, table.terms, strict=True)
        ]
    else:
        totals = [0] * len(table.supplier_ids)
        steps = list(zip(factors, table.terms, strict=True))
    for step, terms in steps:
        if step:
            totals = list(map(add, totals, map(step.__mul__, terms)))
    return tuple(totals)


def _blockers(ctx: Context, weights: Mapping[str, Decimal]) -> list[Limitation]:
    assert ctx.request is not None
    request = ctx.request
    blockers: list[Limitation] = []
    if (
        any(field not in request.fields for field in ROOT_CORE_FIELDS)
        or not all(gate.comparable for gate in ctx.comparability)
        or any(quality.conflicts for quality in ctx.quality)
    ):
        blockers.append(Limitation("ranking_blocked_by_conflict"))
    statuses = [verdict.status for verdict in ctx.constraints]
    for supplier_id, status in zip(request.supplier_ids, statuses, strict=True):
        if status == "unknown":
            blockers.append(Limitation("ranking_blocked_by_unknown_constraint", supplier_id))
    if all(status == "excluded" for status in statuses):
        blockers.append(Limitation("all_candidates_excluded"))
    for dimension in DIMENSIONS:
        if weights[dimension.name] <= 0:
            continue
        values = quote_values(dimension.value, ctx)
        for index, supplier_id in enumerate(request.supplier_ids):
            if statuses[index] == "eligible" and values[index] is None:
                blockers.append(
                    Limitation(
                        "ranking_blocked_by_missing_value",
                        supplier_id,
                        dimension=dimension.name,
                    )
                )
    return blockers


def _scaled_values(values: list[Decimal | int]) -> list[int]:
    """The values over one power of ten: ``VALUE_PLACES``, or more when a converted value
    (issue 27: a price times a stated rate) has more decimals. Both ends of a component scale
    alike, so the ratios do not depend on the power chosen."""
    try:
        return scaled_integers(values, VALUE_PLACES)
    except ArithmeticError:
        places = max(
            -int(value.as_tuple().exponent) for value in values if isinstance(value, Decimal)
        )
        return scaled_integers(values, places)


def _component_numerators(
    values: list[Decimal | int | None], dimension: Dimension, scale: Mapping[str, Any] | None
) -> tuple[list[int | None], int] | None:
    """Exact components as integer numerators over one denominator, or ``None`` if unknown."""
    if dimension.on_user_scale:
        if scale is None:
            return [None] * len(values), 1
        low = scaled_integer(scale["minimum"], VALUE_PLACES)
        span = scaled_integer(scale["maximum"], VALUE_PLACES) - low
        given = [value for value in values if value is not None]
        scores = iter(scaled_integers(given, VALUE_PLACES))
        return [None if value is None else next(scores) - low for value in values], span
    present = [value for value in values if value is not None]
    if len(present) < len(values):
        return None
    known = _scaled_values(present)
    highest, lowest = max(known), min(known)
    if highest == lowest:
        return [1] * len(known), 1
    return [highest - value for value in known], highest - lowest


def score(ctx: Context, weights: Mapping[str, Decimal]) -> Scoring:
    """The scoring set's table and base ranking (the gate has already passed)."""
    assert ctx.request is not None
    eligible = [i for i, verdict in enumerate(ctx.constraints) if verdict.status == "eligible"]
    scale = ctx.request.fields.get("qualityScale")
    limitations: list[Limitation] = []
    # Components a dimension (column) at a time, then one mapping per candidate; equal
    # components of one dimension share one Ratio (lead days and scores repeat).
    columns: list[list[Ratio | None]] = []
    weighted: list[tuple[str, list[int], int]] = []
    for dimension in DIMENSIONS:
        every = quote_values(dimension.value, ctx)
        values = [every[index] for index in eligible]
        numerators = _component_numerators(values, dimension, scale)
        if numerators is None:
            limitations.append(Limitation("component_unavailable", dimension=dimension.name))
            columns.append([None] * len(eligible))
            continue
        tops, denominator = numerators
        ratios = {top: Ratio(top, denominator) for top in set(tops) if top is not None}
        columns.append([None if top is None else ratios[top] for top in tops])
        if weights[dimension.name] > 0:
            weighted.append((dimension.name, [top or 0 for top in tops], denominator))
    common = 1
    for _, _, denominator in weighted:
        common *= denominator
    table = ScoreTable(
        supplier_ids=tuple([ctx.request.supplier_ids[i] for i in eligible]),
        dimensions=tuple(name for name, _, _ in weighted),
        terms=tuple(
            tuple(map(factor.__mul__, tops))
            for _, tops, denominator in weighted
            for factor in (common // denominator,)  # once per dimension, not per candidate
        ),
        denominator=common,
        components=tuple(
            [dict(zip(NAMES, row, strict=True)) for row in zip(*columns, strict=True)]
        ),
    )
    return Scoring(rank(table, weights), tuple(limitations), table)


@attrs.frozen(eq=False, repr=False)
class ScoringStage(Record):
    """The ranking gate, then scores and dense ranks for the eligible quotes."""

    name: str = "scoring"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None
        weights = ctx.request.fields.get("weights")
        if weights is None:
            scoring = Scoring(None, (Limitation("ranking_not_requested"),))
        else:
            blockers = _blockers(ctx, weights)
            scoring = Scoring(None, tuple(blockers)) if blockers else score(ctx, weights)
        return attrs.evolve(ctx, scoring=scoring)

    def summary(self, ctx: Context) -> dict[str, object]:
        assert ctx.scoring is not None
        scoring = ctx.scoring
        return {
            "scoringSet": None if scoring.table is None else list(scoring.table.supplier_ids),
            "ranking": None
            if scoring.ranking is None
            else [
                [entry.rank, entry.supplier_id, format_ratio(entry.score)]
                for entry in scoring.ranking
            ],
            "why": [limitation.code for limitation in scoring.limitations],
        }
