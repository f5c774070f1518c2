"""The repository's own example requests (examples/): status and hand-checked figures."""

from __future__ import annotations

from conftest import ROOT, run_cli

EXAMPLES_DIR = ROOT / "examples"


def test_multi_supplier_is_completed_and_ranked() -> None:
    shown = run_cli((EXAMPLES_DIR / "multi-supplier.request.json").read_bytes())
    assert shown.exit_code == 0
    output = shown.output
    assert output["status"] == "completed"
    quotes = {q["supplierId"]: q for q in output["normalizedQuotes"]}
    # TIANJIN-BOLT: ceil(12000 / 1000) = 12 packs x 338.00 = 4056.00, + 260.00 + 45.50.
    assert quotes["TIANJIN-BOLT"]["landedTotal"] == "4361.50"
    # WENZHOU-HARDWARE: MOQ 10 packs x 2000 = 20000 delivered, 8000 over; 35 days > 30 and
    # score 2.9 < 3: excluded by both rules.
    assert quotes["WENZHOU-HARDWARE"]["overbuyQuantity"] == "8000"
    assert quotes["WENZHOU-HARDWARE"]["constraintStatus"] == "excluded"
    top = output["ranking"][0]
    # Eligible lead days 18, 25, 9, 14 -> delivery (25 - 14) / (25 - 9) = 0.6875; TIANJIN has
    # the lowest landed total -> cost 1; quality (3.6 - 1) / 4 = 0.65;
    # score 0.5 x 1 + 0.3 x 0.6875 + 0.2 x 0.65 = 0.83625 (weights sum to 1).
    assert top == {
        "rank": 1,
        "supplierId": "TIANJIN-BOLT",
        "score": "0.836250",
        "components": {"cost": "1.000000", "delivery": "0.687500", "quality": "0.650000"},
    }
    assert len(output["sensitivity"]) == 6


def test_partial_quotes_refuses_to_rank_and_says_why() -> None:
    shown = run_cli((EXAMPLES_DIR / "partial-quotes.request.json").read_bytes())
    assert shown.exit_code == 0
    output = shown.output
    assert output["status"] == "partial"
    assert output["ranking"] is None
    quotes = {q["supplierId"]: q for q in output["normalizedQuotes"]}
    # 5000 / 250 = 20 packs (MOQ 4) x 1187.50 = 23750.00, + 640 + 85.
    assert quotes["SHENZHEN-EMS"]["landedTotal"] == "24475.00"
    # No freight: the subtotal 10 x 2290.00 is kept, the landed total is not guessed.
    assert quotes["PENANG-ASSEMBLY"]["goodsSubtotal"] == "22900.00"
    assert quotes["PENANG-ASSEMBLY"]["landedTotal"] is None
    assert quotes["MONTERREY-ELECTRONICS"]["conflicts"] == ["currency_mismatch"]
    assert quotes["MONTERREY-ELECTRONICS"]["constraintStatus"] == "unknown"
    assert quotes["BRNO-CONTRACT-MFG"]["conflicts"] == ["specification_mismatch"]
    codes = {item["code"] for item in output["limitations"]}
    assert {
        "ranking_blocked_by_conflict",
        "ranking_blocked_by_unknown_constraint",
        "ranking_blocked_by_missing_value",
        "sensitivity_unavailable",
    } <= codes


def test_invalid_example_lists_every_error() -> None:
    raw = (EXAMPLES_DIR / "invalid.request.json").read_bytes()
    shown = run_cli(raw)
    assert shown.exit_code == 2
    assert [(e["code"], e["path"]) for e in shown.output["limitations"]] == [
        ("invalid_currency", "/currency"),
        ("invalid_number_format", "/quantity"),
        ("unknown_key", "/quotes/0"),  # a path sorts before the longer paths it prefixes
        ("exponent_not_allowed", "/quotes/0/freight"),
        ("not_integer", "/quotes/0/leadDays"),
        ("negative_value", "/quotes/0/packPrice"),
        ("out_of_range", "/quotes/0/packSize"),
        ("null_not_allowed", "/quotes/1/freight"),
        ("too_many_decimals", "/quotes/1/packPrice"),
        ("duplicate_supplier_id", "/quotes/1/supplierId"),
        ("missing_required", "/weights/quality"),
    ]
    assert b"rush" not in shown.stdout
