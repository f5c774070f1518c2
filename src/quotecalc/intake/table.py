"""A grid of cells (header row + data rows) to the request's quotes (``docs/intake.md``).

- Row 1 is the header row. Every non-blank header must map to a quote field
  (``headers.py``); an unknown name is ``unknown_column``, a second column for the same
  field ``duplicate_column``. A column without a name is ignored only while all its cells
  are blank (``unnamed_column`` otherwise), and so are cells right of the last column.
- A header row that names no field at all is one ``missing_header`` (a title row above the
  header), not one error per cell.
- A data row whose cells are all blank is skipped (spreadsheets end in such rows); a totals
  row (``trust.py``) is ``totals_row`` at the row, or skipped with a note under
  ``skip_totals``; every other data row is one quote, in row order; more than 100 is
  ``too_many_rows``.
- The first cell with content in a hidden row or column is ``hidden_cell`` (a note under
  ``include_hidden``, which reads them). A number whose cell format names currencies
  without the row's currency (its currency cell, else the root currency) is
  ``currency_format_mismatch``.
- A money column's name may give a unit (``units.py``: ``包价(万元)``): its values are read
  at that exact scale, noted once at the header (``column_unit_read``); an unknown unit is
  ``unknown_header_unit``; a unit naming a currency other than the row's is
  ``column_currency_mismatch`` at the cell. A currency cell naming the renminbi
  (``人民币``, ``RMB``, ``元``, ``¥`` in a CNY context) is ``CNY`` with a
  ``currency_name_read`` note; ``$``, a ``¥`` that may be the yen, ``US$`` are refused.
- Each quote's cells are read by ``cells.read_cell`` and the raw quote is then checked by the
  calculator's own field rules (``read_fields`` over ``QUOTE_FIELDS``) and its duplicate
  supplier rule; each error it reports is put back at its cell. A row without a supplier is
  ``missing_required`` at its supplier cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Final

import attrs

from ..core.context import FieldError
from ..core.fields import MAX_QUOTES, QUOTE_FIELDS, FieldRule, Kind
from ..core.numberform import read_number_text
from ..stages.validate import check_unique_supplier_ids, read_fields
from .cells import Cell, CellKind, Problem, Value, read_cell
from .errors import IntakeError, Note, cell_ref, position
from .headers import field_for, fold
from .trust import format_currencies, is_total_formula, is_total_shape, is_total_word
from .units import CNY_NAMES, Unit, UnknownUnit, column_unit, mentions_yen, read_currency

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
    notes: tuple[Note, ...] = ()

    def ref(self, row: int, column: int) -> str:
        return cell_ref(self.prefix, row, column)


@attrs.frozen
class Flags:
    """The options that relax a trust rule, each recorded by a note when it acts, and the
    root currency (``--currency``) a row without its own currency is compared with."""

    trim: bool = False
    skip_totals: bool = False
    include_hidden: bool = False
    currency: str | None = None


@attrs.frozen
class Quotes:
    """The quotes read from a grid, with the errors and notes found on the way."""

    quotes: tuple[dict[str, str], ...]
    errors: tuple[IntakeError, ...]
    notes: tuple[Note, ...]


@attrs.frozen
class Layout:
    """What one kind of sheet holds (the quote sheet; an event's sheets, ``event_sheets.py``):
    the kind of each field's cells, the column names (``field_for``, ``column_unit``), the
    field whose cell names the row (a total word there makes a totals row), the columns that
    must exist (field, error code), at most how many data rows, the code for none, and
    whether the totals *shape* rule applies to a row whose key cell holds a name (on an
    items sheet one quantity may well be the sum of two others: there only a row without a
    name is judged by its shape)."""

    kinds: Mapping[str, Kind]
    field_for: Callable[[str], str | None]
    column_unit: Callable[[str], tuple[str, Unit] | UnknownUnit | None]
    key: str
    required: tuple[tuple[str, str], ...]
    max_rows: int
    empty: str
    shape_when_named: bool = True


QUOTE_LAYOUT: Final = Layout(
    {name: rule.kind for name, rule in RULES.items()},
    field_for,
    column_unit,
    "supplierId",
    (("supplierId", "missing_supplier_column"),),
    MAX_QUOTES,
    "no_quotes",
)


@attrs.frozen
class RowReading:
    """One data row read cell by cell: its number, the raw value of each field read, the
    cell reference of each field with a column, and of the row itself."""

    number: int
    raw: dict[str, str]
    refs: dict[str, str]
    ref: str


@attrs.frozen
class Rows:
    """The data rows of a grid read by a :class:`Layout`, the columns found (field -> header
    cell reference), and the errors and notes found on the way."""

    rows: tuple[RowReading, ...]
    columns: dict[str, str]
    errors: tuple[IntakeError, ...]
    notes: tuple[Note, ...]


def _columns(
    header: Row,
    errors: list[IntakeError],
    notes: list[Note],
    units: dict[int, Unit],
    layout: Layout = QUOTE_LAYOUT,
) -> dict[int, str]:
    """Column index -> field, for the named columns; ``units`` gets the columns whose name
    gives a unit (``units.py``), each noted at its header."""
    columns: dict[int, str] = {}
    for index, cell in enumerate(header):
        if cell.is_blank:
            continue
        field = layout.field_for(cell.text) if cell.kind is CellKind.TEXT else None
        named = (
            layout.column_unit(cell.text) if field is None and cell.kind is CellKind.TEXT else None
        )
        if isinstance(named, UnknownUnit):
            errors.append(IntakeError("unknown_header_unit", cell.ref))
            continue
        if named is not None:
            field, unit = named
            if field not in columns.values():
                units[index] = unit
                details: tuple[tuple[str, str | int], ...] = (("scale", unit.scale),)
                if unit.currency is not None:
                    details += (("currency", unit.currency),)
                notes.append(Note("column_unit_read", cell.ref, details))
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


@attrs.frozen
class Context:
    """What the whole sheet says about currencies (``units.py``): the columns' units, a CNY
    context for a bare ``¥``, and whether the yen is mentioned anywhere."""

    flags: Flags
    units: dict[int, Unit]
    cny: bool
    yen: bool
    layout: Layout = QUOTE_LAYOUT
    currencies: Mapping[str, str] = attrs.Factory(dict)  # supplierId -> its currency


def _context(
    rows: Sequence[tuple[int, Row]],
    columns: dict[int, str],
    units: dict[int, Unit],
    flags: Flags,
    *,
    layout: Layout = QUOTE_LAYOUT,
    currencies: Mapping[str, str] | None = None,
) -> Context:
    texts = [cell.text for _, row in rows for cell in row if cell.kind is CellKind.TEXT]
    formats = {cell.number_format for _, row in rows for cell in row}  # few distinct ones
    currency = [i for i, field in columns.items() if field == "currency"]
    cny = (
        flags.currency == "CNY"
        or any(unit.currency == "CNY" for unit in units.values())
        or any(
            row[i].kind is CellKind.TEXT
            and (row[i].text == "CNY" or fold(row[i].text) in CNY_NAMES)
            for _, row in rows[1:]
            for i in currency
            if i < len(row)
        )
        or any(format_currencies(form) == {"CNY"} for form in formats)
        or "CNY" in (currencies or {}).values()
    )
    yen = mentions_yen(texts, formats)
    return Context(flags, units, cny, yen, layout, currencies or {})


def _currency(
    raw: dict[str, str], cell: Cell, context: Context, errors: list[IntakeError], notes: list[Note]
) -> None:
    """A currency cell's name of the renminbi read as ``CNY`` (``units.py``)."""
    name = read_currency(raw["currency"], cny_context=context.cny, yen=context.yen)
    if isinstance(name, str):
        errors.append(IntakeError(name, cell.ref))
        del raw["currency"]
    else:
        raw["currency"] = name.code
        if name.noted:
            notes.append(Note("currency_name_read", cell.ref))


def _quote(
    row: Row,
    columns: dict[int, str],
    context: Context,
    errors: list[IntakeError],
    notes: list[Note],
) -> tuple[dict[str, str], dict[str, str]]:
    """The raw quote of one data row and the cell reference of each of its fields."""
    raw: dict[str, str] = {}
    refs: dict[str, str] = {}
    for index, field in columns.items():
        cell = row[index]
        refs[field] = cell.ref
        unit = context.units.get(index)
        reading = read_cell(
            cell,
            context.layout.kinds[field],
            trim=context.flags.trim,
            unit=None if unit is None else unit.scale,
        )
        if isinstance(reading, Problem):
            errors.append(IntakeError(reading.code, cell.ref, details=reading.details))
        elif isinstance(reading, Value):
            raw[field] = reading.raw
            if field == "currency":
                _currency(raw, cell, context, errors, notes)
            if reading.rounded_tail:
                notes.append(Note("float_tail_rounded", cell.ref))
            if reading.unit != 1:
                notes.append(Note("unit_scaled", cell.ref))
            if reading.trimmed:
                notes.append(Note("whitespace_trimmed", cell.ref))
    currency = raw.get("currency")
    if currency is None:
        currency = context.currencies.get(raw.get("supplierId", ""), context.flags.currency)
    for index in columns:
        cell = row[index]
        if cell.kind is not CellKind.NUMBER or currency is None:
            continue
        named = format_currencies(cell.number_format)
        if named and currency not in named:
            errors.append(IntakeError("currency_format_mismatch", cell.ref))
    for index, unit in context.units.items():
        cell = row[index]
        if currency is not None and unit.currency not in (None, currency) and not cell.is_blank:
            errors.append(IntakeError("column_currency_mismatch", cell.ref))
    return raw, refs


def _first_hidden(rows: Iterable[tuple[int, Row]]) -> Cell | None:
    """The first cell with content in a hidden row or column, in reading order."""
    for _, row in rows:
        for cell in row:
            if cell.hidden and not cell.is_blank:
                return cell
    return None


def _is_totals(row: Row, supplier: int | None) -> bool:
    """A total word in the supplier cell, or a SUM/SUBTOTAL over several rows anywhere."""
    if supplier is not None and supplier < len(row):
        cell = row[supplier]
        if cell.kind is CellKind.TEXT and is_total_word(cell.text):
            return True
    return any(is_total_formula(cell.formula) for cell in row if cell.formula)


def _numbers(row: Row, numeric: Iterable[int]) -> dict[int, Decimal | None]:
    """Column -> the number the cell holds (a number, or text the number grammar reads),
    ``None`` for any other content; blank cells are left out."""
    found: dict[int, Decimal | None] = {}
    for index in numeric:
        cell = row[index] if index < len(row) else None
        if cell is None or cell.is_blank:
            continue
        if cell.kind is CellKind.NUMBER:
            number = cell.number
            found[index] = Decimal(number if isinstance(number, int) else repr(number))
        elif cell.kind is CellKind.TEXT:
            value = read_number_text(cell.text.strip())
            found[index] = value if isinstance(value, Decimal) else None
        else:
            found[index] = None
    return found


def _shaped_total(
    data: list[tuple[int, Row]], columns: dict[int, str], layout: Layout = QUOTE_LAYOUT
) -> bool:
    """The last data row has a totals row's shape (``trust.is_total_shape``); where the
    layout says so, only a row whose key cell is blank is judged by its shape."""
    numeric = [
        i for i, field in columns.items() if layout.kinds[field] in (Kind.DECIMAL, Kind.INTEGER)
    ]
    if len(data) < 3 or not numeric:
        return False
    if not layout.shape_when_named:
        key = next((i for i, field in columns.items() if field == layout.key), None)
        row = data[-1][1]
        if key is not None and key < len(row) and not row[key].is_blank:
            return False
    last = _numbers(data[-1][1], numeric)
    if any(number is None for number in last.values()):
        return False
    above = [_numbers(row, numeric) for _, row in data[:-1]]
    return is_total_shape({k: v for k, v in last.items() if v is not None}, above)


def read_rows(
    grid: Grid,
    flags: Flags = Flags(),
    layout: Layout = QUOTE_LAYOUT,
    currencies: Mapping[str, str] | None = None,
) -> Rows:
    """The data rows of the grid (the first row is the header row, number 1), each cell read
    by ``cells.read_cell`` with the trust rules of the module docstring; ``currencies``
    gives the currency of a row by its ``supplierId`` where the sheet has no currency column
    (an event's offers: their supplier's)."""
    rows, ref = grid.rows, grid.ref
    errors: list[IntakeError] = []
    notes: list[Note] = list(grid.notes)
    if not rows or rows[0][0] != 1 or all(cell.is_blank for cell in rows[0][1]):
        return Rows((), {}, (IntakeError("missing_header", ref(1, 0)),), tuple(notes))
    header = rows[0][1]
    units: dict[int, Unit] = {}
    columns = _columns(header, errors, notes, units, layout)
    if not columns:  # a title row above the header: one error, not one per cell below
        return Rows((), {}, (IntakeError("missing_header", ref(1, 0)),), tuple(notes))
    hidden = _first_hidden(rows)
    if hidden is not None:
        if flags.include_hidden:
            notes.append(Note("hidden_cell_read", hidden.ref))
        else:
            errors.append(IntakeError("hidden_cell", hidden.ref))
    for field, code in layout.required:
        if field not in columns.values():
            errors.append(IntakeError(code, ref(1, 0)))
    key = next((i for i, field in columns.items() if field == layout.key), None)
    data = []
    for number, row in rows[1:]:
        if all(c.is_blank for c in row):
            continue
        if _is_totals(row, key):
            if flags.skip_totals:
                notes.append(Note("totals_row_skipped", ref(number, 0)))
            else:
                errors.append(IntakeError("totals_row", ref(number, 0)))
            continue
        data.append((number, row))
    if grid.complete and len(data) <= layout.max_rows and _shaped_total(data, columns, layout):
        number = data.pop()[0]
        if flags.skip_totals:
            notes.append(Note("totals_row_skipped", ref(number, 0)))
        else:
            errors.append(IntakeError("totals_row", ref(number, 0)))
    _check_unnamed(header, data, set(columns), errors)
    if len(data) > layout.max_rows:
        errors.append(IntakeError("too_many_rows", ref(data[layout.max_rows][0], 0)))
        data = data[: layout.max_rows]
    if not data and grid.complete and layout.empty:
        errors.append(IntakeError(layout.empty, ref(2, 0)))
    readings: list[RowReading] = []
    context = _context(rows, columns, units, flags, layout=layout, currencies=currencies)
    for number, row in data:
        padded = list(row) + [
            Cell(ref(number, column + 1), CellKind.BLANK) for column in range(len(row), len(header))
        ]
        raw, cell_refs = _quote(padded, columns, context, errors, notes)
        readings.append(RowReading(number, raw, cell_refs, ref(number, 0)))
    found = {field: header[index].ref for index, field in columns.items()}
    return Rows(tuple(readings), found, tuple(errors), tuple(notes))


def read_table(grid: Grid, flags: Flags = Flags()) -> Quotes:
    """Quotes from the grid's rows (the first is the header row, number 1)."""
    read = read_rows(grid, flags)
    if not read.columns:
        return Quotes((), read.errors, read.notes)
    errors = list(read.errors)
    notes = list(read.notes)
    raws = [row.raw for row in read.rows]
    refs = [row.refs for row in read.rows]
    quotes = _validated(raws, refs, "supplierId" in read.columns, errors)
    return Quotes(quotes, tuple(errors), tuple(sorted(notes, key=position)))  # as the errors


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
