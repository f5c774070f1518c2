"""The page's answer to a Chinese buyer's sheet with natural headers (issue 40 items 1-2),
through the real app (TestClient).

- A GBK CSV with a header asked about and bad cells in several columns: one page lists every
  error at once, each naming its column by the header the buyer wrote and its row, saying
  what to do without a code, an option or a JSON key, above the form kept as typed.
- The checkbox "Read ¥ and 1,234.5 as written" (off by default) is kept with the form; ticked,
  it reads the unambiguous marks, and the report page lists each cell read so; the JSON route
  answers what the intake CLI answers with ``--read-as-written``.

The expected errors are the intake CLI's for the same sheet; the sentences are written by hand.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import run_cli
from http_support import HAS_HTTP, error_rows, without_download
from quotecalc.intake.errors import IntakeError
from test_http_page import CLI_OPTIONS, FORM, SCALE, intake_cli, split_plan
from test_http_page_form import Controls
from test_http_page_people import Visible

pytestmark = pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")

HEADER = [
    "供应商", "规格", "币种", "每包数量", "最小起订量", "单价（元）", "交期(天)", "运费",
    "质量分", "质量定义", "备注", "其它费用",
]  # fmt: skip
BAD = [
    HEADER,
    ["宁波紧固件", "M8 螺栓", "CNY", "1,000", "2", "￥0.37", "18", "-320", "4.2", SCALE, "含税",
     "0"],
    ["苏州精密", "M8 螺栓", "CNY", "250", "", "0.04万", "9天", "480.00", "4.6", SCALE, "",
     "60.00"],
]  # fmt: skip
# By hand: E1 (units or packs?); D2 1,000 and F2 ￥ (both readable as written); H2 negative;
# F3 a unit in the cell; G3 天 in the cell.
EXPECTED = [
    ("E1", "ambiguous_column"),
    ("D2", "thousands_separator"),
    ("F2", "currency_symbol"),
    ("H2", "negative_value"),
    ("F3", "unit_in_value"),
    ("G3", "invalid_number_format"),
]
WHERE = {
    "zh": [
        "E 列「最小起订量」：",
        "D 列「每包数量」第 2 行：",
        "F 列「单价（元）」第 2 行：",
        "H 列「运费」第 2 行：",
        "F 列「单价（元）」第 3 行：",
        "G 列「交期(天)」第 3 行：",
    ],
    "en": [
        "Column E “最小起订量”: ",
        "Column D “每包数量”, row 2: ",
        "Column F “单价（元）”, row 2: ",
        "Column H “运费”, row 2: ",
        "Column F “单价（元）”, row 3: ",
        "Column G “交期(天)”, row 3: ",
    ],
}
TICK = {"zh": "勾选“按原样读取 ¥ 和 1,234.5”", "en": "tick “Read ¥ and 1,234.5 as written”"}


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


def gbk(tmp_path: Path, rows: list[list[str]]) -> Path:
    """The sheet as a Chinese Excel saves "CSV (逗号分隔)": GBK, CRLF, quoted."""
    path = tmp_path / "报价.csv"
    lines = [",".join(f'"{cell}"' for cell in row) for row in rows]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("gbk"))
    return path


def cells(row: str) -> list[str]:
    """A table row's cells as text (tags dropped, entities decoded)."""
    found = re.findall(r"<td>(.*?)</td>", row, re.DOTALL)
    return [html.unescape(re.sub(r"<[^>]+>", "", cell)) for cell in found]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_error_at_once_naming_the_buyers_columns_above_the_kept_form(
    client: Any, tmp_path: Path, lang: str
) -> None:
    path = gbk(tmp_path, BAD)
    cli = intake_cli(path, *CLI_OPTIONS, "--encoding", "gb18030", "--lang", lang)
    assert cli.returncode == 2
    assert [(e["cell"], e["code"]) for e in json.loads(cli.stdout)["errors"]] == EXPECTED
    typed = {**FORM, "lang": lang, "max_lead_days": "20"}
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data=typed, files=files)
    assert answer.status_code == 422
    found = error_rows(answer.text)
    rows = [cells(row) for _, row in found]
    assert [(row[0], code) for row, (code, _) in zip(rows, found, strict=True)] == EXPECTED
    for row, where in zip(rows, WHERE[lang], strict=True):
        assert row[1].startswith(where), row
        assert row[2], row  # what to do, for every one
        for developer in ("--", "python -m", "suggestion", "question", "reason", "_", "/quotes"):
            assert developer not in row[1] + row[2], (developer, row)
    what_to_do = {row[0]: row[2] for row in rows}
    assert TICK[lang] in what_to_do["D2"] and TICK[lang] in what_to_do["F2"]
    asked = {"zh": "这一列数的是件数（个）还是包数？", "en": "Does it count units or packs?"}
    assert what_to_do["E1"].startswith(asked[lang])
    named = {"zh": "列名已经给出了单位", "en": "The column's name already gives its unit"}
    assert what_to_do["F3"].startswith(named[lang])  # 单价(元): write the number in 元
    # the form below holds what was typed; the checkbox is there, not ticked
    controls = Controls(answer.text)
    for name, value in typed.items():
        assert controls.values[name] == value, name
    assert controls.checked == {"event": False, "read_as_written": False}
    label = {"zh": "按原样读取 ¥ 和 1,234.5", "en": "Read ¥ and 1,234.5 as written"}[lang]
    assert label in Visible(answer.text).text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_checkbox_reads_the_unambiguous_marks_and_is_kept(
    client: Any, tmp_path: Path, lang: str
) -> None:
    path = gbk(tmp_path, BAD)
    files = {"sheet_file": (path.name, path.read_bytes())}
    data = {**FORM, "lang": lang, "read_as_written": "true"}
    answer = client.post("/quotecalc/report", data=data, files=files)
    assert answer.status_code == 422
    found = error_rows(answer.text)
    left = [key for key in EXPECTED if key[0] not in ("D2", "F2")]
    assert [(cells(row)[0], code) for code, row in found] == left
    assert Controls(answer.text).checked == {"event": False, "read_as_written": True}


def test_a_sheet_read_as_written_is_the_clis_report_and_lists_each_cell(
    client: Any, tmp_path: Path
) -> None:
    fixed = [list(row) for row in BAD]
    fixed[0][4] = "最小起订量（包）"  # the buyer's answer: it counted packs
    fixed[2][4] = "0"
    fixed[1][7] = "320"  # H2: freight not negative
    fixed[2][5] = "0.4"  # F3: 0.4 a unit, without 万
    fixed[2][6] = "9"  # G3: days without 天
    path = gbk(tmp_path, fixed)
    expected = intake_cli(
        path, *CLI_OPTIONS, "--encoding", "gb18030", "--read-as-written", "--lang", "zh"
    )
    assert expected.returncode == 0, expected.stdout
    quotes = json.loads(expected.stdout)["quotes"]
    # 0.37 x 1000 = 370.00 and 0.4 x 250 = 100.0, by hand
    assert [(q["packSize"], q["packPrice"]) for q in quotes] == [
        ("1000", "370.00"),
        ("250", "100.0"),
    ]
    files = {"sheet_file": (path.name, path.read_bytes())}
    data = {**FORM, "lang": "zh", "read_as_written": "true", "encoding": "gb18030"}
    # the JSON route: the CLI's request, byte for byte
    route = client.post("/quotecalc/intake", data=data, files=files)
    assert route.status_code == 200 and route.content == expected.stdout
    notes = json.loads(route.headers["Quotecalc-Intake-Notes"])
    read = {entry["code"]: entry["cells"] for entry in notes}
    assert read["thousands_separator_read"] == ["D2"] and read["currency_sign_read"] == ["F2"]
    assert read["column_ignored"] == ["K1"] and read["unit_price_converted"] == ["F1"]
    # the report page: the CLI's page for that request, with how the sheet was read
    answer = client.post("/quotecalc/report", data=data, files=files)
    assert answer.status_code == 200
    section = re.search(r'<section id="intake-notes">.*?</section>\n', answer.text, re.DOTALL)
    assert section is not None
    said = Visible(section.group(0)).text
    assert "千分位分隔符已按原样读取" in said and "已去掉符号读取" in said and "不读取" in said
    from quotecalc.http.page.words import WORDS
    from quotecalc.output.pictures.text import escape
    from quotecalc.output.wording import LIMITATION_TEXT

    page = answer.text.replace(section.group(0), "", 1)
    # the column's unit (元) was read by the intake: the page says so where the CLI's page
    # says that nothing was converted (page.py, _conversion_words)
    said = escape(WORDS["zh"]["converted_by_intake"])
    assert page.count(said) == 1
    page = page.replace(said, escape(LIMITATION_TEXT["zh"]["no_conversion"]))
    cli_page = run_cli(expected.stdout, "--input-json", "-", "--format", "html", "--lang", "zh")
    assert split_plan(without_download(page.encode()), expected.stdout) == cli_page.stdout


def test_every_error_a_sheet_can_give_says_what_to_do_on_the_page() -> None:
    """Each code (but the command line's and the server's own) has a fix on the page in
    both languages: the intake's page words, or a hint the page shows."""
    from quotecalc.http.page.errors_html import page_hint
    from quotecalc.intake.messages import TEXTS
    from quotecalc.intake.sentences import page_entries

    not_a_sheets = {"internal_error", "invalid_arguments", "xlsx_support_missing"}
    for code in sorted(set(TEXTS) - not_a_sheets):
        error = IntakeError(code, "C7", column="包价")
        if code == "ambiguous_column":
            error = IntakeError(code, "C1", explain="moq", column="MOQ")
        for lang in ("en", "zh"):
            entry = {key: str(value) for key, value in page_entries([error], lang)[0].items()}
            fix = page_hint(lang, entry)
            assert fix, (code, lang)
            assert "--" not in fix and "python -m" not in fix, (code, fix)
            # no route, option spelling or code word either (issue 40, item 7)
            assert not re.search(r"GET /|[A-Za-z]+=|[a-z]+_[a-z_]+", fix), (code, fix)
