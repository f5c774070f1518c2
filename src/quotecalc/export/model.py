"""The workbook as plain data (issue 35): sheets of rows whose cells are text or exact numbers.

A reader of the engine's documents, nothing more: every number is a figure of the document,
taken from its decimal string (:func:`figure`) and never computed here. The writer
(:mod:`.writer`) turns this model into XLSX bytes; the tests read both.

A :class:`Number` keeps the document's exact ``Decimal`` and the decimals its cell shows
(``places``). Money (:func:`amount`) shows the one money format's places, those of the pages
and the text reports (:func:`quotecalc.output.people.money`: the currency's, or the amount's
own when it has more; issue 39). Any other number of a table column shows the column's most
decimals (:func:`table`), so no shown figure loses a digit and ``0`` beside ``20.00`` reads
``0.00`` (``docs/decisions.md`` 35.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any, Final, NamedTuple

from ..output.people import money_places, places

# What a spreadsheet number holds exactly: a double shows at most 15 significant digits
# (docs/decisions.md 35.5). A figure with more is written as its exact text instead.
MAX_DIGITS: Final = 15
UNKNOWN: Final = "-"
# The documents' fields that hold money (a cost per unit too): their cells are in the one money
# format (:func:`amount`).
MONEY_FIELDS: Final = frozenset(
    {
        "packPrice",
        "goodsSubtotal",
        "discount",
        "freight",
        "otherFees",
        "landedTotal",
        "costPerDeliveredUnit",
        "unitQuotePrice",
        "savingVsSingleSource",
        "lowerBound",
    }
)


class Number(NamedTuple):
    """One exact figure and the decimals its cell shows (at least the figure's own); ``money``
    when those are the one money format's (:func:`amount`), never the column's."""

    value: Decimal
    places: int
    money: bool = False


Cell = str | Number | None


class Sheet(NamedTuple):
    """One sheet: its title, lines of words above the table (one cell each, in column A),
    the table's header row and its rows (none for a sheet of words only)."""

    title: str
    lines: tuple[tuple[Cell, ...], ...]
    header: tuple[str, ...] = ()
    rows: tuple[tuple[Cell, ...], ...] = ()


class Workbook(NamedTuple):
    """The workbook: its title (the document property) and its sheets, the answer first."""

    title: str
    sheets: tuple[Sheet, ...]


def figure(value: Any) -> Cell:
    """A document figure as a cell: a decimal string (or an integer) becomes a
    :class:`Number` with the decimals it is written with; ``None`` (unknown) the text
    ``-``; any other value its text."""
    if value is None:
        return UNKNOWN
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return Number(Decimal(value), 0)
    text = str(value)
    try:
        number = Decimal(text)
    except ArithmeticError:
        return text
    if not number.is_finite() or "e" in text.lower():
        return text
    return Number(number, places(text))


def amount(value: Any, currency: str | None) -> Cell:
    """A money figure of the document as a cell in the one money format: the places
    :func:`quotecalc.output.people.money` shows it with in ``currency``."""
    cell = figure(value)
    if not isinstance(cell, Number):
        return cell
    return Number(cell.value, money_places(cell.value, currency), money=True)


def fits_a_double(number: Decimal) -> bool:
    """Whether a spreadsheet number shows this figure exactly: at most 15 significant
    digits (trailing zeros of the fraction do not count)."""
    digits = number.normalize().as_tuple().digits
    return len(digits) <= MAX_DIGITS


def table(rows: Iterable[Sequence[Cell]]) -> tuple[tuple[Cell, ...], ...]:
    """The rows with every number of a column showing that column's most decimals (money
    keeps the one money format's places)."""
    listed = [tuple(row) for row in rows]
    widest: dict[int, int] = {}
    for row in listed:
        for column, cell in enumerate(row):
            if isinstance(cell, Number) and not cell.money:
                widest[column] = max(widest.get(column, 0), cell.places)
    return tuple(
        tuple(
            Number(cell.value, widest[column])
            if isinstance(cell, Number) and not cell.money
            else cell
            for column, cell in enumerate(row)
        )
        for row in listed
    )
