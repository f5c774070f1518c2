"""Stage 11 (on request only), the weight-space analysis (issue 11, ``docs/analysis.md``).

Appended after ``limitations`` in the ``analysis`` kind's row, never in the default
pipeline: the fixed call never pays for it. With a ranking it adds
:class:`~quotecalc.core.context.WeightAnalysis` (first-place regions, dominance and switching
distance over the mapped dimensions, computed exactly by :mod:`quotecalc.solvers.simplex` from the
engine's own :class:`~quotecalc.core.context.ScoreTable` and base ranking); without one it adds
nothing, and the analysis document gives the ranking's blockers as its reasons.
"""

from __future__ import annotations

import attrs

from ..core.context import Context
from ..solvers.simplex import analyse


@attrs.frozen
class AnalysisStage:
    """The weight-space analysis of a ranked result."""

    name: str = "analysis"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None and ctx.scoring is not None
        table, ranking = ctx.scoring.table, ctx.scoring.ranking
        if table is None or ranking is None:
            return ctx
        return attrs.evolve(ctx, analysis=analyse(table, ctx.request.fields["weights"], ranking))

    def summary(self, ctx: Context) -> dict[str, object]:
        analysis = ctx.analysis
        if analysis is None:
            return {"dimensions": None, "canWin": None, "switchingDistance": None}
        return {
            "dimensions": list(analysis.dimensions),
            "canWin": [
                sid for region in analysis.regions if region.vertices for sid in region.supplier_ids
            ],
            "switchingDistance": None if analysis.switch is None else str(analysis.switch.distance),
        }
