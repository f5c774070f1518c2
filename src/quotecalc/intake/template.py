"""Blank quote templates: the header row in Chinese or English (``docs/intake.md``); and the
blank event workbook (``--template zh|en --event``: a sheet per part of the event).

CSV: UTF-8 with a byte-order mark (so Excel opens Chinese headers correctly) and CRLF line
ends, one header row. XLSX (needs the ``xlsx`` extra): a first sheet with the header row, whose
text columns have the Text number format (``@``: a supplier code typed as 00123 stays text),
and a second sheet explaining each column in the same language. Column names are the first
synonym of each language in ``headers.SYNONYMS``, in the contract's field order.
"""

# Chinese text and full-width forms are this module's subject.
# ruff: noqa: RUF001
from __future__ import annotations

import csv
import io
from typing import Final

from ..core.fields import QUOTE_FIELDS, Kind
from .errors import column_letters
from .headers import template_names

TEXT_FORMAT: Final = "@"  # Excel's and LibreOffice's Text format: typed digits stay text

SHEET_TITLES: Final = {"zh": ("报价", "说明"), "en": ("Quotes", "Columns")}
EXPLANATION_HEADERS: Final = {
    "zh": ("列名", "字段", "含义", "示例"),
    "en": ("Column", "Field", "Meaning", "Example"),
}
BLANK_RULE: Final = {
    "zh": (
        "空白、无、未知、N/A、-、— 表示未知（不会当作 0）；0 就是零。"
        "数字不要带千分位、百分号或货币符号。"
    ),
    "en": (
        "Blank, 无, 未知, N/A, - and — mean unknown (never read as 0); 0 is zero."
        " Write numbers without thousands separators, percent signs or currency symbols."
    ),
}
# field -> (Chinese meaning, English meaning, example)
EXPLANATIONS: Final[dict[str, tuple[str, str, str]]] = {
    "supplierId": ("供应商标识，必填，不可重复", "Supplier id; required, unique", "A"),
    "specification": (
        "报价规格，须与请求规格完全一致",
        "Quoted specification; must equal the request's",
        "M6 bolt",
    ),
    "currency": ("币种，三个大写字母", "Currency, three capital letters", "CNY"),
    "packSize": ("每包件数，正整数", "Units per pack, a positive integer", "100"),
    "minimumPacks": (
        "最小起订包数，整数，可为 0",
        "Minimum order in packs, an integer, may be 0",
        "0",
    ),
    "packPrice": ("每包价格，最多 6 位小数", "Price per pack, at most 6 decimals", "35.00"),
    "freight": ("整单运费", "Freight for the whole order", "20"),
    "otherFees": ("整单其他费用", "Other fees for the whole order", "0"),
    "leadDays": ("交期天数，整数", "Lead time in days, an integer", "7"),
    "qualityEvidence": (
        "质量证据（未经核实的说明）",
        "Quality evidence (an unverified claim)",
        "ISO 9001 audit 2024",
    ),
    "qualityScore": ("质量分（在质量量表范围内）", "Quality score, within the quality scale", "4"),
    "qualityDefinition": (
        "质量分的定义，须与量表定义一致",
        "What the score means; must equal the scale's definition",
        "1-5 audit",
    ),
}


def csv_template(lang: str) -> bytes:
    """The CSV template: BOM, the header row, CRLF."""
    buffer = io.StringIO(newline="")
    csv.writer(buffer).writerow(template_names(lang))
    return buffer.getvalue().encode("utf-8-sig")


def xlsx_template(lang: str) -> bytes:
    """The XLSX template: the header sheet and the explanation sheet."""
    from openpyxl import Workbook

    workbook = Workbook()
    quotes = workbook.active
    quotes.title, notes_title = SHEET_TITLES[lang]
    quotes.append(list(template_names(lang)))
    for column, rule in enumerate(QUOTE_FIELDS, start=1):
        if rule.kind is Kind.TEXT:  # a supplier code 00123 must stay text, not the number 123
            quotes.column_dimensions[column_letters(column)].number_format = TEXT_FORMAT
    notes = workbook.create_sheet(notes_title)
    notes.append(list(EXPLANATION_HEADERS[lang]))
    meaning = 0 if lang == "zh" else 1
    for name, rule in zip(template_names(lang), QUOTE_FIELDS, strict=True):
        explanation = EXPLANATIONS[rule.name]
        notes.append([name, rule.name, explanation[meaning], explanation[2]])
    notes.append([])
    notes.append([BLANK_RULE[lang]])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


# The event workbook's sheets (``event_sheets.SHEETS``) by language, in the template's order.
EVENT_SHEETS: Final = {
    "zh": {
        "items": "物料",
        "offers": "报价",
        "suppliers": "供应商",
        "rates": "汇率",
        "balances": "预付余额",
    },
    "en": {
        "items": "Items",
        "offers": "Offers",
        "suppliers": "Suppliers",
        "rates": "Exchange rates",
        "balances": "Balances",
    },
}
EVENT_NOTES: Final = {
    "zh": (
        ("工作表", "列名", "字段"),
        "价格阶梯与消费折扣是编号成对的列：需要更多时照样添加 阶梯2数量、阶梯2包价……（最多 20 对）"
        "和 折扣2起点金额、折扣2百分比……（最多 10 对）。百分比写数字，10 表示 10%。"
        "供应商、汇率、预付余额三张表可以留空。",
    ),
    "en": (
        ("Sheet", "Column", "Field"),
        "Price breaks and spend tiers are numbered pairs of columns: add Break 2 minimum"
        " quantity, Break 2 pack price, ... (up to 20 pairs) and Tier 2 minimum spend, Tier 2"
        " percent, ... (up to 10) as needed. A percent is the number: 10 means 10 %. The"
        " Suppliers, Exchange rates and Balances sheets may stay empty.",
    ),
}
_TEXT_KINDS: Final = frozenset({Kind.TEXT, Kind.CURRENCY, Kind.DATE})


def event_template(lang: str) -> bytes:
    """The event workbook template (``--template zh|en --event``): one sheet per role with
    its header row (text columns formatted as Text, so ``2026-12-01`` and ``00123`` stay as
    typed), the offers sheet without the supplier columns, and a sheet naming each column's
    field (not read by the intake)."""
    from openpyxl import Workbook

    from .event_sheets import LAYOUTS, column_name, template_fields

    workbook = Workbook()
    workbook.remove(workbook.active)
    rows: list[list[str]] = []
    for role, title in EVENT_SHEETS[lang].items():
        sheet = workbook.create_sheet(title)
        fields = template_fields(role)
        sheet.append([column_name(field, lang) for field in fields])
        for column, field in enumerate(fields, start=1):
            if LAYOUTS[role].kinds[field] in _TEXT_KINDS:
                sheet.column_dimensions[column_letters(column)].number_format = TEXT_FORMAT
            rows.append([title, column_name(field, lang), field])
    header, rule = EVENT_NOTES[lang]
    notes = workbook.create_sheet(SHEET_TITLES[lang][1])
    notes.append(list(header))
    for row in rows:
        notes.append(row)
    notes.append([])
    notes.append([rule])
    notes.append([BLANK_RULE[lang]])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def template_bytes(lang: str, *, xlsx: bool) -> bytes:
    """The template file's bytes."""
    return xlsx_template(lang) if xlsx else csv_template(lang)
