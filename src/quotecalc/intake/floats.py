"""XLSX numeric cells (binary floats) to exact decimal text: what the sheet shows is what is
read (``docs/intake.md``, "The float-tail rule" and "What the sheet shows").

A numeric cell holds an IEEE 754 double, and its number format decides what the analyst
sees (``numfmt.display``). Its value is read as:

1. the stored value: an ``int`` (openpyxl gives one for ``<v>35</v>``), or a float whose
   shortest round-trip decimal (``repr``) has at most 6 decimals (``35.2`` stays ``35.2``
   although the double is 35.2000000000000028...) — but only when the format shows exactly
   that number, else ``display_rounds_value`` (``0`` on 35.25 shows 35);
2. otherwise (a float tail such as ``35.199999999999996``): the nearest value with at most
   6 decimals (the double's exact value rounded half-up), but only when it equals what the
   format displays; the caller then records a ``float_tail_rounded`` note; otherwise
   ``float_tail_not_displayed``;
3. a format this module cannot display is ``unsupported_number_format``; one that shows no
   number (``;;;``, an empty zero section on 0, a literal such as ``"-"``) is
   ``value_not_displayed``; one that divides by 1000 (``#,##0,``) or names an ambiguous
   scale is ``display_scales_value``;
4. a format whose literal suffix is a unit of exact scale (``0.00"万元"``: 35.2 shows
   35.20万元) is read at the displayed meaning, the number times the unit (352000), with a
   ``unit_scaled`` note; so is a number in a column whose name gives a unit (``units.py``),
   unless its format shows another unit (``unit_conflict``). A value read at a unit of
   10^k may have 6 + k decimals (the float-tail rule uses that many): the product has at
   most 6.

Every refusal carries the text shown and the value stored, so the analyst sees both.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

import attrs

from .numfmt import display, excel_precision

SIX_PLACES: Final = Decimal("0.000001")

__all__ = [
    "Number",
    "NumberProblem",
    "displayed",
    "excel_precision",
    "float_to_text",
    "read_number",
]


@attrs.frozen
class Number:
    """A number read: its decimal text, whether a float tail was rounded and the unit's
    scale applied (1 for none)."""

    text: str
    rounded: bool = False
    unit: int = 1


@attrs.frozen
class NumberProblem:
    """A number refused: the code, the text the cell shows and the value it stores."""

    code: str
    shown: str | None = None  # None: the format is not one this module displays
    stored: str = ""


def _text(value: Decimal) -> str:
    """Plain decimal text without exponent and without trailing fractional zeros."""
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def displayed(value: float, number_format: str) -> Decimal | None:
    """The number ``number_format``'s digits show for ``value`` (without its sign or unit),
    or ``None`` if unsupported or none is shown."""
    shown = display(value, number_format)
    return None if shown is None else shown.digits


def _stored(value: float | int) -> str:
    if isinstance(value, int):
        return str(value)
    return _text(Decimal(repr(value))) if math.isfinite(value) else repr(value)


def read_number(
    value: float | int, number_format: str, column_unit: int | None = None
) -> Number | NumberProblem:
    """The reading of a numeric cell (module docstring) in a column whose name gives
    ``column_unit`` (``None``: none)."""
    if not isinstance(value, int) and not math.isfinite(value):
        return NumberProblem("non_finite_number")
    stored = _stored(value)
    shown = display(value, number_format)
    if shown is None:
        return NumberProblem("unsupported_number_format", None, stored)
    if shown.digits is None:
        return NumberProblem("value_not_displayed", shown.text, stored)
    if shown.commas or shown.ambiguous:
        return NumberProblem("display_scales_value", shown.text, stored)
    if column_unit is not None and shown.unit not in (1, column_unit):
        return NumberProblem("unit_conflict", shown.text, stored)
    scale = shown.unit if shown.unit != 1 else column_unit or 1
    # A value read at a unit may have as many more decimals as the unit has zeros: the
    # result still has at most 6 (1.234567 万元 = 12345.67).
    decimals = 6 + len(str(scale)) - 1
    if isinstance(value, int):
        read, rounded = Decimal(value), False
    else:
        shortest = Decimal(repr(value))
        exponent = shortest.as_tuple().exponent
        assert isinstance(exponent, int)
        if exponent >= -decimals:
            read, rounded = shortest, False
        else:
            read = Decimal(value).quantize(SIX_PLACES.scaleb(6 - decimals), rounding=ROUND_HALF_UP)
            rounded = True
    if shown.digits != abs(read):
        code = "float_tail_not_displayed" if rounded else "display_rounds_value"
        return NumberProblem(code, shown.text, stored)
    return Number(_text(read * scale), rounded, shown.unit)


def float_to_text(value: float | int, number_format: str) -> tuple[str, bool] | str:
    """``(decimal text, rounded_tail)`` for a numeric cell, or an error code (the reading
    of :func:`read_number` without its details)."""
    reading = read_number(value, number_format)
    if isinstance(reading, NumberProblem):
        return reading.code
    return reading.text, reading.rounded
