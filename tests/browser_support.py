"""Headless Chromium for the browser tests (issue 21): the Debian ``chromium`` driven by
Playwright's Python package, never a downloaded browser; axe-core from npm
(``npm ci --prefix tests/node``). Each missing piece skips the tests that need it, cleanly.
"""

from __future__ import annotations

import importlib.util
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT

CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
)
AXE = ROOT / "tests" / "node" / "node_modules" / "axe-core" / "axe.min.js"
HAVE_PLAYWRIGHT = importlib.util.find_spec("playwright") is not None
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

needs_browser = pytest.mark.skipif(
    CHROMIUM is None or not HAVE_PLAYWRIGHT,
    reason="needs the Debian chromium package and the playwright Python package",
)
needs_axe = pytest.mark.skipif(
    not AXE.is_file(), reason="axe-core is not installed (npm ci --prefix tests/node)"
)


def launch() -> Iterator[Any]:
    """One browser for a test module, closed (and its processes reaped) at the end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=60_000)
        try:
            yield browser
        finally:
            browser.close()


def overlapping_text(page: Any) -> dict[str, Any]:
    """In the loaded page's first SVG: every pair of ``<text>`` whose boxes overlap (more
    than half a pixel each way) and every text not wholly inside the SVG."""
    return page.evaluate(
        """() => {
        const svg = document.querySelector('svg');
        const frame = svg.getBoundingClientRect();
        const boxes = [...svg.querySelectorAll('text')].map(t => {
            const r = t.getBoundingClientRect();
            return {text: t.textContent, left: r.left, top: r.top, right: r.right,
                    bottom: r.bottom};
        }).filter(b => b.right > b.left && b.bottom > b.top);
        const pairs = [];
        for (let i = 0; i < boxes.length; i++) {
            for (let j = i + 1; j < boxes.length; j++) {
                const a = boxes[i], b = boxes[j];
                if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
                    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5) {
                    pairs.push([a.text, b.text]);
                }
            }
        }
        const outside = boxes.filter(b => b.left < frame.left - 0.5 ||
            b.top < frame.top - 0.5 || b.right > frame.right + 0.5 ||
            b.bottom > frame.bottom + 0.5).map(b => b.text);
        return {count: boxes.length, pairs: pairs, outside: outside};
    }"""
    )


def horizontal_overflow(page: Any) -> list[str]:
    """Elements reaching past the viewport's right edge outside a scroll region
    (``.wide``), and whether the document itself scrolls sideways."""
    return page.evaluate(
        """() => {
        const width = document.documentElement.clientWidth;
        const found = [];
        if (document.documentElement.scrollWidth > width) found.push('document');
        for (const e of document.body.querySelectorAll('*')) {
            if (e.closest('.wide')) continue;
            const r = e.getBoundingClientRect();
            if (r.width > 0 && r.right > width + 0.5) found.push(e.tagName + '.' + e.className);
        }
        return found;
    }"""
    )


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the loaded page (every rule axe runs by default)."""
    # Evaluated through the driver, not added as a <script>: a page's Content-Security-Policy
    # (the analyst page allows no script) does not apply to it.
    page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate(
        """async () => {
        const result = await axe.run(document);
        return result.violations.map(v => ({id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }"""
    )


def error_codes(page: Any) -> list[str]:
    """The codes of an error page's rows, in order (issue 40: each row's ``data-code``; no
    code is shown as a word)."""
    codes: list[str] = page.locator("tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.code)"
    )
    return codes
