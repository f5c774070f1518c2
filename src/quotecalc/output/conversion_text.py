"""The readable report of the converted comparison (issue 27): ``--convert --format text|html``.

Answer first: the comparison's answer sentences (:func:`quotecalc.output.answer.answer`), then,
for each converted quote, its landed total with where it came from ("converted at 7.1234 (bank,
2026-11-30)"), and per rate the range where the cheapest quote stays the cheapest ("WEST stays
the cheapest up to 7.358491 USD→CNY; above it NORTH"). Then a section listing every converted
figure beside its provenance and the rates no quote used, then the comparison's own report
(:func:`quotecalc.output.report.render_text`, or the HTML page).

Nothing is computed here: every figure is a string of the converted-comparison document
(``planning.conversion``), the rate ends its 6-place ``rate``; text from the request (supplier
ids, a rate's ``source``) is escaped for the terminal by :func:`.cells.clean` or for HTML by
the page's ``escape``. A rate is not money: it is shown with every digit the document writes,
never padded to a currency's places, its whole part grouped by thousands like a quantity
(:func:`quotecalc.output.people.grouped`; issue 40, docs/decisions.md 40.35).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from .cells import clean
from .people import grouped, money
from .wording import area

Document = Mapping[str, Any]
Escape = Callable[[str], str]

FIGURES: Final = ("packPrice", "freight", "otherFees", "goodsSubtotal", "landedTotal")
"""The converted quote's figures shown with their provenance, in this order."""

WORDS: Final = area("conversion")
"""The conversion's words (the catalog's ``conversion.`` and the shared ones)."""
FIGURE_WORDS: Final = {
    "packPrice": "col.pack_price",
    "freight": "col.freight",
    "otherFees": "col.other_fees",
    "goodsSubtotal": "col.goods_subtotal",
    "landedTotal": "col.landed",
}
"""The word of each figure of :data:`FIGURES`."""
HEADERS: Final = ("col.supplier", "col.figure", "col.as_quoted", "converted")
"""The figure table's columns."""


def pair(rate: Mapping[str, Any], escape: Escape = clean) -> str:
    """``USD→CNY``."""
    return f"{escape(str(rate['from']))}→{escape(str(rate['to']))}"


def provenance(rate: Mapping[str, Any], lang: str, escape: Escape = clean) -> str:
    """``converted at 7.1234 (bank, 2026-11-30)``, or its Chinese wording."""
    return WORDS[lang]["converted_at"].format(
        rate=escape(grouped(str(rate["rate"]))),
        source=escape(str(rate["source"])),
        as_of=escape(str(rate["asOf"])),
    )


def _quotes(document: Document) -> dict[str, Mapping[str, Any]]:
    return {str(q["supplierId"]): q for q in document["result"]["normalizedQuotes"]}


def answer_lines(document: Document, lang: str, escape: Escape = clean) -> list[str]:
    """The sentences the answer gains: each converted quote's landed total and its rate, then
    each rate's range. None for a document without conversions (invalid or a bug)."""
    if document.get("conversions") is None:
        return []
    words = WORDS[lang]
    quotes = _quotes(document)
    lines = []
    for entry in document["conversions"]:
        quote = quotes[str(entry["supplierId"])]
        lines.append(
            words["answer"].format(
                supplier=escape(str(entry["supplierId"])),
                total=escape(
                    "-"
                    if quote["landedTotal"] is None
                    else money(str(quote["landedTotal"]), str(quote["currency"]))
                ),
                currency=escape(str(quote["currency"])),
                converted=provenance(entry["convertedAt"], lang, escape),
                original=escape(str(entry["currency"])),
            )
        )
    return lines + range_sentences(document, lang, escape)


def range_sentences(document: Document, lang: str, escape: Escape = clean) -> list[str]:
    """Per rate and per quote cheapest at it: where it stays the cheapest, and who takes over
    beyond each end (the ends as the document shows them, 6 places)."""
    words = WORDS[lang]
    join = words["and"]
    lines = []
    for rate in document.get("rateSensitivity") or ():
        for span in rate["cheapest"]:
            low, high = span["low"], span["high"]
            key = (
                "any"
                if low is None and high is None
                else "up_to"
                if low is None
                else "down_to"
                if high is None
                else "between"
            )
            lines.append(
                words[key].format(
                    supplier=escape(str(span["supplierId"])),
                    pair=pair(rate, escape),
                    low="" if low is None else escape(grouped(str(low["rate"]))),
                    high="" if high is None else escape(grouped(str(high["rate"]))),
                    low_takers=join.join(escape(str(i)) for i in span["lowTakenBy"]) or "-",
                    high_takers=join.join(escape(str(i)) for i in span["highTakenBy"]) or "-",
                )
            )
    return lines


def figure_rows(document: Document, lang: str, escape: Escape = clean) -> list[list[str]]:
    """One row per converted figure: supplier, figure, as quoted, converted. The rate of each
    supplier is in the answer's sentence (:func:`answer_lines`), not repeated on every row
    (issue 35). Every amount is in the one money format with its own currency's places
    (:func:`.people.money`)."""
    words = WORDS[lang]
    quotes = _quotes(document)
    shown: list[tuple[str, str, tuple[str, str] | None, tuple[str, str] | None]] = []
    for entry in document.get("conversions") or ():
        quote = quotes[str(entry["supplierId"])]
        for name in FIGURES:
            original = entry["original"].get(name)
            value = quote[name]
            shown.append(
                (
                    str(entry["supplierId"]),
                    words[FIGURE_WORDS[name]],
                    None if original is None else (str(original), str(entry["currency"])),
                    None if value is None else (str(value), str(quote["currency"])),
                )
            )

    def cell(amount: tuple[str, str] | None) -> str:
        if amount is None:
            return "-"
        value, currency = amount
        return f"{escape(money(value, currency))} {escape(currency)}"

    return [
        [escape(who), figure, cell(quoted), cell(converted)]
        for who, figure, quoted, converted in shown
    ]


def unused_lines(document: Document, lang: str, escape: Escape = clean) -> list[str]:
    """One sentence per rate no quote used."""
    return [
        WORDS[lang]["unused"].format(
            from_=escape(str(rate["from"])),
            pair=pair(rate, escape),
            rate=escape(grouped(str(rate["rate"]))),
            source=escape(str(rate["source"])),
            as_of=escape(str(rate["asOf"])),
        )
        for rate in document.get("unusedRates") or ()
    ]


def converted_text(document: Document, lang: str, purchase: Mapping[str, Any] | None) -> str:
    """The terminal report: the answer with the conversion sentences, the conversions, then
    the comparison's report of ``result``."""
    from .cells import table
    from .report import render_text

    words = WORDS[lang]
    lines = []
    if document.get("conversions") is not None:
        lines.extend(["", f"== {words['conversions']} =="])
        rows = figure_rows(document, lang)
        if rows:
            lines.extend(table([words[key] for key in HEADERS], rows, frozenset({2, 3})))
        else:
            lines.append(words["none"])
        lines.extend(unused_lines(document, lang))
    return render_text(
        document["result"],
        None,
        lang,
        None,
        purchase,
        after_answer=answer_lines(document, lang),
        after_header=lines,
    )
