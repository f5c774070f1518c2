"""How far one exchange rate can move before the cheapest quote changes (issue 27,
``docs/conversions.md``, "Sensitivity to the rate"): pure functions over exact Fractions.

Each quote's landed total is a line in the rate ``t``: ``constant + slope * t`` (a quote
converted at that rate has ``constant = 0`` and ``slope`` its total in its own currency; every
other quote has ``slope = 0``). A quote that is cheapest at the given rate stays among the
cheapest exactly while no other line lies below it; two lines cross at one rate, so the rates
where it stays cheapest form a closed interval whose ends are crossings, each with the quotes
that take over beyond it. Rates are positive: an end at or below 0 is no end.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from ..core.conversion_rules import Span
from ..core.records import Record


@attrs.frozen(eq=False, repr=False)
class Line(Record):
    """One quote's landed total as a function of the rate."""

    supplier_id: str
    constant: Fraction
    slope: Fraction

    def at(self, rate: Fraction) -> Fraction:
        return self.constant + self.slope * rate


def cheapest_spans(lines: Sequence[Line], rate: Fraction) -> tuple[Span, ...]:
    """One span per quote cheapest at ``rate`` (ties: each of them), by supplier id."""
    if not lines:
        return ()
    least = min(line.at(rate) for line in lines)
    spans = []
    for line in sorted(lines, key=lambda found: found.supplier_id):
        if line.at(rate) != least:
            continue
        low: Fraction | None = None
        high: Fraction | None = None
        low_takers: list[str] = []
        high_takers: list[str] = []
        for other in lines:
            gap = line.slope - other.slope
            if other is line or gap == 0:
                continue  # parallel lines never cross: the order at ``rate`` holds everywhere
            crossing = (other.constant - line.constant) / gap
            if gap > 0:  # ``line`` rises faster: ``other`` is cheaper above the crossing
                if high is None or crossing < high:
                    high, high_takers = crossing, [other.supplier_id]
                elif crossing == high:
                    high_takers.append(other.supplier_id)
            elif crossing > 0:
                if low is None or crossing > low:
                    low, low_takers = crossing, [other.supplier_id]
                elif crossing == low:
                    low_takers.append(other.supplier_id)
        spans.append(
            Span(line.supplier_id, low, tuple(sorted(low_takers)), high, tuple(sorted(high_takers)))
        )
    return tuple(spans)
