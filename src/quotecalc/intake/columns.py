"""Row 1 of a sheet: which column is which field (``docs/intake.md``, "The sheet" and "Column
names the intake knows").

Each header cell is read by the sheet's header index (``header_table.HeaderIndex``): an
accepted column gives its field (and the unit its name gives, noted ``column_unit_read``; a
price per unit, noted ``unit_price_converted``), an ignored one a ``column_ignored`` note, a
refused one an error at its cell with the accepted name to write instead (``suggestion``) and
the header table's question or reason. On the quote sheet a refused column whose likely field
has no column of its own is still read (a *probe*), so that its cells' problems come in the
same round as the header's. Every error at a cell of a named column is given that column's
header text (:func:`name_columns`) for the page's sentences.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from .cells import Cell, CellKind
from .errors import IntakeError, Note, column_letters
from .header_table import Column, HeaderIndex, Ignored, Refused
from .units import Unit


@attrs.frozen
class Columns:
    """What row 1 says (``header_table.py``): column index -> field for the columns read
    (``fields``), the unit a money column's name gives (``units``), the columns of a price
    per unit (``per_unit``, times the row's pack size), the refused columns whose cells are
    still read for their own problems (``probes``: index -> the field they most likely
    mean), the header text of every named column (``names``), and whether a refused name
    was one the intake knows (asked about, or with a suggestion): then row 1 is a header."""

    fields: dict[int, str] = attrs.Factory(dict)
    units: dict[int, Unit] = attrs.Factory(dict)
    per_unit: set[int] = attrs.Factory(set)
    probes: dict[int, str] = attrs.Factory(dict)
    names: dict[int, str] = attrs.Factory(dict)
    known: bool = False


def read_columns(
    header: Sequence[Cell],
    errors: list[IntakeError],
    notes: list[Note],
    headers: HeaderIndex,
    *,
    probe: bool,
) -> Columns:
    """The columns of the header row, each header cell read by the sheet's header index; a
    refused name is an error at its cell with the accepted name to write instead, and, with
    ``probe``, its cells are read as the field it most likely means (when no column is)."""
    found = Columns()
    known = False
    for index, cell in enumerate(header):
        if cell.is_blank:
            continue
        text = cell.text if cell.kind is CellKind.TEXT else ""
        found.names[index] = text
        reading = headers.read(text) if text else Refused("unknown_column")
        if isinstance(reading, Ignored):
            notes.append(Note("column_ignored", cell.ref))
        elif isinstance(reading, Refused):
            details = (("suggestion", reading.suggestion),) if reading.suggestion else ()
            errors.append(
                IntakeError(reading.code, cell.ref, details=details, explain=reading.explain)
            )
            known = known or bool(reading.suggestion or reading.explain)
            if probe and reading.field and reading.field not in found.probes.values():
                found.probes[index] = reading.field
        elif reading.field in found.fields.values():
            errors.append(IntakeError("duplicate_column", cell.ref))
        else:
            _accept(found, index, reading, cell.ref, notes)
    for index, field in list(found.probes.items()):
        if field in found.fields.values():  # the field has its own column: nothing to check
            del found.probes[index]
    return attrs.evolve(found, known=known)


def _accept(found: Columns, index: int, column: Column, ref: str, notes: list[Note]) -> None:
    """An accepted column: its field, its unit (noted at the header), a price per unit."""
    found.fields[index] = column.field
    if column.unit is not None:
        found.units[index] = column.unit
        details: tuple[tuple[str, str | int], ...] = (("scale", column.unit.scale),)
        if column.unit.currency is not None:
            details += (("currency", column.unit.currency),)
        notes.append(Note("column_unit_read", ref, details))
    if column.per_unit:
        found.per_unit.add(index)
        notes.append(Note("unit_price_converted", ref))


def name_columns(
    errors: Iterable[IntakeError], names: Mapping[int, str], prefix: str
) -> tuple[IntakeError, ...]:
    """Each error at a cell of a named column with that column's header text (``column``:
    what the buyer wrote, for the page's sentences; the JSON documents never carry it)."""
    letters = {f"{prefix}{column_letters(index + 1)}": text for index, text in names.items()}
    named: list[IntakeError] = []
    for error in errors:
        column = error.cell.rstrip("0123456789")
        text = letters.get(column, "") if column != error.cell else ""
        named.append(attrs.evolve(error, column=text) if text and not error.column else error)
    return tuple(named)
