"""The comparison (CONTRACT, the fixed call's result) and the weight analysis (issue 11): two
rows of the kind table that read the same request.

The comparison's readable formats are read from one run of the weight analysis (the text
report's stability intervals, the picture's regions and the page's robustness come from it,
``docs/pictures.md``), so its presenters run the analysis row's runner; its workbook too.
"""

from __future__ import annotations

from typing import Final

from ..core.limits import MAX_INPUT_BYTES
from ..engine.render import Document
from ..engine.run import COMPARISON as COMPARISON_RUNNER
from ..engine.run import Runner
from .row import Contract, Doors, RequestKind, RouteText, no_rows, reading


def _analysis_runner() -> Runner:
    from ..analysis.document import RUNNER

    return RUNNER


def _result(answer: Document) -> dict[str, object]:
    result = answer.result
    assert result is not None  # the analysis row always renders the plain result beside
    return result


def _text(answer: Document, raw: bytes, lang: str) -> str:
    from ..output.answer import purchase_of
    from ..output.report import render_text

    ranked = answer.output["analysis"]
    intervals = None if ranked is None else ranked["stability"]
    return render_text(_result(answer), intervals, lang, ranked, purchase_of(raw))


def _svg(answer: Document, raw: bytes, lang: str) -> str:
    from ..output.pictures import svg_picture

    return svg_picture(answer.output, lang)


def _html(answer: Document, raw: bytes, lang: str) -> str:
    from ..output.answer import purchase_of
    from ..output.pictures import html_page

    return html_page(_result(answer), answer.output, lang, purchase_of(raw), raw=raw)


def _xlsx(answer: Document, raw: bytes, lang: str) -> bytes:
    from ..export.comparison import comparison_workbook
    from ..export.writer import xlsx_bytes
    from ..output.answer import purchase_of

    shown = comparison_workbook(
        _result(answer), lang, analysis=answer.output, purchase=purchase_of(raw)
    )
    return xlsx_bytes(shown)


def _comparison_contract() -> Contract:
    from ..contract import descriptors, files, request_schema, result_schema

    return Contract(
        request_schema.request_schema,
        result_schema.result_schema,
        descriptors.mcp_tool,
        descriptors.tool_definition,
        (files.MCP_TOOL_PATH, files.TOOL_DEFINITION_PATH),
    )


def _analysis_contract() -> Contract:
    from ..contract import analysis_schema, descriptors, files, request_schema

    return Contract(
        request_schema.request_schema,
        analysis_schema.analysis_schema,
        descriptors.mcp_analysis_tool,
        descriptors.analysis_tool_definition,
        (files.MCP_ANALYSIS_TOOL_PATH, files.ANALYSIS_TOOL_DEFINITION_PATH),
    )


COMPARISON: Final = RequestKind(
    name="comparison",
    body_limit=MAX_INPUT_BYTES,
    cost="light",
    runner=lambda: COMPARISON_RUNNER,
    fields=no_rows,
    formats={
        "text": reading(_analysis_runner, _text),
        "svg": reading(_analysis_runner, _svg),
        "html": reading(_analysis_runner, _html),
        "xlsx": reading(_analysis_runner, _xlsx),
    },
    contract=_comparison_contract,
    route=RouteText(
        summary="Compare supplier quotes for one purchase (one calculation).",
        description=(
            "The body is one request exactly as the CLI reads it on stdin (--input-json -); the"
            " response body is exactly what the CLI prints for those bytes. 200 for completed and"
            " partial, 422 for invalid_input, 500 for internal_error, 413 (input_too_large) for a"
            " body over {limit} bytes."
        ),
    ),
    help="",
    marks=None,
    doors=Doors(
        cli_flag=None,
        http_path="/quotecalc/calculate",
        operation_id="compare_quotes",
        request_component="Request",
        result_component="Result",
        mcp_tool="compare_quotes",
        bulk_kind="result",
        request_schema="request",
        result_schema="result",
        page_label="report",
    ),
)
ANALYSIS: Final = RequestKind(
    name="analysis",
    body_limit=MAX_INPUT_BYTES,
    cost="light",
    runner=_analysis_runner,
    fields=no_rows,
    formats={},
    contract=_analysis_contract,
    route=RouteText(
        summary="The weight analysis of one request: who ranks first for which weights.",
        description=(
            "The body is one request exactly as for /quotecalc/calculate; the response body is the"
            " weight-analysis document, exactly what the CLI prints for those bytes with"
            " --input-json - --analysis (docs/analysis.md). Its status is the plain call's: 200 for"
            " completed and partial (with or without a ranking to analyse), 422 for invalid_input,"
            " 500 for internal_error, 413 (the document for input_too_large) for a body over"
            " {limit} bytes."
        ),
    ),
    help="the weight-space analysis document instead of the result",
    marks=None,
    doors=Doors(
        cli_flag="--analysis",
        http_path="/quotecalc/analyze",
        operation_id="analyze_weights",
        request_component="Request",
        result_component="Analysis",
        mcp_tool="analyze_weights",
        bulk_kind="analysis",
        request_schema="request",
        result_schema="analysis",
        page_label=None,
    ),
)
