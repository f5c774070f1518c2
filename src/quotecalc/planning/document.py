"""The purchase-plan document (issue 20): ``plan(raw) -> PlanDocument``, ``--plan``.

One JSON object (``docs/plan.md``, schema ``docs/schema/plan.schema.json``), keys in this
order: ``schemaVersion``, ``kind`` (``"purchase-plan"``), ``tool``, ``toolVersion``, ``status``,
``plan``, ``reasons``, ``limitations``. ``status`` is ``invalid_input`` or ``internal_error`` as
the fixed call's (the reasons are then its errors), else ``completed`` when a best plan is given
and proven, ``partial`` otherwise; the exit code is the fixed call's for that status. ``plan``
is ``null`` when the gate found reasons. Nothing is computed here: money and counts are the
plan stage's exact values written by :func:`quotecalc.core.exact.format_exact`, the fixed
result's own formatting.
"""

from __future__ import annotations

import json
from typing import Any, Final

import attrs

from ..core.codes import LIMITATION_MESSAGES
from ..core.context import Context
from ..core.conversion_rules import ConversionReport
from ..core.exact import EXACT, format_exact
from ..core.plan_rules import (
    CAPACITY_SHORT,
    PLAN_LIMITATIONS,
    PLAN_MESSAGES,
    BestPlan,
    PlanReason,
    Purchase,
    PurchasePlan,
    SingleSource,
)
from ..engine.pipeline import Pipeline, TraceEntry, make_pipeline
from ..engine.render import (
    EXIT_CODES,
    SCHEMA_VERSION,
    TOOL,
    TOOL_VERSION,
    render,
    render_internal_error,
)
from .conversion_sections import conversion_limitation, plan_conversions, render_balances

KIND: Final = "purchase-plan"
ERROR_STATUSES: Final = ("invalid_input", "internal_error")
NOT_PROVEN: Final = "plan_not_proven"

PLAN_PIPELINE: Final = make_pipeline(plan=True)
"""The default pipeline reading the plan request, with the plan stage appended."""


@attrs.frozen
class PlanDocument:
    """One purchase plan: the document, its exit code and the stage trace if asked for."""

    output: dict[str, Any]
    exit_code: int
    trace: tuple[TraceEntry, ...] = ()

    def to_json(self) -> bytes:
        """One compact UTF-8 JSON object and a newline, like the result."""
        text = json.dumps(self.output, ensure_ascii=False, separators=(",", ":"))
        return (text + "\n").encode("utf-8")


def _order(p: Purchase, quantity: int) -> dict[str, Any]:
    return {
        "packs": format_exact(p.packs),
        "deliveredQuantity": format_exact(p.delivered_quantity),
        "overbuyQuantity": format_exact(p.delivered_quantity - quantity),
        "packPrice": format_exact(p.pack_price),
        "goodsSubtotal": format_exact(p.goods_subtotal),
        "landedTotal": format_exact(p.landed_total),
    }


def _single(entry: SingleSource, quantity: int) -> dict[str, Any]:
    cheapest = entry.cheapest
    return {
        "supplierId": entry.supplier_id,
        "atNeed": _order(entry.at_need, quantity),
        "cheapest": None if cheapest is None else _order(cheapest, quantity),
        "saving": None
        if cheapest is None
        else format_exact(EXACT.subtract(entry.at_need.landed_total, cheapest.landed_total)),
        "reason": CAPACITY_SHORT if cheapest is None else None,
    }


def _line(p: Purchase) -> dict[str, Any]:
    return {
        "supplierId": p.supplier_id,
        "packs": format_exact(p.packs),
        "deliveredQuantity": format_exact(p.delivered_quantity),
        "packPrice": format_exact(p.pack_price),
        "goodsSubtotal": format_exact(p.goods_subtotal),
        "freight": format_exact(p.freight),
        "otherFees": format_exact(p.other_fees),
        "landedTotal": format_exact(p.landed_total),
    }


def _best(best: BestPlan, singles: tuple[SingleSource, ...], quantity: int) -> dict[str, Any]:
    # The single-source entries are sorted cheapest first: the first with a cheapest count.
    alone = next((s.cheapest for s in singles if s.cheapest is not None), None)
    return {
        "lines": [_line(line) for line in best.lines],
        "landedTotal": format_exact(best.landed_total),
        "deliveredQuantity": format_exact(best.delivered_quantity),
        "overbuyQuantity": format_exact(best.delivered_quantity - quantity),
        "suppliers": format_exact(len(best.lines)),
        "savingVsSingleSource": None
        if alone is None
        else format_exact(EXACT.subtract(alone.landed_total, best.landed_total)),
        "lowerBound": format_exact(best.lower_bound),
        "proven": best.proven,
    }


def render_reason(reason: PlanReason) -> dict[str, str]:
    """A reason with only the keys that apply, like a result limitation."""
    shown = {"code": reason.code, "message": PLAN_MESSAGES[reason.code]}
    if reason.supplier_id is not None:
        shown["supplierId"] = reason.supplier_id
    if reason.field is not None:
        shown["field"] = reason.field
    return shown


def document(
    status: str,
    plan: dict[str, Any] | None,
    reasons: list[Any],
    limitations: list[Any],
    report: ConversionReport | None,
) -> dict[str, Any]:
    """The root object, keys in the agreed order; a request with ``exchangeRates`` also gets
    ``conversions`` and ``unusedRates`` last (issue 27)."""
    shown = {
        "schemaVersion": SCHEMA_VERSION,
        "kind": KIND,
        "tool": TOOL,
        "toolVersion": TOOL_VERSION,
        "status": status,
        "plan": plan,
        "reasons": reasons,
        "limitations": limitations,
    }
    if report is not None and report.rates:
        shown.update(plan_conversions(report))
    return shown


def render_plan(ctx: Context) -> dict[str, Any]:
    """The document of a finished plan-pipeline run. Only a run that did not finish (an
    invalid request) needs the fixed result rendered, for its errors."""
    if ctx.status is None:
        output = render(ctx)
        return document(output["status"], None, list(output["limitations"]), [], None)
    found: PurchasePlan | None = ctx.plan
    assert found is not None and ctx.request is not None
    limitations = [
        {"code": code, "message": LIMITATION_MESSAGES[code]} for code in PLAN_LIMITATIONS
    ]
    reasons = [render_reason(reason) for reason in found.reasons]
    report = ctx.conversion
    if report is not None and report.converted:
        limitations[PLAN_LIMITATIONS.index("no_conversion")] = conversion_limitation()
    if not found.single_source and found.best is None:
        return document("partial", None, reasons, limitations, report)
    quantity: int = ctx.request.fields["quantity"] if found.need is None else found.need
    best = found.best
    if best is not None and not best.proven:
        limitations.append({"code": NOT_PROVEN, "message": PLAN_MESSAGES[NOT_PROVEN]})
    most = ctx.request.fields.get("maxSuppliers")
    shown = {
        "quantity": format_exact(quantity),
        "maxSuppliers": None if most is None else format_exact(most),
        "singleSource": [_single(entry, quantity) for entry in found.single_source],
        "best": None if best is None else _best(best, found.single_source, quantity),
    }
    if found.balances:
        shown["balances"] = render_balances(ctx.request.fields, found, quantity)
    status = "completed" if best is not None and best.proven else "partial"
    return document(status, shown, reasons, limitations, report)


def plan(raw: bytes, *, trace: bool = False, pipeline: Pipeline | None = None) -> PlanDocument:
    """The purchase plan of one plan request's bytes. Never raises: a bug becomes the
    ``internal_error`` document (exit 1) with nothing of the input in it."""
    chosen = PLAN_PIPELINE if pipeline is None else pipeline
    try:
        if trace:
            ctx, entries = chosen.run_traced(raw)
        else:
            ctx, entries = chosen.run(raw), ()
        shown = render_plan(ctx)
    except Exception:  # noqa: BLE001 - like calculate(): one JSON object, exit 1
        failed = render_internal_error()
        return PlanDocument(
            document("internal_error", None, list(failed["limitations"]), [], None),
            EXIT_CODES["internal_error"],
        )
    return PlanDocument(shown, EXIT_CODES[shown["status"]], entries)
