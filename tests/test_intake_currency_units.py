"""Issue 27 in the intake: a money column's unit (万元, kCNY, 元) read at its exact scale, the
renminbi's names read as CNY, and the ambiguous signs refused at their cells, in CSV and
XLSX, on the command line and over HTTP, in English and Chinese (``docs/intake.md``,
"Units and currency names"). Files are written by the tests (``csv``, openpyxl); every
expected value is worked by hand (1.234567 万元 = 1.234567 x 10000 = 12345.67 元)."""

# Chinese text and full-width forms are this module's subject.
# ruff: noqa: RUF001
from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from intake_helpers import set_cached_values, write_csv, write_xlsx
from quotecalc.core.fields import Kind
from quotecalc.intake import intake
from quotecalc.intake.cells import Cell, CellKind, Problem, Value, read_cell
from quotecalc.intake.units import UNITS, Unit, UnknownUnit, column_unit, read_currency


def quote_of(path: Path, **options: Any) -> tuple[dict[str, str], list[tuple[str, str]]]:
    result = intake(path, **options)
    assert result.errors == (), result.errors
    assert result.request is not None
    (quote,) = result.request["quotes"]
    return quote, [(note.code, note.cell) for note in result.notes]


def errors_of(path: Path, lang: str = "en", **options: Any) -> list[dict[str, Any]]:
    result = intake(path, lang=lang, **options)
    assert result.request is None
    return json.loads(result.error_document())["errors"]


# ---- column units, CSV ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("header", "typed", "field", "expected", "scale"),
    [
        ("包价（万元）", "1.234567", "packPrice", "12345.67", 10000),
        ("包价(万元)", "35.2", "packPrice", "352000", 10000),
        ("运费(万元)", "0.5", "freight", "5000", 10000),
        ("运费（万元）", "1.2345678901", "freight", "12345.678901", 10000),  # 10 decimals
        ("其他费用（元）", "35.00", "otherFees", "35.00", 1),  # x1: kept as typed
        ("Pack price (kCNY)", "1.5", "packPrice", "1500", 1000),
        ("Pack price (CNY thousand)", "0.001234567", "packPrice", "1.234567", 1000),
        ("Freight (CNY)", "12", "freight", "12", 1),
        ("ＰＡＣＫ ＰＲＩＣＥ （ＫＣＮＹ）", "2", "packPrice", "2000", 1000),  # folded
        ("包价（千元）", "0.25", "packPrice", "250", 1000),
        ("包价（万）", "3", "packPrice", "30000", 10000),  # a bare scale, no currency
    ],
)
def test_a_column_unit_is_read_at_its_exact_scale(  # noqa: PLR0917
    tmp_path: Path, header: str, typed: str, field: str, expected: str, scale: int
) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", header, "币种"], ["A", typed, "CNY"]])
    quote, notes = quote_of(path)
    assert quote[field] == expected
    assert notes == [("column_unit_read", "B1")]
    (note,) = intake(path, lang="zh").notes_document()
    assert note["scale"] == scale
    assert note.get("currency") == (None if header in ("包价（万）",) else "CNY")
    assert note["message"].startswith("列名给出了比例明确的单位")


def test_one_note_per_column_not_per_cell(tmp_path: Path) -> None:
    rows = [
        ["供应商", "包价（万元）", "运费(万元)", "币种"],
        ["A", "1", "0.1", "CNY"],
        ["B", "2", "0.2", "CNY"],
    ]
    result = intake(write_csv(tmp_path / "q.csv", rows))
    assert result.request is not None
    assert [q["packPrice"] for q in result.request["quotes"]] == ["10000", "20000"]
    assert [q["freight"] for q in result.request["quotes"]] == ["1000", "2000"]
    assert [(n.code, n.cell) for n in result.notes] == [
        ("column_unit_read", "B1"),
        ("column_unit_read", "C1"),
    ]


def test_without_a_unit_nothing_changes(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "包价", "币种"], ["A", "35.20", "CNY"]])
    quote, notes = quote_of(path)
    assert quote["packPrice"] == "35.20" and notes == []


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("1.23456789012", "unit_value_too_precise"),  # 12345.6789012: 7 decimals
        ("1.123456789012", "unit_value_too_precise"),  # 11234.56789012: 8 decimals
        ("1,5", "invalid_number_format"),
        ("1.5万", "unit_in_value"),  # named since issue 40: the unit belongs in the name
        ("¥1.5", "currency_symbol"),
    ],
)
def test_a_scaled_value_must_still_fit_the_grammar(tmp_path: Path, typed: str, code: str) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "包价（万元）", "币种"], ["A", typed, "CNY"]])
    assert [(e["code"], e["cell"]) for e in errors_of(path)] == [(code, "B2")]


def test_x1_keeps_the_calculators_own_decimal_rule(tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "q.csv", [["供应商", "包价（元）", "币种"], ["A", "1.1234567", "CNY"]]
    )
    assert [(e["code"], e["cell"]) for e in errors_of(path)] == [("too_many_decimals", "B2")]


@pytest.mark.parametrize(
    "header", ["包价（百元）", "包价（美元）", "Pack price (USD k)", "运费(元/包)"]
)
@pytest.mark.parametrize(
    ("lang", "message", "hint"),
    [
        ("en", "gives a unit the intake does not know", "万元 (×10000)"),
        ("zh", "列名中的单位无法识别", "万元（×10000）"),
    ],
)
def test_an_unknown_unit_is_refused_at_the_header(
    tmp_path: Path, header: str, lang: str, message: str, hint: str
) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", header, "币种"], ["A", "1", "CNY"]])
    (error,) = errors_of(path, lang)
    assert (error["code"], error["cell"]) == ("unknown_header_unit", "B1")
    assert message in error["message"] and hint in error["hint"]


def test_a_unit_on_a_column_that_is_not_money_is_still_an_unknown_column(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "每包数量（万）"], ["A", "1"]])
    assert [(e["code"], e["cell"]) for e in errors_of(path)] == [("unknown_column", "B1")]


def test_two_columns_for_one_field_with_and_without_a_unit(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "包价", "包价（万元）"], ["A", "1", "1"]])
    assert [(e["code"], e["cell"]) for e in errors_of(path)] == [("duplicate_column", "C1")]


@pytest.mark.parametrize(("currency", "root"), [("USD", None), (None, "USD"), ("JPY", "CNY")])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_unit_naming_cny_disagrees_with_another_currency(
    tmp_path: Path, currency: str | None, root: str | None, lang: str
) -> None:
    head = ["供应商", "运费(万元)"] + (["币种"] if currency else [])
    row = ["A", "1"] + ([currency] if currency else [])
    path = write_csv(tmp_path / "q.csv", [head, row])
    (error,) = errors_of(path, lang, currency=root)
    assert (error["code"], error["cell"]) == ("column_currency_mismatch", "B2")
    assert (
        error["message"]
        == {
            "en": "The column's name gives a currency (元, CNY) other than the quote's currency.",
            "zh": "列名给出的币种（元、CNY）与报价的币种不一致。",
        }[lang]
    )


def test_a_bare_scale_names_no_currency(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "包价（万）", "币种"], ["A", "2", "USD"]])
    quote, _ = quote_of(path)
    assert quote == {"supplierId": "A", "currency": "USD", "packPrice": "20000"}


# ---- column units, XLSX --------------------------------------------------------------------
def test_xlsx_numbers_in_a_unit_column(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    rows = [
        ["供应商", "包价（万元）", "运费(万元)", "币种"],
        ["A", 1.234567, 0.0012345678, "CNY"],  # 12345.67; 12.345678 (10 decimals typed)
        ["B", 35.2, 2, "CNY"],
    ]
    path = write_xlsx(tmp_path / "q.xlsx", rows, formats={"B3": '0.00"万元"'})
    result = intake(path)
    assert result.errors == ()
    assert result.request is not None
    quotes = result.request["quotes"]
    assert (quotes[0]["packPrice"], quotes[0]["freight"]) == ("12345.67", "12.345678")
    # the format's 万元 and the column's 万元 are one unit, applied once: 35.2 万元 = 352000
    assert (quotes[1]["packPrice"], quotes[1]["freight"]) == ("352000", "20000")
    assert [(n.code, n.cell) for n in result.notes] == [
        ("column_unit_read", "Sheet1!B1"),
        ("column_unit_read", "Sheet1!C1"),
        ("unit_scaled", "Sheet1!B3"),
    ]


def test_xlsx_float_tail_in_a_unit_column(tmp_path: Path) -> None:
    """35.199999999999996 shown by General as 35.2: 35.2 万元 = 352000, tail noted."""
    pytest.importorskip("openpyxl")
    rows = [["供应商", "包价（万元）", "币种"], ["A", 35.2, "CNY"]]
    path = write_xlsx(tmp_path / "q.xlsx", rows, formats={"B2": "0.00"})
    set_cached_values(path, {"B2": "35.199999999999996"})
    quote, notes = quote_of(path)
    assert quote["packPrice"] == "352000"
    assert notes == [("column_unit_read", "Sheet1!B1"), ("float_tail_rounded", "Sheet1!B2")]


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "shows a unit other than the one its column's name gives"),
        ("zh", "单元格的数字格式显示的单位与列名给出的单位不同"),
    ],
)
def test_xlsx_unit_conflict(tmp_path: Path, lang: str, message: str) -> None:
    pytest.importorskip("openpyxl")
    rows = [["供应商", "Pack price (kCNY)", "币种"], ["A", 35.2, "CNY"]]
    path = write_xlsx(tmp_path / "q.xlsx", rows, formats={"B2": '0.00"万元"'})
    (error,) = errors_of(path, lang)
    assert (error["code"], error["cell"]) == ("unit_conflict", "Sheet1!B2")
    assert (error["shown"], error["stored"]) == ("35.20万元", "35.2")
    assert message in error["message"]


def test_xlsx_text_in_a_unit_column_and_too_precise_number(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    rows = [
        ["供应商", "包价（万元）", "币种"],
        ["A", "0.5", "CNY"],
        ["B", 0.12345678901, "CNY"],  # 11 decimals: x10000 would be 1234.5678901
    ]
    path = write_xlsx(tmp_path / "q.xlsx", rows)
    result = intake(path)
    # General shows 0.12345678901; read at 10 decimals the tail rounds to 0.1234567890,
    # which General does not show: refused, never rounded away.
    assert [(e.code, e.cell) for e in result.errors] == [("float_tail_not_displayed", "Sheet1!B3")]
    text_only = write_xlsx(tmp_path / "t.xlsx", rows[:2])
    quote, notes = quote_of(text_only)
    assert quote["packPrice"] == "5000"  # the text 0.5 in 万元
    assert notes == [("column_unit_read", "Sheet1!B1")]


# ---- currency names ------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["人民币", "人民幣", "RMB", "rmb", "ＲＭＢ", "元"])
def test_the_renminbis_names_are_cny_with_a_note(tmp_path: Path, name: str) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "币种", "包价"], ["A", name, "1"]])
    quote, notes = quote_of(path)
    assert quote["currency"] == "CNY"
    assert notes == [("currency_name_read", "B2")]


def test_cny_itself_needs_no_note_and_lower_case_is_still_refused(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "币种"], ["A", "CNY"], ["B", "cny"]])
    assert [(e["code"], e["cell"]) for e in errors_of(path)] == [("invalid_currency", "B3")]


@pytest.mark.parametrize(
    ("rows", "options"),
    [
        ([["A", "¥"]], {"currency": "CNY"}),  # the root currency
        ([["A", "¥"], ["B", "人民币"]], {}),  # another currency cell names the renminbi
        ([["A", "￥"], ["B", "CNY"]], {}),
    ],
)
def test_a_yuan_sign_beside_a_cny_context_is_cny(
    tmp_path: Path, rows: list[list[str]], options: dict[str, str]
) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "币种"], *rows])
    result = intake(path, **options)
    assert result.request is not None
    assert {q["currency"] for q in result.request["quotes"]} == {"CNY"}
    assert ("currency_name_read", "B2") in [(n.code, n.cell) for n in result.notes]


def test_a_yuan_sign_from_a_unit_column(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "包价（万元）", "币种"], ["A", "1", "¥"]])
    quote, notes = quote_of(path)
    assert quote == {"supplierId": "A", "currency": "CNY", "packPrice": "10000"}
    assert notes == [("column_unit_read", "B1"), ("currency_name_read", "C2")]


@pytest.mark.parametrize(
    ("rows", "options", "cell"),
    [
        ([["A", "¥"]], {}, "B2"),  # no CNY context: yuan or yen
        ([["A", "¥"], ["B", "人民币"], ["C", "JPY"]], {}, "B2"),  # the sheet names the yen
        ([["A", "人民币"], ["B", "¥"], ["日元报价", "CNY"]], {}, "B3"),
        ([["A", "$"]], {"currency": "USD"}, "B2"),
        ([["A", "＄"]], {}, "B2"),
    ],
)
@pytest.mark.parametrize(
    ("lang", "message", "hint"),
    [
        (
            "en",
            "names several currencies",
            "Write the ISO 4217 code: USD, HKD, TWD, SGD; CNY or JPY.",
        ),
        ("zh", "该货币符号可指多种货币", "请填写 ISO 4217 代码：USD、HKD、TWD、SGD；CNY 或 JPY。"),
    ],
)
def test_ambiguous_signs_are_refused_at_their_cell(  # noqa: PLR0917
    tmp_path: Path,
    rows: list[list[str]],
    options: dict[str, str],
    cell: str,
    lang: str,
    message: str,
    hint: str,
) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "币种"], *rows])
    errors = errors_of(path, lang, **options)
    assert [(e["code"], e["cell"]) for e in errors] == [("ambiguous_currency", cell)]
    assert message in errors[0]["message"] and errors[0]["hint"] == hint


@pytest.mark.parametrize("sign", ["US$", "HK$", "NT$", "€", "£"])
@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        ("en", "Write the ISO 4217 code: USD for US$, HKD for HK$, TWD for NT$, EUR for €."),
        ("zh", "请填写 ISO 4217 代码：US$ 写 USD，HK$ 写 HKD，NT$ 写 TWD，€ 写 EUR。"),
    ],
)
def test_other_signs_are_refused_with_the_iso_hint(
    tmp_path: Path, sign: str, lang: str, hint: str
) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "币种"], ["A", sign]])
    (error,) = errors_of(path, lang)
    assert (error["code"], error["cell"], error["hint"]) == ("currency_not_iso", "B2", hint)


def test_xlsx_yuan_sign_and_a_yen_format(tmp_path: Path) -> None:
    """A JPY number format (Japanese Excel's ``[$¥-411]``) makes a bare ¥ ambiguous even
    where the root currency is CNY; without it the same ¥ is CNY."""
    pytest.importorskip("openpyxl")
    rows = [["供应商", "币种", "包价"], ["A", "¥", 1], ["B", "CNY", 2]]
    plain = write_xlsx(tmp_path / "plain.xlsx", rows)
    result = intake(plain)
    assert result.request is not None
    assert [q["currency"] for q in result.request["quotes"]] == ["CNY", "CNY"]
    yen = write_xlsx(tmp_path / "yen.xlsx", rows, formats={"D9": "[$¥-411]#,##0"})
    from openpyxl import load_workbook

    book = load_workbook(yen)
    book.active["D9"] = 5
    book.active["D9"].number_format = "[$¥-411]#,##0"
    book.save(yen)
    errors = [(e.code, e.cell) for e in intake(yen, currency="CNY").errors]
    assert ("ambiguous_currency", "Sheet1!B2") in errors


# ---- pure parts ----------------------------------------------------------------------------
def test_unit_table_is_folded_and_exact() -> None:
    assert UNITS["万元"] == Unit(10000, "CNY") and UNITS["kcny"] == Unit(1000, "CNY")
    assert column_unit("包价（万元）") == ("packPrice", Unit(10000, "CNY"))
    assert column_unit("Freight ( CNY   thousand )") == ("freight", Unit(1000, "CNY"))
    assert column_unit("包价（百元）") == UnknownUnit("packPrice")
    assert column_unit("交期（天）") is None and column_unit("供应商（万元）") is None


def test_read_currency_table() -> None:
    assert read_currency("元", cny_context=False, yen=True).code == "CNY"  # type: ignore[union-attr]
    assert read_currency("¥", cny_context=True, yen=True) == "ambiguous_currency"
    assert read_currency("¥", cny_context=False, yen=False) == "ambiguous_currency"
    assert read_currency("EUR", cny_context=False, yen=False).code == "EUR"  # type: ignore[union-attr]


def test_read_cell_scales_text_exactly() -> None:
    cell = Cell("B2", CellKind.TEXT, "1.234567")
    assert read_cell(cell, Kind.DECIMAL, unit=10000) == Value("12345.67")
    assert read_cell(cell, Kind.DECIMAL, unit=1) == Value("1.234567")
    assert read_cell(cell, Kind.DECIMAL) == Value("1.234567")


# ---- the command line and HTTP -------------------------------------------------------------
def cli(path: Path, *options: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", str(path), *options],
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )


SHEET = [["供应商", "包价（万元）", "币种", "规格"], ["A", "1.234567", "人民币", "M6"]]


def test_cli_reads_units_and_names_with_notes_on_stderr(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", SHEET)
    proc = cli(path, "--lang", "zh")
    assert proc.returncode == 0, proc.stdout
    quote = json.loads(proc.stdout)["quotes"][0]
    assert quote == {
        "supplierId": "A",
        "specification": "M6",
        "currency": "CNY",
        "packPrice": "12345.67",
    }
    notes = [json.loads(line) for line in proc.stderr.splitlines()]
    assert [(n["code"], n["cell"]) for n in notes] == [
        ("column_unit_read", "B1"),
        ("currency_name_read", "C2"),
    ]
    assert (notes[0]["scale"], notes[0]["currency"]) == (10000, "CNY")


def test_cli_refuses_in_both_languages(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["供应商", "包价（百元）", "币种"], ["A", "1", "$"]])
    for lang, word in (("en", "ISO 4217 code"), ("zh", "ISO 4217 代码")):
        proc = cli(path, "--lang", lang)
        assert proc.returncode == 2
        errors = json.loads(proc.stdout)["errors"]
        assert [(e["code"], e["cell"]) for e in errors] == [
            ("unknown_header_unit", "B1"),
            ("ambiguous_currency", "C2"),
        ]
        assert word in errors[1]["hint"]


def test_http_answers_like_the_cli(tmp_path: Path) -> None:
    from http_support import HAS_HTTP

    if not HAS_HTTP:
        pytest.skip("needs the http extra")
    pytest.importorskip("openpyxl")
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    xlsx = write_xlsx(
        tmp_path / "q.xlsx", [["供应商", "Pack price (kCNY)", "币种"], ["A", 1.5, "¥"]]
    )
    bad = write_csv(tmp_path / "bad.csv", [["供应商", "币种"], ["A", "¥"], ["B", "JPY"]])
    with TestClient(create_app()) as client:
        for path, query in ((xlsx, {"currency": "CNY"}), (bad, {"lang": "zh"})):
            media = (
                "text/csv"
                if path.suffix == ".csv"
                else ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            )
            answer = client.post(
                "/quotecalc/intake",
                params=query,
                content=path.read_bytes(),
                headers={"content-type": media},
            )
            expected = cli(path, *[a for k, v in query.items() for a in (f"--{k}", v)])
            assert answer.content == expected.stdout
            if path is xlsx:
                assert answer.status_code == 200
                assert json.loads(answer.content)["quotes"][0]["packPrice"] == "1500"
                header = json.loads(answer.headers["Quotecalc-Intake-Notes"])
                assert [(n["code"], n["cells"]) for n in header] == [
                    ("column_unit_read", ["Sheet1!B1"]),
                    ("currency_name_read", ["Sheet1!C2"]),
                ]
            else:
                assert answer.status_code == 422
                (error,) = answer.json()["errors"]
                assert (error["code"], error["cell"]) == ("ambiguous_currency", "B2")
                assert error["message"].startswith("该货币符号可指多种货币")


def test_yen_as_a_word_only() -> None:
    from quotecalc.intake.units import mentions_yen

    assert mentions_yen(["Hayen Fasteners", "Yenta"], ["General"]) is False
    assert mentions_yen(["Price in yen"], []) is True
    assert mentions_yen(["报价（日元）"], []) is True
    assert mentions_yen([], ["[$¥-411]#,##0"]) is True


@settings(max_examples=200, deadline=None)
@given(
    whole=st.integers(min_value=0, max_value=10**9),
    fraction=st.integers(min_value=0, max_value=10**10 - 1),
    places=st.integers(min_value=0, max_value=10),
    scale=st.sampled_from([1, 1000, 10000]),
)
def test_scaled_text_is_the_exact_product(
    whole: int, fraction: int, places: int, scale: int
) -> None:
    """Any typed decimal times the unit, against ``Fraction``: accepted exactly when the
    product has at most 6 decimals, and then equal to it."""
    digits = str(fraction % 10**places).zfill(places) if places else ""
    text = f"{whole}.{digits}" if places else str(whole)
    product = Fraction(text) * scale
    reading = read_cell(Cell("B2", CellKind.TEXT, text), Kind.DECIMAL, unit=scale)
    fits = (product * 10**6).denominator == 1
    if scale == 1:
        fits = places <= 6
    if fits:
        assert isinstance(reading, Value)
        assert Fraction(reading.raw) == product
    else:
        assert isinstance(reading, Problem)
        assert reading.code == ("too_many_decimals" if scale == 1 else "unit_value_too_precise")
