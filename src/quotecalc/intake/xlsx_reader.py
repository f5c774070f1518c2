"""XLSX workbooks to numbered rows of cells, with openpyxl (``docs/intake.md``).

openpyxl and defusedxml come with the optional extra ``xlsx``; they are imported only here
and only when an XLSX file is read (``xlsx_support_missing`` without them; openpyxl uses
defusedxml when it is installed, so a hostile file cannot expand XML entities).

The file (at most 10 MiB, expanding to at most 100 MiB) is opened twice in read-only mode:
with ``data_only=True`` for the values Excel cached when it last saved the file, and with
``data_only=False`` to see which cells hold formulas; a formula without a cached value is
``formula_without_value`` (it would otherwise look blank). Merged ranges are read from the
sheet's XML (read-only openpyxl does not expose them); each is ``merged_cells`` at its
top-left cell. The sheet is ``sheet`` or the workbook's first sheet.
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
from .errors import IntakeError, cell_ref
from .table import Grid, Row

MAX_EXPANDED_BYTES: Final = 100 * 1024 * 1024
MAX_ROWS_READ: Final = 102  # the header, 100 quotes, and one more to tell "too many"
MAX_ROWS_SCANNED: Final = 65536  # blank rows included; past this the sheet has too many rows
_PLAIN_SHEET_NAME: Final = re.compile(r"\w+")
_MERGE_REF: Final = re.compile(r"([A-Z]+)([0-9]+)")


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


def _merged_ranges(archive: zipfile.ZipFile, member: str) -> Iterator[str]:
    from defusedxml.ElementTree import iterparse

    with archive.open(member) as source:
        for _, element in iterparse(source):
            if element.tag.endswith("}mergeCell"):
                yield element.get("ref", "")
            element.clear()


def _rows(sheet: Any, formulas: Any, prefix: str) -> Iterator[tuple[int, Row]]:
    sheet.reset_dimensions()
    formulas.reset_dimensions()
    pairs = zip_longest(sheet.iter_rows(), formulas.iter_rows(), fillvalue=())
    for number, (values, formula_row) in enumerate(pairs, start=1):
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
    errors = []
    # openpyxl's read-only sheet keeps its XML member's name only in a private attribute.
    for ref in _merged_ranges(archive, sheet._worksheet_path):
        match = _MERGE_REF.match(ref)
        errors.append(IntakeError("merged_cells", f"{prefix}{match.group(0) if match else ''}"))
    rows: list[tuple[int, Row]] = []
    filled = 0
    for number, row in _rows(sheet, formula_sheet, prefix):
        if number > MAX_ROWS_SCANNED:
            errors.append(IntakeError("too_many_rows", f"{prefix}{number}:{number}"))
            break
        rows.append((number, row))
        filled += not all(cell.is_blank for cell in row)
        if filled >= MAX_ROWS_READ:
            break
    return Grid(tuple(rows), tuple(errors), prefix)
