"""Mutation kills for ``intake/xlsx_reader.py`` (issue 28: 90 % or more, every survivor
triaged in ``docs/testing.md``). The other XLSX tests look at the request or the errors an
intake makes; these look at the reader's own product, the grid, cell by cell, on workbooks
written by xlsxwriter in the test, with every expected cell written out by hand."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("openpyxl")
xlsxwriter = pytest.importorskip("xlsxwriter")

from intake_helpers import replace_sheet_data, rewrite_member, write_xlsx  # noqa: E402
from quotecalc.intake.cells import Cell, CellKind  # noqa: E402
from quotecalc.intake.errors import IntakeError  # noqa: E402
from quotecalc.intake.xlsx_reader import _is_empty, invisible, read_xlsx  # noqa: E402

SHEET = "xl/worksheets/sheet1.xml"
WIDTH = 64  # columns A to BL
# The workbook below holds nothing right of column G (G3), and columns right of the last one
# holding anything are not walked (docs/intake.md, the cost of reading a large event).
LAST = 7


def _letters(column: int) -> str:
    """A, B, ..., Z, AA, ..., BL (by hand: 1-based, base 26 without a zero)."""
    first, second = divmod(column - 1, 26)
    return ("" if first == 0 else chr(ord("A") + first - 1)) + chr(ord("A") + second)


def test_column_letters_as_excel_writes_them() -> None:
    assert [_letters(n) for n in (1, 3, 26, 27, 52, 53, 64)] == [
        "A", "C", "Z", "AA", "AZ", "BA", "BL"
    ]  # fmt: skip


def _row(number: int, cells: dict[str, Cell]) -> list[Cell]:
    """Row ``number`` as the reader builds it: one cell per column up to the last one holding
    anything (G), blank unless given; row 3 and column C are hidden in the workbook below."""
    built = []
    for column in range(1, LAST + 1):
        ref = f"Sheet1!{_letters(column)}{number}"
        blank = Cell(ref, CellKind.BLANK, hidden=number == 3 or column == 3)
        built.append(cells.get(ref, blank))
    return built


def _workbook(path: Path) -> Path:
    """One cell of each kind, with and without a formula, in shown and hidden places:
    column C and row 3 hidden; row 2 only styled blank cells; row 4 a formula whose cached
    value is removed (it holds nothing else); rows 6 and 8 styled blank cells after the
    last row holding anything. xlsxwriter asks for a recalculation on load
    (``fullCalcOnLoad="1"``), so as written no formula's saved value is trusted."""
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Sheet1")
    yellow = book.add_format({"bg_color": "#FFFF00"})
    date = book.add_format({"num_format": "yyyy-mm-dd"})
    sheet.set_column("C:C", None, None, {"hidden": True})
    sheet.set_row(2, None, None, {"hidden": True})
    sheet.write_string("A1", "name")
    sheet.write_number("B1", 35.5)
    sheet.write_number("C1", 7)
    sheet.write_blank("A2", None, yellow)
    sheet.write_blank("B2", None, yellow)
    sheet.write_formula("B3", "=2*3", None, 6)
    sheet.write_boolean("C3", True)
    sheet.write_formula("D3", "=1=1", None, True)
    sheet.write_formula("E3", "=NA()", None, "#N/A")
    sheet.write_formula("F3", "=DATE(2026,1,2)", date, 46024)
    sheet.write_formula("G3", '="x"&"y"', None, "xy")
    sheet.write_formula("A4", "=B1*2", None, 71)
    sheet.write_blank("A6", None, yellow)
    sheet.write_blank("D8", None, yellow)
    book.close()
    # A formula saved without its result (as a program that never calculated would).
    return rewrite_member(path, SHEET, lambda xml: xml.replace(b"<v>71</v>", b"", 1))


ROW_1 = {
    "Sheet1!A1": Cell("Sheet1!A1", CellKind.TEXT, "name"),
    "Sheet1!B1": Cell("Sheet1!B1", CellKind.NUMBER, number=35.5),
    "Sheet1!C1": Cell("Sheet1!C1", CellKind.NUMBER, number=7, hidden=True),
}
ROW_4 = {
    "Sheet1!A4": Cell("Sheet1!A4", CellKind.FORMULA_WITHOUT_VALUE, formula="B1*2"),
}
FORMULAS_3 = {"B3": "2*3", "D3": "1=1", "E3": "NA()", "F3": "DATE(2026,1,2)", "G3": '"x"&"y"'}


def test_as_written_no_formula_is_trusted_and_every_cell_keeps_its_place(tmp_path: Path) -> None:
    grid = read_xlsx(_workbook(tmp_path / "g.xlsx"))
    untrusted = {
        f"Sheet1!{ref}": Cell(
            f"Sheet1!{ref}", CellKind.FORMULA_WITHOUT_VALUE, formula=text, hidden=True
        )
        for ref, text in FORMULAS_3.items()
    }
    row_3 = {**untrusted, "Sheet1!C3": Cell("Sheet1!C3", CellKind.BOOLEAN, hidden=True)}
    assert grid.errors == ()
    assert (grid.prefix, grid.complete, grid.notes) == ("Sheet1!", True, ())
    assert [number for number, _ in grid.rows] == [1, 2, 3, 4]
    assert list(grid.rows[0][1]) == _row(1, ROW_1)
    assert list(grid.rows[1][1]) == []  # styled blank cells: no cell built
    assert list(grid.rows[2][1]) == _row(3, row_3)
    assert list(grid.rows[3][1]) == _row(4, ROW_4)


def test_saved_results_are_read_with_their_formula_and_place(tmp_path: Path) -> None:
    path = _workbook(tmp_path / "g.xlsx")
    saved = Path(shutil.copy(path, tmp_path / "saved.xlsx"))
    rewrite_member(saved, "xl/workbook.xml", lambda xml: xml.replace(b' fullCalcOnLoad="1"', b""))
    grid = read_xlsx(saved)
    row_3 = {
        "Sheet1!B3": Cell("Sheet1!B3", CellKind.NUMBER, number=6, formula="2*3", hidden=True),
        "Sheet1!C3": Cell("Sheet1!C3", CellKind.BOOLEAN, hidden=True),
        "Sheet1!D3": Cell("Sheet1!D3", CellKind.BOOLEAN, formula="1=1", hidden=True),
        "Sheet1!E3": Cell("Sheet1!E3", CellKind.ERROR, formula="NA()", hidden=True),
        # A date keeps what its format shows (DATE(2026,1,2) under yyyy-mm-dd), for the event
        # sheets' dates (issue 26).
        "Sheet1!F3": Cell(
            "Sheet1!F3",
            CellKind.DATE,
            "2026-01-02",
            number_format="yyyy-mm-dd",
            formula="DATE(2026,1,2)",
            hidden=True,
        ),
        "Sheet1!G3": Cell("Sheet1!G3", CellKind.TEXT, "xy", formula='"x"&"y"', hidden=True),
    }
    assert grid.errors == ()
    assert [number for number, _ in grid.rows] == [1, 2, 3, 4]
    assert list(grid.rows[0][1]) == _row(1, ROW_1)
    assert list(grid.rows[1][1]) == []
    assert list(grid.rows[2][1]) == _row(3, row_3)
    # the formula without a saved result is refused even when results are trusted
    assert list(grid.rows[3][1]) == _row(4, ROW_4)


def test_an_empty_row_is_one_shared_empty_cell_only() -> None:
    from openpyxl.cell.read_only import EMPTY_CELL

    assert _is_empty(())
    assert _is_empty((EMPTY_CELL,))
    assert _is_empty((EMPTY_CELL,) * WIDTH)
    assert not _is_empty((None,))
    assert not _is_empty((EMPTY_CELL, None))
    assert not _is_empty((None, EMPTY_CELL))


def test_a_cell_without_a_style_is_not_invisible() -> None:
    """openpyxl's shared empty cell has no font and no fill: nothing is drawn, nothing is
    hidden by colour."""
    from openpyxl.cell.read_only import EMPTY_CELL

    assert (EMPTY_CELL.font, EMPTY_CELL.fill) == (None, None)
    assert invisible(EMPTY_CELL) is False


def test_a_zip_declaring_too_many_members_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [["supplierId"], ["A"]])
    with zipfile.ZipFile(path) as archive:
        own = len(archive.infolist())
    with zipfile.ZipFile(path, "a") as archive:
        for number in range(1000 - own):
            archive.writestr(f"c/{number}", b"")
    assert read_xlsx(path).errors == ()  # 1000 members: the bound itself
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("c/last", b"")
    grid = read_xlsx(path)  # 1001
    assert (grid.rows, grid.errors) == ((), (IntakeError("xlsx_too_complex", ""),))


def test_a_listed_sheet_whose_part_is_missing_is_not_found(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [["supplierId"], ["A"]], extra_sheets=["Other"])
    with zipfile.ZipFile(path) as archive:
        members = {info.filename: archive.read(info) for info in archive.infolist()}
    del members["xl/worksheets/sheet2.xml"]  # still listed in workbook.xml
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    grid = read_xlsx(path, "Other")
    assert (grid.rows, grid.errors) == ((), (IntakeError("sheet_not_found", "", "--sheet"),))
    assert read_xlsx(path).errors == ()  # the first sheet is still there


def test_a_sheet_too_large_keeps_its_prefix(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [["supplierId"]], title="My sheet")
    replace_sheet_data(path, '<row r="10001"><c r="A10001"><v>1</v></c></row>')
    grid = read_xlsx(path)
    assert grid.prefix == "'My sheet'!"
    assert (grid.rows, grid.errors) == (
        (),
        (IntakeError("sheet_too_large", "'My sheet'!10001:10001"),),
    )


def test_a_part_parsed_whole_with_too_many_elements_is_refused(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [["supplierId"], ["A"]])
    # 1 + 49999 + 1 = 50001 "<": one past the bound of the parts openpyxl parses whole
    properties = b"<Properties>" + b"<a/>" * 49999 + b"</Properties>"
    rewrite_member(path, "docProps/app.xml", lambda _old: properties)
    grid = read_xlsx(path)
    assert (grid.rows, grid.errors) == ((), (IntakeError("xlsx_too_complex", ""),))


# What a number format shows (``intake/numfmt.py``). The other tests reach it only through
# a whole workbook and an error's code; here each case is the text Excel shows for the value,
# written out by hand, with the number its digits show (``None``: no digits), the scaling
# commas, the unit's scale and whether a literal is an ambiguous unit.
@pytest.mark.parametrize(
    ("value", "number_format", "expected"),
    [
        # General: 15 significant digits, trailing zeros dropped
        (35.5, "General", ("35.5", "35.5")),
        (100, "General", ("100", "100")),
        (0.1, "General", ("0.1", "0.1")),
        (34.99999999999999, "General", ("35", "35")),  # 15 digits: 35.0000000000000
        (35, "general", ("35", "35")),
        (35, '"ab"General', ("ab35", "35")),
        (35, 'General" kg"', ("35 kg", "35")),
        (-35, "General", ("-35", "35")),
        (35, "0General", None),
        # digit placeholders
        (35, "#", ("35", "35")),
        (0.5, "#.00", (".50", "0.50")),
        (0.5, "0.00", ("0.50", "0.50")),
        (5, "00.0", ("05.0", "5.0")),
        (123, "00000", ("00123", "123")),
        (1234, "0", ("1234", "1234")),
        (1234, "#,##0", ("1,234", "1234")),
        (35.5, "0.0#", ("35.5", "35.5")),
        (35.05, "0.###", ("35.05", "35.050")),
        (35, "0.#", ("35.", "35.0")),
        (0, "0.0000000", ("0.0000000", "0")),
        (0.0000001, "0.0000000", ("0.0000001", "0.0000001")),
        # literals: quoted, escaped, spaces for "_", fills, locale brackets
        (35, '0" kg"', ("35 kg", "35")),
        (35, '"x"0"y"', ("x35y", "35")),
        (35, '""0', ("35", "35")),
        (35, '"x"0', ("x35", "35")),
        (35, "0\\k", ("35k", "35")),
        (35, "\\k0", ("k35", "35")),
        (35, "0\\", ("35\\", "35")),  # a lone backslash at the end is itself
        (35, "0_)", ("35 ", "35")),
        (35, "_)0", (" 35", "35")),
        (35, "*-0", ("35", "35")),  # a fill repeats "-" to the width: no text of its own
        (35, "0X", ("35X", "35")),  # any other character is literal
        (35, "[$¥-804]0", ("¥35", "35")),
        (35, "[$USD]0", ("USD35", "35")),
        (35, '"a]"[$¥-804]0', ("a]¥35", "35")),
        (35, "[$¥-804]0[$€-1]", ("¥35€", "35")),
        (35, "[<100]0", None),
        # sections
        (-35, "0.00", ("-35.00", "35.00")),
        (-35, "0.00;(0.00)", ("(35.00)", "35.00")),
        (-35, "0.00;", ("", None)),
        (0, "0.00;-0.00", ("0.00", "0")),
        (0, '0.00;-0.00;"zero"', ("zero", None)),
        (35, '"a;b"0', ("a;b35", "35")),
        (35, "\\;0", (";35", "35")),
        (35, "[$a;b]0", ("a;b35", "35")),
        (35, "0\\;", ("35;", "35")),
        (5, "\\k0.0", ("k5.0", "5.0")),
        (35, '0.00;-0.00;"zero"', ("35.00", "35.00")),
        (0.5, '0.00;-0.00;"zero"', ("0.50", "0.50")),
        (0, "General", ("0", "0")),
        (0, "0;-0;General", ("0", "0")),
        (35, "[Red]0", ("35", "35")),
        (-35, "0;[Red]-0", ("-35", "35")),
        (-35, "[Red]0;[Blue](0)", ("(35)", "35")),  # a bracket closes before the ";"
        # more shapes of placeholders and literals
        (35, '0"x"0', None),  # placeholders after text: not read here
        (35, "General0", None),
        (1234, "0,000", ("1,234", "1234")),
        (1234, "?,??0", ("1,234", "1234")),
        (0.4, "0,###", ("0", "0")),
        (35, "(0)", ("(35)", "35")),
        (35, '0" k""g"', ("35 kg", "35")),
        (35, "0;0;0;@;0", None),  # five sections
    ],
)
def test_what_a_format_shows(
    value: float, number_format: str, expected: tuple[str, str | None] | None
) -> None:
    from decimal import Decimal

    from quotecalc.intake.numfmt import display

    shown = display(value, number_format)
    if expected is None:
        assert shown is None
        return
    assert shown is not None
    text, digits = expected
    assert shown.text == text
    assert shown.digits == (None if digits is None else Decimal(digits))
    assert (shown.commas, shown.unit, shown.ambiguous) == (0, 1, False)


@pytest.mark.parametrize(
    ("value", "number_format", "text", "commas", "unit", "ambiguous"),
    [
        (35200, "#,##0,", "35", 1, 1, False),
        (35200000, "0.0,,", "35.2", 2, 1, False),
        (35.2, '0.00"万元"', "35.20万元", 0, 10**4, False),
        (35.2, '0.00" 亿 "', "35.20 亿 ", 0, 10**8, False),
        (35.2, '"¥"0.00"万"', "¥35.20万", 0, 10**4, False),
        (35.2, '"约"0.00"万"', "约35.20万", 0, 1, True),  # text before the number: not a unit
        (35.2, '0.00"千克"', "35.20千克", 0, 1, True),
        (35.2, '"十"', "十", 0, 1, True),
        (35.2, '"X"0.00"万"', "X35.20万", 0, 1, True),
        (35, 'General"千"', "35千", 0, 1, True),
    ],
)
def test_scaling_commas_and_units(  # noqa: PLR0917
    value: float, number_format: str, text: str, commas: int, unit: int, ambiguous: bool
) -> None:
    from quotecalc.intake.numfmt import display

    shown = display(value, number_format)
    assert shown is not None
    assert (shown.text, shown.commas, shown.unit, shown.ambiguous) == (
        text,
        commas,
        unit,
        ambiguous,
    )


@pytest.mark.parametrize(
    ("number_format", "shown"),
    [
        ("General", True),
        ("0;-0", True),
        ("0;-0;0", True),
        (";;;", False),
        ("0;-0;0;@", True),
        ('0;-0;0;"@"', False),
        ("0;-0;0;\\@", False),
        ('0;-0;0;"x"@', True),
        ("0;0;0;@;x", True),  # a fifth section is not the text section
    ],
)
def test_whether_a_format_shows_text(number_format: str, shown: bool) -> None:
    from quotecalc.intake.numfmt import text_shown

    assert text_shown(number_format) is shown


# Found by the survivor ``display`` 101 (a larger fixed precision): the fixed precision of 60
# digits could not hold a large double at a fixed number of decimals, and the intake answered
# ``internal_error`` ("a bug in quotecalc") for a cell holding 1e300 shown as 0.00.
@pytest.mark.parametrize(
    ("value", "number_format", "digits"),
    [
        (1e300, "0.00", 10**300),
        (1e60, "0", 10**60),
        (1e59, "0.00", 10**59),
        (1.7976931348623157e308, "0.0", 179769313486232 * 10**294),  # the largest double
        (1e300, "0,,", 10**294),
        (9.5, "0", 10),  # one more digit than the value: the carry
        (99.95, "0.0", 100),
    ],
    ids=["1e300", "1e60", "1e59", "largest", "1e300-scaled", "carry", "carry-decimal"],
)
def test_large_values_show_every_digit(value: float, number_format: str, digits: int) -> None:
    from decimal import Decimal

    from quotecalc.intake.numfmt import display

    shown = display(value, number_format)
    assert shown is not None
    places = len(number_format.partition(".")[2])
    assert shown.digits == Decimal(digits)
    assert shown.text == str(digits) + ("." + "0" * places if places else "")


def test_a_huge_number_in_a_sheet_is_an_error_at_its_cell(tmp_path: Path) -> None:
    from quotecalc.intake import intake

    book = xlsxwriter.Workbook(str(tmp_path / "q.xlsx"))
    sheet = book.add_worksheet()
    sheet.write_row(0, 0, ["supplierId", "packPrice", "packSize", "currency"])
    sheet.write_row(1, 0, ["A", 1e300, 10, "CNY"])
    sheet.write(1, 1, 1e300, book.add_format({"num_format": "0.00"}))
    book.close()
    result = intake(tmp_path / "q.xlsx")
    assert [(e.code, e.cell) for e in result.errors] == [("number_too_long", "Sheet1!B2")]
