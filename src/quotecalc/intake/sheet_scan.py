"""One streaming pass over a worksheet's XML before openpyxl walks it (``docs/intake.md``,
"Safety").

It finds what read-only openpyxl cannot tell, and bounds what a hostile sheet can cost:

- each formula in columns A to BL: its text (a shared formula's follower takes its master's)
  and whether a value was saved (a ``<v>`` with text, or any ``<v>`` of a string result
  ``t="str"``: openpyxl itself writes ``<v/>`` for a formula it cannot compute);
- hidden rows and columns: ``hidden="1"`` or ``"true"`` (LibreOffice), a height (``ht``)
  under 3 points or a width under 1 character (nothing legible shows: a 0.08-wide column is
  hidden in all but name), and, when ``sheetFormatPr zeroHeight="1"`` hides rows by
  default, every row without its own height;
- merged ranges (``merged_cells`` at the top-left cell), and data right of column BL
  (``too_many_columns``, the first such cell of each row, at most 100);
- the last row and the last column with anything in columns A to BL (openpyxl walks no
  further: an offers sheet of 5000 rows and 17 columns builds 85000 cells, not 320000);
- a row past 10000, more than 10000 rows or more than 100000 cells, blank ones included:
  ``sheet_too_large`` at that row, alone, and the pass stops there;
- XML nested deeper than 32 elements, a cell holding more than 256 elements, or more than
  500000 elements in the sheet: ``xlsx_too_complex`` at that cell (or row), alone, and the
  pass stops there. A quote sheet nests about 8 deep (``worksheet/sheetData/row/c/is/r/rPr``)
  and a cell holds a handful; 2.1 million nested ``<r>`` in a 20 KB file cost openpyxl
  12 s and 606 MiB before this bound, and are now refused at the 33rd.

The parser is the standard library's expat with its callbacks (no element objects: about
six times faster than ``iterparse`` on 100000 styled blank cells). A sheet never has a
document type declaration, so any ``<!DOCTYPE`` is refused before its first entity could be
declared; that is stricter than defusedxml, which refuses entity declarations.
"""

from __future__ import annotations

import re
import zipfile
from typing import Final
from xml.parsers import expat

import attrs

from .errors import MAX_ERRORS, IntakeError, cell_ref
from .table import MAX_COLUMNS

# A quote sheet has about 100 rows of at most 64 cells; these bound what a hostile sheet
# can make openpyxl walk (blank rows and cells cost as much as full ones).
MAX_XML_ROWS: Final = 10000
MAX_XML_CELLS: Final = 100000
MAX_DEPTH: Final = 32
MAX_CELL_ELEMENTS: Final = 256
MAX_XML_ELEMENTS: Final = 500000
_CELL_REF: Final = re.compile(r"([A-Z]+)([0-9]+)")
_TRUE: Final = frozenset({"1", "true"})
MIN_ROW_HEIGHT: Final = 3.0  # points (Excel's default row is 15)
MIN_COLUMN_WIDTH: Final = 1.0  # characters (Excel's default column is 8.43)


class UnsafeXml(Exception):
    """The sheet's XML declares a document type."""


class _TooLarge(Exception):
    """Raised inside the parser's callbacks to stop at the first bound passed."""


class _TooComplex(Exception):
    """Raised inside the parser's callbacks at the first structural bound passed."""


@attrs.frozen
class Formula:
    """A formula cell: its text (``""`` for a shared formula's follower), its shared-formula
    index, and whether a value was saved."""

    text: str
    shared: str
    has_value: bool


@attrs.define
class SheetScan:
    """What the streaming pass found: errors, formulas, hidden rows and columns."""

    errors: list[IntakeError] = attrs.Factory(list)
    formulas: dict[tuple[int, int], Formula] = attrs.Factory(dict)  # columns A-BL
    shared: dict[str, str] = attrs.Factory(dict)  # shared-formula index -> its master's text
    formula_rows: set[int] = attrs.Factory(set)  # rows with a formula in columns A-BL
    hidden_rows: set[int] = attrs.Factory(set)
    hidden_columns: set[int] = attrs.Factory(set)  # columns A-BL
    too_large: bool = False
    last_row: int = 1  # the last row with a cell that holds anything, columns A-BL
    last_column: int = 1  # the last column (A-BL) with a cell that holds anything
    far_rows: list[int] = attrs.Factory(list)  # rows already holding a too_many_columns

    def formula_text(self, formula: Formula) -> str:
        return formula.text or self.shared.get(formula.shared, "")


def column_number(letters: str) -> int:
    """``A -> 1``, ``AA -> 27``."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _below(text: str | None, minimum: float) -> bool:
    """A size given and under ``minimum`` (an unreadable size counts as none given)."""
    try:
        return text is not None and float(text) < minimum
    except ValueError:
        return False


def _hidden(attributes: dict[str, str], size: str, minimum: float) -> bool:
    return attributes.get("hidden") in _TRUE or _below(attributes.get(size), minimum)


@attrs.define
class _Cell:
    """The cell being parsed."""

    row: int
    column: int
    string_result: bool
    has_v: bool = False
    v_text: bool = False
    has_is: bool = False
    formula: list[str] | None = None
    shared: str = ""


@attrs.define
class _Scanner:
    """The expat callbacks and their state."""

    prefix: str
    scan: SheetScan = attrs.Factory(SheetScan)
    row: int = 0
    column: int = 0
    rows: int = 0
    cells: int = 0
    cell: _Cell | None = None
    in_value: bool = False  # inside a <v>
    in_formula: bool = False  # inside an <f>
    rows_hidden_by_default: bool = False  # sheetFormatPr zeroHeight
    depth: int = 0
    elements: int = 0
    cell_elements: int = 0

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        self.elements += 1
        self.cell_elements += 1
        if (
            self.depth > MAX_DEPTH
            or self.elements > MAX_XML_ELEMENTS
            or (self.cell is not None and self.cell_elements > MAX_CELL_ELEMENTS)
        ):
            raise _TooComplex
        tag = name.rpartition("}")[2]
        if tag == "row":
            self.row, self.column, self.rows = (
                int(attributes.get("r", self.row + 1)),
                0,
                self.rows + 1,
            )
            if self.row > MAX_XML_ROWS or self.rows > MAX_XML_ROWS:
                raise _TooLarge
            if _hidden(attributes, "ht", MIN_ROW_HEIGHT) or (
                self.rows_hidden_by_default and "ht" not in attributes
            ):
                self.scan.hidden_rows.add(self.row)
        elif tag == "c":
            self.cells += 1
            if self.cells > MAX_XML_CELLS:
                raise _TooLarge
            match = _CELL_REF.fullmatch(attributes.get("r", ""))
            self.column = column_number(match.group(1)) if match else self.column + 1
            self.cell = _Cell(self.row, self.column, attributes.get("t") == "str")
            self.cell_elements = 1
        elif self.cell is not None:
            self._inside_cell(tag, attributes)
        elif tag == "sheetFormatPr":
            self.rows_hidden_by_default = attributes.get("zeroHeight") in _TRUE
        elif tag == "col" and _hidden(attributes, "width", MIN_COLUMN_WIDTH):
            first = int(attributes.get("min", "1"))
            last = int(attributes.get("max", first))  # one column when the end is not given
            self.scan.hidden_columns.update(range(first, min(last, MAX_COLUMNS) + 1))
        elif tag == "mergeCell":
            match = _CELL_REF.match(attributes.get("ref", ""))
            corner = match.group(0) if match else ""
            self.scan.errors.append(IntakeError("merged_cells", f"{self.prefix}{corner}"))

    def _inside_cell(self, tag: str, attributes: dict[str, str]) -> None:
        assert self.cell is not None
        if tag == "v":
            self.cell.has_v = self.in_value = True
        elif tag == "is":
            self.cell.has_is = True
        elif tag == "f":
            self.cell.formula, self.cell.shared = [], attributes.get("si", "")
            self.in_formula = True

    def text(self, data: str) -> None:
        if self.cell is None:
            return
        if self.in_value:
            self.cell.v_text = self.cell.v_text or bool(data)
        elif self.in_formula and self.cell.formula is not None:
            self.cell.formula.append(data)

    def end(self, name: str) -> None:
        self.depth -= 1
        tag = name.rpartition("}")[2]
        if tag == "v":
            self.in_value = False
        elif tag == "f":
            self.in_formula = False
        elif tag == "c" and self.cell is not None:
            self._record(self.cell)
            self.cell = None

    def _record(self, cell: _Cell) -> None:
        has_value = cell.has_v and (cell.v_text or cell.string_result)
        holds = cell.has_v or cell.has_is or cell.formula is not None
        scan = self.scan
        if cell.column <= MAX_COLUMNS:
            if holds:
                scan.last_row = max(scan.last_row, cell.row)
                scan.last_column = max(scan.last_column, cell.column)
            if cell.formula is not None:
                text = "".join(cell.formula)
                if text and cell.shared:
                    scan.shared.setdefault(cell.shared, text)
                scan.formulas[(cell.row, cell.column)] = Formula(text, cell.shared, has_value)
                scan.formula_rows.add(cell.row)
            return
        if len(scan.far_rows) >= MAX_ERRORS or (scan.far_rows and scan.far_rows[-1] == cell.row):
            return  # the first far cell of a row is enough
        if has_value or cell.has_is or cell.formula is not None:
            scan.far_rows.append(cell.row)
            ref = cell_ref(self.prefix, cell.row, cell.column)
            scan.errors.append(IntakeError("too_many_columns", ref))


def _refuse_doctype(*_: object) -> None:
    raise UnsafeXml


def scan_sheet(archive: zipfile.ZipFile, member: str, prefix: str) -> SheetScan:
    """The streaming pass over one sheet's XML (module docstring); raises :class:`UnsafeXml`
    or ``expat.ExpatError`` for XML the intake will not read."""
    scanner = _Scanner(prefix)
    parser = expat.ParserCreate(namespace_separator="}")
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.StartElementHandler = scanner.start
    parser.EndElementHandler = scanner.end
    parser.CharacterDataHandler = scanner.text
    parser.buffer_text = True
    with archive.open(member) as source:
        try:
            parser.ParseFile(source)
        except _TooLarge:
            error = IntakeError("sheet_too_large", cell_ref(prefix, scanner.row, 0))
            return SheetScan([error], too_large=True)
        except _TooComplex:
            place = cell_ref(prefix, scanner.row, scanner.column if scanner.cell else 0)
            return SheetScan([IntakeError("xlsx_too_complex", place)], too_large=True)
    return scanner.scan
