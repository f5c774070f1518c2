"""One error flow for every error (issue 40, items 3, 5 and 7), through the real app
(TestClient) and the page's functions alone.

- A good sheet with one wrong form field gets the same page as a bad sheet: the errors listed
  at the top, each linking to its control, above the form kept as typed, each erroneous
  control marked (``aria-invalid``, ``aria-describedby`` naming its error's words, shown
  under it), never the calculator's form-less report.
- An event's own field filled on a comparison (and a comparison's own field with the event
  box ticked) is named by its form label and says what to do (tick the box or clear the
  field), with no route, option spelling or code word.
- The page's error table shows no code (each row's ``data-code`` keeps it for programs); a
  note of how the sheet was read names the form's checkbox, never ``read_as_written=true``.

Expected places and controls written by hand from the form's labels and the request's paths.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from http_support import HAS_HTTP, error_rows
from test_http_page import FORM, sheet

CODE_WORD = re.compile(r"[a-z]+_[a-z_]+")


def shown_text(page: str) -> str:
    """All a person reads of a page (codes included): no style, title or attribute."""
    body = re.sub(r"<(style|title)>.*?</\1>", "", page, flags=re.DOTALL)
    body = re.sub(r"<textarea[^>]*>.*?</textarea>", "", body, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize(
    ("path", "rows", "control"),
    [
        ("/quantity", [], "quantity"),
        ("/maxLeadDays", [], "max_lead_days"),
        ("/minimumQualityScore", [], "minimum_quality_score"),
        ("/weights/delivery", [], "weight_delivery"),
        ("/weights", [], "weight_cost"),  # the set: its first field
        ("/qualityScale/maximum", [], "scale_maximum"),
        ("/qualityScale", [], "scale_definition"),
        ("/exchangeRates/0/rate", [2], "rate_2"),  # the form's row 2, row 1 left blank
        ("/exchangeRates/1/asOf", [1, 3], "rate_date_3"),
        ("/exchangeRates/0/source", [1], "rate_source_1"),
        ("/exchangeRates/0", [3], "rate_from_3"),
        ("/exchangeRates", [1], "rate_from_1"),
        ("/quotes/0/packPrice", [], None),
        ("/notes", [], None),
        ("", [], None),
    ],
)
def test_an_errors_path_names_its_control(path: str, rows: list[int], control: str) -> None:
    from quotecalc.http.page.marks import path_control

    assert path_control(path, rows) == control


@pytest.mark.parametrize(
    ("option", "control"),
    [
        ("max_suppliers", "max_suppliers"),
        ("as_of", "as_of"),
        ("quantity", "quantity"),
        ("weights", "weight_cost"),
        ("quality_scale", "scale_definition"),
        ("sheet", "sheet_name"),
        ("encoding", "encoding"),
        ("lang", None),
        ("delimiter", None),
    ],
)
def test_an_option_names_its_control(option: str, control: str | None) -> None:
    from quotecalc.http.page.marks import option_control

    assert option_control(option) == control


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("来源（如银行报价）", '来源<span class="nb">（如银行报价）</span>'),
        (
            "GB18030（GBK；中文 Excel“CSV（逗号分隔）”）",
            'GB18030<span class="nb">（GBK；中文 Excel“CSV（逗号分隔）”）</span>',
        ),
        ("Sheet name (XLSX, optional)", 'Sheet name <span class="nb">(XLSX, optional)</span>'),
        ("Rate", "Rate"),
        ("a < b (c & d)", 'a &lt; b <span class="nb">(c &amp; d)</span>'),
    ],
)
def test_a_label_keeps_each_bracket_pair_on_one_line(text: str, shown: str) -> None:
    from quotecalc.http.page.form_html import label_text

    assert label_text(text) == shown


@pytest.mark.parametrize(
    ("message", "lang", "said"),
    [
        (
            "The number's thousands separators were read as written (1,234.5 is 1234.5;"
            " read_as_written=true).",
            "en",
            "The number's thousands separators were read as written (1,234.5 is 1234.5;"
            " “Read ¥ and 1,234.5 as written”).",
        ),
        (
            "数字的货币符号就是该行的币种；已去掉符号读取（read_as_written=true）。",
            "zh",
            "数字的货币符号就是该行的币种；已去掉符号读取（“按原样读取 ¥ 和 1,234.5”）。",
        ),
        ("已去除文本前后的空白字符（trim=true）。", "zh", "已去除文本前后的空白字符。"),
        ("A totals row was skipped (skip_totals=true).", "en", "A totals row was skipped."),
        (
            "The sheet named with sheet=... is hidden in the workbook; it was read as asked.",
            "en",
            "The sheet named with “Sheet name (XLSX, optional)” is hidden in the workbook; it"
            " was read as asked.",
        ),
    ],
)
def test_a_note_names_the_forms_control_not_the_option(message: str, lang: str, said: str) -> None:
    from quotecalc.http.page.notes import said_on_the_page

    assert said_on_the_page(message, lang) == said


def test_every_note_of_the_intake_reads_without_a_spelling() -> None:
    from quotecalc.http.page.notes import said_on_the_page
    from quotecalc.intake.messages import NOTES
    from quotecalc.intake.options import door_text

    for code, text in NOTES.items():
        for lang in ("en", "zh"):
            said = said_on_the_page(door_text(text.message(lang), "http"), lang)
            assert not re.search(r"[A-Za-z]+=|[a-z]+_[a-z_]+", said), (code, said)


def test_the_error_page_marks_each_control_and_links_it() -> None:
    """Two errors on one control, one on another: both marked, each described by its words;
    every link of the list leads to an element of the page; unmarked controls stay plain."""
    from quotecalc.http.page.errors_html import error_page

    errors = [
        {"code": "invalid_number_format", "cell": "", "place": "quantity", "message": "Not a"
         " number.", "field": "quantity"},
        {"code": "negative_value", "cell": "", "place": "cost weight", "message": "Negative.",
         "field": "weight_cost"},
        {"code": "out_of_range", "cell": "", "place": "quantity", "message": "Too large.",
         "field": "quantity"},
        {"code": "invalid_number_format", "cell": "C3", "message": "Bad cell.",
         "field": "sheet_file"},
    ]  # fmt: skip
    page = error_page("en", errors, {"quantity": "x"}, 10 * 1024 * 1024)
    assert "<h1>The quote sheet cannot be read</h1>" in page  # one of them is the sheet's
    quantity = re.search(r'<input type="text" name="quantity"[^>]*>', page)
    assert quantity is not None
    assert 'id="field-quantity" aria-invalid="true"' in quantity.group()
    assert 'aria-describedby="field-quantity-error"' in quantity.group()
    said = re.search(r'<span class="field-error" id="field-quantity-error">(.*?)</span>', page)
    assert said is not None and said.group(1) == "Not a number.; Too large."
    sheet_said = re.search(r'id="field-sheet_file-error">(.*?)</span>', page)
    assert sheet_said is not None and "(1)" in sheet_said.group(1)
    file_input = re.search(r'<input type="file"[^>]*>', page)
    assert file_input is not None
    assert 'aria-describedby="json-file field-sheet_file-error"' in file_input.group()
    assert page.count('aria-invalid="true"') == 3  # quantity, cost weight, the file
    for target in re.findall(r'<a href="#([^"]+)">', page):
        assert f'id="{target}"' in page, target
    links = [re.search(r'href="#([^"]+)"', row).group(1) for _, row in error_rows(page)]  # type: ignore[union-attr]
    assert links == ["field-quantity", "field-weight_cost", "field-quantity", "field-sheet_file"]
    assert (
        "aria-invalid" not in re.search(r'<input type="text" name="currency"[^>]*>', page).group()
    )  # type: ignore[union-attr]


def test_a_form_error_alone_is_titled_as_the_forms() -> None:
    from quotecalc.http.page.errors_html import error_page

    error = {"code": "negative_value", "cell": "", "place": "数量", "message": "不允许负数。",
             "field": "quantity"}  # fmt: skip
    page = error_page("zh", [error], {}, 1024 * 1024)
    assert "<h1>表单有错误</h1>" in page


pytestmark_http = pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    if not HAS_HTTP:
        pytest.skip("needs the http extra")
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


LABELS = {
    "max_suppliers": {"en": "Most suppliers awarded (optional)", "zh": "最多授标供应商数（可选）"},
    "as_of": {
        "en": "Balances as of (YYYY-MM-DD, optional)",
        "zh": "预付余额日期（YYYY-MM-DD，可选）",
    },
}
TICK_OR_CLEAR = {
    "en": "Tick “The workbook is a sourcing event”, or clear this field.",
    "zh": "请勾选“该工作簿是寻源项目”，或清空此项。",
}
ONLY_EVENT = {"en": "“{}” is for a sourcing event only.", "zh": "“{}”只用于寻源项目。"}


@pytestmark_http
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("option", ["max_suppliers", "as_of"])
def test_an_event_field_on_a_comparison_is_named_by_its_label(
    client: Any, tmp_path: Path, lang: str, option: str
) -> None:
    """Issue 40 item 3: the field by its label, what to do, no developer words."""
    path = sheet(tmp_path, "csv")
    value = {"max_suppliers": "2", "as_of": "2026-11-30"}[option]
    files = {"sheet_file": (path.name, path.read_bytes())}
    answer = client.post(
        "/quotecalc/report", data={**FORM, option: value, "lang": lang}, files=files
    )
    assert answer.status_code == 422
    rows = error_rows(answer.text)
    assert [code for code, _ in rows] == ["invalid_option"]
    label = html.escape(LABELS[option][lang], quote=False)
    cells = re.findall(r"<td>(.*?)</td>", rows[0][1])
    assert cells[0] == f'<a href="#field-{option}">{label}</a>'
    assert html.unescape(cells[1]) == ONLY_EVENT[lang].format(LABELS[option][lang])
    assert html.unescape(cells[2]) == TICK_OR_CLEAR[lang]
    text = shown_text(answer.text)
    for developer in ("openapi", "GET /", option, "invalid_option", "--"):
        assert developer not in text, developer
    control = re.search(rf'<input type="text" name="{option}"[^>]*>', answer.text)
    assert control is not None and 'aria-invalid="true"' in control.group()
    assert f'value="{value}"' in control.group()  # kept as typed


@pytestmark_http
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_comparison_field_with_the_event_box_says_to_clear_it(
    client: Any, tmp_path: Path, lang: str
) -> None:
    path = sheet(tmp_path, "csv")
    files = {"sheet_file": (path.name, path.read_bytes())}
    data = {"quantity": "12000", "event": "true", "lang": lang}
    answer = client.post("/quotecalc/report", data=data, files=files)
    assert answer.status_code == 422
    rows = error_rows(answer.text)
    # by hand: a CSV is no event workbook, and the quantity is the comparison's own
    assert [code for code, _ in rows] == ["event_needs_workbook", "invalid_option"]
    place = {"en": "Quantity", "zh": "数量"}[lang]
    assert rows[1][1].startswith(f'<td><a href="#field-quantity">{place}</a></td>')
    clear = {"en": "Clear this field, or untick", "zh": "请清空此项，或取消勾选"}[lang]
    assert clear in rows[1][1]
    assert rows[0][1].startswith('<td><a href="#field-sheet_file">')


@pytestmark_http
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_good_sheet_with_a_wrong_field_gets_the_error_page(
    client: Any, tmp_path: Path, lang: str
) -> None:
    """Issue 40 item 5: one flow: the same page as a bad sheet's, the field marked."""
    path = sheet(tmp_path, "csv")
    files = {"sheet_file": (path.name, path.read_bytes())}
    typed = {**FORM, "quantity": "-5", "max_lead_days": "20", "lang": lang}
    answer = client.post("/quotecalc/report", data=typed, files=files)
    assert answer.status_code == 422
    title = {"en": "The form has errors", "zh": "表单有错误"}[lang]
    assert f"<h1>{title}</h1>" in answer.text
    assert 'id="answer"' not in answer.text  # no report: the form, kept
    rows = error_rows(answer.text)
    assert [code for code, _ in rows] == ["negative_value"]
    place = {"en": "quantity", "zh": "数量"}[lang]
    assert rows[0][1].startswith(f'<td><a href="#field-quantity">{place}</a></td>')
    control = re.search(r'<input type="text" name="quantity"[^>]*>', answer.text)
    assert control is not None
    assert 'aria-invalid="true"' in control.group() and 'value="-5"' in control.group()
    said = {"en": "Negative numbers are not allowed.", "zh": "不允许负数。"}[lang]
    assert f'<span class="field-error" id="field-quantity-error">{said}' in answer.text
    assert 'value="20"' in answer.text  # every other value kept
    if lang == "zh":
        assert CODE_WORD.findall(shown_text(answer.text)) == []


@pytestmark_http
def test_the_sheet_and_a_field_in_one_round_each_linking_its_control(
    client: Any, tmp_path: Path
) -> None:
    from test_http_page import ROWS

    rows = [list(row) for row in ROWS]
    rows[2][8] = "十四"  # I4: not a number
    path = sheet(tmp_path, "csv", rows)
    files = {"sheet_file": (path.name, path.read_bytes())}
    data = {**FORM, "weight_cost": "x", "max_suppliers": "2", "lang": "zh"}
    answer = client.post("/quotecalc/report", data=data, files=files)
    assert answer.status_code == 422
    found = error_rows(answer.text)
    links = [re.search(r'href="#field-([^"]+)"', row).group(1) for _, row in found]  # type: ignore[union-attr]
    # by hand: the intake's (its options before the sheet's cells), then the calculator's
    assert links == ["max_suppliers", "sheet_file", "weight_cost"]
    assert answer.text.count('aria-invalid="true"') == 3
    assert "<h1>无法读取报价表</h1>" in answer.text
    assert CODE_WORD.findall(shown_text(answer.text)) == []
