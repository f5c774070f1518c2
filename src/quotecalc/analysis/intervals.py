"""Exact stability intervals of a ranked result (``docs/stability.md``).

For a ranked result and each dimension ``d`` whose weight is positive (in the order cost,
delivery, quality), multiply ``w_d`` by a factor ``f >= 0`` and keep the other weights: the
scores are divided by the new weight sum and the components stay those of the engine's
:class:`~quotecalc.core.context.ScoreTable`. Two sets of factors are reported:

- ``rankingInterval``: every ``f`` for which the whole ranking, the list of
  ``(rank, supplierId)``, is the one at ``f = 1``;
- ``winnerInterval``: every ``f`` for which the set of rank-1 suppliers is the one at ``f = 1``.

The rule. With ``W`` the weights scaled to integers (as the engine scales them) and ``T`` the
table's integer terms, candidate ``i`` scores ``(a_i + f * b_i) / ((R + f * W_d) * D)`` where
``a_i = sum(W_e * T_e[i] for e != d)``, ``b_i = W_d * T_d[i]``, ``R`` is the sum of the other
weights and ``D`` the table's denominator. The denominator is the same positive number for
every candidate, so the order of ``i`` and ``j`` is the sign of the linear function
``g(f) = (a_i - a_j) + f * (b_i - b_j)``, which changes only at its root. The ranking (a dense
ranking is fixed by the pairwise signs) keeps its value exactly while no pair's sign changes:

- a pair tied at ``f = 1`` with ``b_i != b_j`` is tied at ``f = 1`` only, so the interval is the
  degenerate ``[1, 1]`` (both ends closed, both ends naming that pair);
- a pair tied for every ``f`` (``b_i == b_j`` and ``a_i == a_j``) never matters, nor does a pair
  whose difference does not depend on ``f``;
- otherwise the root ``r = -(a_i - a_j) / (b_i - b_j)`` is not 1; the pair is tied at ``r`` and
  swapped beyond it, so the nearest root above 1 is an open upper bound and the nearest root in
  ``[0, 1)`` an open lower bound. No root above 1: the upper end is unbounded. No root in
  ``[0, 1)``: the lower bound is ``0``, closed, unless ``d`` carries the only positive weight
  (``R = 0``): then ``f = 0`` leaves no positive weight and ``0`` is an open bound.

The winner interval applies the same rule to the pairs that decide the rank-1 set only: two
base winners (they must stay tied) and a base winner against any other candidate (the winner
must stay strictly ahead). All arithmetic is on integers and :class:`fractions.Fraction`.

A bound names the pairs that swap (or, for ``[1, 1]``, whose tie breaks) there, each pair as
``[ahead, behind]`` in the base display order (score descending, then ``supplierId``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs

from ..core.context import Context, ScoreTable
from ..core.dimensions import DIMENSIONS, WEIGHT_PLACES
from ..core.exact import Ratio, format_exact, format_ratio, scaled_integer
from ..engine.pipeline import DEFAULT_PIPELINE

Pair = tuple[str, str]


@attrs.frozen
class Bound:
    """One end of an interval: ``value`` (``None`` = unbounded), openness, and the pairs of
    suppliers that swap there (empty when the bound is not a crossing)."""

    value: Fraction | None
    open: bool
    swaps: tuple[Pair, ...] = ()


@attrs.frozen
class Interval:
    """A set of factors ``f``: ``{f : lower (<|<=) f (<|<=) upper}``."""

    lower: Bound
    upper: Bound

    def __contains__(self, factor: object) -> bool:
        """Whether the factor lies in the interval, compared exactly: ``int``, ``Fraction`` and
        ``Decimal`` (the engine's own factors, ``1 ± δ``, via ``Fraction(decimal)``). A
        non-finite ``Decimal`` (infinity, NaN) is no factor: ``False``. ``bool`` and ``float``
        (a binary approximation; pass ``Fraction(x)`` to mean its exact value) and any other
        type raise ``TypeError``."""
        if isinstance(factor, bool) or not isinstance(factor, int | Fraction | Decimal):
            raise TypeError(
                "a factor is an int, Fraction or Decimal, compared exactly; "
                f"not {type(factor).__name__}"
            )
        if isinstance(factor, Decimal):
            if not factor.is_finite():
                return False
            factor = Fraction(factor)
        low, high = self.lower, self.upper
        assert low.value is not None
        above = factor > low.value if low.open else factor >= low.value
        if high.value is None:
            return above
        below = factor < high.value if high.open else factor <= high.value
        return above and below


@attrs.frozen
class DimensionStability:
    """The two intervals of one positive-weight dimension."""

    dimension: str
    weight: Decimal
    ranking: Interval
    winner: Interval


def _interval(
    pairs: Iterable[tuple[int, int]],
    ahead: Sequence[int],
    slope: Sequence[int],
    rest: int,
    ids: Sequence[str],
) -> Interval:
    """The factors keeping the sign of ``g(f)`` of every pair, as described in the module
    docstring; ``ahead[i] = a_i``, ``slope[i] = b_i``, ``rest`` the other weights' sum."""
    # Roots are kept as integer pairs (top, bottom > 0) and compared by cross-multiplying: the
    # same exact order as Fractions, without normalising a Fraction for each of the n^2 pairs.
    upper: tuple[int, int] | None = None
    upper_swaps: list[Pair] = []
    lower: tuple[int, int] | None = None
    lower_swaps: list[Pair] = []
    broken_ties: list[Pair] = []
    for first, second in pairs:
        constant = ahead[first] - ahead[second]
        rate = slope[first] - slope[second]
        if rate == 0:
            continue
        if constant + rate == 0:
            broken_ties.append((ids[first], ids[second]))
            continue
        top, bottom = (-constant, rate) if rate > 0 else (constant, -rate)
        if top > bottom:  # root > 1
            if upper is None or top * upper[1] < upper[0] * bottom:
                upper, upper_swaps = (top, bottom), [(ids[first], ids[second])]
            elif top * upper[1] == upper[0] * bottom:
                upper_swaps.append((ids[first], ids[second]))
        elif top >= 0 and rest > 0:
            if lower is None or top * lower[1] > lower[0] * bottom:
                lower, lower_swaps = (top, bottom), [(ids[first], ids[second])]
            elif top * lower[1] == lower[0] * bottom:
                lower_swaps.append((ids[first], ids[second]))
    if broken_ties:
        one = Bound(Fraction(1), open=False, swaps=tuple(broken_ties))
        return Interval(one, one)
    if lower is None:
        low = Bound(Fraction(0), open=rest == 0)
    else:
        low = Bound(Fraction(*lower), open=True, swaps=tuple(lower_swaps))
    high = Bound(None if upper is None else Fraction(*upper), open=True, swaps=tuple(upper_swaps))
    return Interval(low, high)


def table_stability(
    table: ScoreTable, weights: Mapping[str, Decimal]
) -> tuple[DimensionStability, ...]:
    """The exact ranking and winner intervals of each positive-weight dimension (in the order
    cost, delivery, quality) for the engine's own ``table`` under ``weights``; see the module
    docstring for the rule."""
    scaled = {
        dimension.name: scaled_integer(weights[dimension.name], WEIGHT_PLACES)
        for dimension in DIMENSIONS
    }
    total_weight = sum(scaled.values())
    count = len(table.supplier_ids)
    ids = table.supplier_ids
    results: list[DimensionStability] = []
    for dimension in DIMENSIONS:
        name = dimension.name
        if scaled[name] <= 0:
            continue
        position = table.dimensions.index(name)
        slope = [scaled[name] * table.terms[position][i] for i in range(count)]
        ahead = [
            sum(
                scaled[other] * terms[i]
                for other, terms in zip(table.dimensions, table.terms, strict=True)
                if other != name
            )
            for i in range(count)
        ]
        totals = [ahead[i] + slope[i] for i in range(count)]
        order = sorted(range(count), key=lambda i: (-totals[i], ids[i]))
        every_pair = [(order[x], order[y]) for x in range(count) for y in range(x + 1, count)]
        best = totals[order[0]]
        winner_pairs = [pair for pair in every_pair if totals[pair[0]] == best]
        rest = total_weight - scaled[name]
        results.append(
            DimensionStability(
                name,
                weights[name],
                _interval(every_pair, ahead, slope, rest, ids),
                _interval(winner_pairs, ahead, slope, rest, ids),
            )
        )
    return tuple(results)


def _bound_fields(prefix: str, bound: Bound) -> dict[str, Any]:
    value = bound.value
    return {
        prefix: None if value is None else format_ratio(Ratio(value.numerator, value.denominator)),
        f"{prefix}Exact": None if value is None else f"{value.numerator}/{value.denominator}",
        f"{prefix}Open": bound.open,
        f"{prefix}Swaps": [list(pair) for pair in bound.swaps],
    }


def interval_dict(interval: Interval) -> dict[str, Any]:
    """``{lower, lowerExact, lowerOpen, lowerSwaps, upper, upperExact, upperOpen, upperSwaps}``:
    bounds as 6-place decimal strings (the one display rounding) and exact ``"p/q"``;
    ``upper``/``upperExact`` are ``None`` (open) when unbounded; swaps are ``[ahead, behind]``."""
    return {**_bound_fields("lower", interval.lower), **_bound_fields("upper", interval.upper)}


def stability_entries(table: ScoreTable, weights: Mapping[str, Decimal]) -> list[dict[str, Any]]:
    """:func:`table_stability` as JSON-ready entries
    ``{"dimension", "weight", "rankingInterval", "winnerInterval"}``."""
    return [
        {
            "dimension": entry.dimension,
            "weight": format_exact(entry.weight),
            "rankingInterval": interval_dict(entry.ranking),
            "winnerInterval": interval_dict(entry.winner),
        }
        for entry in table_stability(table, weights)
    ]


def context_stability(ctx: Context) -> list[dict[str, Any]] | None:
    """The entries of a finished pipeline run, or ``None`` when it has no ranking."""
    scoring = ctx.scoring
    if ctx.request is None or scoring is None or scoring.ranking is None or scoring.table is None:
        return None
    return stability_entries(scoring.table, ctx.request.fields["weights"])


def stability(raw: bytes) -> list[dict[str, Any]] | None:
    """The stability entries of one request's bytes (one per positive-weight dimension, in
    the order cost, delivery, quality), or ``None`` when the request yields no ranking."""
    return context_stability(DEFAULT_PIPELINE.run(raw))
