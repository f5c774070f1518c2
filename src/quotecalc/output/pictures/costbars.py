"""The landed-cost breakdown: one stacked horizontal bar per quote (``docs/pictures.md``).

Read from ``normalizedQuotes`` only: ``goodsSubtotal``, ``freight`` and ``otherFees`` are the
segments (their sum is the engine's ``landedTotal``); every amount is shown in the one money
format (:func:`quotecalc.output.people.money`, its quote's currency). Each bar's length
is proportional to its landed total against the largest one: every width is the exact ratio
of two exact decimals, times 100, rounded once half-up to two places for the CSS ``width``
(the rounded segments may differ from the rounded total by 0.01 point; the numbers shown
are the engine's own). A quote without a landed total is listed with the reason and not
drawn: unknown is never 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from ..people import money
from ..wording import ISSUE_TEXT
from .geometry import fixed2
from .markup import supplier, text
from .text import WORDS, display, escape, field_name, join

# (the quote's field, the segment's style name, its words)
PARTS: Final = (
    ("goodsSubtotal", "goods", "col.goods_subtotal"),
    ("freight", "freight", "col.freight"),
    ("otherFees", "other_fees", "col.other_fees"),
)


def _exact(value: str) -> Fraction:
    return Fraction(Decimal(value))


def _width(part: Fraction, largest: Fraction) -> str:
    return fixed2(part * 100 / largest) if largest else "0.00"


def _missing_reason(lang: str, quote: Mapping[str, Any]) -> str:
    words = WORDS[lang]
    if not quote["comparable"]:
        why = " ".join(
            ISSUE_TEXT[lang].get(str(code), display(str(code))) for code in quote["conflicts"]
        )
        return escape(words["not_comparable"].format(why=why))
    fields = quote.get("missingFields") or []
    if fields:
        names = join(lang, [field_name(lang, str(f), quote["supplierId"]) for f in fields])
        return escape(words["missing"].format(fields=names))
    return escape(words["unknown_total"])


def cost_bars(quotes: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The breakdown's HTML: a key, one row per quote in input order, the scale note."""
    words = WORDS[lang]
    totals = [_exact(q["landedTotal"]) for q in quotes if q["landedTotal"] is not None]
    largest = max(totals, default=Fraction(0))
    largest_text = next(
        (
            q["landedTotal"]
            for q in quotes
            if q["landedTotal"] is not None and _exact(q["landedTotal"]) == largest
        ),
        None,
    )
    key = "".join(
        f'<span class="key"><span class="swatch seg-{name}"></span>{escape(words[word])}</span>'
        for _, name, word in PARTS
    )
    rows: list[str] = []
    for quote in quotes:
        who = f'<div class="who">{supplier(quote["supplierId"])}</div>'
        total = quote["landedTotal"]
        if total is None:
            rows.append(
                f'<div class="row missing">{who}<div class="why">{_missing_reason(lang, quote)}'
                "</div></div>\n"
            )
            continue
        segments = "".join(
            f'<span class="seg seg-{name}" style="width:{_width(_exact(quote[field]), largest)}%"'
            f' title="{escape(words[word])} {text(money(quote[field], quote["currency"]))}"></span>'
            for field, name, word in PARTS
        )
        overbuy = quote["overbuyQuantity"]
        note = ""
        if overbuy is not None and Decimal(overbuy) != 0:
            note = (
                '<span class="overbuy">'
                + escape(
                    words["overbuy"].format(overbuy=overbuy, delivered=quote["deliveredQuantity"])
                )
                + "</span>"
            )
        currency = quote["currency"]
        parts = " + ".join(text(money(quote[field], currency)) for field, _, _ in PARTS)
        rows.append(
            f'<div class="row">{who}<div class="track"><div class="bar"'
            f' style="width:{_width(_exact(total), largest)}%">{segments}</div></div>'
            f'<div class="total">{text(money(total, currency))} {text(currency)}'
            f'<span class="parts">{parts}</span>{note}</div></div>\n'
        )
    note = ""
    if largest_text is not None:
        shown = money(largest_text, next((q["currency"] for q in quotes if q["currency"]), None))
        note = f'<p class="note">{escape(words["landed_note"].format(largest=shown))}</p>\n'
    return f'<div class="key-row">{key}</div>\n<div class="bars">\n{"".join(rows)}</div>\n{note}'
