"""XLSX workbooks to numbered rows of cells, with openpyxl (``docs/intake.md``).

openpyxl and defusedxml come with the optional extra ``xlsx``; they are imported only here
and only when an XLSX file is read (``xlsx_support_missing`` without them; openpyxl uses
defusedxml when it is installed, so a hostile file cannot expand XML entities).

The file (at most 10 MiB, expanding to at most 16 MiB) is opened once, read-only, with
``data_only=True``: every value is the one Excel cached when it last saved the file. Before
openpyxl walks the sheet, one streaming pass over the sheet's XML (:func:`scan_sheet`)
finds what read-only openpyxl cannot tell or must not be left to do:

- formulas without a cached value (``formula_without_value``; openpyxl would show them as
  blank): a ``<c>`` with an ``<f>`` and no ``<v>``, or an empty ``<v>`` outside a string
  result (``t="str"``; openpyxl itself writes ``<v/>`` for formulas it cannot compute);
- merged ranges (``merged_cells`` at the top-left cell);
- data right of column BL (``too_many_columns``, the first such cell of each row);
- a sheet past row 10000 or with more than 100000 cells, blank ones included
  (``sheet_too_large``, alone: openpyxl walks every row up to the last and parses every
  cell, so these bound what a hostile sheet costs).

openpyxl then reads columns A to BL only, and rows it pads with its shared empty cell are
skipped without visiting their cells. The sheet is ``sheet`` or the workbook's first sheet.
"""

from __future__ import annotations

import io
import re
import warnings
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import attrs

from .cells import Cell, CellKind
from .csv_reader import read_bytes
from .errors import MAX_ERRORS, IntakeError, cell_ref
from .table import MAX_COLUMNS, MAX_ROWS_READ, Grid, Row

MAX_EXPANDED_BYTES: Final = 16 * 1024 * 1024  # openpyxl holds every shared string in memory
# A quote sheet has about 100 rows of at most 64 cells; these bound what a hostile sheet
# can make openpyxl walk (blank rows and cells cost as much as full ones).
MAX_XML_ROWS: Final = 10000
MAX_XML_CELLS: Final = 100000
_PLAIN_SHEET_NAME: Final = re.compile(r"\w+")
_CELL_REF: Final = re.compile(r"([A-Z]+)([0-9]+)")
_KINDS: Final = {"b": CellKind.BOOLEAN, "d": CellKind.DATE, "e": CellKind.ERROR}


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


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


@attrs.define
class SheetScan:
    """What the streaming pass found: errors, and the formula cells without a value."""

    errors: list[IntakeError] = attrs.Factory(list)
    uncached: set[tuple[int, int]] = attrs.Factory(set)  # (row, column), columns A-BL
    too_large: bool = False
    far_rows: list[int] = attrs.Factory(list)  # rows already holding a too_many_columns


def _children(cell: Any) -> dict[str, Any]:
    return {child.tag.rpartition("}")[2]: child for child in cell}


def _check_cell(scan: SheetScan, cell: Any, row: int, column: int, prefix: str) -> None:
    children = _children(cell)
    value = children.get("v")
    has_value = value is not None and (bool(value.text) or cell.get("t") == "str")
    if column <= MAX_COLUMNS:
        if "f" in children and not has_value:
            scan.uncached.add((row, column))
        return
    if len(scan.far_rows) >= MAX_ERRORS or (scan.far_rows and scan.far_rows[-1] == row):
        return  # the first far cell of a row is enough
    if has_value or "is" in children or "f" in children:
        scan.far_rows.append(row)
        scan.errors.append(IntakeError("too_many_columns", cell_ref(prefix, row, column)))


def scan_sheet(archive: zipfile.ZipFile, member: str, prefix: str) -> SheetScan:
    """The streaming pass over one sheet's XML (module docstring)."""
    from defusedxml.ElementTree import iterparse

    scan = SheetScan()
    row = column = rows = cells = 0
    with archive.open(member) as source:
        for event, element in iterparse(source, events=("start", "end")):
            tag = element.tag.rpartition("}")[2]
            if event == "start":
                if tag == "row":
                    row, column, rows = int(element.get("r", row + 1)), 0, rows + 1
                elif tag == "c":
                    cells += 1
                if row > MAX_XML_ROWS or rows > MAX_XML_ROWS or cells > MAX_XML_CELLS:
                    error = IntakeError("sheet_too_large", cell_ref(prefix, row, 0))
                    return SheetScan([error], too_large=True)
            elif tag == "c":
                match = _CELL_REF.fullmatch(element.get("r", ""))
                column = _column_number(match.group(1)) if match else column + 1
                _check_cell(scan, element, row, column, prefix)
                element.clear()
            elif tag == "mergeCell":
                match = _CELL_REF.match(element.get("ref", ""))
                corner = match.group(0) if match else ""
                scan.errors.append(IntakeError("merged_cells", f"{prefix}{corner}"))
            elif tag == "row":
                element.clear()
    return scan


def _cell(ref: str, cell: Any, uncached: bool) -> Cell:
    value = getattr(cell, "value", None)
    if value is None:
        return Cell(ref, CellKind.FORMULA_WITHOUT_VALUE if uncached else CellKind.BLANK)
    data_type = cell.data_type
    if data_type in _KINDS or isinstance(value, bool):
        return Cell(ref, _KINDS.get(data_type, CellKind.BOOLEAN))
    if isinstance(value, str):
        return Cell(ref, CellKind.TEXT, value)
    if isinstance(value, int | float):
        return Cell(ref, CellKind.NUMBER, number=value, number_format=cell.number_format)
    return Cell(ref, CellKind.DATE)  # datetime, date, time, timedelta


def _is_empty(row: tuple[Any, ...]) -> bool:
    """A row openpyxl filled with its one shared empty cell only. Identity, at C speed:
    ``tuple.count`` would call ``ReadOnlyCell.__eq__``, which fails on the empty cell."""
    from openpyxl.cell.read_only import EMPTY_CELL

    return not row or (row[0] is EMPTY_CELL and len(set(map(id, row))) == 1)


def _rows(sheet: Any, scan: SheetScan, prefix: str) -> Iterator[tuple[int, Row]]:
    sheet.reset_dimensions()
    for number, values in enumerate(sheet.iter_rows(max_col=MAX_COLUMNS), start=1):
        if _is_empty(values):
            yield number, ()
            continue
        yield (
            number,
            [
                _cell(cell_ref(prefix, number, column), cell, (number, column) in scan.uncached)
                for column, cell in enumerate(values, start=1)
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
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # noqa: BLE001 - any defect of a hostile file is one fixed error
        return Grid(errors=(IntakeError("xlsx_unreadable", ""),))
    try:
        return _read_sheet(archive, workbook, sheet_name)
    except Exception:  # noqa: BLE001 - a defect found while streaming the sheet
        return Grid(errors=(IntakeError("xlsx_unreadable", ""),))
    finally:
        workbook.close()


def _read_sheet(archive: zipfile.ZipFile, workbook: Any, sheet_name: str | None) -> Grid:
    names = workbook.sheetnames
    if sheet_name is None and names:
        sheet_name = names[0]
    if sheet_name is None or sheet_name not in names:
        return Grid(errors=(IntakeError("sheet_not_found", ""),))
    sheet = workbook[sheet_name]
    prefix = sheet_prefix(sheet_name)
    # openpyxl's read-only sheet keeps its XML member's name only in a private attribute.
    scan = scan_sheet(archive, sheet._worksheet_path, prefix)
    if scan.too_large:
        return Grid(errors=tuple(scan.errors), prefix=prefix)
    rows: list[tuple[int, Row]] = []
    filled = 0
    for number, row in _rows(sheet, scan, prefix):
        rows.append((number, row))
        filled += not all(cell.is_blank for cell in row)
        if filled >= MAX_ROWS_READ:
            break
    return Grid(tuple(rows), tuple(scan.errors), prefix)
