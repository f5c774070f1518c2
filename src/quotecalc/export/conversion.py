"""The converted comparison's workbook (issue 27's document, issue 35): the comparison's
workbook of its ``result`` with the conversion sentences after the answer
(:func:`quotecalc.output.conversion_text.answer_lines`) and a sheet of what was converted,
from what, at which rate (its provenance)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..output.cells import clean
from ..output.conversion_text import answer_lines
from .comparison import comparison_workbook
from .model import Sheet, Workbook, amount, figure, table
from .words import say

KEYS = (
    "col.supplier",
    "col.original_currency",
    "col.original_pack_price",
    "col.original_freight",
    "col.original_other_fees",
    "col.from",
    "col.to",
    "col.rate",
    "col.as_of",
    "col.source",
)


def _conversions(lang: str, document: Mapping[str, Any]) -> Sheet:
    rows = []
    for entry in document.get("conversions") or ():
        original = entry.get("original") or {}
        rate = entry.get("convertedAt") or {}
        quoted = entry.get("currency")
        currency = None if quoted is None else str(quoted)
        rows.append(
            (
                str(entry["supplierId"]),
                str(quoted or "-"),
                amount(original.get("packPrice"), currency),
                amount(original.get("freight"), currency),
                amount(original.get("otherFees"), currency),
                str(rate.get("from") or "-"),
                str(rate.get("to") or "-"),
                figure(rate.get("rate")),
                str(rate.get("asOf") or ""),
                str(rate.get("source") or ""),
            )
        )
    header = tuple(say(lang, key) for key in KEYS)
    return Sheet(say(lang, "conversions"), (), header, table(rows))


def converted_workbook(
    document: Mapping[str, Any], lang: str, purchase: Mapping[str, Any] | None
) -> Workbook:
    """The workbook of one converted-comparison document (``docs/conversions.md``)."""
    extra = (_conversions(lang, document),) if document.get("conversions") is not None else ()
    return comparison_workbook(
        document["result"],
        lang,
        purchase=purchase,
        before=answer_lines(document, lang, clean),
        extra=extra,
    )
