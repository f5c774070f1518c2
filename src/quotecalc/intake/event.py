"""An event workbook to an event request (issue 26, ``docs/intake.md``, "Sourcing events").

The sheets and their columns are ``event_sheets.py``; each sheet is read by the quote
sheet's own reader (``table.read_rows``), so every trust rule holds on every sheet. Then:

- **items**: one item per data row, in row order;
- **suppliers**: in the order of the suppliers sheet when there is one (then an offer of a
  supplier not on it is ``supplier_not_listed``, a supplier without an offer
  ``supplier_without_offers``), else in the order of their first offer row; a supplier's own
  fields come from its row there, or from the supplier-level columns of the offers sheet
  (``event_sheets.SUPPLIER_LEVEL``), which must then show the same value on every row of
  the supplier (``supplier_values_differ`` at each row that does not: blank and a value
  differ; numbers are compared as numbers) and are taken from its first row. A supplier
  column on both sheets is ``supplier_column_twice``;
- **offers**: one per offers row, under its supplier, in row order;
- **price breaks** and **spend tiers**: each numbered pair of columns filled on the row is
  one element, in column-number order (a pair left blank is skipped; half a pair is
  ``incomplete_pair`` at the blank cell);
- **exchange rates** and **balances**: one per row of their sheets;
- the root fields come from options, never from a sheet (``currency``, ``maxSuppliers``,
  ``maxLeadDays``, ``asOf``), passed as given for the calculator to judge.

The whole document is then checked with the calculator's own event rules (the rule rows of
``core/event_rules.py`` read by ``stages.validate.read_fields``, then the event's cross-field
rules) and each error is put back at its cell (walking up to the row, the list or the sheet
when the field has no cell of its own); an error of a root option is left to the calculator,
as for a quote sheet. Integers are written as JSON integers, every other value as the text
read, keys in the rule table's order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any, Final

import attrs

from ..core.context import FieldError
from ..core.event_rules import EVENT_ROOT_FIELDS
from ..core.fields import FieldRule, Kind
from ..stages.event_validate import EVENT_CROSS_FIELD_RULES
from ..stages.validate import read_fields
from .errors import IntakeError, Note, position
from .event_sheets import LAYOUTS, PAIRS, REQUIRED_SHEETS, SHEET_ROLES, SUPPLIER_LEVEL, split_pair
from .headers import fold
from .options import EVENT_ROOT
from .table import Flags, Grid, RowReading, Rows, read_rows
from .workbook import WorkbookInfo
from .xlsx_reader import Chosen, sheet_prefix

# Python keyword -> the event request's root row, in output order (the rows' own options).
EVENT_ROOT_OPTIONS: Final = {option.name: option.field for option in EVENT_ROOT if option.field}
# Where each optional sheet's rows go in the request.
LIST_SHEETS: Final = {"rates": "exchangeRates", "balances": "balances"}
_NUMERIC: Final = frozenset({Kind.DECIMAL, Kind.INTEGER, Kind.RATE})


def sheet_ref(name: str) -> str:
    """A sheet's first cell (``Items!A1``): where an error about the whole sheet is put."""
    return f"{sheet_prefix(name)}A1"


def choose_sheets(info: WorkbookInfo, include_hidden: bool) -> Chosen:
    """The event's sheets by name (``event_sheets.SHEETS``): ``event_sheet_missing`` for a
    missing items or offers sheet, ``duplicate_sheet`` at the second sheet of one role,
    ``event_sheet_hidden`` for a hidden one (read, with a note, under ``include_hidden``)."""
    chosen: dict[str, tuple[str, int]] = {}
    errors: list[IntakeError] = []
    notes: list[Note] = []
    for sheet in info.sheets:
        role = SHEET_ROLES.get(fold(sheet.name))
        if role is None:
            continue
        if role in chosen:
            errors.append(IntakeError("duplicate_sheet", sheet_ref(sheet.name)))
            continue
        if not sheet.visible:
            if include_hidden:
                notes.append(Note("event_sheet_hidden_read", sheet_ref(sheet.name)))
            else:
                errors.append(IntakeError("event_sheet_hidden", sheet_ref(sheet.name)))
        chosen[role] = (sheet.name, LAYOUTS[role].max_rows + 2)
    if any(role not in chosen for role in REQUIRED_SHEETS):
        errors.append(IntakeError("event_sheet_missing", ""))
    return Chosen(chosen, tuple(errors), tuple(notes))


@attrs.frozen
class EventReading:
    """The request (``None`` on any error), the errors and the notes."""

    request: dict[str, Any] | None
    errors: tuple[IntakeError, ...]
    notes: tuple[Note, ...]


@attrs.define
class _Builder:
    """The document being assembled and the cell of each of its paths."""

    errors: list[IntakeError] = attrs.Factory(list)
    refs: dict[str, str] = attrs.Factory(dict)

    def has_error(self, cell: str) -> bool:
        """Whether the cell already has an error (its own reading's, say a percent sign)."""
        return any(error.cell == cell for error in self.errors)

    def fail(self, code: str, cell: str) -> None:
        """An error at ``cell``, unless the cell already has one: a cell that could not be
        read is not also "blank" to its pair or "different" from its supplier's rows."""
        if not self.has_error(cell):
            self.errors.append(IntakeError(code, cell))

    def fields(self, row: RowReading, wanted: Callable[[str], bool], base: str) -> dict[str, Any]:
        """The row's fields that ``wanted`` keeps, flat and numbered pairs, as an object at
        ``base`` (each path's cell recorded)."""
        obj: dict[str, Any] = {}
        pairs: dict[str, dict[int, dict[str, str]]] = {}
        for field, ref in row.refs.items():
            if not wanted(field):
                continue
            pair = split_pair(field)
            if pair is None:
                self.refs[f"{base}/{field}"] = ref
                if field in row.raw:
                    obj[field] = row.raw[field]
            else:
                pairs.setdefault(pair[0], {}).setdefault(pair[1], {})[pair[2]] = field
        for group, numbered in pairs.items():
            elements = self._pairs(row, group, numbered, f"{base}/{group}")
            if elements:
                obj[group] = elements
        return obj

    def _pairs(
        self, row: RowReading, group: str, numbered: dict[int, dict[str, str]], base: str
    ) -> list[dict[str, str]]:
        leaves = tuple(PAIRS[group][2])
        elements: list[dict[str, str]] = []
        for number in sorted(numbered):
            fields = numbered[number]
            given = {leaf: fields[leaf] for leaf in leaves if fields.get(leaf) in row.raw}
            if not given:
                continue
            if len(given) < len(leaves):
                for leaf in leaves:
                    if leaf not in given:
                        missing = fields.get(leaf)
                        ref = row.refs[missing] if missing is not None else row.ref
                        self.fail("incomplete_pair", ref)
                continue
            path = f"{base}/{len(elements)}"
            self.refs[path] = row.ref
            for leaf, field in given.items():
                self.refs[f"{path}/{leaf}"] = row.refs[field]
            elements.append({leaf: row.raw[field] for leaf, field in given.items()})
        return elements

    def rows(self, read: Rows, base: str) -> list[dict[str, Any]]:
        """One object per row (items, rates, balances), at ``base/<index>``."""
        objects = []
        for index, row in enumerate(read.rows):
            self.refs[f"{base}/{index}"] = row.ref
            objects.append(self.fields(row, _every, f"{base}/{index}"))
        return objects


def _every(field: str) -> bool:
    return True


def _supplier_level(field: str) -> bool:
    pair = split_pair(field)
    return (field if pair is None else pair[0]) in SUPPLIER_LEVEL


def _offer_level(field: str) -> bool:
    return field != "supplierId" and not _supplier_level(field)


def _same(kind: Kind, first: str | None, other: str | None) -> bool:
    """Two cells of one supplier column show the same value (numbers as numbers)."""
    if first is None or other is None or kind not in _NUMERIC:
        return first == other
    try:
        return Decimal(first) == Decimal(other)
    except InvalidOperation:
        return first == other


def _agree(builder: _Builder, rows: list[RowReading], columns: Iterable[str]) -> None:
    """Each supplier-level cell of the supplier's later rows against its first row."""
    kinds = LAYOUTS["offers"].kinds
    first = rows[0]
    for field in columns:
        if builder.has_error(first.refs[field]):
            continue  # the first row's own error says it; its value is unknown
        for row in rows[1:]:
            if not _same(kinds[field], first.raw.get(field), row.raw.get(field)):
                builder.fail("supplier_values_differ", row.refs[field])


def _suppliers(builder: _Builder, offers: Rows, listed: Rows | None) -> list[dict[str, Any]]:
    """The suppliers with their offers (module docstring)."""
    by_supplier: dict[str, list[RowReading]] = {}
    for row in offers.rows:
        supplier = row.raw.get("supplierId")
        if supplier is None:
            if "supplierId" in row.refs:
                builder.errors.append(IntakeError("missing_required", row.refs["supplierId"]))
            continue
        by_supplier.setdefault(supplier, []).append(row)
    level = [field for field in offers.columns if _supplier_level(field)]
    own: dict[str, RowReading] = {}
    order: list[tuple[str, RowReading | None]] = []
    if listed is not None:
        for field in level:
            if field in listed.columns:
                builder.errors.append(IntakeError("supplier_column_twice", offers.columns[field]))
        for row in listed.rows:
            supplier = row.raw.get("supplierId")
            order.append((supplier or "", row))
            if supplier is None:
                continue
            own.setdefault(supplier, row)
            if supplier not in by_supplier:
                builder.errors.append(
                    IntakeError("supplier_without_offers", row.refs["supplierId"])
                )
        for supplier, rows in by_supplier.items():
            if supplier not in own:
                for row in rows:
                    builder.errors.append(
                        IntakeError("supplier_not_listed", row.refs["supplierId"])
                    )
    else:
        order = [(supplier, None) for supplier in by_supplier]
    suppliers: list[dict[str, Any]] = []
    for index, (supplier, sheet_row) in enumerate(order):
        base = f"/suppliers/{index}"
        rows = by_supplier.get(supplier, []) if own.get(supplier, sheet_row) is sheet_row else []
        obj: dict[str, Any] = {}
        if sheet_row is not None:
            builder.refs[base] = sheet_row.ref
            obj.update(builder.fields(sheet_row, _every, base))
        elif rows:
            builder.refs[base] = rows[0].ref
            builder.refs[f"{base}/supplierId"] = rows[0].refs["supplierId"]
            obj["supplierId"] = supplier
        if rows:
            builder.refs[f"{base}/offers"] = rows[0].ref
            _agree(builder, rows, level)
            obj.update(builder.fields(rows[0], _supplier_level, base))
            obj["offers"] = [
                builder.fields(row, _offer_level, f"{base}/offers/{number}")
                for number, row in enumerate(rows)
            ]
            for number, row in enumerate(rows):
                builder.refs[f"{base}/offers/{number}"] = row.ref
        suppliers.append(obj)
    return suppliers


def _canonical(rules: tuple[FieldRule, ...], raw: Mapping[str, Any], values: Any) -> dict[str, Any]:
    """The request in the rule table's key order: integers as read (JSON integers), arrays
    element by element, every other value as the text read."""
    out: dict[str, Any] = {}
    for rule in rules:
        if rule.name not in raw:
            continue
        value = raw[rule.name]
        if rule.kind is Kind.ARRAY:
            out[rule.name] = [
                _canonical(rule.fields, element, read)
                for element, read in zip(value, values[rule.name], strict=True)
            ]
        elif rule.kind in (Kind.INTEGER, Kind.SCHEMA_VERSION) and rule.name in values:
            out[rule.name] = values[rule.name]
        else:
            out[rule.name] = value
    return out


def _said(
    error: FieldError, document: Mapping[str, Any], refs: Mapping[str, str], items_failed: bool
) -> bool:
    """An error the sheets' own errors already say: a required field without a cell (its
    column is missing: ``missing_item_column``, ``missing_supplier_column``; or its supplier
    row has no offers: ``supplier_without_offers``), a list left empty (``no_rows``), or an
    offer's item not among items the items sheet could not give in full."""
    if error.code == "missing_required" and error.path not in refs:
        return True
    if error.code == "unknown_item" and items_failed:
        return True
    name = error.path[1:]
    return "/" not in name and not document.get(name)


def _cell_of(path: str, refs: Mapping[str, str]) -> str | None:
    """The cell of ``path``, else of its nearest parent with one; ``None`` for the root's
    own fields (options, which the calculator judges)."""
    while path:
        if path in refs:
            return refs[path]
        path = path.rpartition("/")[0]
    return None


def root_fields(options: Mapping[str, Any]) -> dict[str, Any]:
    """The event's root fields from the options given (``None`` means not given), as text;
    an integer option in canonical digits as a JSON integer, as the request writes it."""
    fields: dict[str, Any] = {}
    for option, rule in EVENT_ROOT_OPTIONS.items():
        value = options.get(option)
        if value is None:
            continue
        text = value if isinstance(value, str) else str(value)
        canonical = text.isascii() and text.isdigit() and (text == "0" or text[0] != "0")
        integer = rule.kind is Kind.INTEGER and canonical
        fields[rule.name] = int(text) if integer else text
    return fields


def build_event(grids: Mapping[str, Grid], flags: Flags, root: Mapping[str, Any]) -> EventReading:
    """The event request from the sheets' grids (role -> grid) and the root fields."""
    builder = _Builder()
    notes: list[Note] = []
    read: dict[str, Rows] = {}
    for role in ("items", "suppliers"):
        if role in grids:
            read[role] = read_rows(grids[role], flags, LAYOUTS[role])
    currencies: dict[str, str] = {}
    for row in read["suppliers"].rows if "suppliers" in read else ():
        if "supplierId" in row.raw and "currency" in row.raw:
            currencies.setdefault(row.raw["supplierId"], row.raw["currency"])
    read["offers"] = read_rows(grids["offers"], flags, LAYOUTS["offers"], currencies)
    for role in LIST_SHEETS:
        if role in grids:
            read[role] = read_rows(grids[role], flags, LAYOUTS[role])
    for rows in read.values():
        builder.errors.extend(rows.errors)
        notes.extend(rows.notes)
    document: dict[str, Any] = {"schemaVersion": 1, **root}
    builder.refs["/items"] = grids["items"].ref(1, 0)
    document["items"] = builder.rows(read["items"], "/items")
    builder.refs["/suppliers"] = grids["offers"].ref(1, 0)
    listed = read.get("suppliers")
    if listed is not None and not listed.rows and not listed.errors:
        listed = None  # only its header row: as if absent
    document["suppliers"] = _suppliers(builder, read["offers"], listed)
    for role, name in LIST_SHEETS.items():
        if role in read and read[role].rows:
            builder.refs[f"/{name}"] = grids[role].ref(1, 0)
            document[name] = builder.rows(read[role], f"/{name}")
    found: list[FieldError] = []
    values = read_fields(EVENT_ROOT_FIELDS, document, "", found)
    for rule in EVENT_CROSS_FIELD_RULES:
        rule(document, values, found)
    already = {error.cell for error in builder.errors}  # a cell with its own error says it once
    errors = list(builder.errors)
    items_failed = bool(read["items"].errors)
    for error in found:
        if errors and _said(error, document, builder.refs, items_failed):
            continue
        cell = _cell_of(error.path, builder.refs)
        if cell is not None and cell not in already:
            errors.append(IntakeError(error.code, cell))
    ordered = tuple(sorted(notes, key=position))
    if errors:
        return EventReading(None, tuple(errors), ordered)
    return EventReading(_canonical(EVENT_ROOT_FIELDS, document, values), (), ordered)
