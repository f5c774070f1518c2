"""The analyst's page driven in headless Chromium against a real server (issue 21).

``python -m quotecalc.http`` on a free loopback port; the Debian chromium (through
Playwright's Python package) opens ``/?lang=zh``, uploads a CSV and an XLSX with Chinese
headers, fills in the root fields and submits the form: the report's headline names the
supplier the calculator ranks first for that request (found here through the intake's own
command line and ``quotecalc.calculate``). A sheet with a bad cell shows that cell and the
intake's message. The form itself: no horizontal overflow at 390 px, no axe-core violation.
Skipped cleanly without chromium, Playwright or the http extra.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import json
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

from browser_support import (
    axe_violations,
    error_codes,
    horizontal_overflow,
    launch,
    needs_axe,
    needs_browser,
)
from conftest import ROOT
from http_support import HAS_HTTP
from quotecalc import calculate
from test_http_page import CLI_OPTIONS, FORM, ROWS, intake_cli, sheet

pytestmark = [needs_browser, pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")]


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


def submit(browser: Any, url: str, path: Path) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url + "/?lang=zh")
    page.set_input_files('input[name="sheet_file"]', str(path))
    for name, value in FORM.items():
        page.fill(f'input[name="{name}"]', value)
    page.select_option('select[name="lang"]', "zh")
    with page.expect_navigation():
        page.click('button[type="submit"]')
    return page


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_upload_shows_the_winner_in_the_headline(
    browser: Any, server: str, tmp_path: Path, kind: str
) -> None:
    path = sheet(tmp_path, kind)
    request = intake_cli(path, *CLI_OPTIONS).stdout
    ranking = calculate(request).output["ranking"]
    winner = ranking[0]["supplierId"]
    page = submit(browser, server, path)
    try:
        headline = page.inner_text("h1")
        assert headline == f"M8 螺栓：{winner} 排名第一"
        assert f"{winner} 排名第一" in page.title()
        answer = page.inner_text("#answer")
        assert answer.startswith("采购：M8 螺栓，数量 12000 件，币种 CNY。")
    finally:
        page.close()


def test_an_intake_error_shows_the_cell_and_the_message(
    browser: Any, server: str, tmp_path: Path
) -> None:
    rows = [list(row) for row in ROWS]
    rows[2][8] = "十四"  # I4, 交期天数: not a number
    path = sheet(tmp_path, "csv", rows)
    # the page is in Chinese, so the intake speaks Chinese: its --lang zh messages
    expected = intake_cli(path, *CLI_OPTIONS, "--lang", "zh")
    assert expected.returncode == 2
    page = submit(browser, server, path)
    try:
        cells = page.locator("tbody tr").all_inner_texts()
        assert len(cells) == 1
        cell, message, _hint = cells[0].split("\t")
        assert cell == "I4"
        error = json.loads(expected.stdout)["errors"][0]
        assert error_codes(page) == [error["code"]]
        # the page names the column by the buyer's header (issue 40), then the CLI's message
        assert message == f"I 列「交期天数」第 4 行：{error['message']}"
        assert "十四" not in page.content()  # the cell's content is not echoed
    finally:
        page.close()


def test_the_form_fits_a_phone_and_passes_axe(browser: Any, server: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 800})
    try:
        page.goto(server + "/?lang=zh")
        assert horizontal_overflow(page) == []
    finally:
        page.close()


@needs_axe
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_form_has_no_axe_violation(browser: Any, server: str, lang: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{server}/?lang={lang}")
        assert axe_violations(page) == []
    finally:
        page.close()
