"""The golden pictures and pages in headless Chromium (issue 21; docs/pictures.md).

For every golden SVG (the examples and the stress cases of tests/data/picture_cases): no two
text labels' boxes overlap and every label lies inside the SVG, measured by the browser's
own layout with the Noto CJK fonts. For the pages: no horizontal overflow at 390 px and
1280 px outside the scroll regions; axe-core reports no violation; the print PDF (A4, the
page's own ``@page`` margins) has no page less than a fifth used except the last, measured
on the pages rendered by poppler's ``pdftoppm``.

Skipped cleanly without the Debian ``chromium`` package and Playwright's Python package
(``browser`` extra); the axe-core test also without ``npm ci --prefix tests/node``, the PDF
test without ``pdftoppm`` (poppler-utils).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import (
    axe_violations,
    horizontal_overflow,
    launch,
    needs_axe,
    needs_browser,
    overlapping_text,
)
from conftest import ROOT

pytestmark = needs_browser

GOLDEN = ROOT / "tests" / "data" / "pictures"
DOCS = ROOT / "docs" / "pictures"
SVGS = sorted([*GOLDEN.glob("*.svg"), *DOCS.glob("*.svg")])
PAGES = sorted([*GOLDEN.glob("*.html"), *DOCS.glob("*.html")])
STRESS = (
    "long-cjk-names",
    "hundred-quotes",
    "two-dimensions",
    "dominant-supplier",
    "many-winners",  # issue 35: 100 quotes, most of them winning somewhere
)
# axe and print on the pages a reader sees most: the docs' examples and the stress cases.
READ_PAGES = [p for p in PAGES if p.parent == DOCS or p.name.split(".")[0] in STRESS]
PDFTOPPM = shutil.which("pdftoppm")
USED_AT_LEAST = 0.2


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture(scope="module")
def tab(browser: Any) -> Iterator[Any]:
    """One tab for the module: loading a document into it is cheaper than a new page."""
    page = browser.new_page(viewport={"width": 700, "height": 900})
    try:
        yield page
    finally:
        page.close()


def test_the_cases_are_all_there() -> None:
    names = {p.name.split(".")[0] for p in SVGS}
    assert set(STRESS) <= names
    assert len(SVGS) == len(PAGES) == 2 * len(names)


@pytest.mark.parametrize("svg", SVGS, ids=lambda p: p.name)
def test_labels_never_overlap_and_stay_inside(tab: Any, svg: Path) -> None:
    tab.set_viewport_size({"width": 700, "height": 900})
    # The SVG inline in an HTML document, as the page embeds it.
    tab.set_content(
        '<!DOCTYPE html><html><body style="margin:0">'
        + svg.read_text(encoding="utf-8")
        + "</body></html>"
    )
    found = overlapping_text(tab)
    assert found["count"] >= 3  # the title, the caption and the legend at least
    assert found["pairs"] == []
    assert found["outside"] == []


@pytest.mark.parametrize("html", PAGES, ids=lambda p: p.name)
def test_no_horizontal_overflow_outside_scroll_regions(tab: Any, html: Path) -> None:
    tab.goto(html.as_uri())
    for width in (390, 1280):
        tab.set_viewport_size({"width": width, "height": 800})
        assert (width, horizontal_overflow(tab)) == (width, [])


@needs_axe
@pytest.mark.parametrize("html", READ_PAGES, ids=lambda p: p.name)
def test_axe_core_finds_no_violation(tab: Any, html: Path) -> None:
    tab.set_viewport_size({"width": 1280, "height": 800})
    tab.goto(html.as_uri())
    assert axe_violations(tab) == []


def used_fractions(pdf: Path, folder: Path) -> list[float]:
    """Each PDF page rendered in grey at 24 dpi; the share of the page inside the bounding
    box of its non-white pixels."""
    assert PDFTOPPM is not None
    subprocess.run(
        [PDFTOPPM, "-r", "24", "-gray", str(pdf), str(folder / "page")],
        check=True,
        timeout=120,
        capture_output=True,
    )
    fractions = []
    for image in sorted(folder.glob("page*.pgm")):
        data = image.read_bytes()
        magic, size, depth, pixels = data.split(b"\n", 3)
        assert magic == b"P5" and depth == b"255"
        width, height = (int(v) for v in size.split())
        rows = [pixels[r * width : (r + 1) * width] for r in range(height)]
        inked = [r for r, row in enumerate(rows) if min(row) < 200]
        columns = [c for c in range(width) if any(row[c] < 200 for row in rows)]
        if not inked:
            fractions.append(0.0)
            continue
        box = (inked[-1] - inked[0] + 1) * (columns[-1] - columns[0] + 1)
        fractions.append(box / (width * height))
    return fractions


@pytest.mark.skipif(PDFTOPPM is None, reason="pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("html", READ_PAGES, ids=lambda p: p.name)
def test_print_leaves_no_near_empty_page(browser: Any, html: Path, tmp_path: Path) -> None:
    page = browser.new_page()
    try:
        page.goto(html.as_uri())
        page.emulate_media(media="print")
        pdf = tmp_path / "page.pdf"
        page.pdf(path=str(pdf), format="A4", prefer_css_page_size=True, print_background=True)
    finally:
        page.close()
    fractions = used_fractions(pdf, tmp_path)
    assert fractions, "no page printed"
    assert [f for f in fractions[:-1] if f < USED_AT_LEAST] == [], fractions
