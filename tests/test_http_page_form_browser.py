"""The buyer's form driven in headless Chromium against a real server (issue 35).

``python -m quotecalc.http`` on a free loopback port (the fixture of
``test_http_page_browser.py``); the Debian chromium, at 390 and 1280 px, in English and
Chinese:

- a sheet with a bad cell and a quantity that is not a number: one page lists both errors,
  and every field typed (text, the encoding chosen, an exchange-rate row) is still filled in
  the form below it; "change the inputs" on a report gives the filled form back;
- a USD + CNY sheet with an exchange-rate row on the form: the converted comparison ranks;
- a Chinese Excel's GBK CSV, no encoding chosen: read, and the page says how.

Each page: no sideways scroll, no axe-core violation. Skipped cleanly without chromium,
Playwright, axe-core (the axe checks only) or the http extra.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_support import AXE, axe_violations, horizontal_overflow, needs_browser
from http_support import HAS_HTTP
from intake_helpers import write_csv
from test_http_page import FORM, HEADERS_ZH, ROWS, sheet
from test_http_page_browser import browser, server
from test_http_page_form import RATES, USD_FORM, USD_HEADERS, USD_ROWS
from test_http_page_people import gbk_sheet

pytestmark = [needs_browser, pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")]
__all__ = ["browser", "server"]  # the fixtures, shared with the analyst page's browser tests

# Each flow in both languages and at both widths, paired to keep the run short; Chinese at
# 390 px, the narrowest layout, for the form kept after an error.
CASES = [("en", 390), ("zh", 1280)]
KEPT_CASES = [*CASES, ("zh", 390)]
TYPED = {**FORM, "quantity": "12千", "max_lead_days": "20", **RATES}


def clean(page: Any) -> None:
    """No sideways scroll; no axe-core violation (when axe-core is installed)."""
    assert horizontal_overflow(page) == []
    if AXE.is_file():
        assert axe_violations(page) == []


def fill(page: Any, values: dict[str, str]) -> None:
    for name, value in values.items():
        page.fill(f'input[name="{name}"]', value)


def send(page: Any) -> None:
    with page.expect_navigation():
        page.click('form[action="/quotecalc/report"] button[type="submit"]')


@pytest.mark.parametrize(("lang", "width"), KEPT_CASES)
def test_the_form_keeps_everything_typed_after_an_error(
    browser: Any, server: str, tmp_path: Path, lang: str, width: int
) -> None:
    rows = [list(row) for row in ROWS]
    rows[2][8] = "十四"  # I4: not a number
    path = sheet(tmp_path, "csv", rows)
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(f"{server}/?lang={lang}")
        page.set_input_files('input[name="sheet_file"]', str(path))
        fill(page, TYPED)
        page.select_option('select[name="encoding"]', "utf-8")
        page.select_option('select[name="lang"]', lang)
        send(page)
        cells = page.locator("tbody tr").all_inner_texts()
        assert len(cells) == 2  # the sheet's error and the quantity's, in one round
        assert cells[0].startswith("I4") and cells[1].startswith(
            {"en": "quantity", "zh": "数量"}[lang]
        )
        for name, value in TYPED.items():
            assert page.input_value(f'input[name="{name}"]') == value, name
        assert page.input_value('select[name="encoding"]') == "utf-8"
        assert page.input_value('select[name="lang"]') == lang
        assert page.is_visible("#kept")
        clean(page)
    finally:
        page.close()


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("zh", 390)])
def test_change_the_inputs_gives_the_filled_form_back(
    browser: Any, server: str, tmp_path: Path, lang: str, width: int
) -> None:
    path = sheet(tmp_path, "csv")
    typed = {**FORM, "max_lead_days": "30"}
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(f"{server}/?lang={lang}")
        page.set_input_files('input[name="sheet_file"]', str(path))
        fill(page, typed)
        page.select_option('select[name="lang"]', lang)
        send(page)
        assert "排名第一" in page.inner_text("h1") or "ranks first" in page.inner_text("h1")
        clean(page)
        new = page.get_attribute("nav.again a", "href")
        assert new == f"/?lang={lang}"
        with page.expect_navigation():
            page.click("nav.again button")
        for name, value in typed.items():
            assert page.input_value(f'input[name="{name}"]') == value, name
        assert page.is_visible("#kept")  # the file must be chosen again, and it says so
        clean(page)
        page.goto(server + new)
        assert page.input_value('input[name="quantity"]') == ""
    finally:
        page.close()


@pytest.mark.parametrize(("lang", "width"), CASES)
def test_exchange_rates_on_the_form_give_the_converted_comparison(
    browser: Any, server: str, tmp_path: Path, lang: str, width: int
) -> None:
    path = write_csv(tmp_path / "usd.csv", [USD_HEADERS, *USD_ROWS])
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(f"{server}/?lang={lang}")
        page.set_input_files('input[name="sheet_file"]', str(path))
        fill(page, {**USD_FORM, **RATES})
        page.select_option('select[name="lang"]', lang)
        send(page)
        # by hand: 乙 lands at (2 x 26 + 45) x 7.1 = 688.70 CNY, 甲 at 2 x 185 + 320 = 690
        assert page.inner_text("h1").startswith({"en": "M8: 乙", "zh": "M8：乙"}[lang])
        assert "688.70 CNY" in page.inner_text("main")
        clean(page)
    finally:
        page.close()


@pytest.mark.parametrize("width", [390])
def test_a_gbk_csv_is_read_without_choosing(
    browser: Any, server: str, tmp_path: Path, width: int
) -> None:
    path = gbk_sheet(tmp_path)
    assert HEADERS_ZH[0].encode("gbk") in path.read_bytes()
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(f"{server}/?lang=zh")
        assert page.input_value('select[name="encoding"]') == ""  # detect
        page.set_input_files('input[name="sheet_file"]', str(path))
        fill(page, FORM)
        page.select_option('select[name="lang"]', "zh")
        send(page)
        assert "排名第一" in page.inner_text("h1")
        assert "已按 GB18030（GBK）读取" in page.inner_text("#intake-notes")
        clean(page)
    finally:
        page.close()
