"""A grid of cells (header row + data rows) to the request's quotes (``docs/intake.md``).

- Row 1 is the header row. Every non-blank header must map to a quote field
  (``headers.py``); an unknown name is ``unknown_column``, a second column for the same
  field ``duplicate_column``. A column without a name is ignored only while all its cells
  are blank (``unnamed_column`` otherwise), and so are cells right of the last column.
- A data row whose cells are all blank is skipped (spreadsheets end in such rows); every
  other data row is one quote, in row order; more than 100 is ``too_many_rows``.
- Each quote's cells are read by ``cells.read_cell`` and the raw quote is then checked by the
  calculator's own field rules (``read_fields`` over ``QUOTE_FIELDS``) and its duplicate
  supplier rule; each error it reports is put back at its cell. A row without a supplier is
  ``missing_required`` at its supplier cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from ..core.context import FieldError
from ..core.fields import MAX_QUOTES, QUOTE_FIELDS, FieldRule, Kind
from ..stages.validate import check_unique_supplier_ids, read_fields
from .cells import Cell, CellKind, Problem, Value, read_cell
from .errors import IntakeError, Note, cell_ref
from .headers import field_for

RULES: Final[dict[str, FieldRule]] = {rule.name: rule for rule in QUOTE_FIELDS}
MAX_COLUMNS: Final = 64  # A to BL: room for every field and a few blank or note columns
MAX_ROWS_READ: Final = MAX_QUOTES + 2  # the header, 100 quotes, one more to tell "too many"
Row = Sequence[Cell]


@attrs.frozen
class Grid:
    """What a reader found: numbered rows of cells (row 1 first, blank rows included), the
    errors that stopped or accompanied reading, and the prefix of its cell references
    (``Sheet1!`` for a workbook, ``""`` for CSV)."""

    rows: tuple[tuple[int, Row], ...] = ()
    errors: tuple[IntakeError, ...] = ()
    prefix: str = ""
    complete: bool = True  # False when reading stopped early: the rows are only a prefix

    def ref(self, row: int, column: int) -> str:
        return cell_ref(self.prefix, row, column)


@attrs.frozen
class Quotes:
    """The quotes read from a grid, with the errors and notes found on the way."""

    quotes: tuple[dict[str, str], ...]
    errors: tuple[IntakeError, ...]
    notes: tuple[Note, ...]


def _columns(header: Row, errors: list[IntakeError]) -> dict[int, str]:
    """Column index -> field, for the named columns."""
    columns: dict[int, str] = {}
    for index, cell in enumerate(header):
        if cell.is_blank:
            continue
        field = field_for(cell.text) if cell.kind is CellKind.TEXT else None
        if field is None:
            errors.append(IntakeError("unknown_column", cell.ref))
        elif field in columns.values():
            errors.append(IntakeError("duplicate_column", cell.ref))
        else:
            columns[index] = field
    return columns


def _check_unnamed(
    header: Row, rows: Iterable[tuple[int, Row]], named: set[int], errors: list[IntakeError]
) -> None:
    for _, row in rows:
        for index, cell in enumerate(row):
            if index in named or cell.is_blank:
                continue
            if index < len(header) and not header[index].is_blank:
                continue  # an unknown or duplicated column, already reported at its name
            if index < len(header):
                errors.append(IntakeError("unnamed_column", header[index].ref))
            else:
                errors.append(IntakeError("cell_outside_header", cell.ref))


def _canonical(rule: FieldRule, raw: str, value: Any) -> str:
    """Integers as canonical integer text (the calculator echoes them so); the rest as read."""
    if rule.kind is Kind.INTEGER:
        return str(value)
    return raw


def _quote(
    row: Row, columns: dict[int, str], errors: list[IntakeError], notes: list[Note]
) -> tuple[dict[str, str], dict[str, str]]:
    """The raw quote of one data row and the cell reference of each of its fields."""
    raw: dict[str, str] = {}
    refs: dict[str, str] = {}
    for index, field in columns.items():
        cell = row[index]
        refs[field] = cell.ref
        reading = read_cell(cell, RULES[field].kind)
        if isinstance(reading, Problem):
            errors.append(IntakeError(reading.code, cell.ref))
        elif isinstance(reading, Value):
            raw[field] = reading.raw
            if reading.rounded_tail:
                notes.append(Note("float_tail_rounded", cell.ref))
    return raw, refs


def read_table(grid: Grid) -> Quotes:
    """Quotes from the grid's rows (the first is the header row, number 1)."""
    rows, ref = grid.rows, grid.ref
    errors: list[IntakeError] = []
    notes: list[Note] = []
    if not rows or rows[0][0] != 1 or all(cell.is_blank for cell in rows[0][1]):
        return Quotes((), (IntakeError("missing_header", ref(1, 0)),), ())
    header = rows[0][1]
    columns = _columns(header, errors)
    if "supplierId" not in columns.values():
        errors.append(IntakeError("missing_supplier_column", ref(1, 0)))
    data = [(number, row) for number, row in rows[1:] if not all(c.is_blank for c in row)]
    _check_unnamed(header, data, set(columns), errors)
    if len(data) > MAX_QUOTES:
        errors.append(IntakeError("too_many_rows", ref(data[MAX_QUOTES][0], 0)))
        data = data[:MAX_QUOTES]
    if not data and grid.complete:
        errors.append(IntakeError("no_quotes", ref(2, 0)))
    raws: list[dict[str, str]] = []
    refs: list[dict[str, str]] = []
    for number, row in data:
        padded = list(row) + [
            Cell(ref(number, column + 1), CellKind.BLANK) for column in range(len(row), len(header))
        ]
        raw, cell_refs = _quote(padded, columns, errors, notes)
        raws.append(raw)
        refs.append(cell_refs)
    quotes = _validated(raws, refs, "supplierId" in columns.values(), errors)
    return Quotes(quotes, tuple(errors), tuple(notes))


def _validated(
    raws: list[dict[str, str]],
    refs: list[dict[str, str]],
    has_supplier_column: bool,
    errors: list[IntakeError],
) -> tuple[dict[str, str], ...]:
    """Check the raw quotes with the calculator's own rules; put each error at its cell."""
    already = {error.cell for error in errors}  # a cell with its own error says it once
    found: list[FieldError] = []
    values = [read_fields(QUOTE_FIELDS, raw, f"/quotes/{i}", found) for i, raw in enumerate(raws)]
    check_unique_supplier_ids({}, {"quotes": values}, found)
    for error in found:
        _, _, index, field = error.path.split("/")
        if field not in refs[int(index)]:
            # Only a missing supplier can have no cell: the column itself is missing,
            # which missing_supplier_column already says once.
            assert not has_supplier_column and error.code == "missing_required"
            continue
        cell = refs[int(index)][field]
        if cell not in already:
            errors.append(IntakeError(error.code, cell))
    return tuple(
        {
            rule.name: _canonical(rule, raw[rule.name], value[rule.name])
            for rule in QUOTE_FIELDS
            if rule.name in value
        }
        for raw, value in zip(raws, values, strict=True)
    )
