"""The analyst's page (``quotecalc.output.pictures.html_page``, docs/pictures.md) over the results
of the bundled examples and the hand-worked analysis documents of tests/pictures_data.py.

Parsed with ``html.parser``; the landed-cost bar widths are recomputed here with Decimal
division (60 digits) and one ROUND_HALF_UP, independently of the page's Fraction arithmetic.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import decimal
import json
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import pictures_data as data
from conftest import EXAMPLES, ROOT
from quotecalc import calculate, stability
from quotecalc.output.pictures import html_page
from quotecalc.output.pictures.costbars import cost_bars
from quotecalc.output.report import ISSUE_TEXT, render_text
from quotecalc.output.wording import ERROR_TEXT, LIMITATION_TEXT


class Page(HTMLParser):
    """Start tags with their attributes, the text under each section, and code texts."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.sections: list[str] = []
        self.section_text: dict[str, str] = {}
        self.codes: list[str] = []
        self.cells: list[str] = []
        self._in: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag == "section":
            self.sections.append(str(attributes["id"]))
        if tag in ("code", "td"):
            self._in.append(tag)
            (self.codes if tag == "code" else self.cells).append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("code", "td") and self._in and self._in[-1] == tag:
            self._in.pop()

    def handle_data(self, text: str) -> None:
        if self.sections:
            key = self.sections[-1]
            self.section_text[key] = self.section_text.get(key, "") + text
        if self._in:
            target = self.codes if self._in[-1] == "code" else self.cells
            target[-1] += text


def example_requests() -> list[Path]:
    return sorted(EXAMPLES.glob("*.request.json")) + sorted(
        (ROOT / "examples").glob("*.request.json")
    )


def documents(path: Path) -> tuple[dict[str, Any], dict[str, Any] | None]:
    raw = path.read_bytes()
    result = calculate(raw).output
    name = path.name.removesuffix(".request.json")
    if result["ranking"] is not None and name not in data.HAND:
        return result, None
    return result, data.example_analysis(name, result, stability(raw))


PAGES = [path for path in example_requests() if documents(path)[1] is not None]


def test_hand_analyses_cover_the_ranked_examples_of_tests_data() -> None:
    ranked = [
        p.name
        for p in sorted(EXAMPLES.glob("*.request.json"))
        if calculate(p.read_bytes()).output["ranking"]
    ]
    assert [name.removesuffix(".request.json") for name in ranked] == sorted(data.HAND)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_page_of_each_example(path: Path, lang: str) -> None:
    result, analysis = documents(path)
    assert analysis is not None
    text = html_page(result, analysis, lang)
    assert text == html_page(json.loads(json.dumps(result)), json.loads(json.dumps(analysis)), lang)
    assert text.startswith(
        '<!DOCTYPE html>\n<html lang="' + {"en": "en", "zh": "zh-Hans"}[lang] + '">'
    )
    page = Page(text)
    tags = [tag for tag, _ in page.tags]
    assert ("meta", {"charset": "utf-8"}) in page.tags
    assert (
        "script" not in tags and "link" not in tags and "img" not in tags and "iframe" not in tags
    )
    assert "<script" not in text.lower() and "@import" not in text
    references = [
        value
        for _, attrs in page.tags
        for name, value in attrs.items()
        if value and ("http" in value or name in ("href", "src"))
    ]
    assert references == ["http://www.w3.org/2000/svg"] * tags.count("svg")
    assert "https://" not in text and text.count("http://") == text.count("<svg")
    status = result["status"]
    if status == "invalid_input":
        assert page.sections == ["answer", "errors"]
        # each error in words, its place in words (issue 29), never its code after the words
        # (issue 40, item 7): a code is shown only when it has no words
        assert not {error["code"] for error in result["limitations"]} & set(page.codes)
        for error in result["limitations"]:
            assert ERROR_TEXT[lang][error["code"]] in page.section_text["errors"]
        assert not any(cell.startswith("/") for cell in page.cells)
        return
    constraints = (
        ["constraints"] if any(q["constraints"] for q in result["normalizedQuotes"]) else []
    )
    ranked = ["stability"] if analysis["analysis"] is not None else []
    assert page.sections == [
        "answer",
        "quotes",
        *constraints,
        "landed",
        "ranking",
        "weight-map",
        "sensitivity",
        *ranked,
        "quality",
        "limitations",
    ]
    # the map, and (issue 29) the phone's picture of it when there is a map
    assert tags.count("svg") == (2 if analysis["analysis"] is not None else 0)
    # each limitation in words, never its code after them (issue 40, item 7)
    assert not {limitation["code"] for limitation in result["limitations"]} & set(page.codes)
    for limitation in result["limitations"]:
        if "{" not in LIMITATION_TEXT[lang][limitation["code"]]:
            assert LIMITATION_TEXT[lang][limitation["code"]] in page.section_text["limitations"]
    for quote in result["normalizedQuotes"]:
        assert quote["supplierId"] in page.section_text["quotes"]
        assert quote["supplierId"] in page.section_text["landed"]


@pytest.mark.parametrize("name", sorted(data.HAND))
def test_stability_intervals_read_as_in_the_text_report(name: str) -> None:
    raw = (EXAMPLES / f"{name}.request.json").read_bytes()
    result = calculate(raw).output
    entries = stability(raw)
    assert entries is not None
    page = Page(html_page(result, data.example_analysis(name, result, entries), "en"))
    report = render_text(result, entries, "en")
    shown = [cell for cell in page.cells if cell.startswith(("[", "("))]
    assert len(shown) == 2 * len(entries)
    for interval in shown:
        # the page's unbounded end is a sign, the terminal report's "+inf" (issue 40, item 7)
        assert "+inf" not in interval
        assert interval.replace("+∞", "+inf") in report
    for line in report.split("== Stability intervals ==")[1].split("==")[0].splitlines():
        if line.startswith("- "):
            assert line[2:] in page.section_text["stability"]


def percent(part: str, largest: Decimal) -> str:
    with decimal.localcontext() as ctx:
        ctx.prec = 60
        value = Decimal(part) * 100 / largest if largest else Decimal(0)
        return str(value.quantize(Decimal("0.01"), rounding=decimal.ROUND_HALF_UP))


class Bars(HTMLParser):
    """Rows of the breakdown: their class, widths (bar first, then segments) and text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[dict[str, Any]] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        css = attributes.get("class") or ""
        if css.startswith("row"):
            self.rows.append({"class": css, "widths": [], "text": ""})
        style = attributes.get("style") or ""
        if self.rows and style.startswith("width:"):
            self.rows[-1]["widths"].append(style.removeprefix("width:").removesuffix("%"))

    def handle_data(self, text: str) -> None:
        if self.rows:
            self.rows[-1]["text"] += text


@pytest.mark.parametrize("path", example_requests(), ids=lambda p: p.name)
def test_landed_cost_bars_are_exact_ratios_and_unknown_is_not_zero(path: Path) -> None:
    result = calculate(path.read_bytes()).output
    if result["status"] == "invalid_input":
        return
    quotes = result["normalizedQuotes"]
    bars = Bars(cost_bars(quotes, "en"))
    assert len(bars.rows) == len(quotes)
    known = [Decimal(q["landedTotal"]) for q in quotes if q["landedTotal"] is not None]
    largest = max(known, default=Decimal(0))
    for quote, row in zip(quotes, bars.rows, strict=True):
        assert quote["supplierId"] in row["text"]
        if quote["landedTotal"] is None:
            assert row["class"] == "row missing" and row["widths"] == []
            assert "Not drawn" in row["text"]
            if not quote["comparable"]:
                assert ISSUE_TEXT["en"][quote["conflicts"][0]] in row["text"]
            else:
                assert all(field in row["text"] for field in quote["missingFields"])
            continue
        expected = [
            percent(quote[f], largest)
            for f in ("landedTotal", "goodsSubtotal", "freight", "otherFees")
        ]
        assert row["widths"] == expected
        # in the one money format, grouped (these totals are exact in two places)
        assert f"{Decimal(quote['landedTotal']):,.2f} {quote['currency']}" in row["text"]
        overbuy = quote["overbuyQuantity"]
        assert (f"overbuy {overbuy} units (delivered" in row["text"]) == (Decimal(overbuy) != 0)


def test_landed_bars_by_hand_for_the_brief_example() -> None:
    result = calculate((EXAMPLES / "01-example-from-brief.request.json").read_bytes()).output
    bars = Bars(cost_bars(result["normalizedQuotes"], "en"))
    # largest landed total 415.5 (B): A 370.00 / 415.5 = 89.049...%, its goods 350 / 415.5 =
    # 84.235...%, freight 20 / 415.5 = 4.813...%; B is the full bar: 400 + 0 + 15.5.
    assert bars.rows[0]["widths"] == ["89.05", "84.24", "4.81", "0.00"]
    assert bars.rows[1]["widths"] == ["100.00", "96.27", "0.00", "3.73"]
    assert "overbuy 250 units (delivered 1250 units)" in bars.rows[1]["text"]
    assert "overbuy" not in bars.rows[0]["text"]


HOSTILE_IDS = ["<script>alert(1)</script>", "a&b\"c'd\u0007\u202e", "שלום-עולם", "x" * 64]


def hostile_request() -> bytes:
    def quote(sid: str, price: str, lead: int) -> dict[str, Any]:
        return {
            "supplierId": sid,
            "specification": "x",
            "currency": "EUR",
            "packSize": 100,
            "minimumPacks": 2,
            "packPrice": price,
            "freight": "4",
            "otherFees": "1",
            "leadDays": lead,
        }

    prices = ["0.50", "0.40", "0.60", "0.70"]
    quotes = [
        quote(sid, price, lead)
        for sid, price, lead in zip(HOSTILE_IDS, prices, (3, 5, 2, 9), strict=True)
    ]
    body = {
        "schemaVersion": 1,
        "quantity": 150,
        "currency": "EUR",
        "specification": "x",
        "weights": {"cost": "1", "delivery": "1", "quality": "0"},
        "quotes": quotes,
    }
    return json.dumps(body).encode()


def test_hostile_ids_are_escaped_everywhere() -> None:
    raw = hostile_request()
    result = calculate(raw).output
    assert result["ranking"] is not None
    # The map is the hand-worked triangle with these ids (a stand-in: this test is about text).
    analysis = data.triangle(dict(zip("ABCD", HOSTILE_IDS, strict=True)))
    analysis["analysis"]["stability"] = stability(raw)
    for lang in ("en", "zh"):
        text = html_page(result, analysis, lang)
        assert "<script" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
        assert "a&amp;b&quot;c&#39;d\\u0007\\u202e" in text
        assert "\u202e" not in text and "\u0007" not in text
        page = Page(text)
        assert "script" not in [tag for tag, _ in page.tags]
        assert "x" * 64 in page.section_text["quotes"]
        assert '<bdi class="id">שלום-עולם</bdi>' in text


def test_chinese_page_uses_the_report_words() -> None:
    path = EXAMPLES / "01-example-from-brief.request.json"
    result, analysis = documents(path)
    assert analysis is not None
    page = Page(html_page(result, analysis, "zh"))
    headings = [tag for tag, _ in page.tags if tag == "h2"]
    assert len(headings) == len(page.sections) - 1  # the answer has no heading, it leads
    assert "到岸总价" in page.section_text["quotes"]
    assert "超购 250 件（到货 1250 件）" in page.section_text["landed"]
    assert "质量" in page.section_text["weight-map"]
    assert "最近的切换点：成本 20.0%、交期 0.0%、质量 80.0%" in page.section_text["weight-map"]
    assert "至少要移动 60.0% 的权重，B 才会排名第一（或并列）。" in page.section_text["answer"]


def test_unknown_language_is_refused() -> None:
    result, analysis = documents(EXAMPLES / "01-example-from-brief.request.json")
    assert analysis is not None
    with pytest.raises(ValueError, match="language"):
        html_page(result, analysis, "de")


def test_internal_error_page_names_the_bug_only() -> None:
    from quotecalc.engine.render import render_internal_error

    result = render_internal_error()
    analysis = data.unranked("internal_error", data.reasons_of(result))
    text = html_page(result, analysis, "en")
    page = Page(text)
    assert page.sections == ["answer", "limitations"]
    assert page.codes == []  # its words alone (issue 40, item 7)
    assert "quotecalc hit a bug" in page.section_text["limitations"]
    assert "<svg" not in text


def test_swatches_in_the_tables_match_the_map() -> None:
    """Issue 21: beside each supplier whose region can win, the ranking and region tables
    show a swatch of that region's map colour (hatched rounds with a stripe class)."""
    import re

    raw = (ROOT / "examples" / "multi-supplier.request.json").read_bytes()
    from quotecalc import analyze

    text = html_page(calculate(raw).output, analyze(raw).output, "en")
    legend = dict(
        re.findall(
            r'<rect x="40" y="[0-9]+" width="14" height="14" fill="([^"]+)"[^>]*/>'
            r"<title>([^<]+)</title>",
            text,
        )
    )
    swatches = re.findall(
        r'<span class="swatch map" style="background-color:(#[0-9A-F]{6})" aria-hidden="true">'
        r'</span><bdi class="id">([^<]+)</bdi>',
        text,
    )
    assert len(swatches) >= 2 * 4  # four regions can win: the ranking and the regions table
    for colour, supplier_id in swatches:
        assert {v: k for k, v in legend.items()}[supplier_id] == colour
