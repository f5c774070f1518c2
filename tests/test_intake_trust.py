"""The trust rules of issue 18 on files from real writers: xlsxwriter and pandas (written here),
LibreOffice 7.4 (committed fixtures, ``tests/data/intake/libreoffice/``, made by its
``make_fixtures.py``): every rule at its cell, in English and in Chinese, and each relaxing
flag with its note (``docs/intake.md``, "Trust rules")."""

# ruff: noqa: RUF001
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("openpyxl")

from conftest import ROOT
from intake_helpers import rewrite_member, write_csv, xlsxwriter_book
from quotecalc.intake import IntakeFailed, Note, intake, read
from quotecalc.intake import __main__ as intake_main
from quotecalc.intake.messages import TEXTS

LIBREOFFICE = ROOT / "tests" / "data" / "intake" / "libreoffice"
HEADER = ["供应商", "规格", "币种", "每包数量", "包价", "运费"]


def errors_of(path: Path, **options: Any) -> list[tuple[str, str]]:
    result = intake(path, **options)
    assert result.request is None
    return [(error.code, error.cell) for error in result.errors]


def document(argv: list[str]) -> tuple[int, dict[str, Any], bytes]:
    stdout, stderr = io.BytesIO(), io.BytesIO()
    code = intake_main.main(argv, stdout, stderr)
    return code, json.loads(stdout.getvalue()), stderr.getvalue()


def check_languages(path: Path, code: str, cell: str, *extra: str) -> None:
    """The command line names ``code`` at ``cell`` with its English, then Chinese message
    and hint (the table's texts; the zh ones are Chinese, not the English again)."""
    for lang in ("en", "zh"):
        exit_code, doc, _ = document([str(path), *extra, "--lang", lang])
        assert exit_code == 2
        entries = [entry for entry in doc["errors"] if entry["code"] == code]
        assert [entry["cell"] for entry in entries][:1] == [cell]
        text = TEXTS[code]
        assert entries[0]["message"] == (text.zh if lang == "zh" else text.en)
        assert entries[0]["hint"] == (text.hint_zh if lang == "zh" else text.hint_en)
    assert any("\u4e00" <= char <= "\u9fff" for char in TEXTS[code].zh)


def quotes(path: Path, **options: Any) -> list[dict[str, str]]:
    request = read(path, **options)
    result: list[dict[str, str]] = request["quotes"]
    return result


# ---- formulas: xlsxwriter and pandas save placeholders and ask for a recalculation -------
def test_xlsxwriter_formula_placeholders_are_not_read(tmp_path: Path) -> None:
    """The issue's case: packPrice =D2*100 and freight =10+10 saved as 0 would have ranked
    supplier A first with a landed total of 20."""
    rows = [
        HEADER,
        ["A", "M6 bolt", "CNY", 100, "=35+0.2", "=10+10"],
        ["B", "M6 bolt", "CNY", 100, 36, 20],
    ]
    path = xlsxwriter_book(tmp_path / "xw.xlsx", rows)
    with zipfile.ZipFile(path) as archive:  # what xlsxwriter writes, as the issue says
        assert b'fullCalcOnLoad="1"' in archive.read("xl/workbook.xml")
        assert b"<f>35+0.2</f><v>0</v>" in archive.read("xl/worksheets/sheet1.xml")
    assert errors_of(path) == [
        ("formula_without_value", "Sheet1!E2"),
        ("formula_without_value", "Sheet1!F2"),
    ]
    check_languages(path, "formula_without_value", "Sheet1!E2")


def test_xlsxwriter_values_without_formulas_are_read(tmp_path: Path) -> None:
    path = xlsxwriter_book(tmp_path / "xw.xlsx", [HEADER, ["B", "M6 bolt", "CNY", 100, 36, 20]])
    assert quotes(path) == [
        {
            "supplierId": "B",
            "specification": "M6 bolt",
            "currency": "CNY",
            "packSize": "100",
            "packPrice": "36",
            "freight": "20",
        }
    ]


def test_a_saved_value_is_trusted_once_no_recalculation_is_asked(tmp_path: Path) -> None:
    rows = [HEADER, ["A", "M6 bolt", "CNY", 100, "=35+0.2", 20]]
    path = xlsxwriter_book(tmp_path / "xw.xlsx", rows)

    def saved(xml: bytes) -> bytes:  # as Excel would save it: the value, no fullCalcOnLoad
        return xml.replace(b"<f>35+0.2</f><v>0</v>", b"<f>35+0.2</f><v>35.2</v>")

    rewrite_member(path, "xl/worksheets/sheet1.xml", saved)
    assert errors_of(path) == [("formula_without_value", "Sheet1!E2")]  # still asked
    rewrite_member(path, "xl/workbook.xml", lambda xml: xml.replace(b' fullCalcOnLoad="1"', b""))
    assert quotes(path)[0]["packPrice"] == "35.2"
    rewrite_member(
        path,
        "xl/workbook.xml",
        lambda xml: xml.replace(b"<calcPr", b'<calcPr fullCalcOnLoad="true"'),
    )
    assert errors_of(path) == [("formula_without_value", "Sheet1!E2")]


def test_pandas_to_excel_with_its_default_engine(tmp_path: Path) -> None:
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(
        {"supplierId": ["A", "B"], "packPrice": ["=35+0.2", 36], "currency": ["CNY", "CNY"]}
    )
    path = tmp_path / "pandas.xlsx"
    frame.to_excel(path, index=False)
    assert errors_of(path) == [("formula_without_value", "Sheet1!B2")]
    plain = tmp_path / "plain.xlsx"
    frame.assign(packPrice=[35.2, 36]).to_excel(plain, index=False)
    assert [quote["packPrice"] for quote in quotes(plain)] == ["35.2", "36"]


def test_a_csv_formula_is_a_formula_without_value(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "包价"], ["A", "=35*1"], ["B", "36"]])
    assert errors_of(path) == [("formula_without_value", "B2")]


# ---- LibreOffice files ---------------------------------------------------------------------
def test_the_fixtures_were_written_by_libreoffice() -> None:
    for path in sorted(LIBREOFFICE.glob("*.xlsx")):
        with zipfile.ZipFile(path) as archive:
            assert b"<Application>LibreOffice/7.4" in archive.read("docProps/app.xml"), path
            assert b"fullCalcOnLoad" not in archive.read("xl/workbook.xml"), path
    assert len(list(LIBREOFFICE.glob("*.xlsx"))) == 7
    assert len(list((LIBREOFFICE / "inputs").glob("*.fods"))) == 6


def test_libreoffice_saves_formula_results_which_are_read() -> None:
    assert [
        (quote["packPrice"], quote["freight"]) for quote in quotes(LIBREOFFICE / "formulas.xlsx")
    ] == [
        ("35.5", "20"),
        ("36", "0"),
    ]


def test_hidden_row_is_an_error_or_read_with_a_note() -> None:
    path = LIBREOFFICE / "hidden-row.xlsx"
    assert errors_of(path) == [("hidden_cell", "Quotes!A3")]
    check_languages(path, "hidden_cell", "Quotes!A3")
    result = intake(path, include_hidden=True)
    assert result.request is not None
    assert [quote["supplierId"] for quote in result.request["quotes"]] == ["A", "B", "C"]
    assert result.notes == (Note("hidden_cell_read", "Quotes!A3"),)


def test_hidden_column_is_an_error_at_its_header() -> None:
    path = LIBREOFFICE / "hidden-column.xlsx"
    assert errors_of(path) == [("hidden_cell", "Quotes!F1")]
    result = intake(path, include_hidden=True)
    assert result.request is not None
    assert [quote["freight"] for quote in result.request["quotes"]] == ["20", "20"]


def test_totals_rows_are_errors_or_skipped_with_notes() -> None:
    path = LIBREOFFICE / "totals.xlsx"
    assert errors_of(path) == [("totals_row", "Quotes!4:4"), ("totals_row", "Quotes!5:5")]
    check_languages(path, "totals_row", "Quotes!4:4")
    result = intake(path, skip_totals=True)
    assert result.request is not None
    assert [quote["supplierId"] for quote in result.request["quotes"]] == ["A", "B"]
    assert result.notes == (
        Note("totals_row_skipped", "Quotes!4:4"),
        Note("totals_row_skipped", "Quotes!5:5"),
    )


def test_a_euro_format_in_a_yuan_row() -> None:
    path = LIBREOFFICE / "currency.xlsx"
    assert errors_of(path) == [("currency_format_mismatch", "Quotes!E2")]
    check_languages(path, "currency_format_mismatch", "Quotes!E2")


def test_surrounding_spaces_are_errors_or_trimmed_with_notes() -> None:
    path = LIBREOFFICE / "whitespace.xlsx"
    assert errors_of(path) == [
        ("surrounding_whitespace", "Quotes!B2"),
        ("surrounding_whitespace", "Quotes!A3"),
    ]
    check_languages(path, "surrounding_whitespace", "Quotes!B2")
    # trimmed, "C " and "C" are one supplier twice: the split the spaces hid
    trimmed = intake(path, trim=True)
    assert [(error.code, error.cell) for error in trimmed.errors] == [
        ("duplicate_supplier_id", "Quotes!A4")
    ]
    assert trimmed.notes == (
        Note("whitespace_trimmed", "Quotes!B2"),
        Note("whitespace_trimmed", "Quotes!A3"),
    )


def test_the_active_visible_sheet_is_read_and_a_hidden_one_only_by_name(tmp_path: Path) -> None:
    path = LIBREOFFICE / "hidden-sheet.xlsx"
    assert [quote["supplierId"] for quote in quotes(path)] == ["A"]  # not the hidden first
    result = intake(path, sheet="Old")
    assert result.request is not None and result.request["quotes"][0]["supplierId"] == "OLD"
    assert result.notes == (Note("hidden_sheet_read", ""),)
    # the active tab pointing at the hidden sheet: no visible sheet is read unnamed
    copy = tmp_path / "active-hidden.xlsx"
    copy.write_bytes(path.read_bytes())
    rewrite_member(
        copy, "xl/workbook.xml", lambda xml: xml.replace(b'activeTab="1"', b'activeTab="0"')
    )
    assert errors_of(copy) == [("sheet_hidden", "")]
    check_languages(copy, "sheet_hidden", "")
    assert intake(copy).errors[0].option == "--sheet"


# ---- the currency of the row: its cell, else --currency ----------------------------------
@pytest.mark.parametrize(
    ("number_format", "currency", "refused"),
    [
        ('"€"#,##0.00', "CNY", True),
        ('"€"#,##0.00', "EUR", False),
        ("[$$-409]#,##0.00", "USD", False),
        ("[$$-409]#,##0.00", "CNY", True),
        ('"USD" 0.00', "USD", False),
        ('"USD" 0.00', "EUR", True),
        ("¥#,##0", "JPY", False),
        ("0.00", "EUR", False),  # no currency shown
    ],
)
def test_root_currency_against_the_cell_format(
    tmp_path: Path, number_format: str, currency: str, refused: bool
) -> None:
    import xlsxwriter

    path = tmp_path / "q.xlsx"
    workbook = xlsxwriter.Workbook(str(path))
    sheet = workbook.add_worksheet()
    sheet.write_row(0, 0, ["供应商", "包价"])
    sheet.write(1, 0, "A")
    sheet.write_number(1, 1, 35, workbook.add_format({"num_format": number_format}))
    workbook.close()
    result = intake(path, currency=currency)
    if refused:
        assert [(error.code, error.cell) for error in result.errors] == [
            ("currency_format_mismatch", "Sheet1!B2")
        ]
    else:
        assert result.request is not None and result.request["quotes"][0]["packPrice"] == "35"
    assert intake(path).request is not None  # no currency known: nothing to compare


# ---- the Python door for the HTTP analyst page (issue 21) ----------------------------------
def test_read_takes_the_language_and_the_flags() -> None:
    with pytest.raises(IntakeFailed) as raised:
        read(LIBREOFFICE / "totals.xlsx", lang="zh", currency="CNY")
    assert raised.value.lang == "zh"
    entries = json.loads(raised.value.document())["errors"]
    assert entries[0]["message"] == TEXTS["totals_row"].zh
    assert (
        read(LIBREOFFICE / "totals.xlsx", skip_totals=True, lang="zh")["quotes"][1]["supplierId"]
        == "B"
    )
    assert [(e.code, e.option) for e in intake(LIBREOFFICE / "totals.xlsx", lang="fr").errors] == [
        ("invalid_option", "--lang")
    ]


def test_the_notes_follow_the_language() -> None:
    code, _, stderr = document([str(LIBREOFFICE / "totals.xlsx"), "--skip-totals", "--lang", "zh"])
    assert code == 0
    lines = [json.loads(line) for line in stderr.splitlines()]
    assert [line["code"] for line in lines] == ["totals_row_skipped", "totals_row_skipped"]
    assert lines[0]["message"] == "已跳过合计行（--skip-totals）。"


def test_xlsxwriter_hidden_rows_columns_and_totals(tmp_path: Path) -> None:
    import xlsxwriter

    path = tmp_path / "xw.xlsx"
    workbook = xlsxwriter.Workbook(str(path))
    sheet = workbook.add_worksheet()
    for number, row in enumerate(
        [HEADER, ["A", "M6 bolt", "CNY", 100, 35, 20], ["B", "M6 bolt", "CNY", 100, 36, 0]]
    ):
        sheet.write_row(number, 0, row)
    sheet.write_row(3, 0, ["Total", None, None, None])
    sheet.write_formula(3, 4, "=SUM(E2:E3)")  # a totals row: not read, whatever its value
    sheet.set_row(2, None, None, {"hidden": True})
    workbook.close()
    assert errors_of(path) == [("hidden_cell", "Sheet1!A3"), ("totals_row", "Sheet1!4:4")]
    result = intake(path, include_hidden=True, skip_totals=True)
    assert result.request is not None
    assert [quote["supplierId"] for quote in result.request["quotes"]] == ["A", "B"]
    assert result.notes == (
        Note("hidden_cell_read", "Sheet1!A3"),
        Note("totals_row_skipped", "Sheet1!4:4"),
    )
    workbook = xlsxwriter.Workbook(str(path))
    sheet = workbook.add_worksheet()
    sheet.write_row(0, 0, [*HEADER, "备注"])
    sheet.write_row(1, 0, ["A", "M6 bolt", "CNY", 100, 35, 20, "note"])
    sheet.set_column(6, 6, None, None, {"hidden": True})
    workbook.close()
    # a remarks column is not read, but data hidden in it is still a hidden cell
    assert errors_of(path) == [("hidden_cell", "Sheet1!G1")]
