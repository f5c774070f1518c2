"""XLSX numeric cells (binary floats) to exact decimal text: the float-tail rule.

A numeric cell holds an IEEE 754 double. Its value is read as:

1. an ``int`` (openpyxl gives one for ``<v>35</v>``): that integer;
2. a float whose shortest round-trip decimal (``repr``) has at most 6 decimals: that decimal
   (``35.2`` stays ``35.2`` although the double is 35.2000000000000028...);
3. otherwise (a float tail such as ``35.199999999999996``): the nearest value with at most
   6 decimals (the double's exact value rounded half-up), but only when it equals what the
   cell's number format displays; the caller then records a ``float_tail_rounded`` note;
4. otherwise the error ``float_tail_not_displayed`` (or ``unsupported_number_format`` when the
   format is one this module cannot display).

Displayed values follow Excel: the value is first rounded to 15 significant digits (Excel's
precision), then the format is applied, rounding half away from zero. Supported formats:
``General`` (the 15 significant digits, trailing zeros dropped) and the fixed formats ``0``,
``0.0``, ``0.00``, ... and ``#,##0``, ``#,##0.0``, ``#,##0.00``, ... (up to 30 ``0`` after
the point; the grouping does not change the value). Every other format is unsupported for a
float tail. Percent formats are refused before this rule (``cells.py``).
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Final

SIX_PLACES: Final = Decimal("0.000001")
EXCEL_DIGITS: Final = 15
MAX_FORMAT_PLACES: Final = 30
_FIXED: Final = re.compile(r"(?:#,##)?0(?:\.(0+))?")


def _text(value: Decimal) -> str:
    """Plain decimal text without exponent and without trailing fractional zeros."""
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def excel_precision(value: Decimal) -> Decimal:
    """``value`` rounded half-up to 15 significant digits."""
    if not value:
        return value
    with localcontext() as ctx:
        ctx.prec = EXCEL_DIGITS
        ctx.rounding = ROUND_HALF_UP
        return +value


def displayed(value: float, number_format: str) -> Decimal | None:
    """The value ``number_format`` displays for ``value``, or ``None`` if unsupported."""
    shown = excel_precision(Decimal(value))
    if number_format == "General":
        return shown
    match = _FIXED.fullmatch(number_format)
    if match is None:
        return None
    places = len(match.group(1) or "")
    if places > MAX_FORMAT_PLACES:
        return None
    with localcontext() as ctx:
        ctx.prec = 2 * MAX_FORMAT_PLACES
        return shown.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def float_to_text(value: float | int, number_format: str) -> tuple[str, bool] | str:
    """``(decimal text, rounded_tail)`` for a numeric cell, or an error code.

    The text then goes through the contract's number grammar like any typed text, so a
    negative or huge value gets the calculator's own code.
    """
    if isinstance(value, int):
        return str(value), False
    if not math.isfinite(value):
        return "non_finite_number"
    shortest = Decimal(repr(value))
    exponent = shortest.as_tuple().exponent
    assert isinstance(exponent, int)
    if exponent >= -6:
        return _text(shortest), False
    nearest = Decimal(value).quantize(SIX_PLACES, rounding=ROUND_HALF_UP)
    shown = displayed(value, number_format)
    if shown is None:
        return "unsupported_number_format"
    if shown != nearest:
        return "float_tail_not_displayed"
    return _text(nearest), True
