"""CSV intake end to end in-process: headers in both languages, blank vs 无 vs 0, encodings,
and every CSV error at its cell (``docs/intake.md``)."""

# ruff: noqa: RUF001
from __future__ import annotations

from pathlib import Path

import pytest

from intake_helpers import write_csv
from quotecalc.intake import IntakeError, IntakeFailed, Note, intake, read
from quotecalc.intake.csv_reader import MAX_FILE_BYTES

ZH = [
    "供应商",
    "规格",
    "币种",
    "每包数量",
    "最小起订包数",
    "包价",
    "运费",
    "其他费用",
    "交期（天）",
]
EN = [
    "Supplier",
    "Specification",
    "Currency",
    "Pack size",
    "Minimum packs",
    "Pack price",
    "Freight",
    "Other fees",
    "Lead days",
]
ROW_A = ["A", "M6 bolt", "CNY", "100", "0", "35.00", "20", "0", "7"]
QUOTE_A = {
    "supplierId": "A",
    "specification": "M6 bolt",
    "currency": "CNY",
    "packSize": "100",
    "minimumPacks": "0",
    "packPrice": "35.00",
    "freight": "20",
    "otherFees": "0",
    "leadDays": "7",
}


def errors_of(path: Path, **options: str) -> list[tuple[str, str]]:
    result = intake(path, **options)
    assert result.request is None
    return [(error.code, error.cell) for error in result.errors]


@pytest.mark.parametrize("header", [ZH, EN, [name.upper() for name in EN]])
def test_both_languages_give_the_same_quote(tmp_path: Path, header: list[str]) -> None:
    path = write_csv(tmp_path / "q.csv", [header, ROW_A])
    assert read(path) == {"schemaVersion": 1, "quotes": [QUOTE_A]}


def test_full_width_and_spaced_names(tmp_path: Path) -> None:
    header = ["　供应商 ", "ｐａｃｋＰｒｉｃｅ", "交期(天)", "ＬＥＡＤ ＤＡＹＳ"[:0] + "Freight"]
    path = write_csv(tmp_path / "q.csv", [header, ["A", "1.5", "3", "0"]])
    assert read(path)["quotes"] == [
        {"supplierId": "A", "packPrice": "1.5", "freight": "0", "leadDays": "3"}
    ]


def test_blank_unknown_markers_and_zero(tmp_path: Path) -> None:
    header = ["supplierId", "freight", "otherFees", "leadDays", "minimumPacks", "packPrice"]
    rows = [
        header,
        ["A", "", "0", "无", "未知", "N/A"],
        ["B", "-", "—", " ", "0", "0.0"],
    ]
    quotes = read(write_csv(tmp_path / "q.csv", rows))["quotes"]
    assert quotes == [
        {"supplierId": "A", "otherFees": "0"},
        {"supplierId": "B", "minimumPacks": "0", "packPrice": "0.0"},
    ]


def test_root_options_and_integer_canonical_form(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [EN, [*ROW_A[:3], "100.000000", *ROW_A[4:]]])
    request = read(
        path,
        quantity="1000",
        currency="CNY",
        specification="M6 bolt",
        weights="cost=1,delivery=0,quality=0",
    )
    assert request == {
        "schemaVersion": 1,
        "quantity": "1000",
        "currency": "CNY",
        "specification": "M6 bolt",
        "weights": {"cost": "1", "delivery": "0", "quality": "0"},
        "quotes": [QUOTE_A],
    }


@pytest.mark.parametrize(
    ("encoding", "bom"), [("utf-8", False), ("utf-8", True), ("gb18030", False)]
)
def test_encodings(tmp_path: Path, encoding: str, bom: bool) -> None:
    path = write_csv(tmp_path / "q.csv", [ZH, ROW_A], encoding=encoding, bom=bom)
    option = {"encoding": "gb18030"} if encoding == "gb18030" else {}
    assert read(path, **option)["quotes"] == [QUOTE_A]


def test_gb18030_file_read_as_utf8_names_each_bad_line(tmp_path: Path) -> None:
    rows = [ZH, ["甲", *ROW_A[1:]], [*ROW_A[:1], "B", *ROW_A[2:]], ["乙", *ROW_A[1:]]]
    path = write_csv(tmp_path / "q.csv", rows, encoding="gb18030")
    assert errors_of(path) == [
        ("undecodable_text", "1:1"),
        ("undecodable_text", "2:2"),
        ("undecodable_text", "4:4"),
    ]


def test_semicolon_and_tab_delimiters(tmp_path: Path) -> None:
    for delimiter in (";", "\t"):
        path = write_csv(tmp_path / "q.csv", [EN, ROW_A], delimiter=delimiter)
        assert read(path, delimiter=delimiter)["quotes"] == [QUOTE_A]


def test_trailing_blank_rows_and_columns_are_ignored(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [[*EN, "", ""], [*ROW_A, "", " "], ["", ""], []])
    assert read(path)["quotes"] == [QUOTE_A]


def test_text_with_surrounding_spaces_is_an_error_or_trimmed_with_a_note(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "规格"], [" A", "M6 bolt "], ["B", "M6"]])
    assert errors_of(path) == [("surrounding_whitespace", "A2"), ("surrounding_whitespace", "B2")]
    result = intake(path, trim=True)
    assert result.request is not None
    assert result.request["quotes"] == [
        {"supplierId": "A", "specification": "M6 bolt"},
        {"supplierId": "B", "specification": "M6"},
    ]
    assert result.notes == (Note("whitespace_trimmed", "A2"), Note("whitespace_trimmed", "B2"))


# ---- every CSV error at its cell --------------------------------------------------------
CELL_ERRORS = [
    # (column, cell text, code)
    ("Pack price", "1,000", "thousands_separator"),
    ("Pack price", "12%", "percent_sign"),
    ("Pack price", "¥12", "currency_symbol"),
    ("Pack price", "1.2345678", "too_many_decimals"),
    ("Pack price", "-1", "negative_value"),
    ("Pack price", "1E3", "exponent_not_allowed"),
    ("Pack price", "inf", "non_finite_number"),
    ("Pack price", "9" * 49, "number_too_long"),
    ("Pack price", "abc", "invalid_number_format"),
    ("Pack price", "1000000000000000.1", "out_of_range"),
    ("Pack size", "0", "out_of_range"),
    ("Pack size", "2.5", "not_integer"),
    ("Lead days", "1000000001", "out_of_range"),
    ("Currency", "cny", "invalid_currency"),
    ("Specification", "x" * 257, "string_too_long"),
]


@pytest.mark.parametrize(("column", "text", "code"), CELL_ERRORS)
def test_cell_error_at_its_cell(tmp_path: Path, column: str, text: str, code: str) -> None:
    index = EN.index(column)
    bad = [*ROW_A[:index], text, *ROW_A[index + 1 :]]
    rows = [EN, [*ROW_A[:1], "M6 bolt"], ["B", *ROW_A[1:]], ["C", *bad[1:]]]
    letter = "ABCDEFGHI"[index]
    assert errors_of(write_csv(tmp_path / "q.csv", rows)) == [(code, f"{letter}4")]


def test_all_errors_are_collected_in_position_order(tmp_path: Path) -> None:
    rows = [
        ["供应商", "价格", "包价", "Pack price", ""],
        ["A", "1", "1,000", "2", "x"],
        ["A", "", "5%", "", "", "extra"],
        ["", "", "3", ""],
    ]
    assert errors_of(write_csv(tmp_path / "q.csv", rows)) == [
        ("ambiguous_column", "B1"),  # a price: of one unit or of one pack?
        ("duplicate_column", "D1"),
        ("unnamed_column", "E1"),
        ("thousands_separator", "C2"),
        ("duplicate_supplier_id", "A3"),
        ("percent_sign", "C3"),
        ("cell_outside_header", "F3"),
        ("missing_required", "A4"),
    ]


def test_missing_supplier_column_is_said_once(tmp_path: Path) -> None:
    rows = [["包价"], ["1"], ["2"]]
    assert errors_of(write_csv(tmp_path / "q.csv", rows)) == [("missing_supplier_column", "1:1")]


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ([], [("missing_header", "1:1")]),
        ([["", ""], ["A", "1"]], [("missing_header", "1:1")]),
        ([["供应商"]], [("no_quotes", "2:2")]),
        ([["供应商"], [""], [" "]], [("no_quotes", "2:2")]),
    ],
)
def test_structure_errors(tmp_path: Path, rows: list[list[str]], expected: object) -> None:
    assert errors_of(write_csv(tmp_path / "q.csv", rows)) == expected


def test_more_than_100_data_rows(tmp_path: Path) -> None:
    rows = [["供应商"], *([f"S{n}"] for n in range(100))]
    assert len(read(write_csv(tmp_path / "ok.csv", rows))["quotes"]) == 100
    rows.insert(50, [""])  # a blank row is not a quote, but it keeps its row number
    rows.append(["S100"])
    assert errors_of(write_csv(tmp_path / "q.csv", rows)) == [("too_many_rows", "103:103")]


def test_malformed_csv_row(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_bytes(b'supplierId,packPrice\nA,1%\nB,"2"x\nC,3\n')
    # the rows before it are still checked; the rows after it are not read
    assert errors_of(path) == [("percent_sign", "B2"), ("malformed_csv", "3:3")]


def test_file_level_errors(tmp_path: Path) -> None:
    big = tmp_path / "big.csv"
    lines = b"supplierId\n" + b"A\n" * ((MAX_FILE_BYTES - 11) // 2)
    big.write_bytes(lines + b"A" * (MAX_FILE_BYTES - len(lines)))
    found = errors_of(big)  # exactly 10 MiB is read (and its 5 million lines refused) ...
    assert found == [("sheet_too_large", "10001:10001")]
    big.write_bytes(lines + b"A" * (MAX_FILE_BYTES + 1 - len(lines)))
    assert errors_of(big) == [("file_too_large", "")]
    assert errors_of(tmp_path / "absent.csv") == [("file_not_found", "")]
    assert errors_of(tmp_path / "q.json") == [("unsupported_file_type", "")]
    assert errors_of(tmp_path / "q.xls") == [("unsupported_file_type", "")]
    ok = write_csv(tmp_path / "ok.csv", [EN, ROW_A])
    assert errors_of(ok, encoding="no-such-codec") == [("unknown_encoding", "")]
    assert errors_of(ok, delimiter=";;") == [("invalid_option", "")]
    assert errors_of(ok, delimiter='"') == [("invalid_option", "")]
    assert errors_of(ok, sheet="Sheet1") == [("invalid_option", "")]  # a workbook option
    assert errors_of(ok, weights="cost") == [("invalid_option", "")]


def test_read_raises_with_every_error(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "包价"], ["A", "1%"], ["B", "$2"]])
    with pytest.raises(IntakeFailed) as raised:
        read(path)
    assert raised.value.errors == (
        IntakeError("percent_sign", "B2"),
        IntakeError("currency_symbol", "B3"),
    )
