"""A throwaway request kind (issue 39, ``tests/test_rows_drive_doors.py``): never shipped.

``tests/test_rows_drive_doors.py`` copies this module into a copy of the package as
``quotecalc/kinds/shortlist.py`` and adds its row to ``KINDS`` and ``DETECTION`` in
``kinds/table.py`` -- the steps of ``docs/extending.md``, "Adding a request kind" -- and then
shows that the command line, the intake, the page, the HTTP routes and OpenAPI, the MCP tools,
the bulk kinds, the published schemas, the workbook and the readable reports all take the kind
with no other edit. For brevity the kind's document, presenters and contract live here; a real
kind puts them in ``planning/``, ``output/`` and ``contract/``.

The shortlist: the fixed request plus ``shortlistSize``; the document lists the comparable,
eligible quotes by landed total (the cost stage's exact figures), the first ``shortlistSize``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Final

from quotecalc.core.context import Context
from quotecalc.core.exact import format_exact
from quotecalc.core.fields import OPTIONAL, FieldDoors, FieldRule, Words, integer_field
from quotecalc.core.limits import MAX_INPUT_BYTES
from quotecalc.engine.pipeline import Pipeline, compared_stages
from quotecalc.engine.render import (
    SCHEMA_VERSION,
    TOOL,
    TOOL_VERSION,
    Document,
    Rendered,
    render,
    render_internal_error,
)
from quotecalc.engine.run import Runner, reading_the_request
from quotecalc.kinds.row import Contract, Doors, Marks, RequestKind, RouteText, reading

KIND: Final = "shortlist"
SHORTLIST_FIELD: Final = integer_field(
    "shortlistSize",
    OPTIONAL,
    positive=True,
    doors=FieldDoors(
        Words("shortlist size", "候选名单长度"),
        Words("how many quotes the shortlist keeps", "候选名单保留的报价数"),
        note="How many eligible comparable quotes to keep, the lowest landed total first.",
    ),
)


def _pipeline(constraint_rules: Any) -> Pipeline:
    reading_rows = reading_the_request(constraint_rules, root_rows=(SHORTLIST_FIELD,))
    return Pipeline((*reading_rows, *compared_stages(constraint_rules)))


def _document(status: str, shortlist: Any, reasons: list[Any]) -> dict[str, Any]:
    return {
        "schemaVersion": SCHEMA_VERSION,
        "kind": KIND,
        "tool": TOOL,
        "toolVersion": TOOL_VERSION,
        "status": status,
        "shortlist": shortlist,
        "reasons": reasons,
    }


def _rendered(ctx: Context) -> Rendered:
    result = render(ctx)
    if ctx.status is None:
        return _document(result["status"], None, list(result["limitations"])), None
    assert ctx.request is not None
    size = ctx.request.fields.get("shortlistSize")
    kept: list[tuple[Decimal, str]] = [
        (cost.landed_total, supplier)
        for supplier, gate, cost, verdict in zip(
            ctx.request.supplier_ids, ctx.comparability, ctx.costs, ctx.constraints, strict=True
        )
        if gate.comparable and verdict.status == "eligible" and cost.landed_total is not None
    ]
    chosen = sorted(kept)[:size]
    listed = [{"supplierId": s, "landedTotal": format_exact(total)} for total, s in chosen]
    return _document(result["status"], listed, []), None


def _internal_error() -> Rendered:
    return _document("internal_error", None, list(render_internal_error()["limitations"])), None


RUNNER: Final = Runner(KIND, _pipeline, _rendered, _internal_error)


def _lines(answer: Document) -> list[str]:
    return [f"{e['supplierId']} {e['landedTotal']}" for e in answer.output["shortlist"] or []]


def _text(answer: Document, raw: bytes, lang: str) -> str:
    head = "候选名单" if lang == "zh" else "Shortlist"
    return "\n".join([head, *_lines(answer)]) + "\n"


def _html(answer: Document, raw: bytes, lang: str) -> str:
    from quotecalc.output.pictures.text import escape

    items = "".join(f"<li>{escape(line)}</li>" for line in _lines(answer))
    return f"<!DOCTYPE html>\n<html><body><main><ol>{items}</ol></main></body></html>\n"


def _xlsx(answer: Document, raw: bytes, lang: str) -> bytes:
    from quotecalc.export.model import Sheet, Workbook, figure
    from quotecalc.export.writer import xlsx_bytes

    rows = tuple(
        (e["supplierId"], figure(e["landedTotal"])) for e in answer.output["shortlist"] or []
    )
    sheet = Sheet("Shortlist", (("Shortlist",),), ("Supplier", "Landed total"), rows)
    return xlsx_bytes(Workbook("quotecalc shortlist", (sheet,)))


def _request_schema() -> dict[str, Any]:
    from quotecalc.contract.request_schema import object_schema
    from quotecalc.contract.tables import DIALECT

    rows: tuple[FieldRule, ...] = RUNNER.root_fields()
    return {"$schema": DIALECT, "title": "quotecalc shortlist request", **object_schema(rows, "")}


def _result_schema() -> dict[str, Any]:
    from quotecalc.contract.tables import DIALECT

    return {
        "$schema": DIALECT,
        "title": "quotecalc shortlist",
        "type": "object",
        "required": ["schemaVersion", "kind", "status", "shortlist", "reasons"],
        "properties": {"kind": {"const": KIND}, "shortlist": {"type": ["array", "null"]}},
    }


def _mcp_tool() -> dict[str, Any]:
    from quotecalc.contract.descriptors import mcp_descriptor

    summary = "Shortlist the cheapest eligible quotes."
    return mcp_descriptor(
        "shortlist_quotes", "Supplier shortlist", summary, _request_schema(), _result_schema()
    )


def _tool_definition() -> dict[str, Any]:
    from quotecalc.contract.descriptors import CONTEXT, FIXED_ARGV, tool_definition_of
    from quotecalc.engine.render import EXIT_CODES

    return tool_definition_of(
        name="shortlist_quotes",
        path="/quotecalc/shortlist",
        summary="Shortlist the cheapest eligible quotes.",
        guidance="Takes the request of compare_quotes plus shortlistSize.",
        context=list(CONTEXT),
        result="One quotecalc shortlist document.",
        invocation={"argv": [*FIXED_ARGV, "--shortlist"], "exitCodes": dict(EXIT_CODES)},
        inputs=_request_schema(),
        outputs=_result_schema(),
        timeout_ms=10000,
    )


def _contract() -> Contract:
    return Contract(
        _request_schema,
        _result_schema,
        _mcp_tool,
        _tool_definition,
        ("docs/tool/mcp-tool-shortlist.json", "docs/tool/tool-definition-shortlist.json"),
    )


def _fields() -> tuple[FieldRule, ...]:
    return (SHORTLIST_FIELD,)


SHORTLIST: Final = RequestKind(
    name="shortlist",
    body_limit=MAX_INPUT_BYTES,
    cost="light",
    runner=lambda: RUNNER,
    fields=_fields,
    formats={
        "text": reading(lambda: RUNNER, _text),
        "html": reading(lambda: RUNNER, _html),
        "xlsx": reading(lambda: RUNNER, _xlsx),
    },
    contract=_contract,
    route=RouteText(
        summary="The shortlist of one request: the cheapest eligible quotes.",
        description="The body is one shortlist request; at most {limit} bytes.",
    ),
    help="the cheapest eligible quotes, the first shortlistSize",
    marks=Marks(root_rows=_fields),
    doors=Doors(
        cli_flag="--shortlist",
        http_path="/quotecalc/shortlist",
        operation_id="shortlist_quotes",
        request_component="ShortlistRequest",
        result_component="Shortlist",
        mcp_tool="shortlist_quotes",
        bulk_kind="shortlist",
        request_schema="shortlist-request",
        result_schema="shortlist",
        page_label="shortlist",
    ),
)
