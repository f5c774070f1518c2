"""XLSX workbooks to numbered rows of cells, with openpyxl (``docs/intake.md``).

openpyxl and defusedxml come with the optional extra ``xlsx``; they are imported only here
and only when an XLSX file is read (``xlsx_support_missing`` without them; openpyxl uses
defusedxml when it is installed, so a hostile file cannot expand XML entities).

The file (at most 10 MiB, expanding to at most 16 MiB, its shared strings and styles at most
1 MiB each: ``workbook.py``) is opened once, read-only, with ``data_only=True``: every value
is the one the program cached when it last saved the file. The sheet is the one named, else
the active visible one (``workbook.choose_sheet``). Before openpyxl walks the sheet, one
streaming pass over its XML (``sheet_scan.py``) finds formulas, hidden rows and columns,
merged ranges and data right of column BL, and bounds the sheet (``sheet_too_large``).

A formula's saved value is trusted only when the workbook does not ask for a recalculation
on load (``fullCalcOnLoad``) and a value was saved; otherwise the cell is
``formula_without_value`` (openpyxl would show the placeholder or a blank). openpyxl then
reads columns A to BL up to the last row holding anything; rows of blank cells (styled or
padded) are skipped without building a cell. Each cell carries whether it is hidden and its
formula text; ``table.py`` applies the trust rules.
"""

from __future__ import annotations

import datetime
import io
import re
import warnings
import zipfile
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any, Final

import attrs

from .cells import Cell, CellKind
from .csv_reader import read_bytes
from .errors import IntakeError, Note, cell_ref
from .sheet_scan import SheetScan, scan_sheet
from .table import MAX_COLUMNS, MAX_ROWS_READ, Grid, Row
from .workbook import (
    PartError,
    WorkbookInfo,
    check_part_sizes,
    choose_sheet,
    read_workbook_info,
)
from .zip_guard import check_directory, check_xml_parts

MAX_EXPANDED_BYTES: Final = 16 * 1024 * 1024  # all members together
# Excel saves a password-protected workbook as an OLE compound file holding the stream
# "EncryptionInfo" (ECMA-376 §2.3.4); an OLE file without it is an .xls renamed .xlsx.
OLE_MAGIC: Final = bytes.fromhex("d0cf11e0a1b11ae1")
ENCRYPTION_INFO: Final = "EncryptionInfo".encode("utf-16-le")
_PLAIN_SHEET_NAME: Final = re.compile(r"\w+")
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


WHITE: Final = "FFFFFF"
BLACK: Final = "000000"
# Excel's theme colour index for cell text and fills: 0 is Background 1 (lt1, white in
# every built-in theme), 1 is Text 1 (dk1, black); other theme colours are not resolved.
_THEME: Final = {0: WHITE, 1: BLACK}
_CLOSE: Final = 16  # per channel: text this close to its background cannot be read


def _rgb(color: Any, default: str | None) -> str | None:
    """``RRGGBB`` of an openpyxl colour, ``default`` for none or automatic, ``None`` when
    it cannot be resolved (a tinted or non-basic theme colour)."""
    kind = getattr(color, "type", None)
    if color is None or kind == "auto":  # openpyxl's ``Color.auto`` is not a plain bool
        return default
    if kind == "rgb" and isinstance(color.rgb, str) and len(color.rgb) in (6, 8):
        return color.rgb[-6:].upper()
    if kind == "theme" and not color.tint:
        return _THEME.get(color.theme)
    if kind == "indexed":
        from openpyxl.styles.colors import COLOR_INDEX

        index = color.indexed
        if index == 64:  # the system foreground: the automatic text colour
            return default
        if 0 <= index < len(COLOR_INDEX):
            return str(COLOR_INDEX[index])[-6:].upper()
    return None


def invisible(cell: Any) -> bool:
    """Whether the cell's text is drawn in (nearly) the colour of its background: a solid
    fill's colour, or white for no fill (the window). Other patterns are not judged."""
    font, fill = getattr(cell, "font", None), getattr(cell, "fill", None)
    if font is None or fill is None:
        return False
    ink = _rgb(font.color, BLACK)
    pattern = getattr(fill, "fill_type", None)
    if pattern in (None, "none"):
        paper: str | None = WHITE
    elif pattern == "solid":
        paper = _rgb(fill.fgColor, WHITE)
    else:
        return False
    if ink is None or paper is None:
        return False
    return all(
        abs(int(ink[at : at + 2], 16) - int(paper[at : at + 2], 16)) <= _CLOSE for at in (0, 2, 4)
    )


@attrs.frozen
class Place:
    """Where a cell is: its reference, whether its row or column is hidden, its formula's
    text and whether the formula's saved result may be trusted."""

    ref: str
    hidden: bool = False
    formula: str = ""
    untrusted: bool = False


def _cell(place: Place, cell: Any) -> Cell:
    ref, hidden, formula = place.ref, place.hidden, place.formula
    value = getattr(cell, "value", None)
    if place.untrusted:
        return Cell(ref, CellKind.FORMULA_WITHOUT_VALUE, formula=formula, hidden=hidden)
    if value is None:
        return Cell(ref, CellKind.BLANK, hidden=hidden)
    data_type = cell.data_type
    if isinstance(value, datetime.date):
        return _date_cell(place, cell, value)
    if data_type in _KINDS or isinstance(value, bool):
        return Cell(ref, _KINDS.get(data_type, CellKind.BOOLEAN), formula=formula, hidden=hidden)
    unseen = invisible(cell)
    if isinstance(value, str):
        return Cell(
            ref,
            CellKind.TEXT,
            value,
            number_format=cell.number_format,
            formula=formula,
            hidden=hidden,
            invisible=unseen,
        )
    if isinstance(value, int | float):
        number_format = cell.number_format
        return Cell(
            ref,
            CellKind.NUMBER,
            number=value,
            number_format=number_format,
            formula=formula,
            hidden=hidden,
            invisible=unseen,
        )
    return Cell(ref, CellKind.DATE, formula=formula, hidden=hidden)  # datetime, time, ...


def _date_cell(place: Place, cell: Any, value: datetime.date) -> Cell:
    """A date cell: its day as ``YYYY-MM-DD`` text when it holds a whole day (a date field
    may read it, ``cells.read_cell``), else no text (a time of day is never a date)."""
    day: datetime.date | None = value
    if isinstance(value, datetime.datetime):
        whole = value.time() == datetime.time() and value.tzinfo is None
        day = value.date() if whole else None
    return Cell(
        place.ref,
        CellKind.DATE,
        "" if day is None else day.isoformat(),
        number_format=cell.number_format,
        formula=place.formula,
        hidden=place.hidden,
        invisible=invisible(cell),
    )


def _place(scan: SheetScan, full_calc: bool, prefix: str, row: int, column: int) -> Place:
    ref = cell_ref(prefix, row, column)
    hidden = row in scan.hidden_rows or column in scan.hidden_columns
    formula = scan.formulas.get((row, column))
    if formula is None:
        return Place(ref, hidden)
    untrusted = full_calc or not formula.has_value
    return Place(ref, hidden, scan.formula_text(formula), untrusted)


def _is_empty(row: tuple[Any, ...]) -> bool:
    """A row openpyxl filled with its one shared empty cell only. Identity, at C speed:
    ``tuple.count`` would call ``ReadOnlyCell.__eq__``, which fails on the empty cell."""
    from openpyxl.cell.read_only import EMPTY_CELL

    return not row or (row[0] is EMPTY_CELL and len(set(map(id, row))) == 1)


def _rows(sheet: Any, scan: SheetScan, prefix: str, full_calc: bool) -> Iterator[tuple[int, Row]]:
    sheet.reset_dimensions()
    # Rows after the last one holding anything, and columns right of the last one, are not
    # walked: they are blank.
    rows = sheet.iter_rows(max_col=min(scan.last_column, MAX_COLUMNS), max_row=scan.last_row)
    for number, values in enumerate(rows, start=1):
        if _is_empty(values) or (
            number not in scan.formula_rows and all(cell.value is None for cell in values)
        ):  # styled blank cells cost as much as full ones: no Cell is built for them
            yield number, ()
            continue
        yield (
            number,
            [
                _cell(_place(scan, full_calc, prefix, number, column), cell)
                for column, cell in enumerate(values, start=1)
            ],
        )


def read_xlsx(path: Path, sheet_name: str | None = None) -> Grid:
    """Numbered rows of cells, the errors found, and the sheet's reference prefix."""
    # openpyxl warns on stderr about parts it skips or replaces (missing default styles,
    # unknown extensions, defined names); stderr carries only the intake's notes.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = _read_workbook(path, partial(_one_sheet, sheet_name))
    return found if isinstance(found, Grid) else found["sheet"]


@attrs.frozen
class Chosen:
    """The sheets to read (role -> sheet name and how many data rows at most), and what the
    choice itself found (a missing sheet, a hidden one read)."""

    sheets: Mapping[str, tuple[str, int]]
    errors: tuple[IntakeError, ...] = ()
    notes: tuple[Note, ...] = ()


Chooser = Callable[[WorkbookInfo], Chosen]


def _one_sheet(named: str | None, info: WorkbookInfo) -> Chosen:
    sheet_name, code = choose_sheet(info, named)
    if sheet_name is None:
        return Chosen({}, (IntakeError(code or "sheet_not_found", "", "--sheet"),))
    notes = (Note(code, ""),) if code else ()
    return Chosen({"sheet": (sheet_name, MAX_ROWS_READ)}, (), notes)


def read_xlsx_sheets(path: Path, choose: Chooser) -> Grid | dict[str, Grid]:
    """Several sheets of one workbook, opened once, with every bound of :func:`read_xlsx`:
    a grid per role ``choose`` picks (each its sheet's prefix), or one grid holding the
    errors that stopped reading. The choice's own errors and notes are on the first grid."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _read_workbook(path, choose)


def _read_workbook(path: Path, choose: Chooser) -> Grid | dict[str, Grid]:
    openpyxl = _modules()
    data = read_bytes(path)
    if isinstance(data, IntakeError):
        return Grid(errors=(data,))
    if data.startswith(OLE_MAGIC):  # an OLE compound file, not a zip
        code = "xlsx_encrypted" if ENCRYPTION_INFO in data else "unsupported_file_type"
        return Grid(errors=(IntakeError(code, ""),))
    if not check_directory(data):
        return Grid(errors=(IntakeError("xlsx_too_complex", ""),))
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        if sum(info.file_size for info in archive.infolist()) > MAX_EXPANDED_BYTES:
            return Grid(errors=(IntakeError("xlsx_too_large_uncompressed", ""),))
        check_part_sizes(archive)
        if not check_xml_parts(archive):
            return Grid(errors=(IntakeError("xlsx_too_complex", ""),))
        info = read_workbook_info(archive)
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except PartError as error:
        return Grid(errors=(IntakeError(error.args[0], ""),))
    except Exception:  # noqa: BLE001 - any defect of a hostile file is one fixed error
        return Grid(errors=(IntakeError("xlsx_unreadable", ""),))
    try:
        chosen = choose(info)
        if chosen.errors or not chosen.sheets:
            return Grid(errors=chosen.errors, notes=chosen.notes)
        grids: dict[str, Grid] = {}
        for role, (sheet_name, limit) in chosen.sheets.items():
            if sheet_name not in workbook.sheetnames:
                return Grid(errors=(IntakeError("sheet_not_found", "", "--sheet"),))
            notes = () if grids else chosen.notes
            grids[role] = _read_sheet(archive, workbook, info, (sheet_name, limit), notes)
        return grids
    except Exception:  # noqa: BLE001 - a defect found while streaming the sheet
        return Grid(errors=(IntakeError("xlsx_unreadable", ""),))
    finally:
        workbook.close()


def _read_sheet(
    archive: zipfile.ZipFile,
    workbook: Any,
    info: WorkbookInfo,
    chosen: tuple[str, int],
    notes: tuple[Note, ...],
) -> Grid:
    """One sheet's grid: its first ``limit`` filled rows (``chosen``: its name, the limit)."""
    sheet_name, limit = chosen
    sheet = workbook[sheet_name]
    prefix = sheet_prefix(sheet_name)
    # openpyxl's read-only sheet keeps its XML member's name only in a private attribute.
    scan = scan_sheet(archive, sheet._worksheet_path, prefix)
    if scan.too_large:
        return Grid(errors=tuple(scan.errors), prefix=prefix)
    rows: list[tuple[int, Row]] = []
    filled = 0
    for number, row in _rows(sheet, scan, prefix, info.full_calc_on_load):
        rows.append((number, row))
        filled += not all(cell.is_blank for cell in row)
        if filled >= limit:
            break
    return Grid(tuple(rows), tuple(scan.errors), prefix, notes=notes)
