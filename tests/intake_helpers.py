"""Builders for the intake tests: real CSV files (``csv``) and real XLSX files (openpyxl),
plus a zip post-processor that writes the cached ``<v>`` values openpyxl cannot write."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

SHEET_XML = "xl/worksheets/sheet1.xml"


def write_csv(
    path: Path,
    rows: Sequence[Sequence[str]],
    *,
    encoding: str = "utf-8",
    bom: bool = False,
    delimiter: str = ",",
) -> Path:
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=delimiter).writerows(rows)
    data = buffer.getvalue().encode(encoding)
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + data)
    return path


def write_xlsx(
    path: Path,
    rows: Sequence[Sequence[Any]],
    *,
    formats: Mapping[str, str] | None = None,
    merged: Sequence[str] = (),
    title: str = "Sheet1",
    extra_sheets: Sequence[str] = (),
) -> Path:
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = title
    for row in rows:
        sheet.append(list(row))
    for ref, number_format in (formats or {}).items():
        sheet[ref].number_format = number_format
    for cell_range in merged:
        sheet.merge_cells(cell_range)
    for name in extra_sheets:
        workbook.create_sheet(name).append(["other"])
    workbook.save(path)
    return path


def set_cached_values(path: Path, values: Mapping[str, str]) -> Path:
    """Write ``<v>TEXT</v>`` into the named cells of the first sheet, as Excel would have
    saved them: a float tail openpyxl would shorten, or a formula's cached result."""
    with zipfile.ZipFile(path) as archive:
        members = {info.filename: archive.read(info.filename) for info in archive.infolist()}
    xml = members[SHEET_XML].decode()
    for ref, text in values.items():
        cell = re.compile(rf'<c r="{ref}"([^>]*)>(.*?)</c>')
        match = cell.search(xml)
        assert match is not None, ref
        attributes, inner = match.groups()
        inner = re.sub(r"<v\s*/>|<v>.*?</v>", "", inner) + f"<v>{text}</v>"
        xml = xml[: match.start()] + f'<c r="{ref}"{attributes}>{inner}</c>' + xml[match.end() :]
    members[SHEET_XML] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def intake_errors_schema() -> dict[str, Any]:
    """The published schema of the intake error document, built from the message table
    (``docs/schema/intake/errors.schema.json`` must equal it)."""
    from quotecalc.intake.errors import MESSAGES

    entries = [
        {
            "type": "object",
            "properties": {
                "code": {"const": code},
                "cell": {"type": "string"},
                "message": {"const": message},
            },
            "required": ["code", "cell", "message"],
            "additionalProperties": False,
        }
        for code, message in sorted(MESSAGES.items())
    ]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$comment": "Checked against quotecalc.intake.errors.MESSAGES by tests/test_intake_cli.py.",
        "title": "quotecalc intake errors",
        "description": (
            "What python -m quotecalc.intake prints on stdout when a spreadsheet cannot become"
            " a request (exit 2; exit 1 for internal_error): at most 100 errors in position"
            " order, each a fixed code at a cell reference (Sheet1!C7, C7, 7:7 for a row, or"
            " the empty string for the file or the command line) with its fixed message."
        ),
        "type": "object",
        "properties": {
            "schemaVersion": {"const": 1},
            "errors": {
                "type": "array",
                "minItems": 1,
                "maxItems": 100,
                "items": {"oneOf": entries},
            },
        },
        "required": ["schemaVersion", "errors"],
        "additionalProperties": False,
    }


def replace_sheet_data(path: Path, sheet_data: str) -> Path:
    """Put hand-written ``<row>`` elements into the first sheet (shapes openpyxl would never
    write: millions of padded cells, cells far to the right)."""
    with zipfile.ZipFile(path) as archive:
        members = {info.filename: archive.read(info.filename) for info in archive.infolist()}
    xml = members[SHEET_XML].decode()
    start, end = xml.index("<sheetData>") + len("<sheetData>"), xml.index("</sheetData>")
    members[SHEET_XML] = (xml[:start] + sheet_data + xml[end:]).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def inline_cell(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'
