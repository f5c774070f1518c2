"""Numbers for people (issues 21, 39): money in the one format, shares as percentages.

Presentation only: every value is one the engine or the analysis already wrote (a decimal
string, an exact ``"p/q"`` share); nothing here decides a result, and the exact values stay
in the JSON documents.

- :func:`money` is the one money format of every page, text report and workbook (issue 39):
  grouped by thousands, with the currency's own places (ISO 4217 minor units:
  :data:`MINOR_UNITS`, two for any other currency or none given). Only zeros are added: an
  amount exact to more places than its currency's keeps every digit (``0.308333`` stays
  ``0.308333``; ``1234.5`` reads ``1,234.50``; ``0.00000`` reads ``0.00``, since its zeros
  beyond the currency's places are no digits of the amount). Nothing is rounded: the money
  is exact, and the only display rounding the contract has (a ratio's six places, half up)
  is the engine's, already in the document. A cost per delivered unit is money too.
- :func:`money_places` is the number of places :func:`money` shows for an amount: what a
  workbook's number format shows for the same cell (``#,##0.00``), so a workbook reads as the
  page does.
- :func:`percent` shows an exact share (``"7/12"``) as a percentage with one decimal, rounded
  once, half-up: ``58.3 %`` (``58.3%`` in Chinese). No float.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Final

from .wording import say


def tenths_half_up(value: Fraction) -> int:
    """``value`` in tenths, rounded once half-up (away from zero)."""
    tenths = (abs(value) * 20 + 1) // 2
    return -int(tenths) if value < 0 else int(tenths)


def percent(share: str | Fraction, lang: str = "en") -> str:
    """An exact share (``"p/q"``, ``"0.25"`` or a Fraction) as ``58.3 %`` (one decimal)."""
    tenths = tenths_half_up(Fraction(share) * 100)
    sign = "-" if tenths < 0 else ""
    whole, rest = divmod(abs(tenths), 10)
    return say(lang, "percent", value=f"{sign}{whole}.{rest}")


def grouped(value: str) -> str:
    """A decimal string with its whole part grouped by thousands, nothing else changed:
    ``12345`` -> ``12,345`` (the quantities beside the money)."""
    sign = "-" if value.startswith("-") else ""
    whole, dot, fraction = value.lstrip("-").partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        whole, tail = whole[:-3], whole[-3:]
        groups.insert(0, tail)
    return sign + ",".join([whole, *groups]) + dot + fraction


def places(value: str) -> int:
    """The number of decimal places a decimal string shows."""
    _, dot, fraction = value.partition(".")
    return len(fraction) if dot else 0


# ISO 4217 minor units that are not 2 (the usual places of every other currency).
MINOR_UNITS: Final = {
    **dict.fromkeys(
        ("BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND",
         "VUV", "XAF", "XOF", "XPF"),
        0,
    ),
    **dict.fromkeys(("BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"), 3),
}  # fmt: skip


def currency_places(currency: str | None) -> int:
    """The usual places of ``currency``: its ISO 4217 minor units, else two."""
    return MINOR_UNITS.get(currency or "", 2)


def money_places(value: str | int | Decimal, currency: str | None = None) -> int:
    """The places :func:`money` shows ``value`` with: the currency's, or the amount's own
    when it is exact to more (its trailing zeros beyond the currency's are no digits)."""
    _, digits, exponent = Decimal(str(value)).as_tuple()
    assert isinstance(exponent, int), "an amount is finite"
    shown = max(-exponent, 0)
    kept = len(digits)
    # Trailing zeros of the fraction are no digits of the amount (all of them for a zero).
    while shown > 0 and (kept == 0 or digits[kept - 1] == 0):
        kept = max(kept - 1, 0)
        shown -= 1
    return max(currency_places(currency), shown)


def money(value: str | int | Decimal, currency: str | None = None) -> str:
    """An amount in the one money format (module docstring): ``1,234.50``. Never rounded."""
    return f"{Decimal(str(value)):,.{money_places(value, currency)}f}"
