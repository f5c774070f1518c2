"""Report paths the golden files do not take (found by mutation testing, issue 14): the
degenerate ``[1, 1]`` stability interval and its sentence, the single positive weight whose
``f = 0`` is excluded without a crossing, and codes or dimensions the report has no words for
(shown as themselves, escaped). Expected lines are written out by hand from the templates'
wording in ``docs/stability.md``."""

# Chinese punctuation is test data here.
# ruff: noqa: RUF001

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from quotecalc import calculate, stability
from quotecalc.output.report import render_text


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


def _request(quotes: list[dict[str, Any]], cost: str, delivery: str) -> bytes:
    body = {
        "schemaVersion": 1,
        "quantity": 100,
        "currency": "CNY",
        "specification": "M6 bolt",
        "weights": {"cost": cost, "delivery": delivery, "quality": "0"},
        "quotes": quotes,
    }
    return json.dumps(body).encode()


def _report(raw: bytes, lang: str) -> list[str]:
    return render_text(calculate(raw).output, stability(raw), lang).split("\n")


# A: cost 1, delivery 0; B: cost 0, delivery 1; weights 0.5/0.5: both score 1/2 at f = 1 and
# any change of either weight breaks the tie, so both intervals of both dimensions are [1, 1].
TIED = _request([_quote("A", 10, 30), _quote("B", 20, 5)], "0.5", "0.5")
# Cost is the only positive weight: f = 0 leaves none, so it is excluded, with no crossing.
ALONE = _request([_quote("A", 10, 30), _quote("B", 20, 5)], "1", "0")

TIE_LINES = {
    "en": [
        "- cost, ranking: A and B are exactly tied at f = 1; any change of this weight breaks"
        " the tie.",
        "- delivery, ranking: A and B are exactly tied at f = 1; any change of this weight"
        " breaks the tie.",
    ],
    "zh": [
        "- 成本（排名）：A 与 B 在 f = 1 时恰好并列，此权重的任何变化都会打破并列。",
        "- 交期（排名）：A 与 B 在 f = 1 时恰好并列，此权重的任何变化都会打破并列。",
    ],
}
ALONE_LINES = {
    "en": ["- cost, ranking: f = 0 is excluded: it would leave no positive weight."],
    "zh": ["- 成本（排名）：不含 f = 0，因为那样将没有任何正权重。"],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tie_that_any_change_breaks_is_the_closed_interval_1_1(lang: str) -> None:
    lines = _report(TIED, lang)
    rows = [line for line in lines if line.startswith("| cost") or line.startswith("| 成本")]
    stability_rows = [row for row in rows if "1.000000" in row]
    assert len(stability_rows) == 1
    assert stability_rows[0].count("[1.000000, 1.000000]") == 2  # ranking and winner
    notes = [line for line in lines if "f = 1" in line]
    assert notes == TIE_LINES[lang]  # the winner interval equals the ranking one: no repeat


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_only_positive_weight_excludes_zero_without_a_crossing(lang: str) -> None:
    lines = _report(ALONE, lang)
    assert sum(line.count("(0.000000, +inf)") for line in lines) == 2
    notes = [line for line in lines if "f = 0" in line]
    assert notes == ALONE_LINES[lang]


def test_codes_and_dimensions_without_words_are_shown_as_themselves_escaped() -> None:
    raw = _request([_quote("A", 10, 30), _quote("B", 20, 5)], "0.6", "0.4")
    output = copy.deepcopy(calculate(raw).output)
    output["limitations"].append({"code": "future|code"})
    for entry in output["ranking"]:
        entry["components"]["speed|x"] = "0.500000"
    for lang in ("en", "zh"):
        lines = render_text(output, None, lang).split("\n")
        assert "- future\\u007ccode [future\\u007ccode]" in lines
        header = next(line for line in lines if line.startswith("| Rank") or "| 名次" in line)
        assert header.rstrip(" |").endswith("| speed\\u007cx")
    errors = calculate(b"{").output
    errors["limitations"] = [{"code": "future|error", "path": "/x"}]
    text = render_text(errors, None, "en")
    assert "| /x   | future\\u007cerror | future\\u007cerror |" in text


@pytest.mark.parametrize(
    ("text", "width"),
    [
        ("e\u0301", 1),  # combining acute accent: Mn, combining class 230
        ("\u0900a", 1),  # Devanagari inverted candrabindu: Mn, combining class 0
        ("a\u034f", 1),  # combining grapheme joiner: Mn, combining class 0
        ("a\u20dd", 1),  # combining enclosing circle: Me, combining class 0
        ("\u0488x", 1),  # Cyrillic hundred thousands sign: Me
        ("華\u20dd", 2),
    ],
)
def test_marks_take_no_column(text: str, width: int) -> None:
    from quotecalc.output.report import display_width

    assert display_width(text) == width


def test_statuses_directions_and_dimensions_without_words_are_shown_escaped() -> None:
    body = json.loads(_request([_quote("A", 10, 30), _quote("B", 20, 5)], "0.6", "0.4"))
    body["maxLeadDays"] = 40
    body["sensitivityDelta"] = "0.5"
    output = copy.deepcopy(calculate(json.dumps(body).encode()).output)
    output["normalizedQuotes"][0]["constraintStatus"] = "maybe|x"
    output["normalizedQuotes"][0]["constraints"][0]["status"] = "odd|y"
    output["sensitivity"][0]["direction"] = "sideways|z"
    output["sensitivity"][0]["dimension"] = "speed|w"
    output["limitations"].append({"code": "invalid_json"})
    english = render_text(output, None, "en").split("\n")
    chinese = render_text(output, None, "zh").split("\n")
    for lines in (english, chinese):
        quote_row = next(line for line in lines if line.startswith("| A ") and "CNY" in line)
        assert re.search(r"\| maybe\\u007cx +\|$", quote_row)
        constraint_row = next(line for line in lines if "| maxLeadDays |" in line)
        assert re.search(r"\| odd\\u007cy +\|$", constraint_row)
        scenario = next(line for line in lines if "sideways" in line)
        assert re.match(r"\| speed\\u007cw +\| sideways\\u007cz +\|", scenario)
    assert (
        "- The input is not one valid JSON value (check for comments, trailing commas, single"
        " quotes or extra text). [invalid_json]"
    ) in english
    assert (
        "- 输入不是单个有效的 JSON 值（请检查注释、多余逗号、单引号或多余文本）。 [invalid_json]"
        in chinese
    )


def test_several_conflicts_are_one_sentence_each_joined_by_a_space() -> None:
    quotes = [_quote("A", 10, 30), {**_quote("B", 20, 5), "currency": "EUR", "specification": "M8"}]
    output = calculate(_request(quotes, "0.6", "0.4")).output
    conflicts = output["normalizedQuotes"][1]["conflicts"]
    assert sorted(conflicts) == ["currency_mismatch", "specification_mismatch"]
    words = {
        "en": {
            "currency_mismatch": "The currency differs from the requested one.",
            "specification_mismatch": "The specification differs from the requested one.",
        },
        "zh": {
            "currency_mismatch": "币种与需求币种不一致。",
            "specification_mismatch": "规格与需求规格不一致。",
        },
    }
    for lang in ("en", "zh"):
        lines = render_text(output, None, lang).split("\n")
        expected = "- B: " + " ".join(words[lang][code] for code in conflicts)
        assert expected in lines


@pytest.mark.parametrize(
    ("lang", "line"), [("en", "No quality scale was given."), ("zh", "未提供质量评分标准。")]
)
def test_no_quality_scale_is_said(lang: str, line: str) -> None:
    lines = _report(ALONE, lang)
    assert line in lines


def test_a_status_without_words_is_shown_as_itself_with_exit_code_1() -> None:
    output = copy.deepcopy(calculate(ALONE).output)
    output["status"] = "future|status"
    english = render_text(output, None, "en").split("\n")
    at = english.index("quotecalc 0.1.0 report")  # after the answer (issue 21)
    assert english[at + 1 : at + 4] == [
        "Status: future\\u007cstatus (exit code 1)",
        "",
        "== Quotes ==",
    ]
    chinese = render_text(output, None, "zh").split("\n")
    at = chinese.index("quotecalc 0.1.0 报告")
    assert chinese[at + 1 : at + 4] == ["状态：future\\u007cstatus（退出码 1）", "", "== 报价 =="]


def test_english_is_the_default_language() -> None:
    output = calculate(TIED).output
    assert render_text(output, stability(TIED)) == render_text(output, stability(TIED), "en")


def test_an_internal_error_shows_only_its_limitation() -> None:
    from quotecalc.engine.render import render_internal_error

    english = render_text(render_internal_error(), None, "en")
    assert "== Quotes ==" not in english and "== Ranking ==" not in english
    assert english.endswith("\n\n== Limitations ==\n" + english.split("\n")[-2] + "\n")
    assert english.split("\n")[-2] == (
        "- quotecalc hit a bug; this is not a problem with the input. [internal_error]"
    )
    chinese = render_text(render_internal_error(), None, "zh")
    assert "== 报价 ==" not in chinese and "== 排名 ==" not in chinese
