"""The event-award document (issue 26): ``award(raw) -> EventDocument``, ``--event``.

One JSON object (``docs/event.md``, schema ``docs/schema/event.schema.json``), keys in this
order: ``schemaVersion``, ``kind`` (``"event-award"``), ``tool``, ``toolVersion``, ``status``,
``award``, ``baselines``, ``reasons``, ``limitations``.

- ``invalid_input`` / ``internal_error`` as the fixed call's: ``award`` and ``baselines``
  ``null``, the errors (code, path, fixed message) in ``reasons``;
- ``completed`` when an award is given and its least landed total is proven (issue 38: even
  when the tie order among equally cheap awards is unsettled, with the limitation
  ``event_tie_order_unsettled``); ``partial`` otherwise (a blocking gate reason, no award
  covering every item, a refusal, or a search stopped before proving the least total, with
  ``event_not_proven`` among the limitations).

An award says what is proven apart (issue 38): ``costProven`` (the least landed total:
``lowerBound`` equals ``landedTotal``), ``tiesSettled`` (the tie order too) and ``proven``,
both, as it always meant.

The exit code is the fixed call's for that status. Nothing is computed here but the two
savings (a baseline's total minus the award's): money and counts are the award stage's exact
values written by :func:`quotecalc.core.exact.format_exact`.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.codes import LIMITATION_MESSAGES
from ..core.constraint_rules import ConstraintRule
from ..core.context import Context, Fields
from ..core.conversion_rules import ConversionReport
from ..core.event_rules import (
    EVENT_ERROR_MESSAGES,
    EVENT_LIMITATIONS,
    EVENT_MESSAGES,
    EVENT_ROOT_FIELDS,
    NOT_PROVEN,
    TIES_UNSETTLED,
    AwardFigures,
    Baseline,
    EventOutcome,
    EventReason,
)
from ..core.exact import EXACT, format_exact
from ..core.limits import MAX_EVENT_BYTES
from ..engine.pipeline import Pipeline
from ..engine.render import (
    SCHEMA_VERSION,
    TOOL,
    TOOL_VERSION,
    Document,
    Rendered,
    render_internal_error,
)
from ..engine.run import Runner
from ..stages.convert import EventConvertStage
from ..stages.event_award import EventAwardStage
from ..stages.event_gate import EventGateStage
from ..stages.event_validate import EVENT_CROSS_FIELD_RULES, EventValidate
from ..stages.parse import Parse
from .conversion_sections import conversion_limitation, plan_conversions
from .document import same_places

KIND: Final = "event-award"
ROOT_KEYS: Final = (
    "schemaVersion",
    "kind",
    "tool",
    "toolVersion",
    "status",
    "award",
    "baselines",
    "reasons",
    "limitations",
)


def event_pipeline(constraint_rules: tuple[ConstraintRule, ...]) -> Pipeline:
    """The event's pipeline: parse (its own limit), its own validation of the event rows,
    convert, gate, award. An event is no fixed request: it reads none of the constraint rows
    (``maxLeadDays`` is its own row, checked by the gate)."""
    validate = EventValidate(
        root_fields=EVENT_ROOT_FIELDS, cross_field_rules=EVENT_CROSS_FIELD_RULES
    )
    return Pipeline(
        (
            Parse(max_bytes=MAX_EVENT_BYTES),
            validate,
            EventConvertStage(),
            EventGateStage(),
            EventAwardStage(),
        )
    )


EventDocument = Document
"""One event award: the one document type of every kind (issue 34)."""


def document(
    status: str,
    award: dict[str, Any] | None,
    baselines: dict[str, Any] | None,
    reasons: list[Any],
    limitations: list[Any],
    *,
    report: ConversionReport | None = None,
    effort: str | None = None,
) -> dict[str, Any]:
    """The root object, keys in the agreed order (:data:`ROOT_KEYS`); an event with
    ``exchangeRates`` also gets ``conversions`` and ``unusedRates`` last (issue 27), one that
    states its ``effort`` that effort after ``status`` (issue 38: the search it was awarded
    with; without it, ``standard``, and the bytes of before)."""
    shown: dict[str, Any] = {
        "schemaVersion": SCHEMA_VERSION,
        "kind": KIND,
        "tool": TOOL,
        "toolVersion": TOOL_VERSION,
        "status": status,
        **({} if effort is None else {"effort": effort}),
        "award": award,
        "baselines": baselines,
        "reasons": reasons,
        "limitations": limitations,
    }
    if report is not None and report.rates:
        shown.update(plan_conversions(report))
    return shown


def render_reason(reason: EventReason) -> dict[str, str]:
    """A reason with only the keys that apply, like a result limitation."""
    shown = {"code": reason.code, "message": EVENT_MESSAGES[reason.code]}
    if reason.supplier_id is not None:
        shown["supplierId"] = reason.supplier_id
    if reason.item_id is not None:
        shown["itemId"] = reason.item_id
    if reason.field is not None:
        shown["field"] = reason.field
    return shown


def _figures(found: AwardFigures) -> dict[str, Any]:
    return {
        "lines": [
            {
                "supplierId": line.supplier_id,
                "itemId": line.item_id,
                "packs": format_exact(line.packs),
                "deliveredQuantity": format_exact(line.delivered_quantity),
                "packPrice": format_exact(line.pack_price),
                "goodsSubtotal": format_exact(line.goods_subtotal),
            }
            for line in found.lines
        ],
        "suppliers": [
            {
                "supplierId": s.supplier_id,
                "goodsSubtotal": format_exact(s.goods_subtotal),
                "discount": format_exact(s.discount),
                "freight": format_exact(s.freight),
                "otherFees": format_exact(s.other_fees),
                "landedTotal": format_exact(s.landed_total),
            }
            for s in found.suppliers
        ],
        "items": [
            {
                "itemId": item.item_id,
                "quantity": format_exact(item.quantity),
                "deliveredQuantity": format_exact(item.delivered_quantity),
                "overbuyQuantity": format_exact(item.delivered_quantity - item.quantity),
                "suppliers": list(item.suppliers),
            }
            for item in found.items
        ],
        "landedTotal": format_exact(found.landed_total),
        "deliveredQuantity": format_exact(found.delivered_quantity),
        "suppliersAwarded": format_exact(len(found.suppliers)),
    }


def proof(found: AwardFigures) -> dict[str, bool]:
    """What is proven of an award (issue 38): ``proven`` (the least by the whole order, as it
    always meant), ``costProven`` (the least landed total) and ``tiesSettled`` (the tie
    order among equally cheap awards)."""
    return {
        "proven": found.proven,
        "costProven": found.cost_proven,
        "tiesSettled": found.ties_settled,
    }


def render_award(found: AwardFigures) -> dict[str, Any]:
    """The award object: its figures, then ``lowerBound`` and what is proven (:func:`proof`);
    ``landedTotal`` and
    ``lowerBound`` share their places (zeros appended to the shorter, never a digit changed:
    :func:`.document.same_places`, the plan document's rule), so an unproven award's bound
    ``1130`` reads ``1130.00`` beside ``1260.00``."""
    total, bound = same_places(found.landed_total, found.lower_bound)
    return {
        **_figures(found),
        "landedTotal": total,
        "lowerBound": bound,
        **proof(found),
    }


def render_baseline(entry: Baseline, award: AwardFigures | None) -> dict[str, Any]:
    """A baseline: its award's figures (or ``null`` and the reason code) and the saving of
    the award against it (``null`` without both)."""
    found = entry.figures
    saving = (
        None
        if found is None or award is None
        else format_exact(EXACT.subtract(found.landed_total, award.landed_total))
    )
    shown: dict[str, Any] = {"award": None if found is None else _figures(found)}
    if entry.name == "singleSupplier":
        if found is None:
            shown.update(dict.fromkeys(("proven", "costProven", "tiesSettled")))
        else:
            shown.update(proof(found))
    shown["saving"] = saving
    shown["reason"] = entry.reason
    return shown


def render_event(ctx: Context) -> dict[str, Any]:
    """The document of a finished event-pipeline run."""
    if ctx.award is None:
        errors = [
            {"code": e.code, "path": e.path, "message": EVENT_ERROR_MESSAGES[e.code]}
            for e in ctx.errors
        ]
        return document("invalid_input", None, None, errors, [])
    outcome = ctx.award
    limitations = [
        {"code": code, "message": LIMITATION_MESSAGES[code]} for code in EVENT_LIMITATIONS
    ]
    report = ctx.conversion
    if report is not None and report.converted:
        limitations[EVENT_LIMITATIONS.index("no_conversion")] = conversion_limitation()
    award = outcome.award
    if award is not None and not award.proven:
        code = TIES_UNSETTLED if award.cost_proven else NOT_PROVEN
        limitations.append({"code": code, "message": EVENT_MESSAGES[code]})
    reasons = [render_reason(r) for r in (*outcome.gate.reasons, *outcome.reasons)]
    baselines = (
        {entry.name: render_baseline(entry, award) for entry in outcome.baselines}
        if outcome.baselines
        else None
    )
    status = "completed" if award is not None and award.cost_proven else "partial"
    shown = None if award is None else render_award(award)
    assert ctx.event is not None
    effort = ctx.event.fields.get("effort")
    found = document(status, shown, baselines, reasons, limitations, report=report, effort=effort)
    if "balances" in ctx.event.fields:
        found["balances"] = render_event_balances(ctx.event.fields, outcome)
    return found


def render_event_balances(fields: Fields, outcome: EventOutcome) -> dict[str, Any]:
    """An event's prepaid balances (issue 27): ``asOf`` and each balance's fate, in request
    order; their units are taken off the items' needs before the award (``award.items``
    show what is left to buy)."""
    as_of = fields.get("asOf")
    return {
        "asOf": None if as_of is None else as_of.isoformat(),
        "balances": [
            {
                "supplierId": entry.supplier_id,
                "itemId": entry.item_id,
                "units": format_exact(entry.units),
                "expiresAt": entry.expires_at.isoformat(),
                "status": entry.status,
                "unitsUsed": format_exact(entry.units_used),
            }
            for entry in outcome.balances
        ],
    }


def rendered(ctx: Context) -> Rendered:
    """The event row's renderer."""
    return render_event(ctx), None


def internal_error() -> Rendered:
    """The event row's ``internal_error`` document."""
    failed = render_internal_error()
    return document("internal_error", None, None, list(failed["limitations"]), []), None


RUNNER: Final = Runner(KIND, event_pipeline, rendered, internal_error)
"""How an event is awarded (the event row of ``quotecalc.kinds``)."""
EVENT_PIPELINE: Final = RUNNER.pipeline()
"""The event's pipeline: parse, validate, convert, gate, award."""


def award(raw: bytes, *, trace: bool = False, pipeline: Pipeline | None = None) -> Document:
    """The award of one event request's bytes (:data:`RUNNER`). Never raises."""
    return RUNNER.run(raw, trace=trace, pipeline=pipeline)
