"""Screenshots of the analyst's page answering a plan request (issue 25):
``python -B scripts/screenshot_plan_page.py``.

Starts the real HTTP service (``python -m quotecalc.http``) on a free loopback port, opens
``/?lang=<lang>`` in the Debian ``chromium`` (through Playwright's Python package), pastes
``examples/plan.request.json`` into the form, submits it and writes the whole answered page
to ``docs/pictures/plan-request.<lang>.<width>.png`` at 390 and 1280 CSS px. The server is
stopped at the end. Needs the ``http`` and ``browser`` extras and ``apt-get install chromium
fonts-noto-cjk``.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "pictures"
WIDTHS = (390, 1280)
LANGS = ("en", "zh")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_up(url: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def main() -> int:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        sys.stderr.write("chromium is not installed (apt-get install chromium)\n")
        return 2
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-B", "-m", "quotecalc.http", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    pasted = (ROOT / "examples" / "plan.request.json").read_text(encoding="utf-8")
    try:
        wait_until_up(url)
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium, args=ARGS)
            try:
                for lang in LANGS:
                    for width in WIDTHS:
                        page = browser.new_page(viewport={"width": width, "height": 900})
                        page.goto(f"{url}/?lang={lang}")
                        page.fill("textarea[name=request]", pasted)
                        page.click("button[type=submit]")
                        page.wait_for_selector("#answer")
                        path = DOCS / f"plan-request.{lang}.{width}.png"
                        page.screenshot(path=str(path), full_page=True)
                        page.close()
                        sys.stdout.write(f"written: {path.relative_to(ROOT)}\n")
            finally:
                browser.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
