"""Stage 2b (on request only), conversions the buyer states (issue 27,
``docs/conversions.md``).

Inserted after ``validate`` by ``make_pipeline(convert=True)`` (the ``--convert`` comparison)
and by the plan pipeline; the fixed pipeline never has it.

- A quote whose ``currency`` differs from the request's, with a rate given from that currency
  to the request's, is converted: ``packPrice``, ``freight``, ``otherFees`` and each price
  break's ``packPrice`` are multiplied by the rate exactly (Decimal, never rounded), and its
  currency becomes the request's. Only the stated direction is used: no inverse, no cross rate
  through a third currency. A quote with no rate is left as it is, so comparability still
  finds it not comparable, as without rates.
- What was converted, from what, at which rate, is kept beside the request
  (:class:`~quotecalc.core.conversion_rules.ConversionReport`); a rate no quote used is listed
  there, not refused.

Its cross-field rules (:func:`check_rate_pairs`, :func:`check_balance_suppliers`) run in the
validator of those pipelines.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from ..core.context import Context, FieldError, Fields, Request
from ..core.conversion_rules import (
    CONVERTED_FIELDS,
    Conversion,
    ConversionReport,
    Rate,
)
from ..core.exact import EXACT
from ..core.records import Record
from .validate import Errors


def check_rate_pairs(document: dict[str, Any], values: Mapping[str, Any], errors: Errors) -> None:
    """``same_currency_pair`` at a rate's ``to`` equal to its ``from``; ``duplicate_rate_pair``
    at a rate whose ``(from, to)`` an earlier one has."""
    seen: set[tuple[str, str]] = set()
    for index, entry in enumerate(values.get("exchangeRates") or ()):
        if entry is None or "from" not in entry or "to" not in entry:
            continue
        pair = (entry["from"], entry["to"])
        if pair[0] == pair[1]:
            errors.append(FieldError("same_currency_pair", f"/exchangeRates/{index}/to"))
        elif pair in seen:
            errors.append(FieldError("duplicate_rate_pair", f"/exchangeRates/{index}"))
        seen.add(pair)


def check_balance_suppliers(
    document: dict[str, Any], values: Mapping[str, Any], errors: Errors
) -> None:
    """``unknown_balance_supplier`` at a balance whose ``supplierId`` no quote has. A quote
    whose ``supplierId`` was not read (missing or invalid: already an error) could be the one
    named, so then no balance is reported."""
    quotes = values.get("quotes") or ()
    known = {None if quote is None else quote.get("supplierId") for quote in quotes}
    if None in known:
        return
    for index, entry in enumerate(values.get("balances") or ()):
        if entry is not None and "supplierId" in entry and entry["supplierId"] not in known:
            errors.append(FieldError("unknown_balance_supplier", f"/balances/{index}/supplierId"))


def rates_of(fields: Fields) -> tuple[Rate, ...]:
    """The request's exchange rates, in their order."""
    return tuple(
        Rate(index, entry["from"], entry["to"], entry["rate"], entry["asOf"], entry["source"])
        for index, entry in enumerate(fields.get("exchangeRates", ()))
    )


def convert_quote(quote: Fields, rate: Rate) -> tuple[Fields, Conversion]:
    """The quote in the rate's target currency, and what was converted."""
    converted: dict[str, Any] = dict(quote)
    converted["currency"] = rate.target_currency
    original = []
    for name in CONVERTED_FIELDS:
        if name in quote:
            original.append((name, quote[name]))
            converted[name] = EXACT.multiply(quote[name], rate.rate)
    breaks = quote.get("priceBreaks", ())
    if breaks:
        converted["priceBreaks"] = tuple(
            MappingProxyType({**entry, "packPrice": EXACT.multiply(entry["packPrice"], rate.rate)})
            for entry in breaks
        )
    conversion = Conversion(
        quote["supplierId"],
        quote["currency"],
        rate,
        tuple(original),
        tuple(entry["packPrice"] for entry in breaks),
    )
    return MappingProxyType(converted), conversion


@attrs.frozen(eq=False, repr=False)
class ConvertStage(Record):
    """Quotes in another currency, with a rate given, converted to the request's currency."""

    name: str = "convert"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None
        request = ctx.request
        rates = rates_of(request.fields)
        target = request.fields.get("currency")
        table: dict[tuple[object, object], Rate] = {
            (rate.source_currency, rate.target_currency): rate for rate in rates
        }
        quotes: list[Fields] = []
        conversions: list[Conversion | None] = []
        used: set[int] = set()
        for quote in request.quotes:
            rate = table.get((quote.get("currency"), target))
            if rate is None:
                quotes.append(quote)
                conversions.append(None)
                continue
            converted, conversion = convert_quote(quote, rate)
            quotes.append(converted)
            conversions.append(conversion)
            used.add(rate.index)
        report = ConversionReport(
            tuple(conversions),
            rates,
            tuple(rate.index for rate in rates if rate.index not in used),
        )
        if not report.converted:
            return attrs.evolve(ctx, conversion=report)
        return attrs.evolve(ctx, request=Request(request.fields, tuple(quotes)), conversion=report)

    def summary(self, ctx: Context) -> dict[str, object]:
        report = ctx.conversion
        if report is None:
            return {"converted": None}
        return {
            "converted": {
                entry.supplier_id: [entry.currency, entry.rate.index]
                for entry in report.conversions
                if entry is not None
            },
            "unusedRates": list(report.unused),
        }
