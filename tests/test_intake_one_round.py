"""Every problem of a sheet in one round, and the option that reads ¥ and 1,234.5 as written
(issue 40 item 2, ``docs/intake.md`` "Cell rules" and "Read as written").

A sheet with a refused header and bad cells in several columns answers all of them at once:
the header's, every mark of every cell (¥, 万, %, 1,234) and what the field rules say of the
number left (``1,000.5`` packs is also not an integer). ``read_as_written`` reads only what
cannot be misread, each with a note; strict is the default. Sheets written by xlsxwriter and
pandas and a GBK CSV from the command line; the messages in English and Chinese, the page's
sentences naming the buyer's header, the JSON document echoing none.

Every expected list below is worked out by hand from the rules, cell by cell.
"""

# The sheets are Chinese on purpose.
# ruff: noqa: RUF001
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from intake_helpers import write_csv
from quotecalc.intake import intake
from quotecalc.intake.errors import IntakeError
from quotecalc.intake.header_table import QUOTE_HEADERS, Column
from quotecalc.intake.messages import NOTES, TEXTS
from quotecalc.intake.sentences import OPTION_LABEL, page_entries
from quotecalc.intake.units import Unit
from test_http_page import intake_cli

HEADER = [
    "供应商",
    "规格",
    "币种",
    "每包数量",
    "最小起订量",
    "单价（元）",
    "交货期(天)",
    "运费",
    "备注",
]
BAD = [
    HEADER,
    ["A", "M6", "CNY", "1,000.5", "5", "￥1,234.50", "12天", "-5", "日期待定"],
    ["B", "M6", "CNY", "250", "", "0.36万", "7", "5%", ""],
]
# E1: units or packs? D2: separators, and 1000.5 packs is no integer. F2: the sign and the
# separators (1234.50 is then not converted: the pack size is no integer). G2: 天 in the cell.
# H2: a negative freight. F3: a unit in the cell (the column already names 元). H3: percent.
EVERY_ERROR = [
    ("ambiguous_column", "E1"),
    ("not_integer", "D2"),
    ("thousands_separator", "D2"),
    ("currency_symbol", "F2"),
    ("thousands_separator", "F2"),
    ("invalid_number_format", "G2"),
    ("negative_value", "H2"),
    ("unit_in_value", "F3"),
    ("percent_sign", "H3"),
]
READ_AS_WRITTEN = {
    ("thousands_separator", "D2"),
    ("currency_symbol", "F2"),
    ("thousands_separator", "F2"),
}


def codes(errors: Any) -> list[tuple[str, str]]:
    return [(error.code, error.cell) for error in errors]


def test_a_bad_header_and_bad_cells_in_several_columns_come_at_once(tmp_path: Path) -> None:
    result = intake(write_csv(tmp_path / "q.csv", BAD), currency="CNY")
    assert codes(result.errors) == EVERY_ERROR
    options = {(e.code, e.cell): e.option for e in result.errors}
    # the option is offered exactly where it would read the mark
    assert {key for key, option in options.items() if option} == READ_AS_WRITTEN
    assert set(options.values()) == {"", "--read-as-written"}


def test_read_as_written_reads_the_unambiguous_marks_and_notes_each(tmp_path: Path) -> None:
    result = intake(write_csv(tmp_path / "q.csv", BAD), currency="CNY", read_as_written=True)
    assert codes(result.errors) == [key for key in EVERY_ERROR if key not in READ_AS_WRITTEN]
    assert [(note.code, note.cell) for note in result.notes if note.cell[1:] == "2"] == [
        ("thousands_separator_read", "D2"),
        ("currency_sign_read", "F2"),
        ("thousands_separator_read", "F2"),
    ]


def test_a_clean_sheet_read_as_written_is_the_request(tmp_path: Path) -> None:
    rows = [
        ["供应商", "币种", "每包数量", "起订包数", "单价（元）", "运费", "交货期(天)"],
        ["A", "CNY", "1,000", "0", "￥1.25", "1,234.50", "12"],
        ["B", "CNY", "250", "1", "0.5元", "80", "7"],
    ]
    path = write_csv(tmp_path / "q.csv", rows)
    strict = intake(path, currency="CNY")
    assert codes(strict.errors) == [
        ("thousands_separator", "C2"),
        ("currency_symbol", "E2"),
        ("thousands_separator", "F2"),
        ("currency_symbol", "E3"),
    ]
    read = intake(path, currency="CNY", read_as_written=True)
    assert read.request is not None
    # 1.25 x 1000 = 1250.00; 0.5 x 250 = 125.0 (exact; the unit price's places kept)
    assert [(q["packSize"], q["packPrice"], q["freight"]) for q in read.request["quotes"]] == [
        ("1000", "1250.00", "1234.50"),
        ("250", "125.0", "80"),
    ]


@pytest.mark.parametrize(
    ("currency", "cell", "remark", "readable"),
    [
        ("CNY", "¥35", "", True),
        ("CNY", "￥35", "", True),
        ("CNY", "35元", "", True),
        ("CNY", "¥35", "另有日元报价", False),  # the sheet names the yen: ¥ may be it
        ("JPY", "¥35", "", True),  # no CNY context on this sheet
        ("USD", "$35", "", False),  # $ is a dozen currencies' sign, always asked
        ("EUR", "€35", "", True),
        ("CNY", "€35", "", False),  # a sign of another currency than the row's
        ("GBP", "£35", "", True),
        ("", "¥35", "", False),  # no currency for the row: nothing to match
    ],
)
def test_a_currency_sign_is_read_only_where_it_can_mean_one_currency(
    tmp_path: Path, currency: str, cell: str, remark: str, readable: bool
) -> None:
    rows = [["供应商", "币种", "包价", "备注"], ["A", currency, cell, remark]]
    path = write_csv(tmp_path / "q.csv", rows)
    strict = intake(path)
    assert codes(strict.errors)[-1:] == [("currency_symbol", "C2")]
    assert strict.errors[-1].option == ("--read-as-written" if readable else "")
    read = intake(path, read_as_written=True)
    if readable:
        assert read.request is not None and read.request["quotes"][0]["packPrice"] == "35"
    else:
        assert ("currency_symbol", "C2") in codes(read.errors)


@pytest.mark.parametrize(
    ("prices", "readable"),
    [
        (["1,234.5", "35"], True),
        (["1,234,567.89", "2,000"], True),
        (["1,234.5", "0,5"], False),  # a decimal comma elsewhere: a comma is not sure
        (["1,234.5", "1.234,5"], False),
        (["0,500", "35"], False),  # a leading zero group is no thousands pattern
        (["1,234.", "35"], False),  # a point without digits after it
    ],
)
def test_separators_are_read_only_where_every_comma_is_one(
    tmp_path: Path, prices: list[str], readable: bool
) -> None:
    rows = [["供应商", "币种", "包价"], ["A", "CNY", prices[0]], ["B", "CNY", prices[1]]]
    path = write_csv(tmp_path / "q.csv", rows)
    separator = [e for e in intake(path).errors if e.code == "thousands_separator"]
    assert separator and separator[0].cell == "C2"
    assert separator[0].option == ("--read-as-written" if readable else "")
    read = intake(path, read_as_written=True)
    assert (("thousands_separator", "C2") not in codes(read.errors)) is readable


def test_a_unit_in_a_cell_says_the_column_name_that_reads_it(tmp_path: Path) -> None:
    rows = [
        ["供应商", "币种", "包价", "Freight", "每包数量"],
        ["A", "CNY", "0.36万", "1.2千", "10万"],
    ]
    result = intake(write_csv(tmp_path / "q.csv", rows))
    found = {(e.code, e.cell): dict(e.details).get("suggestion") for e in result.errors}
    assert found == {
        ("unit_in_value", "C2"): "包价（万元）",
        ("unit_in_value", "D2"): "Freight (千元)",
        ("unit_in_value", "E2"): None,  # a count has no unit in its name: write 100000
    }
    # and the names suggested are accepted, at the unit's exact scale
    assert QUOTE_HEADERS.read("包价（万元）") == Column("packPrice", Unit(10000, "CNY"))
    assert QUOTE_HEADERS.read("Freight (千元)") == Column("freight", Unit(1000, "CNY"))
    fixes = {e["cell"]: str(e["fix"]) for e in page_entries(result.errors, "zh")}
    assert "「包价（万元）」" in fixes["C2"] and "「Freight (千元)」" in fixes["D2"]
    assert "其他列请写完整的数" in fixes["E2"]
    renamed = [["供应商", "币种", "包价（万元）"], ["A", "CNY", "0.36"]]
    request = intake(write_csv(tmp_path / "r.csv", renamed)).request
    assert request is not None and request["quotes"][0]["packPrice"] == "3600"


# ---- the messages: English and Chinese, the page's sentences -------------------------------
PAGE = {
    "zh": {
        "E1": "E 列「最小起订量」：这个列名可以有不止一种含义；不会猜测。",
        "D2": "D 列「每包数量」第 2 行：数字中不允许使用千分位分隔符。",
        "F2": "F 列「单价（元）」第 2 行：数字中不允许使用货币符号；请使用币种列。",
        "F3": "F 列「单价（元）」第 3 行：数字中写了单位（万、千、万元）；单元格中只能写数字。",
    },
    "en": {
        "E1": "Column E “最小起订量”: The column name can mean more than one thing; it is not"
        " guessed.",
        "D2": "Column D “每包数量”, row 2: Thousands separators are not allowed in numbers.",
        "F2": "Column F “单价（元）”, row 2: Currency symbols are not allowed in numbers; use the"
        " currency column.",
        "F3": "Column F “单价（元）”, row 3: A unit (万, 千, 万元) is written in the number; a cell"
        " holds the number alone.",
    },
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_messages_in_both_languages(tmp_path: Path, lang: str) -> None:
    result = intake(write_csv(tmp_path / "q.csv", BAD), currency="CNY", lang=lang)
    document = json.loads(result.error_document())["errors"]
    assert [(e["code"], e["cell"]) for e in document] == EVERY_ERROR
    for entry in document:  # the JSON document: the fixed message of its code
        assert entry["message"] == TEXTS[entry["code"]].message(lang)
    entries = page_entries(result.errors, lang)
    assert [(e["code"], e["cell"]) for e in entries] == EVERY_ERROR
    said = {e["cell"]: e["message"] for e in entries if e["code"] != "thousands_separator"}
    said["D2"] = next(
        e["message"] for e in entries if e["cell"] == "D2" and e["code"] != "not_integer"
    )
    for cell, message in PAGE[lang].items():
        assert said[cell] == message
    fixes = {(e["code"], e["cell"]): e.get("fix", "") for e in entries}
    tick = {"zh": f"勾选“{OPTION_LABEL['zh']}”", "en": f"tick “{OPTION_LABEL['en']}”"}[lang]
    for key in READ_AS_WRITTEN:
        assert tick in str(fixes[key])
    assert tick not in str(fixes[("percent_sign", "H3")]) + str(fixes[("unit_in_value", "F3")])
    question = {"zh": "这一列数的是件数（个）还是包数？", "en": "Does it count units or packs?"}
    assert str(fixes[("ambiguous_column", "E1")]).startswith(question[lang])
    for entry in entries:  # no developer words in what the page shows
        words = f"{entry['message']} {entry.get('fix', '')}"
        for developer in ("--", "python -m", "suggestion", "question", "reason", "_", "/quotes"):
            assert developer not in words, (developer, words)


def test_the_json_documents_echo_no_header(tmp_path: Path) -> None:
    rows = [["供应商", "颜色", "Suplier名"], ["A", "red", "x"]]
    path = write_csv(tmp_path / "q.csv", rows)
    document = intake(path, lang="zh").error_document().decode()
    assert "颜色" not in document and "Suplier名" not in document
    page = json.dumps(page_entries(intake(path, lang="zh").errors, "zh"), ensure_ascii=False)
    assert "B 列「颜色」" in page  # the page shows the buyer's own header back


def test_a_column_is_named_on_every_error_of_its_cells() -> None:
    from quotecalc.intake.columns import name_columns

    errors = [
        IntakeError("negative_value", "Sheet1!H2"),
        IntakeError("totals_row", "Sheet1!4:4"),
        IntakeError("invalid_option", ""),
        IntakeError("missing_header", "1:1"),
    ]
    named = name_columns(errors, {7: "运费"}, "Sheet1!")
    assert [error.column for error in named] == ["运费", "", "", ""]


# ---- sheets written by other programs --------------------------------------------------------
def test_an_xlsxwriter_sheet_with_natural_headers(tmp_path: Path) -> None:
    xlsxwriter = pytest.importorskip("xlsxwriter")
    path = tmp_path / "xw.xlsx"
    workbook = xlsxwriter.Workbook(str(path))
    sheet = workbook.add_worksheet()
    sheet.write_row(
        0,
        0,
        [
            "序号",
            "供应商",
            "币种",
            "每包数量",
            "起订包数",
            "单价（元）",
            "交货期（天）",
            "MOQ",
            "备注",
        ],
    )
    sheet.write_row(1, 0, [1, "A", "CNY", 100, 0])
    sheet.write_string(1, 5, "¥1,234.50")  # typed as text, as a buyer pastes it
    sheet.write_row(1, 6, [12, 5, "含运费"])
    sheet.write_row(2, 0, [2, "B", "CNY", 250, 1, 0.35, 7, 2, ""])
    workbook.close()
    result = intake(path, currency="CNY")
    assert codes(result.errors) == [
        ("ambiguous_column", "Sheet1!H1"),
        ("currency_symbol", "Sheet1!F2"),
        ("thousands_separator", "Sheet1!F2"),
    ]
    # the buyer renames MOQ (it counted packs) and ticks the option
    workbook = xlsxwriter.Workbook(str(path))
    sheet = workbook.add_worksheet()
    sheet.write_row(
        0, 0, ["序号", "供应商", "币种", "每包数量", "单价（元）", "交货期（天）", "MOQ（包）"]
    )
    sheet.write_row(1, 0, [1, "A", "CNY", 100])
    sheet.write_string(1, 4, "¥1,234.50")
    sheet.write_row(1, 5, [12, 5])
    sheet.write_row(2, 0, [2, "B", "CNY", 250, 0.35, 7, 2])
    workbook.close()
    result = intake(path, currency="CNY", read_as_written=True)
    assert result.request is not None, result.error_document()
    # 1234.50 x 100 = 123450.00; 0.35 x 250 = 87.50
    assert [(q["packPrice"], q["minimumPacks"]) for q in result.request["quotes"]] == [
        ("123450.00", "5"),
        ("87.50", "2"),
    ]


def test_a_pandas_sheet_with_natural_headers(tmp_path: Path) -> None:
    pandas = pytest.importorskip("pandas")
    pytest.importorskip("openpyxl")
    frame = pandas.DataFrame(
        {
            "供应商": ["A", "B"],
            "币种": ["CNY", "CNY"],
            "每包数量": [100, 250],
            "起订包数": [0, 1],
            "单价（元）": [0.35, 0.0125],
            "交货期(天)": [12, 7],
            "备注": ["", "含税"],
        }
    )
    path = tmp_path / "pandas.xlsx"
    frame.to_excel(path, index=False)
    result = intake(path, currency="CNY")
    assert result.request is not None, result.error_document()
    # 0.35 x 100 = 35.00; 0.0125 x 250 = 3.1250
    assert [q["packPrice"] for q in result.request["quotes"]] == ["35.00", "3.1250"]
    assert [q["leadDays"] for q in result.request["quotes"]] == ["12", "7"]
    assert ("column_ignored", "Sheet1!G1") in [(n.code, n.cell) for n in result.notes]


def test_a_gbk_csv_on_the_command_line(tmp_path: Path) -> None:
    """A Chinese Excel's CSV (GBK): every error at once on stdout, in Chinese, exit 2; with
    --read-as-written the marks become notes on stderr."""
    path = tmp_path / "报价.csv"
    path.write_bytes(
        ("\r\n".join(",".join(f'"{c}"' for c in row) for row in BAD) + "\r\n").encode("gbk")
    )
    strict = intake_cli(path, "--encoding", "gb18030", "--currency", "CNY", "--lang", "zh")
    assert strict.returncode == 2
    document = json.loads(strict.stdout)
    assert [(e["code"], e["cell"]) for e in document["errors"]] == EVERY_ERROR
    entry = document["errors"][0]
    assert entry["suggestion"] == "起订包数" and entry["question"].startswith("这一列数的是")
    assert "最小起订量" not in strict.stdout.decode()  # no header echoed in the JSON document
    relaxed = intake_cli(
        path, "--encoding", "gb18030", "--currency", "CNY", "--lang", "zh", "--read-as-written"
    )
    assert relaxed.returncode == 2
    remaining = [(e["code"], e["cell"]) for e in json.loads(relaxed.stdout)["errors"]]
    assert remaining == [key for key in EVERY_ERROR if key not in READ_AS_WRITTEN]
    notes = [json.loads(line) for line in relaxed.stderr.decode().splitlines()]
    assert {
        "code": "currency_sign_read",
        "cell": "F2",
        "message": NOTES["currency_sign_read"].zh,
    } in notes
