"""The analyst's page answering a pasted sourcing event (issue 29: "and, when it exists, an
event request"), and a form without its multipart boundary refused, not a 500.

In process through httpx's ASGI transport: the page is the CLI's ``--event --format html`` for
the same bytes (one renderer, one document), with the event's status.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from typing import Any

import pytest

from conftest import ROOT
from http_support import HAS_HTTP, without_download
from test_http_page import split_door

pytestmark = pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")

EVENT = (ROOT / "examples" / "event.request.json").read_bytes()


def _post(fields: dict[str, str] | None = None, *, raw_form: bytes | None = None) -> Any:
    import httpx

    from quotecalc.http.app import create_app

    async def send() -> Any:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            if raw_form is not None:
                headers = {"content-type": "multipart/form-data"}
                return await client.post("/quotecalc/report", content=raw_form, headers=headers)
            files = {name: (None, value) for name, value in (fields or {}).items()}
            return await client.post("/quotecalc/report", files=files)

    return asyncio.run(send())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_pasted_event_is_answered_with_its_award(lang: str) -> None:
    answered = _post({"request": EVENT.decode("utf-8"), "lang": lang})
    assert answered.status_code == 200
    assert answered.headers["content-type"] == "text/html; charset=utf-8"
    cli = subprocess.run(
        [
            sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--event",
            "--format", "html", "--lang", lang,
        ],
        input=EVENT,
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    assert (
        cli.returncode == 0
        and split_door(without_download(answered.content, EVENT.strip()).decode())
        == cli.stdout.decode()
    )
    # The answer first, as the sentence has it: A the bolts and nuts, W the washers.
    assert ("Award A the bolts and nuts, W the washers" if lang == "en" else "授标") in (
        answered.text
    )
    assert "unknown_key" not in answered.text
    assert "exit code" not in answered.text and "退出码" not in answered.text


def test_an_invalid_pasted_event_is_422_with_the_event_page() -> None:
    answered = _post({"request": '{"schemaVersion": 1, "items": [], "suppliers": []}'})
    assert answered.status_code == 422
    assert answered.headers["content-type"] == "text/html; charset=utf-8"


def test_a_form_without_its_boundary_is_refused_not_a_500() -> None:
    # Found beside issue 28's intake: starlette cannot parse multipart without a boundary; the
    # report route answered 500. It is the page's own "not a form" error, as for the intake.
    answered = _post(raw_form=b"--x\r\n\r\n")
    assert answered.status_code == 415
    assert answered.json()["error"]["code"] == "unsupported_form_type"


@pytest.mark.parametrize(
    ("lang", "places"),
    [
        ("en", ["key `notes` in the request", "pack price of quote 1 (NINGBO)"]),
        ("zh", ["请求中的键 `notes`", "第 1 个报价（NINGBO）的包价"]),  # noqa: RUF001
    ],
)
def test_a_pasted_plan_request_with_errors_names_each_field_in_words(
    lang: str, places: list[str]
) -> None:
    # Issue 29: no JSON path on a page for people; maxSuppliers is a plan field, not unknown.
    body = (
        '{"schemaVersion":1,"quantity":100,"currency":"CNY","specification":"x",'
        '"maxSuppliers":2,"notes":"x","quotes":[{"supplierId":"NINGBO","specification":"x",'
        '"currency":"CNY","packSize":1,"minimumPacks":0,"packPrice":"-1","freight":"0",'
        '"otherFees":"0","leadDays":1}]}'
    )
    answered = _post({"request": body, "lang": lang})
    assert answered.status_code == 422
    for place in places:
        assert place in answered.text
    assert "/quotes/0/packPrice" not in answered.text
    assert "maxSuppliers`" not in answered.text


@pytest.mark.parametrize(
    ("lang", "places"),
    [
        (
            "en",
            [
                "key `notes` in the request",
                "`quantity` of item 1 (bolts)",
                "key `colour` in supplier 1 (A)",
                "`packPrice` of offer 1 (bolts) of supplier 1 (A)",
            ],
        ),
        (
            "zh",
            [
                "请求中的键 `notes`",
                "第 1 个物料（bolts）的`quantity`",  # noqa: RUF001
                "第 1 个供应商（A）中的键 `colour`",  # noqa: RUF001
                "第 1 个供应商（A）的第 1 个报价（bolts）的`packPrice`",  # noqa: RUF001
            ],
        ),
    ],
)
def test_a_pasted_event_with_errors_names_each_place_in_words(lang: str, places: list[str]) -> None:
    # Issue 29: every error names the key and the field, no JSON path, on a page for people;
    # the page and --event --format html say the same.
    raw = (ROOT / "tests" / "data" / "event_errors.request.json").read_bytes()
    answered = _post({"request": raw.decode("utf-8"), "lang": lang})
    assert answered.status_code == 422
    for place in places:
        assert place in answered.text
    assert "/suppliers/0/offers/0/packPrice" not in answered.text
    cli = subprocess.run(
        [
            sys.executable, "-B", "scripts/calculate.py", "--input-json", "-", "--event",
            "--format", "html", "--lang", lang,
        ],
        input=raw,
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    assert cli.returncode == 2 and split_door(answered.text) == cli.stdout.decode()
