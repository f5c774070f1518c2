"""Black-box tests of VALID requests (status completed / partial).

Every expected value below was worked out by hand from CONTRACT.md; the arithmetic is
written beside it. Exact decimal strings (echoes, counts, totals, weights, factors) are
compared by value; 6-decimal ratios, scores and components as exact strings. The order of
``limitations`` and of ``conflicts`` carries no meaning, so both are compared as multisets.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import pytest

from conftest import EXAMPLES, run_cli
from quotecalc import calculate

SPEC = "M6 bolt"
CUR = "CNY"
OMIT: Any = object()

ROOT_KEYS = [
    "schemaVersion",
    "tool",
    "toolVersion",
    "status",
    "normalizedQuotes",
    "ranking",
    "sensitivity",
    "quality",
    "limitations",
    "networkUsed",
    "filesModified",
]
QUOTE_KEYS = [
    "supplierId",
    "comparable",
    "conflicts",
    "missingFields",
    "specification",
    "currency",
    "packSize",
    "minimumPacks",
    "packPrice",
    "freight",
    "otherFees",
    "leadDays",
    "packsRequired",
    "packsPurchased",
    "deliveredQuantity",
    "overbuyQuantity",
    "goodsSubtotal",
    "landedTotal",
    "costPerDeliveredUnit",
    "unitQuotePrice",
    "qualityEvidence",
    "qualityScore",
    "qualityDefinition",
    "constraintStatus",
    "constraints",
]
DERIVED = [
    "packsRequired",
    "packsPurchased",
    "deliveredQuantity",
    "overbuyQuantity",
    "goodsSubtotal",
    "landedTotal",
    "costPerDeliveredUnit",
    "unitQuotePrice",
]
CORE_FIELDS = [
    "specification",
    "currency",
    "packSize",
    "minimumPacks",
    "packPrice",
    "freight",
    "otherFees",
    "leadDays",
]
RATIO_KEYS = {"costPerDeliveredUnit", "unitQuotePrice"}
BY_VALUE_KEYS = {
    "packSize",
    "minimumPacks",
    "packPrice",
    "freight",
    "otherFees",
    "leadDays",
    "packsRequired",
    "packsPurchased",
    "deliveredQuantity",
    "overbuyQuantity",
    "goodsSubtotal",
    "landedTotal",
    "qualityScore",
    "limit",
    "value",
    "factor",
    "minimum",
    "maximum",
}
NUMERIC_STRING_KEYS = BY_VALUE_KEYS | RATIO_KEYS | {"score", "cost", "delivery", "quality"}
PLAIN = re.compile(r"(0|[1-9][0-9]*)(\.[0-9]+)?")
SIX_DP = re.compile(r"(0|[1-9][0-9]*)\.[0-9]{6}")

ALWAYS_CODES = [
    "quality_unverified",
    "fees_as_given",
    "lead_days_basis",
    "not_an_order",
    "no_conversion",
]
LIMITATION_EXTRA_KEYS: dict[str, list[set[str]]] = {
    "quality_unverified": [set()],
    "fees_as_given": [set()],
    "lead_days_basis": [set()],
    "not_an_order": [set()],
    "no_conversion": [set()],
    "total_spend_basis": [set()],
    "missing_field": [{"field"}, {"field", "supplierId"}],
    "specification_mismatch": [{"supplierId"}],
    "currency_mismatch": [{"supplierId"}],
    "ranking_not_requested": [set()],
    "ranking_blocked_by_conflict": [set()],
    "ranking_blocked_by_unknown_constraint": [{"supplierId"}],
    "ranking_blocked_by_missing_value": [{"dimension", "supplierId"}],
    "all_candidates_excluded": [set()],
    "component_unavailable": [{"dimension"}],
    "sensitivity_unavailable": [set()],
}

# code -> message seen so far in this module (§16: one fixed text per code)
MESSAGES: dict[str, str] = {}

Lim = tuple[str, str, str, str]


# --------------------------------------------------------------------------- helpers


def quote(sid: str, **fields: Any) -> dict[str, Any]:
    """A complete, comparable quote (defaults: 100 per pack, 35.00 a pack, freight 20)."""
    q: dict[str, Any] = {
        "supplierId": sid,
        "specification": SPEC,
        "currency": CUR,
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": "35.00",
        "freight": "20",
        "otherFees": "0",
        "leadDays": 7,
    }
    for key, value in fields.items():
        if value is OMIT:
            q.pop(key, None)
        else:
            q[key] = value
    return q


def request(quotes: list[dict[str, Any]], **root: Any) -> dict[str, Any]:
    req: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": 1000,
        "currency": CUR,
        "specification": SPEC,
        "quotes": quotes,
    }
    for key, value in root.items():
        if value is OMIT:
            req.pop(key, None)
        else:
            req[key] = value
    return req


def _walk_numbers(node: Any, key: str, parent: str) -> None:
    if isinstance(node, bool) or node is None:
        return
    if isinstance(node, int):
        assert key in ("schemaVersion", "rank"), f"JSON number at {key!r}"
        return
    assert not isinstance(node, float), f"float at {key!r}"
    if isinstance(node, str):
        if key in NUMERIC_STRING_KEYS:
            assert PLAIN.fullmatch(node), f"{key}={node!r} is not a plain decimal"
            if key in RATIO_KEYS or key == "score" or parent == "components":
                assert SIX_DP.fullmatch(node), f"{key}={node!r} must have exactly 6 dp"
        return
    if isinstance(node, dict):
        for k, v in node.items():
            _walk_numbers(v, k, key)
    elif isinstance(node, list):
        for item in node:
            _walk_numbers(item, key, parent)


def check_envelope(out: dict[str, Any], exit_code: int) -> None:
    assert list(out) == ROOT_KEYS
    assert out["schemaVersion"] == 1 and type(out["schemaVersion"]) is int
    assert out["tool"] == "quotecalc"
    assert out["toolVersion"] == "0.1.0"
    assert out["networkUsed"] is False
    assert out["filesModified"] is False
    assert list(out["quality"]) == ["scale", "issues", "certifiedSuppliers"]
    assert out["quality"]["certifiedSuppliers"] is False
    assert isinstance(out["sensitivity"], list)
    expected_exit = {"completed": 0, "partial": 0, "invalid_input": 2}
    assert out["status"] in expected_exit, out["status"]
    assert exit_code == expected_exit[out["status"]]
    _walk_numbers(out, "", "")
    if out["status"] == "invalid_input":
        return
    for q in out["normalizedQuotes"]:
        assert list(q) == QUOTE_KEYS
        for c in q["constraints"]:
            assert list(c) == ["constraint", "status", "limit", "value"]
    for issue in out["quality"]["issues"]:
        assert list(issue) == ["supplierId", "code"]
    if out["quality"]["scale"] is not None:
        assert list(out["quality"]["scale"]) == ["definition", "minimum", "maximum"]
    codes = [lim["code"] for lim in out["limitations"]]
    for code in ALWAYS_CODES:
        assert codes.count(code) == 1, code
    for lim in out["limitations"]:
        assert "code" in lim and "message" in lim
        assert all(v is not None for v in lim.values()), lim
        assert all(isinstance(v, str) for v in lim.values()), lim
        code = lim["code"]
        assert code in LIMITATION_EXTRA_KEYS, code
        extra = set(lim) - {"code", "message"}
        assert extra in LIMITATION_EXTRA_KEYS[code], lim
        assert lim["message"].strip(), lim
        seen = MESSAGES.setdefault(code, lim["message"])
        assert seen == lim["message"], f"code {code} has two texts"
    if out["ranking"] is not None:
        for entry in out["ranking"]:
            assert list(entry) == ["rank", "supplierId", "score", "components"]
            assert type(entry["rank"]) is int
            assert list(entry["components"]) == ["cost", "delivery", "quality"]
    for sens in out["sensitivity"]:
        assert list(sens) == [
            "dimension",
            "direction",
            "factor",
            "weights",
            "ranking",
            "rankingChanged",
        ]
        assert list(sens["weights"]) == ["cost", "delivery", "quality"]
        assert type(sens["rankingChanged"]) is bool
        for entry in sens["ranking"]:
            assert list(entry) == ["rank", "supplierId", "score", "components"]


def _reject_constant(name: str) -> None:
    raise AssertionError(f"non-JSON constant {name} in output")


def run_raw(raw: bytes) -> dict[str, Any]:
    res = calculate(raw)
    data = res.to_json()
    assert isinstance(data, bytes)
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    parsed = json.loads(data, parse_constant=_reject_constant)
    assert parsed == res.output
    check_envelope(parsed, res.exit_code)
    return parsed  # type: ignore[no-any-return]


def run(req: dict[str, Any]) -> dict[str, Any]:
    return run_raw(json.dumps(req, ensure_ascii=False).encode("utf-8"))


def nq(out: dict[str, Any], sid: str) -> dict[str, Any]:
    found = [q for q in out["normalizedQuotes"] if q["supplierId"] == sid]
    assert len(found) == 1, sid
    return found[0]  # type: ignore[no-any-return]


def L(code: str, sid: str = "", field: str = "", dim: str = "") -> Lim:
    return (code, sid, field, dim)


ALWAYS: list[Lim] = [L(c) for c in ALWAYS_CODES]
TSB = L("total_spend_basis")
RNR = L("ranking_not_requested")


def lims(out: dict[str, Any]) -> list[Lim]:
    return sorted(
        (
            lim["code"],
            lim.get("supplierId", ""),
            lim.get("field", ""),
            lim.get("dimension", ""),
        )
        for lim in out["limitations"]
    )


def expect_lims(out: dict[str, Any], *extra: Lim) -> None:
    assert lims(out) == sorted([*ALWAYS, *extra])


def dec_eq(actual: Any, expected: str) -> bool:
    return isinstance(actual, str) and Decimal(actual) == Decimal(expected)


def expect_quote(q: dict[str, Any], **exp: Any) -> None:
    for key, want in exp.items():
        got = q[key]
        if want is None:
            assert got is None, f"{q['supplierId']}.{key}: {got!r} should be null"
        elif key in RATIO_KEYS:
            assert got == want, f"{q['supplierId']}.{key}: {got!r} != {want!r}"
        elif key in BY_VALUE_KEYS:
            assert dec_eq(got, want), f"{q['supplierId']}.{key}: {got!r} != {want!r}"
        elif key == "conflicts":
            assert sorted(got) == sorted(want), f"{q['supplierId']}.conflicts: {got!r}"
        else:
            assert got == want, f"{q['supplierId']}.{key}: {got!r} != {want!r}"


def expect_all_derived_null(q: dict[str, Any]) -> None:
    expect_quote(q, **{k: None for k in DERIVED})


Comp = tuple[str | None, str | None, str | None]
Rank = tuple[int, str, str, Comp]


def flat_ranking(ranking: list[dict[str, Any]]) -> list[Rank]:
    return [
        (
            e["rank"],
            e["supplierId"],
            e["score"],
            (e["components"]["cost"], e["components"]["delivery"], e["components"]["quality"]),
        )
        for e in ranking
    ]


def constraints(q: dict[str, Any]) -> list[tuple[str, str, str, str | None]]:
    """(constraint, status, limit, value) with numbers normalised by value."""
    result = []
    for c in q["constraints"]:
        value = None if c["value"] is None else n(c["value"])
        result.append((c["constraint"], c["status"], n(c["limit"]), value))
    return result


def n(s: str) -> str:
    """Canonical plain form of a decimal string ("3.0" -> "3", "10" -> "10")."""
    return format(Decimal(s).normalize(), "f")


def issues(out: dict[str, Any]) -> list[tuple[str, str]]:
    """Quality issues as a sorted multiset, after checking they come in quote order."""
    order = [q["supplierId"] for q in out["normalizedQuotes"]]
    positions = [order.index(i["supplierId"]) for i in out["quality"]["issues"]]
    assert positions == sorted(positions), "quality.issues must be in quote order"
    return sorted((i["supplierId"], i["code"]) for i in out["quality"]["issues"])


# --------------------------------------------------------------------------- §7


def test_pack_counts_moq_overbuy_and_costs() -> None:
    out = run(
        request(
            [
                quote("A"),
                quote(
                    "B", packSize=300, minimumPacks=2, packPrice="100", freight="10", otherFees="5"
                ),
                quote(
                    "C", packSize=250, minimumPacks=7, packPrice="80", freight="0", otherFees="15.5"
                ),
                quote(
                    "D", packSize=3, minimumPacks=0, packPrice="2", freight="1", otherFees="0.25"
                ),
                quote(
                    "E", packSize=1000, minimumPacks=1, packPrice="0.5", freight="0", otherFees="0"
                ),
            ]
        )
    )
    assert out["status"] == "completed"
    assert out["ranking"] is None and out["sensitivity"] == []
    # A: ceil(1000/100)=10, max(10,0)=10, 10*100=1000, overbuy 0, 10*35.00=350.00,
    #    350.00+20+0=370.00, 370/1000=0.37, 35/100=0.35
    expect_quote(
        nq(out, "A"),
        comparable=True,
        conflicts=[],
        missingFields=[],
        packsRequired="10",
        packsPurchased="10",
        deliveredQuantity="1000",
        overbuyQuantity="0",
        goodsSubtotal="350",
        landedTotal="370",
        costPerDeliveredUnit="0.370000",
        unitQuotePrice="0.350000",
        constraintStatus="eligible",
        constraints=[],
    )
    # B: ceil(1000/300)=4 (3*300=900<1000), max(4,2)=4, 4*300=1200, overbuy 200,
    #    4*100=400, 400+10+5=415, 415/1200=0.3458333.. -> 0.345833, 100/300 -> 0.333333
    expect_quote(
        nq(out, "B"),
        packsRequired="4",
        packsPurchased="4",
        deliveredQuantity="1200",
        overbuyQuantity="200",
        goodsSubtotal="400",
        landedTotal="415",
        costPerDeliveredUnit="0.345833",
        unitQuotePrice="0.333333",
    )
    # C: MOQ above required: ceil(1000/250)=4, max(4,7)=7, 7*250=1750, overbuy 750,
    #    7*80=560, 560+0+15.5=575.5, 575.5/1750=0.32885714.. -> 0.328857, 80/250=0.32
    expect_quote(
        nq(out, "C"),
        packsRequired="4",
        packsPurchased="7",
        deliveredQuantity="1750",
        overbuyQuantity="750",
        goodsSubtotal="560",
        landedTotal="575.5",
        costPerDeliveredUnit="0.328857",
        unitQuotePrice="0.320000",
    )
    # D: ceil(1000/3)=334 (333*3=999), 334*3=1002, overbuy 2, 334*2=668,
    #    668+1+0.25=669.25, 669.25/1002=0.66791417.. -> 0.667914, 2/3=0.6666.. -> 0.666667
    expect_quote(
        nq(out, "D"),
        packsRequired="334",
        packsPurchased="334",
        deliveredQuantity="1002",
        overbuyQuantity="2",
        goodsSubtotal="668",
        landedTotal="669.25",
        costPerDeliveredUnit="0.667914",
        unitQuotePrice="0.666667",
    )
    # E: ceil(1000/1000)=1, max(1,1)=1, 1000, overbuy 0, 1*0.5=0.5, 0.5, 0.5/1000=0.0005,
    #    0.5/1000=0.0005
    expect_quote(
        nq(out, "E"),
        packsRequired="1",
        packsPurchased="1",
        deliveredQuantity="1000",
        overbuyQuantity="0",
        goodsSubtotal="0.5",
        landedTotal="0.5",
        costPerDeliveredUnit="0.000500",
        unitQuotePrice="0.000500",
    )
    expect_lims(out, TSB, RNR)


def test_ratios_round_half_up_to_six_places() -> None:
    out = run(
        request(
            [
                quote("H1", packSize=8, packPrice="1.00002", freight="0", otherFees="0"),
                quote("H2", packSize=8, packPrice="1.000004", freight="0.000032", otherFees="0"),
                quote("H3", packSize=8, packPrice="1.000003", freight="0", otherFees="0"),
                quote("H4", packSize=3, packPrice="1", freight="0", otherFees="0"),
                quote("H5", packSize=3, minimumPacks=4, packPrice="2", freight="0", otherFees="0"),
                quote("H6", packSize=8, packPrice="0", freight="0", otherFees="0"),
            ],
            quantity=8,
        )
    )
    assert out["status"] == "completed"
    # H1: 1 pack of 8; 1.00002/8 = 0.1250025 exactly -> HALF_UP 0.125003 (HALF_EVEN: 0.125002)
    expect_quote(
        nq(out, "H1"),
        packsRequired="1",
        packsPurchased="1",
        deliveredQuantity="8",
        overbuyQuantity="0",
        goodsSubtotal="1.00002",
        landedTotal="1.00002",
        costPerDeliveredUnit="0.125003",
        unitQuotePrice="0.125003",
    )
    # H2: unit 1.000004/8 = 0.1250005 -> 0.125001 (HALF_EVEN would give 0.125000);
    #     landed 1.000004+0.000032 = 1.000036, /8 = 0.1250045 -> 0.125005 (HALF_EVEN 0.125004)
    expect_quote(
        nq(out, "H2"),
        goodsSubtotal="1.000004",
        landedTotal="1.000036",
        costPerDeliveredUnit="0.125005",
        unitQuotePrice="0.125001",
    )
    # H3: 1.000003/8 = 0.125000375 -> 0.125000 (below half)
    expect_quote(nq(out, "H3"), costPerDeliveredUnit="0.125000", unitQuotePrice="0.125000")
    # H4: ceil(8/3)=3 packs, 9 delivered, overbuy 1, 3*1=3; 3/9 = 0.333.. ; 1/3 = 0.333..
    expect_quote(
        nq(out, "H4"),
        packsRequired="3",
        packsPurchased="3",
        deliveredQuantity="9",
        overbuyQuantity="1",
        goodsSubtotal="3",
        landedTotal="3",
        costPerDeliveredUnit="0.333333",
        unitQuotePrice="0.333333",
    )
    # H5: ceil(8/3)=3 < MOQ 4 -> 4 packs, 12 delivered, overbuy 4, 4*2=8; 8/12=0.666..; 2/3
    expect_quote(
        nq(out, "H5"),
        packsRequired="3",
        packsPurchased="4",
        deliveredQuantity="12",
        overbuyQuantity="4",
        goodsSubtotal="8",
        landedTotal="8",
        costPerDeliveredUnit="0.666667",
        unitQuotePrice="0.666667",
    )
    # H6: price 0 -> 0/8 = 0 -> "0.000000" (never "0E-6", never "-0")
    expect_quote(
        nq(out, "H6"),
        goodsSubtotal="0",
        landedTotal="0",
        costPerDeliveredUnit="0.000000",
        unitQuotePrice="0.000000",
    )


def _scaled(s: str) -> int:
    """A plain decimal string as an integer count of 10^-6, exactly (no Decimal context)."""
    assert PLAIN.fullmatch(s), s
    whole, _, frac = s.partition(".")
    frac = frac.rstrip("0")
    assert len(frac) <= 6, s
    return int(whole) * 10**6 + int(frac.ljust(6, "0") or "0")


def _fmt6(scaled: int) -> str:
    return f"{scaled // 10**6}.{scaled % 10**6:06d}"


def _div_half_up(num: int, den: int) -> int:
    return (2 * num + den) // (2 * den)


def test_exact_at_the_extremes() -> None:
    price = "999999999999999.999999"
    out = run(
        request(
            [
                quote(
                    "X1",
                    packSize=1,
                    minimumPacks=0,
                    packPrice=price,
                    freight="1000000000000000",
                    otherFees=price,
                ),
                quote(
                    "X2",
                    packSize=1,
                    minimumPacks=1000000000,
                    packPrice=price,
                    freight="1000000000000000",
                    otherFees="1000000000000000",
                ),
                quote(
                    "X3",
                    packSize=1000000000,
                    minimumPacks=0,
                    packPrice=price,
                    freight="0.000001",
                    otherFees="0",
                ),
            ],
            quantity=999999999,
        )
    )
    assert out["status"] == "completed"
    p = 999999999999999999999  # price in units of 10^-6
    e15 = 10**15 * 10**6  # 10^15 in units of 10^-6

    x1 = nq(out, "X1")
    # 999999999 packs of 1; goods = 999999999 * price (30 significant digits, > 28)
    goods1 = 999999999 * p
    landed1 = goods1 + e15 + p
    expect_quote(
        x1,
        packsRequired="999999999",
        packsPurchased="999999999",
        deliveredQuantity="999999999",
        overbuyQuantity="0",
    )
    assert _scaled(x1["goodsSubtotal"]) == goods1
    assert _scaled(x1["landedTotal"]) == landed1
    # costPerDeliveredUnit = landed / 999999999, half-up at 10^-6
    assert x1["costPerDeliveredUnit"] == _fmt6(_div_half_up(landed1, 999999999))
    assert x1["unitQuotePrice"] == price

    x2 = nq(out, "X2")
    # MOQ 10^9 packs > required 999999999; delivered 10^9, overbuy 1
    goods2 = 10**9 * p
    landed2 = goods2 + 2 * e15
    expect_quote(
        x2,
        packsRequired="999999999",
        packsPurchased="1000000000",
        deliveredQuantity="1000000000",
        overbuyQuantity="1",
    )
    assert _scaled(x2["goodsSubtotal"]) == goods2
    assert _scaled(x2["landedTotal"]) == landed2
    assert x2["costPerDeliveredUnit"] == _fmt6(_div_half_up(landed2, 10**9))

    x3 = nq(out, "X3")
    # ceil(999999999/10^9) = 1 pack, delivered 10^9, overbuy 1; goods = price;
    # landed = price + 0.000001 = 10^15 exactly; 10^15/10^9 = 1000000 -> "1000000.000000";
    # unit = price/10^9 = 999999.999999999999999 -> half-up 1000000.000000
    expect_quote(
        x3,
        packsRequired="1",
        packsPurchased="1",
        deliveredQuantity="1000000000",
        overbuyQuantity="1",
        goodsSubtotal=price,
        landedTotal="1000000000000000",
        costPerDeliveredUnit="1000000.000000",
        unitQuotePrice="1000000.000000",
    )
    assert _scaled(x3["landedTotal"]) == e15


def test_echoes_keep_digits_and_integers_are_canonical() -> None:
    raw = (
        b'{"schemaVersion":1,"quantity":1000.0,"currency":"CNY","specification":"M6 bolt",'
        b'"qualityScale":{"definition":"d","minimum":"1.0","maximum":5.00},'
        b'"maxLeadDays":"20.0","minimumQualityScore":"2.50",'
        b'"quotes":[{"supplierId":"A","specification":"M6 bolt","currency":"CNY",'
        b'"packSize":100.0,"minimumPacks":"5.000000","packPrice":"35.00","freight":0.50,'
        b'"otherFees":"0.000000","leadDays":"7.0","qualityScore":4.50,"qualityDefinition":"d"}]}'
    )
    out = run_raw(raw)
    assert out["status"] == "completed"
    q = nq(out, "A")
    # integer fields canonical (§4.2), decimals keep their own digits (§16)
    assert q["packSize"] == "100"
    assert q["minimumPacks"] == "5"
    assert q["leadDays"] == "7"
    assert q["packPrice"] == "35.00"
    assert q["freight"] == "0.50"
    assert q["otherFees"] == "0.000000"
    assert q["qualityScore"] == "4.50"
    assert q["qualityDefinition"] == "d"
    assert out["quality"]["scale"] == {"definition": "d", "minimum": "1.0", "maximum": "5.00"}
    # ceil(1000/100)=10, max(10,5)=10, 1000 delivered, 10*35.00=350.00,
    # 350.00+0.50+0=350.50, 350.50/1000=0.3505, 35.00/100=0.35
    expect_quote(
        q,
        packsRequired="10",
        packsPurchased="10",
        deliveredQuantity="1000",
        overbuyQuantity="0",
        goodsSubtotal="350",
        landedTotal="350.5",
        costPerDeliveredUnit="0.350500",
        unitQuotePrice="0.350000",
        constraintStatus="eligible",
    )
    assert q["constraints"] == [
        {"constraint": "maxLeadDays", "status": "eligible", "limit": "20", "value": "7"},
        {
            "constraint": "minimumQualityScore",
            "status": "eligible",
            "limit": "2.50",
            "value": "4.50",
        },
    ]


# --------------------------------------------------------------------------- §5 / §7 missing


def test_omitted_core_fields_null_only_dependent_values() -> None:
    m7 = {
        "leadDays": 7,
        "freight": "20",
        "supplierId": "M7",
        "packPrice": "35.00",
        "minimumPacks": 0,
        "currency": CUR,
    }  # omits specification, packSize and otherFees; keys in a scrambled order
    out = run(
        request(
            [
                quote("M1", freight=OMIT),
                quote("M2", packSize=OMIT),
                quote("M3", minimumPacks=OMIT),
                quote("M4", packPrice=OMIT),
                quote("M5", otherFees=OMIT),
                quote("M6", leadDays=OMIT),
                m7,
                {"supplierId": "M8"},
            ]
        )
    )
    assert out["status"] == "partial"
    assert out["ranking"] is None
    # M1 (no freight): counts and goodsSubtotal kept (10 packs * 35.00 = 350.00)
    expect_quote(
        nq(out, "M1"),
        comparable=True,
        missingFields=["freight"],
        freight=None,
        packsRequired="10",
        packsPurchased="10",
        deliveredQuantity="1000",
        overbuyQuantity="0",
        goodsSubtotal="350",
        landedTotal=None,
        costPerDeliveredUnit=None,
        unitQuotePrice="0.350000",
    )
    # M2 (no packSize): everything pack-related and unitQuotePrice null
    expect_quote(nq(out, "M2"), comparable=True, missingFields=["packSize"], packSize=None)
    expect_all_derived_null(nq(out, "M2"))
    # M3 (no MOQ): packsRequired kept (10); packsPurchased onward null; unit price 0.35
    expect_quote(
        nq(out, "M3"),
        missingFields=["minimumPacks"],
        minimumPacks=None,
        packsRequired="10",
        packsPurchased=None,
        deliveredQuantity=None,
        overbuyQuantity=None,
        goodsSubtotal=None,
        landedTotal=None,
        costPerDeliveredUnit=None,
        unitQuotePrice="0.350000",
    )
    # M4 (no packPrice): counts kept; money and unit price null
    expect_quote(
        nq(out, "M4"),
        missingFields=["packPrice"],
        packPrice=None,
        packsRequired="10",
        packsPurchased="10",
        deliveredQuantity="1000",
        overbuyQuantity="0",
        goodsSubtotal=None,
        landedTotal=None,
        costPerDeliveredUnit=None,
        unitQuotePrice=None,
    )
    # M5 (no otherFees): goods 350.00 kept, landed null
    expect_quote(
        nq(out, "M5"),
        missingFields=["otherFees"],
        otherFees=None,
        goodsSubtotal="350",
        landedTotal=None,
        costPerDeliveredUnit=None,
        unitQuotePrice="0.350000",
    )
    # M6 (no leadDays): costs all computed: 350.00+20+0 = 370.00, /1000 = 0.37
    expect_quote(
        nq(out, "M6"),
        comparable=True,
        missingFields=["leadDays"],
        leadDays=None,
        landedTotal="370",
        costPerDeliveredUnit="0.370000",
        constraintStatus="eligible",
    )
    # M7: missingFields in the table's order, whatever the key order of the input
    expect_quote(
        nq(out, "M7"),
        comparable=False,
        conflicts=["specification_missing"],
        missingFields=["specification", "packSize", "otherFees"],
        specification=None,
        packSize=None,
        otherFees=None,
        packPrice="35.00",
    )
    expect_all_derived_null(nq(out, "M7"))
    m8 = nq(out, "M8")
    expect_quote(
        m8,
        comparable=False,
        conflicts=["specification_missing", "currency_missing"],
        missingFields=CORE_FIELDS,
        qualityEvidence=None,
        qualityScore=None,
        qualityDefinition=None,
        constraintStatus="eligible",
        constraints=[],
        **{f: None for f in CORE_FIELDS},
    )
    expect_all_derived_null(m8)
    expect_lims(
        out,
        TSB,
        RNR,
        L("missing_field", "M1", "freight"),
        L("missing_field", "M2", "packSize"),
        L("missing_field", "M3", "minimumPacks"),
        L("missing_field", "M4", "packPrice"),
        L("missing_field", "M5", "otherFees"),
        L("missing_field", "M6", "leadDays"),
        L("missing_field", "M7", "specification"),
        L("missing_field", "M7", "packSize"),
        L("missing_field", "M7", "otherFees"),
        *[L("missing_field", "M8", f) for f in CORE_FIELDS],
    )
    assert issues(out) == [(f"M{i}", "quality_missing") for i in range(1, 9)]


def test_missing_root_quantity_keeps_unit_price_only() -> None:
    out = run(
        request(
            [quote("A"), quote("B", packSize=250, packPrice="80")],
            quantity=OMIT,
            weights={"cost": "1", "delivery": "0", "quality": "0"},
            sensitivityDelta="0.1",
        )
    )
    assert out["status"] == "partial"
    assert out["ranking"] is None
    assert out["sensitivity"] == []
    for sid, unit in (("A", "0.350000"), ("B", "0.320000")):  # 35.00/100 ; 80/250
        q = nq(out, sid)
        expect_quote(
            q,
            comparable=True,
            conflicts=[],
            missingFields=[],
            packsRequired=None,
            packsPurchased=None,
            deliveredQuantity=None,
            overbuyQuantity=None,
            goodsSubtotal=None,
            landedTotal=None,
            costPerDeliveredUnit=None,
            unitQuotePrice=unit,
        )
    # no landedTotal computed -> no total_spend_basis; root missing_field has field only
    expect_lims(
        out,
        L("missing_field", field="quantity"),
        L("ranking_blocked_by_conflict"),
        L("ranking_blocked_by_missing_value", "A", dim="cost"),
        L("ranking_blocked_by_missing_value", "B", dim="cost"),
        L("sensitivity_unavailable"),
    )


# --------------------------------------------------------------------------- §6


def test_comparability_is_exact_string_equality() -> None:
    nfc = "Caf\u00e9"
    nfd = "Cafe\u0301"
    out = run(
        request(
            [
                quote("A", specification=nfc, currency="EUR"),
                quote("B", specification=nfd, currency="EUR"),
                quote("C", specification=nfc + " ", currency="EUR"),
                quote("D", specification="caf\u00e9", currency="EUR"),
                quote("E", specification=nfc, currency="USD"),
                quote("F", specification="Tea", currency="GBP"),
                quote("G", specification=OMIT, currency="EUR"),
                quote("H", specification=nfc, currency=OMIT),
            ],
            specification=nfc,
            currency="EUR",
        )
    )
    assert out["status"] == "partial"
    assert out["ranking"] is None
    expect_quote(
        nq(out, "A"),
        comparable=True,
        conflicts=[],
        landedTotal="370",
        costPerDeliveredUnit="0.370000",
    )
    expected_conflicts = {
        "B": ["specification_mismatch"],
        "C": ["specification_mismatch"],
        "D": ["specification_mismatch"],
        "E": ["currency_mismatch"],
        "F": ["specification_mismatch", "currency_mismatch"],
        "G": ["specification_missing"],
        "H": ["currency_missing"],
    }
    for sid, conflicts in expected_conflicts.items():
        q = nq(out, sid)
        expect_quote(q, comparable=False, conflicts=conflicts)
        expect_all_derived_null(q)
        # the quote's own inputs are still echoed
        expect_quote(q, packSize="100", packPrice="35.00", freight="20", leadDays="7")
    # echoes are not normalised
    assert nq(out, "B")["specification"] == nfd
    assert nq(out, "C")["specification"] == nfc + " "
    assert nq(out, "G")["missingFields"] == ["specification"]
    assert nq(out, "H")["missingFields"] == ["currency"]
    # without weights: only ranking_not_requested, never a ranking_blocked_*
    expect_lims(
        out,
        TSB,
        RNR,
        L("specification_mismatch", "B"),
        L("specification_mismatch", "C"),
        L("specification_mismatch", "D"),
        L("currency_mismatch", "E"),
        L("specification_mismatch", "F"),
        L("currency_mismatch", "F"),
        L("missing_field", "G", "specification"),
        L("missing_field", "H", "currency"),
    )


def test_missing_root_specification_makes_all_non_comparable() -> None:
    out = run(request([quote("A"), quote("B")], specification=OMIT))
    assert out["status"] == "partial"
    for sid in ("A", "B"):
        q = nq(out, sid)
        # root absence is reported once at the root, not per quote (§6)
        expect_quote(q, comparable=False, conflicts=[], missingFields=[], specification=SPEC)
        expect_all_derived_null(q)
    expect_lims(out, RNR, L("missing_field", field="specification"))


def test_missing_root_currency_with_weights_blocks_once() -> None:
    out = run(
        request(
            [quote("A"), quote("B")],
            currency=OMIT,
            weights={"cost": "1", "delivery": "1", "quality": "0"},
        )
    )
    assert out["status"] == "partial"
    assert out["ranking"] is None
    for sid in ("A", "B"):
        q = nq(out, sid)
        expect_quote(q, comparable=False, conflicts=[], currency=CUR)
        expect_all_derived_null(q)
    expect_lims(
        out,
        L("missing_field", field="currency"),
        L("ranking_blocked_by_conflict"),
        L("ranking_blocked_by_missing_value", "A", dim="cost"),
        L("ranking_blocked_by_missing_value", "B", dim="cost"),
    )


# --------------------------------------------------------------------------- §8


def test_max_lead_days_rule() -> None:
    out = run(
        request(
            [
                quote("A", leadDays=10),
                quote("B", leadDays=11),
                quote("C", leadDays=0),
                quote("D", leadDays=OMIT),
            ],
            maxLeadDays=10,
        )
    )
    assert out["status"] == "partial"  # D omitted leadDays and is unknown
    # 10 > 10 is false -> eligible; 11 > 10 -> excluded; missing never passes -> unknown
    assert constraints(nq(out, "A")) == [("maxLeadDays", "eligible", "10", "10")]
    assert constraints(nq(out, "B")) == [("maxLeadDays", "excluded", "10", "11")]
    assert constraints(nq(out, "C")) == [("maxLeadDays", "eligible", "10", "0")]
    assert constraints(nq(out, "D")) == [("maxLeadDays", "unknown", "10", None)]
    assert [q["constraintStatus"] for q in out["normalizedQuotes"]] == [
        "eligible",
        "excluded",
        "eligible",
        "unknown",
    ]
    # constraints are evaluated on costs too: B still gets its costs
    expect_quote(nq(out, "B"), landedTotal="370")
    expect_lims(out, TSB, RNR, L("missing_field", "D", "leadDays"))


def test_exclusion_alone_keeps_status_completed() -> None:
    out = run(request([quote("A", leadDays=7), quote("B", leadDays=9)], maxLeadDays=8))
    assert out["status"] == "completed"
    assert nq(out, "A")["constraintStatus"] == "eligible"
    assert nq(out, "B")["constraintStatus"] == "excluded"
    expect_lims(out, TSB, RNR)


def test_no_constraints_means_empty_list_and_eligible() -> None:
    out = run(request([quote("A")]))
    q = nq(out, "A")
    assert q["constraints"] == []
    assert q["constraintStatus"] == "eligible"
    assert out["status"] == "completed"


SCALE_DEF = "audit 1-5"
SCALE_1_5: dict[str, Any] = {"definition": SCALE_DEF, "minimum": 1, "maximum": 5}


def test_minimum_quality_score_rule() -> None:
    d = SCALE_DEF
    out = run(
        request(
            [
                quote("S1", qualityScore=2, qualityDefinition=d),
                quote("S2", qualityScore="3.0", qualityDefinition=d),
                quote("S3", qualityScore="3.5", qualityDefinition=d),
                quote("S4", qualityEvidence="supplier says great"),
                quote("S5", qualityScore=2, qualityDefinition=d + " "),
                quote("S6", qualityScore=4),
            ],
            qualityScale=SCALE_1_5,
            minimumQualityScore="3",
        )
    )
    assert out["status"] == "partial"
    # 2 < 3 excluded; 3.0 == 3 passes; 3.5 passes; no score -> unknown;
    # a quality conflict makes the rule unknown, below (S5) or above (S6) the minimum (§16)
    assert constraints(nq(out, "S1")) == [("minimumQualityScore", "excluded", "3", "2")]
    assert constraints(nq(out, "S2")) == [("minimumQualityScore", "eligible", "3", "3")]
    assert constraints(nq(out, "S3")) == [("minimumQualityScore", "eligible", "3", n("3.5"))]
    assert constraints(nq(out, "S4")) == [("minimumQualityScore", "unknown", "3", None)]
    assert [q["constraintStatus"] for q in out["normalizedQuotes"]] == [
        "excluded",
        "eligible",
        "eligible",
        "unknown",
        "unknown",
        "unknown",
    ]
    assert issues(out) == [
        ("S4", "quality_evidence_only"),
        ("S5", "quality_definition_mismatch"),
        ("S6", "quality_definition_missing"),
    ]
    expect_lims(out, TSB, RNR)


def test_minimum_quality_score_conflict_statuses() -> None:
    """A quote with a quality conflict has status unknown (§16); the score is its value."""
    d = SCALE_DEF
    out = run(
        request(
            [
                quote("S5", qualityScore=2, qualityDefinition=d + " "),
                quote("S6", qualityScore=4),
            ],
            qualityScale=SCALE_1_5,
            minimumQualityScore="3",
        )
    )
    assert constraints(nq(out, "S5")) == [("minimumQualityScore", "unknown", "3", "2")]
    assert constraints(nq(out, "S6")) == [("minimumQualityScore", "unknown", "3", "4")]


def test_both_constraints_rule_order_and_combination_with_weights() -> None:
    d = SCALE_DEF
    out = run(
        request(
            [
                quote("T1", leadDays=11, qualityScore=4, qualityDefinition=d),
                quote("T2", leadDays=11),
                quote("T3", leadDays=OMIT, qualityScore=2, qualityDefinition=d),
                quote("T4", leadDays=OMIT, qualityScore=4, qualityDefinition=d),
                quote("T5", leadDays=10, qualityScore=3, qualityDefinition=d),
                quote("T6", leadDays=5, qualityScore=1, qualityDefinition="other"),
            ],
            qualityScale=SCALE_1_5,
            maxLeadDays=10,
            minimumQualityScore=3,
            weights={"cost": "1", "delivery": "1", "quality": "1"},
            sensitivityDelta="0.1",
        )
    )
    assert out["status"] == "partial"
    assert out["ranking"] is None
    table = {q["supplierId"]: [c[:2] for c in constraints(q)] for q in out["normalizedQuotes"]}
    assert table == {
        "T1": [("maxLeadDays", "excluded"), ("minimumQualityScore", "eligible")],
        "T2": [("maxLeadDays", "excluded"), ("minimumQualityScore", "unknown")],
        "T3": [("maxLeadDays", "unknown"), ("minimumQualityScore", "excluded")],
        "T4": [("maxLeadDays", "unknown"), ("minimumQualityScore", "eligible")],
        "T5": [("maxLeadDays", "eligible"), ("minimumQualityScore", "eligible")],
        "T6": [("maxLeadDays", "eligible"), ("minimumQualityScore", "unknown")],
    }
    # excluded wins over unknown (§16)
    assert [q["constraintStatus"] for q in out["normalizedQuotes"]] == [
        "excluded",
        "excluded",
        "excluded",
        "unknown",
        "eligible",
        "unknown",
    ]
    # blockers: the quality conflict (T6) once; unknown T4 and T6; the only eligible quote (T5)
    # has every value, so no missing-value blocker (T2 lacks a score but is excluded).
    expect_lims(
        out,
        TSB,
        L("missing_field", "T3", "leadDays"),
        L("missing_field", "T4", "leadDays"),
        L("ranking_blocked_by_conflict"),
        L("ranking_blocked_by_unknown_constraint", "T4"),
        L("ranking_blocked_by_unknown_constraint", "T6"),
        L("sensitivity_unavailable"),
    )


def test_partial_through_constraints_only_when_unknown() -> None:
    d = SCALE_DEF
    quotes = [
        quote("A", qualityScore=3, qualityDefinition=d),
        quote("B", qualityEvidence="claimed ISO"),
    ]
    with_min = run(request(quotes, qualityScale=SCALE_1_5, minimumQualityScore=2))
    assert nq(with_min, "B")["constraintStatus"] == "unknown"
    assert with_min["status"] == "partial"
    without = run(request(quotes, qualityScale=SCALE_1_5))
    assert nq(without, "B")["constraintStatus"] == "eligible"
    assert without["status"] == "completed"


# --------------------------------------------------------------------------- §9


def test_quality_issues_with_scale() -> None:
    scale = {"definition": "1-5 audit", "minimum": "1.0", "maximum": 5}
    d = "1-5 audit"
    out = run(
        request(
            [
                quote("Q1", qualityEvidence="ISO cert pdf"),
                quote("Q2"),
                quote("Q3", qualityScore=3, qualityDefinition=d),
                quote("Q4", qualityScore=3),
                quote("Q5", qualityScore=3, qualityDefinition="1-5 Audit"),
                quote("Q6", qualityEvidence="audit", qualityScore="4.5", qualityDefinition=d),
            ],
            qualityScale=scale,
        )
    )
    assert out["status"] == "partial"
    scale_out = out["quality"]["scale"]
    assert scale_out["definition"] == d
    assert dec_eq(scale_out["minimum"], "1") and dec_eq(scale_out["maximum"], "5")
    assert out["quality"]["certifiedSuppliers"] is False
    assert issues(out) == [
        ("Q1", "quality_evidence_only"),
        ("Q2", "quality_missing"),
        ("Q4", "quality_definition_missing"),
        ("Q5", "quality_definition_mismatch"),
    ]
    expect_quote(nq(out, "Q1"), conflicts=[], qualityEvidence="ISO cert pdf", qualityScore=None)
    expect_quote(nq(out, "Q3"), conflicts=[], qualityScore="3")
    expect_quote(nq(out, "Q4"), conflicts=["quality_definition_missing"], comparable=True)
    expect_quote(nq(out, "Q5"), conflicts=["quality_definition_mismatch"], comparable=True)
    expect_quote(nq(out, "Q6"), conflicts=[], qualityScore="4.5")
    # a quality conflict does not stop the cost normalisation
    expect_quote(nq(out, "Q5"), landedTotal="370", costPerDeliveredUnit="0.370000")
    expect_lims(out, TSB, RNR)


def test_quality_score_without_scale_or_definition() -> None:
    out = run(
        request(
            [
                quote("N1", qualityScore=3),
                quote("N2", qualityEvidence="claims"),
                quote("N3"),
            ],
            weights={"cost": "1", "delivery": "0", "quality": "0"},
        )
    )
    assert out["status"] == "partial"
    assert out["quality"]["scale"] is None
    assert out["ranking"] is None
    assert issues(out) == [
        ("N1", "quality_definition_missing"),
        ("N1", "quality_scale_missing"),
        ("N2", "quality_evidence_only"),
        ("N3", "quality_missing"),
    ]
    expect_quote(
        nq(out, "N1"),
        conflicts=["quality_scale_missing", "quality_definition_missing"],
    )
    # cost is known everywhere, delivery/quality weigh 0: only the conflict blocks
    expect_lims(out, TSB, L("ranking_blocked_by_conflict"))


# --------------------------------------------------------------------------- §10


def _cheap(sid: str, price: str, lead: int, **extra: Any) -> dict[str, Any]:
    """quantity 10, packs of 1, no MOQ, no fees -> landedTotal = 10 * price."""
    return quote(
        sid,
        packSize=1,
        minimumPacks=0,
        packPrice=price,
        freight="0",
        otherFees="0",
        leadDays=lead,
        **extra,
    )


def test_ranking_weights_not_summing_to_one_excluded_left_out_and_sensitivity() -> None:
    d = "0-10 panel"
    out = run(
        request(
            [
                _cheap("X", "10", 3, qualityScore="7.5", qualityDefinition=d),
                _cheap("Y", "13", 10, qualityScore=2, qualityDefinition=d),
                _cheap("Z", "40", 5, qualityScore=10, qualityDefinition=d),
                _cheap("W", "1", 11, qualityScore=0, qualityDefinition=d),
            ],
            quantity=10,
            qualityScale={"definition": d, "minimum": "0", "maximum": "10"},
            maxLeadDays=10,
            weights={"cost": "2", "delivery": "1", "quality": "1"},
            sensitivityDelta="0.5",
        )
    )
    assert out["status"] == "completed"
    assert nq(out, "W")["constraintStatus"] == "excluded"  # 11 > 10, cheapest but excluded
    assert nq(out, "Y")["constraintStatus"] == "eligible"  # 10 == 10 passes
    # landed: X 100, Y 130, Z 400 (W 10 excluded, not in min/max)
    # cost (400-v)/300: X 1, Y 270/300=0.9, Z 0
    # delivery (10-v)/7: X 1, Y 0, Z 5/7=0.7142857 -> 0.714286
    # quality v/10: X 0.75, Y 0.2, Z 1
    # W_sum = 4: X (2+1+0.75)/4=0.9375; Y (1.8+0+0.2)/4=0.5; Z (0+5/7+1)/4=3/7=0.4285714
    cx: Comp = ("1.000000", "1.000000", "0.750000")
    cy: Comp = ("0.900000", "0.000000", "0.200000")
    cz: Comp = ("0.000000", "0.714286", "1.000000")
    assert flat_ranking(out["ranking"]) == [
        (1, "X", "0.937500", cx),
        (2, "Y", "0.500000", cy),
        (3, "Z", "0.428571", cz),
    ]
    sens = out["sensitivity"]
    assert [(s["dimension"], s["direction"]) for s in sens] == [
        ("cost", "increase"),
        ("cost", "decrease"),
        ("delivery", "increase"),
        ("delivery", "decrease"),
        ("quality", "increase"),
        ("quality", "decrease"),
    ]
    for s, factor in zip(sens, ["1.5", "0.5"] * 3, strict=True):
        assert dec_eq(s["factor"], factor)
    weights = [tuple(n(v) for v in s["weights"].values()) for s in sens]
    # 2*1.5=3, 2*0.5=1, 1*1.5=1.5, 1*0.5=0.5; the others echoed
    assert weights == [
        ("3", "1", "1"),
        ("1", "1", "1"),
        ("2", "1.5", "1"),
        ("2", "0.5", "1"),
        ("2", "1", "1.5"),
        ("2", "1", "0.5"),
    ]
    # cost x1.5 (sum 5): X 4.75/5=0.95, Y 2.9/5=0.58, Z (12/7)/5=12/35=0.342857
    assert flat_ranking(sens[0]["ranking"]) == [
        (1, "X", "0.950000", cx),
        (2, "Y", "0.580000", cy),
        (3, "Z", "0.342857", cz),
    ]
    assert sens[0]["rankingChanged"] is False
    # cost x0.5 (sum 3): X 2.75/3=0.916667, Y 1.1/3=0.366667, Z (12/7)/3=4/7=0.571429
    assert flat_ranking(sens[1]["ranking"]) == [
        (1, "X", "0.916667", cx),
        (2, "Z", "0.571429", cz),
        (3, "Y", "0.366667", cy),
    ]
    assert sens[1]["rankingChanged"] is True
    # delivery x1.5 (sum 4.5): X 4.25/4.5=0.944444, Y 2/4.5=0.444444,
    #   Z (7.5/7+1)/4.5 = 14.5/31.5 = 0.4603175
    assert flat_ranking(sens[2]["ranking"]) == [
        (1, "X", "0.944444", cx),
        (2, "Z", "0.460317", cz),
        (3, "Y", "0.444444", cy),
    ]
    assert sens[2]["rankingChanged"] is True
    # delivery x0.5 (sum 3.5): X 3.25/3.5=0.928571, Y 2/3.5=0.571429,
    #   Z (2.5/7+1)/3.5 = 9.5/24.5 = 0.3877551
    assert flat_ranking(sens[3]["ranking"]) == [
        (1, "X", "0.928571", cx),
        (2, "Y", "0.571429", cy),
        (3, "Z", "0.387755", cz),
    ]
    assert sens[3]["rankingChanged"] is False
    # quality x1.5 (sum 4.5): X 4.125/4.5=0.916667, Y 2.1/4.5=0.466667,
    #   Z (5/7+1.5)/4.5 = 15.5/31.5 = 0.4920635
    assert flat_ranking(sens[4]["ranking"]) == [
        (1, "X", "0.916667", cx),
        (2, "Z", "0.492063", cz),
        (3, "Y", "0.466667", cy),
    ]
    assert sens[4]["rankingChanged"] is True
    # quality x0.5 (sum 3.5): X 3.375/3.5=0.9642857, Y 1.9/3.5=0.5428571,
    #   Z (5/7+0.5)/3.5 = 8.5/24.5 = 0.3469388
    assert flat_ranking(sens[5]["ranking"]) == [
        (1, "X", "0.964286", cx),
        (2, "Y", "0.542857", cy),
        (3, "Z", "0.346939", cz),
    ]
    assert sens[5]["rankingChanged"] is False
    expect_lims(out, TSB)


def test_exact_tie_that_floats_would_split_and_code_point_display_order() -> None:
    d = "1-5"
    out = run(
        request(
            [
                _cheap("a", "10", 5, qualityScore=1, qualityDefinition=d),
                _cheap("B", "20", 10, qualityScore=5, qualityDefinition=d),
                _cheap("c", "20", 10, qualityScore=3, qualityDefinition=d),
            ],
            quantity=10,
            qualityScale={"definition": d, "minimum": 1, "maximum": 5},
            weights={"cost": "0.1", "delivery": "0.2", "quality": "0.3"},
        )
    )
    assert out["status"] == "completed"
    # landed a 100, B 200, c 200 -> cost a 1, B 0, c 0; lead 5/10/10 -> delivery a 1, B 0, c 0
    # quality (s-1)/4: a 0, B 1, c 0.5; sum of weights 0.6
    # a = (0.1+0.2)/0.6 = 0.5 ; B = 0.3/0.6 = 0.5  (floats: 0.5 vs 0.49999999999999994)
    # c = 0.3*0.5/0.6 = 0.25. Dense ranks 1,1,2; display "B" (U+0042) before "a" (U+0061)
    assert flat_ranking(out["ranking"]) == [
        (1, "B", "0.500000", ("0.000000", "0.000000", "1.000000")),
        (1, "a", "0.500000", ("1.000000", "1.000000", "0.000000")),
        (2, "c", "0.250000", ("0.000000", "0.000000", "0.500000")),
    ]


def test_exact_tie_of_thirds() -> None:
    d = "0-3"
    out = run(
        request(
            [
                _cheap("a", "30", 20, qualityScore=1, qualityDefinition=d),
                _cheap("B", "10", 30, qualityScore=0, qualityDefinition=d),
                _cheap("C", "40", 0, qualityScore=0, qualityDefinition=d),
            ],
            quantity=10,
            qualityScale={"definition": d, "minimum": 0, "maximum": 3},
            weights={"cost": "1", "delivery": "1", "quality": "1"},
        )
    )
    # landed a 300, B 100, C 400: cost (400-v)/300 -> a 1/3, B 1, C 0
    # lead a 20, B 30, C 0: delivery (30-v)/30 -> a 1/3, B 0, C 1
    # quality v/3 -> a 1/3, B 0, C 0
    # scores /3: a (1/3+1/3+1/3)/3 = 1/3, B 1/3, C 1/3 -> all exactly equal, rank 1
    third = "0.333333"
    assert flat_ranking(out["ranking"]) == [
        (1, "B", third, ("1.000000", "0.000000", "0.000000")),
        (1, "C", third, ("0.000000", "1.000000", "0.000000")),
        (1, "a", third, (third, third, third)),
    ]


def test_zero_weight_quality_component_null_without_score() -> None:
    d = SCALE_DEF
    out = run(
        request(
            [
                quote("A", qualityScore=3, qualityDefinition=d),
                quote("B", packPrice="30", leadDays=14),
            ],
            qualityScale=SCALE_1_5,
            weights={"cost": "1", "delivery": "0", "quality": "0"},
        )
    )
    assert out["status"] == "completed"
    # landed A 370, B 300+20=320: cost (370-v)/50 -> A 0, B 1
    # delivery (zero weight, known) (14-v)/7 -> A 1, B 0; quality (3-1)/4=0.5 for A, B null
    # score = cost only: A 0, B 1
    assert flat_ranking(out["ranking"]) == [
        (1, "B", "1.000000", ("1.000000", "0.000000", None)),
        (2, "A", "0.000000", ("0.000000", "1.000000", "0.500000")),
    ]
    assert issues(out) == [("B", "quality_missing")]
    expect_lims(out, TSB)  # no component_unavailable for quality (§16)


def test_zero_weight_delivery_with_missing_value_is_all_null() -> None:
    out = run(
        request(
            [quote("A", leadDays=OMIT), quote("B", packPrice="30")],
            weights={"cost": "1", "delivery": "0", "quality": "0"},
        )
    )
    assert out["status"] == "partial"
    # landed A 370, B 320: cost A 0, B 1; delivery has A missing -> all null
    assert flat_ranking(out["ranking"]) == [
        (1, "B", "1.000000", ("1.000000", None, None)),
        (2, "A", "0.000000", ("0.000000", None, None)),
    ]
    expect_lims(
        out,
        TSB,
        L("missing_field", "A", "leadDays"),
        L("component_unavailable", dim="delivery"),
    )


def test_zero_weight_cost_with_missing_value_is_all_null() -> None:
    out = run(
        request(
            [quote("A", otherFees=OMIT), quote("B", leadDays=14)],
            weights={"cost": "0", "delivery": "1", "quality": "0"},
        )
    )
    assert out["status"] == "partial"
    # A has no landedTotal -> cost components null for everyone; B's 370 is not shown
    # delivery (14-v)/7: A 1, B 0; score = delivery only
    assert flat_ranking(out["ranking"]) == [
        (1, "A", "1.000000", (None, "1.000000", None)),
        (2, "B", "0.000000", (None, "0.000000", None)),
    ]
    expect_lims(
        out,
        TSB,
        L("missing_field", "A", "otherFees"),
        L("component_unavailable", dim="cost"),
    )


def test_components_and_scores_round_half_up_once() -> None:
    cost_only = {"cost": "1", "delivery": "0", "quality": "0"}
    out = run(
        request(
            [
                _cheap("L0", "0", 7),
                _cheap("L1", "1999999", 7),
                _cheap("L2", "2000000", 7),
            ],
            quantity=1,
            weights=cost_only,
        )
    )
    # landed 0 / 1999999 / 2000000; cost (2000000-v)/2000000:
    # L0 1, L1 1/2000000 = 0.0000005 -> half-up 0.000001 (half-even: 0.000000), L2 0
    # equal leads -> delivery 1 for all (zero weight, still shown); score = cost component
    assert flat_ranking(out["ranking"]) == [
        (1, "L0", "1.000000", ("1.000000", "1.000000", None)),
        (2, "L1", "0.000001", ("0.000001", "1.000000", None)),
        (3, "L2", "0.000000", ("0.000000", "1.000000", None)),
    ]
    out = run(
        request(
            [_cheap("A", "1", 10), _cheap("B", "2", 0)],
            quantity=1,
            weights={"cost": "0.00002", "delivery": "7.99998", "quality": "0"},
        )
    )
    # cost: A 1, B 0; delivery (10-v)/10: A 0, B 1; weight sum 8
    # A = 0.00002/8 = 0.0000025 -> 0.000003 (half-even 0.000002); B = 7.99998/8 = 0.9999975
    assert flat_ranking(out["ranking"]) == [
        (1, "B", "0.999998", ("0.000000", "1.000000", None)),
        (2, "A", "0.000003", ("1.000000", "0.000000", None)),
    ]


def test_scoring_stays_exact_beyond_28_digits() -> None:
    price = "999999999999999.999999"
    out = run(
        request(
            [
                quote("F0", packSize=1, packPrice=price, freight="0", otherFees="0"),
                quote("F1", packSize=1, packPrice=price, freight="0.000001", otherFees="0"),
                quote("F2", packSize=1, packPrice=price, freight="0.000002", otherFees="0"),
            ],
            quantity=999999999,
            weights={"cost": "1", "delivery": "0", "quality": "0"},
        )
    )
    # goods = 999999999 * (10^15 - 10^-6) = 999999998999999999999000.000001 (30 digits);
    # landed F0 = goods, F1 = goods + 0.000001, F2 = goods + 0.000002 (differ in digit 30)
    # cost (F2-v)/0.000002: F0 1, F1 0.5, F2 0
    goods = 999999999 * 999999999999999999999
    assert _scaled(nq(out, "F0")["landedTotal"]) == goods
    assert _scaled(nq(out, "F1")["landedTotal"]) == goods + 1
    assert _scaled(nq(out, "F2")["landedTotal"]) == goods + 2
    assert flat_ranking(out["ranking"]) == [
        (1, "F0", "1.000000", ("1.000000", "1.000000", None)),
        (2, "F1", "0.500000", ("0.500000", "1.000000", None)),
        (3, "F2", "0.000000", ("0.000000", "1.000000", None)),
    ]


def test_sensitivity_weight_products_are_exact() -> None:
    out = run(
        request(
            [quote("A"), quote("B", packPrice="30")],
            weights={"cost": "0.333333", "delivery": "0", "quality": "0"},
            sensitivityDelta="0.123456",
        )
    )
    # landed A 370, B 320 -> cost A 0, B 1; equal leads -> delivery 1; score = cost
    base = [
        (1, "B", "1.000000", ("1.000000", "1.000000", None)),
        (2, "A", "0.000000", ("0.000000", "1.000000", None)),
    ]
    assert flat_ranking(out["ranking"]) == base
    sens = out["sensitivity"]
    # factors 1 + 0.123456 = 1.123456 and 1 - 0.123456 = 0.876544 (only cost is positive)
    # 0.333333 * 1.123456: 333333 * 1123456 = (1123456 * 999999)/3 = 374484958848 -> 12 dp
    # 0.333333 * 0.876544: (876544 * 999999)/3 = 292181041152
    assert [(s["dimension"], s["direction"], n(s["factor"])) for s in sens] == [
        ("cost", "increase", "1.123456"),
        ("cost", "decrease", "0.876544"),
    ]
    assert [tuple(n(v) for v in s["weights"].values()) for s in sens] == [
        ("0.374484958848", "0", "0"),
        ("0.292181041152", "0", "0"),
    ]
    for s in sens:
        assert flat_ranking(s["ranking"]) == base
        assert s["rankingChanged"] is False


def test_equal_values_give_component_one_and_sensitivity_factors() -> None:
    out = run(
        request(
            [quote("A"), quote("B")],
            weights={"cost": "1", "delivery": "1", "quality": "0"},
            sensitivityDelta="0.5",
        )
    )
    assert out["status"] == "completed"
    # max = min for cost (370) and delivery (7): every component 1; score (1+1)/2 = 1
    one: Comp = ("1.000000", "1.000000", None)
    assert flat_ranking(out["ranking"]) == [(1, "A", "1.000000", one), (1, "B", "1.000000", one)]
    sens = out["sensitivity"]
    # only cost and delivery have weight > 0; factors 1.5 / 0.5; scores stay 1
    assert [(s["dimension"], s["direction"], n(s["factor"])) for s in sens] == [
        ("cost", "increase", "1.5"),
        ("cost", "decrease", "0.5"),
        ("delivery", "increase", "1.5"),
        ("delivery", "decrease", "0.5"),
    ]
    assert [tuple(n(v) for v in s["weights"].values()) for s in sens] == [
        ("1.5", "1", "0"),
        ("0.5", "1", "0"),
        ("1", "1.5", "0"),
        ("1", "0.5", "0"),
    ]
    for s in sens:
        assert flat_ranking(s["ranking"]) == [
            (1, "A", "1.000000", one),
            (1, "B", "1.000000", one),
        ]
        assert s["rankingChanged"] is False


def test_sensitivity_rank_changes_and_ties() -> None:
    out = run(
        request(
            [
                quote("P", packSize=10, packPrice="10", freight="0", leadDays=20),
                quote("Q", packSize=10, packPrice="20", freight="0", leadDays=10),
                quote("R", packSize=10, packPrice="30", freight="0", leadDays=0),
            ],
            quantity=100,
            weights={"cost": "0.5", "delivery": "0.4", "quality": "0"},
            sensitivityDelta="0.25",
        )
    )
    assert out["status"] == "completed"
    # 10 packs each: landed P 100, Q 200, R 300 -> cost (300-v)/200: P 1, Q 0.5, R 0
    # lead 20/10/0 -> delivery (20-v)/20: P 0, Q 0.5, R 1; quality weight 0, no scores -> null
    cp: Comp = ("1.000000", "0.000000", None)
    cq: Comp = ("0.500000", "0.500000", None)
    cr: Comp = ("0.000000", "1.000000", None)
    # base sum 0.9: P 0.5/0.9=0.5555.. ; Q 0.45/0.9=0.5 ; R 0.4/0.9=0.4444..
    base = [(1, "P", "0.555556", cp), (2, "Q", "0.500000", cq), (3, "R", "0.444444", cr)]
    assert flat_ranking(out["ranking"]) == base
    sens = out["sensitivity"]
    assert [(s["dimension"], s["direction"], n(s["factor"])) for s in sens] == [
        ("cost", "increase", "1.25"),
        ("cost", "decrease", "0.75"),
        ("delivery", "increase", "1.25"),
        ("delivery", "decrease", "0.75"),
    ]
    # 0.5*1.25=0.625, 0.5*0.75=0.375, 0.4*1.25=0.5, 0.4*0.75=0.3
    assert [tuple(n(v) for v in s["weights"].values()) for s in sens] == [
        ("0.625", "0.4", "0"),
        ("0.375", "0.4", "0"),
        ("0.5", "0.5", "0"),
        ("0.5", "0.3", "0"),
    ]
    # cost up (sum 1.025): P .625/1.025=0.6097560, Q .5125/1.025=0.5, R .4/1.025=0.3902439
    assert flat_ranking(sens[0]["ranking"]) == [
        (1, "P", "0.609756", cp),
        (2, "Q", "0.500000", cq),
        (3, "R", "0.390244", cr),
    ]
    assert sens[0]["rankingChanged"] is False
    # cost down (sum 0.775): P .375/.775=0.4838709, Q .3875/.775=0.5, R .4/.775=0.5161290
    assert flat_ranking(sens[1]["ranking"]) == [
        (1, "R", "0.516129", cr),
        (2, "Q", "0.500000", cq),
        (3, "P", "0.483871", cp),
    ]
    assert sens[1]["rankingChanged"] is True
    # delivery up (sum 1.0): P 0.5, Q 0.25+0.25=0.5, R 0.5 -> one dense rank for all
    assert flat_ranking(sens[2]["ranking"]) == [
        (1, "P", "0.500000", cp),
        (1, "Q", "0.500000", cq),
        (1, "R", "0.500000", cr),
    ]
    assert sens[2]["rankingChanged"] is True
    # delivery down (sum 0.8): P .5/.8=0.625, Q .4/.8=0.5, R .3/.8=0.375
    assert flat_ranking(sens[3]["ranking"]) == [
        (1, "P", "0.625000", cp),
        (2, "Q", "0.500000", cq),
        (3, "R", "0.375000", cr),
    ]
    assert sens[3]["rankingChanged"] is False


def test_ranking_without_weights_is_null_with_only_not_requested() -> None:
    out = run(request([quote("A"), quote("B", currency="USD")]))
    assert out["ranking"] is None and out["sensitivity"] == []
    expect_lims(out, TSB, RNR, L("currency_mismatch", "B"))


def test_every_blocker_is_reported() -> None:
    d = SCALE_DEF
    out = run(
        request(
            [
                quote("A", currency="USD", leadDays=5, qualityScore=3, qualityDefinition=d),
                quote("B", leadDays=OMIT, qualityScore=3, qualityDefinition=d),
                quote("C", leadDays=20, qualityScore=3, qualityDefinition=d),
                quote("D", leadDays=5, qualityEvidence="brochure"),
                quote("E", leadDays=5, qualityScore=4, qualityDefinition=d),
            ],
            qualityScale=SCALE_1_5,
            maxLeadDays=10,
            weights={"cost": "1", "delivery": "1", "quality": "1"},
        )
    )
    assert out["status"] == "partial"
    assert out["ranking"] is None
    assert [q["constraintStatus"] for q in out["normalizedQuotes"]] == [
        "eligible",
        "unknown",
        "excluded",
        "eligible",
        "eligible",
    ]
    # A: non-comparable (conflict) and eligible -> its landedTotal is null -> missing cost
    # B: unknown; C: excluded (no missing-value blockers for them); D: eligible, no score
    expect_lims(
        out,
        TSB,
        L("currency_mismatch", "A"),
        L("missing_field", "B", "leadDays"),
        L("ranking_blocked_by_conflict"),
        L("ranking_blocked_by_unknown_constraint", "B"),
        L("ranking_blocked_by_missing_value", "A", dim="cost"),
        L("ranking_blocked_by_missing_value", "D", dim="quality"),
    )


def test_all_excluded_and_conflict_both_reported() -> None:
    out = run(
        request(
            [quote("A", currency="USD", leadDays=5), quote("B", leadDays=5)],
            maxLeadDays=1,
            weights={"cost": "1", "delivery": "0", "quality": "0"},
            sensitivityDelta="0.2",
        )
    )
    assert out["status"] == "partial"
    assert [q["constraintStatus"] for q in out["normalizedQuotes"]] == ["excluded", "excluded"]
    assert out["ranking"] is None and out["sensitivity"] == []
    expect_lims(
        out,
        TSB,
        L("currency_mismatch", "A"),
        L("ranking_blocked_by_conflict"),
        L("all_candidates_excluded"),
        L("sensitivity_unavailable"),
    )


def test_positive_quality_weight_without_scores_is_completed_without_ranking() -> None:
    out = run(
        request(
            [quote("A"), quote("B")],
            weights={"cost": "1", "delivery": "1", "quality": "1"},
        )
    )
    assert out["status"] == "completed"
    assert out["ranking"] is None
    assert issues(out) == [("A", "quality_missing"), ("B", "quality_missing")]
    expect_lims(
        out,
        TSB,
        L("ranking_blocked_by_missing_value", "A", dim="quality"),
        L("ranking_blocked_by_missing_value", "B", dim="quality"),
    )


def test_excluded_quote_with_missing_value_does_not_block() -> None:
    out = run(
        request(
            [
                quote("A", leadDays=3),
                quote("B", packPrice="30", leadDays=6),
                quote("C", leadDays=12, freight=OMIT),
            ],
            maxLeadDays=10,
            weights={"cost": "1", "delivery": "1", "quality": "0"},
        )
    )
    assert out["status"] == "partial"  # C omitted freight
    assert nq(out, "C")["constraintStatus"] == "excluded"
    # A 370, B 320 -> cost A 0, B 1; lead 3/6 -> delivery A 1, B 0; (1+0)/2 = (0+1)/2 = 0.5
    assert flat_ranking(out["ranking"]) == [
        (1, "A", "0.500000", ("0.000000", "1.000000", None)),
        (1, "B", "0.500000", ("1.000000", "0.000000", None)),
    ]
    expect_lims(out, TSB, L("missing_field", "C", "freight"))


# --------------------------------------------------------------------------- examples


def _examples() -> list[str]:
    return sorted(p.name[: -len(".request.json")] for p in EXAMPLES.glob("*.request.json"))


def _same(exp: Any, act: Any, key: str, parent: str, where: str) -> None:
    if isinstance(exp, dict):
        assert isinstance(act, dict), where
        assert list(act) == list(exp), where
        for k in exp:
            if k == "limitations":
                _same_limitations(exp[k], act[k], where)
            elif k == "conflicts":
                assert sorted(act[k]) == sorted(exp[k]), where + "/conflicts"
            else:
                _same(exp[k], act[k], k, key, f"{where}/{k}")
    elif isinstance(exp, list):
        assert isinstance(act, list) and len(act) == len(exp), where
        for i, (e, a) in enumerate(zip(exp, act, strict=True)):
            _same(e, a, key, parent, f"{where}/{i}")
    elif isinstance(exp, str) and (key in BY_VALUE_KEYS or parent == "weights"):
        assert dec_eq(act, exp), f"{where}: {act!r} != {exp!r}"
    else:
        assert type(act) is type(exp) and act == exp, f"{where}: {act!r} != {exp!r}"


def _same_limitations(exp: list[dict[str, Any]], act: list[dict[str, Any]], where: str) -> None:
    def key(lim: dict[str, Any]) -> tuple[str, ...]:
        return tuple(lim.get(k, "") for k in ("code", "path", "supplierId", "field", "dimension"))

    assert sorted(map(key, act)) == sorted(map(key, exp)), where + "/limitations"
    for lim in act:
        assert set(lim) == set(next(e for e in exp if key(e) == key(lim))), lim


@pytest.mark.parametrize("name", _examples())
def test_examples_through_library(name: str) -> None:
    raw = (EXAMPLES / f"{name}.request.json").read_bytes()
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_bytes())
    res = calculate(raw)
    out = run_raw(raw)
    assert res.exit_code == expected["exitCode"]
    _same(expected["output"], out, "", "", "")
    if out["status"] == "invalid_input":
        pairs = [(e["path"], e["code"]) for e in out["limitations"]]
        assert pairs == sorted(pairs)


@pytest.mark.parametrize("name", _examples())
def test_examples_through_cli(name: str) -> None:
    raw = (EXAMPLES / f"{name}.request.json").read_bytes()
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_bytes())
    proc = run_cli(raw)
    assert proc.stderr == b""
    assert proc.exit_code == expected["exitCode"]
    _same(expected["output"], proc.output, "", "", "")
    assert proc.stdout == calculate(raw).to_json()


def test_cli_rounding_request_matches_hand_values() -> None:
    req = request(
        [quote("H1", packSize=8, packPrice="1.00002", freight="0", otherFees="0")],
        quantity=8,
    )
    raw = json.dumps(req).encode()
    proc = run_cli(raw)
    assert proc.exit_code == 0 and proc.stderr == b""
    out = proc.output
    check_envelope(out, proc.exit_code)
    # 1.00002 / 8 = 0.1250025 -> half-up 0.125003
    expect_quote(nq(out, "H1"), costPerDeliveredUnit="0.125003", unitQuotePrice="0.125003")
    assert proc.stdout == calculate(raw).to_json()


def test_cli_partial_request_stdout_is_one_compact_line() -> None:
    raw = json.dumps(request([quote("A", freight=OMIT)])).encode()
    proc = run_cli(raw)
    assert proc.exit_code == 0 and proc.stderr == b""
    out = proc.output
    assert out["status"] == "partial"
    expect_quote(nq(out, "A"), goodsSubtotal="350", landedTotal=None)


def test_same_code_same_message_across_outputs() -> None:
    """Every code carries one text, in this module's outputs and in the examples."""
    for name in _examples():
        out = run_raw((EXAMPLES / f"{name}.request.json").read_bytes())
        for lim in out["limitations"]:
            seen = MESSAGES.setdefault(lim["code"], lim["message"])
            assert seen == lim["message"], lim["code"]
