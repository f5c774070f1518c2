"""The header row a buyer writes (issue 40, ``docs/intake.md`` "Column names the intake
knows"): every alias of the header table read as its field, every refused name with the
accepted name to write instead, the ambiguous ones asked (never guessed), remarks ignored with
a note, a unit price made the pack price exactly; and, by hypothesis, any header row is read
without raising and every refused name gets its message.

Expected fields, suggestions and products are written by hand from the issue and the contract
(``minimumPacks`` is "MOQ in packs", ``unitQuotePrice = packPrice / packSize``).
"""

# The headers are Chinese on purpose.
# ruff: noqa: RUF001, RUF002
from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from intake_helpers import write_csv
from quotecalc.intake import intake
from quotecalc.intake.header_table import (
    EXPLANATIONS,
    HEADER_ROWS,
    QUOTE_HEADERS,
    Column,
    HeaderRow,
    Ignored,
    Refused,
)
from quotecalc.intake.messages import TEXTS
from quotecalc.intake.sentences import page_entries
from quotecalc.intake.units import Unit
from test_intake_properties import examples

CNY = Unit(1, "CNY")


# ---- aliases: what is unambiguous is read -----------------------------------------------------
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the issue's headers
        ("交货期(天)", Column("leadDays")),
        ("交货期（天）", Column("leadDays")),
        ("交货期 （ 天 ）", Column("leadDays")),  # spaces anywhere
        ("交货期【天】", Column("leadDays")),  # other brackets
        ("交货期", Column("leadDays")),
        ("起订包数", Column("minimumPacks")),
        ("最小起订量（包）", Column("minimumPacks")),  # the unit settles the question
        ("MOQ (packs)", Column("minimumPacks")),
        ("ＭＯＱ（ｐａｃｋｓ）", Column("minimumPacks")),  # full width
        ("单价", Column("packPrice", per_unit=True)),
        ("单价（元）", Column("packPrice", CNY, per_unit=True)),
        ("单价(万元)", Column("packPrice", Unit(10000, "CNY"), per_unit=True)),
        ("单价（元/个）", Column("packPrice", CNY, per_unit=True)),
        ("单价（元/包）", Column("packPrice", CNY)),  # per pack: the pack price itself
        ("Unit price (CNY/pcs)", Column("packPrice", CNY, per_unit=True)),
        ("价格（元/个）", Column("packPrice", CNY, per_unit=True)),
        ("价格（元/包）", Column("packPrice", CNY)),
        ("包价（万元）", Column("packPrice", Unit(10000, "CNY"))),
        ("包价（元/包）", Column("packPrice", CNY)),
        ("每包数量（个）", Column("packSize")),
        ("每包数量（pcs/pack）", Column("packSize")),
        ("Lead time (days)", Column("leadDays")),
        ("Lead time （Days）", Column("leadDays")),
        ("交货时间（天）", Column("leadDays")),
        ("交期（日历天）", Column("leadDays")),
        ("Pack  size", Column("packSize")),
        ("其它费用", Column("otherFees")),
        ("每箱数量", Column("packSize")),
    ],
)
def test_an_unambiguous_name_is_read(name: str, expected: Column) -> None:
    assert QUOTE_HEADERS.read(name) == expected


@pytest.mark.parametrize(
    ("row", "name"),
    [(row, name) for row in HEADER_ROWS if row.verdict == "alias" for name in (*row.zh, *row.en)],
)
def test_every_alias_of_the_table_is_its_field(row: HeaderRow, name: str) -> None:
    assert QUOTE_HEADERS.read(name) == Column(row.field, per_unit=row.per_unit)


@pytest.mark.parametrize(
    "name", ["备注", "备注说明", "说明", "序号", "Remarks", "NOTES", "No.", "备注（内部）"]
)
def test_a_remarks_column_is_ignored(name: str) -> None:
    assert QUOTE_HEADERS.read(name) == Ignored()


# ---- refused, with the name to write instead; ambiguous, asked -----------------------------
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # units or packs?
        ("最小起订量", Refused("ambiguous_column", "minimumPacks", "起订包数", "moq")),
        ("MOQ", Refused("ambiguous_column", "minimumPacks", "Minimum packs", "moq")),
        ("起订量", Refused("ambiguous_column", "minimumPacks", "起订包数", "moq")),
        # counted in units: the field counts packs
        (
            "最小起订量（个）",
            Refused("unknown_column", "minimumPacks", "起订包数", "units_not_packs"),
        ),
        (
            "MOQ (pcs)",
            Refused("unknown_column", "minimumPacks", "Minimum packs", "units_not_packs"),
        ),
        # per unit or per pack? (the question names both: no one suggestion)
        ("价格", Refused("ambiguous_column", "packPrice", "", "price")),
        ("Price", Refused("ambiguous_column", "packPrice", "", "price")),
        ("价格（元）", Refused("ambiguous_column", "packPrice", "", "price")),
        # which quantity?
        ("数量", Refused("ambiguous_column", "", "", "quantity")),
        # days or weeks? calendar or working days?
        ("Lead time", Refused("ambiguous_column", "leadDays", "Lead time (days)", "lead_time")),
        ("交期（工作日）", Refused("ambiguous_column", "leadDays", "交期（天）", "working_days")),
        ("交期（周）", Refused("unknown_column", "leadDays", "交期（天）", "weeks")),
        ("Lead time (weeks)", Refused("unknown_column", "leadDays", "Lead time (days)", "weeks")),
        # plainly not a quote's field
        ("金额", Refused("unknown_column", "", "包价", "amount")),
        ("Total price", Refused("unknown_column", "", "Pack price", "amount")),
        ("交货日期", Refused("unknown_column", "", "交期（天）", "date")),
        ("单位", Refused("unknown_column", "", "", "uom")),
        # a unit the tables do not hold
        ("包价（百元）", Refused("unknown_header_unit", "packPrice", "包价")),
        ("包价（美元）", Refused("unknown_header_unit", "packPrice", "包价")),
        ("包价（元/个）", Refused("unknown_header_unit", "packPrice", "包价")),  # a pack per unit?
        ("运费（元/包）", Refused("unknown_header_unit", "freight", "运费")),
        ("每包数量（万）", Refused("unknown_column", "packSize", "每包数量")),
        ("供应商（全称）", Refused("unknown_column", "supplierId", "供应商")),
        # a near name: suggested in the script the buyer wrote
        ("Suplier", Refused("unknown_column", "supplierId", "Supplier")),
        ("Pack prise", Refused("unknown_column", "packPrice", "Pack price")),
        ("包装数", Refused("unknown_column", "packSize", "包装数量")),
        ("供应商名", Refused("unknown_column", "supplierId", "供应商名称")),
        # nothing near
        ("颜色", Refused("unknown_column")),
        ("Colour", Refused("unknown_column")),
    ],
)
def test_a_refused_name_says_what_to_write(name: str, expected: Refused) -> None:
    assert QUOTE_HEADERS.read(name) == expected


def test_every_explanation_is_in_both_languages_and_used() -> None:
    used = {row.explain for row in HEADER_ROWS if row.explain}
    from quotecalc.intake.header_table import UNIT_WORDS

    used |= {word.explain for words in UNIT_WORDS.values() for word in words.values()}
    assert used - {""} == set(EXPLANATIONS)
    for words in EXPLANATIONS.values():
        assert words.en and words.zh and "--" not in words.en + words.zh


# ---- through a real sheet --------------------------------------------------------------------
HEAD = ["供应商", "规格", "币种", "每包数量", "起订包数"]
A = ["A", "M6", "CNY", "100", "0"]
B = ["B", "M6", "CNY", "250", "1"]


def test_a_unit_price_is_the_pack_price_times_the_rows_pack_size(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [[*HEAD, "单价（元）"], [*A, "0.35"], [*B, "0.0125"]])
    result = intake(path)
    assert result.request is not None, result.error_document()
    # 0.35 x 100 = 35.00 and 0.0125 x 250 = 3.1250: exact, the unit price's places kept
    assert [quote["packPrice"] for quote in result.request["quotes"]] == ["35.00", "3.1250"]
    assert [(note.code, note.cell) for note in result.notes] == [
        ("column_unit_read", "F1"),
        ("unit_price_converted", "F1"),
    ]


def test_a_unit_price_needs_the_pack_size(tmp_path: Path) -> None:
    rows = [[*HEAD, "单价"], [*A[:3], "", "0", "0.35"], [*B[:3], "x", "1", "0.5"]]
    result = intake(write_csv(tmp_path / "q.csv", rows))
    # row 2 has no pack size: the price cannot become a pack price; row 3's pack size is
    # itself wrong: its own error says it, once
    assert [(e.code, e.cell) for e in result.errors] == [
        ("unit_price_needs_pack_size", "F2"),
        ("invalid_number_format", "D3"),
    ]
    without = write_csv(tmp_path / "p.csv", [["供应商", "单价"], ["A", "0.35"]])
    assert [(e.code, e.cell) for e in intake(without).errors] == [
        ("unit_price_needs_pack_size", "B1")
    ]


def test_a_unit_price_beside_a_pack_price_is_a_second_price_column(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [[*HEAD, "包价", "单价"], [*A, "35", "0.35"]])
    assert [(e.code, e.cell) for e in intake(path).errors] == [("duplicate_column", "G1")]


def test_remarks_are_not_read_and_the_notes_say_so(tmp_path: Path) -> None:
    rows = [["序号", *HEAD, "包价", "备注"], ["1", *A, "35", "含税 ¥35，1,000 起"]]
    result = intake(write_csv(tmp_path / "q.csv", rows))
    assert result.request is not None
    assert result.request["quotes"][0]["packPrice"] == "35"
    assert [(note.code, note.cell) for note in result.notes] == [
        ("column_ignored", "A1"),
        ("column_ignored", "H1"),
    ]


def test_the_issues_headers_in_one_sheet(tmp_path: Path) -> None:
    """最小起订量, 起订包数, 单价, 单价（元）, 交货期(天), MOQ, 备注 together: the unambiguous
    ones read, the ambiguous ones asked, each in one round with the cells' problems."""
    header = ["供应商", "币种", "每包数量", "起订包数", "单价（元）", "交货期(天)", "MOQ", "备注"]
    rows = [header, ["A", "CNY", "100", "0", "0.35", "12", "5", "ok"]]
    result = intake(write_csv(tmp_path / "q.csv", rows), lang="zh")
    assert [(e.code, e.cell) for e in result.errors] == [("ambiguous_column", "G1")]
    entry = json.loads(result.error_document())["errors"][0]
    assert entry["suggestion"] == "Minimum packs" and entry["question"] == EXPLANATIONS["moq"].zh
    del rows[0][6], rows[1][6]  # the buyer answers: the column was the same as 起订包数
    result = intake(write_csv(tmp_path / "q.csv", rows))
    assert result.request is not None
    assert result.request["quotes"][0] == {
        "supplierId": "A",
        "currency": "CNY",
        "packSize": "100",
        "minimumPacks": "0",
        "packPrice": "35.00",
        "leadDays": "12",
    }


def test_a_title_row_is_still_one_missing_header(tmp_path: Path) -> None:
    """A single title cell near an accepted name is no header row: one error, not a
    suggestion and a cascade of cell errors below it."""
    rows = [["供应商报价表"], ["供应商", "包价"], ["A", "35"]]
    assert [(e.code, e.cell) for e in intake(write_csv(tmp_path / "q.csv", rows)).errors] == [
        ("missing_header", "1:1")
    ]


def test_a_refused_supplier_column_is_not_also_a_missing_one(tmp_path: Path) -> None:
    rows = [["Suplier", "Pack price"], ["A", "35"]]
    result = intake(write_csv(tmp_path / "q.csv", rows))
    assert [(e.code, e.cell, dict(e.details)) for e in result.errors] == [
        ("unknown_column", "A1", {"suggestion": "Supplier"})
    ]


# ---- hypothesis: any header row is read, and every refusal is said ------------------------
HEADER_WORDS = [
    *(name for row in HEADER_ROWS for name in (*row.zh, *row.en)),
    *("供应商", "包价", "Pack price", "交期", "万元", "元/个", "天", "(", ")", "（", "）", " "),
]
header_text = st.one_of(
    st.sampled_from(HEADER_WORDS),
    st.lists(st.sampled_from(HEADER_WORDS), min_size=1, max_size=3).map("".join),
    st.text(string.ascii_letters + "()（）/ 元天包个价期数", min_size=1, max_size=12),
    st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=8),
)
REFUSALS = ("unknown_column", "ambiguous_column", "unknown_header_unit")


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(header_text, min_size=1, max_size=6))
def test_any_header_row_never_raises_and_every_refusal_is_said(header: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = write_csv(Path(folder) / "q.csv", [header, ["A"] * len(header)])
        for lang in ("en", "zh"):
            result = intake(path, lang=lang, currency="CNY")  # never raises
            assert result.request is not None or result.errors
            if any(error.code == "missing_header" for error in result.errors):
                continue  # a row 1 that names nothing: one error, said once
            refused = {
                f"{chr(ord('A') + index)}1"
                for index, text in enumerate(header)
                if text.strip()
                and not text.startswith("=")  # a CSV formula: formula_without_value
                and isinstance(QUOTE_HEADERS.read(text), Refused)
            }
            said = {e.cell for e in result.errors if e.code in REFUSALS}
            assert refused <= said
            for entry in page_entries(result.errors, lang):
                if entry["cell"] in refused:  # named by the header the buyer wrote, with a fix
                    letter = str(entry["cell"])[0]
                    start = f"{letter} 列「" if lang == "zh" else f"Column {letter} “"
                    assert str(entry["message"]).startswith(start) and entry["fix"]
            if result.errors:
                for entry in json.loads(result.error_document())["errors"]:
                    assert entry["message"] == TEXTS[entry["code"]].message(lang)
