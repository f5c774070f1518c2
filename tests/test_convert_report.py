"""``--convert --format text|html [--lang en|zh]`` (issue 27): the converted comparison's report,
answer first, with each converted figure's rate beside it and each rate's range.

The expected sentences are written here by hand from the example (tests/data/convert): WEST
quotes 10 packs x 4.80 USD + 5 USD freight = 53 USD, 377.5402 CNY at 7.1234; NORTH costs 390
CNY, so WEST stays the cheapest while 53 x r <= 390, up to 390/53 = 7.358490566... (shown
7.358491), and NORTH takes over above it. The EUR rate converts no quote.
"""

# ruff: noqa: RUF001 - the Chinese sentences use full-width punctuation on purpose

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from conftest import DATA, ROOT
from quotecalc.output.conversion_text import range_sentences

RAW = (DATA / "convert" / "convert.request.json").read_bytes()


def report(raw: bytes, *options: str) -> tuple[str, int]:
    argv = [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--convert"]
    proc = subprocess.run(
        [*argv, *options], input=raw, capture_output=True, cwd=ROOT, timeout=60, check=False
    )
    assert proc.stderr == b""
    return proc.stdout.decode("utf-8"), proc.returncode


EXPECTED = {
    "en": [
        "M6 bolt: WEST ranks first",
        "Buying 1000 units of “M6 bolt”, priced in CNY.",
        "WEST ranks first at your weights: landed total 377.5402 CNY, 0.37754 CNY per"
        " delivered unit.",
        # One money format per page (issue 29): the usual 2 places when exact in them, else all
        # the value's own digits: 390.000000 -> 390.00, 12.459800 -> 12.4598.
        "Runner-up: NORTH, landed total 390.00 CNY (12.4598 CNY more); score 0.391011"
        " against 1.000000.",
        "WEST: landed total 377.5402 CNY, converted at 7.1234 (bank, 2026-11-30) from USD.",
        "WEST stays the cheapest up to 7.358491 USD→CNY; above it NORTH.",
        "",
    ],
    "zh": [
        "M6 bolt：WEST 排名第一",
        "采购：M6 bolt，数量 1000 件，币种 CNY。",
        "按您的权重，WEST 排名第一：到岸总价 377.5402 CNY，每到货单位成本 0.37754 CNY。",
        "第二名：NORTH，到岸总价 390.00 CNY（多 12.4598 CNY）；得分 0.391011，第一名 1.000000。",
        "WEST：到岸总价 377.5402 CNY，按 7.1234 换算（bank，2026-11-30），原币种 USD。",
        "USD→CNY 不高于 7.358491 时 WEST 仍最便宜；高于此值则为 NORTH。",
        "",
    ],
}
ROWS = {
    "en": [
        # Issue 39: the one money format, each amount in its own currency's places (the
        # converted figures have 6 places in the document: 4.80 x 7.1234 = 34.19232 ->
        # 34.192320 shows its five digits, 5 x 7.1234 = 35.617 its three, 0 -> 0.000000
        # reads 0.00), USD at its usual 2; the rate is in the answer.
        "| WEST     | Pack price     |  4.80 USD | 34.19232 CNY |",
        "| WEST     | Freight        |  5.00 USD |   35.617 CNY |",
        "| WEST     | Other fees     |  0.00 USD |     0.00 CNY |",
        "| WEST     | Landed total   |         - | 377.5402 CNY |",
        "Not used (no quote in EUR): EUR→CNY 7.8 (bank, 2026-11-30).",
    ],
    "zh": [
        "| WEST   | 包价     | 4.80 USD | 34.19232 CNY |",
        "| WEST   | 到岸总价 |        - | 377.5402 CNY |",
        "未使用（没有 EUR 报价）：EUR→CNY 7.8（bank，2026-11-30）。",
    ],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_text_report_answers_first_with_the_rates(lang: str) -> None:
    text, code = report(RAW, "--format", "text", "--lang", lang)
    assert code == 0
    lines = text.splitlines()
    assert lines[: len(EXPECTED[lang])] == EXPECTED[lang]
    for row in ROWS[lang]:
        assert row in lines, row
    # the conversions come before the comparison's own tables
    section = "== Conversions ==" if lang == "en" else "== 币种换算 =="
    quotes = "== Quotes ==" if lang == "en" else "== 报价 =="
    assert lines.index(section) < lines.index(quotes)
    assert "[converted_at_given_rates]" in text and "- converted_at_given_rates" not in text


def test_the_default_language_is_english_and_json_is_the_document() -> None:
    assert report(RAW, "--format", "text")[0] == report(RAW, "--format", "text", "--lang", "en")[0]
    shown, code = report(RAW)
    assert code == 0 and json.loads(shown)["kind"] == "converted-comparison"
    assert report(RAW, "--format", "json")[0] == shown


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_html_page_shows_the_rates_escaped(lang: str) -> None:
    body: dict[str, Any] = json.loads(RAW)
    body["exchangeRates"][0]["source"] = "<b>bank</b> & co"
    page, code = report(json.dumps(body).encode(), "--format", "html", "--lang", lang)
    assert code == 0 and page.startswith("<!DOCTYPE html>")
    shown = "&lt;b&gt;bank&lt;/b&gt; &amp; co"
    if lang == "en":
        assert f"converted at 7.1234 ({shown}, 2026-11-30)" in page
        assert "WEST stays the cheapest up to 7.358491 USD→CNY; above it NORTH." in page
    else:
        assert f"按 7.1234 换算（{shown}，2026-11-30）" in page
        assert "USD→CNY 不高于 7.358491 时 WEST 仍最便宜；高于此值则为 NORTH。" in page
    assert "<b>bank" not in page
    order = [page.index(f'<section id="{key}"') for key in ("answer", "conversions", "quotes")]
    assert order == sorted(order)
    assert '<section id="weight-map"' not in page  # the comparison computes no weight map


def test_terminal_text_in_a_source_is_escaped() -> None:
    body: dict[str, Any] = json.loads(RAW)
    body["exchangeRates"][0]["source"] = "bank\u001b[2J"
    text, _ = report(json.dumps(body).encode(), "--format", "text")
    assert "\u001b" not in text
    assert "converted at 7.1234 (bank\\u001b[2J, 2026-11-30)" in text


@pytest.mark.parametrize(
    ("lang", "code", "words"),
    [
        ("en", "too_many_rate_decimals", "An exchange rate may have at most 10 decimals."),
        ("zh", "too_many_rate_decimals", "汇率最多只能有 10 位小数。"),
        ("en", "invalid_date", "The date must be a real calendar date written YYYY-MM-DD."),
        ("zh", "invalid_date", "日期必须是真实存在的日期，写作 YYYY-MM-DD。"),
    ],
)
def test_a_refused_rate_is_reported_in_words(lang: str, code: str, words: str) -> None:
    body: dict[str, Any] = json.loads(RAW)
    bad = {
        "too_many_rate_decimals": ("rate", "7.12345678901"),
        "invalid_date": ("asOf", "2026-02-30"),
    }
    key, value = bad[code]
    body["exchangeRates"][0][key] = value
    text, exit_code = report(json.dumps(body).encode(), "--format", "text", "--lang", lang)
    assert exit_code == 2
    assert words in text and code in text
    assert "7.358491" not in text  # no conversion shown for a refused request


def _document(low: str | None, high: str | None, low_by: list[str], high_by: list[str]) -> Any:
    def end(value: str | None) -> Any:
        return None if value is None else {"rate": value, "exact": "1/1"}

    span = {
        "supplierId": "A",
        "low": end(low),
        "lowTakenBy": low_by,
        "high": end(high),
        "highTakenBy": high_by,
    }
    rate = {"from": "USD", "to": "CNY", "rate": "7", "asOf": "2026-11-30", "source": "s"}
    return {"rateSensitivity": [{**rate, "cheapest": [span]}]}


@pytest.mark.parametrize(
    ("ends", "en", "zh"),
    [
        (
            ("6.500000", None, ["B", "C"], []),
            "A stays the cheapest down to 6.500000 USD→CNY; below it B and C.",
            "USD→CNY 不低于 6.500000 时 A 仍最便宜；低于此值则为 B、C。",
        ),
        (
            ("6.500000", "7.250000", ["B"], ["C"]),
            "A stays the cheapest from 6.500000 to 7.250000 USD→CNY; below it B, above it C.",
            "USD→CNY 在 6.500000 至 7.250000 之间时 A 仍最便宜；低于此区间为 B，高于此区间为 C。",
        ),
        (
            (None, None, [], []),
            "A stays the cheapest at any USD→CNY rate.",
            "无论 USD→CNY 为多少，A 都最便宜。",
        ),
    ],
)
def test_each_shape_of_range_in_words(ends: Any, en: str, zh: str) -> None:
    document = _document(*ends)
    assert range_sentences(document, "en") == [en]
    assert range_sentences(document, "zh") == [zh]


@pytest.mark.parametrize(
    "options",
    [
        ("--format", "svg"),
        ("--analysis", "--format", "text"),
        ("--plan", "--format", "html"),
        ("--lang", "zh"),  # a language needs a readable format
    ],
)
def test_other_combinations_are_refused(options: tuple[str, ...]) -> None:
    argv = [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--convert"]
    proc = subprocess.run(
        [*argv, *options], input=RAW, capture_output=True, cwd=ROOT, timeout=60, check=False
    )
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["limitations"][0]["code"] == "invalid_arguments"


def test_the_trace_goes_to_stderr_and_the_report_is_unchanged() -> None:
    argv = [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--convert"]
    proc = subprocess.run(
        [*argv, "--format", "text", "--trace"],
        input=RAW,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0
    assert proc.stdout.decode("utf-8") == report(RAW, "--format", "text")[0]
    stages = [json.loads(line)["stage"] for line in proc.stderr.splitlines()]
    assert stages[-1] == "rate_sensitivity" and "convert" in stages
