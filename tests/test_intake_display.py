"""Issue 28: a value is read only when what the sheet shows is that value. Every case is a
workbook written by xlsxwriter (as pandas writes them) and read by the intake; each failed on
the code before issue 28 (the value was read as if visible)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("openpyxl")
xlsxwriter = pytest.importorskip("xlsxwriter")

from quotecalc.intake import Note, intake  # noqa: E402
from quotecalc.intake.floats import Number, read_number  # noqa: E402

HEADER = ["supplierId", "packPrice", "packSize", "currency"]


def book(
    path: Path,
    price: Any,
    *,
    number_format: str | None = None,
    font: dict[str, Any] | None = None,
    supplier: str = "A",
    setup: Any = None,
) -> Path:
    """A header and one quote whose price cell has the given format and font."""
    workbook = xlsxwriter.Workbook(str(path))
    sheet = workbook.add_worksheet()
    sheet.write_row(0, 0, HEADER)
    properties: dict[str, Any] = dict(font or {})
    if number_format is not None:
        properties["num_format"] = number_format
    style = workbook.add_format(properties) if properties else None
    sheet.write(1, 0, supplier)
    sheet.write(1, 1, price, style)
    sheet.write(1, 2, 10)
    sheet.write(1, 3, "CNY")
    if setup is not None:
        setup(sheet)
    workbook.close()
    return path


def errors_of(path: Path) -> list[dict[str, Any]]:
    result = intake(path)
    assert result.request is None
    return [error.as_dict() for error in result.errors]


def refused(code: str, shown: str | None, stored: str) -> dict[str, Any]:
    """The expected error at the price cell (shown ``None``: no shown text given)."""
    entry: dict[str, Any] = {"code": code, "cell": "Sheet1!B2", "stored": stored}
    if shown is not None:
        entry["shown"] = shown
    return entry


def _keys(error: dict[str, Any]) -> dict[str, Any]:
    return {key: error[key] for key in ("code", "cell", "shown", "stored") if key in error}


@pytest.mark.parametrize(
    ("price", "number_format", "expected"),
    [
        # the cases, with what Excel shows
        (35.2, ";;;", refused("value_not_displayed", "", "35.2")),
        (0, "0;-0;;@", refused("value_not_displayed", "", "0")),
        (35.25, "0", refused("display_rounds_value", "35", "35.25")),
        (35200, "#,##0,", refused("display_scales_value", "35", "35200")),
        # more of the same family
        (0, '0;-0;"-"', refused("value_not_displayed", "-", "0")),
        (35.2, '"see note"', refused("value_not_displayed", "see note", "35.2")),
        (1234.5, "#,##0", refused("display_rounds_value", "1,235", "1234.5")),
        (35200000, "0.0,,", refused("display_scales_value", "35.2", "35200000")),
        (35.2, '0.00"千克"', refused("display_scales_value", "35.20千克", "35.2")),
        (35.2, "[<100]0.00;0", refused("unsupported_number_format", None, "35.2")),
    ],
)
def test_a_display_that_hides_rounds_or_scales_is_refused_with_both_texts(
    tmp_path: Path, price: Any, number_format: str, expected: dict[str, Any]
) -> None:
    path = book(tmp_path / "q.xlsx", price, number_format=number_format)
    assert [_keys(error) for error in errors_of(path)] == [expected]


@pytest.mark.parametrize(
    ("price", "number_format", "read"),
    [
        (35.2, "0.00", "35.2"),
        (35.25, "#,##0.00", "35.25"),
        (35.2, '"¥"#,##0.00', "35.2"),
        (35.2, "0.00_);[Red](0.00)", "35.2"),
        (0, "0;-0;0", "0"),
        (35.2, "General", "35.2"),
    ],
)
def test_a_display_that_shows_the_value_is_read(
    tmp_path: Path, price: Any, number_format: str, read: str
) -> None:
    result = intake(book(tmp_path / "q.xlsx", price, number_format=number_format))
    assert result.request is not None, result.errors
    assert result.request["quotes"][0]["packPrice"] == read
    assert result.notes == ()


@pytest.mark.parametrize(
    ("price", "number_format", "read"),
    [
        (35.2, '0.00"万元"', "352000"),  # shows 35.20万元: 352000 元
        (1.5, '0.0"亿"', "150000000"),
        (35.2, '#,##0.00"万"', "352000"),
    ],
)
def test_a_unit_of_exact_scale_is_read_at_the_displayed_meaning_with_a_note(
    tmp_path: Path, price: Any, number_format: str, read: str
) -> None:
    result = intake(book(tmp_path / "q.xlsx", price, number_format=number_format))
    assert result.request is not None, result.errors
    assert result.request["quotes"][0]["packPrice"] == read
    assert result.notes == (Note("unit_scaled", "Sheet1!B2"),)


def test_a_unit_display_that_rounds_is_still_refused(tmp_path: Path) -> None:
    path = book(tmp_path / "q.xlsx", 35.256, number_format='0.00"万元"')
    assert [_keys(error) for error in errors_of(path)] == [
        refused("display_rounds_value", "35.26万元", "35.256")
    ]


@pytest.mark.parametrize(
    "font",
    [
        {"font_color": "#FFFFFF", "bg_color": "#FFFFFF", "pattern": 1},  # white on white
        {"font_color": "#FFFFFF"},  # white on no fill: the window is white
        {"font_color": "#FDFDFD", "bg_color": "#FFFFFF", "pattern": 1},  # nearly white
        {"font_color": "#336699", "bg_color": "#336699", "pattern": 1},  # blue on blue
    ],
)
def test_a_value_drawn_in_its_background_colour_is_refused(
    tmp_path: Path, font: dict[str, Any]
) -> None:
    path = book(tmp_path / "q.xlsx", 999, font=font)
    assert [_keys(error) for error in errors_of(path)] == [
        refused("value_not_displayed", "", "999")
    ]


def test_a_legible_colour_is_read(tmp_path: Path) -> None:
    font = {"font_color": "#000000", "bg_color": "#FFFF00", "pattern": 1}
    result = intake(book(tmp_path / "q.xlsx", 999, font=font))
    assert result.request is not None and result.request["quotes"][0]["packPrice"] == "999"


def test_invisible_text_in_an_id_is_refused_too(tmp_path: Path) -> None:
    workbook = xlsxwriter.Workbook(str(tmp_path / "q.xlsx"))
    sheet = workbook.add_worksheet()
    sheet.write_row(0, 0, HEADER)
    sheet.write_row(1, 0, ["Hidden Co", 1, 10, "CNY"], workbook.add_format({"font_color": "white"}))
    workbook.close()
    errors = errors_of(tmp_path / "q.xlsx")
    assert [(e["code"], e["cell"]) for e in errors] == [
        ("value_not_displayed", f"Sheet1!{column}2") for column in "ABCD"
    ]


@pytest.mark.parametrize(
    ("number_format", "hidden"), [(";;;", True), ('0;-0;0;"n/a"', True), ("0;-0;0;@", False)]
)
def test_a_text_hidden_by_its_format_is_refused(
    tmp_path: Path, number_format: str, hidden: bool
) -> None:
    workbook = xlsxwriter.Workbook(str(tmp_path / "q.xlsx"))
    sheet = workbook.add_worksheet()
    sheet.write_row(0, 0, HEADER)
    sheet.write_row(1, 0, ["A", 1, 10, "CNY"])
    sheet.write_row(2, 0, ["B", 2, 10, "CNY"])
    sheet.write(2, 0, "B", workbook.add_format({"num_format": number_format}))
    workbook.close()
    result = intake(tmp_path / "q.xlsx")
    if not hidden:
        assert result.request is not None
        return
    assert [_keys(e.as_dict()) for e in result.errors] == [
        {"code": "value_not_displayed", "cell": "Sheet1!A3", "shown": "", "stored": "B"}
    ]


def test_rows_hidden_by_default_are_hidden(tmp_path: Path) -> None:
    """``sheetFormatPr zeroHeight="1"``: a row without its own height is hidden by default
    (decision 28.14)."""
    path = book(tmp_path / "q.xlsx", 1, setup=lambda s: s.set_default_row(hide_unused_rows=True))
    assert [(e["code"], e["cell"]) for e in errors_of(path)] == [("hidden_cell", "Sheet1!A1")]
    assert intake(path, include_hidden=True).request is not None


def test_a_near_zero_column_width_is_a_hidden_column(tmp_path: Path) -> None:
    path = book(tmp_path / "q.xlsx", 1, setup=lambda s: s.set_column(1, 1, 0.08))
    assert [(e["code"], e["cell"]) for e in errors_of(path)] == [("hidden_cell", "Sheet1!B1")]


def test_a_narrow_but_legible_column_is_read(tmp_path: Path) -> None:
    path = book(tmp_path / "q.xlsx", 1, setup=lambda s: s.set_column(1, 1, 2))
    assert intake(path).request is not None


@pytest.mark.parametrize(
    ("text", "position", "character"),
    [
        ("A-Corp\u200b", 7, "U+200B"),  # zero-width space
        ("A\u200dCorp", 2, "U+200D"),  # zero-width joiner
        ("\ufeffA", 1, "U+FEFF"),  # a byte-order mark inside a cell
        ("A\u2060B", 2, "U+2060"),  # word joiner
        ("AB\u00ad", 3, "U+00AD"),  # soft hyphen
        ("A\u202eB", 2, "U+202E"),  # right-to-left override
        ("A\u3164", 2, "U+3164"),  # Hangul filler
    ],
)
def test_an_invisible_character_in_an_id_is_refused_with_its_position(
    tmp_path: Path, text: str, position: int, character: str
) -> None:
    workbook = xlsxwriter.Workbook(str(tmp_path / "q.xlsx"))
    sheet = workbook.add_worksheet()
    sheet.write_row(0, 0, ["supplierId", "specification"])
    sheet.write_row(1, 0, ["A-Corp", "M6"])
    sheet.write_row(2, 0, [text, "M6"])
    sheet.write_row(3, 0, ["B", f"M6{text}"])
    workbook.close()
    errors = errors_of(tmp_path / "q.xlsx")
    assert [(e["code"], e["cell"], e["position"], e["character"]) for e in errors] == [
        ("invisible_character", "Sheet1!A3", position, character),
        ("invisible_character", "Sheet1!B4", position + 2, character),
    ]


def test_an_invisible_character_in_a_csv_id_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_text("supplierId,packPrice\nA-Corp,1\nA-Corp\u200b,2\n", encoding="utf-8")
    errors = [error.as_dict("zh") for error in intake(path).errors]
    assert [(e["code"], e["cell"], e["position"]) for e in errors] == [
        ("invisible_character", "A3", 7)
    ]
    assert "看不见的字符" in str(errors[0]["message"])


def test_a_large_part_openpyxl_never_parses_is_not_refused(tmp_path: Path) -> None:
    """Issue 28's shape bounds apply to the parts openpyxl parses: a calculation chain of
    another sheet's 60000 formulas (not parsed in read-only mode) does not refuse the file."""
    import zipfile

    path = book(tmp_path / "q.xlsx", 1)
    chain = b'<calcChain xmlns="x">' + b'<c r="A1" i="2"/>' * 60000 + b"</calcChain>"
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("xl/calcChain.xml", chain)
    assert intake(path).request is not None


SHOWING = ["General", "0.000000", "#,##0.000000", "0.000000_);[Red](0.000000)"]


@given(
    st.decimals(min_value=0, max_value=10**9, places=6, allow_nan=False, allow_infinity=False),
    st.sampled_from(SHOWING),
)
def test_a_format_showing_six_decimals_reads_every_six_decimal_value(
    value: Decimal, number_format: str
) -> None:
    """No false refusal: a value the format shows in full is read as typed."""
    stored = float(value)
    reading = read_number(stored, number_format)
    assert isinstance(reading, Number), reading
    assert Decimal(reading.text) == value.normalize() or Decimal(reading.text) == value


@given(
    st.decimals(min_value=0, max_value=10**6, places=3, allow_nan=False, allow_infinity=False),
    st.integers(0, 2),
)
def test_fewer_shown_decimals_read_only_when_nothing_is_rounded(
    value: Decimal, places: int
) -> None:
    number_format = "0." + "0" * places if places else "0"
    reading = read_number(float(value), number_format)
    exact = value == value.quantize(Decimal(1).scaleb(-places))
    assert isinstance(reading, Number) is exact, (value, number_format, reading)


def _styled(path: Path, font: Any, fill: Any) -> Path:
    """A workbook written by openpyxl (theme and indexed colours, which xlsxwriter does not
    write) whose price cell has the given font and fill."""
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Sheet1"
    sheet.append(HEADER)
    sheet.append(["A", 999, 10, "CNY"])
    sheet["B2"].font = font
    if fill is not None:
        sheet["B2"].fill = fill
    workbook.save(path)
    return path


def _colour_cases() -> list[Any]:
    from openpyxl.styles import Color, Font, PatternFill

    def solid(color: Color) -> PatternFill:
        return PatternFill(fill_type="solid", fgColor=color)

    return [
        # (font, fill, invisible)
        (Font(color=Color(theme=0)), None, True),  # Background 1 (white) on the window
        (Font(color=Color(theme=1)), solid(Color(theme=1)), True),  # Text 1 on Text 1
        (Font(color=Color(theme=1)), None, False),  # black text
        (Font(color=Color(theme=0, tint=-0.5)), None, False),  # tinted: not judged
        (Font(color=Color(theme=4)), solid(Color(theme=4)), False),  # accent: not resolved
        (Font(color=Color(indexed=9)), None, True),  # the palette's white
        (Font(color=Color(indexed=8)), solid(Color(indexed=8)), True),  # black on black
        (Font(color=Color(indexed=64)), solid(Color(rgb="FF000000")), True),  # automatic: black
        (Font(color=Color(indexed=64)), None, False),
        (Font(color=Color(indexed=65)), None, False),  # beyond the palette: not judged
        (Font(color=Color(rgb="FFFFFFFF")), PatternFill(fill_type="gray125"), False),  # pattern
        (Font(color=Color(rgb="FFEFEFEF")), None, True),  # 16 per channel from white
        (Font(color=Color(rgb="FFEEEEEE")), None, False),  # 17: legible
        (Font(color=Color(rgb="FFFFFFEE")), None, False),  # one channel 17 away
        (Font(color=Color(rgb="FFEEFFFF")), None, False),
        (Font(color=Color(rgb="FFFFEEFF")), None, False),
        (Font(color=Color(rgb="FF000000")), solid(Color(rgb="FF101010")), True),
        (Font(), solid(Color(rgb="FFFFFFFF")), False),  # default text on white
        (Font(color=Color(rgb="FFFFFFFF")), solid(Color(indexed=64)), True),  # auto fill: white
        (Font(color=Color(auto=True)), solid(Color(rgb="FF000000")), True),  # automatic text
        (Font(), solid(Color(rgb="FF000000")), True),  # no colour: the automatic black
        (Font(color=Color(indexed=0)), solid(Color(rgb="FF000000")), True),  # palette's first
    ]


@pytest.mark.parametrize("case", range(22))
def test_colours_from_rgb_theme_and_palette(tmp_path: Path, case: int) -> None:
    pytest.importorskip("openpyxl")
    font, fill, hidden = _colour_cases()[case]
    result = intake(_styled(tmp_path / "q.xlsx", font, fill))
    if hidden:
        assert [(e.code, e.cell) for e in result.errors] == [("value_not_displayed", "Sheet1!B2")]
    else:
        assert result.request is not None, result.errors
