"""One cell to one raw field value (``docs/intake.md``, "Cell rules").

- Blank (empty or only whitespace), ``无``, ``未知``, ``N/A``, ``-`` and ``—`` (compared after the
  header folding of ``headers.fold``: full-width forms, surrounding space, case) mean
  *unknown*: the field is omitted, never 0. ``0`` is zero.
- Text with whitespace at either end is ``surrounding_whitespace`` (the calculator compares
  ids, specifications and currencies exactly, so ``"C "`` and ``"C"`` would be two suppliers),
  or, with ``trim`` (``--trim``), the text without it, marked ``trimmed`` for a note.
- A text field takes the cell's text as written. A numeric cell in a text column is an error.
- A numeric field takes text through the contract's number grammar (the calculator's own
  ``quotecalc.core.numberform``), after three spreadsheet mistakes are named with their own codes:
  currency symbols, percent signs and thousands separators.
- An XLSX numeric cell is read only as its number format displays it (``floats.py``:
  the float-tail rule, a display that rounds, scales or hides the value, a unit suffix of
  exact scale); percent number formats, dates, booleans, error values and formulas without
  a cached value are errors.
- In a column whose name gives a unit (``units.py``: ``包价(万元)``), a number is read at
  the unit's exact scale; typed text may then have more than 6 decimals as long as the
  product has at most 6 (``1.234567`` 万元 is ``12345.67``), else ``unit_value_too_precise``.
- An exchange rate (an event's rates sheet) typed as text may have up to 10 decimals, as the
  calculator's rate rule allows; a date field takes ``YYYY-MM-DD`` text or a date cell
  holding a whole day whose number format shows the year, the month and the day
  (:func:`date_shown`); any other date cell is ``date_cell``.
- A cell the analyst cannot see (its font the colour of its fill, ``invisible`` from the
  reader) is ``value_not_displayed``, whatever it holds.
- Text holding an invisible character (a zero-width space, a joiner, a direction mark, a
  byte-order mark, a soft hyphen, a control or unassigned character, a filler:
  :func:`invisible_at`) is ``invisible_character`` with its position and code point: the
  calculator compares ids exactly, so ``"A-Corp\u200b"`` would be a second supplier.

The value returned is still raw (text); ``table.py`` hands each row to the calculator's
field rules (``quotecalc.stages.validate.read_fields``), which decide ranges and integrality.
"""

# Chinese text and full-width forms are this module's subject.
# ruff: noqa: RUF001
from __future__ import annotations

import enum
import re
import unicodedata
from decimal import Decimal
from typing import Final

import attrs

from ..core.fields import Kind
from ..core.numberform import read_number_text
from .floats import NumberProblem, read_number
from .headers import fold
from .numfmt import text_shown

UNKNOWN_MARKERS: Final = frozenset(fold(marker) for marker in ("无", "未知", "N/A", "-", "—"))

# The spreadsheet marks a typed number may carry, each named by its own code and taken off
# in turn so that every one of them is reported at once (issue 40): a currency sign before or
# after the number, a unit word after it (0.36万), a percent sign, thousands separators.
_SIGN_BEFORE: Final = re.compile(r"([-+]?)([¥￥$€£])\s*([-+]?[0-9.].*)", re.DOTALL)
_UNIT_AFTER: Final = re.compile(r"(.*[0-9.])\s*((?:百万|万|千|亿)元?)", re.DOTALL)
_SIGN_AFTER: Final = re.compile(r"(.*[0-9.])\s*([¥￥$€£元])", re.DOTALL)
_PERCENT: Final = re.compile(r"(.*[0-9.])\s*([%％])", re.DOTALL)
_THOUSANDS: Final = re.compile(r"[-+]?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?")
# The one pattern read as written under read_as_written: 1,234,567.89 (no leading zero group,
# digits after a decimal point), and only on a sheet where no comma means anything else.
GROUPED: Final = re.compile(r"[-+]?[1-9][0-9]{0,2}(,[0-9]{3})+(\.[0-9]+)?")
_LONG: Final = re.compile(r"(0|[1-9][0-9]*)\.[0-9]{7,}")


@attrs.frozen
class Mark:
    """A spreadsheet mark in a typed number: its code (``currency_symbol``, ``unit_in_value``,
    ``percent_sign``, ``thousands_separator``) and the mark as typed (``¥``, ``万``, ``%``;
    ``,`` for separators, ``grouped`` when they follow the 1,234,567.89 pattern)."""

    code: str
    text: str
    grouped: bool = False


def number_marks(text: str) -> tuple[tuple[Mark, ...], str]:
    """The marks of a typed number and the number without them (``"￥1,234.5"`` ->
    currency sign ``￥`` and separators, ``"1234.5"``); ``((), text)`` for text without."""
    marks: list[Mark] = []
    rest = text
    if found := _SIGN_BEFORE.fullmatch(rest):
        marks.append(Mark("currency_symbol", found.group(2)))
        rest = found.group(1) + found.group(3)
    if found := _UNIT_AFTER.fullmatch(rest):
        marks.append(Mark("unit_in_value", found.group(2)))
        rest = found.group(1)
    elif not marks and (found := _SIGN_AFTER.fullmatch(rest)):
        marks.append(Mark("currency_symbol", found.group(2)))
        rest = found.group(1)
    if found := _PERCENT.fullmatch(rest):
        marks.append(Mark("percent_sign", found.group(2)))
        rest = found.group(1)
    if _THOUSANDS.fullmatch(rest):
        marks.append(Mark("thousands_separator", ",", GROUPED.fullmatch(rest) is not None))
        rest = rest.replace(",", "")
    return tuple(marks), rest


class CellKind(enum.Enum):
    """What a reader found in a cell."""

    BLANK = "blank"
    TEXT = "text"
    NUMBER = "number"
    DATE = "date"
    BOOLEAN = "boolean"
    ERROR = "error"
    FORMULA_WITHOUT_VALUE = "formula_without_value"


@attrs.frozen
class Cell:
    """A cell as read from the file: its reference, kind and content."""

    ref: str
    kind: CellKind
    text: str = ""
    number: float | int = 0
    number_format: str = "General"
    formula: str = ""  # the formula's text without "=", "" for a plain value
    hidden: bool = False  # in a hidden row or column
    invisible: bool = False  # drawn in the colour of its background

    @property
    def is_blank(self) -> bool:
        return self.kind is CellKind.BLANK or (self.kind is CellKind.TEXT and is_blank(self.text))


_KIND_ERRORS: Final = {
    CellKind.DATE: "date_cell",
    CellKind.BOOLEAN: "boolean_cell",
    CellKind.ERROR: "error_cell",
    CellKind.FORMULA_WITHOUT_VALUE: "formula_without_value",
}


def is_blank(text: str) -> bool:
    """Empty or only whitespace (Unicode ``str.isspace``)."""
    return not text or text.isspace()


def means_unknown(cell: Cell) -> bool:
    """Blank or one of the unknown markers: the field is omitted."""
    return cell.is_blank or (cell.kind is CellKind.TEXT and fold(cell.text) in UNKNOWN_MARKERS)


@attrs.frozen
class Omitted:
    """The cell leaves its field out of the quote."""


@attrs.frozen
class Value:
    """The raw value for the request (text), whether a float tail was rounded and whether
    surrounding whitespace was trimmed (``--trim``)."""

    raw: str
    rounded_tail: bool = False
    trimmed: bool = False
    unit: int = 1  # the scale of a unit suffix the number was read at (万: 10000)


@attrs.frozen
class Problem:
    """The cell cannot be read: one fixed error code and its details (the text shown and
    the value stored, or an invisible character's position and code point)."""

    code: str
    details: tuple[tuple[str, str | int], ...] = ()


@attrs.frozen
class Marked:
    """A typed number carrying spreadsheet marks (:func:`number_marks`): the marks, and the
    reading of the number without them (its value, or the grammar's own problem), so that
    every problem of the cell is reported together and, under ``read_as_written``, an
    unambiguous mark is read (``table.py`` decides, knowing the row's currency)."""

    marks: tuple[Mark, ...]
    rest: Value | Problem


OMITTED: Final = Omitted()
Reading = Omitted | Value | Problem | Marked


def number_text(text: str) -> str | None:
    """The error code for a typed number, or ``None`` when the grammar accepts it (the first
    mark's code when it carries any)."""
    marks, _ = number_marks(text)
    if marks:
        return marks[0].code
    value = read_number_text(text)
    return value if isinstance(value, str) else None


# Characters that draw nothing (or nothing visible) yet make two texts differ: formats
# (zero-width space and joiners, direction marks, BOM, soft hyphen), controls, private use,
# unassigned, line and paragraph separators, and the fillers that render blank.
_INVISIBLE_CATEGORIES: Final = frozenset({"Cf", "Cc", "Co", "Cn", "Cs", "Zl", "Zp"})
_FILLERS: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")


def invisible_at(text: str) -> tuple[int, str] | None:
    """``(1-based position, "U+XXXX")`` of the first invisible character, or ``None``."""
    for index, char in enumerate(text, start=1):
        if char in _FILLERS or unicodedata.category(char) in _INVISIBLE_CATEGORIES:
            return index, f"U+{ord(char):04X}"
    return None


def _stored_text(cell: Cell) -> str:
    if cell.kind is CellKind.NUMBER:
        return str(cell.number) if isinstance(cell.number, int) else repr(cell.number)
    return cell.text


def scaled_text(text: str, unit: int | None) -> str | None:
    """Typed number text read at a column's unit: the exact product as plain text (``1.234567``
    at 10000 is ``12345.67``), ``text`` itself without a unit, ``None`` when the product has
    more than 6 decimals. ``text`` is a plain decimal, with up to 6 + the unit's zeros
    decimals when there is a unit."""
    if unit is None or unit == 1:
        return text
    product = Decimal(text) * unit
    exponent = product.normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    if exponent < -6:
        return None
    plain = format(product, "f")
    return plain.rstrip("0").rstrip(".") if "." in plain else plain


_FORMAT_LITERAL: Final = re.compile(r'"[^"]*"|\[[^\]]*\]|\\.')


def date_shown(number_format: str) -> bool:
    """Whether a date format shows the year, the month and the day (``yyyy-mm-dd``,
    ``d/m/yyyy``, ``yyyy"年"m"月"d"日"``; not ``mmm-yy``), outside quoted literals."""
    codes = _FORMAT_LITERAL.sub("", number_format).lower()
    return all(letter in codes for letter in "ymd")


def _typed_number(text: str, kind: Kind, unit: int | None, *, trimmed: bool) -> Value | Problem:
    """A typed number without marks, by the contract's grammar, at the column's unit."""
    value = read_number_text(text)
    code = value if isinstance(value, str) else None
    if code == "too_many_decimals" and (unit or 1) > 1 and _LONG.fullmatch(text):
        code = None  # the product may still have at most 6 (scaled_text)
    if code == "too_many_decimals" and kind is Kind.RATE:
        code = None  # a rate may have 10: the calculator's rate reader decides
    if code is not None:
        return Problem(code)
    scaled = scaled_text(text, unit)
    if scaled is None:
        return Problem("unit_value_too_precise")
    return Value(scaled, trimmed=trimmed)


def read_cell(cell: Cell, kind: Kind, *, trim: bool = False, unit: int | None = None) -> Reading:
    """The reading of ``cell`` for a field of ``kind`` in a column whose name gives ``unit``
    (``None``: none; ``units.py``) (module docstring)."""
    # A date field (an event's balances and rates): a whole day whose format shows it.
    if (
        cell.kind is CellKind.DATE
        and kind is Kind.DATE
        and cell.text
        and date_shown(cell.number_format)
        and not cell.invisible
    ):
        return Value(cell.text)
    if cell.kind in _KIND_ERRORS:
        return Problem(_KIND_ERRORS[cell.kind])
    if means_unknown(cell):
        return OMITTED
    if cell.invisible:
        return Problem("value_not_displayed", (("shown", ""), ("stored", _stored_text(cell))))
    numeric = kind in (Kind.DECIMAL, Kind.INTEGER, Kind.RATE)
    if cell.kind is CellKind.TEXT:
        if not text_shown(cell.number_format):
            return Problem("value_not_displayed", (("shown", ""), ("stored", cell.text)))
        text = cell.text.strip()
        trimmed = text != cell.text
        if trimmed and not trim:
            return Problem("surrounding_whitespace")
        found = invisible_at(cell.text)
        if found is not None:
            return Problem("invisible_character", (("position", found[0]), ("character", found[1])))
        if numeric:
            marks, rest = number_marks(text)
            reading = _typed_number(rest, kind, unit, trimmed=trimmed)
            return Marked(marks, reading) if marks else reading
        return Value(text, trimmed=trimmed)
    if "%" in cell.number_format:
        return Problem("percent_format")
    if not numeric:
        return Problem("number_in_text_column")
    number = read_number(cell.number, cell.number_format, unit)
    if isinstance(number, NumberProblem):
        shown = () if number.shown is None else (("shown", number.shown),)
        return Problem(number.code, (*shown, ("stored", number.stored)) if number.stored else ())
    code = number_text(number.text)
    if code is not None:
        return Problem(code)
    return Value(number.text, number.rounded, unit=number.unit)
