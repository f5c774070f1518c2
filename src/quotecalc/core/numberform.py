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
# Every accepted number is matched against this one, so it is compiled at import.
_PLAIN: Final = re.compile(PLAIN_DECIMAL_PATTERN)
# Whether a text (of at most MAX_NUMBER_CHARS) is an accepted plain decimal: the validator's
# happy path tests this directly before any of the error machinery below.
is_plain_decimal: Final = _PLAIN.fullmatch
# The same pattern for a whole column joined by newlines (no accepted text holds one): one
# match instead of one per value (docs/performance.md, "Performance, third pass").
_PLAIN_LINES: Final = re.compile(f"{PLAIN_DECIMAL_PATTERN}(?:\n{PLAIN_DECIMAL_PATTERN})*")


def all_plain_decimals(texts: list[str]) -> bool:
    """Whether every text of a non-empty list of ``str`` is a plain decimal of at most
    :data:`MAX_NUMBER_CHARS` (what :func:`is_plain_decimal` says of each, in one pass)."""
    joined = "\n".join(texts)
    # A text holding a newline could split into two plain ones: the count rules that out.
    return (
        max(map(len, texts)) <= MAX_NUMBER_CHARS
        and joined.count("\n") == len(texts) - 1
        and _PLAIN_LINES.fullmatch(joined) is not None
    )


# The defect checks after the length check, highest precedence first: (code, pattern the whole
# text matches, or None for the sign test). They serve only rejected numbers, so each pattern
# is compiled on first use (``re`` caches it) rather than on every process start.
_DEFECTS: Final = (
    ("non_finite_number", r"(?ai)[+-]?(inf|infinity|nan|snan)"),
    ("negative_value", None),
    ("exponent_not_allowed", r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)[eE][+-]?[0-9]+"),
    ("too_many_decimals", r"[+-]?[0-9]*\.[0-9]{7,}"),
)


def read_number_text(text: str) -> Decimal | str:
    """The exact Decimal written in ``text``, or the one error code for its defect."""
    if len(text) > MAX_NUMBER_CHARS:
        return "number_too_long"
    if _PLAIN.fullmatch(text):
        return Decimal(text)
    for code, pattern in _DEFECTS:
        if text.startswith("-") if pattern is None else re.fullmatch(pattern, text):
            return code
    return "invalid_number_format"
