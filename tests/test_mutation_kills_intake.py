"""Mutation kills for the spreadsheet intake (issue 14): ``python -m quotecalc.intake`` in process.

``test_intake_cli.py`` runs the command in child interpreters, which mutmut cannot see (it is
ignored there); these tests call ``quotecalc.intake.__main__.main`` with in-memory streams and
pin the same behaviour: which command lines are accepted and what they parse to, the request
or the result on stdout with the CLI's exit codes, notes on stderr, templates, and the error
document. Expected values come from ``docs/intake.md`` and from ``calculate()`` itself.
"""

# ruff: noqa: RUF001
from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from intake_helpers import set_cached_values, write_csv, write_xlsx
from quotecalc import calculate
from quotecalc.intake import __main__ as intake_main
from quotecalc.intake.errors import MESSAGES, NOTE_MESSAGES
from quotecalc.intake.messages import TEXTS
from quotecalc.intake.template import template_bytes

HEADER = ["供应商", "规格", "币种", "每包数量", "最小起订包数", "包价", "运费", "其他费用"]
HEADER += ["交期（天）", "质量分", "质量定义"]
ROWS = [
    HEADER,
    ["A", "M6 bolt", "CNY", "100", "0", "35.00", "20", "0", "7", "4", "1-5 audit"],
    ["B", "M6 bolt", "CNY", "250", "5", "80", "0", "15.5", "14", "5", "1-5 audit"],
]
ROOT = ["--quantity", "1000", "--currency", "CNY", "--specification", "M6 bolt"]
ROOT += ["--weights", "cost=0.5,delivery=0.3,quality=0.2", "--quality-scale", "1-5 audit;1;5"]


def run(argv: list[str]) -> tuple[int, bytes, bytes]:
    stdout, stderr = io.BytesIO(), io.BytesIO()
    code = intake_main.main(argv, stdout, stderr)
    return code, stdout.getvalue(), stderr.getvalue()


def error_codes(stdout: bytes) -> list[str]:
    assert stdout.endswith(b"\n") and stdout.count(b"\n") == 1
    return [error["code"] for error in json.loads(stdout)["errors"]]


@pytest.mark.parametrize(
    ("argv", "parsed"),
    [
        (["a.csv"], ("a.csv", {}, set())),
        (["--calculate", "a.csv"], ("a.csv", {}, {"--calculate"})),
        (
            ["a.csv", "--sheet", "S", "--encoding", "gbk", "--quantity", "5"],
            ("a.csv", {"sheet": "S", "encoding": "gbk", "quantity": "5"}, set()),
        ),
        (
            [
                "--currency",
                "CNY",
                "--specification",
                "x",
                "--weights",
                "w",
                "--quality-scale",
                "q",
                "--max-lead-days",
                "7",
                "--minimum-quality-score",
                "2",
                "--sensitivity-delta",
                "0.1",
                "f.xlsx",
            ],
            (
                "f.xlsx",
                {
                    "currency": "CNY",
                    "specification": "x",
                    "weights": "w",
                    "quality_scale": "q",
                    "max_lead_days": "7",
                    "minimum_quality_score": "2",
                    "sensitivity_delta": "0.1",
                },
                set(),
            ),
        ),
        (["a.csv", "--delimiter", "\\t"], ("a.csv", {"delimiter": "\t"}, set())),
        (["a.csv", "--delimiter", ";"], ("a.csv", {"delimiter": ";"}, set())),
        (["a.csv", "--delimiter", "t"], ("a.csv", {"delimiter": "t"}, set())),
        (["--template", "zh"], (None, {"template": "zh"}, set())),
        (["--template", "en", "--xlsx"], (None, {"template": "en"}, {"--xlsx"})),
        (["--xlsx", "--template", "zh"], (None, {"template": "zh"}, {"--xlsx"})),
        (["-"], ("-", {}, set())),
    ],
)
def test_accepted_command_lines(argv: list[str], parsed: tuple[object, ...]) -> None:
    assert intake_main.parse_argv(argv) == parsed


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["a.csv", "b.csv"],
        ["a.csv", "--quantity"],
        ["a.csv", "--quantity", "1", "--quantity", "2"],
        ["a.csv", "--bogus"],
        ["a.csv", "--xlsx"],
        ["a.csv", "--calculate", "--calculate"],
        ["--template"],
        ["--template", "fr"],
        ["--template", "zh", "--template", "zh"],
        ["--template", "zh", "a.csv"],
        ["a.csv", "--template", "zh"],
        ["--template", "zh", "--calculate"],
        ["--template", "zh", "--quantity", "1"],
        ["--template", "zh", "--xlsx", "--xlsx"],
        ["--calculate"],
    ],
)
def test_refused_command_lines(argv: list[str]) -> None:
    assert intake_main.parse_argv(argv) is None
    code, out, err = run(argv)
    assert (code, error_codes(out), err) == (2, ["invalid_arguments"], b"")
    assert json.loads(out)["errors"] == [
        {
            "code": "invalid_arguments",
            "cell": "",
            "message": MESSAGES["invalid_arguments"],
            "hint": "Run python -m quotecalc.intake --help for the accepted forms.",
        }
    ]


def test_request_on_stdout(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", ROWS)
    code, out, err = run([str(path), *ROOT])
    assert (code, err) == (0, b"")
    assert out.endswith(b"\n") and out.count(b"\n") == 1
    request = json.loads(out)
    assert list(request) == [
        "schemaVersion",
        "quantity",
        "currency",
        "specification",
        "weights",
        "qualityScale",
        "quotes",
    ]
    assert request["weights"] == {"cost": "0.5", "delivery": "0.3", "quality": "0.2"}
    assert request["qualityScale"] == {"definition": "1-5 audit", "minimum": "1", "maximum": "5"}
    assert [quote["supplierId"] for quote in request["quotes"]] == ["A", "B"]
    assert request["quotes"][1]["otherFees"] == "15.5"


@pytest.mark.parametrize(
    ("options", "status", "exit_code"),
    [
        (ROOT, "completed", 0),
        (ROOT[:4] + ROOT[6:], "partial", 0),  # no specification: partial (contract §6)
    ],
)
def test_calculate_answers_like_the_library(
    tmp_path: Path, options: list[str], status: str, exit_code: int
) -> None:
    path = write_csv(tmp_path / "q.csv", ROWS)
    code, request, _ = run([str(path), *options])
    assert code == 0
    expected = calculate(request)
    code, out, err = run([str(path), *options, "--calculate"])
    assert out == expected.to_json()
    assert code == expected.exit_code == exit_code
    assert json.loads(out)["status"] == status
    assert err == b""


def test_calculate_with_an_invalid_root_is_exit_2(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", ROWS)
    code, out, _ = run([str(path), "--quantity", "0", *ROOT[2:], "--calculate"])
    assert code == 2
    assert json.loads(out)["status"] == "invalid_input"


def test_sheet_errors_are_the_error_document_and_exit_2(tmp_path: Path) -> None:
    rows = [ROWS[0], [*ROWS[1][:5], "35,000.00", *ROWS[1][6:]]]  # F2: the pack price
    code, out, err = run([str(write_csv(tmp_path / "q.csv", rows)), "--calculate"])
    assert (code, err) == (2, b"")
    assert json.loads(out) == {
        "schemaVersion": 1,
        "errors": [
            {
                "code": "thousands_separator",
                "cell": "F2",
                "message": MESSAGES["thousands_separator"],
                "hint": TEXTS["thousands_separator"].hint_en,
                "option": "--read-as-written",
            }
        ],
    }


def test_tab_delimiter(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", ROWS, delimiter="\t")
    code, out, _ = run([str(path), "--delimiter", "\\t"])
    assert code == 0
    assert [quote["supplierId"] for quote in json.loads(out)["quotes"]] == ["A", "B"]


def test_float_tail_note_on_stderr_request_on_stdout(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    rows: list[list[Any]] = [ROWS[0][:6], ["A", "M6 bolt", "CNY", 100, 0, 35.2]]
    path = write_xlsx(tmp_path / "q.xlsx", rows, formats={"F2": "0.00"})
    set_cached_values(path, {"F2": "35.199999999999996"})
    code, out, err = run([str(path)])
    assert code == 0
    assert json.loads(out)["quotes"][0]["packPrice"] == "35.2"
    assert [json.loads(line) for line in err.splitlines()] == [
        {
            "code": "float_tail_rounded",
            "cell": "Sheet1!F2",
            "message": NOTE_MESSAGES["float_tail_rounded"],
        }
    ]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_csv_template(lang: str) -> None:
    code, out, err = run(["--template", lang])
    assert (code, err) == (0, b"")
    assert out == template_bytes(lang, xlsx=False)


def test_xlsx_template() -> None:
    openpyxl = pytest.importorskip("openpyxl")
    code, out, _ = run(["--template", "en", "--xlsx"])
    assert code == 0
    workbook = openpyxl.load_workbook(io.BytesIO(out))
    assert workbook.sheetnames == ["Quotes", "Columns"]  # docs/intake.md, the template


def test_xlsx_template_without_openpyxl_is_one_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openpyxl", None)
    code, out, _ = run(["--template", "zh", "--xlsx"])
    assert (code, error_codes(out)) == (2, ["xlsx_support_missing"])


def test_template_failing_on_another_module_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    from quotecalc.intake import template

    def broken(lang: str, *, xlsx: bool) -> bytes:
        raise ModuleNotFoundError("No module named 'quotecalc.other'", name="quotecalc.other")

    monkeypatch.setattr(template, "template_bytes", broken)
    with pytest.raises(ModuleNotFoundError):
        run(["--template", "zh"])


def test_run_reads_sys_argv_and_flushes(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    monkeypatch.setattr(sys, "argv", ["quotecalc.intake", "--template", "en"])
    assert intake_main.run() == 0
    out, err = capsysbinary.readouterr()
    assert (out, err) == (template_bytes("en", xlsx=False), b"")


def test_run_refuses_a_bad_command_line_with_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    monkeypatch.setattr(sys, "argv", ["quotecalc.intake", "--template", "fr"])
    assert intake_main.run() == 2
    out, _ = capsysbinary.readouterr()
    assert error_codes(out) == ["invalid_arguments"]


def test_the_synonym_index_is_every_folded_name() -> None:
    """``NAME_TO_FIELD`` is built at import, before mutmut switches a mutant on: build it again."""
    from quotecalc.intake import headers

    expected = {}
    for field, (chinese, english) in headers.SYNONYMS.items():
        for name in (field, *chinese, *english):
            expected[headers.header_key(name)] = field
    assert headers._index() == expected == headers.NAME_TO_FIELD
    assert headers._index()["交期(天)"] == "leadDays"  # full-width parentheses folded
    assert headers._index()["leadtime(days)"] == "leadDays"  # whitespace removed
    assert headers._index()["supplierid"] == "supplierId"


def test_a_synonym_naming_two_fields_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from quotecalc.intake import headers

    clash = {
        **headers.SYNONYMS,
        "freight": (("运费",), ("Freight", "ＦＲＥＩＧＨＴ", " currency ")),
    }
    monkeypatch.setattr(headers, "SYNONYMS", clash)
    with pytest.raises(ValueError) as raised:
        headers._index()
    assert str(raised.value) == "a folded synonym names two fields"


def test_read_raises_with_every_error(tmp_path: Path) -> None:
    from quotecalc.intake import IntakeFailed, read

    rows = [ROWS[0], [*ROWS[1][:5], "5%", *ROWS[1][6:]], [*ROWS[2][:5], "1,000", *ROWS[2][6:]]]
    with pytest.raises(IntakeFailed) as raised:
        read(write_csv(tmp_path / "q.csv", rows))
    assert str(raised.value) == "2 intake error(s)"
    assert [(e.code, e.cell) for e in raised.value.errors] == [
        ("percent_sign", "F2"),
        ("thousands_separator", "F3"),
    ]


def test_any_single_character_but_quote_and_line_ends_is_a_delimiter(tmp_path: Path) -> None:
    from quotecalc.intake import intake

    path = tmp_path / "q.csv"
    path.write_text("供应商X规格\r\nAXM6\r\n", encoding="utf-8")
    done = intake(path, delimiter="X")
    assert done.errors == ()
    assert done.request is not None
    assert done.request["quotes"] == [{"supplierId": "A", "specification": "M6"}]
    for refused in ('"', "\r", "\n", "XX", ""):
        assert [e.code for e in intake(path, delimiter=refused).errors] == ["invalid_option"]


def test_error_document_keeps_non_ascii_cell_references_as_utf8() -> None:
    from quotecalc.intake.errors import IntakeError, error_document

    message = MESSAGES["percent_sign"]
    expected = (
        '{"schemaVersion":1,"errors":[{"code":"percent_sign","cell":"报价!B2","message":"'
        + message
        + '"}]}\n'
    )
    assert error_document([IntakeError("percent_sign", "报价!B2")]) == expected.encode("utf-8")


@pytest.mark.parametrize(
    ("places", "expected"),
    [(30, ("35.2", True)), (31, "unsupported_number_format")],
)
def test_fixed_formats_up_to_thirty_places(places: int, expected: object) -> None:
    # 35.199999999999996 is the double nearest 35.2 minus one step: 15 significant digits show
    # 35.2000...; up to 30 zeros after the point are a supported format (docs/intake.md).
    from quotecalc.intake.floats import float_to_text

    tail = 35.199999999999996
    assert repr(tail) == "35.199999999999996"
    assert float_to_text(tail, "0." + "0" * places) == expected
    assert float_to_text(tail, "#,##0." + "0" * places) == expected


def test_file_level_errors_come_before_the_header_row() -> None:
    from quotecalc.intake.errors import IntakeError, report

    # "unsupported_file_type" sorts after "missing_header" by code, but file-level first.
    found = [IntakeError("missing_header", "1:1"), IntakeError("unsupported_file_type", "")]
    assert report(found) == (found[1], found[0])
    found = [IntakeError("missing_header", "Sheet1!1:1"), IntakeError("xlsx_unreadable", "")]
    assert report(found) == (found[1], found[0])


def test_a_weight_item_is_split_at_its_first_equals_sign() -> None:
    from quotecalc.intake.request import root_fields

    fields, errors = root_fields({"weights": "cost=0=1,delivery=1"})
    assert errors == []
    assert fields == {"weights": {"cost": "0=1", "delivery": "1"}}


def test_a_whole_row_error_comes_before_the_cells_of_its_row() -> None:
    from quotecalc.intake.errors import IntakeError, report

    found = [IntakeError("missing_required", "A3"), IntakeError("too_many_rows", "3:3")]
    assert report(found) == (found[1], found[0])


def test_request_bytes_are_compact_utf8_and_one_newline() -> None:
    from quotecalc.intake.request import request_bytes

    assert request_bytes({"quotes": [{"supplierId": "甲"}], "n": "1"}) == (
        '{"quotes":[{"supplierId":"甲"}],"n":"1"}\n'.encode()
    )


def test_undecodable_lines_are_found_in_the_files_own_encoding(tmp_path: Path) -> None:
    # Line 2 is valid GB18030 (and not valid UTF-8); line 3 holds 0xFF, invalid in both.
    from quotecalc.intake.csv_reader import read_csv

    path = tmp_path / "q.csv"
    path.write_bytes(b"supplierId\n" + "中文".encode("gb18030") + b"\n\xff\n")
    grid = read_csv(path, "gb18030")
    assert [(e.code, e.cell) for e in grid.errors] == [("undecodable_text", "3:3")]
    assert grid.rows == ()


def test_a_file_that_fails_only_as_a_whole_is_one_file_error(tmp_path: Path) -> None:
    # b"a\x00\n" is three bytes: as UTF-16-LE the file is cut mid code unit, yet each of its
    # lines (b"a\x00" and b"") decodes on its own; the error then names the file.
    from quotecalc.intake.csv_reader import read_csv

    path = tmp_path / "q.csv"
    path.write_bytes(b"a\x00\n")
    grid = read_csv(path, "utf-16-le")
    assert [(e.code, e.cell) for e in grid.errors] == [("undecodable_text", "")]


def test_read_csv_defaults_to_commas_and_keeps_quoted_line_breaks(tmp_path: Path) -> None:
    from quotecalc.intake.csv_reader import read_csv

    path = tmp_path / "q.csv"
    path.write_bytes(b'supplierId,specification\r\nA,"M6\r\nbolt"\r\n')
    grid = read_csv(path)
    assert grid.errors == ()
    assert [[cell.text for cell in row] for _, row in grid.rows] == [
        ["supplierId", "specification"],
        ["A", "M6\r\nbolt"],
    ]


def test_reading_stops_after_the_header_and_101_data_rows(tmp_path: Path) -> None:
    # Rows 2-102 are 101 data rows (one too many); the reader never looks at row 103, so its
    # stray cell beyond the header is not reported.
    rows = [["供应商"], *([f"S{n}"] for n in range(101)), ["S101", "stray"]]
    done = intake_with(write_csv(tmp_path / "q.csv", rows))
    assert [(e.code, e.cell) for e in done.errors] == [("too_many_rows", "102:102")]


def intake_with(path: Path) -> Any:
    from quotecalc.intake import intake

    return intake(path)


def test_note_line_is_compact_utf8() -> None:
    from quotecalc.intake.errors import Note, note_line

    message = NOTE_MESSAGES["float_tail_rounded"]
    assert (
        note_line(Note("float_tail_rounded", "'报价 1'!F2"))
        == (
            '{"code":"float_tail_rounded","cell":"\'报价 1\'!F2","message":"' + message + '"}\n'
        ).encode()
    )


def test_sheet_names_with_quotes_are_quoted_as_excel_writes_them() -> None:
    from quotecalc.intake.xlsx_reader import sheet_prefix

    assert sheet_prefix("Sheet1") == "Sheet1!"
    assert sheet_prefix("It's") == "'It''s'!"
    assert sheet_prefix("a'b'c d") == "'a''b''c d'!"


def test_a_row_with_its_first_cell_blank_is_still_read(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    from quotecalc.intake import intake

    rows = [["供应商", "规格"], [None, "M6"], ["B", None]]
    done = intake(write_xlsx(tmp_path / "q.xlsx", rows))
    # Row 2 has no supplier but a specification: a quote without its required id.
    assert [(e.code, e.cell) for e in done.errors] == [("missing_required", "Sheet1!A2")]


def test_a_one_column_sheet_is_read(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    from quotecalc.intake import intake

    done = intake(write_xlsx(tmp_path / "q.xlsx", [["供应商"], ["A"], [None], ["B"]]))
    assert done.errors == ()
    assert done.request is not None
    assert done.request["quotes"] == [{"supplierId": "A"}, {"supplierId": "B"}]


def test_a_missing_openpyxl_submodule_is_the_missing_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from quotecalc.intake import template

    def broken(lang: str, *, xlsx: bool) -> bytes:
        raise ModuleNotFoundError("No module named 'openpyxl.styles'", name="openpyxl.styles")

    monkeypatch.setattr(template, "template_bytes", broken)
    code, out, _ = run(["--template", "zh", "--xlsx"])
    assert (code, error_codes(out)) == (2, ["xlsx_support_missing"])


def test_run_writes_notes_to_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    pytest.importorskip("openpyxl")
    rows: list[list[Any]] = [ROWS[0][:6], ["A", "M6 bolt", "CNY", 100, 0, 35.2]]
    path = write_xlsx(tmp_path / "q.xlsx", rows, formats={"F2": "0.00"})
    set_cached_values(path, {"F2": "35.199999999999996"})
    monkeypatch.setattr(sys, "argv", ["quotecalc.intake", str(path)])
    assert intake_main.run() == 0
    out, err = capsysbinary.readouterr()
    assert json.loads(out)["quotes"][0]["packPrice"] == "35.2"
    assert [json.loads(line)["code"] for line in err.splitlines()] == ["float_tail_rounded"]


def test_every_row_error_is_kept_when_the_supplier_column_is_missing(tmp_path: Path) -> None:
    # Pack size 0 is out of range, -1 negative; each quote's missing supplier is said once,
    # as missing_supplier_column, and must not stop the errors after it.
    from quotecalc.intake import intake

    rows = [["规格", "每包数量"], ["M6", "0"], ["M6", "-1"]]
    done = intake(write_csv(tmp_path / "q.csv", rows))
    assert [(e.code, e.cell) for e in done.errors] == [
        ("missing_supplier_column", "1:1"),
        ("out_of_range", "B2"),
        ("negative_value", "B3"),
    ]


def test_a_short_row_is_padded_with_blank_cells_at_their_own_references(tmp_path: Path) -> None:
    from quotecalc.intake import intake

    done = intake(write_csv(tmp_path / "q.csv", [["规格", "供应商"], ["M6"]]))
    assert [(e.code, e.cell) for e in done.errors] == [("missing_required", "B2")]


def test_columns_after_a_blank_header_cell_are_read(tmp_path: Path) -> None:
    from quotecalc.intake import intake

    done = intake(write_csv(tmp_path / "q.csv", [["供应商", "", "规格"], ["A", "", "M6"]]))
    assert done.request is not None
    assert done.request["quotes"] == [{"supplierId": "A", "specification": "M6"}]


def test_failed_reads_still_give_empty_notes_and_quotes(tmp_path: Path) -> None:
    from quotecalc.intake import intake
    from quotecalc.intake.table import Grid, read_table

    assert intake(tmp_path / "q.pdf").notes == ()
    empty = tmp_path / "e.csv"
    empty.write_bytes(b"")
    done = intake(empty)
    assert (done.request, done.notes) == (None, ())
    assert [e.code for e in done.errors] == ["missing_header"]
    assert read_table(Grid()).quotes == () and read_table(Grid()).notes == ()


def test_an_unknown_root_option_is_a_callers_type_error(tmp_path: Path) -> None:
    from quotecalc.intake import intake

    with pytest.raises(TypeError) as raised:
        intake(tmp_path / "q.csv", bogus="1")
    assert str(raised.value) == "unknown root option"


def test_the_reader_never_asks_for_more_than_the_limit_plus_one(tmp_path: Path) -> None:
    """docs/intake.md: a CSV file is read up to 10 MiB + 1 bytes, never further."""
    from quotecalc.intake import csv_reader

    asked: list[object] = []

    class Recording(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            asked.append(size)
            return super().read(size)

    class RecordingPath(type(tmp_path)):  # type: ignore[misc]
        def open(self, *args: Any, **kwargs: Any) -> Any:
            return Recording(b"x" * 100)

    path = RecordingPath(tmp_path / "q.csv")
    assert csv_reader.read_bytes(path) == b"x" * 100
    assert asked == [csv_reader.MAX_FILE_BYTES + 1] == [10 * 1024 * 1024 + 1]


def test_an_xlsx_that_is_not_a_workbook_or_is_missing(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    from quotecalc.intake import intake

    broken = tmp_path / "q.xlsx"
    broken.write_bytes(b"PK\x03\x04 not really a zip archive")
    assert [(e.code, e.cell) for e in intake(broken).errors] == [("xlsx_unreadable", "")]
    missing = tmp_path / "none.xlsx"
    assert [(e.code, e.cell) for e in intake(missing).errors] == [("file_not_found", "")]


def test_a_workbook_is_read_up_to_the_header_and_101_data_rows(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    from quotecalc.intake import intake

    rows = [["供应商"], *([f"S{n}"] for n in range(101)), ["S101", "stray"]]
    done = intake(write_xlsx(tmp_path / "q.xlsx", rows))
    assert [(e.code, e.cell) for e in done.errors] == [("too_many_rows", "Sheet1!102:102")]


def test_a_sheet_without_row_and_cell_references_is_counted_in_order(tmp_path: Path) -> None:
    """The ``r`` attributes are optional in SpreadsheetML: rows and cells then follow each
    other. Row 3's formula in column B has no cached value (formula_without_value), row 2's
    price is 1; the scan must place B3 where openpyxl reads it."""
    pytest.importorskip("openpyxl")
    from intake_helpers import replace_sheet_data
    from quotecalc.intake import intake

    def text(value: str) -> str:
        return f'<c t="inlineStr"><is><t>{value}</t></is></c>'

    path = write_xlsx(tmp_path / "q.xlsx", [["x"]])
    data = f"<row>{text('supplierId')}{text('packPrice')}</row>"
    data += f"<row>{text('A')}<c><v>1</v></c></row>"
    data += f"<row>{text('B')}<c><f>1+1</f></c></row>"
    replace_sheet_data(path, data)
    done = intake(path)
    assert [(e.code, e.cell) for e in done.errors] == [("formula_without_value", "Sheet1!B3")]


def test_sparse_row_and_cell_references_are_followed(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    from intake_helpers import inline_cell, replace_sheet_data
    from quotecalc.intake import intake

    path = write_xlsx(tmp_path / "q.xlsx", [["x"]])
    data = f'<row r="1">{inline_cell("A1", "supplierId")}{inline_cell("D1", "packPrice")}</row>'
    data += f'<row r="2">{inline_cell("A2", "A")}<c r="D2"><v>1</v></c></row>'
    data += f'<row r="5">{inline_cell("A5", "B")}<c r="D5"><f>1+1</f></c></row>'
    replace_sheet_data(path, data)
    done = intake(path)
    assert [(e.code, e.cell) for e in done.errors] == [("formula_without_value", "Sheet1!D5")]


def test_a_sheet_whose_xml_breaks_while_streaming_is_unreadable(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    from intake_helpers import inline_cell, replace_sheet_data
    from quotecalc.intake import intake

    path = write_xlsx(tmp_path / "q.xlsx", [["x"]])
    replace_sheet_data(path, f'<row r="1">{inline_cell("A1", "supplierId")}<c r="B1"><v>1</row>')
    assert [(e.code, e.cell) for e in intake(path).errors] == [("xlsx_unreadable", "")]


@pytest.mark.parametrize(("cells", "too_large"), [(100000, False), (100001, True)])
def test_the_cell_bound_of_a_sheet(tmp_path: Path, cells: int, too_large: bool) -> None:
    """At most 100000 ``<c>`` elements, blank or not (docs/intake.md)."""
    pytest.importorskip("openpyxl")
    from intake_helpers import inline_cell, replace_sheet_data
    from quotecalc.intake import intake

    path = write_xlsx(tmp_path / "q.xlsx", [["x"]])
    blanks = "<c/>" * (cells - 2)
    data = f'<row r="1">{inline_cell("A1", "supplierId")}</row>'
    data += f'<row r="2">{inline_cell("A2", "A")}</row><row r="3">{blanks}</row>'
    replace_sheet_data(path, data)
    codes = [(e.code, e.cell) for e in intake(path).errors]
    assert (("sheet_too_large", "Sheet1!3:3") in codes) is too_large


@pytest.mark.parametrize(
    ("data", "cell"),
    [
        # one row numbered past 10000, nothing else: too large by its number alone
        ('<row r="10001"><c r="A10001" t="inlineStr"><is><t>x</t></is></c></row>', "10001:10001"),
        # 10001 row elements that all claim to be row 1: too large by their count
        ('<row r="1"/>' * 10001, "1:1"),
    ],
    ids=["row-number", "row-count"],
)
def test_the_row_bounds_of_a_sheet_stop_it_alone(tmp_path: Path, data: str, cell: str) -> None:
    pytest.importorskip("openpyxl")
    from intake_helpers import replace_sheet_data
    from quotecalc.intake import intake

    path = replace_sheet_data(write_xlsx(tmp_path / "q.xlsx", [["x"]]), data)
    assert [(e.code, e.cell) for e in intake(path).errors] == [
        ("sheet_too_large", "Sheet1!" + cell)
    ]


@pytest.mark.parametrize(
    ("merge", "cell"),
    [
        ('<mergeCell ref="B2:C3"/>', ("merged_cells", "Sheet1!B2")),
        ("<mergeCell/>", ("xlsx_unreadable", "")),
    ],
)
def test_a_merged_range_is_reported_at_its_corner(
    tmp_path: Path, merge: str, cell: tuple[str, str]
) -> None:
    """A ``mergeCell`` without its ``ref`` (Excel always writes one) makes openpyxl fail while
    reading the rows: the workbook is unreadable, whatever the pre-pass found."""
    pytest.importorskip("openpyxl")
    import zipfile

    from intake_helpers import SHEET_XML

    path = write_xlsx(tmp_path / "q.xlsx", [["supplierId"], ["A"]])
    with zipfile.ZipFile(path) as archive:
        members = {info.filename: archive.read(info.filename) for info in archive.infolist()}
    xml = members[SHEET_XML].decode()
    end = xml.index("</sheetData>") + len("</sheetData>")
    xml = xml[:end] + f'<mergeCells count="1">{merge}</mergeCells>' + xml[end:]
    members[SHEET_XML] = xml.encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    from quotecalc.intake import intake

    assert [(e.code, e.cell) for e in intake(path).errors] == [cell]


@pytest.mark.parametrize(
    ("size", "code"),
    [(16 * 1024 * 1024, "xlsx_unreadable"), (16 * 1024 * 1024 + 1, "xlsx_too_large_uncompressed")],
)
def test_a_workbook_may_expand_to_exactly_16_mib(tmp_path: Path, size: int, code: str) -> None:
    """At most 16 MiB expanded; exactly 16 MiB of zeros is not a workbook, but not too large."""
    pytest.importorskip("openpyxl")
    import zipfile

    from quotecalc.intake import intake

    path = tmp_path / "q.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("zeros", b"\0" * size)
    assert [(e.code, e.cell) for e in intake(path).errors] == [(code, "")]
