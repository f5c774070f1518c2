"""Tests written to kill the surviving mutants of the purchase-plan document
(``planning/document.py``) and its conversion sections (``planning/conversion_sections.py``),
issue 25 (``docs/testing.md``, "Mutation testing of the plan document"). Every expected value
is worked out by hand in the comments.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from quotecalc.core.conversion_rules import ConversionReport, Rate, RateSensitivity, Span
from quotecalc.planning.conversion_sections import render_report
from quotecalc.planning.document import plan, same_places

RATE_USD = {"from": "USD", "to": "CNY", "rate": "7.1234", "asOf": "2026-11-30", "source": "bank"}


def quote(sid: str, currency: str = "CNY", **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "supplierId": sid,
        "specification": "M6 bolt",
        "currency": currency,
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": "35.00",
        "freight": "40",
        "otherFees": "0",
        "leadDays": 5,
    }
    body.update(changes)
    return body


def request(*quotes: dict[str, Any], **root: Any) -> bytes:
    body: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": 1000,
        "currency": "CNY",
        "specification": "M6 bolt",
        "quotes": list(quotes),
    }
    body.update(root)
    return json.dumps(body).encode()


def test_a_break_is_reached_at_exactly_its_minimum_and_capacity_at_exactly_its_packs() -> None:
    # 1000 units = 10 packs of 100: the break at 1000 is reached (>=, not >) and sets the
    # price, 10 x 30.00 + 40 = 340.00; the break at 1100 is short by 100. 10 packs are
    # within capacityPacks 10 (<=, not <).
    breaks = [
        {"minimumQuantity": 1000, "packPrice": "30.00"},
        {"minimumQuantity": 1100, "packPrice": "29.00"},
    ]
    output = plan(request(quote("A", priceBreaks=breaks, capacityPacks=10))).output
    best = output["plan"]["best"]
    assert best["landedTotal"] == "340.00"
    assert best["lines"][0]["breaks"] == [
        {
            "minimumQuantity": "1000",
            "packPrice": "30.00",
            "reached": True,
            "shortBy": None,
            "applies": True,
        },
        {
            "minimumQuantity": "1100",
            "packPrice": "29.00",
            "reached": False,
            "shortBy": "100",
            "applies": False,
        },
    ]
    at_need = output["plan"]["singleSource"][0]["atNeed"]
    assert at_need["packs"] == "10"
    assert at_need["deliverable"] is True
    assert at_need["breakApplied"] == "1000"
    assert at_need["nextBreak"] == {
        "minimumQuantity": "1100",
        "packPrice": "29.00",
        "shortBy": "100",
    }


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        # 30 digits: more than the default context's 28, so only the exact context quantizes
        # them without InvalidOperation.
        ("1" * 30, "0.5", ("1" * 30 + ".0", "0.5")),
        ("0.5", "2" * 30, ("0.5", "2" * 30 + ".0")),
    ],
)
def test_same_places_keeps_every_digit_of_a_long_value(
    first: str, second: str, expected: tuple[str, str]
) -> None:
    assert same_places(Decimal(first), Decimal(second)) == expected


def test_a_plan_without_trace_carries_no_trace() -> None:
    assert plan(request(quote("A"))).trace == ()
    assert plan(request(quote("A")), trace=True).trace != ()


def test_a_plan_stopped_by_its_reasons_still_reports_its_conversions() -> None:
    # Balances without asOf stop the plan (no plan, a reason), but W was converted: the
    # document still names the rate and W's prices as given, its break price included.
    raw = request(
        quote("A"),
        quote(
            "W",
            "USD",
            packPrice="4.80",
            priceBreaks=[{"minimumQuantity": 500, "packPrice": "4.50"}],
        ),
        balances=[{"supplierId": "A", "units": 300, "expiresAt": "2027-01-01"}],
        exchangeRates=[RATE_USD],
    )
    output = plan(raw).output
    assert output["plan"] is None
    assert [r["code"] for r in output["reasons"]] == ["plan_balance_expiry_unknown"]
    assert output["conversions"] == [
        {
            "supplierId": "W",
            "currency": "USD",
            "original": {"packPrice": "4.80", "freight": "40", "otherFees": "0"},
            "convertedAt": RATE_USD,
            "originalBreakPrices": ["4.50"],
        }
    ]
    assert output["unusedRates"] == []


def test_balances_beside_no_plan_have_no_allocation_nor_leftover() -> None:
    # 300 of 1000 units from the balance, 700 to buy, but A delivers at most 2 x 100: no
    # plan, so no goods cost to allocate and no units left over.
    raw = request(
        quote("A", capacityPacks=2),
        asOf="2026-12-01",
        balances=[{"supplierId": "A", "units": 300, "expiresAt": "2027-01-01"}],
    )
    output = plan(raw).output
    assert output["status"] == "partial"
    assert output["plan"]["best"] is None
    assert output["plan"]["balances"] == {
        "asOf": "2026-12-01",
        "unitsFromBalances": "300",
        "unitsToBuy": "700",
        "allocatedGoodsCost": None,
        "leftoverUnits": None,
        "balances": [
            {
                "supplierId": "A",
                "units": "300",
                "expiresAt": "2027-01-01",
                "status": "used",
                "unitsUsed": "300",
            }
        ],
    }


def test_a_span_writes_both_of_its_ends() -> None:
    # W stays cheapest from 15/2 = 7.5 (N cheaper below) with no upper end.
    rate = Rate(0, "USD", "CNY", Decimal("7.1234"), date(2026, 11, 30), "bank")
    span = Span("W", Fraction(15, 2), ("N",), None, ())
    report = ConversionReport((None,), (rate,), (), (RateSensitivity(rate, (span,)),))
    shown = render_report(report)
    assert shown["rateSensitivity"][0]["cheapest"] == [
        {
            "supplierId": "W",
            "low": {"rate": "7.500000", "exact": "15/2"},
            "lowTakenBy": ["N"],
            "high": None,
            "highTakenBy": [],
        }
    ]
