"""Builders for the intake tests: real CSV files (``csv``) and real XLSX files (openpyxl),
plus a zip post-processor that writes the cached ``<v>`` values openpyxl cannot write."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

SHEET_XML = "xl/worksheets/sheet1.xml"
MAIN_NS = b"http://schemas.openxmlformats.org/spreadsheetml/2006/main"


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
    saved them: a float tail openpyxl would shorten, or a formula's cached result. Like
    Excel's own save, the workbook then no longer asks for a recalculation on load (openpyxl
    writes ``fullCalcOnLoad="1"``)."""
    with zipfile.ZipFile(path) as archive:
        members = {info.filename: archive.read(info.filename) for info in archive.infolist()}
    members["xl/workbook.xml"] = members["xl/workbook.xml"].replace(b' fullCalcOnLoad="1"', b"")
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


def replace_sheet_data(path: Path, sheet_data: str) -> Path:
    """Put hand-written ``<row>`` elements into the first sheet (shapes openpyxl would never
    write: millions of padded cells, cells far to the right), as if Excel had saved them: the
    workbook no longer asks for a recalculation on load."""
    with zipfile.ZipFile(path) as archive:
        members = {info.filename: archive.read(info.filename) for info in archive.infolist()}
    members["xl/workbook.xml"] = members["xl/workbook.xml"].replace(b' fullCalcOnLoad="1"', b"")
    xml = members[SHEET_XML].decode()
    start, end = xml.index("<sheetData>") + len("<sheetData>"), xml.index("</sheetData>")
    members[SHEET_XML] = (xml[:start] + sheet_data + xml[end:]).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def inline_cell(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def rewrite_member(path: Path, name: str, transform: Callable[[bytes], bytes]) -> Path:
    """Replace one zip member by ``transform`` of its bytes (``b""`` when it is absent)."""
    with zipfile.ZipFile(path) as archive:
        members = {info.filename: archive.read(info.filename) for info in archive.infolist()}
    members[name] = transform(members.get(name, b""))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data in members.items():
            archive.writestr(member, data)
    return path


def tiny_shared_strings(size: int, first: Sequence[str] = ()) -> bytes:
    """A shared-strings part of ``size`` bytes or a little less: the strings ``first`` (those
    the sheet's cells point at), then one-letter strings nothing points at."""
    head = b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="' + MAIN_NS + b'">'
    head += b"".join(b"<si><t>" + text.encode() + b"</t></si>" for text in first)
    item, tail = b"<si><t>x</t></si>", b"</sst>"
    return head + item * ((size - len(head) - len(tail)) // len(item)) + tail


def padded_styles(size: int) -> bytes:
    """A valid styles part of ``size`` bytes or a little less, padded with cell formats."""
    head = (
        b'<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="' + MAIN_NS + b'">'
        b'<fonts count="1"><font><sz val="11"/></font></fonts><fills count="1"><fill>'
        b'<patternFill patternType="none"/></fill></fills><borders count="1"><border/>'
        b"</borders><cellXfs>"
    )
    item, tail = (
        b'<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>',
        b"</cellXfs></styleSheet>",
    )
    return head + item * ((size - len(head) - len(tail)) // len(item)) + tail


def xlsxwriter_book(path: Path, rows: Sequence[Sequence[Any]], **sheet_options: Any) -> Path:
    """A workbook written by xlsxwriter (as pandas writes it): a formula is ``=...`` text and
    is saved with the placeholder result 0 and ``fullCalcOnLoad="1"``."""
    import xlsxwriter

    workbook = xlsxwriter.Workbook(str(path))
    sheet = workbook.add_worksheet(sheet_options.get("title", "Sheet1"))
    for number, row in enumerate(rows):
        for column, value in enumerate(row):
            if value is not None:
                sheet.write(number, column, value)
    workbook.close()
    return path
