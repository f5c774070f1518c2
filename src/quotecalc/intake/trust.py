"""Rules about what the analyst saw, as data (``docs/intake.md``, "Trust rules").

- A *totals row* is a data row whose supplier cell is a total word (the table below, compared
  after the header folding, a trailing colon and a trailing qualifier in brackets dropped:
  ``总计（含税）``, ``TOTAL (excl. VAT)``), or which holds a ``SUM``/``SUBTOTAL`` formula over
  a range of several rows (``SUM(E2:E9)``, ``SUBTOTAL(9,E:E)``; a sum across one row,
  ``SUM(B2:C2)``, is a quote's own arithmetic, not a total), or which has a totals row's
  *shape* whatever its words (:func:`is_total_shape`): the last data row, whose every number
  is the sum of its column over at least two data rows above it, each holding a number
  there, not all zero.
- A *currency number format* names currencies: the symbols of the table below and any word
  of three capital letters (an ISO 4217 code such as ``"USD"`` or ``[$EUR]``) in the format
  string, outside colour and condition brackets. A format naming currencies that do not
  include the row's currency disagrees with it.
"""

# Chinese text and full-width forms are this module's subject.
# ruff: noqa: RUF002
from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from .headers import fold

TOTAL_WORDS: Final = frozenset(
    fold(word)
    for word in (
        *("合计", "总计", "小计", "总和", "共计", "合计金额", "總計", "合計"),
        *("Total", "Totals", "Grand total", "Subtotal", "Sub-total", "Sum"),
        *("Summe", "Gesamt", "Gesamtsumme", "Zwischensumme", "Endsumme"),
        *("Somme", "Total général", "Totale", "Suma", "Totaal"),
    )
)
MIN_ADDENDS: Final = 2

_DOLLAR: Final = frozenset(
    {"USD", "AUD", "CAD", "HKD", "SGD", "NZD", "TWD", "MXN", "BRL", "ARS", "CLP", "COP"}
)
SYMBOLS: Final[dict[str, frozenset[str]]] = {
    "¥": frozenset({"CNY", "JPY"}),
    "￥": frozenset({"CNY", "JPY"}),
    "元": frozenset({"CNY"}),
    "€": frozenset({"EUR"}),
    "£": frozenset({"GBP"}),
    "$": _DOLLAR,
}

_TOTAL_FORMULA: Final = re.compile(r"\s*=?\s*(?:_xlfn\.)?(?:SUM|SUBTOTAL)\s*\(", re.IGNORECASE)
_ROWS_RANGE: Final = re.compile(
    r"\$?[A-Z]{1,3}\$?([0-9]+)\s*:\s*\$?[A-Z]{1,3}\$?([0-9]+)|(?<![A-Z0-9$])\$?[A-Z]{1,3}\s*:\s*\$?[A-Z]{1,3}(?![A-Z0-9(])",
    re.IGNORECASE,
)
_QUALIFIER: Final = re.compile(r"\s*\([^()]*\)\s*$")
_LOCALE_SYMBOL: Final = re.compile(r"\[\$([^\]\-]*)(?:-[^\]]*)?\]")
_BRACKETS: Final = re.compile(r"\[[^\]]*\]")
_ISO_CODE: Final = re.compile(r"(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])")


def is_total_word(text: str) -> bool:
    """The supplier cell of a totals row (``合计``, ``Total:``, ``ＴＯＴＡＬ``,
    ``总计（含税）``, ``TOTAL (excl. VAT)``)."""
    folded = fold(text).rstrip(":").rstrip()
    return folded in TOTAL_WORDS or _QUALIFIER.sub("", folded).rstrip(":").rstrip() in TOTAL_WORDS


def is_total_shape(last: dict[int, Decimal], above: Sequence[dict[int, Decimal | None]]) -> bool:
    """Whether ``last`` (column -> number of the last data row) is the column sums of the
    rows ``above`` (column -> number, ``None`` for a cell without one): it holds a number,
    and each of its numbers is the sum of at least two numbers above in that column, every
    row above holding one there, not all zero."""
    if not last or len(above) < MIN_ADDENDS:
        return False
    for column, total in last.items():
        numbers = [row.get(column) for row in above]
        if any(number is None for number in numbers):
            return False
        if sum(number for number in numbers if number is not None) != total or not total:
            return False
    return True


def is_total_formula(formula: str) -> bool:
    """A ``SUM``/``SUBTOTAL`` whose arguments include a range over several rows."""
    if _TOTAL_FORMULA.match(formula) is None:
        return False
    for match in _ROWS_RANGE.finditer(formula):
        first, last = match.group(1), match.group(2)
        if first is None or first != last:
            return True
    return False


def format_currencies(number_format: str) -> frozenset[str]:
    """The currencies a number format names (empty for a plain format)."""
    found: set[str] = set()
    texts = [match.group(1) for match in _LOCALE_SYMBOL.finditer(number_format)]
    texts.append(_BRACKETS.sub("", number_format))
    for text in texts:
        for symbol, currencies in SYMBOLS.items():
            if symbol in text:
                found |= currencies
        found.update(_ISO_CODE.findall(text))
    return frozenset(found)
