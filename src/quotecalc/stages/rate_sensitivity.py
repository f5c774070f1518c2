"""Stage 11 (``--convert`` only), sensitivity to each exchange rate (issue 27,
``docs/conversions.md``, "Sensitivity to the rate").

Appended after ``limitations`` in the ``convert`` kind's row. For each rate that converted
a quote, the usable quotes (comparable, with a landed total, and ``eligible`` under the hard
constraints) are lines in that rate, the others held
(:func:`quotecalc.solvers.rate_interval.cheapest_spans`): a quote converted at the rate has its
landed total in its own currency as slope (its converted total divided by the rate, exactly),
every other quote its landed total as a constant. It never halts.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from ..core.context import Context
from ..core.conversion_rules import RateSensitivity
from ..core.exact import format_exact
from ..core.records import Record
from ..solvers.rate_interval import Line, cheapest_spans


@attrs.frozen(eq=False, repr=False)
class RateSensitivityStage(Record):
    """The rate spans of every rate that converted a quote."""

    name: str = "rate_sensitivity"

    def __call__(self, ctx: Context) -> Context:
        report = ctx.conversion
        assert ctx.request is not None and report is not None
        usable = [
            (index, cost.landed_total)
            for index, (cost, verdict) in enumerate(zip(ctx.costs, ctx.constraints, strict=True))
            if cost.landed_total is not None and verdict.status == "eligible"
        ]
        found = []
        for rate in report.rates:
            if rate.index in report.unused:
                continue
            lines = []
            for index, total in usable:
                conversion = report.conversions[index]
                supplier_id = ctx.request.supplier_ids[index]
                if conversion is not None and conversion.rate is rate:
                    slope = Fraction(total) / Fraction(rate.rate)
                    lines.append(Line(supplier_id, Fraction(0), slope))
                else:
                    lines.append(Line(supplier_id, Fraction(total), Fraction(0)))
            found.append(RateSensitivity(rate, cheapest_spans(lines, Fraction(rate.rate))))
        return attrs.evolve(ctx, conversion=attrs.evolve(report, sensitivity=tuple(found)))

    def summary(self, ctx: Context) -> dict[str, object]:
        report = ctx.conversion
        if report is None:
            return {"rates": None}
        return {
            "rates": [
                {
                    "rate": format_exact(entry.rate.rate),
                    "cheapest": [span.supplier_id for span in entry.spans],
                }
                for entry in report.sensitivity
            ]
        }
