"""The weight-analysis document (issue 11): ``analyze(raw) -> Analysis``, ``--analysis``.

One JSON object (``docs/analysis.md``, schema ``docs/schema/analysis.schema.json``), keys in
this order: ``schemaVersion``, ``kind`` (``"weight-analysis"``), ``tool``, ``toolVersion``,
``status`` (the plain calculation's), ``analysis`` (an object when the result has a ranking,
else ``null``) and ``reasons`` (why there is none: the error list for ``invalid_input`` and
``internal_error``, else the result's limitations that block the ranking, same objects, same
order). Nothing is computed here: the analysis stage's exact values are written as ``"p/q"``
or ``"n"`` and displayed by the one rounding, :func:`quotecalc.core.exact.format_ratio`; the
stability entries are :func:`quotecalc.analysis.intervals.stability_entries`, unchanged.
The exit code is the plain call's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from ..core.constraint_rules import ConstraintRule
from ..core.context import Context, WeightAnalysis, WeightRegion, WeightSwitch
from ..core.exact import Ratio, format_ratio
from ..engine.pipeline import Pipeline, compared_stages
from ..engine.render import (
    SCHEMA_VERSION,
    TOOL,
    TOOL_VERSION,
    Document,
    Rendered,
    render,
    render_internal_error,
)
from ..engine.run import Runner, reading_the_request
from ..stages.analysis import AnalysisStage
from .intervals import stability_entries

KIND: Final = "weight-analysis"
EXCLUDED_REASON: Final = "component_unavailable"
BLOCKING_CODES: Final = (
    "ranking_not_requested",
    "ranking_blocked_by_conflict",
    "ranking_blocked_by_unknown_constraint",
    "ranking_blocked_by_missing_value",
    "all_candidates_excluded",
)
"""The limitation codes that explain a completed or partial result without a ranking."""

ERROR_STATUSES: Final = ("invalid_input", "internal_error")


def analysis_pipeline(constraint_rules: tuple[ConstraintRule, ...]) -> Pipeline:
    """The analysis's pipeline: the comparison's, with the analysis stage appended."""
    compared = compared_stages(constraint_rules)
    return Pipeline((*reading_the_request(constraint_rules), *compared, AnalysisStage()))


Analysis = Document
"""One weight analysis: the one document type of every kind (issue 34), whose ``result`` is
the plain result object of the same run (what the text report and the page show beside the
analysis, so they never run the pipeline twice)."""


def exact_text(value: Fraction) -> str:
    """``"p/q"`` in lowest terms, or ``"n"`` for an integer."""
    return str(value)


def _display(value: Fraction) -> str:
    return format_ratio(Ratio(value.numerator, value.denominator))


def _point(dimensions: Sequence[str], point: Sequence[Fraction]) -> dict[str, str]:
    return {name: exact_text(share) for name, share in zip(dimensions, point, strict=True)}


def _region(dimensions: Sequence[str], region: WeightRegion) -> dict[str, Any]:
    return {
        "supplierIds": list(region.supplier_ids),
        "canWin": bool(region.vertices),
        "vertices": [_point(dimensions, vertex) for vertex in region.vertices],
        "areaShare": _display(region.area),
        "areaShareExact": exact_text(region.area),
    }


def _switch(dimensions: Sequence[str], switch: WeightSwitch | None) -> dict[str, Any] | None:
    if switch is None:
        return None
    return {
        "distance": _display(switch.distance),
        "distanceExact": exact_text(switch.distance),
        "point": _point(dimensions, switch.point),
        "supplierIds": list(switch.supplier_ids),
    }


def analysis_object(analysis: WeightAnalysis, stability: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``analysis`` member, keys in the agreed order."""
    dimensions = analysis.dimensions
    return {
        "candidates": list(analysis.candidates),
        "dimensions": list(dimensions),
        "excludedDimensions": [
            {"dimension": name, "reason": EXCLUDED_REASON} for name in analysis.excluded_dimensions
        ],
        "weights": _point(dimensions, analysis.weights),
        "winners": list(analysis.winners),
        "regions": [_region(dimensions, region) for region in analysis.regions],
        "dominance": [
            {"supplierId": sid, "dominatedBy": list(by)} for sid, by in analysis.dominance
        ],
        "switchingDistance": _switch(dimensions, analysis.switch),
        "stability": stability,
    }


def document(status: str, analysis: dict[str, Any] | None, reasons: list[Any]) -> dict[str, Any]:
    """The root object, keys in the agreed order."""
    return {
        "schemaVersion": SCHEMA_VERSION,
        "kind": KIND,
        "tool": TOOL,
        "toolVersion": TOOL_VERSION,
        "status": status,
        "analysis": analysis,
        "reasons": reasons,
    }


def reasons_of(output: Mapping[str, Any]) -> list[Any]:
    """Why a result has no analysis: its errors, or its ranking blockers (same objects)."""
    if output["status"] in ERROR_STATUSES:
        return list(output["limitations"])
    return [entry for entry in output["limitations"] if entry["code"] in BLOCKING_CODES]


def render_analysis(ctx: Context, output: Mapping[str, Any]) -> dict[str, Any]:
    """The document of a finished analysis-pipeline run and its rendered result."""
    scoring = ctx.scoring
    if ctx.analysis is None or ctx.request is None or scoring is None or scoring.table is None:
        return document(output["status"], None, reasons_of(output))
    stability = stability_entries(scoring.table, ctx.request.fields["weights"])
    return document(output["status"], analysis_object(ctx.analysis, stability), [])


def rendered(ctx: Context) -> Rendered:
    """The analysis row's renderer: the document and, beside it, the plain result."""
    output = render(ctx)
    return render_analysis(ctx, output), output


def internal_error() -> Rendered:
    """The analysis row's ``internal_error`` document, and the plain one beside it."""
    failed = render_internal_error()
    return document("internal_error", None, reasons_of(failed)), failed


RUNNER: Final = Runner(KIND, analysis_pipeline, rendered, internal_error)
"""How a weight analysis is answered (the analysis row of ``quotecalc.kinds``)."""
ANALYSIS_PIPELINE: Final = RUNNER.pipeline()
"""The analysis's pipeline with the contract's constraint rows."""


def analyze(raw: bytes, *, trace: bool = False, pipeline: Pipeline | None = None) -> Document:
    """The weight analysis of one request's bytes (:data:`RUNNER`). Never raises."""
    return RUNNER.run(raw, trace=trace, pipeline=pipeline)
