# Chinese totals words with full-width brackets are this module's subject.
# ruff: noqa: RUF001
"""Issue 28: totals rows that the word list missed became a fourth quote. A totals row is
now known by more words (a qualifier in brackets dropped) and by its shape: the last data row
whose numbers are the sums of the rows above. Files written by xlsxwriter and as CSV."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from intake_helpers import write_csv
from quotecalc.intake import Note, intake
from quotecalc.intake.trust import is_total_shape, is_total_word

HEADER = ["供应商", "包价", "运费", "每包数量", "币种"]
QUOTES = [["A", 10, 1.5, 100, "CNY"], ["B", 12, 2, 100, "CNY"], ["C", 9.5, 0, 50, "CNY"]]


def xlsx(path: Path, rows: list[list[Any]]) -> Path:
    xlsxwriter = pytest.importorskip("xlsxwriter")
    pytest.importorskip("openpyxl")
    workbook = xlsxwriter.Workbook(str(path))
    sheet = workbook.add_worksheet()
    for number, row in enumerate(rows):
        sheet.write_row(number, 0, row)
    workbook.close()
    return path


def csv(path: Path, rows: list[list[Any]]) -> Path:
    return write_csv(path, [[str(value) for value in row] for row in rows])


WRITERS = {"xlsx": (xlsx, "Sheet1!"), "csv": (csv, "")}


@pytest.mark.parametrize("kind", sorted(WRITERS))
@pytest.mark.parametrize(
    "label",
    ["总计（含税）", "Summe", "TOTAL (excl. VAT)", "Gesamt:", "合计 (含运费)", "Acme Holdings"],
)
def test_a_totals_row_is_refused_by_its_words_or_its_shape(
    tmp_path: Path, kind: str, label: str
) -> None:
    write, prefix = WRITERS[kind]
    path = write(tmp_path / f"q.{kind}", [HEADER, *QUOTES, [label, 31.5, 3.5, 250, "CNY"]])
    result = intake(path)
    assert [(e.code, e.cell) for e in result.errors] == [("totals_row", f"{prefix}5:5")]
    skipped = intake(path, skip_totals=True)
    assert skipped.request is not None
    assert [quote["supplierId"] for quote in skipped.request["quotes"]] == ["A", "B", "C"]
    assert skipped.notes == (Note("totals_row_skipped", f"{prefix}5:5"),)


@pytest.mark.parametrize("kind", sorted(WRITERS))
def test_a_totals_row_of_prices_only_is_known_by_its_shape(tmp_path: Path, kind: str) -> None:
    write, prefix = WRITERS[kind]
    path = write(tmp_path / f"q.{kind}", [HEADER, *QUOTES, ["Summe netto", 31.5, "", "", ""]])
    assert [(e.code, e.cell) for e in intake(path).errors] == [("totals_row", f"{prefix}5:5")]


@pytest.mark.parametrize(
    "last",
    [
        ["D", 31.5, 3.5, 200, "CNY"],  # one number is not its column's sum
        ["D", 31, 3.5, 250, "CNY"],
        ["D", 0, 0, 0, "CNY"],  # zeros are not sums of numbers here
    ],
)
def test_a_quote_that_is_not_the_sum_stays_a_quote(tmp_path: Path, last: list[Any]) -> None:
    path = csv(tmp_path / "q.csv", [HEADER, *QUOTES, last])
    result = intake(path)
    assert all(error.code != "totals_row" for error in result.errors), result.errors


def test_two_rows_are_not_a_total_of_one(tmp_path: Path) -> None:
    path = csv(tmp_path / "q.csv", [HEADER, QUOTES[0], ["B", 10, 1.5, 100, "CNY"]])
    assert intake(path).request is not None


def test_a_sum_over_rows_that_lack_the_number_is_not_a_total(tmp_path: Path) -> None:
    rows = [HEADER, ["A", 10, "", 100, "CNY"], ["B", 12, 2, 100, "CNY"], ["C", 22, 2, 200, "CNY"]]
    assert intake(csv(tmp_path / "q.csv", rows)).request is not None  # freight: A has none


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("总计（含税）", True),
        ("TOTAL (excl. VAT)", True),
        ("Summe", True),
        ("Total (A)", True),
        ("Totalenergies", False),
        ("Sum Ltd (HK)", False),
        ("(Total)", False),
    ],
)
def test_total_words(text: str, expected: bool) -> None:
    assert is_total_word(text) is expected


def test_total_shape_by_hand() -> None:
    d = Decimal
    assert is_total_shape({1: d(3)}, [{1: d(1)}, {1: d(2)}])
    assert not is_total_shape({1: d(3)}, [{1: d(3)}])  # one addend
    assert not is_total_shape({1: d(3)}, [{1: d(1)}, {1: None}, {1: d(2)}])
    assert not is_total_shape({1: d(3)}, [{1: d(1)}, {}, {1: d(2)}])  # a blank above
    assert not is_total_shape({}, [{1: d(1)}, {1: d(2)}])
    assert not is_total_shape({1: d(0)}, [{1: d(0)}, {1: d(0)}])
    assert is_total_shape({1: d(3), 2: d("0.3")}, [{1: d(1), 2: d("0.1")}, {1: d(2), 2: d("0.2")}])
