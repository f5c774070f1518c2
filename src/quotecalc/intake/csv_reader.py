"""CSV files to numbered rows of cells (standard library only; ``docs/intake.md``).

The file (at most 10 MiB) is decoded as UTF-8 with or without a byte-order mark unless
``encoding`` names another Python codec (``gb18030`` for Chinese Excel exports; ``utf-8``
also accepts a BOM). Each line that does not decode is ``undecodable_text`` at that line
(``7:7``), all of them; the file is then not read further. Parsing is the ``csv`` module's
Excel dialect with ``strict=True`` and the given one-character delimiter (``,`` by default);
a row it refuses is ``malformed_csv``. Columns A to BL are read; a non-blank cell beyond them
is ``too_many_columns`` (at most one per row). Every CSV cell is text: ``cells.py`` decides
the rest.
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


def read_csv(path: Path, encoding: str | None = None, delimiter: str = ",") -> Grid:
    """Numbered rows of text cells, or the errors that stop reading."""
    codec = _codec(encoding)
    if codec is None:
        return Grid(errors=(IntakeError("unknown_encoding", ""),))
    data = read_bytes(path)
    if isinstance(data, IntakeError):
        return Grid(errors=(data,))
    text = _decode(data, codec)
    if isinstance(text, list):
        return Grid(errors=tuple(text))
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
        if all(is_blank(value) for value in values):
            rows.append((number, ()))
            continue
        for column, value in enumerate(values[MAX_COLUMNS:], start=MAX_COLUMNS + 1):
            if not is_blank(value):
                errors.append(IntakeError("too_many_columns", csv_ref(number, column)))
                break
        cells = [
            Cell(csv_ref(number, column), CellKind.TEXT, value)
            for column, value in enumerate(values[:MAX_COLUMNS], start=1)
        ]
        rows.append((number, cells))
        filled += 1
    return Grid(tuple(rows), tuple(errors))
