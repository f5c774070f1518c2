"""The intake's fixed error and note codes, each with one fixed message (``docs/intake.md``).

An intake error is ``{"code", "cell", "message"}``. ``cell`` is a cell reference
(``Sheet1!C7`` for XLSX, ``C7`` for CSV), a whole row (``Sheet1!7:7``, ``7:7``; for an
undecodable CSV it is the file's line), or ``""`` for the file or the command line. Messages
come only from the tables below: nothing of a cell's content is ever echoed. Errors are all
collected, sorted by position (file-level first, then row, then column) and cut to 100.

Errors about a quote field's value reuse the calculator's own codes and messages
(``quotecalc.core.codes.ERROR_MESSAGES``) because the calculator's own field rules decide them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Final

import attrs

from ..core.codes import ERROR_MESSAGES as CORE_MESSAGES

MAX_ERRORS: Final = 100

INTAKE_MESSAGES: Final[dict[str, str]] = {
    "invalid_arguments": "The command line is not one the intake accepts.",
    "internal_error": "An internal error occurred; this is a bug in quotecalc, not in the input.",
    "invalid_option": "A root option is not in its documented form.",
    "unknown_encoding": "The encoding is not one Python knows.",
    "file_not_found": "The file cannot be opened.",
    "file_too_large": "The file is larger than 10 MiB.",
    "unsupported_file_type": "Only .csv and .xlsx files are read (save .xls as .xlsx).",
    "xlsx_support_missing": (
        "Reading XLSX needs the optional extra: python -m pip install 'quotecalc[xlsx]'."
    ),
    "xlsx_unreadable": "The file is not a readable XLSX workbook.",
    "xlsx_too_large_uncompressed": "The workbook expands to more than 16 MiB.",
    "sheet_not_found": "The workbook has no sheet of that name.",
    "sheet_too_large": "The sheet uses rows past 10000 or more than 100000 cells, blank or not.",
    "undecodable_text": "This line is not valid text in the chosen encoding.",
    "malformed_csv": "This row is not valid CSV.",
    "missing_header": "The first row must hold the column names.",
    "unknown_column": "The column name is not a field name or a synonym of one.",
    "duplicate_column": "Another column already maps to the same field.",
    "unnamed_column": "A column without a name holds data.",
    "missing_supplier_column": "No column maps to supplierId.",
    "cell_outside_header": "A cell right of the last named column holds data.",
    "too_many_columns": "A cell right of column BL holds data; only columns A to BL are read.",
    "no_quotes": "The sheet has no data rows.",
    "too_many_rows": "More than 100 data rows.",
    "thousands_separator": "Thousands separators are not allowed in numbers.",
    "percent_sign": "Percent signs are not allowed in numbers.",
    "currency_symbol": "Currency symbols are not allowed in numbers; use the currency column.",
    "number_in_text_column": "This column needs text; the cell holds a number.",
    "date_cell": "Dates and times are not allowed.",
    "boolean_cell": "TRUE/FALSE cells are not allowed.",
    "error_cell": "The cell holds a spreadsheet error value.",
    "formula_without_value": "The formula has no cached value; open and save the file in Excel.",
    "percent_format": "Percent number formats are not allowed.",
    "unsupported_number_format": "The cell's number format is not one the intake can display.",
    "float_tail_not_displayed": (
        "The binary value needs more than 6 decimals and its number format does not show"
        " the nearest 6-decimal value."
    ),
    "merged_cells": "Merged cells are not allowed.",
}

NOTE_MESSAGES: Final[dict[str, str]] = {
    "float_tail_rounded": (
        "A binary float tail was read as the nearest 6-decimal value, which the cell's"
        " number format displays."
    ),
}

# The calculator's codes its quote-field rules can give a cell (blank text never reaches them:
# it is an omitted field, so empty_string cannot occur; every cell value is a string, so
# invalid_type and null_not_allowed cannot either).
CELL_CORE_CODES: Final = (
    "missing_required",
    "duplicate_supplier_id",
    "invalid_number_format",
    "exponent_not_allowed",
    "too_many_decimals",
    "number_too_long",
    "negative_value",
    "non_finite_number",
    "out_of_range",
    "not_integer",
    "string_too_long",
    "invalid_currency",
)

MESSAGES: Final[dict[str, str]] = {
    **{code: CORE_MESSAGES[code] for code in CELL_CORE_CODES},
    **INTAKE_MESSAGES,
}

_REF: Final = re.compile(r"(?:.*!)?(?:([A-Z]+)([0-9]+)|([0-9]+):[0-9]+)")


@attrs.frozen
class IntakeError:
    """One fixed code at one cell reference (``""`` for the file or the command line)."""

    code: str
    cell: str

    @property
    def message(self) -> str:
        return MESSAGES[self.code]

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "cell": self.cell, "message": self.message}


@attrs.frozen
class Note:
    """A reading the user should know about (stderr), e.g. a rounded float tail."""

    code: str
    cell: str

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "cell": self.cell, "message": NOTE_MESSAGES[self.code]}


class IntakeFailed(Exception):
    """Raised by :func:`quotecalc.intake.read`: the sheet cannot become a request."""

    def __init__(self, errors: tuple[IntakeError, ...]) -> None:
        super().__init__(f"{len(errors)} intake error(s)")
        self.errors = errors


def column_letters(index: int) -> str:
    """``1 -> A``, ``27 -> AA`` (spreadsheet column names)."""
    letters = ""
    while index > 0:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_ref(prefix: str, row: int, column: int) -> str:
    """``{prefix}C7`` for a cell (both 1-based), ``{prefix}7:7`` for column 0 (the row)."""
    if column == 0:
        return f"{prefix}{row}:{row}"
    return f"{prefix}{column_letters(column)}{row}"


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def position(error: IntakeError) -> tuple[int, int, str]:
    """Sort key: file-level errors first, then by row, then by column, then code."""
    match = _REF.fullmatch(error.cell)
    if match is None:
        return (0, 0, error.code)
    letters, row, whole_row = match.groups()
    if whole_row is not None:
        return (int(whole_row), 0, error.code)
    return (int(row), _column_number(letters), error.code)


def report(errors: Iterable[IntakeError]) -> tuple[IntakeError, ...]:
    """Each error once, in position order, at most 100."""
    return tuple(sorted(set(errors), key=position)[:MAX_ERRORS])


def error_document(errors: Iterable[IntakeError]) -> bytes:
    """The error document on stdout: one compact JSON line."""
    document = {"schemaVersion": 1, "errors": [error.as_dict() for error in report(errors)]}
    return (json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def note_line(note: Note) -> bytes:
    """One note as a compact JSON line (stderr)."""
    return (json.dumps(note.as_dict(), ensure_ascii=False, separators=(",", ":")) + "\n").encode()
