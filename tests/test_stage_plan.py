"""The plan stage and the purchase-plan document (issue 20, ``docs/plan.md``).

Every expected figure is worked out by hand in the comments; the gate reasons one by one; the
plan request's validation through the validator's own rows; the fixed call unchanged.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import quotecalc
from quotecalc.engine.pipeline import DEFAULT_PIPELINE, Pipeline, make_pipeline
from quotecalc.kinds import PLAN
from quotecalc.planning.document import plan as plan_document
from quotecalc.stages.plan import PlanStage

ROOT = Path(__file__).resolve().parent.parent
SPEC = "M6 flange nut"


def quote(sid: str, **fields: Any) -> dict[str, Any]:
    base = {
        "supplierId": sid,
        "specification": SPEC,
        "currency": "CNY",
        "packSize": 1,
        "minimumPacks": 0,
        "packPrice": "1.00",
        "freight": "0",
        "otherFees": "0",
        "leadDays": 5,
    }
    base.update(fields)
    return base


def request(*quotes: dict[str, Any], **root: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": 100,
        "currency": "CNY",
        "specification": SPEC,
        "quotes": list(quotes),
    }
    body.update(root)
    return body


def planned(body: dict[str, Any]) -> dict[str, Any]:
    answer = quotecalc.plan(json.dumps(body))
    assert answer.exit_code == (2 if answer.output["status"] == "invalid_input" else 0)
    return answer.output


def codes(output: dict[str, Any]) -> list[tuple[str, str | None, str | None]]:
    return [(r["code"], r.get("supplierId"), r.get("field")) for r in output["reasons"]]


def test_the_example_is_the_hand_worked_plan() -> None:
    # docs/plan.md: NORTH alone 10 packs 530.00, its 1200 break 12 * 40.00 + 30.00 = 510.00;
    # SOUTH 16 packs (800) 320.00 + 25.00 = 345.00 plus NORTH 2 packs 100.00 + 30.00 = 130.00:
    # 475.00, 35.00 below the best single source.
    output = planned(json.loads((ROOT / "examples/plan.request.json").read_text()))
    assert output["status"] == "completed" and output["kind"] == "purchase-plan"
    assert list(output) == [
        "schemaVersion",
        "kind",
        "tool",
        "toolVersion",
        "status",
        "plan",
        "reasons",
        "limitations",
    ]
    plan = output["plan"]
    north = plan["singleSource"][0]
    assert north["supplierId"] == "NORTH"
    assert north["atNeed"]["landedTotal"] == "530.00" and north["atNeed"]["packs"] == "10"
    # The order's first six keys (issue 20); issue 25 appends the figures a buyer reads.
    assert dict(list(north["cheapest"].items())[:6]) == {
        "packs": "12",
        "deliveredQuantity": "1200",
        "overbuyQuantity": "200",
        "packPrice": "40.00",
        "goodsSubtotal": "480.00",
        "landedTotal": "510.00",
    }
    assert north["saving"] == "20.00"
    assert [s["supplierId"] for s in plan["singleSource"]] == ["NORTH", "EAST", "SOUTH"]
    south = plan["singleSource"][2]
    assert south["cheapest"] is None and south["reason"] == "capacity_below_need"
    best = plan["best"]
    assert [(line["supplierId"], line["packs"], line["landedTotal"]) for line in best["lines"]] == [
        ("NORTH", "2", "130.00"),
        ("SOUTH", "16", "345.00"),
    ]
    assert (best["landedTotal"], best["lowerBound"], best["proven"]) == ("475.00", "475.00", True)
    assert (best["savingVsSingleSource"], best["suppliers"], best["overbuyQuantity"]) == (
        "35.00",
        "2",
        "0",
    )
    assert [entry["code"] for entry in output["limitations"]] == [
        "fees_as_given",
        "not_an_order",
        "no_conversion",
    ]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda b: b.pop("quantity"), [("plan_missing_value", None, "quantity")]),
        (lambda b: b.pop("currency"), [("plan_missing_value", None, "currency")]),
        (
            lambda b: b["quotes"][1].update(currency="USD"),
            [("plan_quote_not_comparable", "B", None)],
        ),
        (
            lambda b: (b.update(maxLeadDays=30), b["quotes"][0].pop("leadDays")),
            [("plan_constraint_unknown", "A", None)],
        ),
        (lambda b: b.update(maxLeadDays=1), [("plan_all_excluded", None, None)]),
        (
            lambda b: (b["quotes"][0].pop("packPrice"), b["quotes"][1].pop("otherFees")),
            [("plan_missing_value", "A", "packPrice"), ("plan_missing_value", "B", "otherFees")],
        ),
    ],
)
def test_every_gate_reason_blocks_the_plan(change: Any, expected: list[Any]) -> None:
    body = request(quote("A"), quote("B", leadDays=9))
    change(body)
    output = planned(body)
    assert (output["status"], output["plan"]) == ("partial", None)
    assert codes(output) == expected
    assert all(isinstance(r["message"], str) for r in output["reasons"])


def test_an_excluded_quote_is_left_out_not_a_reason() -> None:
    # B (leadDays 9) is excluded by maxLeadDays 6; A alone: 100 packs at 1.00.
    output = planned(request(quote("A"), quote("B", leadDays=9, packPrice="0.10"), maxLeadDays=6))
    assert output["status"] == "completed" and output["reasons"] == []
    assert [s["supplierId"] for s in output["plan"]["singleSource"]] == ["A"]
    assert output["plan"]["best"]["landedTotal"] == "100.00"


def test_capacities_short_of_the_need_are_infeasible() -> None:
    body = request(quote("A", capacityPacks=40), quote("B", capacityPacks=50))
    output = planned(body)
    assert output["status"] == "partial" and codes(output) == [("plan_infeasible", None, None)]
    assert output["plan"]["best"] is None
    assert [s["cheapest"] for s in output["plan"]["singleSource"]] == [None, None]
    # With 10 more packs the split covers it: A 40 + B 60 = 100.00.
    body["quotes"][1]["capacityPacks"] = 60
    best = planned(body)["plan"]["best"]
    assert [(x["supplierId"], x["packs"]) for x in best["lines"]] == [("A", "40"), ("B", "60")]
    # maxSuppliers 1 makes the split unavailable again.
    assert codes(planned({**body, "maxSuppliers": 1})) == [("plan_infeasible", None, None)]


def test_totals_at_the_contract_limits_are_planned_exactly() -> None:
    # Refused as plan_out_of_range before issue 25: two quotes of 10^9 packs at 10^15, need
    # 10^9. Each alone costs 10^9 * 10^15 = 10^24 (plus the quote helper's fees, 0): equal
    # totals, one supplier, equal deliveries, so "A" (the earlier id) is the best plan, proven.
    big = {"packPrice": "1000000000000000", "capacityPacks": 1000000000}
    body = request(quote("A", **big), quote("B", **big), quantity=1000000000)
    output = planned(body)
    assert output["status"] == "completed" and output["reasons"] == []
    best = output["plan"]["best"]
    assert [(x["supplierId"], x["packs"]) for x in best["lines"]] == [("A", "1000000000")]
    assert best["proven"] is True and best["landedTotal"] == "1" + "0" * 24
    assert output["plan"]["singleSource"][0]["cheapest"]["landedTotal"] == "1" + "0" * 24


def test_a_proof_budget_hit_is_partial_with_an_exact_bound() -> None:
    # 150 units: A 1.00 at most 120, B 1.20 at least 200, C 3.00. Optimum A 120 + C 30 =
    # 210.00; with no budget the start plan (B alone 240.00) stands, with the root's bound.
    body = request(
        quote("A", capacityPacks=120),
        quote("B", packPrice="1.20", minimumPacks=200),
        quote("C", packPrice="3.00"),
        quantity=150,
    )
    stages = PLAN.pipeline().stages
    hurried = Pipeline((*stages[:-1], PlanStage(budget=0)))
    output = plan_document(json.dumps(body).encode(), pipeline=hurried).output
    best = output["plan"]["best"]
    # The root's bound: A's 120 units at 1.00, then 30 at B's 240.00 / 150 units covered;
    # issue 25: written with the total's places.
    assert (best["proven"], best["landedTotal"], best["lowerBound"]) == (False, "240.00", "168.00")
    assert output["status"] == "partial"
    assert output["limitations"][-1]["code"] == "plan_not_proven"
    proven = planned(body)["plan"]["best"]
    assert (proven["proven"], proven["landedTotal"]) == (True, "210.00")


INVALID = [
    ({"priceBreaks": []}, "/quotes/0/priceBreaks", "out_of_range"),
    (
        {"priceBreaks": [{"minimumQuantity": i, "packPrice": "1"} for i in range(1, 22)]},
        "/quotes/0/priceBreaks",
        "out_of_range",
    ),
    (
        {"priceBreaks": [{"minimumQuantity": 5, "packPrice": "1"}] * 2},
        "/quotes/0/priceBreaks/1/minimumQuantity",
        "out_of_range",
    ),
    (
        {"priceBreaks": [{"minimumQuantity": 0, "packPrice": "1"}]},
        "/quotes/0/priceBreaks/0/minimumQuantity",
        "out_of_range",
    ),
    (
        {"priceBreaks": [{"minimumQuantity": "2.5", "packPrice": "1"}]},
        "/quotes/0/priceBreaks/0/minimumQuantity",
        "not_integer",
    ),
    (
        {"priceBreaks": [{"minimumQuantity": 2, "packPrice": "-1"}]},
        "/quotes/0/priceBreaks/0/packPrice",
        "negative_value",
    ),
    (
        {"priceBreaks": [{"minimumQuantity": 2, "packPrice": "1.1234567"}]},
        "/quotes/0/priceBreaks/0/packPrice",
        "too_many_decimals",
    ),
    (
        {"priceBreaks": [{"minimumQuantity": 2, "packPrice": None}]},
        "/quotes/0/priceBreaks/0/packPrice",
        "null_not_allowed",
    ),
    (
        {"priceBreaks": [{"minimumQuantity": 2}]},
        "/quotes/0/priceBreaks/0/packPrice",
        "missing_required",
    ),
    (
        {"priceBreaks": [{"minimumQuantity": 2, "packPrice": "1", "secret": "x"}]},
        "/quotes/0/priceBreaks/0",
        "unknown_key",
    ),
    ({"priceBreaks": {"minimumQuantity": 2}}, "/quotes/0/priceBreaks", "invalid_type"),
    ({"capacityPacks": 0}, "/quotes/0/capacityPacks", "out_of_range"),
    ({"capacityPacks": "1000000001"}, "/quotes/0/capacityPacks", "out_of_range"),
]


@pytest.mark.parametrize(("fields", "path", "code"), INVALID)
def test_plan_fields_are_validated_as_strictly_as_the_fixed_ones(
    fields: dict[str, Any], path: str, code: str
) -> None:
    output = planned(request(quote("A", **fields)))
    assert output["status"] == "invalid_input" and output["plan"] is None
    assert [(r["path"], r["code"]) for r in output["reasons"]] == [(path, code)]
    assert "secret" not in json.dumps(output)


@pytest.mark.parametrize(("value", "code"), [(0, "out_of_range"), ("x", "invalid_number_format")])
def test_max_suppliers_is_validated(value: Any, code: str) -> None:
    output = planned(request(quote("A"), maxSuppliers=value))
    assert [(r["path"], r["code"]) for r in output["reasons"]] == [("/maxSuppliers", code)]


def test_the_fixed_call_still_refuses_the_plan_fields() -> None:
    body = request(quote("A", priceBreaks=[{"minimumQuantity": 5, "packPrice": "1"}]))
    fixed = quotecalc.calculate(json.dumps(body)).output
    assert [(e["path"], e["code"]) for e in fixed["limitations"]] == [("/quotes/0", "unknown_key")]
    for extra in ({"capacityPacks": 3}, {}):
        root = request(quote("A", **extra), **({} if extra else {"maxSuppliers": 2}))
        shown = quotecalc.calculate(json.dumps(root)).output
        assert [e["code"] for e in shown["limitations"]] == ["unknown_key"]
    # A plan request without plan fields is the fixed request, and the fixed call answers it.
    plain = request(quote("A"))
    assert quotecalc.calculate(json.dumps(plain)).output["status"] == "completed"
    assert planned(copy.deepcopy(plain))["plan"]["best"]["landedTotal"] == "100.00"


def test_the_default_pipeline_has_no_plan_stage_and_the_plan_one_is_traced() -> None:
    assert [s.name for s in DEFAULT_PIPELINE.stages][-1] == "limitations"
    names = [s.name for s in PLAN.pipeline().stages]
    assert names[-1] == "plan" and names.count("plan") == 1
    traced = quotecalc.plan(json.dumps(request(quote("A"))), trace=True)
    last = traced.trace[-1]
    assert (last.stage, last.outcome, last.summary["best"]) == ("plan", "ran", {"A": 100})
    refused = quotecalc.plan(b"{", trace=True)
    assert refused.trace[-1].outcome == "skipped" and refused.output["status"] == "invalid_input"


def test_a_bug_is_one_internal_error_document() -> None:
    broken = Pipeline((*PLAN.pipeline().stages[:-1], "not a stage"))  # type: ignore[arg-type]
    answer = plan_document(json.dumps(request(quote("A"))).encode(), pipeline=broken)
    assert answer.exit_code == 1 and answer.output["status"] == "internal_error"
    assert answer.output["plan"] is None and answer.output["reasons"][0]["code"] == "internal_error"


IMPORTS = """
import json, sys
import quotecalc
body = json.loads(sys.argv[1])
getattr(quotecalc, sys.argv[2])(json.dumps(body))
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("ortools", "quotecalc")))))
"""


def _loaded(body: dict[str, Any], door: str, *pre: str) -> list[str]:
    code = "".join(f"import sys; sys.modules[{name!r}] = None\n" for name in pre) + IMPORTS
    out = subprocess.run(
        [sys.executable, "-c", code, json.dumps(body), door],
        capture_output=True,
        check=True,
        timeout=120,
    ).stdout
    loaded: list[str] = json.loads(out)
    return loaded


def test_the_planner_loads_no_solver_library() -> None:
    split = json.loads((ROOT / "examples/plan.request.json").read_text())
    fixed = _loaded(request(quote("A")), "calculate")
    assert not [m for m in fixed if "plan" in m or m.startswith("ortools")]
    single = _loaded({**split, "maxSuppliers": 1}, "plan")
    assert "quotecalc.stages.plan" in single and not [m for m in single if "ortools" in m]
    whole = _loaded(split, "plan")
    assert "quotecalc.solvers.award.search" in whole
    assert not [m for m in whole if "ortools" in m]


def test_the_split_is_planned_with_the_solver_library_blocked() -> None:
    code = "import sys; sys.modules['ortools'] = None\n" + (
        "import quotecalc; print(quotecalc.plan(sys.stdin.buffer.read()).to_json().decode())"
    )
    raw = (ROOT / "examples/plan.request.json").read_bytes()
    out = subprocess.run(
        [sys.executable, "-c", code], input=raw, capture_output=True, check=True, timeout=120
    )
    output = json.loads(out.stdout)
    assert output["status"] == "completed" and output["plan"]["best"]["proven"] is True
    assert output["plan"]["best"]["landedTotal"] == "475.00"


def _order(  # noqa: PLR0917 - an order written out as its hand-worked parts
    packs: int,
    size: int,
    price: str,
    fees: str,
    per_unit: str,
    breaks: tuple[str | None, dict[str, str] | None],
    *,
    deliverable: bool = True,
    quantity: int = 1000,
) -> dict[str, Any]:
    """An order written out from its hand-worked parts (the cost per delivered unit and the
    breaks worked by hand too, issue 25)."""
    goods = Decimal(price) * packs
    return {
        "packs": str(packs),
        "deliveredQuantity": str(packs * size),
        "overbuyQuantity": str(packs * size - quantity),
        "packPrice": price,
        "goodsSubtotal": str(goods),
        "landedTotal": str(goods + Decimal(fees)),
        "costPerDeliveredUnit": per_unit,
        "deliverable": deliverable,
        "breakApplied": breaks[0],
        "nextBreak": breaks[1],
    }


def _break(reached: bool, short: str | None, applies: bool) -> dict[str, Any]:
    """NORTH's one break, 1200 units at 40.00 a pack."""
    return {
        "minimumQuantity": "1200",
        "packPrice": "40.00",
        "reached": reached,
        "shortBy": short,
        "applies": applies,
    }


def test_the_whole_example_document_is_the_hand_worked_one() -> None:
    raw = (ROOT / "examples/plan.request.json").read_bytes()
    answer = quotecalc.plan(raw)
    # 530.00 / 1000 units; 510.00 / 1200 = 0.425; 612.00 / 1000; SOUTH's 20 packs exceed its 16.
    # NORTH at 1000 units is 200 short of its 1200 break; at 1200 the break applies.
    north_next = {"minimumQuantity": "1200", "packPrice": "40.00", "shortBy": "200"}
    north_need = _order(10, 100, "50.00", "30.00", "0.530000", (None, north_next))
    north_break = _order(12, 100, "40.00", "30.00", "0.425000", ("1200", None))
    east = _order(100, 10, "6.00", "12.00", "0.612000", (None, None))
    assert answer.output["plan"] == {
        "quantity": "1000",
        "maxSuppliers": "2",
        "singleSource": [
            {
                "supplierId": "NORTH",
                "atNeed": north_need,
                "cheapest": north_break,
                "saving": "20.00",
                "reason": None,
                "leadDays": "10",
                "capacityPacks": None,
                "capacityQuantity": None,
            },
            {
                "supplierId": "EAST",
                "atNeed": east,
                "cheapest": east,
                "saving": "0.00",
                "reason": None,
                "leadDays": "5",
                "capacityPacks": None,
                "capacityQuantity": None,
            },
            {
                "supplierId": "SOUTH",
                "atNeed": _order(
                    20, 50, "20.00", "25.00", "0.425000", (None, None), deliverable=False
                ),
                "cheapest": None,
                "saving": None,
                "reason": "capacity_below_need",
                "leadDays": "12",
                "capacityPacks": "16",
                "capacityQuantity": "800",
            },
        ],
        "best": {
            "lines": [
                {
                    "supplierId": "NORTH",
                    "packs": "2",
                    "deliveredQuantity": "200",
                    "packPrice": "50.00",
                    "goodsSubtotal": "100.00",
                    "freight": "30.00",
                    "otherFees": "0",
                    "landedTotal": "130.00",
                    "costPerDeliveredUnit": "0.650000",
                    "leadDays": "10",
                    "breaks": [_break(False, "1000", False)],
                },
                {
                    "supplierId": "SOUTH",
                    "packs": "16",
                    "deliveredQuantity": "800",
                    "packPrice": "20.00",
                    "goodsSubtotal": "320.00",
                    "freight": "20.00",
                    "otherFees": "5.00",
                    "landedTotal": "345.00",
                    "costPerDeliveredUnit": "0.431250",
                    "leadDays": "12",
                    "breaks": [],
                },
            ],
            "landedTotal": "475.00",
            "deliveredQuantity": "1000",
            "overbuyQuantity": "0",
            "suppliers": "2",
            "savingVsSingleSource": "35.00",
            "lowerBound": "475.00",
            "proven": True,
            "costProven": True,
            "tiesSettled": True,
            "costPerDeliveredUnit": "0.475000",
            "leadDays": "12",
        },
        "currency": "CNY",
        "specification": "M6 flange nut, zinc plated",
        "bestSingleSource": "NORTH",
    }
    assert answer.output["reasons"] == []
    assert answer.exit_code == 0 and answer.trace == ()
    text = json.dumps(answer.output, ensure_ascii=False, separators=(",", ":"))
    assert answer.to_json() == (text + "\n").encode("utf-8")


def test_reasons_and_limitations_carry_their_fixed_texts() -> None:
    from quotecalc.core.codes import LIMITATION_MESSAGES
    from quotecalc.core.plan_rules import PLAN_MESSAGES

    body = request(quote("A", capacityPacks=40), quote("é", capacityPacks=50))
    output = planned(body)
    assert output["reasons"] == [
        {"code": "plan_infeasible", "message": PLAN_MESSAGES["plan_infeasible"]}
    ]
    assert output["limitations"] == [
        {"code": code, "message": LIMITATION_MESSAGES[code]}
        for code in ("fees_as_given", "not_an_order", "no_conversion")
    ]
    gated = planned(request(quote("A", currency="USD"), quote("B")))
    assert gated["reasons"] == [
        {
            "code": "plan_quote_not_comparable",
            "message": PLAN_MESSAGES["plan_quote_not_comparable"],
            "supplierId": "A",
        }
    ]
    no_price = request(quote("A"))
    del no_price["quotes"][0]["freight"]
    assert planned(no_price)["reasons"] == [
        {
            "code": "plan_missing_value",
            "message": PLAN_MESSAGES["plan_missing_value"],
            "supplierId": "A",
            "field": "freight",
        }
    ]
    invalid = quotecalc.plan(b"[]")
    assert invalid.output["limitations"] == [] and invalid.output["plan"] is None
    assert invalid.output["reasons"] == quotecalc.calculate(b"[]").output["limitations"]
    assert invalid.exit_code == 2


def test_the_trace_summary_says_what_the_stage_decided() -> None:
    stage = PlanStage()
    raw = (ROOT / "examples/plan.request.json").read_bytes()
    ctx = PLAN.pipeline().run(raw)
    assert stage.summary(ctx) == {
        "reasons": [],
        "best": {"NORTH": 2, "SOUTH": 16},
        "landedTotal": "475.00",
        "proven": True,
        "nodes": stage.summary(ctx)["nodes"],
    }
    assert isinstance(stage.summary(ctx)["nodes"], int) and stage.summary(ctx)["nodes"] > 0
    gated = PLAN.pipeline().run(json.dumps(request(quote("A", currency="USD"))).encode())
    assert stage.summary(gated) == {
        "reasons": ["plan_quote_not_comparable"],
        "best": None,
        "landedTotal": None,
        "proven": None,
        "nodes": None,
    }
    single = PLAN.pipeline().run(json.dumps(request(quote("A"))).encode())
    assert stage.summary(single)["nodes"] == 0 and stage.summary(single)["proven"] is True
    plain = make_pipeline().run(json.dumps(request(quote("A"))).encode())
    assert stage.summary(plain) == {"reasons": None, "best": None}


@pytest.mark.parametrize(
    ("quotes", "expected"),
    [
        ([5], [("/quotes/0", "invalid_type")]),
        ([None], [("/quotes/0", "null_not_allowed")]),
        (
            [quote("A", priceBreaks=[None, {"minimumQuantity": 2, "packPrice": "1"}])],
            [("/quotes/0/priceBreaks/0", "null_not_allowed")],
        ),
        (
            # The bad middle break is skipped: the third is compared with the first.
            [
                quote(
                    "A",
                    priceBreaks=[
                        {"minimumQuantity": 5, "packPrice": "1"},
                        {"minimumQuantity": "x", "packPrice": "1"},
                        {"minimumQuantity": 5, "packPrice": "1"},
                    ],
                )
            ],
            [
                ("/quotes/0/priceBreaks/1/minimumQuantity", "invalid_number_format"),
                ("/quotes/0/priceBreaks/2/minimumQuantity", "out_of_range"),
            ],
        ),
    ],
)
def test_the_break_order_rule_reads_only_what_was_accepted(
    quotes: list[Any], expected: list[tuple[str, str]]
) -> None:
    output = planned(request(*quotes))
    assert output["status"] == "invalid_input"
    assert [(r["path"], r["code"]) for r in output["reasons"]] == expected


def test_documents_keep_their_texts_and_lists_exactly() -> None:
    from quotecalc.core.plan_rules import PLAN_MESSAGES

    unicode = quotecalc.plan(json.dumps(request(quote("é"))))
    assert "é".encode() in unicode.to_json()
    gated = planned(request(quote("A", currency="USD")))
    assert [entry["code"] for entry in gated["limitations"]] == [
        "fees_as_given",
        "not_an_order",
        "no_conversion",
    ]
    body = request(
        quote("A", capacityPacks=120),
        quote("B", packPrice="1.20", minimumPacks=200),
        quote("C", packPrice="3.00"),
        quantity=150,
    )
    hurried = Pipeline((*PLAN.pipeline().stages[:-1], PlanStage(budget=0.0)))
    output = plan_document(json.dumps(body).encode(), pipeline=hurried).output
    assert output["limitations"][-1] == {
        "code": "plan_not_proven",
        "message": PLAN_MESSAGES["plan_not_proven"],
    }
    broken = Pipeline((*PLAN.pipeline().stages[:-1], "not a stage"))  # type: ignore[arg-type]
    failed = plan_document(json.dumps(request(quote("A"))).encode(), pipeline=broken)
    assert failed.output["limitations"] == []
