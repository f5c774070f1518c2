"""A converted total with more than 6 decimals is scored, not an internal error (issue 27).

A price times a stated rate keeps every digit (4.801 USD x 7.12345 has 9 decimals), and the
scoring stage used to assume every value had at most 6; with weights the ``--convert``
comparison answered ``internal_error``. Expected scores are worked out with Fractions here.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import quotecalc


def _quote(sid: str, currency: str, price: str, freight: str) -> dict[str, Any]:
    return {
        "supplierId": sid,
        "specification": "M6 bolt",
        "currency": currency,
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": price,
        "freight": freight,
        "otherFees": "0",
        "leadDays": 5,
    }


def _half_up_6(value: Fraction) -> str:
    scaled = value * 10**6
    whole = int(scaled)
    if scaled - whole >= Fraction(1, 2):
        whole += 1
    return f"{whole // 10**6}.{whole % 10**6:06d}"


def test_weights_rank_a_quote_converted_to_more_than_six_decimals() -> None:
    body = {
        "schemaVersion": 1,
        "quantity": 1000,
        "currency": "CNY",
        "specification": "M6 bolt",
        "weights": {"cost": 1, "delivery": 1, "quality": 0},
        "quotes": [
            _quote("NORTH", "CNY", "35.00", "40"),  # 350 + 40 = 390 CNY
            _quote("EAST", "CNY", "34", "40"),  # 340 + 40 = 380 CNY
            _quote("WEST", "USD", "4.801", "5"),  # 53.01 USD x 7.12345 = 377.6140845 CNY
        ],
        "exchangeRates": [
            {"from": "USD", "to": "CNY", "rate": "7.12345", "asOf": "2026-11-30", "source": "b"}
        ],
    }
    output = quotecalc.convert(json.dumps(body).encode()).output
    assert output["status"] == "completed"
    west = Fraction("53.01") * Fraction("7.12345")
    # cost component: (highest - value) / (highest - lowest); delivery ties at 1 for all.
    east_cost = (390 - Fraction(380)) / (390 - west)
    ranking = output["result"]["ranking"]
    assert [entry["supplierId"] for entry in ranking] == ["WEST", "EAST", "NORTH"]
    assert ranking[1]["components"]["cost"] == _half_up_6(east_cost)
    assert ranking[1]["score"] == _half_up_6((east_cost + 1) / 2)
    assert [entry["score"] for entry in (ranking[0], ranking[2])] == ["1.000000", "0.500000"]
    landed = {q["supplierId"]: q["landedTotal"] for q in output["result"]["normalizedQuotes"]}
    assert Fraction(landed["WEST"]) == west
