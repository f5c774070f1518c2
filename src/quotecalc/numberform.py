"""The number forms every numeric field accepts (CONTRACT §4.2, §16 "Numbers").

A numeric field takes a JSON number literal or a string holding a plain decimal: ``0`` or
``[1-9][0-9]*``, optionally ``.`` and 1 to 6 digits. Anything else gets exactly one code, by
this precedence: ``number_too_long`` > ``non_finite_number`` > ``negative_value`` >
``exponent_not_allowed`` > ``too_many_decimals`` > ``invalid_number_format``. Accepted text is
converted straight to :class:`~decimal.Decimal`, never through float.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

MAX_NUMBER_CHARS: Final = 48

PLAIN_DECIMAL_PATTERN: Final = r"(0|[1-9][0-9]*)(\.[0-9]{1,6})?"
_PLAIN: Final = re.compile(PLAIN_DECIMAL_PATTERN)
_NON_FINITE: Final = re.compile(r"[+-]?(inf|infinity|nan|snan)", re.IGNORECASE | re.ASCII)
_EXPONENT: Final = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)[eE][+-]?[0-9]+")
_LONG_FRACTION: Final = re.compile(r"[+-]?[0-9]*\.[0-9]{7,}")

# The defect checks after the length check, highest precedence first: (code, matches?).
_DEFECTS: Final = (
    ("non_finite_number", _NON_FINITE.fullmatch),
    ("negative_value", lambda text: text.startswith("-")),
    ("exponent_not_allowed", _EXPONENT.fullmatch),
    ("too_many_decimals", _LONG_FRACTION.fullmatch),
)


def read_number_text(text: str) -> Decimal | str:
    """The exact Decimal written in ``text``, or the one error code for its defect."""
    if len(text) > MAX_NUMBER_CHARS:
        return "number_too_long"
    if _PLAIN.fullmatch(text):
        return Decimal(text)
    for code, matches in _DEFECTS:
        if matches(text):
            return code
    return "invalid_number_format"
