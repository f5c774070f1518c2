"""The sourcing event (issue 26): its row of the kind table."""

from __future__ import annotations

from typing import Final

from ..core.fields import FieldRule
from ..core.limits import MAX_EVENT_BYTES
from ..engine.render import Document
from ..engine.run import Runner
from .row import Contract, Doors, Marks, RequestKind, RouteText, reading


def _runner() -> Runner:
    from ..planning.event_document import RUNNER

    return RUNNER


def _fields() -> tuple[FieldRule, ...]:
    from ..core.event_rules import EVENT_ROOT_FIELDS

    return EVENT_ROOT_FIELDS


def _currency(answer: Document, raw: bytes) -> str | None:
    """The event's currency for its money (none without an award: nothing to show in it)."""
    from ..output.event_report import event_currency

    return event_currency(raw) if answer.output["award"] is not None else None


def _text(answer: Document, raw: bytes, lang: str) -> str:
    from ..output.event_report import render_event_text

    currency = _currency(answer, raw)
    return render_event_text(answer.output, answer.exit_code, currency, lang, raw)


def _html(answer: Document, raw: bytes, lang: str) -> str:
    from ..output.event_report import render_event_html

    currency = _currency(answer, raw)
    return render_event_html(answer.output, answer.exit_code, currency, lang, raw)


def _xlsx(answer: Document, raw: bytes, lang: str) -> bytes:
    from ..export.event import event_workbook
    from ..export.writer import xlsx_bytes
    from ..output.fieldnames import load

    shown = event_workbook(answer.output, _currency(answer, raw), lang, load(raw))
    return xlsx_bytes(shown)


def _contract() -> Contract:
    from ..contract import event_descriptors, event_schema, files

    return Contract(
        event_schema.event_request_schema,
        event_schema.event_schema,
        event_descriptors.mcp_event_tool,
        event_descriptors.event_tool_definition,
        (files.MCP_EVENT_TOOL_PATH, files.EVENT_TOOL_DEFINITION_PATH),
    )


EVENT: Final = RequestKind(
    name="event",
    body_limit=MAX_EVENT_BYTES,
    cost="heavy",
    runner=_runner,
    fields=_fields,
    formats={
        "text": reading(_runner, _text),
        "html": reading(_runner, _html),
        "xlsx": reading(_runner, _xlsx),
    },
    contract=_contract,
    route=RouteText(
        summary=(
            "The award of one sourcing event: who supplies which item, at the least total, proven."
        ),
        description=(
            "The body is one event request (items, suppliers and their offers; docs/event.md); the"
            " response body is the event-award document, exactly what the CLI prints for those"
            " bytes with --input-json - --event. 200 for completed and partial (with or without an"
            " award), 422 for invalid_input, 500 for internal_error, 413 (the document for"
            " input_too_large) for a body over {limit} bytes."
        ),
    ),
    help=(
        "the award of a sourcing event (items, suppliers, offers): which supplier gets what, at"
        " the least landed total, proven"
    ),
    marks=Marks(all_of=("items", "suppliers")),
    doors=Doors(
        cli_flag="--event",
        http_path="/quotecalc/event",
        operation_id="award_event",
        request_component="EventRequest",
        result_component="Event",
        mcp_tool="award_event",
        bulk_kind="event",
        request_schema="event-request",
        result_schema="event",
        page_label="award",
    ),
)
