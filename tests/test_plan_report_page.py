"""The analyst's page answering a pasted plan request (issue 25), in process through httpx's
ASGI transport and in headless Chromium against a real server.

The page's answer is the CLI's ``--plan --format html --lang <lang>`` for the same bytes
(one renderer, one document), with the plan's status; a plan request with an error names the
field; a calculation request is still answered with the report. In Chromium: the headline
first, nothing reaching past a 390 px screen outside a scroll region, no axe-core violation.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import axe_violations, horizontal_overflow, launch, needs_axe, needs_browser
from conftest import ROOT
from http_support import HAS_HTTP, without_download
from test_http_page import split_door

pytestmark = pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")

EXAMPLE = (ROOT / "examples" / "plan.request.json").read_bytes()
HEADLINE = {
    "en": "Buy 2 packs from NORTH and 16 from SOUTH: 475.00 CNY in all, the least total is proven;",
    "zh": "从 NORTH 购买 2 包、从 SOUTH 购买 16 包：合计 475.00 CNY，最低总价已证明；",
}


def cli_html(raw: bytes, lang: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [
            sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--plan",
            "--format", "html", "--lang", lang,
        ],
        input=raw,
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip


def post_form(fields: dict[str, str]) -> Any:
    """``POST /quotecalc/report`` with ``fields`` as multipart/form-data, in process."""
    import httpx

    from quotecalc.http.app import create_app

    async def send() -> Any:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            files = {name: (None, value) for name, value in fields.items()}
            return await client.post("/quotecalc/report", files=files)

    return asyncio.run(send())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_pasted_plan_request_is_answered_with_the_plan(lang: str) -> None:
    answered = post_form({"request": EXAMPLE.decode("utf-8"), "lang": lang})
    assert answered.status_code == 200
    assert answered.headers["content-type"] == "text/html; charset=utf-8"
    assert "script-src" not in answered.headers["content-security-policy"]
    cli = cli_html(EXAMPLE, lang)
    assert (
        cli.returncode == 0
        and split_door(without_download(answered.content, EXAMPLE.strip()).decode())
        == cli.stdout.decode()
    )
    text = answered.text
    # The answer first: the headline is the first paragraph after the title.
    body = text[text.index("<main>") :]
    first = body.index('<p class="winner">')
    assert body.index(HEADLINE[lang]) == first + len('<p class="winner">')
    assert "unknown_key" not in text


def test_a_plan_request_with_an_error_names_the_field() -> None:
    body = json.loads(EXAMPLE)
    body["quotes"][0]["priceBreaks"][0]["minimumQuantity"] = 0
    raw = json.dumps(body).encode()
    answered = post_form({"request": raw.decode(), "lang": "en"})
    assert answered.status_code == 422
    # Issue 29: the field in words, never its JSON path, on a page for people.
    assert "minimum quantity of item 1 of price breaks of quote 1 (NORTH)" in answered.text
    assert "/quotes/0/priceBreaks/0/minimumQuantity" not in answered.text
    assert "(whole input)" not in answered.text
    assert split_door(answered.text) == cli_html(raw, "en").stdout.decode()


def test_a_calculation_request_is_still_the_report() -> None:
    fixed = (ROOT / "examples" / "multi-supplier.request.json").read_text(encoding="utf-8")
    answered = post_form({"request": fixed, "lang": "en"})
    assert answered.status_code == 200
    assert "ranks first" in answered.text and "Buy " not in answered.text


# --- in Chromium, against the real server ----------------------------------------------------


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
                with urllib.request.urlopen(url + "/", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.2)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def answered_page(browser: Any, server: str, lang: str, width: int) -> Any:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{server}/?lang={lang}")
    page.fill("textarea[name=request]", EXAMPLE.decode("utf-8"))
    page.click("button[type=submit]")
    page.wait_for_selector("#answer")
    return page


@needs_browser
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_browser_shows_the_plan_answer_first(
    browser: Any, server: str, lang: str, width: int
) -> None:
    page = answered_page(browser, server, lang, width)
    try:
        first = page.locator("#answer p").first.inner_text()
        assert first.startswith(HEADLINE[lang])
        assert horizontal_overflow(page) == []
        # The headline is on the first screen.
        box = page.locator("#answer p").first.bounding_box()
        assert box is not None and box["y"] + box["height"] < 900
    finally:
        page.close()


@needs_browser
@needs_axe
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_answered_plan_has_no_axe_violation(browser: Any, server: str, lang: str) -> None:
    page = answered_page(browser, server, lang, 390)
    try:
        assert page.locator("#answer p").first.inner_text().startswith(HEADLINE[lang])
        assert axe_violations(page) == []
    finally:
        page.close()


def other_documents() -> dict[str, dict[str, Any]]:
    """An invalid request, a plan no capacity can cover, and the example not proven."""
    import copy

    import quotecalc

    body = json.loads(EXAMPLE)
    body["quotes"][0]["priceBreaks"][0]["minimumQuantity"] = 0
    invalid = quotecalc.plan(json.dumps(body).encode()).output
    body = json.loads(EXAMPLE)
    for entry in body["quotes"]:
        entry["capacityPacks"] = 1
    infeasible = quotecalc.plan(json.dumps(body).encode()).output
    unproven = copy.deepcopy(quotecalc.plan(EXAMPLE).output)
    unproven["status"] = "partial"
    unproven["plan"]["best"]["proven"] = False
    unproven["plan"]["best"]["lowerBound"] = "452.50"
    return {"invalid": invalid, "infeasible": infeasible, "unproven": unproven}


@needs_browser
@needs_axe
@pytest.mark.parametrize("case", ["invalid", "infeasible", "unproven"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_kind_of_plan_page_fits_a_phone_and_passes_axe(
    browser: Any, case: str, lang: str
) -> None:
    from quotecalc.output.plan_html import render_plan_html

    page = browser.new_page(viewport={"width": 390, "height": 900})
    try:
        page.set_content(render_plan_html(other_documents()[case], lang))
        assert horizontal_overflow(page) == []
        assert axe_violations(page) == []
    finally:
        page.close()
