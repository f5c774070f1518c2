"""Stage 6, quality issues and conflicts per quote (CONTRACT §9, §16).

- ``quality_missing``: neither ``qualityEvidence`` nor ``qualityScore``;
- ``quality_evidence_only``: evidence without a score (qualitative only);
- only when a ``qualityScore`` is present, the conflicts: ``quality_scale_missing`` (no root
  ``qualityScale``), ``quality_definition_missing``, ``quality_definition_mismatch`` (not
  exactly equal to ``qualityScale.definition``). A score with neither scale nor definition
  gets both of the first two.

This runs before the hard constraints because a quality conflict makes the
``minimumQualityScore`` constraint ``unknown`` (§16).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from ..core.context import Context, Fields, QualityAssessment
from ..core.records import Record

# The usual answer, one shared (frozen) record rather than one per quote.
NO_ISSUES: Final = QualityAssessment(issues=(), conflicts=())


def assess_quality(quote: Fields, scale: Mapping[str, Any] | None) -> QualityAssessment:
    """The §9 issues of one quote, and which of them are conflicts."""
    has_score = "qualityScore" in quote
    if not has_score:
        code = "quality_evidence_only" if "qualityEvidence" in quote else "quality_missing"
        return QualityAssessment(issues=(code,), conflicts=())
    conflicts: list[str] = []
    definition = quote.get("qualityDefinition")
    if scale is None:
        conflicts.append("quality_scale_missing")
    if definition is None:
        conflicts.append("quality_definition_missing")
    elif scale is not None and definition != scale["definition"]:
        conflicts.append("quality_definition_mismatch")
    if not conflicts:
        return NO_ISSUES
    return QualityAssessment(issues=tuple(conflicts), conflicts=tuple(conflicts))


@attrs.frozen(eq=False, repr=False)
class QualityStage(Record):
    """Quality issues for ``quality.issues`` and the conflicts that block ranking."""

    name: str = "quality"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None
        scale = ctx.request.fields.get("qualityScale")
        return attrs.evolve(
            ctx, quality=tuple(assess_quality(quote, scale) for quote in ctx.request.quotes)
        )

    def summary(self, ctx: Context) -> dict[str, object]:
        assert ctx.request is not None
        return {
            supplier_id: list(result.issues)
            for supplier_id, result in zip(ctx.request.supplier_ids, ctx.quality, strict=True)
            if result.issues
        }
