"""Stability-interval paths the other tests did not pin (found by mutation testing, issue 14):
several pairs whose tie at ``f = 1`` any change breaks are all named, and the ``TypeError`` of
``factor in interval`` says exactly what a factor may be and what it got."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from quotecalc import stability
from quotecalc.analysis.intervals import Bound, Interval


def _quote(sid: str, total: int, lead: int) -> dict[str, Any]:
    return {
        "supplierId": sid,
        "specification": "M6 bolt",
        "currency": "CNY",
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": str(total),
        "freight": "0",
        "otherFees": "0",
        "leadDays": lead,
    }


def test_every_pair_whose_tie_any_change_breaks_is_named() -> None:
    # A and C: cost 1, delivery 0 (total 10, 30 days); B: cost 0, delivery 1 (20, 5 days).
    # Weights 0.5/0.5: all three score 1/2. A and C are identical (tied for every f, no bound);
    # A-B and C-B are tied at f = 1 only. Display order A, B, C: pairs [A, B] and [B, C].
    body = {
        "schemaVersion": 1,
        "quantity": 100,
        "currency": "CNY",
        "specification": "M6 bolt",
        "weights": {"cost": "0.5", "delivery": "0.5", "quality": "0"},
        "quotes": [_quote("A", 10, 30), _quote("B", 20, 5), _quote("C", 10, 30)],
    }
    entries = stability(json.dumps(body).encode())
    assert entries is not None and [e["dimension"] for e in entries] == ["cost", "delivery"]
    both = [["A", "B"], ["B", "C"]]
    for entry in entries:
        for key in ("rankingInterval", "winnerInterval"):
            shown = entry[key]
            assert (shown["lowerExact"], shown["upperExact"]) == ("1/1", "1/1")
            assert shown["lowerOpen"] is False and shown["upperOpen"] is False
            assert shown["lowerSwaps"] == both and shown["upperSwaps"] == both


@pytest.mark.parametrize(
    ("factor", "name"), [(1.5, "float"), (True, "bool"), ("1", "str"), (None, "NoneType")]
)
def test_the_type_error_says_what_a_factor_is_and_what_it_got(factor: object, name: str) -> None:
    interval = Interval(Bound(Fraction(0), open=False), Bound(None, open=True))
    with pytest.raises(TypeError) as raised:
        _ = factor in interval
    assert str(raised.value) == (
        f"a factor is an int, Fraction or Decimal, compared exactly; not {name}"
    )
