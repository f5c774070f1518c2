"""Which spreadsheet marks of a typed number ``read_as_written`` reads (``docs/intake.md``,
"Read as written", issue 40).

Strict by default: every mark (``cells.number_marks``) is an error at its cell. The option reads
the two that cannot be misread: thousands separators of the 1,234,567.89 pattern on a sheet
where no typed number uses a comma in any other way (else a comma may be a decimal comma), and
a currency sign that can only mean the row's currency on this sheet. A percent sign and a unit
in the cell (``0.36万``) are never read: the unit belongs in the column's name.
"""

# The yuan's and the yen's signs are this module's subject.
# ruff: noqa: RUF001, RUF002
from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cells import Mark, number_marks
from .header_table import template_name
from .trust import SYMBOLS
from .units import MONEY_FIELDS, UNITS

MARK_NOTES: Final = {
    "currency_symbol": "currency_sign_read",
    "thousands_separator": "thousands_separator_read",
}


def commas_grouped(texts: Iterable[str]) -> bool:
    """Whether every typed number holding a comma holds only 1,234,567.89 separators."""
    for text in texts:
        if "," in text:
            marks, _ = number_marks(text.strip())
            if not any(mark.grouped for mark in marks):
                return False
    return True


def readable_as_written(
    mark: Mark, currency: str | None, *, yen: bool, cny: bool, grouped: bool
) -> bool:
    """Whether ``read_as_written`` reads a mark in a row of ``currency`` on a sheet that
    mentions the yen (``yen``), has a CNY context (``cny``) and uses commas only as
    1,234,567.89 separators (``grouped``): the separators of that pattern; a sign that can
    only mean the row's currency (``元`` and ``¥`` for CNY where no yen is mentioned, ``¥`` for
    JPY where no CNY context is, ``€`` EUR, ``£`` GBP; ``$`` never: a dozen currencies')."""
    if mark.code == "thousands_separator":
        return mark.grouped and grouped
    if mark.code != "currency_symbol" or currency is None or mark.text == "$":
        return False
    if currency not in SYMBOLS.get(mark.text, frozenset()):
        return False
    if currency == "CNY":
        return not yen
    return currency != "JPY" or not cny


def unit_column_name(mark: Mark, field: str, *, chinese: bool) -> str:
    """For ``0.36万`` in a money column: the column name that reads its numbers at that unit
    (``包价（万元）``, ``Pack price (万元)``), ``""`` where none does (``亿``, a count)."""
    unit = mark.text.removesuffix("元") + "元"
    if field not in MONEY_FIELDS or unit not in UNITS:
        return ""
    name = template_name(field, chinese)
    return f"{name}（{unit}）" if chinese else f"{name} ({unit})"
