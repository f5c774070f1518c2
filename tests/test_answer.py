"""The answer first (issue 21; ``quotecalc.output.answer``) and its numbers for people
(``quotecalc.output.people``). Expected values are worked out by hand from the requests."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

import pytest

from conftest import EXAMPLES
from quotecalc import analyze, calculate
from quotecalc.output.answer import Sentence, Value, answer, fill, purchase_of, render_plain
from quotecalc.output.cells import clean
from quotecalc.output.people import grouped, money, money_places, percent

BRIEF = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
NO_WEIGHTS = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()


@pytest.mark.parametrize(
    ("share", "en", "zh"),
    [
        ("7/12", "58.3 %", "58.3%"),  # 58.333...
        ("1/16", "6.3 %", "6.3%"),  # 6.25: half-up
        ("1/8", "12.5 %", "12.5%"),
        ("0", "0.0 %", "0.0%"),
        ("1", "100.0 %", "100.0%"),
        ("0.000499", "0.0 %", "0.0%"),  # 0.0499 %
        ("0.0005", "0.1 %", "0.1%"),  # 0.05 %: half-up
        (Fraction(-1, 16), "-6.3 %", "-6.3%"),  # away from zero
    ],
)
def test_percent_rounds_once_half_up_to_one_decimal(share: Any, en: str, zh: str) -> None:
    assert percent(share, "en") == en
    assert percent(share, "zh") == zh


@pytest.mark.parametrize(
    ("value", "currency", "shown"),
    [
        ("370.00", "CNY", "370.00"),
        ("415.5", "CNY", "415.50"),  # zeros added to the currency's two places
        ("415", None, "415.00"),  # no currency: two places
        ("68420.00", "CNY", "68,420.00"),  # grouped by thousands
        ("1234567.5", "USD", "1,234,567.50"),
        ("0.125", "CNY", "0.125"),  # exact to more places: every digit kept, none rounded
        ("9302.6325", "CNY", "9,302.6325"),
        ("0.308333", "CNY", "0.308333"),
        ("0.00000", "CNY", "0.00"),  # zeros beyond the currency's places are no digits
        ("34.192320", "CNY", "34.19232"),
        ("0.370000", "CNY", "0.37"),
        ("0", "CNY", "0.00"),
        ("1500", "JPY", "1,500"),  # no minor unit
        ("1500.5", "JPY", "1,500.5"),
        ("12.3", "KWD", "12.300"),  # three places
        ("-1104.45", "CNY", "-1,104.45"),
        ("999999999999999.999999", "CNY", "999,999,999,999,999.999999"),  # exact, no float
    ],
)
def test_money_is_one_format_grouped_in_the_currency_places(
    value: str, currency: str | None, shown: str
) -> None:
    assert money(value, currency) == shown
    # the places a workbook cell's number format shows are the same
    assert money_places(value, currency) == len(shown.partition(".")[2])


def test_quantities_are_grouped_by_thousands_only() -> None:
    assert [grouped(v) for v in ("0", "999", "1000", "1234567", "-12345")] == [
        "0",
        "999",
        "1,000",
        "1,234,567",
        "-12,345",
    ]


@functools.cache
def documents(raw: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    return calculate(raw).output, analyze(raw).output


def lines(raw: bytes, lang: str, plan: dict[str, Any] | None = None) -> list[str]:
    result, analysis = documents(raw)
    facts = answer(result, analysis, lang, purchase_of(raw), plan)
    return [render_plain(s, lang, clean) for s in (facts.title, *facts.sentences)]


def test_the_brief_example_by_hand() -> None:
    # A: 10 packs of 35.00 + freight 20 = 370.00 for 1000 units; B: 5 packs of 80 + 15.5 =
    # 415.5 for 1250 units (C is excluded by maxLeadDays). Scores 0.95 and 0.2; B ranks
    # first once quality holds 4/5 of the weight: from (1/2, 3/10, 1/5) to (1/5, 0, 4/5),
    # (3/10 + 3/10 + 3/5) / 2 = 3/5 of the weight moves.
    assert lines(BRIEF, "en") == [
        "M6 bolt: A ranks first",
        "Buying 1000 units of “M6 bolt”, priced in CNY.",
        "A ranks first at your weights: landed total 370.00 CNY, 0.37 CNY per delivered unit.",
        "Runner-up: B, landed total 415.50 CNY (45.50 CNY more); score 0.200000 against 0.950000.",
        "60.0 % of the weight must move before B ranks first (or ties).",
    ]
    assert lines(BRIEF, "zh")[0] == "M6 bolt：A 排名第一"
    assert lines(BRIEF, "zh")[4] == "至少要移动 60.0% 的权重，B 才会排名第一（或并列）。"


def test_without_a_ranking_why_not_and_what_to_give() -> None:
    assert lines(NO_WEIGHTS, "en") == [
        "M6 bolt: no ranking",
        "Buying 1000 units of “M6 bolt”, priced in CNY.",
        "No supplier ranks first: there is no ranking.",
        "Why: No weights were given, so no ranking was made.",
        "To get a ranking: give weights for cost, delivery and quality.",
    ]


def test_invalid_input_counts_the_fields_to_correct() -> None:
    raw = b'{"schemaVersion": 1, "quotes": "x", "extra": 1}'
    result = calculate(raw).output
    facts = answer(result, analyze(raw).output, "en", purchase_of(raw))
    (sentence,) = facts.sentences
    count = len(result["limitations"])
    assert render_plain(sentence, "en", clean) == (
        "The request is not valid, so nothing was calculated: correct the field(s) listed"
        f" under Errors ({count})."
    )


def test_the_best_plan_is_read_from_the_plan_document() -> None:
    plan = {
        "plan": {
            "best": {
                "lines": [
                    {"supplierId": "A", "deliveredQuantity": "400"},
                    {"supplierId": "B", "deliveredQuantity": "600"},
                ],
                "landedTotal": "355.50",
                "savingVsSingleSource": "14.50",
                "proven": True,
            }
        }
    }
    shown = lines(BRIEF, "en", plan)
    # Beside a ranking, the plan's sentence also says which question each answers (issue 35).
    assert shown[-1] == (
        "Best purchase plan: A 400 units, B 600 units; landed total 355.50 CNY, 14.50 CNY less"
        " than the"
        " best single source. The ranking answers which one supplier suits your weights best;"
        " the plan answers how to buy the quantity at the lowest landed total, from one"
        " supplier or several."
    )
    plan["plan"]["best"]["proven"] = False
    plan["plan"]["best"]["savingVsSingleSource"] = "0.00"
    assert lines(BRIEF, "zh", plan)[-1] == (
        "最佳采购方案：A 400 件、B 600 件；到岸总价 355.50 CNY，"
        "与最佳单一供应商相同（最低总价未证明）。排名回答的是：按您的权重，哪一家供应商最合适；"
        "采购方案回答的是：以最低到岸总价买到所需数量，可以向一家或几家供应商购买。"
    )
    assert lines(BRIEF, "en", {"plan": None})[-1].startswith("60.0 %")  # no plan, no line


def test_a_filled_in_value_is_never_filled_again() -> None:
    sentence = Sentence(
        "x", "{who} and {item}", {"who": Value("ids", ("{item}",)), "item": Value("text", "bolt")}
    )
    assert fill(sentence, "en", str, ", ".join, str) == "{item} and bolt"


def test_purchase_is_read_only_from_a_json_object() -> None:
    assert purchase_of(b"[1]") is None
    assert purchase_of(b"{") is None
    assert purchase_of(b'{"quantity": 12, "currency": "CNY", "specification": 5}') == {
        "quantity": "12",
        "currency": "CNY",
    }
