"""A Chinese buyer's sheet with natural headers, sent from the form in headless Chromium
against a real server (issue 40; ``python -m quotecalc.http`` on a free loopback port, the
fixture of ``test_http_page_browser.py``), at 390 and 1280 px, in English and Chinese:

- every error of the sheet on one page, each naming the buyer's column and saying what to do,
  above the form as it was filled;
- ticking "Read ¥ and 1,234.5 as written" and sending again leaves only the errors the option
  cannot read, and the box stays ticked.

Each page: no sideways scroll, no axe-core violation. Skipped cleanly without chromium,
Playwright, axe-core (the axe checks only) or the http extra.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_support import error_codes, needs_browser
from http_support import HAS_HTTP
from test_http_page import FORM
from test_http_page_browser import browser, server
from test_http_page_form_browser import clean, fill, send
from test_http_page_intake_errors import BAD, EXPECTED, WHERE, gbk

pytestmark = [needs_browser, pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")]
__all__ = ["browser", "server"]


@pytest.mark.parametrize(("lang", "width"), [("en", 390), ("en", 1280), ("zh", 1280), ("zh", 390)])
def test_every_error_at_once_then_read_as_written(
    browser: Any, server: str, tmp_path: Path, lang: str, width: int
) -> None:
    path = gbk(tmp_path, BAD)
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(f"{server}/?lang={lang}")
        page.set_input_files('input[name="sheet_file"]', str(path))
        fill(page, FORM)
        page.select_option('select[name="lang"]', lang)
        send(page)
        rows = [row.split("\t") for row in page.locator("tbody tr").all_inner_texts()]
        assert list(zip([row[0] for row in rows], error_codes(page), strict=True)) == EXPECTED
        for row, where in zip(rows, WHERE[lang], strict=True):
            assert row[1].startswith(where.strip()) and row[2]
        assert page.locator('input[name="quantity"]').input_value() == FORM["quantity"]
        clean(page)
        page.set_input_files('input[name="sheet_file"]', str(path))  # a browser keeps no file
        page.check('input[name="read_as_written"]')
        send(page)
        rows = [row.split("\t") for row in page.locator("tbody tr").all_inner_texts()]
        assert list(zip([row[0] for row in rows], error_codes(page), strict=True)) == [
            key for key in EXPECTED if key[0] not in ("D2", "F2")
        ]
        assert page.locator('input[name="read_as_written"]').is_checked()
        clean(page)
    finally:
        page.close()
