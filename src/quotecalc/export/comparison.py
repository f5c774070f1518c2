"""The comparison's workbook (issue 35): the answer, the quotes, the ranking, the hard
constraints and the limitations of one result (``Result.output``, CONTRACT §3), and, for a
converted comparison (issue 27), the conversions.

The answer's sentences are the reports' own (:func:`quotecalc.output.answer.answer`, with the
weight analysis' robustness when given); every figure is the result's decimal string.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..output.answer import answer, render_plain
from ..output.cells import clean
from ..output.fieldnames import error_places
from ..output.wording import CONSTRAINT_STATUS_TEXT
from .model import MONEY_FIELDS, Cell, Sheet, Workbook, amount, figure, table
from .words import field_in_words, limitation_words, say, status_words, yes_no

QUOTE_COLUMNS = (
    ("col.supplier", "supplierId"),
    ("col.comparable", "comparable"),
    ("col.currency", "currency"),
    ("col.pack_size", "packSize"),
    ("col.minimum_packs", "minimumPacks"),
    ("col.pack_price", "packPrice"),
    ("col.packs", "packsPurchased"),
    ("col.delivered", "deliveredQuantity"),
    ("col.overbuy", "overbuyQuantity"),
    ("col.goods_subtotal", "goodsSubtotal"),
    ("col.freight", "freight"),
    ("col.other_fees", "otherFees"),
    ("col.landed", "landedTotal"),
    ("col.per_unit", "costPerDeliveredUnit"),
    ("col.unit_price", "unitQuotePrice"),
    ("col.lead", "leadDays"),
    ("col.quality_score", "qualityScore"),
    ("col.constraint_status", "constraintStatus"),
)
TEXT_FIELDS = frozenset({"supplierId", "currency"})


def summary_sheet(lang: str, sentences: Sequence[str], status: str) -> Sheet:
    """The answer first: its sentences, then the status and what the workbook's numbers are."""
    lines: list[tuple[Cell, ...]] = [(sentence,) for sentence in sentences]
    lines.extend(
        [
            (),
            (say(lang, "status") + say(lang, "colon") + status_words(lang, status),),
            (say(lang, "exact_note"),),
        ]
    )
    return Sheet(say(lang, "sheet.summary"), tuple(lines))


def limitations_sheet(
    lang: str,
    limitations: Sequence[Mapping[str, Any]],
    title: str = "limitations",
    words: Callable[[Mapping[str, Any]], str] | None = None,
) -> Sheet:
    """Each limitation (or reason) in words (``words``, else the comparison's words for its
    code), with whom and which field it is about (in words). No code column: a code with
    words is not shown after them (issue 40, item 7); the JSON keeps every code."""
    header = tuple(say(lang, key) for key in ("col.meaning", "col.about", "col.field"))
    rows = [
        (
            limitation_words(lang, item) if words is None else words(item),
            str(item.get("supplierId") or item.get("itemId") or ""),
            field_in_words(lang, item.get("field"), item.get("supplierId") is not None),
        )
        for item in limitations
    ]
    return Sheet(say(lang, title), (), header, table(rows))


def errors_sheet(
    lang: str, errors: Sequence[Mapping[str, Any]], places: Sequence[str] | None = None
) -> Sheet:
    """An invalid request's errors: where each is in words (``places``, one per error, from a
    request kind's own reader; else the comparison request's fields in words,
    :func:`quotecalc.output.fieldnames.error_places`) and what it means. No JSON path and no
    code (issue 40, item 7)."""
    if places is None:
        join = say(lang, "join")
        places = [
            join.join(error_places(lang, error, None, words=str, ids=str, code=str))
            for error in errors
        ]
    header = tuple(say(lang, key) for key in ("col.where", "col.meaning"))
    rows = [
        (where, limitation_words(lang, error)) for where, error in zip(places, errors, strict=True)
    ]
    return Sheet(say(lang, "errors"), (), header, table(rows))


def _quote_cell(lang: str, field: str, quote: Mapping[str, Any]) -> Cell:
    value = quote.get(field)
    if field in TEXT_FIELDS:
        return "-" if value is None else str(value)
    if field == "comparable":
        return yes_no(lang, value)
    if field == "constraintStatus":
        return CONSTRAINT_STATUS_TEXT[lang].get(str(value), str(value))
    if field in MONEY_FIELDS:
        currency = quote.get("currency")
        return amount(value, None if currency is None else str(currency))
    return figure(value)


def _quotes(lang: str, quotes: Sequence[Mapping[str, Any]]) -> Sheet:
    header = tuple(say(lang, key) for key, _ in QUOTE_COLUMNS)
    rows = [[_quote_cell(lang, field, quote) for _, field in QUOTE_COLUMNS] for quote in quotes]
    return Sheet(say(lang, "quotes"), (), header, table(rows))


def _ranking(lang: str, ranking: Sequence[Mapping[str, Any]]) -> Sheet:
    keys = ("col.rank", "col.supplier", "col.score", "cost", "delivery")
    header = (*(say(lang, key) for key in keys), say(lang, "quality"))
    rows = [
        (
            figure(entry["rank"]),
            str(entry["supplierId"]),
            figure(entry.get("score")),
            *(
                figure((entry.get("components") or {}).get(name))
                for name in ("cost", "delivery", "quality")
            ),
        )
        for entry in ranking
    ]
    return Sheet(say(lang, "ranking"), (), header, table(rows))


def _constraints(lang: str, quotes: Sequence[Mapping[str, Any]]) -> Sheet:
    """One row per check; a row's limit and value show the same decimals (each row is its
    own constraint, so lead days never take a quality score's decimals)."""
    keys = ("col.supplier", "col.constraint", "col.limit", "col.quote_value", "col.result")
    rows: list[tuple[Cell, ...]] = []
    for quote in quotes:
        for check in quote.get("constraints") or ():
            paired = table([(figure(check.get("limit")),), (figure(check.get("value")),)])
            status = str(check["status"])
            rows.append(
                (
                    str(quote["supplierId"]),
                    field_in_words(lang, check["constraint"]),
                    paired[0][0],
                    paired[1][0],
                    CONSTRAINT_STATUS_TEXT[lang].get(status, status),
                )
            )
    header = tuple(say(lang, k) for k in keys)
    return Sheet(say(lang, "hard_constraints"), (), header, tuple(rows))


def answer_sentences(
    result: Mapping[str, Any],
    analysis: Mapping[str, Any] | None,
    lang: str,
    purchase: Mapping[str, Any] | None,
) -> list[str]:
    """The reports' answer: the title sentence, then each sentence, as plain text."""
    facts = answer(result, analysis, lang, purchase)
    return [render_plain(s, lang, clean) for s in (facts.title, *facts.sentences)]


def comparison_workbook(
    result: Mapping[str, Any],
    lang: str,
    *,
    analysis: Mapping[str, Any] | None = None,
    purchase: Mapping[str, Any] | None = None,
    before: Sequence[str] = (),
    extra: Sequence[Sheet] = (),
) -> Workbook:
    """The workbook of one result: the answer first (``before``: a wrapping document's own
    sentences after it), then the quotes, ranking, constraints, any ``extra`` sheets and
    the limitations; an invalid request's workbook has its errors instead."""
    sentences = [*answer_sentences(result, analysis, lang, purchase), *before]
    status = str(result["status"])
    title = sentences[0]
    summary = summary_sheet(lang, sentences, status)
    if status in ("invalid_input", "internal_error"):
        return Workbook(title, (summary, errors_sheet(lang, result["limitations"])))
    quotes = result.get("normalizedQuotes") or []
    sheets = [summary, _quotes(lang, quotes)]
    if result.get("ranking"):
        sheets.append(_ranking(lang, result["ranking"]))
    if any(quote.get("constraints") for quote in quotes):
        sheets.append(_constraints(lang, quotes))
    sheets.extend(extra)
    sheets.append(limitations_sheet(lang, result.get("limitations") or []))
    return Workbook(title, tuple(sheets))
