"""The purchase-plan document (issue 20): ``plan(raw) -> PlanDocument``, ``--plan``.

One JSON object (``docs/plan.md``, schema ``docs/schema/plan.schema.json``), keys in this
order: ``schemaVersion``, ``kind`` (``"purchase-plan"``), ``tool``, ``toolVersion``, ``status``,
``plan``, ``reasons``, ``limitations``. ``status`` is ``invalid_input`` or ``internal_error`` as
the fixed call's (the reasons are then its errors), else ``completed`` when a best plan is given
and its least landed total proven (issue 38: the tie order among equally cheap plans may be
unsettled, with the limitation ``plan_tie_order_unsettled``), ``partial`` otherwise; the exit
code is the fixed call's for that status. ``plan``
is ``null`` when the gate found reasons. Nothing is computed here: money and counts are the
plan stage's exact values written by :func:`quotecalc.core.exact.format_exact`, the fixed
result's own formatting.

The figures a buyer reads beside the plan (issue 25) are written here, once, so that the text
and HTML plans (``quotecalc.output.plan_text``, ``plan_html``) only read them:

- ``costPerDeliveredUnit`` of every order, line and plan: ``landedTotal / deliveredQuantity``,
  the cost stage's ratio, rounded once to 6 places like the fixed result's;
- ``leadDays`` of every line and single source (the quote's, ``null`` when omitted) and of the
  plan: the slowest line's (a split arrives when its slowest line does), ``null`` when a
  line's is unknown;
- ``breaks`` of every line of the plan: each of the quote's price breaks, ``reached`` when the
  units bought reach its ``minimumQuantity``, else ``shortBy`` the units missing; ``applies``
  on the highest reached (the one that sets the pack price). An order of a single source
  (a hundred of them, two orders each) carries the two of those facts that decide it, in a
  few bytes: ``breakApplied`` (the applying break's ``minimumQuantity``) and ``nextBreak``
  (the lowest break not reached, with its ``shortBy``);
- ``deliverable`` of an order: its packs are within the quote's ``capacityPacks`` (an
  ``atNeed`` beyond it is not a price anyone can buy at), with ``capacityPacks`` and
  ``capacityQuantity`` (the most units the supplier delivers) on the single-source entry;
- ``currency``, ``specification`` and ``bestSingleSource`` (the supplierId of the cheapest
  single source that covers the need alone, ``null`` when none does) on the plan;
- ``lowerBound`` and ``landedTotal`` written with the same number of decimal places (the
  shorter one padded with zeros; the values are unchanged);
- what is proven of the best plan, apart (issue 38): ``proven`` (the least by the whole order,
  as it always meant), ``costProven`` (the least landed total) and ``tiesSettled`` (the tie
  order among equally cheap plans).
"""

from __future__ import annotations

from bisect import bisect_right
from decimal import Decimal
from typing import Any, Final

from ..core.codes import LIMITATION_MESSAGES
from ..core.constraint_rules import ConstraintRule
from ..core.context import Context, Fields
from ..core.conversion_rules import BALANCE_ROOT_FIELDS, RATE_ROOT_FIELDS, ConversionReport
from ..core.exact import EXACT, Ratio, format_exact, format_ratio
from ..core.plan_rules import (
    CAPACITY_SHORT,
    PLAN_LIMITATIONS,
    PLAN_MESSAGES,
    PLAN_QUOTE_FIELDS,
    PLAN_ROOT_FIELDS,
    BestPlan,
    PlanReason,
    Purchase,
    PurchasePlan,
    SingleSource,
)
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
from ..stages.convert import ConvertStage, check_balance_suppliers, check_rate_pairs
from ..stages.plan import PlanStage, check_breaks_increasing
from .conversion_sections import conversion_limitation, plan_conversions, render_balances

KIND: Final = "purchase-plan"
ERROR_STATUSES: Final = ("invalid_input", "internal_error")
NOT_PROVEN: Final = "plan_not_proven"
TIES_UNSETTLED: Final = "plan_tie_order_unsettled"


def plan_pipeline(constraint_rules: tuple[ConstraintRule, ...]) -> Pipeline:
    """The plan's pipeline: the comparison's reading the plan request (the rates, balances and
    plan rows; a quote's price breaks and capacity), conversions after validation, and the
    plan stage appended."""
    reading = reading_the_request(
        constraint_rules,
        root_rows=(*RATE_ROOT_FIELDS, *BALANCE_ROOT_FIELDS, *PLAN_ROOT_FIELDS),
        quote_rows=PLAN_QUOTE_FIELDS,
        cross_field_rules=(check_rate_pairs, check_balance_suppliers, check_breaks_increasing),
    )
    compared = compared_stages(constraint_rules)
    return Pipeline((*reading, ConvertStage(), *compared, PlanStage()))


PlanDocument = Document
"""One purchase plan: the one document type of every kind (issue 34)."""


def _per_unit(p: Purchase) -> str:
    """The cost stage's ``costPerDeliveredUnit`` of one order: 6 places, half-up, once."""
    return format_ratio(Ratio.of(p.landed_total, p.delivered_quantity))


def _count(value: int) -> str:
    """An integer as :func:`format_exact` writes it (``str``), without its per-call column
    machinery: a hundred single sources write several counts each."""
    return str(value)


def _lead(quote: Fields) -> str | None:
    days = quote.get("leadDays")
    return None if days is None else _count(days)


def _breaks(quote: Fields, delivered: int) -> list[dict[str, Any]]:
    """Each price break of the quote against ``delivered`` units (all-units: the highest
    break reached sets every pack's price)."""
    breaks = quote.get("priceBreaks") or ()
    reached = [delivered >= entry["minimumQuantity"] for entry in breaks]
    highest = max((i for i, hit in enumerate(reached) if hit), default=None)
    return [
        {
            "minimumQuantity": format_exact(entry["minimumQuantity"]),
            "packPrice": format_exact(entry["packPrice"]),
            "reached": hit,
            "shortBy": None if hit else format_exact(entry["minimumQuantity"] - delivered),
            "applies": index == highest,
        }
        for index, (entry, hit) in enumerate(zip(breaks, reached, strict=True))
    ]


def _break_position(
    quote: Fields, minimums: list[int], delivered: int
) -> tuple[int | None, dict[str, Any] | None]:
    """The break that applies (its ``minimumQuantity``, ``None`` below the first) and the next
    one with the units it is short by (``None`` above the last): the two facts an order
    needs, in a few bytes for each of a hundred single sources. ``minimums`` are the quote's
    breaks' ``minimumQuantity`` values, in order."""
    if not minimums:
        return None, None
    breaks = quote["priceBreaks"]
    reached = bisect_right(minimums, delivered)
    applied = breaks[reached - 1]["minimumQuantity"] if reached else None
    if reached == len(breaks):
        return applied, None
    following = breaks[reached]
    return applied, {
        "minimumQuantity": _count(following["minimumQuantity"]),
        "packPrice": format_exact(following["packPrice"]),
        "shortBy": _count(following["minimumQuantity"] - delivered),
    }


def _order(p: Purchase, quantity: int, quote: Fields, minimums: list[int]) -> dict[str, Any]:
    capacity = quote.get("capacityPacks")
    applied, following = _break_position(quote, minimums, p.delivered_quantity)
    return {
        "packs": format_exact(p.packs),
        "deliveredQuantity": format_exact(p.delivered_quantity),
        "overbuyQuantity": format_exact(p.delivered_quantity - quantity),
        "packPrice": format_exact(p.pack_price),
        "goodsSubtotal": format_exact(p.goods_subtotal),
        "landedTotal": format_exact(p.landed_total),
        "costPerDeliveredUnit": _per_unit(p),
        "deliverable": capacity is None or p.packs <= capacity,
        "breakApplied": None if applied is None else _count(applied),
        "nextBreak": following,
    }


def _single(entry: SingleSource, quantity: int, quote: Fields) -> dict[str, Any]:
    cheapest = entry.cheapest
    capacity = quote.get("capacityPacks")
    minimums = [b["minimumQuantity"] for b in quote.get("priceBreaks") or ()]
    at_need = _order(entry.at_need, quantity, quote, minimums)
    if cheapest is None:
        least = None
    elif cheapest is entry.at_need:
        least = dict(at_need)  # the plan stage's one order: written once, the same text
    else:
        least = _order(cheapest, quantity, quote, minimums)
    return {
        "supplierId": entry.supplier_id,
        "atNeed": at_need,
        "cheapest": least,
        "saving": None
        if cheapest is None
        else format_exact(EXACT.subtract(entry.at_need.landed_total, cheapest.landed_total)),
        "reason": CAPACITY_SHORT if cheapest is None else None,
        "leadDays": _lead(quote),
        "capacityPacks": None if capacity is None else _count(capacity),
        "capacityQuantity": None if capacity is None else _count(capacity * quote["packSize"]),
    }


def _line(p: Purchase, quote: Fields) -> dict[str, Any]:
    return {
        "supplierId": p.supplier_id,
        "packs": format_exact(p.packs),
        "deliveredQuantity": format_exact(p.delivered_quantity),
        "packPrice": format_exact(p.pack_price),
        "goodsSubtotal": format_exact(p.goods_subtotal),
        "freight": format_exact(p.freight),
        "otherFees": format_exact(p.other_fees),
        "landedTotal": format_exact(p.landed_total),
        "costPerDeliveredUnit": _per_unit(p),
        "leadDays": _lead(quote),
        "breaks": _breaks(quote, p.delivered_quantity),
    }


def same_places(first: Decimal, second: Decimal) -> tuple[str, str]:
    """Both values written with the same number of decimal places (the more of the two):
    zeros appended, never a digit changed."""
    exponent = min(first.as_tuple().exponent, second.as_tuple().exponent, 0)
    assert isinstance(exponent, int)
    quantum = Decimal(1).scaleb(exponent)
    return (
        format_exact(first.quantize(quantum, context=EXACT)),
        format_exact(second.quantize(quantum, context=EXACT)),
    )


def _slowest(lines: list[dict[str, Any]]) -> str | None:
    days: list[str | None] = [line["leadDays"] for line in lines]
    known = [int(day) for day in days if day is not None]
    if not known or len(known) < len(days):
        return None
    return format_exact(max(known))


def _best(
    best: BestPlan, singles: tuple[SingleSource, ...], quantity: int, quotes: dict[str, Fields]
) -> dict[str, Any]:
    # The single-source entries are sorted cheapest first: the first with a cheapest count.
    alone = next((s.cheapest for s in singles if s.cheapest is not None), None)
    total, bound = same_places(best.landed_total, best.lower_bound)
    lines = [_line(line, quotes[line.supplier_id]) for line in best.lines]
    return {
        "lines": lines,
        "landedTotal": total,
        "deliveredQuantity": format_exact(best.delivered_quantity),
        "overbuyQuantity": format_exact(best.delivered_quantity - quantity),
        "suppliers": format_exact(len(best.lines)),
        "savingVsSingleSource": None
        if alone is None
        else format_exact(EXACT.subtract(alone.landed_total, best.landed_total)),
        "lowerBound": bound,
        "proven": best.proven,
        "costProven": best.cost_proven,
        "tiesSettled": best.ties_settled,
        # Nothing delivered (balances cover the whole need, issue 27): no cost per unit.
        "costPerDeliveredUnit": format_ratio(Ratio.of(best.landed_total, best.delivered_quantity))
        if best.delivered_quantity
        else None,
        "leadDays": _slowest(lines),
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
    *,
    effort: str | None = None,
) -> dict[str, Any]:
    """The root object, keys in the agreed order; a request with ``exchangeRates`` also gets
    ``conversions`` and ``unusedRates`` last (issue 27), one that states its ``effort`` that
    effort after ``status`` (issue 38: the search it was planned with; without it,
    ``standard``, and the bytes of before)."""
    shown: dict[str, Any] = {
        "schemaVersion": SCHEMA_VERSION,
        "kind": KIND,
        "tool": TOOL,
        "toolVersion": TOOL_VERSION,
        "status": status,
        **({} if effort is None else {"effort": effort}),
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
    effort = ctx.request.fields.get("effort")
    limitations = [
        {"code": code, "message": LIMITATION_MESSAGES[code]} for code in PLAN_LIMITATIONS
    ]
    reasons = [render_reason(reason) for reason in found.reasons]
    report = ctx.conversion
    if report is not None and report.converted:
        limitations[PLAN_LIMITATIONS.index("no_conversion")] = conversion_limitation()
    if not found.single_source and found.best is None:
        return document("partial", None, reasons, limitations, report, effort=effort)
    quantity: int = ctx.request.fields["quantity"] if found.need is None else found.need
    best = found.best
    if best is not None and not best.proven:
        code = TIES_UNSETTLED if best.cost_proven else NOT_PROVEN
        limitations.append({"code": code, "message": PLAN_MESSAGES[code]})
    most = ctx.request.fields.get("maxSuppliers")
    quotes = {quote["supplierId"]: quote for quote in ctx.request.quotes}
    covering = next((s.supplier_id for s in found.single_source if s.cheapest is not None), None)
    shown = {
        "quantity": format_exact(quantity),
        "maxSuppliers": None if most is None else format_exact(most),
        "singleSource": [
            _single(entry, quantity, quotes[entry.supplier_id]) for entry in found.single_source
        ],
        "best": None if best is None else _best(best, found.single_source, quantity, quotes),
        "currency": ctx.request.fields["currency"],
        "specification": ctx.request.fields["specification"],
        "bestSingleSource": covering,
    }
    if found.balances:
        shown["balances"] = render_balances(ctx.request.fields, found, quantity)
    status = "completed" if best is not None and best.cost_proven else "partial"
    return document(status, shown, reasons, limitations, report, effort=effort)


def rendered(ctx: Context) -> Rendered:
    """The plan row's renderer."""
    return render_plan(ctx), None


def internal_error() -> Rendered:
    """The plan row's ``internal_error`` document."""
    failed = render_internal_error()
    return document("internal_error", None, list(failed["limitations"]), [], None), None


RUNNER: Final = Runner(KIND, plan_pipeline, rendered, internal_error)
"""How a purchase plan is answered (the plan row of ``quotecalc.kinds``)."""
PLAN_PIPELINE: Final = RUNNER.pipeline()
"""The plan's pipeline with the contract's constraint rows."""


def plan(raw: bytes, *, trace: bool = False, pipeline: Pipeline | None = None) -> Document:
    """The purchase plan of one plan request's bytes (:data:`RUNNER`). Never raises."""
    return RUNNER.run(raw, trace=trace, pipeline=pipeline)
