"""Stage 2b (on request only), conversions the buyer states (issue 27,
``docs/conversions.md``).

Inserted after ``validate`` in the ``convert`` kind's row (the ``--convert`` comparison)
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

from collections.abc import Callable, Mapping
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
    """``unknown_balance_supplier`` at a balance whose ``supplierId`` no quote has. Only
    accepted values are read: when a quote's own ``supplierId`` was refused, no balance can be
    said to name an unknown one (that quote's error is reported already)."""
    quotes = [quote for quote in values.get("quotes") or () if quote is not None]
    known = {quote.get("supplierId") for quote in quotes}
    if None in known or len(quotes) < len(values.get("quotes") or ()):
        return
    for index, entry in enumerate(values.get("balances") or ()):
        if entry is not None and "supplierId" in entry and entry["supplierId"] not in known:
            errors.append(FieldError("unknown_balance_supplier", f"/balances/{index}/supplierId"))


def check_event_balances(
    document: dict[str, Any], values: Mapping[str, Any], errors: Errors
) -> None:
    """``unknown_balance_supplier`` / ``unknown_balance_item`` at an event balance whose
    ``supplierId`` no supplier has, or whose ``itemId`` no item has; each only when every
    supplier's (item's) own id was accepted, as :func:`check_balance_suppliers`."""
    suppliers = _accepted_ids(values.get("suppliers"), "supplierId")
    items = _accepted_ids(values.get("items"), "itemId")
    for index, entry in enumerate(values.get("balances") or ()):
        if entry is None:
            continue
        supplier_id, item_id = entry.get("supplierId"), entry.get("itemId")
        if suppliers is not None and supplier_id is not None and supplier_id not in suppliers:
            errors.append(FieldError("unknown_balance_supplier", f"/balances/{index}/supplierId"))
        if items is not None and item_id is not None and item_id not in items:
            errors.append(FieldError("unknown_balance_item", f"/balances/{index}/itemId"))


def _accepted_ids(entries: Any, key: str) -> set[str] | None:
    """Every entry's ``key``, or ``None`` when an entry or its id was refused."""
    found = set()
    for entry in entries or ():
        if entry is None or key not in entry:
            return None
        found.add(entry[key])
    return found


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


def convert_supplier(supplier: Fields, rate: Rate) -> tuple[Fields, Conversion]:
    """An event supplier in the rate's target currency (issue 27): its ``freight``,
    ``otherFees``, ``minimumOrderValue``, each spend tier's ``minimumSpend``, each offer's
    ``packPrice`` and each price break's ``packPrice`` multiplied by the rate exactly. What was
    converted is kept under its path within the supplier (``offers/0/packPrice``)."""
    converted: dict[str, Any] = dict(supplier)
    converted["currency"] = rate.target_currency
    original: list[tuple[str, Any]] = []

    def times(path: str, value: Any) -> Any:
        original.append((path, value))
        return EXACT.multiply(value, rate.rate)

    for name in ("freight", "otherFees", "minimumOrderValue"):
        if name in supplier:
            converted[name] = times(name, supplier[name])
    if "spendDiscounts" in supplier:
        converted["spendDiscounts"] = tuple(
            MappingProxyType(
                {
                    **tier,
                    "minimumSpend": times(f"spendDiscounts/{i}/minimumSpend", tier["minimumSpend"]),
                }
            )
            for i, tier in enumerate(supplier["spendDiscounts"])
        )
    offers = []
    for i, offer in enumerate(supplier["offers"]):
        changed: dict[str, Any] = dict(offer)
        if "packPrice" in offer:
            changed["packPrice"] = times(f"offers/{i}/packPrice", offer["packPrice"])
        if "priceBreaks" in offer:
            changed["priceBreaks"] = tuple(
                MappingProxyType(
                    {
                        **entry,
                        "packPrice": times(
                            f"offers/{i}/priceBreaks/{j}/packPrice", entry["packPrice"]
                        ),
                    }
                )
                for j, entry in enumerate(offer["priceBreaks"])
            )
        offers.append(MappingProxyType(changed))
    converted["offers"] = tuple(offers)
    conversion = Conversion(supplier["supplierId"], supplier["currency"], rate, tuple(original))
    return MappingProxyType(converted), conversion


def convert_all(
    fields: Fields,
    entries: tuple[Fields, ...],
    convert_one: Callable[[Fields, Rate], tuple[Fields, Conversion]],
) -> tuple[tuple[Fields, ...], ConversionReport]:
    """Each entry (a quote, or an event's supplier) with a rate from its ``currency`` to the
    request's, converted by ``convert_one``; the others as they are; and what was done."""
    rates = rates_of(fields)
    target = fields.get("currency")
    table: dict[tuple[object, object], Rate] = {
        (rate.source_currency, rate.target_currency): rate for rate in rates
    }
    shown: list[Fields] = []
    conversions: list[Conversion | None] = []
    for entry in entries:
        rate = table.get((entry.get("currency"), target))
        if rate is None:
            shown.append(entry)
            conversions.append(None)
            continue
        converted, conversion = convert_one(entry, rate)
        shown.append(converted)
        conversions.append(conversion)
    used = {found.rate.index for found in conversions if found is not None}
    unused = tuple(rate.index for rate in rates if rate.index not in used)
    return tuple(shown), ConversionReport(tuple(conversions), rates, unused)


@attrs.frozen(eq=False, repr=False)
class EventConvertStage(Record):
    """Event suppliers in another currency, with a rate given, converted to the event's."""

    name: str = "convert"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.event is not None
        event = ctx.event
        suppliers, report = convert_all(event.fields, event.suppliers, convert_supplier)
        if not report.converted:
            return attrs.evolve(ctx, conversion=report)
        return attrs.evolve(ctx, event=attrs.evolve(event, suppliers=suppliers), conversion=report)

    def summary(self, ctx: Context) -> dict[str, object]:
        return ConvertStage().summary(ctx)


@attrs.frozen(eq=False, repr=False)
class ConvertStage(Record):
    """Quotes in another currency, with a rate given, converted to the request's currency."""

    name: str = "convert"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None
        request = ctx.request
        quotes, report = convert_all(request.fields, request.quotes, convert_quote)
        if not report.converted:
            return attrs.evolve(ctx, conversion=report)
        return attrs.evolve(ctx, request=Request(request.fields, quotes), conversion=report)

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
