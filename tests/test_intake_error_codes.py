"""Every intake error code, each from one real file or command line, at its exact cell; the
table must name every code of the message table (``docs/intake.md``, "Errors")."""

from __future__ import annotations

import datetime
import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from intake_helpers import (
    inline_cell,
    padded_styles,
    replace_sheet_data,
    rewrite_member,
    set_cached_values,
    tiny_shared_strings,
    write_csv,
    write_xlsx,
)
from quotecalc.intake import __main__ as intake_main
from quotecalc.intake import intake
from quotecalc.intake.csv_reader import MAX_FILE_BYTES
from quotecalc.intake.errors import MESSAGES
from quotecalc.intake.workbook import MAX_PART_BYTES
from quotecalc.intake.xlsx_reader import MAX_EXPANDED_BYTES

Build = Callable[[Path], tuple[Path, dict[str, str]]]
# Encrypted by msoffcrypto-tool as Excel does (tests/data/intake/encrypted/make_fixture.py).
ENCRYPTED = Path(__file__).parent / "data" / "intake" / "encrypted" / "quotes-password-1234.xlsx"
HEAD = ["供应商", "包价", "币种", "规格", "每包数量"]
TAIL = "35.199999999999996"


def csv_case(*rows: list[str], **options: str) -> Build:
    return lambda folder: (write_csv(folder / "q.csv", [list(row) for row in rows]), options)


def xlsx_case(*rows: list[Any], formats: dict[str, str] | None = None, **extra: Any) -> Build:
    def build(folder: Path) -> tuple[Path, dict[str, str]]:
        pytest.importorskip("openpyxl")
        # Read, never pop: a case is built again each time its test runs in one process
        # (mutmut runs the suite twice in one interpreter), and must build the same file.
        written = {key: value for key, value in extra.items() if key not in ("cached", "options")}
        cached = extra.get("cached", {})
        options = extra.get("options", {})
        path = write_xlsx(
            folder / "q.xlsx", [list(row) for row in rows], formats=formats, **written
        )
        if cached:
            set_cached_values(path, cached)
        return path, options

    return build


def raw_case(name: str, data: bytes, **options: str) -> Build:
    def build(folder: Path) -> tuple[Path, dict[str, str]]:
        if name.endswith(".xlsx"):
            pytest.importorskip("openpyxl")
        (folder / name).write_bytes(data)
        return folder / name, options

    return build


def zip_bomb(folder: Path) -> tuple[Path, dict[str, str]]:
    pytest.importorskip("openpyxl")
    path = folder / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("xl/big.xml", b"\0" * (MAX_EXPANDED_BYTES + 1))
    return path, {}


def sparse_sheet(rows: int) -> Build:
    """A header, ``rows`` rows holding one styled blank cell at XFD, and a quote at the
    sheet's last row: Excel's extremes, which openpyxl would walk row by row."""

    def build(folder: Path) -> tuple[Path, dict[str, str]]:
        pytest.importorskip("openpyxl")
        path = write_xlsx(folder / "q.xlsx", [["supplierId"]])
        data = [f'<row r="1">{inline_cell("A1", "supplierId")}</row>']
        data += [f'<row r="{n}"><c r="XFD{n}" s="0"/></row>' for n in range(2, rows + 2)]
        data.append(f'<row r="1048576">{inline_cell("A1048576", "A")}</row>')
        return replace_sheet_data(path, "".join(data)), {}

    return build


def deep_cell(folder: Path) -> tuple[Path, dict[str, str]]:
    """A cell nesting 40 ``<r>`` (a sheet nests about 8 deep)."""
    pytest.importorskip("openpyxl")
    path = write_xlsx(folder / "q.xlsx", [["supplierId"]])
    cell = '<c r="A2" t="inlineStr"><is>' + "<r>" * 40 + "</r>" * 40 + "</is></c>"
    data = f'<row r="1">{inline_cell("A1", "supplierId")}</row><row r="2">{cell}</row>'
    return replace_sheet_data(path, data), {}


def patched(build: Build, member: str, transform: Callable[[bytes], bytes]) -> Build:
    """``build``'s workbook with one member rewritten."""

    def patch(folder: Path) -> tuple[Path, dict[str, str]]:
        path, options = build(folder)
        return rewrite_member(path, member, transform), options

    return patch


def row(supplier: str = "A", price: Any = "1", currency: str = "CNY") -> list[Any]:
    return [supplier, price, currency, "M6", "100"]


CASES: dict[str, tuple[Build, str]] = {
    "invalid_option": (csv_case(HEAD, row(), weights="cost"), ""),
    "unknown_encoding": (csv_case(HEAD, row(), encoding="nope"), ""),
    "file_not_found": (lambda folder: (folder / "absent.csv", {}), ""),
    "file_too_large": (raw_case("big.csv", b"A" * (MAX_FILE_BYTES + 1)), ""),
    "unsupported_file_type": (raw_case("q.xls", b"\xd0\xcf\x11\xe0"), ""),
    "xlsx_unreadable": (raw_case("q.xlsx", b"not a zip"), ""),
    "xlsx_encrypted": (raw_case("q.xlsx", ENCRYPTED.read_bytes()), ""),
    "xlsx_too_large_uncompressed": (zip_bomb, ""),
    "xlsx_too_complex": (deep_cell, "Sheet1!A2"),
    "sheet_not_found": (xlsx_case(HEAD, row(), options={"sheet": "x"}), ""),
    "undecodable_text": (raw_case("q.csv", "supplierId\nA\n乙\n".encode("gb18030")), "3:3"),
    "malformed_csv": (raw_case("q.csv", b'supplierId\n"A"B\n'), "2:2"),
    "missing_header": (csv_case(["", ""], row()), "1:1"),
    "missing_supplier_column": (csv_case(["包价"], ["1"]), "1:1"),
    "unknown_column": (csv_case([*HEAD, "颜色"], row()), "F1"),
    "ambiguous_column": (csv_case([*HEAD, "MOQ"], [*row(), "5"]), "F1"),
    "unit_in_value": (csv_case(HEAD, row(price="0.36万")), "B2"),
    "unit_price_needs_pack_size": (
        csv_case(["供应商", "单价", "币种", "规格", "每包数量"], [*row()[:4], ""]),
        "B2",
    ),
    "duplicate_column": (csv_case([*HEAD, "Pack price"], row()), "F1"),
    "unnamed_column": (csv_case([*HEAD, "", "运费"], [*row(), "x", "0"]), "F1"),
    "cell_outside_header": (csv_case(HEAD, [*row(), "", "x"]), "G2"),
    "too_many_columns": (csv_case(HEAD, [*row(), *[""] * 59, "x"]), "BM2"),
    "no_quotes": (csv_case(HEAD), "2:2"),
    "sheet_too_large": (sparse_sheet(10000), "Sheet1!10001:10001"),
    "too_many_rows": (csv_case(["供应商"], *([f"S{n}"] for n in range(101))), "102:102"),
    "thousands_separator": (csv_case(HEAD, row(price="1,000")), "B2"),
    "percent_sign": (csv_case(HEAD, row(price="5%")), "B2"),
    "currency_symbol": (csv_case(HEAD, row(price="￥5")), "B2"),
    "number_in_text_column": (xlsx_case(HEAD, row(supplier=1001)), "Sheet1!A2"),
    "date_cell": (xlsx_case(HEAD, row(price=datetime.date(2024, 1, 2))), "Sheet1!B2"),
    "boolean_cell": (xlsx_case(HEAD, row(price=False)), "Sheet1!B2"),
    "error_cell": (xlsx_case(HEAD, row(price="#VALUE!")), "Sheet1!B2"),
    "formula_without_value": (xlsx_case(HEAD, row(price="=2*3")), "Sheet1!B2"),
    "percent_format": (xlsx_case(HEAD, row(price=0.5), formats={"B2": "0.00%"}), "Sheet1!B2"),
    "unsupported_number_format": (
        xlsx_case(HEAD, row(price=35.2), formats={"B2": "0.00E+00"}, cached={"B2": TAIL}),
        "Sheet1!B2",
    ),
    "float_tail_not_displayed": (
        xlsx_case(HEAD, row(price=35.2), formats={"B2": "0"}, cached={"B2": TAIL}),
        "Sheet1!B2",
    ),
    "value_not_displayed": (xlsx_case(HEAD, row(price=35.2), formats={"B2": ";;;"}), "Sheet1!B2"),
    "display_rounds_value": (xlsx_case(HEAD, row(price=35.25), formats={"B2": "0"}), "Sheet1!B2"),
    "display_scales_value": (
        xlsx_case(HEAD, row(price=35200), formats={"B2": "#,##0,"}),
        "Sheet1!B2",
    ),
    "invisible_character": (csv_case(HEAD, row(supplier="A-Corp\u200b")), "A2"),
    "merged_cells": (xlsx_case(HEAD, row(), row("B"), merged=["C2:C3"]), "Sheet1!C2"),
    "shared_strings_too_large": (
        patched(
            xlsx_case(HEAD, row()),
            "xl/sharedStrings.xml",
            lambda _: tiny_shared_strings(MAX_PART_BYTES + 100),
        ),
        "",
    ),
    "styles_too_large": (
        patched(
            xlsx_case(HEAD, row()), "xl/styles.xml", lambda _: padded_styles(MAX_PART_BYTES + 100)
        ),
        "",
    ),
    "sheet_hidden": (
        patched(
            xlsx_case(HEAD, row(), extra_sheets=["Notes"]),
            "xl/workbook.xml",
            lambda xml: xml.replace(b'state="visible"', b'state="hidden"', 1),
        ),
        "",
    ),
    "hidden_cell": (
        patched(
            xlsx_case(HEAD, row(), row("B")),
            "xl/worksheets/sheet1.xml",
            lambda xml: xml.replace(b'<row r="3"', b'<row r="3" hidden="1"'),
        ),
        "Sheet1!A3",
    ),
    "totals_row": (csv_case(HEAD, row(), ["合计", "", "", "", ""]), "3:3"),
    "currency_format_mismatch": (
        xlsx_case(HEAD, row(price=35), formats={"B2": '"€"#,##0.00'}),
        "Sheet1!B2",
    ),
    "surrounding_whitespace": (csv_case(HEAD, row(supplier="A ")), "A2"),
    # units and currency names (issue 27)
    "unknown_header_unit": (csv_case(["供应商", "包价(百元)", "币种"], ["A", "1", "CNY"]), "B1"),
    "unit_conflict": (
        xlsx_case(["供应商", "包价(元)", "币种"], ["A", 35.2, "CNY"], formats={"B2": '0.00"万元"'}),
        "Sheet1!B2",
    ),
    "unit_value_too_precise": (
        csv_case(["供应商", "Pack price (kCNY)", "币种"], ["A", "0.0000000001", "CNY"]),
        "B2",
    ),
    "column_currency_mismatch": (
        csv_case(["供应商", "运费(万元)", "币种"], ["A", "1", "USD"]),
        "B2",
    ),
    "ambiguous_currency": (csv_case(HEAD, row(currency="$")), "C2"),
    "currency_not_iso": (csv_case(HEAD, row(currency="US$")), "C2"),
    # the calculator's own quote-field codes, at their cells
    "missing_required": (csv_case(HEAD, row(), row(supplier="无")), "A3"),
    "duplicate_supplier_id": (csv_case(HEAD, row(), row()), "A3"),
    "invalid_number_format": (csv_case(HEAD, row(price="1,5")), "B2"),
    "exponent_not_allowed": (csv_case(HEAD, row(price="1e3")), "B2"),
    "too_many_decimals": (csv_case(HEAD, row(price="0.1234567")), "B2"),
    "number_too_long": (csv_case(HEAD, row(price="1" * 49)), "B2"),
    "negative_value": (csv_case(HEAD, row(price="-1")), "B2"),
    "non_finite_number": (csv_case(HEAD, row(price="Infinity")), "B2"),
    "out_of_range": (csv_case(HEAD, row(price="1000000000000001")), "B2"),
    "not_integer": (csv_case(HEAD, [*row()[:4], "1.5"]), "E2"),
    "string_too_long": (csv_case(HEAD, row(supplier="x" * 65)), "A2"),
    "invalid_currency": (csv_case(HEAD, row(currency="RMB元")), "C2"),
}
# Codes that need a command line or a broken environment: tested below and elsewhere.
ELSEWHERE = {"invalid_arguments", "xlsx_support_missing", "internal_error"}
# The codes only an event workbook gives (issue 26), each at its cell in test_intake_event.py.
EVENT_CODES = {
    "event_needs_workbook",
    "event_sheet_missing",
    "duplicate_sheet",
    "event_sheet_hidden",
    "missing_item_column",
    "no_rows",
    "incomplete_pair",
    "supplier_values_differ",
    "supplier_column_twice",
    "supplier_not_listed",
    "supplier_without_offers",
    "duplicate_item_id",
    "unknown_item",
    "duplicate_offer",
    "too_many_rate_decimals",
    "invalid_date",
    "same_currency_pair",
    "duplicate_rate_pair",
    "unknown_balance_supplier",
    "unknown_balance_item",
}


def test_the_table_names_every_code() -> None:
    """(Also when openpyxl is missing: the XLSX cases then skip, the table stays complete.)"""
    assert set(CASES) | ELSEWHERE | EVENT_CODES == set(MESSAGES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_at_its_cell(tmp_path: Path, code: str) -> None:
    build, cell = CASES[code]
    path, options = build(tmp_path)
    result = intake(path, **options)
    assert result.request is None
    assert [(error.code, error.cell) for error in result.errors] == [(code, cell)]


def test_invalid_arguments_in_process() -> None:
    stdout, stderr = io.BytesIO(), io.BytesIO()
    assert intake_main.main(["--template"], stdout, stderr) == 2
    assert b'"code":"invalid_arguments","cell":""' in stdout.getvalue()


def test_internal_error_is_one_document_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    def broken(*args: object) -> int:
        raise RuntimeError("secret-detail")

    monkeypatch.setattr(intake_main, "main", broken)
    assert intake_main.run() == 1
    out, err = capsysbinary.readouterr()
    assert out == (
        b'{"schemaVersion":1,"errors":[{"code":"internal_error","cell":"","message":"'
        + MESSAGES["internal_error"].encode()
        + b'"}]}\n'
    )
    assert b"secret-detail" not in out + err
