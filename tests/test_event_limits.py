"""What the award says about its limits (issue 40, item 4): why an item is split, why no single
supplier can serve the event, each item's specification, the saving apart from the baseline's
cost; the same facts in the text report, the page and the workbook, English and Chinese.

Table-driven cases of :mod:`quotecalc.output.event_report.limits` on hand-built documents,
then end to end through ``scripts/calculate.py`` on ``tests/data/event/limits.request.json``
(by hand: 2,000 washers; W makes at most 3 packs of 500 at 40.00, A at most 2 at 150.00; A's
bolts 10 packs at 50.00; so W delivers its whole capacity and A one pack; alone, A makes only
1,000 washers and W offers no bolts). Expected figures are worked out here, never copied
from the output.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import io
import json
import re
from fractions import Fraction
from typing import Any

import openpyxl
import pytest

from conftest import DATA, ROOT, run_cli
from quotecalc.output.event_report.figures import Money
from quotecalc.output.event_report.limits import alone_reasons, split_reasons

LIMITS = DATA / "event" / "limits.request.json"
CODE_WORD = re.compile(r"[a-z]+_[a-z_]+")


def line(supplier: str, item: str, packs: str) -> dict[str, str]:
    return {"supplierId": supplier, "itemId": item, "packs": packs}


def award(lines: list[dict[str, str]], subtotals: dict[str, str]) -> dict[str, Any]:
    items: dict[str, list[str]] = {}
    for entry in lines:
        items.setdefault(entry["itemId"], []).append(entry["supplierId"])
    return {
        "lines": lines,
        "suppliers": [{"supplierId": s, "goodsSubtotal": v} for s, v in subtotals.items()],
        "items": [
            {"itemId": i, "quantity": "1000", "suppliers": sorted(who)} for i, who in items.items()
        ],
    }


def request(*suppliers: dict[str, Any]) -> dict[str, Any]:
    return {"currency": "CNY", "suppliers": list(suppliers)}


def supplier(name: str, *offers: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"supplierId": name, "currency": "CNY", "offers": list(offers), **more}


def offer(item: str, **more: Any) -> dict[str, Any]:
    return {"itemId": item, "packSize": 100, **more}


SPLIT_CASES = [
    pytest.param(
        award([line("A", "x", "4"), line("B", "x", "6")], {"A": "400.00", "B": "600.00"}),
        request(supplier("A", offer("x", capacityPacks=4)), supplier("B", offer("x"))),
        {
            "en": ["x is split: A delivers its whole capacity for it (4 packs)."],
            "zh": ["x 由多家供应：A 已供到其产能上限（4 包）。"],
        },
        id="capacity-reached",
    ),
    pytest.param(
        # capacity 5 not reached (4 packs): the minimum order value is named instead, with
        # the supplier's goods subtotal from the document (grouped: 1234.5 reads 1,234.50)
        award([line("A", "x", "4"), line("B", "x", "6")], {"A": "1234.5", "B": "600.00"}),
        request(
            supplier("A", offer("x", capacityPacks=5), minimumOrderValue="1000"),
            supplier("B", offer("x")),
        ),
        {
            "en": [
                "x is split; A has a minimum order value of 1,000.00 CNY, and its goods subtotal"
                " in this award is 1,234.50 CNY."
            ],
            "zh": [
                "x 由多家供应：A 的最低订单金额为 1,000.00 CNY，本授标中其货款小计为 1,234.50 CNY。"
            ],
        },
        id="minimum-order-value",
    ),
    pytest.param(
        # a reached capacity is the limit: the minimum order value is then not named
        award([line("A", "x", "4"), line("B", "x", "6")], {"A": "400.00", "B": "600.00"}),
        request(
            supplier("A", offer("x"), minimumOrderValue="100"),
            supplier("B", offer("x", capacityPacks=6)),
        ),
        {
            "en": ["x is split: B delivers its whole capacity for it (6 packs)."],
            "zh": ["x 由多家供应：B 已供到其产能上限（6 包）。"],
        },
        id="capacity-before-minimum",
    ),
    pytest.param(
        award([line("A", "x", "4"), line("B", "x", "6")], {"A": "400.00", "B": "600.00"}),
        request(supplier("A", offer("x")), supplier("B", offer("x"))),
        {
            "en": [
                "x is split between A and B: no capacity or minimum order value makes it so;"
                " the split award is simply the cheaper one."
            ],
            "zh": ["x 由 A、B 分别供应：并非产能或最低订单金额所致，只是这样拆分总价更低。"],
        },
        id="only-cheaper",
    ),
    pytest.param(
        award([line("A", "x", "10")], {"A": "1000.00"}),
        request(supplier("A", offer("x", capacityPacks=10))),
        {"en": [], "zh": []},
        id="not-split",
    ),
]


@pytest.mark.parametrize(("shown", "asked", "said"), SPLIT_CASES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_why_an_item_is_split(
    shown: dict[str, Any], asked: dict[str, Any], said: dict[str, list[str]], lang: str
) -> None:
    assert list(split_reasons(shown, asked, lang, Money("CNY"))) == said[lang]


def baselines_infeasible(**more: Any) -> dict[str, Any]:
    return {
        "award": None,
        "baselines": {
            "singleSupplier": {"award": None, "saving": None, "reason": "baseline_infeasible"},
            "cheapestPerItem": {"award": None, "saving": None, "reason": "baseline_infeasible"},
        },
        "reasons": [],
        **more,
    }


ITEMS = [{"itemId": "x", "quantity": 1000}, {"itemId": "y", "quantity": 300}]
ALONE_CASES = [
    pytest.param(
        baselines_infeasible(),
        {
            "items": ITEMS,
            "suppliers": [
                supplier("A", offer("x"), offer("y", capacityPacks=2)),  # 200 < 300 units of y
                supplier("B", offer("x")),  # no y
            ],
        },
        {
            "en": [
                "A cannot supply everything alone: its capacity for y is 2 packs of 100 units,"
                " and the need is 300 units.",
                "B cannot supply everything alone: it has no offer that takes part for y.",
                # only A offers y, and 2 x 100 = 200 < 300: no item-by-item award either
                "Each item from its cheapest supplier is not possible: no supplier can deliver"
                " all 300 units of y alone (A: 2 packs of 100 units).",
            ],
            "zh": [
                "A 无法单独供应全部物料：其 y 的产能为 2 包、每包 100 件，需求为 300 件。",
                "B 无法单独供应全部物料：y 没有可参与的报价。",
                "无法各物料取最便宜供应商：没有一家供应商能单独供应 y 的全部 300 件"
                "（A 最多 2 包、每包 100 件）。",
            ],
        },
        id="capacity-and-missing-item",
    ),
    pytest.param(
        # an excluded supplier takes no part; an offer that takes no part is as missing
        baselines_infeasible(
            reasons=[
                {"code": "event_supplier_excluded", "supplierId": "A"},
                {"code": "event_offer_not_comparable", "supplierId": "B", "itemId": "x"},
            ]
        ),
        {
            "items": ITEMS,
            "suppliers": [supplier("A", offer("y")), supplier("B", offer("x"), offer("y"))],
        },
        {
            "en": ["B cannot supply everything alone: it has no offer that takes part for x."],
            "zh": ["B 无法单独供应全部物料：x 没有可参与的报价。"],
        },
        id="excluded-and-not-comparable",
    ),
    pytest.param(
        # capacity 3 x 100 = 300 covers y exactly: no capacity is named
        baselines_infeasible(),
        {"items": ITEMS, "suppliers": [supplier("A", offer("x"), offer("y", capacityPacks=3))]},
        {"en": [], "zh": []},
        id="capacity-enough",
    ),
    pytest.param(
        # a hand-built award without items: the request's quantities are the needs
        baselines_infeasible(award={"lines": []}),
        {"items": ITEMS, "suppliers": [supplier("B", offer("x"))]},
        {
            "en": [
                "B cannot supply everything alone: it has no offer that takes part for y.",
            ],
            "zh": ["B 无法单独供应全部物料：y 没有可参与的报价。"],
        },
        id="award-without-items",
    ),
    pytest.param(
        {
            "baselines": {
                "singleSupplier": {"award": {"items": []}, "saving": "1.00", "reason": None}
            }
        },
        {"items": ITEMS, "suppliers": [supplier("B", offer("x"))]},
        {"en": [], "zh": []},
        id="feasible-baseline",
    ),
]


@pytest.mark.parametrize(("document", "asked", "said"), ALONE_CASES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_why_no_single_supplier_can_serve_alone(
    document: dict[str, Any], asked: dict[str, Any], said: dict[str, list[str]], lang: str
) -> None:
    assert list(alone_reasons(document, asked, lang)) == said[lang]


# -- end to end -----------------------------------------------------------------------------

# By hand from the request (module docstring): the award is A 10 bolts (500.00) and 1 pack of
# washers (150.00), W 3 packs (120.00): 500.00 + 150.00 + 80.00 freight = 730.00 for A,
# 120.00 + 60.00 = 180.00 for W, 910.00 in all.
FACTS = {
    "en": (
        "Award A the bolts, A part of the washers, W part of the washers: 910.00 CNY",
        "washers is split: W delivers its whole capacity for it (3 packs).",
        "A cannot supply everything alone: its capacity for washers is 2 packs of 500 units,"
        " and the need is 2,000 units.",
        "W cannot supply everything alone: it has no offer that takes part for bolts.",
        # 2 x 500 and 3 x 500 washers, each below the 2,000 needed
        "no supplier can deliver all 2,000 units of washers alone (A: 2 packs of 500 units, W: 3"
        " packs of 500 units).",
        "Hex bolt M8x40, DIN 933",
    ),
    "zh": (
        "授标：A 供应 bolts；A 供应部分 washers；W 供应部分 washers：910.00 CNY",
        "washers 由多家供应：W 已供到其产能上限（3 包）。",
        "A 无法单独供应全部物料：其 washers 的产能为 2 包、每包 500 件，需求为 2,000 件。",
        "W 无法单独供应全部物料：bolts 没有可参与的报价。",
        "没有一家供应商能单独供应 washers 的全部 2,000 件"
        "（A 最多 2 包、每包 500 件；W 最多 3 包、每包 500 件）。",
        "Hex bolt M8x40, DIN 933",
    ),
}


def workbook_text(raw: bytes) -> str:
    book = openpyxl.load_workbook(io.BytesIO(raw))
    return "\n".join(
        str(cell)
        for sheet in book.worksheets
        for row in sheet.iter_rows(values_only=True)
        for cell in row
        if cell is not None
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_same_facts_in_text_page_and_workbook(lang: str) -> None:
    raw = LIMITS.read_bytes()
    base = ("--input-json", "-", "--event", "--lang", lang, "--format")
    text = run_cli(raw, *base, "text").stdout.decode("utf-8")
    page = run_cli(raw, *base, "html").stdout.decode("utf-8")
    book = workbook_text(run_cli(raw, *base, "xlsx").stdout)
    document = json.loads(run_cli(raw, "--input-json", "-", "--event").stdout)
    # the facts come from the engine's document: the baseline it could not build
    assert document["baselines"]["singleSupplier"]["reason"] == "baseline_infeasible"
    assert document["award"]["landedTotal"] == "910.00"
    for fact in FACTS[lang]:
        assert fact in text, fact
        assert fact in page, fact
        assert fact in book, fact
    if lang == "zh":
        for shown in (text, book):
            assert CODE_WORD.findall(shown) == []


def test_the_saving_and_the_baselines_cost_apart_in_every_format() -> None:
    """The example event: the saving (275.00) and the single supplier's cost (1,450.00) are
    two figures of the document, shown apart; the share is 275/1450 rounded once."""
    raw = (ROOT / "examples" / "event.request.json").read_bytes()
    document = json.loads(run_cli(raw, "--input-json", "-", "--event").stdout)
    single = document["baselines"]["singleSupplier"]
    assert single["saving"] == "275.00" and single["award"]["landedTotal"] == "1450.00"
    share = Fraction(275, 1450) * 100  # 18.96... -> 19.0
    assert round(share, 1) == Fraction(190, 10)
    sentence = {
        "en": "Saves 275.00 CNY (19.0 %) against the best single supplier, A alone, which costs"
        " 1,450.00 CNY",
        "zh": "比最佳单一供应商（仅 A）的 1,450.00 CNY 节省 275.00 CNY（19.0%）",
    }
    for lang, said in sentence.items():
        base = ("--input-json", "-", "--event", "--lang", lang, "--format")
        assert said in run_cli(raw, *base, "text").stdout.decode("utf-8")
        assert said in workbook_text(run_cli(raw, *base, "xlsx").stdout)


# Every kind's Chinese workbook, from the repository's example requests: no code word.
WORKBOOKS = {
    "comparison": ((), ROOT / "examples" / "partial-quotes.request.json"),
    "invalid": ((), ROOT / "examples" / "invalid.request.json"),
    "convert": (("--convert",), ROOT / "examples" / "convert.request.json"),
    "plan": (("--plan",), ROOT / "examples" / "plan.request.json"),
    "event": (("--event",), ROOT / "examples" / "event.request.json"),
}


@pytest.mark.parametrize("kind", sorted(WORKBOOKS))
def test_no_code_word_in_a_chinese_workbook(kind: str) -> None:
    flags, path = WORKBOOKS[kind]
    run = run_cli(
        path.read_bytes(), "--input-json", "-", *flags, "--format", "xlsx", "--lang", "zh"
    )
    shown = workbook_text(run.stdout)
    assert CODE_WORD.findall(shown) == [], kind
    assert "+inf" not in shown


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_event_code_has_words_so_none_is_shown_as_code(lang: str) -> None:
    # Issue 40, item 7: a page shows a code only when the catalog has no words for it; every
    # code the event document carries has words, so no event page shows one.
    from quotecalc.core.codes import LIMITATION_MESSAGES
    from quotecalc.core.event_rules import EVENT_MESSAGES
    from quotecalc.output.event_report import WORDS
    from quotecalc.output.event_report.reasons import unworded

    for code in (*EVENT_MESSAGES, *LIMITATION_MESSAGES):
        if code == "baseline_infeasible":  # a baseline's reason, worded in the baselines table
            assert WORDS[lang]["baseline_infeasible"]
            continue
        assert unworded({"code": code, "message": "m"}, lang) is None, code
    assert unworded({"code": "not_a_code_of_ours"}, lang) == "not_a_code_of_ours"
