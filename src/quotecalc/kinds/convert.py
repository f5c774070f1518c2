"""The converted comparison (issue 27): its row of the kind table."""

from __future__ import annotations

from typing import Final

from ..core.fields import FieldRule
from ..core.limits import MAX_INPUT_BYTES
from ..engine.render import Document
from ..engine.run import Runner
from .row import Contract, Doors, Marks, RequestKind, RouteText, reading


def _runner() -> Runner:
    from ..planning.conversion import RUNNER

    return RUNNER


def _fields() -> tuple[FieldRule, ...]:
    from ..core.conversion_rules import RATE_ROOT_FIELDS

    return RATE_ROOT_FIELDS


def _text(answer: Document, raw: bytes, lang: str) -> str:
    from ..output.answer import purchase_of
    from ..output.conversion_text import converted_text

    return converted_text(answer.output, lang, purchase_of(raw))


def _html(answer: Document, raw: bytes, lang: str) -> str:
    from ..output.answer import purchase_of
    from ..output.pictures.conversion import converted_page

    return converted_page(answer.output, lang, purchase_of(raw))


def _xlsx(answer: Document, raw: bytes, lang: str) -> bytes:
    from ..export.conversion import converted_workbook
    from ..export.writer import xlsx_bytes
    from ..output.answer import purchase_of

    return xlsx_bytes(converted_workbook(answer.output, lang, purchase_of(raw)))


def _contract() -> Contract:
    from ..contract import convert_descriptors, convert_schema, files

    return Contract(
        convert_schema.convert_request_schema,
        convert_schema.converted_schema,
        convert_descriptors.mcp_convert_tool,
        convert_descriptors.convert_tool_definition,
        (files.MCP_CONVERT_TOOL_PATH, files.CONVERT_TOOL_DEFINITION_PATH),
    )


CONVERT: Final = RequestKind(
    name="convert",
    body_limit=MAX_INPUT_BYTES,
    cost="light",
    runner=_runner,
    fields=_fields,
    formats={
        "text": reading(_runner, _text),
        "html": reading(_runner, _html),
        "xlsx": reading(_runner, _xlsx),
    },
    contract=_contract,
    route=RouteText(
        summary="The comparison with quotes converted at the exchange rates the request states.",
        description=(
            "The body is one convert request (the calculation request plus exchangeRates;"
            " docs/conversions.md); the response body is the converted-comparison document, exactly"
            " what the CLI prints for those bytes with --input-json - --convert. 200 for completed"
            " and partial, 422 for invalid_input, 500 for internal_error, 413 (the document for"
            " input_too_large) for a body over {limit} bytes."
        ),
    ),
    help=(
        "the comparison with quotes in other currencies converted at the request's"
        " exchangeRates, with each rate's provenance and range"
    ),
    marks=Marks(root_rows=_fields),
    doors=Doors(
        cli_flag="--convert",
        http_path="/quotecalc/convert",
        operation_id="convert_quotes",
        request_component="ConvertRequest",
        result_component="Converted",
        mcp_tool="convert_quotes",
        bulk_kind="convert",
        request_schema="convert-request",
        result_schema="converted",
        page_label="conversion",  # issue 35: the page answers pasted exchangeRates
    ),
)
