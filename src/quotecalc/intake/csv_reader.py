"""CSV files to numbered rows of cells (standard library only; ``docs/intake.md``).

The file (at most 10 MiB) is decoded as UTF-8 with or without a byte-order mark unless
``encoding`` names another Python codec (``gb18030`` for Chinese Excel exports; ``utf-8``
also accepts a BOM). A file of more than 10000 lines, or of more than 100000 fields (blank
ones included), is ``sheet_too_large`` before it is decoded or parsed. Each line that does
not decode is ``undecodable_text`` at that line (``7:7``), all of them; the file is then not
read further. Parsing is the ``csv`` module's Excel dialect with ``strict=True`` and the
given one-character delimiter (``,`` by default); a row it refuses is ``malformed_csv``.
Columns A to BL are read; a non-blank cell beyond them is ``too_many_columns`` (at most one
per row). Every CSV cell is text (``cells.py`` decides the rest), except that a cell
starting with ``=`` is a formula without a value.
"""

from __future__ import annotations

import codecs
import csv
import io
from pathlib import Path
from typing import Final

from .cells import Cell, CellKind, is_blank
from .errors import IntakeError, cell_ref
from .table import MAX_COLUMNS, MAX_ROWS_READ, Grid, Row

MAX_FILE_BYTES: Final = 10 * 1024 * 1024
# The same bounds as a workbook's sheet XML (``xlsx_reader.py``): blank lines and blank
# fields count, because they cost as much to parse as full ones.
MAX_LINES: Final = 10000
MAX_FIELDS: Final = 100000


def csv_ref(row: int, column: int) -> str:
    """``C7``, or ``7:7`` for the whole row."""
    return cell_ref("", row, column)


def _codec(encoding: str | None) -> str | None:
    try:
        name = codecs.lookup(encoding or "utf-8").name
    except LookupError:
        return None
    return "utf-8-sig" if name == "utf-8" else name


def _decode(data: bytes, codec: str) -> str | list[IntakeError]:
    try:
        return data.decode(codec)
    except UnicodeDecodeError:
        pass
    errors = []
    for number, line in enumerate(data.split(b"\n"), start=1):
        try:
            line.decode("utf-8" if codec == "utf-8-sig" and number > 1 else codec)
        except UnicodeDecodeError:
            errors.append(IntakeError("undecodable_text", csv_ref(number, 0)))
    return errors or [IntakeError("undecodable_text", "")]


BOMS: Final = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def detect_encoding(data: bytes) -> str | None:
    """The encoding of a CSV file whose encoding was not chosen (issue 35; the analyst page's
    "detect"): the one its byte-order mark names; else ``utf-8`` when the bytes are valid
    UTF-8 (always tried first: it is the default, and text of more than a few non-ASCII
    characters that is valid UTF-8 is UTF-8); else ``gb18030`` when they are valid GB18030
    (a Chinese Excel's "CSV (comma delimited)", GBK, of which GB18030 is the superset); else
    ``None``: neither decodes, and nothing is guessed."""
    for mark, name in BOMS:
        if data.startswith(mark):
            return name
    for name in ("utf-8", "gb18030"):
        try:
            data.decode(name)
        except UnicodeDecodeError:
            continue
        return name
    return None


def read_bytes(path: Path) -> bytes | IntakeError:
    """The file's bytes, or ``file_not_found`` / ``file_too_large`` (never reads past 10 MiB)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError:
        return IntakeError("file_not_found", "")
    if len(data) > MAX_FILE_BYTES:
        return IntakeError("file_too_large", "")
    return data


def _too_many_lines(data: bytes) -> IntakeError | None:
    """``sheet_too_large`` at line 10001 when the bytes hold more than 10000 lines (a final
    line break ends the last line; it does not start another)."""
    start = 0
    for _ in range(MAX_LINES):
        start = data.find(b"\n", start) + 1
        if start == 0 or start == len(data):
            return None
    return IntakeError("sheet_too_large", csv_ref(MAX_LINES + 1, 0))


def _too_many_fields(text: str, delimiter: str) -> IntakeError | None:
    """``sheet_too_large`` at the line where the fields (delimiters + 1 per line, quoted
    or not) pass 100000; at most 10000 lines are looked at (``_too_many_lines``)."""
    fields, start, number = 0, 0, 0
    while start < len(text):
        number += 1
        end = text.find("\n", start)
        end = len(text) if end < 0 else end + 1
        fields += text.count(delimiter, start, end) + 1
        if fields > MAX_FIELDS:
            return IntakeError("sheet_too_large", csv_ref(number, 0))
        start = end
    return None


def _cell(ref: str, value: str) -> Cell:
    """A text cell; ``=...`` is a formula whose result the CSV does not hold (a spreadsheet
    program shows the result, not the text)."""
    if value.startswith("="):
        return Cell(ref, CellKind.FORMULA_WITHOUT_VALUE, formula=value[1:])
    return Cell(ref, CellKind.TEXT, value)


def read_csv(path: Path, encoding: str | None = None, delimiter: str = ",") -> Grid:
    """Numbered rows of text cells, or the errors that stop reading."""
    codec = _codec(encoding)
    if codec is None:
        return Grid(errors=(IntakeError("unknown_encoding", "", "--encoding"),))
    data = read_bytes(path)
    if isinstance(data, IntakeError):
        return Grid(errors=(data,))
    too_large = _too_many_lines(data)
    if too_large is not None:
        return Grid(errors=(too_large,))
    text = _decode(data, codec)
    del data  # the text alone is held from here on
    if isinstance(text, list):
        return Grid(errors=tuple(text))
    too_large = _too_many_fields(text, delimiter)
    if too_large is not None:
        return Grid(errors=(too_large,))
    rows: list[tuple[int, Row]] = []
    errors: list[IntakeError] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    filled = 0
    while filled < MAX_ROWS_READ:
        number = len(rows) + 1
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error:
            errors.append(IntakeError("malformed_csv", csv_ref(number, 0)))
            return Grid(tuple(rows), tuple(errors), complete=False)
        if number > MAX_LINES:  # rows ended by a lone CR, which the line count misses
            return Grid(errors=(IntakeError("sheet_too_large", csv_ref(number, 0)),))
        if all(is_blank(value) for value in values):
            rows.append((number, ()))
            continue
        for column, value in enumerate(values[MAX_COLUMNS:], start=MAX_COLUMNS + 1):
            if not is_blank(value):
                errors.append(IntakeError("too_many_columns", csv_ref(number, column)))
                break
        cells = [
            _cell(csv_ref(number, column), value)
            for column, value in enumerate(values[:MAX_COLUMNS], start=1)
        ]
        rows.append((number, cells))
        filled += 1
    return Grid(tuple(rows), tuple(errors))
