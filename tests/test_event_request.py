"""The event request (issue 26): validation, the gate and hand-worked awards, in process.

Every expected value is written out by hand from the rules (docs/event.md), never read from
the code's output. Until the engine lands these run on the brute-force stand-in
(``event_standin.py``), which follows the engine's interface; afterwards on the engine.
"""

from __future__ import annotations

import json
import random
import sys
from decimal import Decimal
from typing import Any

import pytest

from event_support import EXAMPLE, EXAMPLE_PATH, HAS_ENGINE, example, item, offer, supplier
from quotecalc.core.event_rules import EVENT_ERROR_MESSAGES, EVENT_MESSAGES
from quotecalc.core.limits import MAX_EVENT_BYTES, MAX_INPUT_BYTES
from quotecalc.planning.event_document import ROOT_KEYS, award

# The worked example is too large for the brute-force stand-in: it needs the engine.
needs_engine = pytest.mark.skipif(not HAS_ENGINE, reason="the award engine has not landed")
ITEMS = [item("a", 2)]
SUPPLIERS = [supplier("S", offer("a"))]


def _errors(raw: bytes) -> list[tuple[str, str]]:
    document = award(raw)
    assert (document.status, document.exit_code) == ("invalid_input", 2)
    assert document.output["award"] is None and document.output["baselines"] is None
    for reason in document.output["reasons"]:
        assert reason["message"] == EVENT_ERROR_MESSAGES[reason["code"]]
    return [(reason["code"], reason["path"]) for reason in document.output["reasons"]]


def _with(**changes: Any) -> bytes:
    body: dict[str, Any] = {
        "schemaVersion": 1,
        "currency": "CNY",
        "items": [dict(entry) for entry in ITEMS],
        "suppliers": [json.loads(json.dumps(entry)) for entry in SUPPLIERS],
    }
    for key, value in changes.items():
        body[key] = value
    return json.dumps(body).encode("utf-8")


def _offer_with(**fields: Any) -> bytes:
    return _with(suppliers=[supplier("S", offer("a", **fields))])


def _supplier_with(**fields: Any) -> bytes:
    return _with(suppliers=[supplier("S", offer("a"), **fields)])


VALIDATION = [
    ("root unknown key", _with(extra=1), [("unknown_key", "")]),
    ("item unknown key", _with(items=[item("a", colour="red")]), [("unknown_key", "/items/0")]),
    ("supplier unknown key", _supplier_with(rating=5), [("unknown_key", "/suppliers/0")]),
    ("offer unknown key", _offer_with(note="x"), [("unknown_key", "/suppliers/0/offers/0")]),
    ("null fee", _supplier_with(freight=None), [("null_not_allowed", "/suppliers/0/freight")]),
    ("null root limit", _with(maxSuppliers=None), [("null_not_allowed", "/maxSuppliers")]),
    (
        "duplicate itemId",
        _with(items=[item("a"), item("a")]),
        [("duplicate_item_id", "/items/1/itemId")],
    ),
    (
        "duplicate supplierId",
        _with(suppliers=[supplier("S", offer("a")), supplier("S", offer("a"))]),
        [("duplicate_supplier_id", "/suppliers/1/supplierId")],
    ),
    (
        "offer for an unknown item",
        _with(suppliers=[supplier("S", offer("z"))]),
        [("unknown_item", "/suppliers/0/offers/0/itemId")],
    ),
    (
        "two offers of one supplier for one item",
        _with(suppliers=[supplier("S", offer("a"), offer("a", "9"))]),
        [("duplicate_offer", "/suppliers/0/offers/1/itemId")],
    ),
    (
        "spend tiers not increasing",
        _supplier_with(
            spendDiscounts=[
                {"minimumSpend": "100", "percent": "5"},
                {"minimumSpend": "100.00", "percent": "6"},
            ]
        ),
        [("out_of_range", "/suppliers/0/spendDiscounts/1/minimumSpend")],
    ),
    (
        "percent 0 and 100 are outside 0 < p < 100",
        _supplier_with(
            spendDiscounts=[
                {"minimumSpend": "1", "percent": "0"},
                {"minimumSpend": "2", "percent": "100"},
            ]
        ),
        [
            ("out_of_range", "/suppliers/0/spendDiscounts/0/percent"),
            ("out_of_range", "/suppliers/0/spendDiscounts/1/percent"),
        ],
    ),
    (
        "price breaks not increasing",
        _offer_with(
            priceBreaks=[
                {"minimumQuantity": 10, "packPrice": "9"},
                {"minimumQuantity": 5, "packPrice": "8"},
            ]
        ),
        [("out_of_range", "/suppliers/0/offers/0/priceBreaks/1/minimumQuantity")],
    ),
    (
        "no items (and so the offer's item is unknown)",
        _with(items=[]),
        [("out_of_range", "/items"), ("unknown_item", "/suppliers/0/offers/0/itemId")],
    ),
    ("no offers", _with(suppliers=[supplier("S")]), [("out_of_range", "/suppliers/0/offers")]),
    ("quantity 0", _with(items=[item("a", 0)]), [("out_of_range", "/items/0/quantity")]),
    (
        "exponent",
        _offer_with(packPrice="1e3"),
        [("exponent_not_allowed", "/suppliers/0/offers/0/packPrice")],
    ),
    (
        "fractional pack size",
        _offer_with(packSize="1.5"),
        [("not_integer", "/suppliers/0/offers/0/packSize")],
    ),
    ("lower-case currency", _with(currency="cny"), [("invalid_currency", "/currency")]),
    ("negative maxLeadDays", _with(maxLeadDays=-1), [("negative_value", "/maxLeadDays")]),
    (
        "schema version 2",
        _with(schemaVersion=2),
        [("unsupported_schema_version", "/schemaVersion")],
    ),
    (
        "itemId of 65 characters",
        _with(items=[item("x" * 65)], suppliers=[supplier("S", offer("x" * 65))]),
        [
            ("string_too_long", "/items/0/itemId"),
            ("string_too_long", "/suppliers/0/offers/0/itemId"),
        ],
    ),
    (
        "no suppliers key",
        b'{"schemaVersion":1,"currency":"CNY","items":[]}',
        [
            ("out_of_range", "/items"),
            ("missing_required", "/suppliers"),
        ],
    ),
]


@pytest.mark.parametrize(("name", "raw", "expected"), VALIDATION, ids=[c[0] for c in VALIDATION])
def test_each_validation_rule(name: str, raw: bytes, expected: list[tuple[str, str]]) -> None:
    assert _errors(raw) == expected


def test_the_base_event_is_valid() -> None:
    assert award(_with()).status == "completed"


def test_nothing_of_the_input_is_echoed_in_errors() -> None:
    marker = "MARKER-\u00e9-42"
    raw = _with(items=[item(marker)], suppliers=[supplier(marker, offer("nope"))], x=marker)
    shown = award(raw).to_json().decode("utf-8")
    assert marker not in shown
    assert _errors(raw) == [("unknown_key", ""), ("unknown_item", "/suppliers/0/offers/0/itemId")]


def test_the_event_size_limit_is_its_own() -> None:
    body = _with()
    # Larger than a fixed request may be, and accepted: JSON whitespace pads it.
    padded = body[:-1] + b" " * (MAX_INPUT_BYTES * 2) + b"}"
    assert award(padded).status == "completed"
    over = body[:-1] + b" " * (MAX_EVENT_BYTES - len(body) + 1) + b"}"
    assert len(over) == MAX_EVENT_BYTES + 1
    assert _errors(over) == [("input_too_large", "")]
    message = award(over).output["reasons"][0]["message"]
    assert message == "The input is larger than 4194304 bytes."
    at_limit = body[:-1] + b" " * (MAX_EVENT_BYTES - len(body)) + b"}"
    assert len(at_limit) == MAX_EVENT_BYTES
    assert award(at_limit).status == "completed"


def test_parse_errors_are_the_fixed_codes() -> None:
    assert _errors(b"[]") == [("invalid_type", "")]
    assert _errors(b'{"a":1,"a":2}') == [("duplicate_key", "")]
    assert _errors(b"\xef\xbb\xbf{}") == [("invalid_encoding", "")]
    assert _errors(b'{"x": NaN}') == [("non_finite_number", "")]


# ---- the gate ----


def _reasons(raw: bytes) -> list[dict[str, str]]:
    found = award(raw).output["reasons"]
    for reason in found:
        assert reason.pop("message") == EVENT_MESSAGES[reason["code"]]
    return found


def _blocked(raw: bytes) -> list[dict[str, str]]:
    document = award(raw)
    assert (document.status, document.exit_code) == ("partial", 0)
    assert document.output["award"] is None and document.output["baselines"] is None
    return _reasons(raw)


MISSING = "event_missing_value"
T_OFFER = supplier("T", offer("a", "20"))


def test_gate_root_currency_missing() -> None:
    raw = json.loads(_with())
    del raw["currency"]
    assert _blocked(json.dumps(raw).encode()) == [{"code": MISSING, "field": "currency"}]


def test_gate_item_field_missing() -> None:
    raw = _with(items=[{"itemId": "a", "quantity": 2}])
    assert _blocked(raw) == [{"code": MISSING, "itemId": "a", "field": "specification"}]
    raw = _with(items=[{"itemId": "a", "specification": "spec-a"}])
    assert _blocked(raw) == [{"code": MISSING, "itemId": "a", "field": "quantity"}]


def test_gate_supplier_fees_missing() -> None:
    bare = supplier("S", offer("a"))
    del bare["freight"], bare["otherFees"]
    assert _blocked(_with(suppliers=[bare, T_OFFER])) == [
        {"code": MISSING, "supplierId": "S", "field": "freight"},
        {"code": MISSING, "supplierId": "S", "field": "otherFees"},
    ]


def test_gate_offer_core_field_missing() -> None:
    bare = offer("a")
    del bare["packPrice"], bare["minimumPacks"]
    assert _blocked(_with(suppliers=[supplier("S", bare), T_OFFER])) == [
        {"code": MISSING, "supplierId": "S", "itemId": "a", "field": "minimumPacks"},
        {"code": MISSING, "supplierId": "S", "itemId": "a", "field": "packPrice"},
    ]


def test_gate_lead_days_unknown_is_not_passing() -> None:
    raw = _with(suppliers=[supplier("S", offer("a"), leadDays=3), T_OFFER], maxLeadDays=5)
    assert _blocked(raw) == [
        {"code": "event_constraint_unknown", "supplierId": "T", "field": "leadDays"}
    ]


def _awarded(raw: bytes) -> dict[str, Any]:
    document = award(raw)
    assert (document.status, document.exit_code) == ("completed", 0)
    found: dict[str, Any] = document.output["award"]
    assert found["proven"] is True and found["lowerBound"] == found["landedTotal"]
    return found


def _lines(found: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(line["itemId"], line["supplierId"], line["packs"]) for line in found["lines"]]


def test_gate_lead_days_above_the_limit_takes_no_part() -> None:
    # S is cheaper (10 a unit) but too slow: T (20) is awarded, S listed.
    raw = _with(
        suppliers=[
            supplier("S", offer("a"), leadDays=9),
            supplier("T", offer("a", "20"), leadDays=5),
        ],
        maxLeadDays=5,
    )
    assert _lines(_awarded(raw)) == [("a", "T", "2")]
    assert _reasons(raw) == [
        {"code": "event_supplier_excluded", "supplierId": "S", "field": "leadDays"}
    ]


def test_gate_a_supplier_that_takes_no_part_may_omit_fields() -> None:
    slow = supplier("S", offer("a"), leadDays=9)
    del slow["freight"]
    raw = _with(suppliers=[slow, supplier("T", offer("a", "20"), leadDays=1)], maxLeadDays=5)
    assert _lines(_awarded(raw)) == [("a", "T", "2")]
    assert [r["code"] for r in _reasons(raw)] == ["event_supplier_excluded"]


def test_gate_other_currency_is_not_comparable() -> None:
    raw = _with(suppliers=[supplier("S", offer("a"), currency="USD"), T_OFFER])
    assert _lines(_awarded(raw)) == [("a", "T", "2")]
    assert _reasons(raw) == [
        {"code": "event_offer_not_comparable", "supplierId": "S", "field": "currency"}
    ]


def test_gate_other_specification_is_not_comparable() -> None:
    raw = _with(suppliers=[supplier("S", offer("a", specification="spec-a ")), T_OFFER])
    assert _lines(_awarded(raw)) == [("a", "T", "2")]
    assert _reasons(raw) == [
        {
            "code": "event_offer_not_comparable",
            "supplierId": "S",
            "itemId": "a",
            "field": "specification",
        }
    ]


def test_no_usable_offer_for_an_item_is_infeasible_naming_it() -> None:
    raw = _with(
        items=[item("a"), item("b")],
        suppliers=[supplier("S", offer("a"), offer("b", specification="other"))],
    )
    document = award(raw)
    assert (document.status, document.output["award"]) == ("partial", None)
    assert _reasons(raw) == [
        {
            "code": "event_offer_not_comparable",
            "supplierId": "S",
            "itemId": "b",
            "field": "specification",
        },
        {"code": "event_infeasible", "itemId": "b"},
    ]


def test_capacities_short_of_the_need_are_infeasible() -> None:
    raw = _with(
        items=[item("a", 10)],
        suppliers=[
            supplier("S", offer("a", capacityPacks=4)),
            supplier("T", offer("a", capacityPacks=5)),
        ],
    )
    document = award(raw)
    assert (document.status, document.output["award"]) == ("partial", None)
    reasons = _reasons(raw)
    assert [r["code"] for r in reasons] == ["event_infeasible"]
    assert reasons[0].get("itemId", "a") == "a"
    single = document.output["baselines"]["singleSupplier"]
    assert (single["award"], single["reason"]) == (None, "baseline_infeasible")


def test_gate_reasons_do_not_depend_on_the_order_of_suppliers() -> None:
    first = [supplier("Z", offer("a"), currency="USD"), supplier("B", offer("a"), currency="EUR")]
    raw = _with(suppliers=[*first, T_OFFER])
    again = _with(suppliers=[T_OFFER, *reversed(first)])
    assert [r["supplierId"] for r in _reasons(raw)] == ["B", "Z"]
    assert award(raw).to_json() == award(again).to_json()


# ---- hand-worked awards ----


@needs_engine
def test_the_worked_example_by_hand() -> None:
    """docs/event.md, "A worked example": A's one freight carries bolts and nuts, one more pack
    of bolts reaches A's 10 % tier (950.00 - 95.00 + 100.00 = 955.00), W ships the washers
    (160.00 + 60.00 = 220.00): 1175.00. D is cheaper but too slow (leadDays 45 > 30)."""
    document = award(EXAMPLE_PATH.read_bytes())
    assert (document.status, document.exit_code) == ("completed", 0)
    found = document.output["award"]
    assert _lines(found) == [("bolts", "A", "11"), ("nuts", "A", "10"), ("washers", "W", "4")]
    money = {
        s["supplierId"]: tuple(
            Decimal(s[k])
            for k in ("goodsSubtotal", "discount", "freight", "otherFees", "landedTotal")
        )
        for s in found["suppliers"]
    }
    assert money == {
        "A": (Decimal(950), Decimal(95), Decimal(80), Decimal(20), Decimal(955)),
        "W": (Decimal(160), Decimal(0), Decimal(60), Decimal(0), Decimal(220)),
    }
    assert found["landedTotal"] == "1175.00" and found["lowerBound"] == "1175.00"
    assert (found["deliveredQuantity"], found["suppliersAwarded"]) == ("4100", "2")
    items = [
        (i["itemId"], i["quantity"], i["deliveredQuantity"], i["overbuyQuantity"], i["suppliers"])
        for i in found["items"]
    ]
    assert items == [
        ("bolts", "1000", "1100", "100", ["A"]),
        ("nuts", "1000", "1000", "0", ["A"]),
        ("washers", "2000", "2000", "0", ["W"]),
    ]
    single = document.output["baselines"]["singleSupplier"]
    # A for everything: 500 + 400 + 600 = 1500, 10 % off = 1350, + 100 = 1450.
    assert Decimal(single["award"]["landedTotal"]) == Decimal(1450)
    assert Decimal(single["saving"]) == Decimal(275)
    per_item = document.output["baselines"]["cheapestPerItem"]
    # bolts: B 470 + 100 < A 500 + 100; nuts: C 370 + 100 < A 400 + 100; washers: W 160 + 60.
    assert [(line["itemId"], line["supplierId"]) for line in per_item["award"]["lines"]] == [
        ("bolts", "B"),
        ("nuts", "C"),
        ("washers", "W"),
    ]
    assert Decimal(per_item["award"]["landedTotal"]) == Decimal(1260)
    assert Decimal(per_item["saving"]) == Decimal(85)
    assert _reasons(EXAMPLE_PATH.read_bytes()) == [
        {"code": "event_supplier_excluded", "supplierId": "D", "field": "leadDays"}
    ]
    assert list(document.output) == list(ROOT_KEYS)


@needs_engine
def test_the_example_does_not_depend_on_the_order_of_its_arrays() -> None:
    expected = award(EXAMPLE_PATH.read_bytes()).to_json()
    shuffler = random.Random(26)
    for _ in range(5):
        body = example()
        shuffler.shuffle(body["items"])
        shuffler.shuffle(body["suppliers"])
        for entry in body["suppliers"]:
            shuffler.shuffle(entry["offers"])
        assert award(json.dumps(body).encode()).to_json() == expected


def test_a_minimum_order_value_makes_overbuying_pay() -> None:
    # 5 needed. S: 10 a unit but at least 100 of goods -> 10 units = 100; T: 25 a unit -> 125.
    raw = _with(
        items=[item("a", 5)],
        suppliers=[
            supplier("S", offer("a"), minimumOrderValue="100"),
            T_OFFER | {"offers": [offer("a", "25")]},
        ],
    )
    found = _awarded(raw)
    assert _lines(found) == [("a", "S", "10")]
    assert found["items"][0]["overbuyQuantity"] == "5"
    assert Decimal(found["landedTotal"]) == Decimal(100)
    # At 13 a unit T is cheaper than S's minimum order: 65 < 100.
    raw = _with(
        items=[item("a", 5)],
        suppliers=[
            supplier("S", offer("a"), minimumOrderValue="100"),
            T_OFFER | {"offers": [offer("a", "13")]},
        ],
    )
    assert _lines(_awarded(raw)) == [("a", "T", "5")]


def test_a_spend_discount_is_exact() -> None:
    # 123.45 with 2.5 % off: 3.08625 off, 120.36375 landed -- never rounded to a cent.
    raw = _with(
        items=[item("a", 1)],
        suppliers=[
            supplier(
                "S",
                offer("a", "123.45"),
                spendDiscounts=[{"minimumSpend": "100", "percent": "2.5"}],
            )
        ],
    )
    found = _awarded(raw)
    assert Decimal(found["suppliers"][0]["discount"]) == Decimal("3.08625")
    assert Decimal(found["landedTotal"]) == Decimal("120.36375")


def test_equal_totals_go_to_the_smaller_supplier_id() -> None:
    raw = _with(suppliers=[supplier("B", offer("a")), supplier("A", offer("a"))])
    assert _lines(_awarded(raw)) == [("a", "A", "2")]


def test_capacity_splits_an_item_unless_its_max_suppliers_forbids() -> None:
    # 10 needed; S: 1 a unit, 6 at most; T: 2 a unit. Split: 6 + 8 = 14; alone: T 20.
    suppliers = [supplier("S", offer("a", "1", capacityPacks=6)), supplier("T", offer("a", "2"))]
    found = _awarded(_with(items=[item("a", 10)], suppliers=suppliers))
    assert _lines(found) == [("a", "S", "6"), ("a", "T", "4")]
    assert Decimal(found["landedTotal"]) == Decimal(14)
    assert found["items"][0]["suppliers"] == ["S", "T"]
    found = _awarded(_with(items=[item("a", 10, maxSuppliers=1)], suppliers=suppliers))
    assert _lines(found) == [("a", "T", "10")]


def test_event_max_suppliers_limits_the_award() -> None:
    # a: S 1, T 5; b: S 5, T 1; freight 0. Two suppliers: 1 + 1 = 2; one: S 6 or T 6 -> S (id).
    suppliers = [
        supplier("S", offer("a", "1"), offer("b", "5")),
        supplier("T", offer("a", "5"), offer("b", "1")),
    ]
    items = [item("a"), item("b")]
    assert _lines(_awarded(_with(items=items, suppliers=suppliers))) == [
        ("a", "S", "1"),
        ("b", "T", "1"),
    ]
    found = _awarded(_with(items=items, suppliers=suppliers, maxSuppliers=1))
    assert _lines(found) == [("a", "S", "1"), ("b", "S", "1")]
    assert Decimal(found["landedTotal"]) == Decimal(6)


def test_the_fixed_call_never_loads_the_event_modules() -> None:
    import subprocess

    code = (
        "import sys, quotecalc\n"
        "quotecalc.calculate(open('examples/event.request.json','rb').read())\n"
        "bad = [m for m in sys.modules if 'event' in m or m.endswith('.award')]\n"
        "assert not bad, bad\n"
    )
    from conftest import ROOT

    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_fixed_call_refuses_an_event() -> None:
    import quotecalc

    result = quotecalc.calculate(EXAMPLE_PATH.read_bytes())
    assert result.status == "invalid_input"
    assert EXAMPLE["items"]


def test_a_baseline_that_breaks_a_limit_is_null_with_its_reason() -> None:
    # maxSuppliers 1: each item from its cheapest supplier is S for a and T for b, two
    # suppliers: null. The best single supplier is the award itself (S: 1 + 5), saving 0.
    suppliers = [
        supplier("S", offer("a", "1"), offer("b", "5")),
        supplier("T", offer("a", "5"), offer("b", "1")),
    ]
    document = award(_with(items=[item("a"), item("b")], suppliers=suppliers, maxSuppliers=1))
    per_item = document.output["baselines"]["cheapestPerItem"]
    assert per_item == {"award": None, "saving": None, "reason": "baseline_infeasible"}
    single = document.output["baselines"]["singleSupplier"]
    assert (single["reason"], single["proven"], Decimal(single["saving"])) == (None, True, 0)
    assert [line["supplierId"] for line in single["award"]["lines"]] == ["S", "S"]
