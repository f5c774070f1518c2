"""The event, plan and conversion pages in headless Chromium at 390 and 1280 CSS px (issue 35):
no sideways scroll outside a table's own scroll region, axe-core clean, the answer first.

Each page is what ``--event|--plan|--convert --format html --lang en|zh`` prints for the
examples (self-contained: no script, nothing fetched), loaded with ``set_content``. Skipped
cleanly without chromium, Playwright or axe-core (``npm ci --prefix tests/node``).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import axe_violations, horizontal_overflow, launch, needs_axe, needs_browser
from conftest import ROOT, run_cli

pytestmark = needs_browser

PAGES = {
    "event": ("--event", "event.request.json"),
    "plan": ("--plan", "plan.request.json"),
    "convert": ("--convert", "convert.request.json"),
}
_CACHE: dict[tuple[str, str], str] = {}


def page_html(kind: str, lang: str) -> str:
    if (kind, lang) not in _CACHE:
        flag, example = PAGES[kind]
        raw = (ROOT / "examples" / example).read_bytes()
        cli = run_cli(raw, "--input-json", "-", flag, "--format", "html", "--lang", lang)
        _CACHE[kind, lang] = cli.stdout.decode("utf-8")
    return _CACHE[kind, lang]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@needs_axe
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", sorted(PAGES))
def test_each_report_page_fits_390_and_1280_and_is_axe_clean(
    browser: Any, kind: str, lang: str
) -> None:
    html = page_html(kind, lang)
    for width in (390, 1280):
        page = browser.new_page(viewport={"width": width, "height": 900})
        try:
            page.set_content(html)
            assert horizontal_overflow(page) == [], (kind, lang, width)
            # The answer is the first thing after the title: nothing (no version, no status)
            # between the heading and the answer.
            first = page.evaluate("() => document.querySelector('main h1').nextElementSibling.id")
            assert first == "answer", (kind, lang, width)
            if width == 390:
                assert axe_violations(page) == [], (kind, lang)
        finally:
            page.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_event_page_names_the_best_single_supplier_and_the_lead_days(
    browser: Any, lang: str
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 900})
    try:
        page.set_content(page_html("event", lang))
        answer = page.inner_text("#answer")
        # By hand from examples/event.request.json: A alone costs 1,450.00; A 14 days, W 7.
        if lang == "en":
            assert "the best single supplier, A alone, which costs 1,450.00 CNY" in answer
            assert "Arrives in 14 days, when its slowest supplier does (A)." in answer
        else:
            assert "最佳单一供应商（仅 A）的 1,450.00 CNY 节省 275.00 CNY（19.0%）" in answer
            assert "14 天后到齐，即最慢的供应商（A）到货之时。" in answer
        text = page.inner_text("main")
        assert "event_supplier_excluded |" not in text and "quotecalc 0.1.0" not in text
    finally:
        page.close()
