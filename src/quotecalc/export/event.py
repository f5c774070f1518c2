"""The sourcing event's workbook (issue 35): the answer (the event report's own sentence,
:func:`quotecalc.output.event_report.answer_parts`) with the award's figures, the award
lines, the suppliers awarded, the items, the baselines, and the reasons and limitations,
all read from the event-award document (``docs/event.md``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..output.cells import clean
from ..output.event_report import (
    BASELINE_WORDS,
    BASELINES,
    answer_parts,
    error_place,
    limitation_in_words,
    reason_in_words,
)
from ..output.event_report import WORDS as EVENT_WORDS
from ..output.event_report.figures import Money
from ..output.event_report.limits import alone_reasons, split_reasons
from ..output.event_report.request import specifications
from .comparison import errors_sheet, limitations_sheet, summary_sheet
from .model import MONEY_FIELDS, Cell, Sheet, Workbook, amount, figure, table
from .words import say, yes_no

LINE_COLUMNS = (
    ("col.item", "itemId"),
    ("col.supplier", "supplierId"),
    ("col.packs", "packs"),
    ("col.delivered", "deliveredQuantity"),
    ("col.pack_price", "packPrice"),
    ("col.goods_subtotal", "goodsSubtotal"),
)
SUPPLIER_COLUMNS = (
    ("col.supplier", "supplierId"),
    ("col.goods_subtotal", "goodsSubtotal"),
    ("col.discount", "discount"),
    ("col.freight", "freight"),
    ("col.other_fees", "otherFees"),
    ("col.landed", "landedTotal"),
)
ITEM_COLUMNS = (
    ("col.item", "itemId"),
    ("col.need", "quantity"),
    ("col.delivered", "deliveredQuantity"),
    ("col.overbuy", "overbuyQuantity"),
)
TEXT_FIELDS = frozenset({"itemId", "supplierId"})


def _cell(field: str, entry: Mapping[str, Any], currency: str | None) -> Cell:
    if field in TEXT_FIELDS:
        return str(entry[field])
    if field in MONEY_FIELDS:
        return amount(entry.get(field), currency)
    return figure(entry.get(field))


def _rows(
    lang: str,
    columns: Sequence[tuple[str, str]],
    entries: Sequence[Mapping[str, Any]],
    currency: str | None,
) -> tuple[tuple[str, ...], tuple[tuple[Cell, ...], ...]]:
    header = tuple(say(lang, key) for key, _ in columns)
    rows = [[_cell(f, entry, currency) for _, f in columns] for entry in entries]
    return header, table(rows)


def _figures(lang: str, currency: str | None, award: Mapping[str, Any]) -> Sheet:
    rows: list[tuple[Cell, ...]] = [
        (say(lang, "col.currency"), currency or "-"),
        (say(lang, "col.landed"), amount(award.get("landedTotal"), currency)),
        (say(lang, "col.delivered"), figure(award.get("deliveredQuantity"))),
        (say(lang, "fig.suppliers"), figure(award.get("suppliersAwarded"))),
        (say(lang, "fig.lower_bound"), amount(award.get("lowerBound"), currency)),
        (say(lang, "fig.cost_proven"), yes_no(lang, award.get("costProven"))),
        (say(lang, "fig.ties_settled"), yes_no(lang, award.get("tiesSettled"))),
    ]
    return Sheet("", (), (say(lang, "col.figure"), say(lang, "value")), tuple(rows))


def _with_specification(
    lang: str,
    header: tuple[str, ...],
    rows: tuple[tuple[Cell, ...], ...],
    request: Any,
) -> tuple[tuple[str, ...], tuple[tuple[Cell, ...], ...]]:
    """The item's specification beside its id (column 0), as the page shows it."""
    specs = specifications(request)
    if not specs:
        return header, rows
    shown = (header[0], EVENT_WORDS[lang]["col.specification"], *header[1:])
    return shown, tuple((row[0], specs.get(str(row[0]), "-"), *row[1:]) for row in rows)


def _reason(lang: str, reason: Any) -> str:
    """Why a baseline has no award, in the event report's words (its code when they have none)."""
    if not reason:
        return ""
    return str(EVENT_WORDS[lang].get(str(reason), reason))


def _baselines(lang: str, document: Mapping[str, Any], currency: str | None, request: Any) -> Sheet:
    """The baselines, with why the best single supplier has none (when it has none)."""
    baselines = document["baselines"]
    keys = ("col.baseline", "col.landed", "col.award_saves", "col.suppliers", "col.reason")
    rows = []
    for name in BASELINES:
        entry = baselines.get(name) or {}
        shown = entry.get("award") or {}
        suppliers = ", ".join(str(s["supplierId"]) for s in shown.get("suppliers") or ())
        rows.append(
            (
                say(lang, BASELINE_WORDS[name]),
                amount(shown.get("landedTotal"), currency),
                amount(entry.get("saving"), currency),
                suppliers,
                _reason(lang, entry.get("reason")),
            )
        )
    lines = tuple((text,) for text in alone_reasons(document, request, lang))
    return Sheet(say(lang, "baselines"), lines, tuple(say(lang, k) for k in keys), table(rows))


def event_workbook(
    document: Mapping[str, Any], currency: str | None, lang: str, request: Any = None
) -> Workbook:
    """The workbook of one event-award document (``currency``: the request's, for words;
    ``request``: the request read as JSON, so that reasons name lead days as the page does).
    Reasons and limitations are in the workbook's language: the event page's own words."""
    # the page's and the text report's two sentences: the award, then the baselines
    sentence, compared = answer_parts(document, currency, lang, clean)
    status = str(document["status"])
    summary = summary_sheet(lang, [sentence] if compared is None else [sentence, compared], status)
    reasons: Sequence[Mapping[str, Any]] = document.get("reasons") or []
    if status in ("invalid_input", "internal_error"):
        places = [error_place(error, request, lang) for error in reasons]
        return Workbook(sentence, (summary, errors_sheet(lang, reasons, places)))
    award = document.get("award")
    sheets = [summary]
    if award is not None:
        figures = _figures(lang, currency, award)
        sheets[0] = summary._replace(header=figures.header, rows=figures.rows)
        for key, columns, entries in (
            ("award_lines", LINE_COLUMNS, award["lines"]),
            ("col.suppliers", SUPPLIER_COLUMNS, award["suppliers"]),
            ("items", ITEM_COLUMNS, award["items"]),
        ):
            header, rows = _rows(lang, columns, entries, currency)
            lines: tuple[tuple[Cell, ...], ...] = ()
            if key == "items":
                header = (*header, say(lang, "col.suppliers"))
                rows = tuple(
                    (*row, ", ".join(str(s) for s in item["suppliers"]))
                    for row, item in zip(rows, entries, strict=True)
                )
                money = Money(currency)
                lines = tuple((text,) for text in split_reasons(award, request, lang, money))
            if key != "col.suppliers":
                header, rows = _with_specification(lang, header, rows, request)
            sheets.append(Sheet(say(lang, key), lines, header, rows))
    if document.get("baselines"):
        sheets.append(_baselines(lang, document, currency, request))

    def words(item: Mapping[str, Any]) -> str:
        if any(item is reason for reason in reasons):
            return reason_in_words(item, request, lang)
        return limitation_in_words(item, lang)

    shown = [*reasons, *(document.get("limitations") or [])]
    sheets.append(limitations_sheet(lang, shown, words=words))
    return Workbook(sentence, tuple(sheets))
