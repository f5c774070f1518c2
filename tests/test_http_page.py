"""The analyst's page on the HTTP service (issue 21; docs/http.md): ``GET /``,
``POST /quotecalc/report`` and ``POST /quotecalc/intake``, through the real app.

Each answer is compared with the other doors for the same input: the intake's JSON with the
intake's own command line (``python -m quotecalc.intake``), the report with the CLI's
``--format html`` for the request the sheet became (or the pasted one). Errors show the
intake's cell and message and echo nothing of the sheet.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, run_cli
from http_support import HAS_HTTP, without_download
from intake_helpers import write_csv, write_xlsx
from quotecalc.output.people import money

pytestmark = pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")

HEADERS_ZH = [
    "供应商", "规格", "币种", "每包数量", "最小起订包数", "包价", "运费", "其他费用", "交期天数",
    "质量分", "质量定义",
]  # fmt: skip
SCALE = "审核评分 1-5"
ROWS = [
    ["宁波紧固件", "M8 螺栓", "CNY", "500", "0", "185.00", "320.00", "0", "18", "4.2", SCALE],
    ["苏州精密", "M8 螺栓", "CNY", "250", "0", "98.75", "480.00", "60.00", "9", "4.6", SCALE],
    ["天津螺栓", "M8 螺栓", "CNY", "1000", "0", "338.00", "260.00", "45.50", "14", "3.6", SCALE],
]
FORM = {
    "quantity": "12000",
    "currency": "CNY",
    "specification": "M8 螺栓",
    "weight_cost": "0.5",
    "weight_delivery": "0.3",
    "weight_quality": "0.2",
    "scale_definition": SCALE,
    "scale_minimum": "1",
    "scale_maximum": "5",
}
CLI_OPTIONS = [
    "--quantity", "12000", "--currency", "CNY", "--specification", "M8 螺栓",
    "--weights", "cost=0.5,delivery=0.3,quality=0.2", "--quality-scale", f"{SCALE};1;5",
]  # fmt: skip
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


def intake_cli(path: Path, *options: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", str(path), *options],
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )


PLAN_LINE = re.compile("<p>(Best purchase plan: |最佳采购方案：)[^\n]*</p>\n")


NAV = re.compile(
    r'<nav class="again" aria-label="[^"]+"><form method="post" action="/quotecalc/form">'
    r'(?:<input type="hidden" name="[a-z_0-9]+" value="[^"]*">)*<button type="submit">'
    r'(?:Change the inputs|修改输入)</button></form><a href="/\?lang=(?:en|zh)">'
    r"(?:New comparison|新的比较)</a></nav>\n"
)


def split_door(text: str) -> str:
    """The report page without what the page's door adds to the CLI's page (issue 35): the
    links "change the inputs" and "new comparison" (once, before the footer) and their style."""
    from quotecalc.http.page.html import NAV_STYLE

    assert len(NAV.findall(text)) == 1
    nav = NAV.search(text)
    assert nav is not None and text[nav.end() :].startswith(("<footer", "</main>", "</body>"))
    style = f"<style>{NAV_STYLE}</style>\n"
    assert text.count(style) == 1 and text.index(style) < text.index("</head>")
    return text.replace(nav.group(0), "", 1).replace(style, "", 1)


def split_plan(page: bytes, raw: bytes) -> bytes:
    """The page without its best-plan sentence, which is checked here against the CLI's
    --plan document for the same request bytes (its landed total, saving and suppliers), and
    without the door's links (:func:`split_door`)."""
    text = split_door(page.decode("utf-8"))
    assert len(PLAN_LINE.findall(text)) == 1
    found = PLAN_LINE.search(text)
    assert found is not None
    line = found.group(0)
    best = json.loads(run_cli(raw, "--input-json", "-", "--plan").stdout)["plan"]["best"]
    assert money(best["landedTotal"], "CNY") in line  # the one money format (issue 39)
    saving = best["savingVsSingleSource"]
    assert saving is None or money(saving, "CNY") in line or float(saving) == 0
    for order in best["lines"]:
        assert order["supplierId"] in line and order["deliveredQuantity"] in line
    return text.replace(line, "", 1).encode("utf-8")


def sheet(tmp_path: Path, kind: str, rows: list[list[str]] = ROWS) -> Path:
    if kind == "csv":
        return write_csv(tmp_path / "quotes.csv", [HEADERS_ZH, *rows])
    return write_xlsx(tmp_path / "quotes.xlsx", [HEADERS_ZH, *rows])


def test_the_form_page(client: Any) -> None:
    answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert answer.headers["cache-control"] == "no-store"
    assert "script-src" not in answer.headers["content-security-policy"]
    assert "default-src 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["x-request-id"]
    page = answer.text
    assert '<form method="post" action="/quotecalc/report" enctype="multipart/form-data">' in page
    assert '<input type="file" name="sheet_file"' in page and '<textarea name="request"' in page
    assert "<script" not in page.lower()
    chinese = client.get("/?lang=zh").text
    assert '<html lang="zh-Hans">' in chinese and "报价表" in chinese
    assert client.get("/?lang=fr").text == page  # an unknown language is English


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_intake_route_answers_what_the_intake_cli_prints(
    client: Any, tmp_path: Path, kind: str
) -> None:
    path = sheet(tmp_path, kind)
    expected = intake_cli(path, *CLI_OPTIONS)
    assert expected.returncode == 0, expected.stdout
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/intake", data=FORM, files=files)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    assert answer.headers["cache-control"] == "no-store"
    assert answer.content == expected.stdout
    media = "text/csv" if kind == "csv" else XLSX
    query = {**FORM}
    raw = client.post(
        "/quotecalc/intake",
        params=query,
        content=path.read_bytes(),
        headers={"content-type": media},
    )
    assert raw.status_code == 200 and raw.content == expected.stdout


def test_intake_errors_give_the_cell_and_the_message_and_echo_nothing(
    client: Any, tmp_path: Path
) -> None:
    rows = [list(row) for row in ROWS]
    rows[1][5] = "SECRET<b>1,000"  # C3 is 币种; F3 (包价) holds text with a separator
    path = sheet(tmp_path, "csv", rows)
    expected = intake_cli(path, *CLI_OPTIONS)
    assert expected.returncode == 2
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/intake", data=FORM, files=files)
    assert answer.status_code == 422
    assert answer.content == expected.stdout
    errors = json.loads(answer.content)["errors"]
    assert [error["cell"] for error in errors] == ["F3"]
    assert b"SECRET" not in answer.content
    page = client.post("/quotecalc/report", data={**FORM, "lang": "zh"}, files=files)
    assert page.status_code == 422
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert '<code class="id">F3</code>' in page.text
    # the page's language is the intake's: the message the intake gives with --lang zh
    chinese = json.loads(intake_cli(path, *CLI_OPTIONS, "--lang", "zh").stdout)["errors"]
    assert chinese[0]["message"] in page.text and "SECRET" not in page.text
    assert "无法读取报价表" in page.text


def test_the_intake_speaks_the_pages_language(client: Any, tmp_path: Path) -> None:
    """With ``lang=zh`` the intake's errors are the intake CLI's ``--lang zh`` messages, on
    the JSON route and on the Chinese report page alike (English stays the default)."""
    rows = [list(row) for row in ROWS]
    rows[1][5] = "5%"  # an error without an option: the same bytes on both doors
    path = sheet(tmp_path, "csv", rows)
    chinese = intake_cli(path, *CLI_OPTIONS, "--lang", "zh")
    english = intake_cli(path, *CLI_OPTIONS)
    assert chinese.returncode == english.returncode == 2
    assert chinese.stdout != english.stdout
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/intake", data={**FORM, "lang": "zh"}, files=files)
    assert answer.status_code == 422 and answer.content == chinese.stdout
    assert client.post("/quotecalc/intake", data=FORM, files=files).content == english.stdout
    page = client.post("/quotecalc/report", data={**FORM, "lang": "zh"}, files=files)
    message = json.loads(chinese.stdout)["errors"][0]["message"]
    assert message in page.text


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_report_of_a_sheet_is_the_cli_page_of_its_request(
    client: Any, tmp_path: Path, kind: str
) -> None:
    path = sheet(tmp_path, kind)
    request = intake_cli(path, *CLI_OPTIONS).stdout
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data={**FORM, "lang": "zh"}, files=files)
    assert answer.status_code == 200
    expected = run_cli(request, "--input-json", "-", "--format", "html", "--lang", "zh")
    assert split_plan(without_download(answer.content), request) == expected.stdout
    assert "<title>M8 螺栓：" in answer.text and "排名第一" in answer.text


@pytest.mark.parametrize(
    "example", ["examples/multi-supplier.request.json", "examples/invalid.request.json"]
)
def test_report_of_a_pasted_request_is_the_cli_page(client: Any, example: str) -> None:
    raw = (ROOT / example).read_bytes()
    answer = client.post(
        "/quotecalc/report", data={"request": raw.decode("utf-8"), "lang": "en"}, files={}
    )
    expected = run_cli(raw.strip(), "--input-json", "-", "--format", "html", "--lang", "en")
    assert answer.status_code == {0: 200, 2: 422, 1: 500}[expected.exit_code]
    if expected.exit_code == 0:
        shown = without_download(answer.content, raw.strip())
        assert split_plan(shown, raw.strip()) == expected.stdout
    else:  # nothing was calculated, so there is no plan either
        assert split_door(answer.text) == expected.stdout.decode()


def test_nothing_sent_says_so(client: Any) -> None:
    answer = client.post("/quotecalc/report", data={"lang": "en"}, files={"sheet_file": ("", b"")})
    assert answer.status_code == 422
    assert "Nothing was sent" in answer.text


def test_edge_rules(client: Any, tmp_path: Path) -> None:
    wrong = client.post(
        "/quotecalc/report", content=b"{}", headers={"content-type": "application/json"}
    )
    assert wrong.status_code == 415
    assert json.loads(wrong.content)["error"]["code"] == "unsupported_form_type"
    from quotecalc.http.operations import PAGE_BODY_LIMIT

    big = client.post(
        "/quotecalc/intake",
        content=b"x" * (PAGE_BODY_LIMIT + 1),
        headers={"content-type": "text/csv"},
    )
    assert big.status_code == 413
    assert json.loads(big.content)["error"]["code"] == "payload_too_large"
    other = sheet(tmp_path, "csv")
    renamed = tmp_path / "quotes.ods"
    renamed.write_bytes(other.read_bytes())
    files = {"sheet_file": (renamed.name, renamed.read_bytes())}
    answer = client.post("/quotecalc/intake", data=FORM, files=files)
    assert answer.status_code == 422
    assert json.loads(answer.content)["errors"][0]["code"] == "unsupported_file_type"
