"""Conversions the buyer states (issue 27, ``docs/conversions.md``): the rule rows of
``exchangeRates``, ``asOf`` and ``balances``, and the records the convert stage leaves.

The rows are read by the plan pipeline and by the ``--convert`` comparison, never by the fixed
call (whose ``unknown_key`` for them never changes):

- ``exchangeRates``: 1-50 ``{from, to, rate, asOf, source}``; ``rate`` is a decimal ``> 0``
  with up to 10 fractional digits, ``asOf`` a date, ``source`` a text of at most 256; one
  entry per ``(from, to)`` pair, ``from != to``.
- ``asOf`` (a date: quotecalc never reads the clock) and ``balances``: 1-100 prepaid balances
  ``{supplierId, units, expiresAt}`` in plan requests, ``{supplierId, itemId, units,
  expiresAt}`` in event requests.
"""

# The Chinese words of the doors use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

import attrs

from .fields import (
    OPTIONAL,
    REQUIRED,
    FieldDoors,
    Words,
    array_field,
    currency_field,
    date_field,
    integer_field,
    rate_field,
    text_field,
)
from .records import Record

MAX_RATES: Final = 50
MAX_BALANCES: Final = 100

RATE_FIELDS: Final = (
    currency_field("from", REQUIRED),
    currency_field("to", REQUIRED),
    rate_field("rate", REQUIRED),
    date_field("asOf", REQUIRED),
    text_field("source", REQUIRED, 256),
)
BALANCE_FIELDS: Final = (
    text_field("supplierId", REQUIRED, 64),
    integer_field("units", REQUIRED, positive=True),
    date_field("expiresAt", REQUIRED),
)
EVENT_BALANCE_FIELDS: Final = (
    text_field("supplierId", REQUIRED, 64),
    text_field("itemId", REQUIRED, 64),
    integer_field("units", REQUIRED, positive=True),
    date_field("expiresAt", REQUIRED),
)
RATE_ROOT_FIELDS: Final = (
    array_field("exchangeRates", OPTIONAL, RATE_FIELDS, min_items=1, max_items=MAX_RATES),
)
BALANCE_ROOT_FIELDS: Final = (
    date_field("asOf", OPTIONAL),
    array_field("balances", OPTIONAL, BALANCE_FIELDS, min_items=1, max_items=MAX_BALANCES),
)
EVENT_BALANCE_ROOT_FIELDS: Final = (
    date_field(
        "asOf",
        OPTIONAL,
        doors=FieldDoors(
            None,
            None,
            option="as_of",
            option_text="The event's date for prepaid balances, YYYY-MM-DD. Events only.",
            label=Words(
                "Balances as of (YYYY-MM-DD, optional)", "预付余额日期（YYYY-MM-DD，可选）"
            ),
        ),
    ),
    array_field("balances", OPTIONAL, EVENT_BALANCE_FIELDS, min_items=1, max_items=MAX_BALANCES),
)
# The money fields a conversion multiplies: the quote's own, and each price break's price.
CONVERTED_FIELDS: Final = ("packPrice", "freight", "otherFees")


def balance_fates(
    balances: Iterable[Mapping[str, Any]],
    as_of: date | None,
    needs: Mapping[Hashable, int],
    need_of: Callable[[Mapping[str, Any]], Hashable],
    takes_part: Callable[[Mapping[str, Any]], bool],
) -> tuple[list[tuple[str, int]], dict[Hashable, int]]:
    """Each prepaid balance's fate and units used, in request order, and the units they cover
    per need (``need_of`` names the need a balance is for: the plan's one need, or an event's
    item). A balance covers units of its need at no cash when its supplier ``takes_part`` and
    it has not expired at ``asOf`` (one expiring on ``asOf`` is still usable that day);
    balances apply in request order until their need is covered. Without ``asOf`` every
    balance is ``expired`` here (the gates refuse that case before)."""
    covered = dict.fromkeys(needs, 0)
    fates = []
    for entry in balances:
        need = need_of(entry)
        used = 0
        if not takes_part(entry):
            status = "quote_not_usable"
        elif as_of is None or entry["expiresAt"] < as_of:
            status = "expired"
        elif covered[need] == needs[need]:
            status = "not_needed"
        else:
            used = min(entry["units"], needs[need] - covered[need])
            covered[need] += used
            status = "used"
        fates.append((status, used))
    return fates, covered


@attrs.frozen(eq=False, repr=False)
class Rate(Record):
    """One exchange rate as given, with its position in ``exchangeRates``."""

    index: int
    source_currency: str
    target_currency: str
    rate: Decimal
    as_of: date
    source: str


@attrs.frozen(eq=False, repr=False)
class Conversion(Record):
    """One converted quote: its own currency and money as given, and the rate applied."""

    supplier_id: str
    currency: str
    rate: Rate
    original: tuple[tuple[str, Decimal], ...]
    """The converted fields as given, ``(name, value)`` in :data:`CONVERTED_FIELDS` order."""
    original_breaks: tuple[Decimal, ...] = ()
    """Each price break's ``packPrice`` as given (plan requests)."""


@attrs.frozen(eq=False, repr=False)
class Span(Record):
    """The rates over which ``supplier_id`` stays among the cheapest: ``low`` to ``high``
    (``None``: no end on that side), and the quotes cheaper just beyond each end."""

    supplier_id: str
    low: Fraction | None
    low_takers: tuple[str, ...]
    high: Fraction | None
    high_takers: tuple[str, ...]


@attrs.frozen(eq=False, repr=False)
class RateSensitivity(Record):
    """For one rate that converted a quote: the spans of the quotes cheapest at it."""

    rate: Rate
    spans: tuple[Span, ...]


@attrs.frozen(eq=False, repr=False)
class ConversionReport(Record):
    """What the convert stage did: one entry per quote (``None``: not converted), the rates
    given, and the positions of those no quote used (reported, not an error)."""

    conversions: tuple[Conversion | None, ...]
    rates: tuple[Rate, ...]
    unused: tuple[int, ...]
    sensitivity: tuple[RateSensitivity, ...] = ()
    """Filled by the rate-sensitivity stage (the ``--convert`` comparison)."""

    @property
    def converted(self) -> bool:
        """Whether any quote was converted."""
        return any(entry is not None for entry in self.conversions)
