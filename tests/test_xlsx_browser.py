"""The page's download button and template links in headless Chromium (issue 35).

A real server (``python -m quotecalc.http`` on a free loopback port) and the Debian chromium
through Playwright: a request pasted into the form is answered with its report page, whose
download button (found by its words) saves a workbook equal to the CLI's ``--format xlsx``
bytes for that request; the button fits a 390 px screen; each template link of the form saves
a workbook the intake reads. Skipped cleanly without chromium, Playwright or the http extra.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import AXE, launch, needs_axe, needs_browser
from conftest import ROOT
from http_support import HAS_HTTP

pytestmark = [needs_browser, pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")]
openpyxl = pytest.importorskip("openpyxl")
pytest.importorskip("xlsxwriter")

EXAMPLES = ROOT / "examples"
BUTTON = {"en": "Download as an Excel workbook (.xlsx)", "zh": "下载 Excel 工作簿（.xlsx）"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-B", "-m", "quotecalc.http", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.1)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def report(browser: Any, url: str, raw: bytes, lang: str, width: int) -> Any:
    page = browser.new_page(viewport={"width": width, "height": 900}, accept_downloads=True)
    page.goto(f"{url}/?lang={lang}")
    page.fill('textarea[name="request"]', raw.decode("utf-8"))
    page.select_option('select[name="lang"]', lang)
    with page.expect_navigation():
        page.click('form[action="/quotecalc/report"]:not(.download) button[type="submit"]')
    return page


@pytest.mark.parametrize(
    "case",
    [("multi-supplier", "comparison", "zh"), ("event", "event", "en"), ("plan", "plan", "zh")],
    ids=lambda case: case[1],
)
def test_the_download_button_saves_the_clis_workbook(
    browser: Any, server: str, tmp_path: Path, case: tuple[str, str, str]
) -> None:
    from quotecalc.kinds import workbook

    name, kind, lang = case
    raw = (EXAMPLES / f"{name}.request.json").read_bytes()
    page = report(browser, server, raw, lang, 390)
    try:
        button = page.get_by_role("button", name=BUTTON[lang])
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        with page.expect_download() as caught:
            button.click()
        saved = tmp_path / "saved.xlsx"
        caught.value.save_as(saved)
        assert caught.value.suggested_filename == f"quotecalc-{kind}-{lang}.xlsx"
        assert saved.read_bytes() == workbook(kind, raw.strip(), lang).body
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_template_link_of_the_form_saves_a_template(
    browser: Any, server: str, tmp_path: Path, lang: str
) -> None:
    from quotecalc.intake import intake

    page = browser.new_page(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    try:
        page.goto(f"{server}/?lang={lang}")
        links = page.locator('a[href^="/quotecalc/page/template"]')
        assert links.count() == 4
        for index in range(4):
            with page.expect_download() as caught:
                links.nth(index).click()
            saved = tmp_path / f"template-{index}.xlsx"
            caught.value.save_as(saved)
            book = openpyxl.load_workbook(io.BytesIO(saved.read_bytes()))
            event = "event" in caught.value.suggested_filename
            if not event:
                book.worksheets[0].append(["A", "M8", "CNY", "100", "0", "35.00"])
                book.save(saved)
                read = intake(saved, quantity="1000", currency="CNY", specification="M8")
                assert read.request is not None
                assert read.request["quotes"][0]["supplierId"] == "A"
            else:
                assert len(book.sheetnames) >= 3  # Items, Offers, ... and the notes
    finally:
        page.close()


@needs_axe
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_download_form_has_no_axe_violation(browser: Any, server: str, lang: str) -> None:
    raw = (EXAMPLES / "multi-supplier.request.json").read_bytes()
    page = report(browser, server, raw, lang, 1280)
    try:
        page.evaluate(AXE.read_text(encoding="utf-8"))
        found = page.evaluate(
            """async () => {
            const result = await axe.run(document.querySelector('form.download'));
            return result.violations.map(v => v.id);
        }"""
        )
        assert found == []
    finally:
        page.close()
