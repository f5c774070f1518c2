"""``--event --format text|html [--lang en|zh]`` (issue 26): the award for people, the answer
first. A reader of the event-award document: the sentences below are written by hand from the
worked example (docs/event.md) and from documents built here."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from conftest import DATA, run_cli
from event_support import EVENT_ARGV, HAS_ENGINE, answer_lines, event, item, offer, supplier
from quotecalc.output.event_report import (
    answer_parts,
    event_currency,
    event_view,
    grouped,
    render_event_html,
    render_event_text,
)

GOLDEN = DATA / "event"
REQUEST = (GOLDEN / "example.request.json").read_bytes()
DOCUMENT: dict[str, Any] = json.loads((GOLDEN / "example.award.json").read_bytes())

EN_LINES = (
    "Award A the bolts and nuts, W the washers: 1,175.00 CNY, the least total is proven.",
    # the saving (1,450.00 - 1,175.00 = 275.00; 275/1450 = 18.97 %) and the baseline's cost
    # apart (issue 40, item 4); 1,260.00 - 1,175.00 = 85.00, 85/1260 = 6.75 %
    "Saves 275.00 CNY (19.0 %) against the best single supplier, A alone, which costs"
    " 1,450.00 CNY; saves 85.00 CNY (6.7 %) against buying each item from its cheapest"
    " supplier, which costs 1,260.00 CNY.",
)
ZH_LINES = (
    "授标：A 供应 bolts、nuts；W 供应 washers：1,175.00 CNY，最低总价已证明。",
    "比最佳单一供应商（仅 A）的 1,450.00 CNY 节省 275.00 CNY（19.0%）；"
    "比各物料取最便宜供应商的 1,260.00 CNY 节省 85.00 CNY（6.7%）。",
)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("0", "0"),
        ("999", "999"),
        ("1000", "1,000"),
        ("12345.60", "12,345.60"),
        ("1234567.891", "1,234,567.891"),
        ("-1234", "-1,234"),
    ],
)
def test_grouped(value: str, shown: str) -> None:
    assert grouped(value) == shown


def test_the_answer_first_by_hand() -> None:
    # 275.00 / 1450.00 = 18.97 % -> 19.0 %; 85.00 / 1260.00 = 6.75 % -> 6.7 % (6.746...).
    assert answer_parts(DOCUMENT, "CNY", "en", str) == EN_LINES
    assert answer_parts(DOCUMENT, "CNY", "zh", str) == ZH_LINES


def test_a_split_item_and_an_unproven_award() -> None:
    document = copy.deepcopy(DOCUMENT)
    shown = document["award"]
    shown["lines"].append({**shown["lines"][2], "supplierId": "A"})
    shown["items"][2]["suppliers"] = ["A", "W"]
    shown["proven"], shown["lowerBound"] = False, "1100.5"
    shown["costProven"] = shown["tiesSettled"] = False
    document["baselines"] = None
    # One money format (issues 35, 39): 1100.5 in the usual 2 places.
    assert answer_lines(document, None, "en", str) == (
        "Award A the bolts and nuts, A part of the washers, W part of the washers: 1,175.00,"
        " the least total is not proven (it is at least 1,100.50)."
    )


def test_no_award_and_invalid_input() -> None:
    assert answer_lines({**DOCUMENT, "status": "partial", "award": None}, "CNY", "en", str) == (
        "No award."
    )
    assert answer_lines({"status": "invalid_input"}, None, "zh", str) == "请求无效：未授标。"


HOSTILE = "A\x1b[31m<script>|x"


def _hostile_request() -> bytes:
    return event([item(HOSTILE)], [supplier(HOSTILE, offer(HOSTILE))])


needs_engine = pytest.mark.skipif(not HAS_ENGINE, reason="the award engine has not landed")


@needs_engine
def test_ids_from_the_request_are_escaped() -> None:
    from quotecalc import award

    done = award(_hostile_request())
    text = render_event_text(done.output, done.exit_code, "CNY", "en")
    assert "\x1b" not in text and "<script>" in text
    assert "A\\u001b[31m<script>\\u007cx" in text
    page = render_event_html(done.output, done.exit_code, "C<N>Y", "en")
    assert "<script>" not in page and "&lt;script&gt;" in page and "C&lt;N&gt;Y" in page


def test_the_currency_is_read_only_when_it_is_there() -> None:
    assert event_currency(REQUEST) == "CNY"
    assert event_currency(b"[1]") is None
    assert event_currency(b'{"currency": 3}') is None
    assert event_currency(b"{") is None


@needs_engine
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("fmt", ["text", "html"])
def test_the_cli_prints_the_award_for_people(fmt: str, lang: str) -> None:
    cli = run_cli(REQUEST, *EVENT_ARGV, "--format", fmt, "--lang", lang)
    assert cli.exit_code == 0 and cli.stderr == b""
    shown = cli.stdout.decode("utf-8")
    # Issue 35: on the report the award is one sentence and the comparison a second one.
    lines = {"en": EN_LINES, "zh": ZH_LINES}[lang]
    if fmt == "html":
        for line in lines:
            assert line in shown
        assert shown.startswith("<!DOCTYPE html>") and shown.endswith("</html>\n")
        assert "<script" not in shown and "http" not in shown.split("<body>", 1)[1]
    else:
        # Answer first (issue 35), then when it arrives: A 14 days, W 7 days -> 14, A.
        arrives = {
            "en": "Arrives in 14 days, when its slowest supplier does (A).",
            "zh": "14 天后到齐，即最慢的供应商（A）到货之时。",
        }
        assert shown.splitlines()[:3] == [*lines, arrives[lang]]


@needs_engine
def test_the_cli_format_keeps_the_exit_code() -> None:
    cli = run_cli(b'{"schemaVersion":1}', *EVENT_ARGV, "--format", "text")
    assert cli.exit_code == 2
    assert "The request is not valid: nothing was awarded." in cli.stdout.decode("utf-8")


def test_one_money_format_across_the_page() -> None:
    # Issue 35's `2,827.14800` beside `2,865.5`, `0.00000` and `40` beside `89.04250`; issue 39:
    # every amount in the one money format, the currency's two places with zeros added, an
    # amount exact to more keeping its digits (and no zero beyond them): 2865.5 ->
    # 2,865.50, 40 -> 40.00, 0 -> 0.00, 89.04250 -> 89.0425, 2827.14800 -> 2,827.148.
    document = copy.deepcopy(DOCUMENT)
    shown = document["award"]
    shown["lines"][0]["packPrice"] = "89.04250"
    shown["lines"][1]["packPrice"] = "40"
    shown["suppliers"][1]["otherFees"] = "0"
    shown["landedTotal"] = shown["lowerBound"] = "2827.14800"
    document["baselines"]["singleSupplier"]["award"]["landedTotal"] = "2865.5"
    view = event_view(document, "CNY", "en")
    tables = {s.heading: s.table for s in view.sections if s.table is not None}
    lines = tables["Award lines"]
    suppliers = tables["Suppliers awarded"]
    assert lines is not None and suppliers is not None
    assert [row[4] for row in lines.rows] == ["89.0425", "40.00", "40.00"]
    assert suppliers.rows[1][1:6] == ("160.00", "0.00", "60.00", "0.00", "220.00")
    assert view.answer[0] == (
        "Award A the bolts and nuts, W the washers: 2,827.148 CNY, the least total is proven."
    )
    assert "A alone, which costs 2,865.50 CNY" in view.answer[1]
    assert view.sections[0].paragraphs[0] == (
        "Amounts in CNY, with 2 decimal places; an amount exact to more places shows them all."
    )
    # The usual places of the currency: none for JPY, three for KWD.
    whole = copy.deepcopy(DOCUMENT)
    whole["award"]["landedTotal"] = whole["award"]["lowerBound"] = "1175"
    assert "1,175 JPY" in event_view(whole, "JPY", "en").answer[0]
    assert "1,175.000 KWD" in event_view(whole, "KWD", "en").answer[0]
    jpy = event_view(whole, "JPY", "zh").sections[0].paragraphs[0]
    assert jpy == "金额单位 JPY，保留 0 位小数；小数位更多的精确金额全部显示。"


def test_the_text_report_never_shows_0_beside_20_00_in_one_column() -> None:
    # The worked example's other fees: A 20.00, W "0" in the document -> 0.00 on the report.
    text = render_event_text(DOCUMENT, 0, "CNY", "en", REQUEST)
    rows = [line for line in text.splitlines() if line.startswith(("| A ", "| W "))]
    assert (
        "| A        |         950.00 |    95.00 |   80.00 |      20.00 |       955.00 |        14 |"
        in rows
    )
    assert (
        "| W        |         160.00 |     0.00 |   60.00 |       0.00 |       220.00 |         7 |"
        in rows
    )
    assert not any(cell.strip() == "0" for row in rows for cell in row.split("|")[2:6])
