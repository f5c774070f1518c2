"""XLSX intake on real workbooks written by openpyxl (cached values added to the zip where
openpyxl cannot write them): numbers, float tails, formulas, every XLSX error at its cell,
and the templates read back (``docs/intake.md``)."""

# ruff: noqa: RUF001
from __future__ import annotations

import datetime
import io
import re
import sys
import time
import warnings
import zipfile
from pathlib import Path

import pytest

openpyxl = pytest.importorskip("openpyxl")

from intake_helpers import (  # noqa: E402
    inline_cell,
    replace_sheet_data,
    set_cached_values,
    write_xlsx,
)
from quotecalc.intake import Note, intake, read  # noqa: E402
from quotecalc.intake.headers import template_names  # noqa: E402
from quotecalc.intake.template import EXPLANATIONS, template_bytes  # noqa: E402

HEADER = ["供应商", "币种", "每包数量", "包价", "运费", "其他费用", "交期（天）"]
ROW = ["A", "CNY", 100, 35.5, 20, 0, 7]
QUOTE = {
    "supplierId": "A",
    "currency": "CNY",
    "packSize": "100",
    "packPrice": "35.5",
    "freight": "20",
    "otherFees": "0",
    "leadDays": "7",
}


def errors_of(path: Path, **options: str) -> list[tuple[str, str]]:
    result = intake(path, **options)
    assert result.request is None
    return [(error.code, error.cell) for error in result.errors]


def test_numeric_and_text_cells(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [HEADER, ROW, ["B", "CNY", 250.0, "80", 0.5, None, "7"]])
    assert read(path)["quotes"] == [
        QUOTE,
        {
            "supplierId": "B",
            "currency": "CNY",
            "packSize": "250",
            "packPrice": "80",
            "freight": "0.5",
            "leadDays": "7",
        },
    ]


def test_english_full_width_headers(tmp_path: Path) -> None:
    header = ["ＳＵＰＰＬＩＥＲ", "currency", " Pack size ", "PACK PRICE", "Freight", "Other fees"]
    path = write_xlsx(tmp_path / "q.xlsx", [[*header, "Lead days"], ROW])
    assert read(path)["quotes"] == [QUOTE]


def test_blank_unknown_marker_and_zero(tmp_path: Path) -> None:
    header = ["供应商", "最小起订包数", "包价", "运费", "其他费用", "交期（天）", "币种"]
    rows = [header, ["A", 0, None, "无", "0", "N/A", "  "]]
    assert read(write_xlsx(tmp_path / "q.xlsx", rows))["quotes"] == [
        {"supplierId": "A", "minimumPacks": "0", "otherFees": "0"}
    ]


@pytest.mark.parametrize(
    ("number_format", "expected"),
    [
        ("General", "35.2"),
        ("0.00", "35.2"),
        ("#,##0.00", "35.2"),
        ("0.0", "35.2"),
        ("0", None),
        ("0.00;[Red]-0.00", "35.2"),
        ("0.00E+00", "unsupported_number_format"),
    ],
)
def test_float_tail(tmp_path: Path, number_format: str, expected: str | None) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [HEADER, ROW], formats={"D2": number_format})
    set_cached_values(path, {"D2": "35.199999999999996"})
    result = intake(path)
    if expected is None or not expected[0].isdigit():
        code = expected or "float_tail_not_displayed"
        assert [(e.code, e.cell) for e in result.errors] == [(code, "Sheet1!D2")]
        return
    assert result.request is not None
    assert result.request["quotes"][0]["packPrice"] == expected
    assert result.notes == (Note("float_tail_rounded", "Sheet1!D2"),)


def test_short_float_needs_no_note(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [HEADER, ROW], formats={"D2": "0.0"})
    set_cached_values(path, {"D2": "35.2"})
    result = intake(path)
    assert result.request is not None and result.notes == ()
    assert result.request["quotes"][0]["packPrice"] == "35.2"


def test_formulas_with_and_without_cached_values(tmp_path: Path) -> None:
    rows = [HEADER, ["A", "CNY", 100, "=30+5.5", "=10*2", 0, 7]]
    path = write_xlsx(tmp_path / "q.xlsx", rows)
    assert errors_of(path) == [
        ("formula_without_value", "Sheet1!D2"),
        ("formula_without_value", "Sheet1!E2"),
    ]
    set_cached_values(path, {"D2": "35.5"})
    assert errors_of(path) == [("formula_without_value", "Sheet1!E2")]
    set_cached_values(path, {"E2": "20"})
    assert read(path)["quotes"] == [QUOTE]


def test_formula_cells_as_excel_and_openpyxl_write_them(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [["supplierId"]])
    data = [
        f'<row r="1">{inline_cell("A1", "supplierId")}{inline_cell("B1", "规格")}',
        inline_cell("C1", "运费") + "</row>",
        # a cached empty text result is blank; a cached number is that number
        '<row r="2"><c r="A2" t="str"><f>"A"</f><v>A</v></c>',
        '<c r="B2" t="str"><f>""</f><v></v></c><c r="C2"><f>1+1</f><v>2</v></c></row>',
        # no <v> at all, and openpyxl's own empty <v/>: no cached value
        '<row r="3"><c r="A3" t="str"><f>"B"</f><v>B</v></c><c r="C3"><f>1+1</f></c></row>',
        '<row r="4"><c r="A4" t="str"><f>"C"</f><v>C</v></c><c r="C4"><f>1+1</f><v/></c></row>',
    ]
    replace_sheet_data(path, "".join(data))
    assert errors_of(path) == [
        ("formula_without_value", "Sheet1!C3"),
        ("formula_without_value", "Sheet1!C4"),
    ]
    replace_sheet_data(path, "".join(data[:4]))
    assert read(path)["quotes"] == [{"supplierId": "A", "freight": "2"}]


def test_far_cells_are_reported_once_per_row(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [["supplierId"]])
    data = [f'<row r="1">{inline_cell("A1", "supplierId")}{inline_cell("XFD1", "x")}</row>']
    data += [
        f'<row r="{n}">{inline_cell(f"A{n}", f"S{n}")}<c r="BM{n}"><f>1</f></c>'
        f'<c r="BN{n}"><v>1</v></c></row>'
        for n in range(2, 12)
    ]
    replace_sheet_data(path, "".join(data))
    expected = [("too_many_columns", "Sheet1!XFD1")]
    expected += [("too_many_columns", f"Sheet1!BM{n}") for n in range(2, 12)]
    assert errors_of(path) == expected


def test_every_xlsx_cell_error_at_its_cell(tmp_path: Path) -> None:
    rows = [
        HEADER,
        [1001, "CNY", True, datetime.date(2024, 5, 1), "#DIV/0!", 0.05, 7],
        ["B", "CNY", 100, 35.5, 20, "1,000", -3],
        ["C", "CNY", 2.5, 1e16, 20, 0, 7],
    ]
    path = write_xlsx(tmp_path / "q.xlsx", rows, formats={"F2": "0%"}, merged=["A5:B5"])
    assert errors_of(path) == [
        ("number_in_text_column", "Sheet1!A2"),
        ("boolean_cell", "Sheet1!C2"),
        ("date_cell", "Sheet1!D2"),
        ("error_cell", "Sheet1!E2"),
        ("percent_format", "Sheet1!F2"),
        ("thousands_separator", "Sheet1!F3"),
        ("negative_value", "Sheet1!G3"),
        ("not_integer", "Sheet1!C4"),
        ("out_of_range", "Sheet1!D4"),
        ("merged_cells", "Sheet1!A5"),
    ]


def test_merged_cells_anywhere_are_refused(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [HEADER, ROW, ROW], merged=["A2:A3"])
    assert ("merged_cells", "Sheet1!A2") in errors_of(path)


def test_sheet_choice_and_quoted_sheet_names(tmp_path: Path) -> None:
    path = write_xlsx(
        tmp_path / "q.xlsx", [HEADER, ["A", "CNY", 100, "1%", 20, 0, 7]], title="My quotes"
    )
    assert errors_of(path) == [("percent_sign", "'My quotes'!D2")]
    assert errors_of(path, sheet="Other") == [("sheet_not_found", "")]
    assert errors_of(path, encoding="gb18030") == [("invalid_option", "")]  # CSV options
    assert errors_of(path, delimiter=";") == [("invalid_option", "")]
    second = write_xlsx(tmp_path / "two.xlsx", [HEADER, ROW], title="报价", extra_sheets=["Notes"])
    assert read(second)["quotes"] == [QUOTE]  # the active sheet by default (the first here)
    # a first row that names no field is one error (a title row above the header)
    assert errors_of(second, sheet="Notes") == [("missing_header", "Notes!1:1")]


def test_data_right_of_column_bl(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [HEADER, ROW])
    data = [
        '<row r="1">'
        + "".join(inline_cell(f"{c}1", n) for c, n in zip("ABCDEFG", HEADER, strict=True)),
        inline_cell("XFD1", "x") + "</row>",
        '<row r="2">'
        + "".join(inline_cell(f"{c}2", str(v)) for c, v in zip("ABCDEFG", ROW, strict=True)),
        '<c r="BL2"><v>1</v></c><c r="BM2" s="0"/><c r="CV2"><v>7</v></c><c r="CW2"><v>8</v></c>',
        "</row>",
    ]
    replace_sheet_data(path, "".join(data))
    assert errors_of(path) == [  # BM2 is blank; CW2 is the second far cell of its row
        ("unnamed_column", "Sheet1!BL1"),
        ("too_many_columns", "Sheet1!XFD1"),
        ("too_many_columns", "Sheet1!CV2"),
    ]


def test_a_sparse_sheet_costs_its_rows_not_its_width(tmp_path: Path) -> None:
    """9998 rows with one blank cell at XFD and a quote at row 10000: read without padding
    any row to 16384 cells (which would be 160 million cells)."""
    path = write_xlsx(tmp_path / "q.xlsx", [["supplierId"]])
    data = [f'<row r="1">{inline_cell("A1", "supplierId")}</row>']
    data += [f'<row r="{n}"><c r="XFD{n}" s="0"/></row>' for n in range(2, 10000)]
    data.append(f'<row r="10000">{inline_cell("A10000", "A")}</row>')
    replace_sheet_data(path, "".join(data))
    started = time.monotonic()
    assert read(path)["quotes"] == [{"supplierId": "A"}]
    assert time.monotonic() - started < 30  # about 0.3 s alone


def test_too_many_rows(tmp_path: Path) -> None:
    rows = [["supplierId"], *([f"S{n}"] for n in range(101))]
    assert errors_of(write_xlsx(tmp_path / "q.xlsx", rows)) == [("too_many_rows", "Sheet1!102:102")]


def test_unreadable_workbook(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    assert errors_of(bad) == [("xlsx_unreadable", "")]
    # (an oversized expansion is in test_intake_error_codes.py)


def test_xml_entities_are_not_expanded(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [HEADER, ROW])
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    xml = members["xl/worksheets/sheet1.xml"]
    members["xl/worksheets/sheet1.xml"] = (
        b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">]>' + xml
    )
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    assert errors_of(path) == [("xlsx_unreadable", "")]


def test_openpyxl_warnings_stay_inside(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [HEADER, ROW])
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    # Without named cell styles openpyxl warns "Workbook contains no default style".
    members["xl/styles.xml"] = re.sub(
        rb"<cellStyles.*?</cellStyles>", b"", members["xl/styles.xml"], flags=re.DOTALL
    )
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert read(path)["quotes"] == [QUOTE]
    assert caught == []


def test_without_openpyxl_one_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [HEADER, ROW])
    monkeypatch.setitem(sys.modules, "openpyxl", None)
    assert errors_of(path) == [("xlsx_support_missing", "")]


# ---- templates -------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_xlsx_template_reads_back(tmp_path: Path, lang: str) -> None:
    data = template_bytes(lang, xlsx=True)
    workbook = openpyxl.load_workbook(io.BytesIO(data))
    quotes, notes = workbook.worksheets
    assert [cell.value for cell in quotes[1]] == list(template_names(lang))
    rows = list(notes.iter_rows(values_only=True))
    assert rows[1][:2] == (template_names(lang)[0], "supplierId")
    meaning = 0 if lang == "zh" else 1
    assert [row[2] for row in rows[1:13]] == [value[meaning] for value in EXPLANATIONS.values()]
    quotes.append(["A", "M6", "CNY", 100, 0, 35.5, 20, 0, 7, None, 4, "1-5"])
    path = tmp_path / "filled.xlsx"
    workbook.save(path)
    assert read(path)["quotes"][0]["qualityScore"] == "4"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_csv_template_is_a_bom_header_row(tmp_path: Path, lang: str) -> None:
    data = template_bytes(lang, xlsx=False)
    assert data.startswith(b"\xef\xbb\xbf") and data.endswith(b"\r\n")
    assert data[3:-2].decode().split(",") == list(template_names(lang))
    path = tmp_path / "t.csv"
    path.write_bytes(data + b"A,M6,CNY,100,0,35.5,20,0,7,,4,1-5\r\n")
    assert read(path)["quotes"][0]["packPrice"] == "35.5"
