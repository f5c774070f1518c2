"""Spreadsheet intake: CSV or XLSX quotes to one request (``docs/intake.md``).

A door like HTTP or MCP: the core never imports it, and it never re-implements a rule. Each
row's cells are checked with the calculator's own field rules so an error can point at its
cell; the root fields come from options and are left to the calculator.

``read(path, **root) -> dict`` returns the request object or raises :class:`IntakeFailed`
with every error. ``intake(...)`` returns the request, the errors and the notes at once.
The CSV part needs only the standard library; XLSX needs the ``xlsx`` extra.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from .errors import IntakeError, IntakeFailed, Note, report
from .request import RootValue, build_request, root_fields

__all__ = ["Intake", "IntakeError", "IntakeFailed", "Note", "intake", "read"]

CSV_SUFFIXES = (".csv", ".txt")
XLSX_SUFFIXES = (".xlsx", ".xlsm")


@attrs.frozen
class Intake:
    """One file read: the request (``None`` on any error), the errors and the notes."""

    request: dict[str, Any] | None
    errors: tuple[IntakeError, ...]
    notes: tuple[Note, ...]


def _grid(
    path: Path, sheet: str | None, encoding: str | None, delimiter: str
) -> tuple[list[Any], list[IntakeError], Any]:
    suffix = path.suffix.lower()
    if suffix in CSV_SUFFIXES:
        from .csv_reader import csv_ref, read_csv

        if len(delimiter) != 1 or delimiter in '"\r\n':
            return [], [IntakeError("invalid_option", "")], csv_ref
        rows, errors = read_csv(path, encoding, delimiter)
        return rows, errors, csv_ref
    if suffix in XLSX_SUFFIXES:
        from .xlsx_reader import XlsxSupportMissing, read_xlsx

        try:
            rows, errors, prefix = read_xlsx(path, sheet)
        except XlsxSupportMissing:
            return [], [IntakeError("xlsx_support_missing", "")], None

        def ref(row: int, column: int) -> str:
            from .errors import column_letters

            if column == 0:
                return f"{prefix}{row}:{row}"
            return f"{prefix}{column_letters(column)}{row}"

        return rows, errors, ref
    return [], [IntakeError("unsupported_file_type", "")], None


def intake(
    path: str | Path,
    *,
    sheet: str | None = None,
    encoding: str | None = None,
    delimiter: str = ",",
    **root: RootValue | None,
) -> Intake:
    """Read ``path`` (``.csv``/``.txt`` or ``.xlsx``/``.xlsm``) into a request.

    ``root`` holds the root fields by their Python names (``quantity``, ``currency``,
    ``specification``, ``weights``, ``quality_scale``, ``max_lead_days``,
    ``minimum_quality_score``, ``sensitivity_delta``); ``None`` means not given.
    """
    from .table import read_table

    fields, errors = root_fields(root)
    rows, grid_errors, ref = _grid(Path(path), sheet, encoding, delimiter)
    errors += grid_errors
    notes: tuple[Note, ...] = ()
    if not grid_errors or (rows and ref is not None):
        table = read_table(rows, ref)
        errors += table.errors
        notes = table.notes
        if not errors:
            return Intake(build_request(fields, table.quotes), (), notes)
    return Intake(None, report(errors), notes)


def read(path: str | Path, **options: Any) -> dict[str, Any]:
    """The request object for ``path``; raises :class:`IntakeFailed` with every error."""
    result = intake(path, **options)
    if result.request is None:
        raise IntakeFailed(result.errors)
    return result.request
