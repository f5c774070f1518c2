"""The converted comparison (issue 27, ``docs/conversions.md``): ``convert(raw)``,
``--convert``, and the conversion section the plan document shares.

One JSON object, keys in this order: ``schemaVersion``, ``kind`` (``"converted-comparison"``),
``tool``, ``toolVersion``, ``status``, ``result``, ``conversions``, ``unusedRates``,
``rateSensitivity``. ``result`` is exactly the fixed result object of the request after its
quotes were converted (its ``status`` and exit code are the document's; where a quote was
converted, its ``no_conversion`` limitation reads ``converted_at_given_rates``). The three
conversion keys are ``null`` when the request was not valid or a bug stopped the run. Nothing is
computed here: every value is the convert and rate-sensitivity stages', written by
:func:`quotecalc.core.exact.format_exact` (exact values) and
:func:`quotecalc.core.exact.format_ratio` (a rate end, rounded once to 6 places beside its exact
fraction).
"""

from __future__ import annotations

from typing import Any, Final

from ..core.constraint_rules import ConstraintRule
from ..core.context import Context
from ..core.conversion_rules import RATE_ROOT_FIELDS
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
from ..stages.convert import ConvertStage, check_rate_pairs
from ..stages.rate_sensitivity import RateSensitivityStage
from .conversion_sections import render_report

KIND: Final = "converted-comparison"
NO_REPORT: Final = {"conversions": None, "unusedRates": None, "rateSensitivity": None}

ConvertedComparison = Document
"""One converted comparison: the one document type of every kind (issue 34)."""


def render_converted(ctx: Context) -> dict[str, Any]:
    """The document of a finished ``--convert`` run."""
    result = render(ctx)
    report = ctx.conversion
    keys: dict[str, Any] = (
        dict(NO_REPORT) if report is None or ctx.status is None else render_report(report)
    )
    return document(result, keys)


def document(result: dict[str, Any], keys: dict[str, Any]) -> dict[str, Any]:
    """The root object, keys in the agreed order."""
    return {
        "schemaVersion": SCHEMA_VERSION,
        "kind": KIND,
        "tool": TOOL,
        "toolVersion": TOOL_VERSION,
        "status": result["status"],
        "result": result,
        **keys,
    }


def rendered(ctx: Context) -> Rendered:
    """The convert row's renderer."""
    return render_converted(ctx), None


def internal_error() -> Rendered:
    """The convert row's ``internal_error`` document."""
    return document(render_internal_error(), dict(NO_REPORT)), None


def convert_pipeline(constraint_rules: tuple[ConstraintRule, ...]) -> Pipeline:
    """The converted comparison's pipeline: the comparison's reading ``exchangeRates``, the
    convert stage after validation and the rate-sensitivity stage appended."""
    reading = reading_the_request(
        constraint_rules, root_rows=RATE_ROOT_FIELDS, cross_field_rules=(check_rate_pairs,)
    )
    compared = compared_stages(constraint_rules)
    return Pipeline((*reading, ConvertStage(), *compared, RateSensitivityStage()))


RUNNER: Final = Runner(KIND, convert_pipeline, rendered, internal_error)
"""How a converted comparison is answered (the convert row of ``quotecalc.kinds``)."""
CONVERT_PIPELINE: Final = RUNNER.pipeline()
"""The converted comparison's pipeline with the contract's constraint rows."""


def convert(raw: bytes, *, trace: bool = False, pipeline: Pipeline | None = None) -> Document:
    """The converted comparison of one request's bytes (:data:`RUNNER`). Never raises."""
    return RUNNER.run(raw, trace=trace, pipeline=pipeline)
