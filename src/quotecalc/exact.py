"""Exact numbers: the one Decimal context, exact ratios, and the one display rounding.

CONTRACT §7 and §13: sums and products are exact even at the extremes (10^9 packs times a
10^15 price with 6 decimals needs more than Decimal's default 28 digits), so every money
operation goes through :data:`EXACT`, which traps ``Inexact`` and ``Rounded`` instead of
silently rounding. Ratios (cost per unit, components, scores) are kept as exact integer
fractions (:class:`Ratio`) and rounded exactly once, ROUND_HALF_UP to 6 places, when shown.
"""

from __future__ import annotations

import decimal
from decimal import Decimal
from typing import Final

import attrs

from .records import Record

# 10^9 packs x 10^15 with 6 decimals is 31 digits; sums add one more. 60 leaves headroom.
EXACT: Final = decimal.Context(
    prec=60,
    rounding=decimal.ROUND_HALF_UP,
    traps=[
        decimal.Inexact,
        decimal.Rounded,
        decimal.InvalidOperation,
        decimal.Overflow,
        decimal.DivisionByZero,
    ],
)

DISPLAY_PLACES: Final = 6
_SCALE: Final = 10**DISPLAY_PLACES
_TWICE_SCALE: Final = 2 * _SCALE


@attrs.frozen(eq=False, repr=False)
class Ratio(Record):
    """An exact non-negative rational ``numerator / denominator`` (denominator > 0)."""

    numerator: int
    denominator: int

    @classmethod
    def of(cls, numerator: Decimal | int, denominator: Decimal | int) -> Ratio:
        """The exact quotient of two exact non-negative numbers."""
        n_num, n_den = _as_pair(numerator)
        d_num, d_den = _as_pair(denominator)
        return cls(n_num * d_den, n_den * d_num)


def _as_pair(value: Decimal | int) -> tuple[int, int]:
    if isinstance(value, int):
        return value, 1
    numerator, denominator = value.as_integer_ratio()
    return numerator, denominator


def format_ratio(ratio: Ratio) -> str:
    """Round once, ROUND_HALF_UP, to exactly 6 places (CONTRACT §13): ``"0.333333"``."""
    # Half-up on a non-negative fraction: floor(x * 10^6 + 1/2) = (2 n 10^6 + d) // 2d, all
    # in integers (this runs for every score shown: 700 times for 100 quotes).
    denominator = ratio.denominator
    scaled = (ratio.numerator * _TWICE_SCALE + denominator) // (denominator + denominator)
    whole, fraction = divmod(scaled, _SCALE)
    return f"{whole}.{fraction:06d}"


def format_exact(value: Decimal | int) -> str:
    """An exact value in plain notation, keeping a Decimal's own digits (``"35.00"``)."""
    if isinstance(value, int):
        return str(value)
    return format(value, "f")


def scaled_integer(value: Decimal | int, places: int) -> int:
    """``value * 10^places`` as an int; the value must have at most ``places`` decimals."""
    numerator, denominator = _as_pair(value)
    factor, remainder = divmod(10**places, denominator)
    if remainder:
        raise ArithmeticError("value has more decimals than the scale allows")
    return int(numerator * factor)
