"""The page at 390 and 1280 px, in English and Chinese, in headless Chromium against a real
server (issue 40, items 5 and 6; the fixture of ``test_http_page_browser.py``):

- every input, select, textarea, button, checkbox and link of the form is at least 44 px
  tall; no label breaks inside a bracket pair; an exchange-rate row's source field shows its
  example text whole;
- a good sheet with a wrong field and an event-only field: the error page lists both at the
  top, each link leads to its control, each control is marked (``aria-invalid``, its error's
  words named by ``aria-describedby`` and shown); fixed and sent again, the report;
- the report's wide tables: where one scrolls sideways, its first column stays in view and
  the hint says that it scrolls; at 1280 px the quotes table's key columns are whole.

Each page: no sideways scroll of the page, no axe-core violation, and on a Chinese page no
code word. Skipped cleanly without chromium, Playwright, axe-core (the axe checks) or the http
extra.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from browser_support import needs_browser
from http_support import HAS_HTTP
from test_http_page import FORM, sheet
from test_http_page_browser import browser, server
from test_http_page_form_browser import clean, fill, send

pytestmark = [needs_browser, pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")]
__all__ = ["browser", "server"]

CASES = [("en", 390), ("zh", 390), ("en", 1280), ("zh", 1280)]
CODE_WORD = re.compile(r"[a-z]+_[a-z_]+")
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main input:not([type=hidden]), main select, main textarea, main button, main a')]
  .filter(e => e.getClientRects().length)
  .map(e => [e.name || e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
  .filter(([, h]) => h < 44)"""
BROKEN_BRACKETS = """() => [...document.querySelectorAll('.nb')]
  .filter(e => e.getClientRects().length > 1).map(e => e.textContent)"""


def no_code_words(page: Any, lang: str) -> None:
    if lang == "zh":
        assert CODE_WORD.findall(page.inner_text("body")) == []


@pytest.mark.parametrize(("lang", "width"), CASES)
def test_the_form_has_44_px_targets_and_whole_brackets(
    browser: Any, server: str, lang: str, width: int
) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(f"{server}/?lang={lang}")
        assert page.evaluate(SMALL_TARGETS) == []
        assert page.evaluate(BROKEN_BRACKETS) == []
        assert page.locator(".nb").count() > 10  # the labels' brackets are there to keep
        example = {"en": "bank quote", "zh": "中国银行现汇卖出价"}[lang]
        page.fill('input[name="rate_source_1"]', example)
        shown = page.eval_on_selector(
            'input[name="rate_source_1"]', "e => e.scrollWidth <= e.clientWidth"
        )
        assert shown, "the source field cuts its text"
        box = page.eval_on_selector('input[name="event"]', "e => e.getBoundingClientRect()")
        assert box["height"] >= 44 and box["width"] >= 44
        no_code_words(page, lang)
        clean(page)
    finally:
        page.close()


@pytest.mark.parametrize(("lang", "width"), CASES)
def test_one_error_flow_marks_and_links_each_field(
    browser: Any, server: str, tmp_path: Path, lang: str, width: int
) -> None:
    path = sheet(tmp_path, "csv")
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(f"{server}/?lang={lang}")
        page.set_input_files('input[name="sheet_file"]', str(path))
        fill(page, {**FORM, "quantity": "-5", "max_suppliers": "2"})
        page.select_option('select[name="lang"]', lang)
        send(page)
        assert page.inner_text("h1") == {"en": "The form has errors", "zh": "表单有错误"}[lang]
        links = page.locator("tbody a").evaluate_all("a => a.map(e => e.getAttribute('href'))")
        # by hand: the intake refuses the event's field, then the calculator the quantity
        assert links == ["#field-max_suppliers", "#field-quantity"]
        for link in links:
            control = page.locator(link)
            assert control.get_attribute("aria-invalid") == "true"
            described = (control.get_attribute("aria-describedby") or "").split()
            said = page.inner_text(f"#{described[-1]}")
            assert said and page.is_visible(f"#{described[-1]}")
            page.click(f'tbody a[href="{link}"]')
            assert page.evaluate("location.hash") == link
            assert control.is_visible() and control.bounding_box()["y"] < 900
        # the list fits whole: its "what to do" is never cut
        assert page.eval_on_selector(".wide", "w => w.scrollWidth <= w.clientWidth")
        tick = {"en": "Tick “The workbook is a sourcing event”", "zh": "请勾选“该工作簿是寻源项目”"}
        assert tick[lang] in page.inner_text("tbody")
        assert "openapi" not in page.content()
        assert page.evaluate(SMALL_TARGETS) == []
        no_code_words(page, lang)
        clean(page)
        # mended and sent again (a browser keeps no file): the report
        page.fill('input[name="quantity"]', "12000")
        page.fill('input[name="max_suppliers"]', "")
        page.set_input_files('input[name="sheet_file"]', str(path))
        send(page)
        assert page.locator("#answer").count() == 1
    finally:
        page.close()


@pytest.mark.parametrize(("lang", "width"), CASES)
def test_a_wide_table_keeps_its_first_column_and_says_it_scrolls(
    browser: Any, server: str, tmp_path: Path, lang: str, width: int
) -> None:
    path = sheet(tmp_path, "csv")
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(f"{server}/?lang={lang}")
        page.set_input_files('input[name="sheet_file"]', str(path))
        fill(page, FORM)
        page.select_option('select[name="lang"]', lang)
        send(page)
        hint = {"en": "The table scrolls sideways", "zh": "表格可左右滑动"}[lang]
        tables = page.eval_on_selector_all(
            ".wide",
            """(boxes) => boxes.map(w => ({
              scrolls: w.scrollWidth > w.clientWidth,
              hint: getComputedStyle(w, '::before').content,
              sticky: getComputedStyle(w.querySelector('th')).position}))""",
        )
        assert tables
        for table in tables:
            assert table["sticky"] == "sticky"
            if table["scrolls"]:  # the key columns are out of view: it says so
                assert hint in table["hint"]
        quotes = page.locator("#quotes .wide")
        key = {
            "en": ["Landed total", "Cost per delivered unit"],
            "zh": ["到岸总价", "每到货单位成本"],
        }
        if width == 1280:
            assert quotes.evaluate("w => w.scrollWidth <= w.clientWidth")
        else:
            assert any(t["scrolls"] for t in tables)
        frame = quotes.bounding_box()
        for header in key[lang]:
            # scrolled to it, each key column is whole, beside the supplier's kept in view
            quotes.evaluate(
                """(w, name) => { const th = [...w.querySelectorAll('th')]
                  .find(t => t.textContent === name);
                  w.scrollLeft = th.offsetLeft - w.querySelector('th').offsetWidth }""",
                header,
            )
            box = page.locator("#quotes th", has_text=header).first.bounding_box()
            first = page.locator("#quotes tbody td").first.bounding_box()
            assert abs(first["x"] - frame["x"]) < 2
            assert first["x"] + first["width"] <= box["x"] + 1
            assert box["x"] + box["width"] <= frame["x"] + frame["width"] + 1
        # The report's own code words are its markup's (issue 40 item 7, not this page's).
        clean(page)
    finally:
        page.close()
