"""The presenters' small rules of issue 40 (items 7 and 8), table-driven: a field named in its
row's words, an error's place in words on a workbook, a code shown only when it has no words,
the specification column, a rate never padded like money. Expected values are written here by
hand from the rows and the catalog's Chinese (the intake template's column names).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Any

import pytest

from quotecalc.export.comparison import errors_sheet, limitations_sheet
from quotecalc.export.words import field_in_words
from quotecalc.output.event_report.reasons import field_in_words as event_field
from quotecalc.output.event_report.words import WORDS as EVENT_WORDS
from quotecalc.output.layout import Table


@pytest.mark.parametrize(
    ("lang", "name", "quoted", "shown"),
    [
        ("en", "freight", True, "freight"),
        ("zh", "freight", True, "运费"),
        ("zh", "packPrice", True, "包价"),
        ("zh", "leadDays", True, "交期天数"),
        ("zh", "maxLeadDays", False, "最长交期天数"),  # a root field: its own row
        ("en", "maxLeadDays", False, "maximum lead days"),
        ("zh", "quantity", False, "数量"),
        ("zh", "notAField", True, "notAField"),  # unknown: as written
        ("zh", None, False, ""),
    ],
)
def test_a_workbooks_field_in_its_rows_words(
    lang: str, name: Any, quoted: bool, shown: str
) -> None:
    assert field_in_words(lang, name, quoted) == shown


@pytest.mark.parametrize(
    ("lang", "name", "shown"),
    [
        ("zh", "packPrice", "包价"),  # an offer's field: the quote row's words
        ("zh", "freight", "运费"),
        ("zh", "maxLeadDays", "最长交期天数"),  # the event's root row
        ("zh", "minimumOrderValue", "最低订单金额"),  # no row words it: the event's own
        ("zh", "asOf", "余额日期"),
        ("en", "minimumSpend", "minimum spend"),
        ("en", "madeUp", "madeUp"),
    ],
)
def test_an_event_field_in_its_rows_words(lang: str, name: str, shown: str) -> None:
    assert event_field(EVENT_WORDS[lang], name, lang) == shown


def test_a_workbooks_errors_say_where_in_words_and_no_code() -> None:
    errors = [
        {"code": "missing_required", "path": "/quotes/0/freight", "message": "m"},
        {"code": "invalid_json", "path": "", "message": "m"},
    ]
    sheet = errors_sheet("zh", errors)
    assert sheet.header == ("位置", "含义")
    # by hand: the freight of quote 1 (no request text, so no supplier id), the request itself
    assert [row[0] for row in sheet.rows] == ["第 1 个报价的运费", "请求"]
    shown = " ".join(str(cell) for row in sheet.rows for cell in row)
    assert "missing_required" not in shown and "invalid_json" not in shown
    given = errors_sheet("en", errors, ["here", "there"])
    assert [row[0] for row in given.rows] == ["here", "there"]


def test_a_workbooks_limitations_have_no_code_column() -> None:
    sheet = limitations_sheet(
        "zh",
        [
            {"code": "missing_field", "supplierId": "A", "field": "freight"},
            {"code": "no_conversion"},
        ],
    )
    assert sheet.header == ("含义", "对象", "字段")
    assert sheet.rows[0][1:] == ("A", "运费")
    assert sheet.rows[0][0] == "未提供字段 运费；依赖它的所有值均为未知。"
    assert sheet.rows[1] == ("未进行任何币种或单位换算。", "", "")


def test_the_specification_column_follows_the_item() -> None:
    from quotecalc.output.event_report.sections import _with_specification

    table = Table(("Item", "Supplier", "Packs"), (("x", "A", "3"), ("y", "B", "4")),
                  frozenset({2}), frozenset({1}))  # fmt: skip
    shown = _with_specification(table, {"x": "M8 bolt"}, "Specification")
    assert shown.headers == ("Item", "Specification", "Supplier", "Packs")
    assert shown.rows == (("x", "M8 bolt", "A", "3"), ("y", "-", "B", "4"))
    assert shown.numeric == frozenset({3}) and shown.ids == frozenset({2})
    assert _with_specification(table, {}, "Specification") is table


@pytest.mark.parametrize(
    ("rate", "shown"),
    [("7.1234", "1 USD = 7.1234 CNY"), ("15300.5", "1 USD = 15,300.5 CNY"), ("8", "1 USD = 8 CNY")],
)
def test_a_rate_is_shown_exactly_never_padded_like_money(rate: str, shown: str) -> None:
    from quotecalc.output.event_report.figures import Money
    from quotecalc.output.event_report.sections import conversion_sections

    document = {
        "conversions": [
            {
                "supplierId": "B",
                "currency": "USD",
                "original": {"freight": "12.5"},
                "convertedAt": {
                    "from": "USD", "to": "CNY", "rate": rate, "source": "bank", "asOf": "2026-11-30"
                },
            }
        ]
    }  # fmt: skip
    (section,) = conversion_sections(document, None, "en", Money("CNY"))
    assert section.table is not None
    assert section.table.rows[0][3] == shown
    assert section.table.rows[0][2] == "12.50 USD"  # the quoted figure is money
