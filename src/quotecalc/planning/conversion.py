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

import json
from typing import Any, Final

import attrs

from ..core.context import Context
from ..engine.pipeline import Pipeline, TraceEntry, make_pipeline
from ..engine.render import (
    EXIT_CODES,
    SCHEMA_VERSION,
    TOOL,
    TOOL_VERSION,
    render,
    render_internal_error,
)
from .conversion_sections import render_report

KIND: Final = "converted-comparison"

CONVERT_PIPELINE: Final = make_pipeline(convert=True)
"""The default pipeline with the convert stage after validation and the rate-sensitivity stage
appended."""


@attrs.frozen
class ConvertedComparison:
    """One converted comparison: the document, its exit code and the stage trace if asked."""

    output: dict[str, Any]
    exit_code: int
    trace: tuple[TraceEntry, ...] = ()

    def to_json(self) -> bytes:
        """One compact UTF-8 JSON object and a newline, like the result."""
        text = json.dumps(self.output, ensure_ascii=False, separators=(",", ":"))
        return (text + "\n").encode("utf-8")


def render_converted(ctx: Context) -> dict[str, Any]:
    """The document of a finished ``--convert`` run."""
    result = render(ctx)
    report = ctx.conversion
    keys: dict[str, Any] = (
        {"conversions": None, "unusedRates": None, "rateSensitivity": None}
        if report is None or ctx.status is None
        else render_report(report)
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


def convert(
    raw: bytes, *, trace: bool = False, pipeline: Pipeline | None = None
) -> ConvertedComparison:
    """The converted comparison of one request's bytes. Never raises: a bug becomes the
    ``internal_error`` document (exit 1) with nothing of the input in it."""
    chosen = CONVERT_PIPELINE if pipeline is None else pipeline
    try:
        if trace:
            ctx, entries = chosen.run_traced(raw)
        else:
            ctx, entries = chosen.run(raw), ()
        shown = render_converted(ctx)
    except Exception:  # noqa: BLE001 - like calculate(): one JSON object, exit 1
        empty = {"conversions": None, "unusedRates": None, "rateSensitivity": None}
        return ConvertedComparison(
            document(render_internal_error(), empty), EXIT_CODES["internal_error"]
        )
    return ConvertedComparison(shown, EXIT_CODES[shown["status"]], entries)
