"""Rules about what the analyst saw, as data (``docs/intake.md``, "Trust rules").

- A *totals row* is a data row whose supplier cell is a total word (the table below, compared
  after the header folding, a trailing colon dropped) or which holds a ``SUM``/``SUBTOTAL``
  formula over a range of several rows (``SUM(E2:E9)``, ``SUBTOTAL(9,E:E)``; a sum across
  one row, ``SUM(B2:C2)``, is a quote's own arithmetic, not a total).
- A *currency number format* names currencies: the symbols of the table below and any word
  of three capital letters (an ISO 4217 code such as ``"USD"`` or ``[$EUR]``) in the format
  string, outside colour and condition brackets. A format naming currencies that do not
  include the row's currency disagrees with it.
"""

# Chinese text and full-width forms are this module's subject.
# ruff: noqa: RUF002
from __future__ import annotations

import re
from typing import Final

from .headers import fold

TOTAL_WORDS: Final = frozenset(
    fold(word)
    for word in (
        *("合计", "总计", "小计", "总和", "共计", "合计金额", "總計", "合計"),
        *("Total", "Totals", "Grand total", "Subtotal", "Sub-total", "Sum"),
    )
)

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
_LOCALE_SYMBOL: Final = re.compile(r"\[\$([^\]\-]*)(?:-[^\]]*)?\]")
_BRACKETS: Final = re.compile(r"\[[^\]]*\]")
_ISO_CODE: Final = re.compile(r"(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])")


def is_total_word(text: str) -> bool:
    """The supplier cell of a totals row (``合计``, ``Total:``, ``ＴＯＴＡＬ``)."""
    return fold(text).rstrip(":").rstrip() in TOTAL_WORDS


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
