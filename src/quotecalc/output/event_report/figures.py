"""The event report's figures: money padded to one number of places across the page
(decision 35.40) and grouped by thousands; quantities grouped."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from ..people import MINOR_UNITS, pad, places

BASELINES: Final = ("singleSupplier", "cheapestPerItem")


def grouped(value: str) -> str:
    """A decimal string with its whole part grouped by thousands: ``12345.60`` -> ``12,345.60``."""
    sign = "-" if value.startswith("-") else ""
    whole, dot, fraction = value.lstrip("-").partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        whole, tail = whole[:-3], whole[-3:]
        groups.insert(0, tail)
    return sign + ",".join([whole, *groups]) + dot + fraction


AWARD_MONEY: Final = ("landedTotal", "lowerBound")
LINE_MONEY: Final = ("packPrice", "goodsSubtotal")
SUPPLIER_MONEY: Final = ("goodsSubtotal", "discount", "freight", "otherFees", "landedTotal")


def _award_amounts(shown: Mapping[str, Any] | None) -> Iterable[Any]:
    if not isinstance(shown, Mapping):
        return
    for key in AWARD_MONEY:
        yield shown.get(key)
    for line in shown.get("lines") or ():
        yield from (line.get(key) for key in LINE_MONEY)
    for entry in shown.get("suppliers") or ():
        yield from (entry.get(key) for key in SUPPLIER_MONEY)


def _amounts(document: Mapping[str, Any]) -> Iterable[Any]:
    """Every amount of money the report shows in the event's currency: the award's, the
    baselines' totals and savings (not the baselines' lines, which it does not show)."""
    yield from _award_amounts(document.get("award"))
    for name in BASELINES:
        entry = (document.get("baselines") or {}).get(name) or {}
        shown = entry.get("award")
        yield shown.get("landedTotal") if isinstance(shown, Mapping) else None
        yield entry.get("saving")


def _originals(document: Mapping[str, Any], currency: str) -> Iterable[Any]:
    """The converted figures as quoted in ``currency``."""
    for entry in document.get("conversions") or ():
        if entry.get("currency") == currency:
            yield from (entry.get("original") or {}).values()


def _places(amounts: Iterable[Any], currency: str | None) -> int:
    usual = MINOR_UNITS.get(currency or "", 2)
    return max([usual, *(places(value) for value in amounts if isinstance(value, str))])


def money_places_of(document: Mapping[str, Any], currency: str | None) -> int:
    """The one number of places every amount in the event's currency is shown with
    (decision 35.40): the currency's usual places (:data:`.people.MINOR_UNITS`, else two), or
    the most any such amount of the document has when that is more. Padding only: no amount
    is cut or rounded. A figure as quoted in another currency (a conversion's ``original``)
    is shown the same way with its own currency's places."""
    return _places(_amounts(document), currency)


class Money:
    """The report's one money format: grouped by thousands, padded to the page's places
    (:meth:`quoted`: those of a converted figure's own currency)."""

    def __init__(self, document: Mapping[str, Any], currency: str | None) -> None:
        self.document = document
        self.places = money_places_of(document, currency)

    def __call__(self, value: Any) -> str:
        return grouped(pad(str(value), self.places))

    def quoted(self, value: Any, currency: str) -> str:
        count = _places(_originals(self.document, currency), currency)
        return grouped(pad(str(value), count))


def with_currency(amount: str, currency: str | None) -> str:
    """``currency`` is already escaped for where it is shown."""
    return amount + ("" if currency is None else f" {currency}")
