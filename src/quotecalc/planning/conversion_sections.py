"""The conversion sections every document with conversions shares (issue 27,
``docs/conversions.md``): the converted quotes with their provenance, the rates no quote used,
the rate spans, the limitation that replaces ``no_conversion``, and a plan's balances.

Nothing is computed here but the display of the stages' values: money by
:func:`quotecalc.core.exact.format_exact`, ratios rounded once by
:func:`~quotecalc.core.exact.format_ratio`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.codes import CONVERSION_LIMITATION_MESSAGES
from ..core.context import Fields
from ..core.conversion_rules import Conversion, ConversionReport, Rate, Span
from ..core.exact import Ratio, format_exact, format_ratio
from ..core.plan_rules import PurchasePlan

CONVERTED: str = "converted_at_given_rates"


def conversion_limitation() -> dict[str, str]:
    """The limitation a document with a converted quote carries instead of ``no_conversion``."""
    return {"code": CONVERTED, "message": CONVERSION_LIMITATION_MESSAGES[CONVERTED]}


def render_rate(rate: Rate) -> dict[str, Any]:
    """A rate as given: ``from``, ``to``, ``rate``, ``asOf``, ``source``."""
    return {
        "from": rate.source_currency,
        "to": rate.target_currency,
        "rate": format_exact(rate.rate),
        "asOf": rate.as_of.isoformat(),
        "source": rate.source,
    }


def render_conversion(entry: Conversion) -> dict[str, Any]:
    """One converted quote: its id, its currency and money as given, and the rate used."""
    shown: dict[str, Any] = {
        "supplierId": entry.supplier_id,
        "currency": entry.currency,
        "original": {name: format_exact(value) for name, value in entry.original},
        "convertedAt": render_rate(entry.rate),
    }
    if entry.original_breaks:
        shown["originalBreakPrices"] = [format_exact(value) for value in entry.original_breaks]
    return shown


def _end(value: Fraction | None) -> dict[str, str] | None:
    if value is None:
        return None
    return {
        "rate": format_ratio(Ratio(value.numerator, value.denominator)),
        "exact": f"{value.numerator}/{value.denominator}",
    }


def _span(span: Span) -> dict[str, Any]:
    return {
        "supplierId": span.supplier_id,
        "low": _end(span.low),
        "lowTakenBy": list(span.low_takers),
        "high": _end(span.high),
        "highTakenBy": list(span.high_takers),
    }


def render_report(report: ConversionReport) -> dict[str, Any]:
    """The conversion keys of a document: ``conversions`` (one per converted quote, in input
    order), ``unusedRates`` (rates no quote used, in request order) and ``rateSensitivity``."""
    return {
        "conversions": [render_conversion(e) for e in report.conversions if e is not None],
        "unusedRates": [render_rate(report.rates[index]) for index in report.unused],
        "rateSensitivity": [
            {**render_rate(entry.rate), "cheapest": [_span(span) for span in entry.spans]}
            for entry in report.sensitivity
        ],
    }


def plan_conversions(report: ConversionReport) -> dict[str, Any]:
    """A plan's conversion keys: the converted quotes and the rates no quote used."""
    shown = render_report(report)
    del shown["rateSensitivity"]
    return shown


def render_balances(fields: Fields, found: PurchasePlan, need: int) -> dict[str, Any]:
    """A plan's balances (issue 27): each balance's fate, the units they cover and those left to
    buy, and the goods cost this need takes of the best plan's purchase (its goods subtotal x
    the units bought for this need / the units delivered), with the units left over."""
    best = found.best
    allocated = found.allocated_goods
    return {
        "asOf": fields["asOf"].isoformat(),
        "unitsFromBalances": format_exact(fields["quantity"] - need),
        "unitsToBuy": format_exact(need),
        "allocatedGoodsCost": None if allocated is None else format_ratio(allocated),
        "leftoverUnits": None if best is None else format_exact(best.delivered_quantity - need),
        "balances": [
            {
                "supplierId": entry.supplier_id,
                "units": format_exact(entry.units),
                "expiresAt": entry.expires_at.isoformat(),
                "status": entry.status,
                "unitsUsed": format_exact(entry.units_used),
            }
            for entry in found.balances
        ],
    }
