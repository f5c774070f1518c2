"""The purchase plan's workbook (issue 35): the answer (the plan page's own sentences,
:func:`quotecalc.output.plan_view.plan_view`), the best plan's figures and lines, each
single supplier (the baselines), and the limitations, all read from the plan document
(``docs/plan.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..output.plan_view import WORDS as PLAN_WORDS
from ..output.plan_view import plan_view
from .comparison import errors_sheet, limitations_sheet, summary_sheet
from .model import MONEY_FIELDS, Cell, Sheet, Workbook, amount, figure, table
from .words import say, yes_no

LINE_COLUMNS = (
    ("col.supplier", "supplierId"),
    ("col.packs", "packs"),
    ("col.delivered", "deliveredQuantity"),
    ("col.pack_price", "packPrice"),
    ("col.goods_subtotal", "goodsSubtotal"),
    ("col.freight", "freight"),
    ("col.other_fees", "otherFees"),
    ("col.landed", "landedTotal"),
    ("col.per_unit", "costPerDeliveredUnit"),
    ("col.lead", "leadDays"),
)
BEST_FIGURES = (
    ("col.landed", "landedTotal"),
    ("col.delivered", "deliveredQuantity"),
    ("col.overbuy", "overbuyQuantity"),
    ("col.per_unit", "costPerDeliveredUnit"),
    ("fig.suppliers", "suppliers"),
    ("col.lead", "leadDays"),
    ("fig.saving_single", "savingVsSingleSource"),
    ("fig.lower_bound", "lowerBound"),
)


def _figures(lang: str, plan: Mapping[str, Any], best: Mapping[str, Any]) -> Sheet:
    """The best plan's figures (label, value), on the summary sheet's right: one per line."""
    rows: list[tuple[Cell, ...]] = [(say(lang, "col.currency"), str(plan.get("currency") or "-"))]
    rows.extend(
        (say(lang, key), _figure(field, best, _currency(plan))) for key, field in BEST_FIGURES
    )
    rows.append((say(lang, "fig.cost_proven"), yes_no(lang, best.get("costProven"))))
    rows.append((say(lang, "fig.ties_settled"), yes_no(lang, best.get("tiesSettled"))))
    header = (say(lang, "col.figure"), say(lang, "value"))
    return Sheet("", (), header, tuple(rows))


def _currency(plan: Mapping[str, Any]) -> str | None:
    currency = plan.get("currency")
    return None if currency is None else str(currency)


def _figure(field: str, entry: Mapping[str, Any], currency: str | None) -> Cell:
    """A figure of the plan: money in the one money format of the plan's currency."""
    if field in MONEY_FIELDS:
        return amount(entry.get(field), currency)
    return figure(entry.get(field))


def _lines(lang: str, best: Mapping[str, Any], currency: str | None) -> Sheet:
    header = tuple(say(lang, key) for key, _ in LINE_COLUMNS)
    rows = [
        [str(line[f]) if f == "supplierId" else _figure(f, line, currency) for _, f in LINE_COLUMNS]
        for line in best.get("lines") or ()
    ]
    return Sheet(say(lang, "sheet.plan"), (), header, table(rows))


def _single(lang: str, plan: Mapping[str, Any]) -> Sheet:
    keys = (
        "col.supplier",
        "col.lead",
        "col.need_packs",
        "col.need_delivered",
        "col.need_landed",
        "col.cheapest_packs",
        "col.cheapest_delivered",
        "col.cheapest_landed",
        "col.cheapest_per_unit",
        "col.saving",
        "col.reason",
    )
    currency = _currency(plan)
    rows = []
    for entry in plan.get("singleSource") or ():
        at_need = entry.get("atNeed") or {}
        cheapest = entry.get("cheapest") or {}
        reason = str(entry.get("reason") or "")
        if at_need and not at_need.get("deliverable", True):
            # Not a price anyone can buy at (as the plan page says): what it can deliver.
            reason = PLAN_WORDS[lang]["cannot_deliver"].format(
                units=entry.get("capacityQuantity") or "-",
                packs=entry.get("capacityPacks") or "-",
            )
            at_need = {}
        rows.append(
            (
                str(entry["supplierId"]),
                figure(entry.get("leadDays")),
                figure(at_need.get("packs")),
                figure(at_need.get("deliveredQuantity")),
                amount(at_need.get("landedTotal"), currency),
                figure(cheapest.get("packs")),
                figure(cheapest.get("deliveredQuantity")),
                amount(cheapest.get("landedTotal"), currency),
                amount(cheapest.get("costPerDeliveredUnit"), currency),
                amount(entry.get("saving"), currency),
                reason,
            )
        )
    header = tuple(say(lang, key) for key in keys)
    return Sheet(say(lang, "sheet.single"), (), header, table(rows))


def plan_workbook(document: Mapping[str, Any], lang: str, raw: bytes | None = None) -> Workbook:
    """The workbook of one purchase-plan document (``PlanDocument.output``)."""
    view = plan_view(document, lang, raw)
    status = str(document["status"])
    summary = summary_sheet(lang, list(view.answer), status)
    reasons: Sequence[Mapping[str, Any]] = document.get("reasons") or []
    if status in ("invalid_input", "internal_error"):
        shown = next((part for part in view.sections if part.key == "errors"), None)
        rows = () if shown is None or shown.table is None else shown.table.rows
        places = [row[0] for row in rows] if len(rows) == len(reasons) else None
        return Workbook(view.title, (summary, errors_sheet(lang, reasons, places)))
    plan = document.get("plan")
    sheets = [summary]
    if plan is not None and plan.get("best") is not None:
        figures = _figures(lang, plan, plan["best"])
        sheets[0] = summary._replace(header=figures.header, rows=figures.rows)
        sheets.append(_lines(lang, plan["best"], _currency(plan)))
    if plan is not None:
        sheets.append(_single(lang, plan))
    sheets.append(limitations_sheet(lang, [*reasons, *(document.get("limitations") or [])]))
    return Workbook(view.title, tuple(sheets))
