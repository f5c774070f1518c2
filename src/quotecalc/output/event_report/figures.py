"""The event report's figures: every amount in the one money format of the event's currency
(:func:`quotecalc.output.people.money`; a figure as quoted in another currency in that
currency's), quantities grouped by thousands (:func:`quotecalc.output.people.grouped`)."""

from __future__ import annotations

from typing import Any, Final

from ..people import currency_places, money

BASELINES: Final = ("singleSupplier", "cheapestPerItem")
BASELINE_WORDS: Final = {
    "singleSupplier": "single_supplier",
    "cheapestPerItem": "cheapest_per_item",
}
"""The words of each baseline (the catalog's keys)."""
SUPPLIER_MONEY: Final = ("goodsSubtotal", "discount", "freight", "otherFees", "landedTotal")


class Money:
    """The event's amounts shown: in the event's currency (``places``: its usual places, what
    the page says once), or as quoted in another (:meth:`quoted`)."""

    def __init__(self, currency: str | None) -> None:
        self.currency = currency
        self.places = currency_places(currency)

    def __call__(self, value: Any) -> str:
        return money(str(value), self.currency)

    def quoted(self, value: Any, currency: str) -> str:
        return money(str(value), currency)


def with_currency(amount: str, currency: str | None) -> str:
    """``currency`` is already escaped for where it is shown."""
    return amount + ("" if currency is None else f" {currency}")
