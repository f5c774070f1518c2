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

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any, Final

import attrs

from ..core.context import FieldError
from ..core.fields import MAX_QUOTES, QUOTE_FIELDS, FieldRule, Kind
from ..core.numberform import read_number_text
from ..stages.validate import check_unique_supplier_ids, read_fields
from .cells import Cell, CellKind, Mark, Marked, Problem, Value, read_cell
from .columns import Columns, name_columns, read_columns
from .errors import IntakeError, Note, cell_ref, position
from .header_table import QUOTE_HEADERS, HeaderIndex, is_chinese
from .headers import fold
from .marks import MARK_NOTES, commas_grouped, readable_as_written, unit_column_name
from .trust import format_currencies, is_total_formula, is_total_shape, is_total_word
from .units import CNY_NAMES, Unit, mentions_yen, read_currency

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
    read_as_written: bool = False  # an unambiguous currency sign or 1,234.5 read, noted


@attrs.frozen
class Quotes:
    """The quotes read from a grid, with the errors and notes found on the way."""

    quotes: tuple[dict[str, str], ...]
    errors: tuple[IntakeError, ...]
    notes: tuple[Note, ...]


@attrs.frozen
class Layout:
    """What one kind of sheet holds (the quote sheet; an event's sheets, ``event_sheets.py``):
    the kind of each field's cells, the column names (``header_table.HeaderIndex``), the
    field whose cell names the row (a total word there makes a totals row), the columns that
    must exist (field, error code), at most how many data rows, the code for none, whether
    the totals *shape* rule applies to a row whose key cell holds a name (on an items sheet
    one quantity may well be the sum of two others: there only a row without a name is
    judged by its shape), and whether a refused column's cells are read for their own
    problems as the field it most likely means (``probe``: the quote sheet's)."""

    kinds: Mapping[str, Kind]
    headers: HeaderIndex
    key: str
    required: tuple[tuple[str, str], ...]
    max_rows: int
    empty: str
    shape_when_named: bool = True
    probe: bool = False


QUOTE_LAYOUT: Final = Layout(
    {name: rule.kind for name, rule in RULES.items()},
    QUOTE_HEADERS,
    "supplierId",
    (("supplierId", "missing_supplier_column"),),
    MAX_QUOTES,
    "no_quotes",
    probe=True,
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
    names: Mapping[int, str] = attrs.Factory(dict)  # column index -> its header text


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
    """What the whole sheet says (``units.py``): the columns, a CNY context for a bare ``¥``,
    whether the yen is mentioned anywhere, and whether every comma typed in a number is a
    thousands separator of the 1,234,567.89 pattern (``grouped``: only then may
    ``read_as_written`` read one)."""

    flags: Flags
    columns: Columns
    cny: bool
    yen: bool
    grouped: bool
    layout: Layout = QUOTE_LAYOUT
    currencies: Mapping[str, str] = attrs.Factory(dict)  # supplierId -> its currency

    @property
    def units(self) -> dict[int, Unit]:
        return self.columns.units


def _context(
    rows: Sequence[tuple[int, Row]],
    columns: Columns,
    flags: Flags,
    *,
    layout: Layout = QUOTE_LAYOUT,
    currencies: Mapping[str, str] | None = None,
) -> Context:
    texts = [cell.text for _, row in rows for cell in row if cell.kind is CellKind.TEXT]
    formats = {cell.number_format for _, row in rows for cell in row}  # few distinct ones
    currency = [i for i, field in columns.fields.items() if field == "currency"]
    cny = (
        flags.currency == "CNY"
        or any(unit.currency == "CNY" for unit in columns.units.values())
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
    numeric = [
        index
        for index, field in (*columns.fields.items(), *columns.probes.items())
        if layout.kinds[field] in NUMERIC
    ]
    grouped = commas_grouped(
        row[i].text
        for _, row in rows[1:]
        for i in numeric
        if i < len(row) and row[i].kind is CellKind.TEXT
    )
    return Context(flags, columns, cny, yen, grouped, layout, currencies or {})


NUMERIC: Final = frozenset({Kind.DECIMAL, Kind.INTEGER, Kind.RATE})


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


@attrs.frozen
class _Reader:
    """One data row's cells read into its raw fields, its errors and notes."""

    context: Context
    errors: list[IntakeError]
    notes: list[Note]

    def cell(self, cell: Cell, field: str, index: int) -> Any:
        unit = self.context.units.get(index)
        return read_cell(
            cell,
            self.context.layout.kinds[field],
            trim=self.context.flags.trim,
            unit=None if unit is None else unit.scale,
        )

    def marks(self, marked: Marked, ref: str, currency: str | None, index: int) -> Value | Problem:
        """Each mark an error at the cell, or, read as written, a note; then the number."""
        for mark in marked.marks:
            context = self.context
            readable = readable_as_written(
                mark, currency, yen=context.yen, cny=context.cny, grouped=context.grouped
            )
            if readable and context.flags.read_as_written:
                self.notes.append(Note(MARK_NOTES[mark.code], ref))
            elif mark.code == "unit_in_value":
                details = self._unit_name(mark, index)
                self.errors.append(IntakeError(mark.code, ref, details=details))
            else:
                option = "--read-as-written" if readable else ""
                self.errors.append(IntakeError(mark.code, ref, option))
        return marked.rest

    def _unit_name(self, mark: Mark, index: int) -> tuple[tuple[str, str | int], ...]:
        """The ``suggestion`` of a unit written in a cell of a column without one."""
        columns = self.context.columns
        field = columns.fields.get(index) or columns.probes.get(index, "")
        chinese = is_chinese(columns.names.get(index, ""))
        name = "" if index in columns.units else unit_column_name(mark, field, chinese=chinese)
        return (("suggestion", name),) if name else ()

    def value(self, reading: Any, field: str, cell: Cell, raw: dict[str, str]) -> None:
        if isinstance(reading, Problem):
            self.errors.append(IntakeError(reading.code, cell.ref, details=reading.details))
        elif isinstance(reading, Value):
            raw[field] = reading.raw
            if field == "currency":
                _currency(raw, cell, self.context, self.errors, self.notes)
            if reading.rounded_tail:
                self.notes.append(Note("float_tail_rounded", cell.ref))
            if reading.unit != 1:
                self.notes.append(Note("unit_scaled", cell.ref))
            if reading.trimmed:
                self.notes.append(Note("whitespace_trimmed", cell.ref))


def _quote(
    row: Row, context: Context, errors: list[IntakeError], notes: list[Note]
) -> tuple[dict[str, str], dict[str, str]]:
    """The raw quote of one data row and the cell reference of each of its fields: every
    cell's every problem is an error (a refused column's cells read as the field it most
    likely means, their values only checked); a value whose marks are errors is still
    checked by the field rules, so its other problems are said in the same round."""
    columns = context.columns
    reader = _Reader(context, errors, notes)
    raw: dict[str, str] = {}
    refs: dict[str, str] = {}
    read = {**columns.fields, **columns.probes}
    readings = {index: reader.cell(row[index], field, index) for index, field in read.items()}
    for index, field in read.items():  # the cells without marks first: the row's currency
        refs[field] = row[index].ref
        if not isinstance(readings[index], Marked):
            reader.value(readings[index], field, row[index], raw)
    currency = raw.get("currency")
    if currency is None:
        currency = context.currencies.get(raw.get("supplierId", ""), context.flags.currency)
    for index, field in read.items():  # then each mark, judged against that currency
        reading = readings[index]
        if isinstance(reading, Marked):
            rest = reader.marks(reading, row[index].ref, currency, index)
            reader.value(rest, field, row[index], raw)
    for index in read:
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
    _per_unit(row, raw, context, errors)
    return raw, refs


def _per_unit(row: Row, raw: dict[str, str], context: Context, errors: list[IntakeError]) -> None:
    """A price per unit (``单价``) times the row's pack size is its pack price, exactly; a
    row without a pack size is ``unit_price_needs_pack_size`` at the price's cell (when the
    pack size cell has its own error, that error says it)."""
    for index in context.columns.per_unit:
        field = context.columns.fields[index]
        price = raw.pop(field, None)
        if price is None:
            continue
        size = raw.get("packSize")
        number = None if size is None else read_number_text(size)
        if isinstance(number, Decimal) and number == number.to_integral_value() and number >= 1:
            raw[field] = format(Decimal(price) * int(number), "f")
        elif size is None and "packSize" in context.columns.fields.values():
            pack = next(i for i, f in context.columns.fields.items() if f == "packSize")
            if not any(error.cell == row[pack].ref for error in errors):
                errors.append(IntakeError("unit_price_needs_pack_size", row[index].ref))


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
    (an event's offers: their supplier's). Every error names its column by the header the
    buyer wrote (``IntakeError.column``, shown on the page only)."""
    rows, ref = grid.rows, grid.ref
    errors: list[IntakeError] = []
    notes: list[Note] = list(grid.notes)
    if not rows or rows[0][0] != 1 or all(cell.is_blank for cell in rows[0][1]):
        return Rows((), {}, (IntakeError("missing_header", ref(1, 0)),), tuple(notes))
    header = rows[0][1]
    columns = read_columns(header, errors, notes, layout.headers, probe=layout.probe)
    if not columns.fields and (not columns.known or len(columns.names) < 2):
        # a title row above the header: one error, not one per cell below
        return Rows((), {}, (IntakeError("missing_header", ref(1, 0)),), tuple(notes))
    hidden = _first_hidden(rows)
    if hidden is not None:
        if flags.include_hidden:
            notes.append(Note("hidden_cell_read", hidden.ref))
        else:
            errors.append(IntakeError("hidden_cell", hidden.ref))
    for field, code in layout.required:
        # a refused column that most likely is the field already says what to write
        if field not in columns.fields.values() and field not in columns.probes.values():
            errors.append(IntakeError(code, ref(1, 0)))
    if columns.per_unit and "packSize" not in columns.fields.values():
        errors.extend(
            IntakeError("unit_price_needs_pack_size", header[index].ref)
            for index in sorted(columns.per_unit)
        )
    key = next((i for i, field in columns.fields.items() if field == layout.key), None)
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
    if (
        grid.complete
        and len(data) <= layout.max_rows
        and _shaped_total(data, columns.fields, layout)
    ):
        number = data.pop()[0]
        if flags.skip_totals:
            notes.append(Note("totals_row_skipped", ref(number, 0)))
        else:
            errors.append(IntakeError("totals_row", ref(number, 0)))
    _check_unnamed(header, data, set(columns.fields), errors)
    if len(data) > layout.max_rows:
        errors.append(IntakeError("too_many_rows", ref(data[layout.max_rows][0], 0)))
        data = data[: layout.max_rows]
    if not data and grid.complete and layout.empty:
        errors.append(IntakeError(layout.empty, ref(2, 0)))
    readings: list[RowReading] = []
    context = _context(rows, columns, flags, layout=layout, currencies=currencies)
    for number, row in data:
        padded = list(row) + [
            Cell(ref(number, column + 1), CellKind.BLANK) for column in range(len(row), len(header))
        ]
        raw, cell_refs = _quote(padded, context, errors, notes)
        readings.append(RowReading(number, raw, cell_refs, ref(number, 0)))
    found = {field: header[index].ref for index, field in columns.fields.items()}
    named = name_columns(errors, columns.names, grid.prefix)
    return Rows(tuple(readings), found, named, tuple(notes), columns.names)


def read_table(grid: Grid, flags: Flags = Flags()) -> Quotes:
    """Quotes from the grid's rows (the first is the header row, number 1)."""
    read = read_rows(grid, flags)
    if not read.rows:
        return Quotes((), read.errors, read.notes)
    errors = list(read.errors)
    notes = list(read.notes)
    raws = [row.raw for row in read.rows]
    refs = [row.refs for row in read.rows]
    found: list[IntakeError] = []
    quotes = _validated(raws, refs, "supplierId" in read.columns, errors, found)
    errors += name_columns(found, read.names, grid.prefix)
    return Quotes(quotes, tuple(errors), tuple(sorted(notes, key=position)))  # as the errors


def _validated(
    raws: list[dict[str, str]],
    refs: list[dict[str, str]],
    has_supplier_column: bool,
    errors: list[IntakeError],
    added: list[IntakeError],
) -> tuple[dict[str, str], ...]:
    """Check the raw quotes with the calculator's own rules; put each error at its cell
    (into ``added``). A cell whose own error left its field out says it once; a cell whose
    marks were errors but whose number was read has that number checked too."""
    already = {error.cell for error in errors}
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
        if cell not in already or field in raws[int(index)]:
            added.append(IntakeError(error.code, cell))
    return tuple(
        {
            rule.name: _canonical(rule, raw[rule.name], value[rule.name])
            for rule in QUOTE_FIELDS
            if rule.name in value
        }
        for raw, value in zip(raws, values, strict=True)
    )
