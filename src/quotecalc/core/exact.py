"""Exact numbers: the one Decimal context, exact ratios, and the one display rounding.

CONTRACT §7 and §13: sums and products are exact even at the extremes (10^9 packs times a
10^15 price with 6 decimals needs more than Decimal's default 28 digits), so every money
operation goes through :data:`EXACT`, which traps ``Inexact`` and ``Rounded`` instead of
silently rounding. Ratios (cost per unit, components, scores) are kept as exact integer
fractions (:class:`Ratio`) and rounded exactly once, ROUND_HALF_UP to 6 places, when shown.
"""

from __future__ import annotations

import decimal
from collections.abc import Iterable
from decimal import Decimal
from itertools import repeat
from typing import Final, cast

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
        # int and Decimal both give their exact (numerator, denominator).
        n_num, n_den = numerator.as_integer_ratio()
        d_num, d_den = denominator.as_integer_ratio()
        return cls(n_num * d_den, n_den * d_num)


def format_ratio(ratio: Ratio) -> str:
    """Round once, ROUND_HALF_UP, to exactly 6 places (CONTRACT §13): ``"0.333333"``."""
    return _half_up(((ratio.numerator, ratio.denominator),))[0]


def format_ratios(numerators: Iterable[int], denominator: int) -> list[str]:
    """:func:`format_ratio` of each ``numerator / denominator`` (one shared denominator): a
    ranking's distinct scores in one pass."""
    return _half_up(zip(numerators, repeat(denominator)))


def format_ratio_column(ratios: Iterable[Ratio | None]) -> list[str | None]:
    """:func:`format_ratio` of each ratio, ``None`` kept: a whole column in one pass."""
    pairs = [None if r is None else (r.numerator, r.denominator) for r in ratios]
    # Each distinct value once: a column of components repeats values (lead days, scores).
    distinct = dict.fromkeys([pair for pair in pairs if pair is not None])
    shown: dict[tuple[int, int] | None, str | None] = {None: None}
    shown.update(zip(distinct, _half_up(distinct), strict=True))
    return list(map(shown.__getitem__, pairs))


def _half_up(pairs: Iterable[tuple[int, int]]) -> list[str]:
    """The one display rounding, for each ``(numerator, denominator)``: half-up on a
    non-negative fraction is ``floor(x * 10^6 + 1/2) = (2 n 10^6 + d) // 2d``, in integers."""
    scaled = [
        (numerator * _TWICE_SCALE + denominator) // (denominator + denominator)
        for numerator, denominator in pairs
    ]
    # divmod in C, and zfill rather than a format spec: about a quarter less per value.
    return [
        f"{units}.{str(fraction).zfill(DISPLAY_PLACES)}"
        for units, fraction in map(divmod, scaled, repeat(_SCALE))
    ]


def format_exact(value: Decimal | int) -> str:
    """An exact value in plain notation, keeping a Decimal's own digits (``"35.00"``)."""
    text = format_exacts((value,))[0]
    assert text is not None
    return text


def format_exacts(values: Iterable[Decimal | int | None]) -> list[str | None]:
    """:func:`format_exact` of each value, ``None`` kept: a whole column in one pass."""
    column = list(values)
    # A column of one type (the usual case) is formatted by C-level maps; the general rule
    # below gives the same text for each value.
    kinds = set(map(type, column))
    if kinds == _INT_ONLY:
        return list(map(str, column))
    if kinds == _DECIMAL_ONLY:
        # str() writes format(value, "f") whenever it writes only digits, points and signs
        # (not exponent notation, which has an "E" or "e", nor NaN or Infinity).
        texts = list(map(str, column))
        if not "".join(texts).lstrip(_PLAIN_CHARS):
            return cast("list[str | None]", texts)
    return [
        None if value is None else str(value) if isinstance(value, int) else format(value, "f")
        for value in column
    ]


def format_exact_values(values: Iterable[Decimal | int | Ratio | None]) -> list[str | None]:
    """:func:`format_exacts`, where a value may also be an exact :class:`Ratio` (a constraint
    row reading ``ratio_of(...)``, ``docs/extending.md``): written exactly, never rounded --
    as a plain decimal when it has one (``5/2`` is ``"2.5"``), else as ``"p/q"`` in lowest
    terms (``10/3``). A column without a ratio is :func:`format_exacts`' own."""
    column = list(values)
    if not any(isinstance(value, Ratio) for value in column):
        return format_exacts(column)  # type: ignore[arg-type]
    return [
        exact_ratio_text(value) if isinstance(value, Ratio) else format_exacts((value,))[0]
        for value in column
    ]


def exact_ratio_text(ratio: Ratio) -> str:
    """A ratio written exactly: its plain decimal when its denominator in lowest terms has no
    prime factor but 2 and 5, else ``"p/q"`` in lowest terms."""
    from math import gcd  # only a ratio-valued constraint's: off the fixed call's path

    common = gcd(ratio.numerator, ratio.denominator)
    numerator, denominator = ratio.numerator // common, ratio.denominator // common
    twos = fives = 0
    rest = denominator
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:
        return f"{numerator}/{denominator}"
    places = max(twos, fives)
    scaled = numerator * 10**places // denominator
    if places == 0:
        return str(scaled)
    whole, fraction = divmod(scaled, 10**places)
    return f"{whole}.{str(fraction).zfill(places)}"


_INT_ONLY: Final = {int}
_DECIMAL_ONLY: Final = {Decimal}
_PLAIN_CHARS: Final = "0123456789.-"


def scaled_integer(value: Decimal | int, places: int) -> int:
    """``value * 10^places`` as an int; the value must have at most ``places`` decimals."""
    return scaled_integers((value,), places)[0]


def scaled_integers(values: Iterable[Decimal | int], places: int) -> list[int]:
    """:func:`scaled_integer` of each value: a whole column in one pass."""
    scale = 10**places
    pairs = [value.as_integer_ratio() for value in values]
    if any(scale % denominator for denominator in {denominator for _, denominator in pairs}):
        raise ArithmeticError("value has more decimals than the scale allows")
    return [numerator * (scale // denominator) for numerator, denominator in pairs]


def decimal_places(values: Iterable[Decimal]) -> int:
    """The most fractional digits any value needs (``1.50`` needs 1): the places an exact
    integer scale of the values must cover (the planner's key, the award's model)."""
    places = 0
    for value in values:
        exponent = value.normalize().as_tuple().exponent
        assert isinstance(exponent, int)
        places = max(places, -exponent)
    return places


def scaled(value: Decimal, scale: int) -> int:
    """``value * scale`` as an exact integer; ``scale`` must cover every decimal place."""
    numerator, denominator = EXACT.multiply(value, scale).as_integer_ratio()
    assert denominator == 1
    return numerator
