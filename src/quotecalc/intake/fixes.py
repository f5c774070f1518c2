"""What to do, in the buyer's page's words, for the codes without a hint of their own (issue 40:
every error the page shows says how to fix it, in English and Chinese).

The JSON documents keep these codes as they were (a fixed message, no hint: the calculator's
field codes are the calculator's own); the page (``sentences.py``) shows the fix beside the
message. Fixed texts per code, like every message of the intake: nothing of a cell in them.
"""

# Chinese text is this module's subject.
# ruff: noqa: RUF001
from __future__ import annotations

from typing import Final

from .header_table import Words

PAGE_FIXES: Final[dict[str, Words]] = {
    # the calculator's quote-field codes, at a cell
    "missing_required": Words(
        "Give the supplier's name in this cell: every quote row needs one.",
        "请在这个单元格填写供应商名称：每一行报价都需要。",
    ),
    "duplicate_supplier_id": Words(
        "Give each supplier one row: delete the repeated row, or tell the two suppliers apart"
        " by name.",
        "每个供应商只填一行：请删除重复的行，或用不同的名称区分这两个供应商。",
    ),
    "invalid_number_format": Words(
        "Write a plain number: digits with at most one decimal point (35.5), nothing else in"
        " the cell.",
        "请写一个普通的数：数字和最多一个小数点（如 35.5），单元格里不要有其他内容。",
    ),
    "exponent_not_allowed": Words(
        "Write all the digits (1000, not 1e3).", "请写出全部数字（写 1000，不写 1e3）。"
    ),
    "too_many_decimals": Words(
        "Round the value to at most 6 decimals.", "请把数值取整到最多 6 位小数。"
    ),
    "number_too_long": Words(
        "Write the number with at most 48 characters.", "请把这个数写短一些（最多 48 个字符）。"
    ),
    "negative_value": Words(
        "Write the number without a minus sign: prices, fees, counts and days are never negative.",
        "请去掉负号：价格、费用、数量和天数都不能为负。",
    ),
    "non_finite_number": Words("Write a number.", "请写一个数。"),
    "out_of_range": Words(
        "Correct the value: a pack size is at least 1, a score lies within the quality scale.",
        "请更正数值：每包数量至少为 1，质量分要在质量评分范围内。",
    ),
    "not_integer": Words(
        "Write a whole number: pack sizes, packs and days are whole.",
        "请写整数：每包数量、包数和天数都是整数。",
    ),
    "string_too_long": Words("Shorten the text.", "请缩短这段文字。"),
    "invalid_currency": Words(
        "Write the currency's three-letter code in capitals (CNY, USD, EUR).",
        "请填写三个大写字母的币种代码（CNY、USD、EUR）。",
    ),
    # the sheet's own codes without a hint
    "duplicate_column": Words(
        "Keep one of the two columns and delete the other.", "请只保留其中一列，删除另一列。"
    ),
    "unnamed_column": Words(
        "Give the column a name, or delete its data.", "请给这一列起个列名，或删除其中的数据。"
    ),
    "cell_outside_header": Words(
        "Give the column a name, or delete the data.", "请给这一列加上列名，或删除这些数据。"
    ),
    "too_many_columns": Words(
        "Move the data into columns A to BL, or delete it.", "请把数据移到 A 到 BL 列，或删除它。"
    ),
    "no_quotes": Words(
        "Fill in one row per quote under the header, then send the sheet again.",
        "请在表头下每条报价填一行，然后重新上传。",
    ),
    "no_rows": Words(
        "Fill in one row per entry under the header, or delete the sheet.",
        "请在表头下每条记录填一行，或删除这张工作表。",
    ),
    "too_many_rows": Words("Keep at most 100 quotes in one sheet.", "一张表最多保留 100 条报价。"),
    "percent_sign": Words("Write the number without the percent sign.", "请去掉百分号，只写数字。"),
    "date_cell": Words(
        "Type the value as a number or as text, not a date (format the cell as General or Text).",
        "请把值写成数字或文本，而不是日期（把单元格设置为“常规”或“文本”格式）。",
    ),
    "boolean_cell": Words(
        "Type the value itself, not TRUE or FALSE.", "请填写值本身，而不是 TRUE 或 FALSE。"
    ),
    "error_cell": Words(
        "Correct the formula so that the cell shows a value, or type the value.",
        "请更正公式，使单元格显示数值，或直接输入数值。",
    ),
    "percent_format": Words(
        "Format the cell as General or 0.00 and type the number itself.",
        "请把单元格设置为“常规”或 0.00 格式，并直接输入数值。",
    ),
    "merged_cells": Words(
        "Unmerge the cells: each value in its own cell.",
        "请取消合并单元格：每个值放在自己的单元格中。",
    ),
    "malformed_csv": Words(
        "Open the file in Excel and save it again as CSV.", "请用 Excel 打开文件后重新另存为 CSV。"
    ),
    "file_not_found": Words("Choose the file again.", "请重新选择文件。"),
    # codes whose hint names an option of the command line, which the page has not
    "column_currency_mismatch": Words(
        "Correct the currency column (or the form's currency), or name the column without a"
        " currency.",
        "请更正币种列（或表单中的币种），或让列名不带币种。",
    ),
    "event_sheet_hidden": Words(
        "Unhide the sheet, or delete it.", "请取消隐藏该工作表，或删除它。"
    ),
    # an event workbook's codes without a hint
    "too_many_rate_decimals": Words(
        "Round the rate to at most 10 decimals.", "请把汇率取整到最多 10 位小数。"
    ),
    "invalid_date": Words(
        "Write the date as YYYY-MM-DD (2026-12-01).", "请按 YYYY-MM-DD 写日期（如 2026-12-01）。"
    ),
    "same_currency_pair": Words(
        "A rate converts one currency into another: correct From or To.",
        "汇率是把一种币种换算成另一种：请更正原币种或目标币种。",
    ),
    "duplicate_rate_pair": Words(
        "Keep one rate per pair of currencies.", "每对币种只保留一条汇率。"
    ),
    "unknown_balance_supplier": Words(
        "Write the supplier's name as the offers sheet writes it.",
        "请按报价表中的写法填写供应商名称。",
    ),
    "unknown_balance_item": Words(
        "Write the item as the items sheet writes it.", "请按物料表中的写法填写物料编号。"
    ),
    "duplicate_item_id": Words("Give each item one row.", "每个物料只填一行。"),
    "duplicate_offer": Words(
        "Keep one row per supplier and item.", "每个供应商的每个物料只保留一行。"
    ),
}
