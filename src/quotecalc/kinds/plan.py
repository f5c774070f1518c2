"""The purchase plan (issues 20, 25): its row of the kind table."""

from __future__ import annotations

from typing import Final

from ..core.fields import FieldRule
from ..core.limits import MAX_INPUT_BYTES
from ..engine.render import Document
from ..engine.run import Runner
from .row import Contract, Doors, Marks, RequestKind, RouteText, reading


def _runner() -> Runner:
    from ..planning.document import RUNNER

    return RUNNER


def _fields() -> tuple[FieldRule, ...]:
    """The plan request's own root rows: the rates, the balances and the plan's."""
    from ..core.conversion_rules import BALANCE_ROOT_FIELDS, RATE_ROOT_FIELDS
    from ..core.plan_rules import PLAN_ROOT_FIELDS

    return (*RATE_ROOT_FIELDS, *BALANCE_ROOT_FIELDS, *PLAN_ROOT_FIELDS)


def _marking_root() -> tuple[FieldRule, ...]:
    """The root rows only a plan request has (the conversion's rates are the convert's too)."""
    from ..core.conversion_rules import BALANCE_ROOT_FIELDS
    from ..core.plan_rules import PLAN_ROOT_FIELDS

    return (*PLAN_ROOT_FIELDS, *BALANCE_ROOT_FIELDS)


def _marking_quote() -> tuple[FieldRule, ...]:
    from ..core.plan_rules import PLAN_QUOTE_FIELDS

    return PLAN_QUOTE_FIELDS


def _text(answer: Document, raw: bytes, lang: str) -> str:
    from ..output.plan_text import render_plan_text

    return render_plan_text(answer.output, lang)


def _html(answer: Document, raw: bytes, lang: str) -> str:
    from ..output.plan_html import render_plan_html

    return render_plan_html(answer.output, lang, raw)


def _xlsx(answer: Document, raw: bytes, lang: str) -> bytes:
    from ..export.plan import plan_workbook
    from ..export.writer import xlsx_bytes

    return xlsx_bytes(plan_workbook(answer.output, lang, raw))


def _contract() -> Contract:
    from ..contract import files, plan_descriptors, plan_schema

    return Contract(
        plan_schema.plan_request_schema,
        plan_schema.plan_schema,
        plan_descriptors.mcp_plan_tool,
        plan_descriptors.plan_tool_definition,
        (files.MCP_PLAN_TOOL_PATH, files.PLAN_TOOL_DEFINITION_PATH),
    )


PLAN: Final = RequestKind(
    name="plan",
    body_limit=MAX_INPUT_BYTES,
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
        summary="The purchase plan of one plan request: the cheapest quantity and split, proven.",
        description=(
            "The body is one plan request (the calculation request plus priceBreaks, capacityPacks"
            " and maxSuppliers; docs/plan.md); the response body is the purchase-plan document,"
            " exactly what the CLI prints for those bytes with --input-json - --plan. 200 for"
            " completed and partial (with or without a plan), 422 for invalid_input, 500 for"
            " internal_error, 413 (the document for input_too_large) for a body over"
            " {limit} bytes."
        ),
    ),
    help=(
        "the purchase plan of a plan request (price breaks, capacities, maxSuppliers): the"
        " cheapest quantity and split, proven; --format text|html reads it for a buyer, answer"
        " first"
    ),
    marks=Marks(root_rows=_marking_root, quote_rows=_marking_quote),
    doors=Doors(
        cli_flag="--plan",
        http_path="/quotecalc/plan",
        operation_id="plan_purchase",
        request_component="PlanRequest",
        result_component="Plan",
        mcp_tool="plan_purchase",
        bulk_kind="plan",
        request_schema="plan-request",
        result_schema="plan",
        page_label="plan",
    ),
)
