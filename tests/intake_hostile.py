"""The hostile files of issue 18, at and just past every cap of the intake, and one run of
``python -m quotecalc.intake`` over a file with its wall time and peak RSS.

Shared by ``tests/test_intake_hostile.py`` (loose bounds against a hang) and
``scripts/bench_intake.py`` (the figures of ``docs/intake.md``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

from intake_helpers import (
    MAIN_NS,
    padded_styles,
    replace_sheet_data,
    rewrite_member,
    tiny_shared_strings,
    xlsxwriter_book,
)
from quotecalc.intake.csv_reader import MAX_FIELDS, MAX_FILE_BYTES, MAX_LINES
from quotecalc.intake.sheet_scan import MAX_XML_CELLS, MAX_XML_ROWS
from quotecalc.intake.workbook import MAX_PART_BYTES
from quotecalc.intake.xlsx_reader import MAX_EXPANDED_BYTES
from quotecalc.intake.zip_guard import MAX_MEMBERS, MAX_PART_ELEMENTS

Build = Callable[[Path], Path]
MIB = 1024 * 1024


BASE_STRINGS = ("supplierId", "packPrice", "A")  # xlsxwriter's shared strings, in order


def _base(folder: Path, name: str) -> Path:
    """A two-row workbook written by xlsxwriter, which (like Excel) keeps its text in the
    shared-strings part (openpyxl writes inline strings and no such part)."""
    path = folder / name
    xlsxwriter_book(path, [["supplierId", "packPrice"], ["A", 1]])
    return path


def csv_blank_lines(folder: Path) -> Path:
    """Exactly 10 MiB: a header and then only line breaks (the issue's 22 s and 1.2 GiB)."""
    path = folder / "blank-lines.csv"
    path.write_bytes(b"supplierId\n" + b"\n" * (MAX_FILE_BYTES - 11))
    return path


def csv_one_line_of_commas(folder: Path) -> Path:
    """Exactly 10 MiB: a header and one line of ten million blank fields."""
    path = folder / "commas.csv"
    path.write_bytes(b"supplierId\n" + b"," * (MAX_FILE_BYTES - 11))
    return path


def csv_at_caps(folder: Path) -> Path:
    """10000 lines and 100000 fields, all blank but the header: read, ``no_quotes``."""
    per_line = (MAX_FIELDS - 1) // (MAX_LINES - 1)
    path = folder / "at-caps.csv"
    path.write_bytes(b"supplierId\n" + (b"," * (per_line - 1) + b"\n") * (MAX_LINES - 1))
    return path


def csv_past_lines(folder: Path) -> Path:
    path = folder / "past-lines.csv"
    path.write_bytes(b"supplierId\n" + b"\n" * MAX_LINES)
    return path


def xlsx_strings(size: int) -> Build:
    def build(folder: Path) -> Path:
        path = _base(folder, f"strings-{size}.xlsx")
        strings = tiny_shared_strings(size, BASE_STRINGS)
        return rewrite_member(path, "xl/sharedStrings.xml", lambda _: strings)

    return build


def xlsx_styles(size: int) -> Build:
    def build(folder: Path) -> Path:
        path = _base(folder, f"styles-{size}.xlsx")
        return rewrite_member(path, "xl/styles.xml", lambda _: padded_styles(size))

    return build


def xlsx_blank_sheet(rows: int) -> Build:
    """A header, then ``rows - 1`` rows of styled blank cells: 100000 cells in all at 10000
    rows (``sheet_too_large`` one row further)."""

    def build(folder: Path) -> Path:
        path = _base(folder, f"sheet-{rows}.xlsx")
        per_row = MAX_XML_CELLS // MAX_XML_ROWS
        data = ['<row r="1"><c r="A1" t="inlineStr"><is><t>supplierId</t></is></c></row>']
        data += [
            f'<row r="{n}">'
            + "".join(f'<c r="{c}{n}" s="0"/>' for c in "ABCDEFGHIJ"[:per_row])
            + "</row>"
            for n in range(2, rows + 1)
        ]
        return replace_sheet_data(path, "".join(data))

    return build


def zip_bomb(folder: Path) -> Path:
    path = folder / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("xl/big.xml", b"\0" * (MAX_EXPANDED_BYTES + 1))
    return path


HEADER_ROW = '<row r="1"><c r="A1" t="inlineStr"><is><t>supplierId</t></is></c></row>'


def nested_cell(depth: int) -> Build:
    """Issue 28: one inline-string cell holding ``depth`` nested ``<r>`` (2.1 million in a
    20 KB file took 12.45 s and 606 MiB)."""

    def build(folder: Path) -> Path:
        path = _base(folder, f"nested-{depth}.xlsx")
        cell = '<c r="A2" t="inlineStr"><is>' + "<r>" * depth + "</r>" * depth + "</is></c>"
        return replace_sheet_data(path, HEADER_ROW + f'<row r="2">{cell}</row>')

    return build


def many_members(count: int) -> Build:
    """Issue 28: the two-row workbook plus ``count`` empty members (100000: 4.98 s)."""

    def build(folder: Path) -> Path:
        path = _base(folder, f"members-{count}.xlsx")
        with zipfile.ZipFile(path, "a") as archive:
            for number in range(count):
                archive.writestr(f"c/{number}", b"")
        return path

    return build


def nested_part(member: str, count: int) -> Build:
    """``count`` nested elements in a part openpyxl parses whole (the document properties)."""

    def build(folder: Path) -> Path:
        path = _base(folder, f"part-{count}.xlsx")
        body = b"<r>" * count + b"</r>" * count
        xml = b'<?xml version="1.0"?><cp:coreProperties xmlns:cp="x">' + body
        return rewrite_member(path, member, lambda _: xml + b"</cp:coreProperties>")

    return build


def one_large_string(count: int) -> Build:
    """A 1 MiB shared-strings part whose last item holds ``count`` empty runs."""

    def build(folder: Path) -> Path:
        path = _base(folder, f"large-string-{count}.xlsx")
        head = b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="' + MAIN_NS + b'">'
        head += b"".join(b"<si><t>" + text.encode() + b"</t></si>" for text in BASE_STRINGS)
        xml = head + b"<si>" + b"<r/>" * count + b"</si></sst>"
        return rewrite_member(path, "xl/sharedStrings.xml", lambda _: xml)

    return build


# name -> (builder, the one error code expected, or "" for a file that is read)
CASES: dict[str, tuple[Build, str]] = {
    "csv: 10 MiB of blank lines": (csv_blank_lines, "sheet_too_large"),
    "csv: 10 MiB line of commas": (csv_one_line_of_commas, "sheet_too_large"),
    "csv: 10000 lines, 100000 fields": (csv_at_caps, "no_quotes"),
    "csv: 10001 lines": (csv_past_lines, "sheet_too_large"),
    "xlsx: 15 MiB tiny shared strings": (xlsx_strings(15 * MIB), "shared_strings_too_large"),
    "xlsx: 1 MiB tiny shared strings": (xlsx_strings(MAX_PART_BYTES), ""),
    "xlsx: 15 MiB styles": (xlsx_styles(15 * MIB), "styles_too_large"),
    "xlsx: 1 MiB styles": (xlsx_styles(MAX_PART_BYTES), ""),
    "xlsx: 10000 rows, 100000 blank cells": (xlsx_blank_sheet(MAX_XML_ROWS), "no_quotes"),
    "xlsx: 10001 rows": (xlsx_blank_sheet(MAX_XML_ROWS + 1), "sheet_too_large"),
    "xlsx: members expanding past 16 MiB": (zip_bomb, "xlsx_too_large_uncompressed"),
    "xlsx: 2.1 M nested <r> in a cell": (nested_cell(2_100_000), "xlsx_too_complex"),
    "xlsx: 26 nested <r> in a cell (depth 31)": (nested_cell(26), "no_quotes"),
    "xlsx: 100000 zip members": (many_members(100_000), "xlsx_too_complex"),
    "xlsx: 1000 zip members": (many_members(MAX_MEMBERS - 20), ""),
    "xlsx: 1.5 M nested elements in core.xml": (
        nested_part("docProps/core.xml", 1_500_000),
        "xlsx_too_complex",
    ),
    "xlsx: core.xml at the element cap": (
        nested_part("docProps/core.xml", MAX_PART_ELEMENTS // 2 - 10),
        "",
    ),
    "xlsx: 262000 runs in one shared string": (one_large_string(262_000), "xlsx_too_complex"),
}


# The child reports its own peak: /proc/self/status VmHWM belongs to the process image after
# exec, whereas getrusage's ru_maxrss also counts the parent that forked it (Linux keeps
# the larger of the two across exec).
_DRIVER = """\
import atexit, runpy, sys
def peak():
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    sys.stderr.write("VmHWM " + line.split()[1] + "\\n")
atexit.register(peak)
sys.argv = ["quotecalc.intake", *sys.argv[1:]]
runpy.run_module("quotecalc.intake", run_name="__main__", alter_sys=True)
"""


def run_intake(path: Path, src: Path) -> tuple[float, float, bytes]:
    """``(seconds, peak RSS in MiB, stdout)`` of one ``python -m quotecalc.intake FILE``
    (Linux: the peak is the child's ``VmHWM``)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    started = time.perf_counter()
    process = subprocess.run(
        [sys.executable, "-B", "-c", _DRIVER, str(path)],
        capture_output=True,
        env=env,
        start_new_session=True,
        timeout=120,
        check=False,
    )
    seconds = time.perf_counter() - started
    last = process.stderr.rstrip().rsplit(b"\n", 1)[-1].split()
    assert last[0] == b"VmHWM", process.stderr[-500:]
    return seconds, int(last[1]) / 1024, process.stdout
