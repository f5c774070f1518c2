"""Stage 9, one-at-a-time weight sensitivity (CONTRACT §11).

Only when there is a ranking and the user gave ``sensitivityDelta`` (delta); nothing is
invented otherwise. For each dimension in the order cost, delivery, quality whose weight is
positive, and for ``increase`` (factor ``1 + delta``) then ``decrease`` (factor
``1 - delta``): that one weight is multiplied exactly by the factor, the others are kept, and
the scoring set is ranked again with the same components (the same :func:`rank` as the base
ranking, over the same :class:`~quotecalc.core.context.ScoreTable`). ``rankingChanged`` is true when
the list of ``(rank, supplierId)`` differs from the base ranking.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

import attrs

from ..core.context import Context, Scenario
from ..core.dimensions import DIMENSIONS
from ..core.exact import EXACT
from ..core.records import Record
from .scoring import rank

DIRECTIONS: Final = (("increase", EXACT.add), ("decrease", EXACT.subtract))


@attrs.frozen(eq=False, repr=False)
class SensitivityStage(Record):
    """Re-ranks under each single-weight perturbation the user asked for."""

    name: str = "sensitivity"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None and ctx.scoring is not None
        delta = ctx.request.fields.get("sensitivityDelta")
        table, base = ctx.scoring.table, ctx.scoring.ranking
        if delta is None or table is None or base is None:
            return ctx
        weights = ctx.request.fields["weights"]
        scenarios = []
        for dimension in DIMENSIONS:
            weight: Decimal = weights[dimension.name]
            if weight <= 0:
                continue
            for direction, apply in DIRECTIONS:
                factor = apply(Decimal(1), delta)
                moved = {**weights, dimension.name: EXACT.multiply(weight, factor)}
                ranking = rank(table, moved, start=base)
                changed = not ranking.same_order(base)
                scenarios.append(
                    Scenario(dimension.name, direction, factor, moved, ranking, changed)
                )
        return attrs.evolve(ctx, sensitivity=tuple(scenarios))

    def summary(self, ctx: Context) -> dict[str, object]:
        return {
            "scenarios": len(ctx.sensitivity),
            "changed": [
                f"{scenario.dimension}/{scenario.direction}"
                for scenario in ctx.sensitivity
                if scenario.ranking_changed
            ],
        }
