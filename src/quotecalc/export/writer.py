"""The workbook model (:mod:`.model`) as XLSX bytes, with XlsxWriter (the ``xlsx`` extra,
imported only here; ``docs/decisions.md`` 35.2).

- Every :class:`.model.Number` is a number cell whose XML text is the figure's own exact
  decimal digits (XlsxWriter writes a ``Decimal`` with ``{:.16G}``, never through a float),
  and whose number format shows its ``places`` (``#,##0.00`` for 2): a spreadsheet reads
  the value, the buyer sees the document's decimals. A figure with more than 15 significant
  digits (more than a double shows exactly) is a text cell with its exact digits instead,
  right-aligned (35.5).
- Text is always a string cell (``write_string``): a supplier id ``=1+1`` or ``00123``
  stays text, never a formula or a number.
- The same model gives the same bytes: the document properties have a fixed creation time
  (1 January 2000, UTC) and XlsxWriter stamps every part of the archive 1 January 1980.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any, Final

from ..engine.render import TOOL, TOOL_VERSION
from ..output.cells import display_width
from .model import Cell, Number, Sheet, Workbook, fits_a_double

CREATED: Final = datetime(2000, 1, 1, tzinfo=UTC)
MAX_WIDTH: Final = 60
SENTENCE_WIDTH: Final = 100


def number_format(places: int) -> str:
    """The cell number format showing ``places`` decimals, thousands grouped."""
    return "#,##0" if places == 0 else "#,##0." + "0" * places


class _Formats:
    """One XlsxWriter format per kind of cell, made once per workbook."""

    def __init__(self, book: Any) -> None:
        self.book = book
        self.header = book.add_format({"bold": True, "bottom": 1, "text_wrap": True})
        self.sentence = book.add_format({"text_wrap": True, "valign": "top"})
        self.title = book.add_format({"bold": True, "font_size": 13, "text_wrap": True})
        self.long = book.add_format({"align": "right"})
        self.numbers: dict[int, Any] = {}

    def number(self, places: int) -> Any:
        if places not in self.numbers:
            self.numbers[places] = self.book.add_format({"num_format": number_format(places)})
        return self.numbers[places]


def _shown(cell: Cell) -> str:
    if isinstance(cell, Number):
        return f"{cell.value:,.{cell.places}f}"
    return cell or ""


def _write(sheet: Any, formats: _Formats, row: int, column: int, cell: Cell) -> None:
    if isinstance(cell, Number):
        if fits_a_double(cell.value):
            sheet.write_number(row, column, cell.value, formats.number(cell.places))
        else:
            sheet.write_string(row, column, format(cell.value, "f"), formats.long)
    elif cell:
        sheet.write_string(row, column, cell)


def _sheet(book: Any, formats: _Formats, shown: Sheet, first: bool) -> None:
    sheet = book.add_worksheet(shown.title)
    widths: dict[int, int] = {}
    row = 0
    for line in shown.lines:
        for column, cell in enumerate(line):
            style = formats.title if first and row == 0 else formats.sentence
            if isinstance(cell, str) and cell:
                sheet.write_string(row, column, cell, style)
            else:
                _write(sheet, formats, row, column, cell)
        row += 1
    if shown.lines:
        sheet.set_column(0, 0, SENTENCE_WIDTH if not shown.header else MAX_WIDTH)
    if shown.header:
        if shown.lines:
            row += 1
        top = row
        for column, name in enumerate(shown.header):
            sheet.write_string(row, column, name, formats.header)
            widths[column] = display_width(name)
        for cells in shown.rows:
            row += 1
            for column, cell in enumerate(cells):
                _write(sheet, formats, row, column, cell)
                widths[column] = max(widths.get(column, 0), display_width(_shown(cell)))
        for column, width in widths.items():
            if column == 0 and shown.lines:
                continue
            sheet.set_column(column, column, min(MAX_WIDTH, width + 2))
        if not shown.lines:
            sheet.freeze_panes(top + 1, 0)


def xlsx_bytes(workbook: Workbook) -> bytes:
    """The workbook's XLSX bytes: the same model, the same bytes."""
    import xlsxwriter

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    book.set_properties(
        {
            "title": workbook.title,
            "author": TOOL,
            "comments": f"{TOOL} {TOOL_VERSION}",
            "created": CREATED,
        }
    )
    formats = _Formats(book)
    for index, sheet in enumerate(workbook.sheets):
        _sheet(book, formats, sheet, index == 0)
    book.close()
    return buffer.getvalue()
