"""Screenshots of the analyst's page: ``python -B scripts/page_screenshots.py`` (issue 29).

Starts ``python -m quotecalc.http`` on a free loopback port, drives the Debian ``chromium``
through Playwright, and writes to ``docs/pictures/``:

- ``page-gbk-csv.<390|1280>.png``: the Chinese form with a CSV saved by a Chinese Excel as
  "CSV (逗号分隔)" (GBK) uploaded, "CSV 编码" left at "detect" (issue 35), and the answer
  page, which says the file was read as GB18030;
- ``page-kept-after-error.<en|zh>.<390|1280>.png``: a sheet with a bad cell sent with a
  quantity that is not a number: both errors on one page, the form below still filled in
  (issue 35);
- ``page-conversion-form.<en|zh>.<390|1280>.png``: the form's exchange-rate rows filled for
  a USD + CNY sheet, and ``page-conversion-report...`` the converted comparison it answers
  (issue 35);
- ``page-hundred-suppliers.<390|1280>.png``: the answer page of the 100-quote stress case
  (``tests/data/picture_cases/hundred-quotes.request.json``) pasted into the form.

Each is the whole page with the disclosures closed, as a buyer first sees it. The pictures
are documentation, not golden files: fonts and Chromium versions change their pixels.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "pictures"
HEADERS = "供应商,规格,币种,每包数量,最小起订包数,包价,运费,其他费用,交期天数,质量分,质量定义"
ROWS = (
    "宁波紧固件,M8 螺栓,CNY,500,0,185.00,320.00,0,18,4.2,审核评分 1-5",
    "苏州精密,M8 螺栓,CNY,250,0,98.75,480.00,60.00,9,4.6,审核评分 1-5",
    "天津螺栓,M8 螺栓,CNY,1000,0,338.00,260.00,45.50,14,3.6,审核评分 1-5",
)
FORM = {
    "quantity": "12000",
    "currency": "CNY",
    "specification": "M8 螺栓",
    "weight_cost": "0.5",
    "weight_delivery": "0.3",
    "weight_quality": "0.2",
    "scale_definition": "审核评分 1-5",
    "scale_minimum": "1",
    "scale_maximum": "5",
}
WIDTHS = (390, 1280)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise
            time.sleep(0.1)


def submit(page: Any) -> None:
    with page.expect_navigation():
        page.click('button[type="submit"]')


BAD_ROWS = (
    "宁波紧固件,M8 螺栓,CNY,500,0,185.00,320.00,0,18,4.2,审核评分 1-5",
    "苏州精密,M8 螺栓,CNY,250,0,98.75,480.00,60.00,十四,4.6,审核评分 1-5",
)
USD_HEADERS = "供应商,规格,币种,每包数量,最小起订包数,包价,运费,其他费用,交期天数"
USD_ROWS = ("甲,M8,CNY,500,0,185,320,0,18", "乙,M8,USD,500,0,26,45,0,9")
RATES = {
    "rate_from_1": "USD",
    "rate_to_1": "CNY",
    "rate_1": "7.1",
    "rate_date_1": "2026-11-30",
    "rate_source_1": "bank quote",
}


def kept_and_converted(browser: Any, url: str, folder: Path) -> None:
    """The form kept after an error, and the exchange-rate rows with their answer."""
    bad = folder / "bad.csv"
    bad.write_text("\n".join((HEADERS, *BAD_ROWS)) + "\n", encoding="utf-8")
    usd = folder / "usd.csv"
    usd.write_text("\n".join((USD_HEADERS, *USD_ROWS)) + "\n", encoding="utf-8")
    for lang in ("en", "zh"):
        for width in WIDTHS:
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.goto(f"{url}/?lang={lang}")
            page.set_input_files('input[name="sheet_file"]', str(bad))
            for name, value in {**FORM, "quantity": "12千", **RATES}.items():
                page.fill(f'input[name="{name}"]', value)
            page.select_option('select[name="lang"]', lang)
            submit(page)
            name = f"page-kept-after-error.{lang}.{width}.png"
            page.screenshot(path=str(OUT / name), full_page=True)
            page.goto(f"{url}/?lang={lang}")
            page.set_input_files('input[name="sheet_file"]', str(usd))
            typed = {"quantity": "1000", "currency": "CNY", "specification": "M8"}
            for name, value in {**typed, "weight_cost": "1", **RATES}.items():
                page.fill(f'input[name="{name}"]', value)
            page.select_option('select[name="lang"]', lang)
            name = f"page-conversion-form.{lang}.{width}.png"
            page.screenshot(path=str(OUT / name), full_page=True)
            submit(page)
            name = f"page-conversion-report.{lang}.{width}.png"
            page.screenshot(path=str(OUT / name), full_page=True)
            page.close()


def shoot(browser: Any, url: str, sheet: Path) -> None:
    hundred = ROOT / "tests" / "data" / "picture_cases" / "hundred-quotes.request.json"
    kept_and_converted(browser, url, sheet.parent)
    for width in WIDTHS:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.set_default_timeout(180_000)  # the 100-quote paste is slow on a busy machine
        page.goto(url + "/?lang=zh")
        page.set_input_files('input[name="sheet_file"]', str(sheet))
        for name, value in FORM.items():
            page.fill(f'input[name="{name}"]', value)
        page.select_option('select[name="lang"]', "zh")
        submit(page)
        page.screenshot(path=str(OUT / f"page-gbk-csv.{width}.png"), full_page=True)
        page.goto(url + "/?lang=en")
        page.fill('textarea[name="request"]', hundred.read_text(encoding="utf-8"))
        submit(page)
        page.screenshot(path=str(OUT / f"page-hundred-suppliers.{width}.png"), full_page=True)
        page.close()


def main() -> int:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        sys.stderr.write("needs the Debian chromium package\n")
        return 2
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
        wait(url, process)
        with tempfile.TemporaryDirectory() as folder:
            sheet = Path(folder) / "报价.csv"
            sheet.write_bytes(("\r\n".join((HEADERS, *ROWS)) + "\r\n").encode("gbk"))
            with sync_playwright() as driver:
                browser = driver.chromium.launch(
                    executable_path=chromium, args=["--headless", "--no-sandbox"]
                )
                try:
                    shoot(browser, url, sheet)
                finally:
                    browser.close()
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)
    for path in sorted(OUT.glob("page-*.png")):
        sys.stdout.write(f"written: {path.relative_to(ROOT)}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
