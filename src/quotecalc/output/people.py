"""Numbers for people (issue 21): shares as percentages, money with consistent places.

Presentation only: every value is one the engine or the analysis already wrote (an exact
``"p/q"`` share, a decimal string); nothing here decides a result. The exact values stay in
the JSON documents.

- :func:`percent` shows an exact share (``"7/12"``) as a percentage with one decimal, rounded
  once, half-up: ``58.3 %`` (``58.3%`` in Chinese). No float.
- :func:`money_places` and :func:`pad` show a column of decimal amounts with the same number
  of places (the most any of them has): ``415.5`` next to ``370.00`` reads ``415.50``. Padding
  adds zeros only, so no amount changes.
- :func:`money` is the pages' one money format (issue 29): an amount exact in its currency's
  usual places (two; none for the currencies of :data:`MINOR_UNITS` with 0, three for those
  with 3) is shown with exactly those places, any other with all its digits (trailing zeros
  beyond the usual places dropped, nothing rounded): ``103`` and ``103.0`` both read
  ``103.00``, ``0.308333`` stays ``0.308333``.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Final

PERCENT_SIGN: Final = {"en": " %", "zh": "%"}


def tenths_half_up(value: Fraction) -> int:
    """``value`` in tenths, rounded once half-up (away from zero)."""
    tenths = (abs(value) * 20 + 1) // 2
    return -int(tenths) if value < 0 else int(tenths)


def percent(share: str | Fraction, lang: str = "en") -> str:
    """An exact share (``"p/q"``, ``"0.25"`` or a Fraction) as ``58.3 %`` (one decimal)."""
    tenths = tenths_half_up(Fraction(share) * 100)
    sign = "-" if tenths < 0 else ""
    whole, rest = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{rest}{PERCENT_SIGN[lang]}"


def places(value: str) -> int:
    """The number of decimal places a decimal string shows."""
    _, dot, fraction = value.partition(".")
    return len(fraction) if dot else 0


def money_places(values: Iterable[str | None]) -> int:
    """The places a column of amounts is shown with: the most any known amount has."""
    return max((places(v) for v in values if v is not None), default=0)


def pad(value: str, count: int) -> str:
    """``value`` with zeros appended to ``count`` places (never cut: a longer value stays)."""
    shown = places(value)
    if shown >= count:
        return value
    return value + ("." if shown == 0 else "") + "0" * (count - shown)


# ISO 4217 minor units that are not 2 (the usual places of every other currency).
MINOR_UNITS: Final = {
    **dict.fromkeys(
        ("BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND",
         "VUV", "XAF", "XOF", "XPF"),
        0,
    ),
    **dict.fromkeys(("BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"), 3),
}  # fmt: skip


def money(value: str, currency: str | None = None) -> str:
    """An amount in the pages' one money format (module docstring); no rounding."""
    usual = MINOR_UNITS.get(currency or "", 2)
    exact = Decimal(value)
    if exact == exact.quantize(Decimal(1).scaleb(-usual)):
        return f"{exact:.{usual}f}"
    digits = format(exact.normalize(), "f")
    return digits
