"""Mutation kills for the readers (issue 28: ``intake/csv_reader.py`` and
``intake/xlsx_reader.py`` at 90 % or more). The hostile-file tests run in child processes,
which mutmut cannot see; these call the bounds in process, at and just past each one, with
the expected values counted by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from quotecalc.intake.cells import Cell, CellKind
from quotecalc.intake.csv_reader import (
    MAX_FIELDS,
    MAX_LINES,
    _cell,
    _too_many_fields,
    _too_many_lines,
    read_csv,
)
from quotecalc.intake.errors import IntakeError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", None),
        ("a", None),  # one line, one field
        ("," * (MAX_FIELDS - 1), None),  # exactly 100000 fields on line 1
        ("," * MAX_FIELDS, "1:1"),  # 100001
        ("a\n" + "," * (MAX_FIELDS - 2), None),  # 1 + 99999
        ("a\n" + "," * (MAX_FIELDS - 1), "2:2"),  # 1 + 100000: past on line 2
        ("a\nb\n" + "," * (MAX_FIELDS - 2), "3:3"),  # 1 + 1 + 99999 = 100001 on line 3
        ("\n" + "," * (MAX_FIELDS - 1), "2:2"),  # a first line that is only its break
        ("," * (MAX_FIELDS - 1) + "\n,", "2:2"),  # line 1 at the cap; its break ends it
        ("a,b\n" * 10 + "," * (MAX_FIELDS - 21), None),  # 20 + 99980 = 100000
        ("a,b\n" * 10 + "," * (MAX_FIELDS - 20), "11:11"),
    ],
)
def test_fields_are_counted_per_line_to_the_cap(text: str, expected: str | None) -> None:
    found = _too_many_fields(text, ",")
    assert (found.cell if found else None) == expected
    if found is not None:
        assert found == IntakeError("sheet_too_large", expected)


def test_fields_count_the_given_delimiter_only() -> None:
    assert _too_many_fields(";" * MAX_FIELDS, ",") is None
    assert _too_many_fields(";" * MAX_FIELDS, ";") == IntakeError("sheet_too_large", "1:1")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", None),
        (b"a", None),
        (b"\n" * MAX_LINES, None),  # 10000 lines, the last ended by its break
        (b"\n" * (MAX_LINES - 1) + b"a", None),  # 10000 lines, the last without a break
        (b"\n" * MAX_LINES + b"a", f"{MAX_LINES + 1}:{MAX_LINES + 1}"),
        (b"\n" * (MAX_LINES + 1), f"{MAX_LINES + 1}:{MAX_LINES + 1}"),
    ],
)
def test_lines_are_counted_to_the_cap(data: bytes, expected: str | None) -> None:
    found = _too_many_lines(data)
    assert (found.cell if found else None) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=SUM(B2:B9)", Cell("C7", CellKind.FORMULA_WITHOUT_VALUE, formula="SUM(B2:B9)")),
        ("=", Cell("C7", CellKind.FORMULA_WITHOUT_VALUE, formula="")),
        (" =1", Cell("C7", CellKind.TEXT, " =1")),
        ("a=1", Cell("C7", CellKind.TEXT, "a=1")),
    ],
)
def test_a_csv_formula_keeps_its_text(value: str, expected: Cell) -> None:
    assert _cell("C7", value) == expected


def test_a_csv_sum_over_rows_is_a_totals_row(tmp_path: Path) -> None:
    """The formula's text is what the totals rule reads: ``=SUM(B2:B3)`` in a CSV."""
    from quotecalc.intake import intake

    path = tmp_path / "q.csv"
    path.write_text("supplierId,packPrice\nA,1\nB,2\nX,=SUM(B2:B3)\n", encoding="utf-8")
    assert [(e.code, e.cell) for e in intake(path).errors] == [("totals_row", "4:4")]


def test_read_csv_stops_at_the_field_cap_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_bytes(b"supplierId\n" + b"," * MAX_FIELDS)
    assert read_csv(path).errors == (IntakeError("sheet_too_large", "2:2"),)


def test_an_unknown_encoding_names_its_option(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_bytes(b"supplierId\nA\n")
    assert read_csv(path, "no-such-codec").errors == (
        IntakeError("unknown_encoding", "", "--encoding"),
    )


def test_a_malformed_row_makes_an_incomplete_grid(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_bytes(b'supplierId\nA\n"B"C\n')
    grid = read_csv(path)
    assert grid.errors == (IntakeError("malformed_csv", "3:3"),)
    assert grid.complete is False
    assert [number for number, _ in grid.rows] == [1, 2]


@pytest.mark.parametrize(
    ("rows", "expected"),
    [(MAX_LINES, ()), (MAX_LINES + 1, (IntakeError("sheet_too_large", "10001:10001"),))],
)
def test_rows_ended_by_a_lone_cr_are_counted_too(
    tmp_path: Path, rows: int, expected: tuple[IntakeError, ...]
) -> None:
    """A lone CR ends a row for the csv module but not a line for the byte count."""
    path = tmp_path / "q.csv"
    path.write_bytes(b"supplierId" + b"\r" * (rows - 2) + b"\rA")  # rows rows in all
    grid = read_csv(path)
    assert grid.errors == expected
