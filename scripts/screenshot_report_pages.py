"""Screenshots of the report pages (issue 35): ``python -B scripts/screenshot_report_pages.py``.

Renders the event award, the purchase plan and the converted comparison of the examples
(``examples/event.request.json``, ``examples/plan.request.json``,
``examples/convert.request.json``) as the command line does (``--event|--plan|--convert
--format html --lang <lang>``), opens each in the Debian ``chromium`` (through Playwright's
Python package) and writes the whole page to
``docs/pictures/report-<event|plan|convert>.<lang>.<390|1280>.png``. The pages are
self-contained (no script, nothing fetched), so no server is needed. Needs the ``browser``
extra and ``apt-get install chromium fonts-noto-cjk``. The pictures are documentation, not
golden files: fonts and Chromium versions change their pixels.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "pictures"
WIDTHS = (390, 1280)
LANGS = ("en", "zh")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
PAGES = {
    "event": ("--event", "event.request.json"),
    "plan": ("--plan", "plan.request.json"),
    "convert": ("--convert", "convert.request.json"),
}


def render(kind: str, lang: str) -> str:
    """The page ``--<kind> --format html --lang <lang>`` prints for the example."""
    flag, example = PAGES[kind]
    done = subprocess.run(
        [sys.executable, "-B", str(ROOT / "scripts" / "calculate.py"), "--input-json", "-",
         flag, "--format", "html", "--lang", lang],
        input=(ROOT / "examples" / example).read_bytes(),
        capture_output=True,
        check=False,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    return done.stdout.decode("utf-8")


def main() -> int:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        sys.stderr.write("chromium is not installed (apt-get install chromium)\n")
        return 2
    DOCS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium, args=ARGS)
        try:
            for kind in PAGES:
                for lang in LANGS:
                    html = render(kind, lang)
                    for width in WIDTHS:
                        page = browser.new_page(viewport={"width": width, "height": 900})
                        page.set_content(html)
                        target = DOCS / f"report-{kind}.{lang}.{width}.png"
                        page.screenshot(path=str(target), full_page=True)
                        page.close()
                        print(target.relative_to(ROOT))
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
