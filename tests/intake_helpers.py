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
