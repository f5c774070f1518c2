"""Exact regular expressions for plain decimal strings within bounds (CONTRACT §4.2).

The request schema states each numeric field's range as a pattern on its string form, digit by
digit, so that a string outside the range does not match; the result schema uses the echo
patterns. Only ECMA-262 basics are used (no look-around).
"""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Final

from ..core.fields import Bounds

# CONTRACT §4.2: at most 6 fractional digits in a plain decimal.
FRACTION_DIGITS: Final = 6
_SCALE: Final = 10**FRACTION_DIGITS


def _all(text: str, digit: str) -> bool:
    return all(char == digit for char in text)


def _digits(low: int, high: int) -> str:
    """``low..high`` more digits (any), as a regex; ``""`` for none."""
    if high == 0:
        return ""
    if low == high:
        return "[0-9]" if high == 1 else f"[0-9]{{{high}}}"
    if (low, high) == (0, 1):
        return "[0-9]?"
    return f"[0-9]{{{low},{high}}}"


def _digit_class(low: int, high: int) -> str:
    return str(low) if low == high else f"[{low}-{high}]"


def _alternation(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"


def _fixed_width(low: str, high: str) -> str:
    """Digit strings of exactly ``len(low)`` characters between ``low`` and ``high``."""
    width = len(low)
    if low == high:
        return low
    if _all(low, "0") and _all(high, "9"):
        return _digits(width, width)
    if low[0] == high[0]:
        return low[0] + _fixed_width(low[1:], high[1:])
    low_free, high_free = _all(low[1:], "0"), _all(high[1:], "9")
    first = int(low[0]) if low_free else int(low[0]) + 1
    last = int(high[0]) if high_free else int(high[0]) - 1
    parts = []
    if not low_free:
        parts.append(low[0] + _fixed_width(low[1:], "9" * (width - 1)))
    if first <= last:
        parts.append(_digit_class(first, last) + _digits(width - 1, width - 1))
    if not high_free:
        parts.append(high[0] + _fixed_width("0" * (width - 1), high[1:]))
    return _alternation(parts)


def _integer_range(low: int, high: int) -> str:
    """Canonical integers (no leading zeros) from ``low`` to ``high`` inclusive."""
    parts: list[str] = []
    if low == 0:
        parts.append("0")
        low = 1
    full: list[int] = []  # digit counts whose whole range is allowed, merged into one part

    def flush() -> None:
        if full:
            parts.append("[1-9]" + _digits(full[0] - 1, full[-1] - 1))
            full.clear()

    for width in range(len(str(low)), len(str(high)) + 1) if low <= high else ():
        start, end = max(low, 10 ** (width - 1)), min(high, 10**width - 1)
        if (start, end) == (10 ** (width - 1), 10**width - 1):
            full.append(width)
        else:
            flush()
            parts.append(_fixed_width(str(start), str(end)))
    flush()
    return _alternation(parts)


def _fraction(low: str, high: str) -> str:
    """Non-empty digit strings whose right zero-padding to ``len(low)`` is in [low, high]."""
    width = len(low)
    if _all(low, "0") and _all(high, "9"):
        return "[0-9]" + ("" if width == 1 else f"{{1,{width}}}")
    if _all(low, "0") and _all(high, "0"):
        return "0" + ("" if width == 1 else f"{{1,{width}}}")
    if low[0] == high[0]:
        return low[0] + _fraction_rest(low[1:], high[1:])
    low_free, high_free = _all(low[1:], "0"), _all(high[1:], "9")
    first = int(low[0]) if low_free else int(low[0]) + 1
    last = int(high[0]) if high_free else int(high[0]) - 1
    parts = []
    if not low_free:
        parts.append(low[0] + _fraction_rest(low[1:], "9" * (width - 1)))
    if first <= last:
        parts.append(_digit_class(first, last) + _digits(0, width - 1))
    if not high_free:
        parts.append(high[0] + _fraction_rest("0" * (width - 1), high[1:]))
    return _alternation(parts)


def _fraction_rest(low: str, high: str) -> str:
    """Like :func:`_fraction` but the empty string too when it pads into range."""
    if not low:
        return ""
    if not _all(low, "0"):
        return _fraction(low, high)
    if _all(high, "9"):
        return _digits(0, len(low))
    if _all(high, "0"):
        return "0?" if len(low) == 1 else f"0{{0,{len(low)}}}"
    return f"(?:{_fraction(low, high)})?"


def _fraction_part(low: int, high: int) -> str:
    """``.digits`` whose scaled value is in [low, high]; optional when 0 is allowed."""
    digits = _fraction(str(low).zfill(FRACTION_DIGITS), str(high).zfill(FRACTION_DIGITS))
    return f"(?:\\.{digits})?" if low == 0 else f"\\.{digits}"


def _integral(value: Decimal, rounding: str) -> int:
    return int(value.to_integral_value(rounding=rounding))


def number_string_pattern(bounds: Bounds, *, integral: bool) -> str:
    """The exact regex of the plain decimal strings (CONTRACT §4.2) whose value is within
    ``bounds`` -- and integral, for integer fields (``"5"``, ``"5.000000"``).

    ``0`` or ``[1-9][0-9]*``, optionally ``.`` and 1-6 digits; the range is spelt out digit by
    digit, so a string outside it does not match. Only ECMA-262 basics are used (classes,
    counted repetition, non-capturing groups, ``^``/``$``), no look-around.
    """
    low, high = max(bounds.low, Decimal(0)), bounds.high
    if integral:
        first = (
            _integral(low, ROUND_FLOOR) + 1 if bounds.low_open else _integral(low, ROUND_CEILING)
        )
        last = (
            _integral(high, ROUND_CEILING) - 1 if bounds.high_open else _integral(high, ROUND_FLOOR)
        )
        if first > last:
            raise ValueError("the bounds hold no integer")
        return f"^{_integer_range(first, last)}(?:\\.0{{1,{FRACTION_DIGITS}}})?$"
    low, high = low * _SCALE, high * _SCALE
    first = _integral(low, ROUND_FLOOR) + 1 if bounds.low_open else _integral(low, ROUND_CEILING)
    last = _integral(high, ROUND_CEILING) - 1 if bounds.high_open else _integral(high, ROUND_FLOOR)
    if first > last:
        raise ValueError("the bounds hold no 6-decimal value")
    first_whole, first_fraction = divmod(first, _SCALE)
    last_whole, last_fraction = divmod(last, _SCALE)
    if first_whole == last_whole:
        parts = [str(first_whole) + _fraction_part(first_fraction, last_fraction)]
    else:
        parts = []
        full_from = first_whole if first_fraction == 0 else first_whole + 1
        full_to = last_whole if last_fraction == _SCALE - 1 else last_whole - 1
        if first_fraction != 0:
            parts.append(str(first_whole) + _fraction_part(first_fraction, _SCALE - 1))
        if full_from <= full_to:
            parts.append(_integer_range(full_from, full_to) + _fraction_part(0, _SCALE - 1))
        if last_fraction != _SCALE - 1:
            parts.append(str(last_whole) + _fraction_part(0, last_fraction))
    return f"^{_alternation(parts)}$"


def integer_echo_pattern(bounds: Bounds) -> str:
    """Canonical integer strings within ``bounds`` (how integer fields are echoed, §4.2)."""
    pattern = number_string_pattern(bounds, integral=True)
    return pattern.removesuffix(f"(?:\\.0{{1,{FRACTION_DIGITS}}})?$") + "$"
