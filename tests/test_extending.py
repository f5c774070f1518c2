"""Adding a constraint is adding a row (issue: "one-row constraints", CONTRACT §8).

The budget cap below lives only in this test: a new rule row registered from here, with no
edit to the engine, shows the contract's constraint semantics (excluded / eligible / unknown,
excluded > unknown > eligible) for a value the engine derives (``landedTotal``).
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from quotecalc import calculate
from quotecalc.core.constraint_rules import CONSTRAINT_RULES, ratio_of, upper_limit
from quotecalc.core.fields import decimal_field
from quotecalc.engine.pipeline import make_pipeline

BUDGET = upper_limit(decimal_field("maxLandedTotal"), "landedTotal")
WITH_BUDGET = make_pipeline(constraint_rules=(*CONSTRAINT_RULES, BUDGET))


def quote(supplier_id: str, pack_price: str, **changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "supplierId": supplier_id,
        "specification": "M6 bolt",
        "currency": "CNY",
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": pack_price,
        "freight": "20",
        "otherFees": "0",
        "leadDays": 7,
    }
    base.update(changes)
    return {key: value for key, value in base.items() if value is not None}


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


def budget_check(entry: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in entry["constraints"] if c["constraint"] == "maxLandedTotal")


def test_budget_row_excludes_passes_and_is_unknown() -> None:
    # landedTotal = 10 packs x price + 20 freight: A 10x35+20 = 370, B 10x40+20 = 420,
    # C has no freight -> no landedTotal -> unknown; D is in USD -> not comparable -> unknown.
    raw = request(
        quote("A", "35"),
        quote("B", "40"),
        quote("C", "30", freight=None),
        quote("D", "30", currency="USD"),
        maxLandedTotal="400",
    )
    result = calculate(raw, pipeline=WITH_BUDGET)
    assert result.exit_code == 0
    entries = {entry["supplierId"]: entry for entry in result.output["normalizedQuotes"]}
    assert budget_check(entries["A"]) == {
        "constraint": "maxLandedTotal",
        "status": "eligible",
        "limit": "400",
        "value": "370",
    }
    assert budget_check(entries["B"])["status"] == "excluded"
    assert budget_check(entries["B"])["value"] == "420"
    assert budget_check(entries["C"]) == {
        "constraint": "maxLandedTotal",
        "status": "unknown",
        "limit": "400",
        "value": None,
    }
    assert budget_check(entries["D"])["status"] == "unknown"
    assert [entries[s]["constraintStatus"] for s in "ABCD"] == [
        "eligible",
        "excluded",
        "unknown",
        "unknown",
    ]
    assert result.output["status"] == "partial"


def test_budget_equal_to_total_passes_and_limit_keeps_digits() -> None:
    result = calculate(request(quote("A", "35"), maxLandedTotal="370.00"), pipeline=WITH_BUDGET)
    check = budget_check(result.output["normalizedQuotes"][0])
    assert check["status"] == "eligible"
    assert check["limit"] == "370.00"
    assert result.output["status"] == "completed"


def test_new_row_follows_table_order_and_combination() -> None:
    # Excluded by the budget, unknown for maxLeadDays (no leadDays): excluded wins (§16).
    raw = request(quote("A", "40", leadDays=None), maxLeadDays=10, maxLandedTotal="100")
    entry = calculate(raw, pipeline=WITH_BUDGET).output["normalizedQuotes"][0]
    assert [c["constraint"] for c in entry["constraints"]] == ["maxLeadDays", "maxLandedTotal"]
    assert [c["status"] for c in entry["constraints"]] == ["unknown", "excluded"]
    assert entry["constraintStatus"] == "excluded"


def test_new_row_blocks_ranking_when_unknown() -> None:
    raw = request(
        quote("A", "35"),
        quote("B", "30", freight=None),
        maxLandedTotal="1000",
        weights={"cost": "0", "delivery": "1", "quality": "0"},
    )
    output = calculate(raw, pipeline=WITH_BUDGET).output
    assert output["ranking"] is None
    codes = {(item["code"], item.get("supplierId")) for item in output["limitations"]}
    assert ("ranking_blocked_by_unknown_constraint", "B") in codes


def test_new_field_is_validated_from_its_row() -> None:
    raw = request(quote("A", "35"), maxLandedTotal="-1")
    output = calculate(raw, pipeline=WITH_BUDGET).output
    assert output["status"] == "invalid_input"
    assert [(e["code"], e["path"]) for e in output["limitations"]] == [
        ("negative_value", "/maxLandedTotal")
    ]


def test_shipped_contract_does_not_know_the_new_field() -> None:
    # The 0.1.0 whitelist stays as it is: the budget exists only in the pipeline built above.
    output = calculate(request(quote("A", "35"), maxLandedTotal="400")).output
    assert [(e["code"], e["path"]) for e in output["limitations"]] == [("unknown_key", "")]


# ---- a ratio-valued constraint (issue 39): maxUnitPrice, excluded when packPrice / packSize
# is above it; compared exactly and written exactly (docs/extending.md) ---------------------

UNIT_PRICE = upper_limit(decimal_field("maxUnitPrice"), ratio_of("packPrice", "packSize"))
WITH_UNIT_PRICE = make_pipeline(constraint_rules=(*CONSTRAINT_RULES, UNIT_PRICE))


def unit_check(entry: dict[str, Any]) -> tuple[str, str | None]:
    found = next(c for c in entry["constraints"] if c["constraint"] == "maxUnitPrice")
    return found["status"], found["value"]


@pytest.mark.parametrize(
    ("pack_size", "pack_price", "limit", "expected"),
    [
        # by hand: 10.00 / 3 = 3.333... has no plain decimal: "10/3", below 3.40
        (3, "10.00", "3.40", ("eligible", "10/3")),
        (3, "10.00", "3.333333", ("excluded", "10/3")),  # 3.333333 < 10/3: never rounded
        (3, "10.00", "3.333334", ("eligible", "10/3")),
        (10, "35.00", "3.40", ("excluded", "3.5")),
        (5, "17.00", "3.40", ("eligible", "3.4")),  # equal passes
        (4, "9.00", "2.2", ("excluded", "2.25")),
        (6, "20", "10", ("eligible", "10/3")),  # 20/6 in lowest terms
        (7, "0", "0", ("eligible", "0")),
    ],
)
def test_a_ratio_value_is_compared_and_written_exactly(
    pack_size: int, pack_price: str, limit: str, expected: tuple[str, str]
) -> None:
    raw = request(quote("A", pack_price, packSize=pack_size), maxUnitPrice=limit)
    output = calculate(raw, pipeline=WITH_UNIT_PRICE).output
    assert unit_check(output["normalizedQuotes"][0]) == expected
    check = next(c for c in output["normalizedQuotes"][0]["constraints"])
    assert check["limit"] == limit  # the limit keeps its digits


def test_a_ratio_without_either_value_is_unknown() -> None:
    raw = request(quote("A", "10.00", packSize=None), quote("B", "35"), maxUnitPrice="3.40")
    entries = calculate(raw, pipeline=WITH_UNIT_PRICE).output["normalizedQuotes"]
    assert unit_check(entries[0]) == ("unknown", None)
    assert unit_check(entries[1]) == ("eligible", "0.35")  # 35 for a pack of 100


def test_the_shipped_rows_still_write_plain_decimals() -> None:
    from quotecalc.core.exact import Ratio, exact_ratio_text, format_exact_values

    assert format_exact_values([Decimal("1.50"), 7, None]) == ["1.50", "7", None]
    assert [exact_ratio_text(Ratio(n, d)) for n, d in ((10, 3), (5, 2), (1, 8), (6, 3))] == [
        "10/3",
        "2.5",
        "0.125",
        "2",
    ]
