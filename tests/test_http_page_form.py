"""The buyer's form and what it takes in (issue 35), through the real app (TestClient).

- After any error the form holds what was typed (the error page carries the filled form),
  every error of one submission is on one page (the sheet's and the form fields'), and every
  report page ends with "change the inputs" (the filled form back) and "new comparison".
- A CSV whose encoding is not chosen is read as UTF-8, else as GB18030 (tested in
  ``test_http_page_people.py``).
- Exchange rates on the form and pasted ``exchangeRates`` give the converted comparison (the
  CLI's ``--convert --format html`` for the same request); without a rate the advice names
  the missing exchange rate. The intake's notes (万元 x 10000, 人民币 read as CNY) are shown.
- A ``.json`` file is a pasted request; an event workbook sent without the event box says to
  tick it; a sheet without a pack-price column says so; beside a ranking, the plan's sentence
  says which question each answers.

Expected values come from the other doors (the intake CLI, the calculator CLI) or by hand.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, run_cli
from http_support import HAS_HTTP, error_rows, without_download
from intake_helpers import write_csv
from test_http_page import CLI_OPTIONS, FORM, HEADERS_ZH, ROWS, intake_cli, sheet, split_door

pytestmark = pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")

LANGS = ("en", "zh")
RATES = {
    "rate_from_1": "USD",
    "rate_to_1": "CNY",
    "rate_1": "7.1",
    "rate_date_1": "2026-11-30",
    "rate_source_1": "bank quote",
}
USD_HEADERS = [
    "供应商",
    "规格",
    "币种",
    "每包数量",
    "最小起订包数",
    "包价",
    "运费",
    "其他费用",
    "交期天数",
]
USD_ROWS = [
    ["甲", "M8", "CNY", "500", "0", "185", "320", "0", "18"],
    ["乙", "M8", "USD", "500", "0", "26", "45", "0", "9"],
]
USD_FORM = {"quantity": "1000", "currency": "CNY", "specification": "M8", "weight_cost": "1"}


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


class Controls(HTMLParser):
    """The form controls of a page: each input's value (a checkbox: ``checked`` or not),
    each select's chosen option, each textarea's text; and the hidden inputs of the
    "change the inputs" form apart."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.values: dict[str, str] = {}
        self.hidden: dict[str, str] = {}
        self.checked: dict[str, bool] = {}
        self._select: str | None = None
        self._first: dict[str, str] = {}
        self._textarea: str | None = None
        self._in_refill = False
        self.feed(page)
        for name, value in self._first.items():
            self.values.setdefault(name, value)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        name = found.get("name", "")
        if tag == "form":
            self._in_refill = found.get("action") == "/quotecalc/form"
        elif tag == "input" and found.get("type") == "hidden" and self._in_refill:
            self.hidden[name] = found.get("value", "")
        elif tag == "input" and found.get("type") == "checkbox":
            self.checked[name] = "checked" in found
        elif tag == "input" and found.get("type") != "file":
            self.values[name] = found.get("value", "")
        elif tag == "select":
            self._select = name
        elif tag == "option" and self._select is not None:
            self._first.setdefault(self._select, found.get("value", ""))
            if "selected" in found:
                self.values[self._select] = found.get("value", "")
        elif tag == "textarea":
            self._textarea = name
            self.values[name] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "form":
            self._in_refill = False

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self.values[self._textarea] += data


TYPED = {
    **FORM,
    "quantity": "12千",  # not a number: a form field's error
    "max_lead_days": "20",
    "minimum_quality_score": "3",
    "sensitivity_delta": "0.1",
    "encoding": "utf-8",
    **RATES,
}


def bad_sheet(tmp_path: Path) -> Path:
    rows = [list(row) for row in ROWS]
    rows[2][8] = "十四"  # I4, 交期天数: not a number
    return sheet(tmp_path, "csv", rows)


@pytest.mark.parametrize("lang", LANGS)
def test_the_error_page_holds_the_filled_form_and_every_error(
    client: Any, tmp_path: Path, lang: str
) -> None:
    path = bad_sheet(tmp_path)
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data={**TYPED, "lang": lang}, files=files)
    assert answer.status_code == 422
    # The sheet's error, as the intake CLI gives it for the same sheet...
    sheet_error = json.loads(intake_cli(path, *CLI_OPTIONS, "--lang", lang).stdout)["errors"]
    assert [(e["cell"], e["code"]) for e in sheet_error] == [("I4", "invalid_number_format")]
    found = error_rows(answer.text)
    assert [code for code, _ in found] == ["invalid_number_format", "invalid_number_format"]
    rows = [row for _, row in found]
    assert "I4" in rows[0] and html.escape(sheet_error[0]["message"], quote=True) in rows[0]
    assert rows[0].startswith('<td><a href="#field-sheet_file"><code class="id">I4</code></a>')
    # ...and the quantity's, as the calculator gives it for a request with that quantity:
    request = json.loads(intake_cli(sheet(tmp_path, "csv"), *CLI_OPTIONS).stdout)
    refused = run_cli(json.dumps({**request, "quantity": "12千"}, ensure_ascii=False).encode())
    codes = {(e["path"], e["code"]) for e in json.loads(refused.stdout)["limitations"]}
    assert codes == {("/quantity", "invalid_number_format")}
    quantity = {"en": "quantity", "zh": "数量"}[lang]
    assert rows[1].startswith(f'<td><a href="#field-quantity">{quantity}</a></td>')
    # The form below holds every value typed, and says the file must be chosen again.
    controls = Controls(answer.text)
    for name, value in TYPED.items():
        assert controls.values[name] == value, name
    assert controls.values["lang"] == lang and controls.checked == {
        "event": False,
        "read_as_written": False,
    }
    kept = {"en": "A browser cannot keep a chosen file", "zh": "浏览器无法保留已选择的文件"}
    assert kept[lang] in answer.text
    assert f'<a href="/?lang={lang}">{ {"en": "New comparison", "zh": "新的比较"}[lang] }</a>' in (
        answer.text
    )
    assert "十四" not in answer.text  # the sheet's content is still never echoed


def test_the_event_box_and_pasted_json_are_kept(client: Any) -> None:
    typed = {"request": '{"schemaVersion": 1, "quotes": [}\n<&>', "event": "true", "lang": "zh"}
    answer = client.post("/quotecalc/report", data=typed, files={})
    assert answer.status_code == 422
    refill = Controls(answer.text).hidden
    assert refill == {"request": typed["request"], "event": "true", "lang": "zh"}
    form = client.post("/quotecalc/form", data=refill)
    assert form.status_code == 200
    controls = Controls(form.text)
    assert controls.values["request"] == typed["request"]
    assert controls.checked["event"] is True and controls.values["lang"] == "zh"
    assert "<&>" not in form.text  # escaped, never markup


@pytest.mark.parametrize("lang", LANGS)
def test_change_the_inputs_returns_the_filled_form(client: Any, tmp_path: Path, lang: str) -> None:
    path = sheet(tmp_path, "csv")
    typed = {**FORM, "max_lead_days": "30", "lang": lang}
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data=typed, files=files)
    assert answer.status_code == 200
    refill = Controls(answer.text).hidden
    assert refill == {**typed, "had_file": "1"}
    form = client.post("/quotecalc/form", data=refill)
    assert form.status_code == 200
    controls = Controls(form.text)
    for name, value in typed.items():
        assert controls.values[name] == value, name
    assert {"en": "choose the quote sheet again", "zh": "请重新选择报价表"}[lang] in form.text
    empty = Controls(client.get(f"/?lang={lang}").text)
    assert all(value == "" for name, value in empty.values.items() if name != "lang")


@pytest.mark.parametrize("lang", LANGS)
def test_the_bad_form_fields_page_has_a_way_back(client: Any, lang: str) -> None:
    raw = (ROOT / "examples" / "invalid.request.json").read_text(encoding="utf-8")
    answer = client.post("/quotecalc/report", data={"request": raw, "lang": lang}, files={})
    assert answer.status_code == 422
    expected = run_cli(
        raw.strip().encode(), "--input-json", "-", "--format", "html", "--lang", lang
    )
    assert split_door(answer.text) == expected.stdout.decode()  # no download: not answered
    assert Controls(answer.text).hidden == {"request": raw, "lang": lang}


@pytest.mark.parametrize("lang", LANGS)
def test_a_pasted_conversion_request_is_answered(client: Any, lang: str) -> None:
    raw = (ROOT / "examples" / "convert.request.json").read_bytes()
    answer = client.post(
        "/quotecalc/report", data={"request": raw.decode(), "lang": lang}, files={}
    )
    expected = run_cli(
        raw.strip(), "--input-json", "-", "--convert", "--format", "html", "--lang", lang
    )
    assert expected.exit_code == 0
    assert answer.status_code == 200
    assert split_door(without_download(answer.content).decode()) == expected.stdout.decode()
    assert "unknown_key" not in answer.text


def usd_sheet(tmp_path: Path) -> Path:
    return write_csv(tmp_path / "usd.csv", [USD_HEADERS, *USD_ROWS])


@pytest.mark.parametrize("lang", LANGS)
def test_rates_on_the_form_give_the_converted_comparison(
    client: Any, tmp_path: Path, lang: str
) -> None:
    path = usd_sheet(tmp_path)
    options = ["--quantity", "1000", "--currency", "CNY", "--specification", "M8"]
    request = json.loads(
        intake_cli(path, *options, "--weights", "cost=1,delivery=0,quality=0").stdout
    )
    rate = {"from": "USD", "to": "CNY", "rate": "7.1", "asOf": "2026-11-30", "source": "bank quote"}
    converted = json.dumps({**request, "exchangeRates": [rate]}, ensure_ascii=False).encode()
    expected = run_cli(
        converted, "--input-json", "-", "--convert", "--format", "html", "--lang", lang
    )
    files = {"sheet_file": (path.name, path.read_bytes())}
    # A blank weight beside a filled one is 0 (docs/decisions.md 29.3); "usd" is upper-cased.
    typed = {**USD_FORM, **RATES, "rate_from_1": "usd", "lang": lang}
    answer = client.post("/quotecalc/report", data=typed, files=files)
    assert answer.status_code == 200
    assert split_door(without_download(answer.content).decode()) == expected.stdout.decode()
    # by hand: 乙 lands at 26 x 2 packs x 7.1 + 45 x 7.1 = 369.2 + 319.5 = 688.7 CNY against
    # 甲's 185 x 2 + 320 = 690 CNY: 乙 ranks first
    assert {"en": "乙</bdi> ranks first", "zh": "乙</bdi> 排名第一"}[lang] in answer.text
    assert "688.70 CNY" in answer.text


@pytest.mark.parametrize(
    ("lang", "advice"),
    [
        ("en", 'give the exchange rate from USD to CNY (<bdi class="id">乙</bdi>)'),
        ("zh", '请给出汇率：从 USD 到 CNY（<bdi class="id">乙</bdi>）'),
    ],
)
def test_without_a_rate_the_advice_names_the_missing_rate(
    client: Any, tmp_path: Path, lang: str, advice: str
) -> None:
    path = usd_sheet(tmp_path)
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data={**USD_FORM, "lang": lang}, files=files)
    assert answer.status_code == 200
    assert advice in answer.text
    assert "give the cost value" not in answer.text and "请给出成本数值" not in answer.text


@pytest.mark.parametrize("lang", LANGS)
def test_the_intakes_notes_are_shown_and_no_conversion_is_said_truly(
    client: Any, tmp_path: Path, lang: str
) -> None:
    headers = [*HEADERS_ZH[:5], "包价（万元）", *HEADERS_ZH[6:9]]
    rows = [
        ["甲", "M8", "人民币", "500", "0", "0.0185", "320", "0", "18"],
        ["丙", "M8", "CNY", "500", "0", "0.0175", "300", "0", "9"],
    ]
    path = write_csv(tmp_path / "units.csv", [headers, *rows])
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data={**USD_FORM, "lang": lang}, files=files)
    assert answer.status_code == 200
    section = re.search(r'<section id="intake-notes">.*?</section>', answer.text, re.DOTALL)
    assert section is not None
    notes = section.group(0)
    assert "F1 (×10000 CNY)" in notes and '<li data-code="column_unit_read">' in notes
    assert "C2" in notes and '<li data-code="currency_name_read">' in notes
    # by hand: 0.0185 万元 = 185 CNY a pack; 2 packs + 320 freight = 690.00
    assert "690.00" in answer.text
    from quotecalc.output.wording import LIMITATION_TEXT

    assert LIMITATION_TEXT[lang]["no_conversion"] not in answer.text
    said = {
        "en": "The calculator converted no currency or unit",
        "zh": "计算器没有换算任何币种或单位",
    }
    assert said[lang] in answer.text


@pytest.mark.parametrize("lang", LANGS)
def test_a_json_file_is_a_pasted_request(client: Any, lang: str) -> None:
    raw = (ROOT / "examples" / "multi-supplier.request.json").read_bytes()
    pasted = client.post(
        "/quotecalc/report", data={"request": raw.decode(), "lang": lang}, files={}
    )
    uploaded = client.post(
        "/quotecalc/report", data={"lang": lang}, files={"sheet_file": ("r.json", raw)}
    )
    assert uploaded.status_code == pasted.status_code == 200
    # the same report; only the kept inputs differ (the pasted text against a chosen file)
    # (and the download button, which posts back the bytes of each: the file's, the text's)
    assert split_door(without_download(uploaded.content).decode()) == split_door(
        without_download(pasted.content).decode()
    )
    assert 'accept=".csv,.xlsx,.json,' in client.get("/").text


@pytest.mark.parametrize(
    ("lang", "tick"),
    [("en", "tick “The workbook is a sourcing event”"), ("zh", "勾选“该工作簿是寻源项目”")],
)
def test_an_event_workbook_without_the_box_says_to_tick_it(
    client: Any, tmp_path: Path, lang: str, tick: str
) -> None:
    pytest.importorskip("xlsxwriter")
    from event_workbook import write_xlsxwriter

    event = json.loads((ROOT / "examples" / "event.request.json").read_text(encoding="utf-8"))
    path = write_xlsxwriter(tmp_path / "event.xlsx", event)
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data={"currency": "CNY", "lang": lang}, files=files)
    assert answer.status_code == 422
    rows = [row for _, row in error_rows(answer.text)]
    assert len(rows) == 1 and tick in rows[0]
    assert "unknown_column" not in answer.text
    ticked = client.post(
        "/quotecalc/report", data={"currency": "CNY", "event": "true", "lang": lang}, files=files
    )
    assert ticked.status_code == 200
    # a quote workbook with an unknown column keeps its own error: it is no event
    from intake_helpers import write_xlsx

    plain = write_xlsx(tmp_path / "plain.xlsx", [["供应商", "颜色"], ["A", "red"]])
    files = {"sheet_file": (plain.name, plain.read_bytes())}
    answer = client.post("/quotecalc/report", data={"currency": "CNY", "lang": lang}, files=files)
    codes = [code for code, _ in error_rows(answer.text)]
    assert answer.status_code == 422 and "unknown_column" in codes
    assert tick not in answer.text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The sheet has no 包价/packPrice column"),
        ("zh", "报价表没有“包价/packPrice”列"),
    ],
)
def test_a_missing_price_column_is_named(client: Any, tmp_path: Path, lang: str, said: str) -> None:
    headers = [name for name in USD_HEADERS if name != "包价"]
    rows = [[cell for index, cell in enumerate(row) if index != 5] for row in USD_ROWS[:1]]
    path = write_csv(tmp_path / "noprice.csv", [headers, *rows])
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data={**USD_FORM, "lang": lang}, files=files)
    assert answer.status_code == 200
    assert said in answer.text
    with_price = usd_sheet(tmp_path)
    files = {"sheet_file": (with_price.name, with_price.read_bytes())}
    other = client.post("/quotecalc/report", data={**USD_FORM, "lang": lang}, files=files)
    assert said not in other.text


QUESTIONS = {
    "en": (
        "The ranking answers which one supplier suits your weights best; the plan answers how"
        " to buy the quantity at the lowest landed total, from one supplier or several."
    ),
    "zh": "排名回答的是：按您的权重，哪一家供应商最合适；采购方案回答的是：",
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_says_which_question_each_answers(client: Any, lang: str) -> None:
    from test_http_page_people import MONEY

    answer = client.post(
        "/quotecalc/report", data={"request": json.dumps(MONEY), "lang": lang}, files={}
    )
    assert answer.status_code == 200
    text = re.sub(r"<[^>]+>", "", answer.text)
    assert text.count(QUESTIONS[lang]) == 1
    # no ranking (cost weighted, B's cost unknown): the plan alone, no comparison of questions
    unranked = {**MONEY, "quotes": [{**MONEY["quotes"][0], "currency": "USD"}, MONEY["quotes"][1]]}
    alone = client.post(
        "/quotecalc/report", data={"request": json.dumps(unranked), "lang": lang}, files={}
    )
    assert QUESTIONS[lang] not in re.sub(r"<[^>]+>", "", alone.text)


def test_the_filled_form_route_keeps_only_the_forms_own_fields(client: Any) -> None:
    answer = client.post(
        "/quotecalc/form", data={"quantity": "7", "other": "<b>x</b>", "lang": "zh"}
    )
    assert answer.status_code == 200
    assert Controls(answer.text).values["quantity"] == "7"
    assert 'name="other"' not in answer.text and "<b>x</b>" not in answer.text
    assert '<html lang="zh-Hans">' in answer.text
    refused = client.post(
        "/quotecalc/form", content=b"{}", headers={"content-type": "application/json"}
    )
    assert refused.status_code == 415
    assert refused.json()["error"]["code"] == "unsupported_form_type"


@pytest.mark.parametrize(
    ("lang", "place"),
    [("en", "Rate 2: Rate"), ("zh", "汇率 2：汇率"), ("en", "Rate 2: Date (YYYY-MM-DD)")],
)
def test_a_bad_rate_row_is_reported_with_the_sheets_errors(
    client: Any, tmp_path: Path, lang: str, place: str
) -> None:
    """The rate rows are form fields too: with a bad sheet, a bad rate is in the same round,
    named by its row and label (row 1 left blank, so the entry is the form's row 2)."""
    path = bad_sheet(tmp_path)
    rate = {key.replace("_1", "_2"): value for key, value in RATES.items()}
    rate["rate_2"] = "7,1"  # not a plain decimal
    if "Date" in place:
        rate["rate_2"], rate["rate_date_2"] = "7.1", "2026-02-30"  # no such day
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post("/quotecalc/report", data={**FORM, **rate, "lang": lang}, files=files)
    assert answer.status_code == 422
    found = error_rows(answer.text)
    assert len(found) == 2 and "I4" in found[0][1]
    control = "rate_date_2" if "Date" in place else "rate_2"
    assert found[1][1].startswith(f'<td><a href="#field-{control}">{place}</a></td>')
    code = "invalid_date" if "Date" in place else "invalid_number_format"
    assert found[1][0] == code
    assert Controls(answer.text).values["rate_2"] == rate["rate_2"]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("供应商,包价\n宁波,1\n".encode(), "utf-8"),
        (b"\xef\xbb\xbf" + "供应商\n".encode(), "utf-8"),  # a UTF-8 byte-order mark
        ("供应商\n".encode("utf-16"), "utf-16"),  # a UTF-16 byte-order mark
        ("供应商,包价\r\n宁波,1\r\n".encode("gbk"), "gb18030"),  # not UTF-8, valid GBK
        (b"supplierId\nA\xff\n", None),  # valid in neither: nothing is guessed
        (b"supplierId\n\x80\n", None),
    ],
)
def test_the_encoding_is_detected_utf8_first(data: bytes, expected: str | None) -> None:
    from quotecalc.intake.csv_reader import detect_encoding

    assert detect_encoding(data) == expected
    if expected == "gb18030":  # the premise: these bytes are no UTF-8
        with pytest.raises(UnicodeDecodeError):
            data.decode("utf-8")
