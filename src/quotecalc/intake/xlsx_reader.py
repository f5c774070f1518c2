"""XLSX workbooks to numbered rows of cells, with openpyxl (``docs/intake.md``).

openpyxl and defusedxml come with the optional extra ``xlsx``; they are imported only here
and only when an XLSX file is read (``xlsx_support_missing`` without them; openpyxl uses
defusedxml when it is installed, so a hostile file cannot expand XML entities).

The file (at most 10 MiB, expanding to at most 100 MiB) is opened twice in read-only mode:
with ``data_only=True`` for the values Excel cached when it last saved the file, and with
``data_only=False`` to see which cells hold formulas; a formula without a cached value is
``formula_without_value`` (it would otherwise look blank). One streaming pass over the
sheet's XML finds merged ranges (read-only openpyxl does not expose them; each is
``merged_cells`` at its top-left cell) and data right of column BL (``too_many_columns``);
openpyxl then reads columns A to BL only, and rows it pads are skipped without touching
their cells, so a hostile sheet cannot make the intake walk millions of empty cells. The
sheet is ``sheet`` or the workbook's first sheet.
"""

from __future__ import annotations

import io
import re
import warnings
import zipfile
from collections.abc import Iterator
from itertools import zip_longest
from pathlib import Path
from typing import Any, Final

from .cells import Cell, CellKind
from .csv_reader import read_bytes
from .errors import MAX_ERRORS, IntakeError, cell_ref
from .table import MAX_COLUMNS, MAX_ROWS_READ, Grid, Row

MAX_EXPANDED_BYTES: Final = 100 * 1024 * 1024
# A quote sheet has about 100 rows of at most 64 cells; these bound what a hostile sheet
# can make openpyxl walk (blank rows and cells cost as much as full ones).
MAX_XML_ROWS: Final = 10000
MAX_XML_CELLS: Final = 100000
_PLAIN_SHEET_NAME: Final = re.compile(r"\w+")
_CELL_REF: Final = re.compile(r"([A-Z]+)([0-9]+)")


class XlsxSupportMissing(Exception):
    """openpyxl or defusedxml is not installed."""


def sheet_prefix(title: str) -> str:
    """``Sheet1!``, or ``'My sheet'!`` when the name needs quoting (as Excel writes it)."""
    if _PLAIN_SHEET_NAME.fullmatch(title):
        return f"{title}!"
    return "'" + title.replace("'", "''") + "'!"


def _modules() -> Any:
    try:
        import defusedxml  # noqa: F401 - openpyxl picks it up; required, not optional
        import openpyxl
    except ModuleNotFoundError as exc:
        raise XlsxSupportMissing from exc
    return openpyxl


_KINDS: Final = {"b": CellKind.BOOLEAN, "d": CellKind.DATE, "e": CellKind.ERROR}


def _cell(ref: str, value_cell: Any, formula_cell: Any) -> Cell:
    value = getattr(value_cell, "value", None)
    if value is None:
        has_formula = getattr(formula_cell, "data_type", None) == "f"
        return Cell(ref, CellKind.FORMULA_WITHOUT_VALUE if has_formula else CellKind.BLANK)
    data_type = value_cell.data_type
    if data_type in _KINDS or isinstance(value, bool):
        return Cell(ref, _KINDS.get(data_type, CellKind.BOOLEAN))
    if isinstance(value, str):
        return Cell(ref, CellKind.TEXT, value)
    if isinstance(value, int | float):
        return Cell(ref, CellKind.NUMBER, number=value, number_format=value_cell.number_format)
    return Cell(ref, CellKind.DATE)  # datetime, date, time, timedelta


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _scan(archive: zipfile.ZipFile, member: str, prefix: str) -> list[IntakeError]:
    """One streaming pass over the sheet XML: ``merged_cells`` at each merged range's
    top-left cell, ``too_many_columns`` at the first cell right of column BL that holds a
    value, an inline string or a formula, per row (at most 100 such errors), and
    ``sheet_too_large`` (alone; the scan stops there) at the first row past row 10000 or
    where the sheet's XML passes 100000 cells, blank ones included: openpyxl would walk
    every row up to the last one and parse every cell, blank or not."""
    from defusedxml.ElementTree import iterparse

    errors: list[IntakeError] = []
    row = column = far = rows = cells = far_row = 0
    with archive.open(member) as source:
        for event, element in iterparse(source, events=("start", "end")):
            tag = element.tag.rpartition("}")[2]
            if event == "start":
                if tag == "row":
                    row, column, rows = int(element.get("r", row + 1)), 0, rows + 1
                elif tag == "c":
                    cells += 1
                if row > MAX_XML_ROWS or rows > MAX_XML_ROWS or cells > MAX_XML_CELLS:
                    return [IntakeError("sheet_too_large", cell_ref(prefix, row, 0))]
                continue
            if tag == "c":
                match = _CELL_REF.fullmatch(element.get("r", ""))
                column = _column_number(match.group(1)) if match else column + 1
                far_cell = column > MAX_COLUMNS and far_row != row and far < MAX_ERRORS
                if far_cell and _holds_data(element):
                    far, far_row = far + 1, row  # the first such cell of a row is enough
                    errors.append(IntakeError("too_many_columns", cell_ref(prefix, row, column)))
                element.clear()
            elif tag == "mergeCell":
                match = _CELL_REF.match(element.get("ref", ""))
                corner = match.group(0) if match else ""
                errors.append(IntakeError("merged_cells", f"{prefix}{corner}"))
            elif tag == "row":
                element.clear()
    return errors


def _holds_data(cell: Any) -> bool:
    for child in cell:
        tag = child.tag.rpartition("}")[2]
        if tag in ("is", "f") or (tag == "v" and child.text):
            return True
    return False


def _is_empty(row: tuple[Any, ...]) -> bool:
    """A row openpyxl filled with its one shared empty cell only. Identity, at C speed:
    ``tuple.count`` would call ``ReadOnlyCell.__eq__``, which fails on the empty cell."""
    from openpyxl.cell.read_only import EMPTY_CELL

    return not row or (row[0] is EMPTY_CELL and len(set(map(id, row))) == 1)


def _rows(sheet: Any, formulas: Any, prefix: str) -> Iterator[tuple[int, Row]]:
    sheet.reset_dimensions()
    formulas.reset_dimensions()
    pairs = zip_longest(
        sheet.iter_rows(max_col=MAX_COLUMNS), formulas.iter_rows(max_col=MAX_COLUMNS), fillvalue=()
    )
    for number, (values, formula_row) in enumerate(pairs, start=1):
        if _is_empty(values) and _is_empty(formula_row):
            yield number, ()
            continue
        yield (
            number,
            [
                Cell(cell_ref(prefix, number, column), CellKind.BLANK)
                if value_cell is None
                else _cell(cell_ref(prefix, number, column), value_cell, formula_cell)
                for column, (value_cell, formula_cell) in enumerate(
                    zip_longest(values, formula_row), start=1
                )
            ],
        )


def read_xlsx(path: Path, sheet_name: str | None = None) -> Grid:
    """Numbered rows of cells, the errors found, and the sheet's reference prefix."""
    # openpyxl warns on stderr about parts it skips or replaces (missing default styles,
    # unknown extensions, defined names); stderr carries only the intake's notes.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _read_workbook(path, sheet_name)


def _read_workbook(path: Path, sheet_name: str | None) -> Grid:
    openpyxl = _modules()
    data = read_bytes(path)
    if isinstance(data, IntakeError):
        return Grid(errors=(data,))
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        if sum(info.file_size for info in archive.infolist()) > MAX_EXPANDED_BYTES:
            return Grid(errors=(IntakeError("xlsx_too_large_uncompressed", ""),))
        values = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        formulas = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except Exception:  # noqa: BLE001 - any defect of a hostile file is one fixed error
        return Grid(errors=(IntakeError("xlsx_unreadable", ""),))
    try:
        return _read_sheet(archive, values, formulas, sheet_name)
    except Exception:  # noqa: BLE001 - a defect found while streaming the sheet
        return Grid(errors=(IntakeError("xlsx_unreadable", ""),))
    finally:
        values.close()
        formulas.close()


def _read_sheet(
    archive: zipfile.ZipFile, values: Any, formulas: Any, sheet_name: str | None
) -> Grid:
    names = values.sheetnames
    if sheet_name is None and names:
        sheet_name = names[0]
    if sheet_name is None or sheet_name not in names:
        return Grid(errors=(IntakeError("sheet_not_found", ""),))
    sheet, formula_sheet = values[sheet_name], formulas[sheet_name]
    prefix = sheet_prefix(sheet_name)
    # openpyxl's read-only sheet keeps its XML member's name only in a private attribute.
    errors = _scan(archive, sheet._worksheet_path, prefix)
    if any(error.code == "sheet_too_large" for error in errors):
        return Grid(errors=tuple(errors), prefix=prefix)
    rows: list[tuple[int, Row]] = []
    filled = 0
    for number, row in _rows(sheet, formula_sheet, prefix):
        rows.append((number, row))
        filled += not all(cell.is_blank for cell in row)
        if filled >= MAX_ROWS_READ:
            break
    return Grid(tuple(rows), tuple(errors), prefix)
