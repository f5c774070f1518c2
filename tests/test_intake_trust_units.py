"""The trust tables and the workbook parts one at a time, expected values by hand: total words
and formulas, currency formats, the sheet choice, the part caps, the sheet pre-pass, the
command line's help and version, and the template's Text columns (issue 18)."""

# ruff: noqa: RUF001
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from quotecalc.intake import __main__ as intake_main
from quotecalc.intake.trust import format_currencies, is_total_formula, is_total_word
from quotecalc.intake.workbook import Sheet, WorkbookInfo, choose_sheet

USD_LIKE = {"USD", "AUD", "CAD", "HKD", "SGD", "NZD", "TWD", "MXN", "BRL", "ARS", "CLP", "COP"}


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("合计", True),
        ("总计", True),
        ("小计：", True),  # a full-width colon folds to ":" and is dropped
        ("Total", True),
        ("TOTAL:", True),
        (" Grand total ", True),
        ("ＴＯＴＡＬ", True),
        ("Sub-total", True),
        ("sum", True),
        ("合计供应商", False),
        ("Total Supplies Ltd", False),
        ("A", False),
        ("", False),
    ],
)
def test_total_words(text: str, total: bool) -> None:
    assert is_total_word(text) is total


@pytest.mark.parametrize(
    ("formula", "total"),
    [
        ("SUM(E2:E9)", True),
        ("=SUM(E2:E9)", True),
        ("sum($E$2:$E$9)", True),
        ("SUBTOTAL(9,F2:F3)", True),
        ("_xlfn.SUBTOTAL(109,F:F)", True),
        ("SUM(E:E)", True),
        ("SUM(Sheet2!E2:E9)", True),
        ("SUM(B2:C2)", False),  # across one row: the quote's own arithmetic
        ("SUM(B2,C2)", False),
        ("B2+C2", False),
        ("AVERAGE(E2:E9)", False),
        ("ROUND(SUM(E2:E9),2)", False),  # not a SUM at the top
        ("", False),
    ],
)
def test_total_formulas(formula: str, total: bool) -> None:
    assert is_total_formula(formula) is total


@pytest.mark.parametrize(
    ("number_format", "currencies"),
    [
        ("General", set()),
        ("0.00", set()),
        ("#,##0.00;[Red]-#,##0.00", set()),
        ('"€"#,##0.00', {"EUR"}),
        ("[$€-407]0.00", {"EUR"}),  # LibreOffice's German euro
        ("[$¥-804]0.00", {"CNY", "JPY"}),  # LibreOffice's Chinese yuan
        ("¥#,##0", {"CNY", "JPY"}),
        ("￥#,##0.00", {"CNY", "JPY"}),
        ('0.00"元"', {"CNY"}),
        ("£#,##0.00", {"GBP"}),
        ("$#,##0.00", USD_LIKE),
        ('"USD" 0.00', {"USD"}),
        ("[$EUR] #,##0.00", {"EUR"}),
        ("[$CHF-100C] 0.00", {"CHF"}),
        ('_-"€"* #,##0.00_-;-"€"* #,##0.00_-', {"EUR"}),
        ("[Red]0.00", set()),  # a colour, not a code
        ("[Blue]EUR #,##0.00", {"EUR"}),  # a code right after a bracket
        ("[$-409]USD0.00", {"USD"}),
        ('0 "pcs"', set()),
    ],
)
def test_format_currencies(number_format: str, currencies: set[str]) -> None:
    assert format_currencies(number_format) == currencies


SHEETS = (Sheet("Old", "hidden"), Sheet("Quotes"), Sheet("Secret", "veryHidden"))


@pytest.mark.parametrize(
    ("active", "named", "expected"),
    [
        (1, None, ("Quotes", "")),
        (0, None, (None, "sheet_hidden")),
        (2, None, (None, "sheet_hidden")),
        (9, None, (None, "sheet_hidden")),  # out of range: the first sheet, hidden here
        (3, None, (None, "sheet_hidden")),  # one past the last
        (1, "Old", ("Old", "hidden_sheet_read")),
        (1, "Secret", ("Secret", "hidden_sheet_read")),
        (0, "Quotes", ("Quotes", "")),
        (1, "quotes", (None, "sheet_not_found")),  # the exact title
    ],
)
def test_choose_sheet(active: int, named: str | None, expected: tuple[str | None, str]) -> None:
    assert choose_sheet(WorkbookInfo(SHEETS, active, False), named) == expected


def test_choose_sheet_in_a_workbook_without_sheets() -> None:
    assert choose_sheet(WorkbookInfo((), 0, False), None) == (None, "sheet_not_found")
    assert choose_sheet(WorkbookInfo((Sheet("A"),), 5, False), None) == ("A", "")


def _zip(members: dict[str, bytes]) -> zipfile.ZipFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return zipfile.ZipFile(io.BytesIO(buffer.getvalue()))


WORKBOOK = (
    b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b'<bookViews><workbookView activeTab="2"/><workbookView activeTab="0"/></bookViews>'
    b'<sheets><sheet name="A"/><sheet name="B" state="hidden"/><sheet name="C"/><sheet/></sheets>'
    b"CALC</workbook>"
)


@pytest.mark.parametrize(
    ("calc", "full"),
    [
        (b"", False),
        (b'<calcPr calcId="191029"/>', False),
        (b'<calcPr fullCalcOnLoad="1"/>', True),
        (b'<calcPr fullCalcOnLoad="true"/>', True),
        (b'<calcPr fullCalcOnLoad="0"/>', False),
        (b'<calcPr fullCalcOnLoad="false"/>', False),
    ],
)
def test_workbook_info(calc: bytes, full: bool) -> None:
    from quotecalc.intake.workbook import read_workbook_info

    pytest.importorskip("defusedxml")
    info = read_workbook_info(_zip({"xl/workbook.xml": WORKBOOK.replace(b"CALC", calc)}))
    expected = (Sheet("A"), Sheet("B", "hidden"), Sheet("C"), Sheet(""))
    assert info == WorkbookInfo(expected, 2, full)


def test_workbook_part_from_the_package_relationships() -> None:
    from quotecalc.intake.workbook import read_workbook_info

    pytest.importorskip("defusedxml")
    rels = (
        b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        b'<Relationship Id="rId1" Target="/Xbook/main.xml" Type="http://schemas.openxmlformats.'
        b'org/officeDocument/2006/relationships/officeDocument"/></Relationships>'
    )
    workbook = WORKBOOK.replace(b"CALC", b"").replace(b'activeTab="2"', b"")
    info = read_workbook_info(_zip({"_rels/.rels": rels, "Xbook/main.xml": workbook}))
    assert info.active == 0 and [sheet.name for sheet in info.sheets] == ["A", "B", "C", ""]


def test_part_caps_by_declared_size_and_content_type() -> None:
    from quotecalc.intake.workbook import MAX_PART_BYTES, PartError, check_part_sizes

    pytest.importorskip("defusedxml")
    types = (
        b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        b'<Override PartName="/xl/strings2.xml" ContentType="application/vnd.openxmlformats-'
        b'officedocument.spreadsheetml.sharedStrings+xml"/></Types>'
    )
    big = b" " * (MAX_PART_BYTES + 1)
    check_part_sizes(_zip({"[Content_Types].xml": types, "xl/styles.xml": big[:-1]}))  # at the cap
    for name, code in (
        ("xl/strings2.xml", "shared_strings_too_large"),  # found by its content type
        ("xl/sharedStrings.xml", "shared_strings_too_large"),
        ("xl/styles.xml", "styles_too_large"),
    ):
        with pytest.raises(PartError) as raised:
            check_part_sizes(_zip({"[Content_Types].xml": types, name: big}))
        assert raised.value.args == (code,)
    check_part_sizes(_zip({"[Content_Types].xml": types, "xl/media/big.xml": big}))  # uncapped


def test_the_sheet_pass_refuses_a_doctype() -> None:
    from quotecalc.intake.sheet_scan import UnsafeXml, scan_sheet

    xml = b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "x">]><worksheet><sheetData/></worksheet>'
    with pytest.raises(UnsafeXml):
        scan_sheet(_zip({"s.xml": xml}), "s.xml", "S!")


def test_the_sheet_pass_reads_hidden_marks_and_formulas() -> None:
    from quotecalc.intake.sheet_scan import Formula, scan_sheet

    xml = (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<cols><col min="2" max="3" hidden="true"/><col min="5" max="5" width="0"/>'
        b'<col min="6" max="70000" hidden="0"/><col min="60" max="99" hidden="1"/></cols>'
        b'<sheetData><row r="1" ht="0"><c r="A1">\n <f t="shared" si="0" ref="A1:A2">SUM(B1'
        b'<!-- a comment splits the text -->:B9)</f>\n <v>3</v>\n</c></row><row r="2" hidden="1">'
        b'<c r="A2"><f t="shared" si="0"/><v/></c><c r="B2"><f t="shared" si="7"/><v>1</v></c>'
        b'<c r="D2" t="str"><f>"x"</f><v></v></c><c r="E2"><f/><v>2</v></c></row>'
        b'<row r="4"><c r="C4" s="1"/></row></sheetData></worksheet>'
    )
    scan = scan_sheet(_zip({"s.xml": xml}), "s.xml", "S!")
    assert scan.hidden_rows == {1, 2}
    assert scan.hidden_columns == {2, 3, 5, *range(60, 65)}
    assert scan.formulas == {
        (1, 1): Formula("SUM(B1:B9)", "0", True),
        (2, 1): Formula("", "0", False),
        (2, 2): Formula("", "7", True),  # a follower whose master is not in the sheet
        (2, 4): Formula('"x"', "", True),  # a text result's empty value is a value
        (2, 5): Formula("", "", True),
    }
    assert scan.formula_text(scan.formulas[(2, 5)]) == ""  # no text, and not shared
    assert scan.formula_text(scan.formulas[(2, 1)]) == "SUM(B1:B9)"
    assert scan.formula_text(scan.formulas[(2, 2)]) == ""
    assert scan.last_row == 2 and scan.formula_rows == {1, 2}


# ---- the command line's help and version ---------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "lang"),
    [
        (["--help"], "en"),
        (["-h"], "en"),
        (["--help", "--lang", "zh"], "zh"),
        (["--lang", "en", "--help"], "en"),
    ],
)
def test_help_prints_the_usage_and_exits_0(argv: list[str], lang: str) -> None:
    stdout, stderr = io.BytesIO(), io.BytesIO()
    assert intake_main.main(argv, stdout, stderr) == 0
    assert stdout.getvalue() == intake_main.USAGE[lang].encode() and stderr.getvalue() == b""
    for option in (
        "--sheet",
        "--include-hidden",
        "--skip-totals",
        "--trim",
        "--lang",
        "--calculate",
    ):
        assert option in intake_main.USAGE[lang]


def test_version() -> None:
    from quotecalc import __version__

    stdout = io.BytesIO()
    assert intake_main.main(["--version"], stdout, io.BytesIO()) == 0
    assert stdout.getvalue() == f"quotecalc.intake {__version__}\n".encode()


@pytest.mark.parametrize(
    "argv",
    [
        ["--help", "a.csv"],
        ["--help", "--version"],
        ["--version", "--lang", "zh"],
        ["--help", "--help"],
        ["--help", "--quantity", "1"],
        ["a.csv", "--trim", "--trim"],
    ],
)
def test_help_and_version_only_alone(argv: list[str]) -> None:
    assert intake_main.parse_argv(argv) is None


def test_a_refused_command_line_answers_in_its_language() -> None:
    stdout = io.BytesIO()
    assert intake_main.main(["--bogus", "--lang", "zh"], stdout, io.BytesIO()) == 2
    assert "命令行参数不被接受。".encode() in stdout.getvalue()


def test_relaxing_flags_reach_the_intake(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_bytes("供应商,包价\nA ,1\n合计,1\n".encode())
    stdout, stderr = io.BytesIO(), io.BytesIO()
    assert intake_main.main([str(path), "--trim", "--skip-totals"], stdout, stderr) == 0
    assert (
        stdout.getvalue() == b'{"schemaVersion":1,"quotes":[{"supplierId":"A","packPrice":"1"}]}\n'
    )
    assert [line.split(b'"')[3] for line in stderr.getvalue().splitlines()] == [
        b"whitespace_trimmed",
        b"totals_row_skipped",
    ]
    stdout = io.BytesIO()
    assert intake_main.main([str(path), "--include-hidden"], stdout, io.BytesIO()) == 2
    assert b'"option":"--include-hidden"' in stdout.getvalue()


# ---- the template's text columns are Text ----------------------------------------------
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_template_text_columns_use_the_text_format(lang: str) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    from quotecalc.core.fields import QUOTE_FIELDS, Kind
    from quotecalc.intake.template import template_bytes

    sheet = openpyxl.load_workbook(io.BytesIO(template_bytes(lang, xlsx=True))).worksheets[0]
    formats = {
        rule.name: sheet.column_dimensions[chr(ord("A") + index)].number_format
        for index, rule in enumerate(QUOTE_FIELDS)
    }
    text = {"supplierId", "specification", "qualityEvidence", "qualityDefinition"}
    assert {name for name, number_format in formats.items() if number_format == "@"} == text
    assert {rule.name for rule in QUOTE_FIELDS if rule.kind is Kind.TEXT} == text


def test_an_ole_file_named_xlsx_is_encrypted_or_an_old_xls(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    from quotecalc.intake import intake
    from quotecalc.intake.xlsx_reader import OLE_MAGIC

    old = tmp_path / "old.xlsx"
    old.write_bytes(OLE_MAGIC + b"\0" * 504 + "Workbook".encode("utf-16-le"))
    assert [(e.code, e.cell) for e in intake(old).errors] == [("unsupported_file_type", "")]
    encrypted = tmp_path / "locked.xlsx"
    encrypted.write_bytes(OLE_MAGIC + b"\0" * 504 + "EncryptionInfo".encode("utf-16-le"))
    assert [(e.code, e.cell) for e in intake(encrypted).errors] == [("xlsx_encrypted", "")]


# ---- messages that help: the hints the issue asks for ------------------------------------
@pytest.mark.parametrize(
    ("code", "english", "chinese"),
    [
        ("undecodable_text", "--encoding gb18030", "--encoding gb18030"),
        ("unknown_encoding", "--encoding gb18030", "--encoding gb18030"),
        ("xlsx_unreadable", "Encrypted", "加密"),
        ("xlsx_encrypted", "password", "密码"),
        ("missing_header", "header in row 1", "第 1 行"),
        ("hidden_cell", "--include-hidden", "--include-hidden"),
        ("totals_row", "--skip-totals", "--skip-totals"),
        ("surrounding_whitespace", "--trim", "--trim"),
        ("sheet_hidden", "--sheet", "--sheet"),
        ("unsupported_file_type", ".xlsx", ".xlsx"),
        ("number_in_text_column", "Text", "文本"),
    ],
)
def test_hints_name_the_way_out(code: str, english: str, chinese: str) -> None:
    from quotecalc.intake.messages import TEXTS

    assert english in TEXTS[code].hint_en and chinese in TEXTS[code].hint_zh


def test_a_title_row_above_the_header_is_one_error(tmp_path: Path) -> None:
    from quotecalc.intake import intake

    path = tmp_path / "q.csv"
    path.write_bytes("报价汇总 2024,,\n供应商,包价,币种\nA,35,CNY\nB,36,CNY\n".encode())
    result = intake(path)
    assert [(error.code, error.cell) for error in result.errors] == [("missing_header", "1:1")]
    assert result.errors[0].as_dict("zh")["hint"] == "请把表头放在第 1 行：删除表头上方的标题行。"


def test_messages_exist_in_english_and_chinese_only() -> None:
    from quotecalc.intake.errors import IntakeError
    from quotecalc.intake.messages import TEXTS

    assert TEXTS["totals_row"].message("en") != TEXTS["totals_row"].message("zh")
    with pytest.raises(KeyError):
        TEXTS["totals_row"].message("EN")
    with pytest.raises(KeyError):
        TEXTS["totals_row"].hint("fr")
    assert IntakeError("totals_row", "1:1").as_dict()["message"] == TEXTS["totals_row"].en
    assert "hint" not in IntakeError("internal_error", "").as_dict("zh")


def test_the_default_language_is_english() -> None:
    import json

    from quotecalc.intake.errors import IntakeError, IntakeFailed, Note, note_line
    from quotecalc.intake.messages import NOTES, TEXTS

    failed = IntakeFailed((IntakeError("totals_row", "3:3"),))
    assert failed.lang == "en"
    assert json.loads(failed.document())["errors"][0]["message"] == TEXTS["totals_row"].en
    note = Note("whitespace_trimmed", "A2")
    assert note.as_dict() == {
        "code": "whitespace_trimmed",
        "cell": "A2",
        "message": NOTES["whitespace_trimmed"].en,
    }
    assert (
        note_line(note)
        == (
            '{"code":"whitespace_trimmed","cell":"A2","message":"'
            + NOTES["whitespace_trimmed"].en
            + '"}\n'
        ).encode()
    )
    assert json.loads(note_line(note, "zh"))["message"] == "已去除文本前后的空白字符（--trim）。"


def test_the_sheet_pass_edge_shapes() -> None:
    """Columns without bounds, a merge without a range, zero sizes written as 0.0, and a
    sheet whose elements carry a namespace prefix (``x:c``), which some writers use."""
    from quotecalc.intake.errors import IntakeError
    from quotecalc.intake.sheet_scan import Formula, scan_sheet

    xml = (
        b'<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<x:cols><x:col hidden="1" max="2"/><x:col min="4" width="0.0"/></x:cols>'
        b'<x:sheetData><x:row r="1" ht="0.0"><x:c r="C1"><x:f>SUM(A2:A3)</x:f><x:v>1</x:v>'
        b"</x:c></x:row></x:sheetData><x:mergeCells><x:mergeCell/></x:mergeCells></x:worksheet>"
    )
    scan = scan_sheet(_zip({"s.xml": xml}), "s.xml", "S!")
    assert scan.hidden_columns == {1, 2, 4}
    assert scan.hidden_rows == {1}
    assert scan.formulas == {(1, 3): Formula("SUM(A2:A3)", "", True)}
    assert scan.errors == [IntakeError("merged_cells", "S!")]


def test_workbook_parts_at_their_edges() -> None:
    """``workbook.xml`` of exactly 1 MiB is read, one byte more is ``xlsx_unreadable``; no
    views, or an active tab that is not a number, is the first tab; content types may be
    missing, and an override without a part name caps nothing."""
    from quotecalc.intake.workbook import (
        MAX_PART_BYTES,
        PartError,
        check_part_sizes,
        read_workbook_info,
    )

    pytest.importorskip("defusedxml")
    plain = (
        b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<sheets><sheet name="A"/><sheet name="B"/></sheets></workbook>'
    )
    padded = plain[:-11] + b" " * (MAX_PART_BYTES - len(plain)) + plain[-11:]
    assert len(padded) == MAX_PART_BYTES
    assert read_workbook_info(_zip({"xl/workbook.xml": padded})).active == 0
    with pytest.raises(PartError) as raised:
        read_workbook_info(_zip({"xl/workbook.xml": padded[:-11] + b" " + padded[-11:]}))
    assert raised.value.args == ("xlsx_unreadable",)
    lettered = plain.replace(
        b"<sheets>", b'<bookViews><workbookView activeTab="x"/></bookViews><sheets>'
    )
    assert read_workbook_info(_zip({"xl/workbook.xml": lettered})).active == 0
    check_part_sizes(_zip({"xl/other.xml": b" " * (MAX_PART_BYTES + 1)}))  # no content types
    strings = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
    types = (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        f'<Override ContentType="{strings}"/>'
        f'<Override PartName="/Xl/s.xml" ContentType="{strings}"/>'
        "</Types>"
    ).encode()
    with pytest.raises(PartError) as raised:
        check_part_sizes(
            _zip({"[Content_Types].xml": types, "Xl/s.xml": b" " * (MAX_PART_BYTES + 1)})
        )
    assert raised.value.args == ("shared_strings_too_large",)


def test_total_word_with_a_space_before_its_colon() -> None:
    assert is_total_word("Total :") and is_total_word("合计 ：")
