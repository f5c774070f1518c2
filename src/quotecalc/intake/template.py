"""Blank quote templates: the header row in Chinese or English (``docs/intake.md``).

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


def template_bytes(lang: str, *, xlsx: bool) -> bytes:
    """The template file's bytes."""
    return xlsx_template(lang) if xlsx else csv_template(lang)
