"""Every word of the analyst's page (issues 21, 29, 35), in English and Chinese: the form's
labels and hints, the error page's, the notes on how a sheet was read, the download button
and the templates' links. Plain data; the HTML modules read it.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

LANGS: Final = ("en", "zh")
WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Compare supplier quotes",
        "intro": (
            "Upload a quote sheet (CSV or XLSX, one row per quote, column names in English or"
            " Chinese) with what you buy, or paste a request; the answer is the report."
        ),
        "sheet": "Quote sheet (.csv or .xlsx, at most {limit} MiB)",
        "sheet_name": "Sheet name (XLSX, optional)",
        "encoding": "CSV encoding",
        "encoding_hint": (
            "Excel's “CSV UTF-8” is UTF-8; a Chinese Excel's “CSV (comma delimited)” is"
            " GBK. “Detect” reads a file that is not UTF-8 as GB18030 (GBK), and says so."
        ),
        "encoding.": "Detect: UTF-8, else GB18030 (GBK) (default)",
        "encoding.utf-8": "UTF-8 (Excel “CSV UTF-8”)",
        "encoding.gb18030": "GB18030 (GBK; Chinese Excel “CSV (comma delimited)”)",
        "encoding.utf-16": "UTF-16 (Excel “Unicode Text”)",
        "weights": "Weights",
        "weights_hint": "A blank weight beside filled ones counts as 0.",
        "weight_cost": "Cost weight",
        "weight_delivery": "Delivery weight",
        "weight_quality": "Quality weight",
        "scale": "Quality scale (when quality is weighted)",
        "scale_definition": "Scale definition",
        "scale_minimum": "Minimum",
        "scale_maximum": "Maximum",
        "constraints": "Hard constraints (optional)",
        "read_as_written": "Read ¥ and 1,234.5 as written",
        "read_as_written_hint": (
            "Off: a currency sign or a thousands separator in a number is an error at its cell."
            " On: a sign that can only be the row's currency (¥ on a sheet in CNY, never $) and"
            " separators like 1,234,567.89 are read, and the page lists each cell read so."
        ),
        "event_set": "Sourcing event (workbook)",
        "event": "The workbook is a sourcing event (sheets Items and Offers)",
        "event_short": "The workbook is a sourcing event",
        "event_hint": (
            "Several items and suppliers in one workbook: Items, Offers, and optional Suppliers,"
            " Exchange rates and Balances sheets. The answer is the award. Currency and maximum"
            " lead days above apply to it; quantity, weights and scale do not."
        ),
        "or": "Or paste a request (JSON); it is used instead of the sheet",
        "request": "Request",
        "lang": "Language of the report",
        "submit": "Compare",
        "rates": "Exchange rates (optional, for quotes in other currencies)",
        "rates_hint": (
            "One rate per row: how many “to” for one “from” (e.g. from USD to CNY 7.1).  With"
            " rates, quotes in another currency are converted exactly and the page says where"
            " each converted figure came from."
        ),
        "rate_from": "From (e.g. USD)",
        "rate_to": "To (e.g. CNY)",
        "rate": "Rate",
        "rate_date": "Date (YYYY-MM-DD)",
        "rate_source": "Source (e.g. bank quote)",
        "rate_row": "Rate {n}",
        "choice_default": "(default)",
        "flag_disagrees": (
            "The pasted request states another value: choose the same one, or leave this"
            " field blank."
        ),
        "json_file": "A .json file in the file field is read as a pasted request.",
        "kept": (
            "Everything you typed is kept below. A browser cannot keep a chosen file:"
            " choose the quote sheet again before you send the form."
        ),
        "again": "Change the inputs",
        "new": "New comparison",
        "again_nav": "What next",
        "field_errors": "Form fields",
        "line": "line {n}",
        "row": "row {n}",
        "more_lines": "{first} (and {more} more lines)",
        "col.field": "Field or cell",
        "notes_title": "How the sheet was read",
        "notes_intro": "Before the calculation, the sheet was read as follows:",
        "note.encoding_detected": (
            "The file is not UTF-8; it was read as GB18030 (GBK), the encoding of a Chinese"
            " Excel's “CSV (comma delimited)”. Check the names above; if they are wrong, choose"
            " the encoding under “CSV encoding”."
        ),
        "converted_by_intake": (
            "The calculator converted no currency or unit; the sheet's units and currency"
            " names were read by the intake, as listed under “How the sheet was read”."
        ),
        "event_columns_message": (
            "The workbook has the sheets of a sourcing event (Items and Offers), but the form"
            " did not say it is one, so it was read as one quote sheet."
        ),
        "hint.event_columns": (
            "This looks like a sourcing event workbook (sheets Items and Offers): tick “The"
            " workbook is a sourcing event” on the form and send it again."
        ),
        "hint.no_price": (
            "The sheet has no 包价/packPrice column: add the pack price of each quote."
        ),
        "errors_title": "The quote sheet cannot be read",
        "form_errors_title": "The form has errors",
        "errors_intro": (
            "Nothing was calculated. Each error names its cell or the form's field; correct"
            " them and send the form again."
        ),
        "nothing": "Nothing was sent: choose a quote sheet or paste a request.",
        "col.cell": "Cell",
        "sheet_errors": (
            "The errors in the sheet are listed above ({n}): correct them, then choose the"
            " sheet again."
        ),
        "option.event_only": "“{label}” is for a sourcing event only.",
        "option.event_only_fix": "Tick “{event}”, or clear this field.",
        "option.quote_only": "“{label}” is not used for a sourcing event.",
        "option.quote_only_fix": "Clear this field, or untick “{event}”.",
        "option.not_here": "“{label}” does not apply to this file.",
        "option.not_here_fix": "Clear this field.",
        "col.message": "Message",
        "col.hint": "What to do",
        "whole_file": "(whole file)",
        "hint.undecodable_text": (
            "The file is neither UTF-8 nor GB18030 (GBK): save it from Excel as “CSV UTF-8”,"
            " or choose its encoding (GB18030 (GBK), UTF-16) under “CSV encoding” on the form,"
            " and send the sheet again."
        ),
        "hint.sheet_not_found": "Give the sheet's exact name under “Sheet name” on the form.",
        "hint.sheet_hidden": "Give the sheet to read under “Sheet name” on the form.",
        "hint.unknown_column": "Use a column name of the template (docs/intake.md).",
        "hint.hidden_cell": "Unhide the rows and columns, or delete them.",
        "hint.totals_row": "Delete the totals row.",
        "hint.currency_format_mismatch": (
            "Give the cell a plain number format, or correct the currency column."
        ),
        "hint.surrounding_whitespace": "Delete the spaces around the text.",
        "hint.event_sheet_missing": (
            "Name the sheets “Items” and “Offers” (or 物料 and 报价), as in the sourcing event"
            " template linked below the form."
        ),
        "hint.unknown_encoding": "Choose the file's encoding under “CSV encoding” on the form.",
        "hint.invalid_option": "Clear the field or choice that does not apply to this file.",
        # the download button and the templates' links (issue 35)
        "download": "Download as an Excel workbook (.xlsx)",
        "templates": "Blank templates:",
        "template.comparison": "quote sheet",
        "template.event": "sourcing event workbook",
        "other": "Chinese",
        "hint_templates": "Templates:",
        "join": "; ",
    },
    "zh": {
        "title": "比较供应商报价",
        "intro": (
            "上传报价表（CSV 或 XLSX，每行一个报价，列名可用中文或英文）并填写采购信息，"
            "或粘贴一个请求；结果即为报告。"
        ),
        "sheet": "报价表（.csv 或 .xlsx，最大 {limit} MiB）",
        "sheet_name": "工作表名称（XLSX，可选）",
        "encoding": "CSV 编码",
        "encoding_hint": (
            "Excel 的“CSV UTF-8（逗号分隔）”是 UTF-8；中文 Excel 的“CSV（逗号分隔）”是 GBK。"
            "“自动识别”会把不是 UTF-8 的文件按 GB18030（GBK）读取，并在报告中注明。"
        ),
        "encoding.": "自动识别：UTF-8，否则 GB18030（GBK）（默认）",
        "encoding.utf-8": "UTF-8（Excel“CSV UTF-8”）",
        "encoding.gb18030": "GB18030（GBK；中文 Excel“CSV（逗号分隔）”）",
        "encoding.utf-16": "UTF-16（Excel“Unicode 文本”）",
        "weights": "权重",
        "weights_hint": "填了其他权重时，留空的权重按 0 计算。",
        "weight_cost": "成本权重",
        "weight_delivery": "交期权重",
        "weight_quality": "质量权重",
        "scale": "质量评分标准（质量有权重时）",
        "scale_definition": "评分标准说明",
        "scale_minimum": "最低分",
        "scale_maximum": "最高分",
        "constraints": "硬约束（可选）",
        "read_as_written": "按原样读取 ¥ 和 1,234.5",
        "read_as_written_hint": (
            "不勾选：数字中的货币符号或千分位分隔符会在该单元格报错。"
            "勾选：只可能是该行币种的符号（人民币表中的 ¥，$ 除外）和 1,234,567.89 这样的分隔符"
            "会被读取，页面会列出每个这样读取的单元格。"
        ),
        "event_set": "寻源项目（工作簿）",
        "event": "该工作簿是寻源项目（含“物料”和“报价”工作表）",
        "event_short": "该工作簿是寻源项目",
        "event_hint": (
            "一个工作簿中有多个物料和多个供应商：“物料”“报价”工作表，以及可选的“供应商”“汇率”"
            "“预付余额”工作表。结果为授标方案。上面的币种和最长交期天数适用；数量、权重和评分标准不适用。"
        ),
        "or": "或粘贴一个请求（JSON），将代替报价表使用",
        "request": "请求",
        "lang": "报告语言",
        "submit": "比较",
        "rates": "汇率（可选，用于其他币种的报价）",
        "rates_hint": (
            "每行一个汇率：1 个“从”币种等于多少“到”币种（如从 USD 到 CNY 7.1）。"
            "填写汇率后，其他币种的报价按汇率精确换算，报告会注明每个换算数值的来源。"
        ),
        "rate_from": "从（如 USD）",
        "rate_to": "到（如 CNY）",
        "rate": "汇率",
        "rate_date": "日期（YYYY-MM-DD）",
        "rate_source": "来源（如银行报价）",
        "rate_row": "汇率 {n}",
        "choice_default": "（默认）",
        "flag_disagrees": "粘贴的请求中写了另一个值：请选择同一个值，或把此项留空。",
        "json_file": "文件栏中的 .json 文件按粘贴的请求读取。",
        "kept": "您填写的内容都保留在下面。浏览器无法保留已选择的文件：提交前请重新选择报价表。",
        "again": "修改输入",
        "new": "新的比较",
        "again_nav": "下一步",
        "field_errors": "表单字段",
        "line": "第 {n} 行",
        "row": "第 {n} 行",
        "more_lines": "{first}（另有 {more} 行）",
        "col.field": "字段或单元格",
        "notes_title": "报价表的读取方式",
        "notes_intro": "计算之前，报价表按以下方式读取：",
        "note.encoding_detected": (
            "该文件不是 UTF-8，已按 GB18030（GBK）读取，这是中文 Excel“CSV（逗号分隔）”的编码。"
            "请核对上面的名称；如有乱码，请在“CSV 编码”中选择编码。"
        ),
        "converted_by_intake": (
            "计算器没有换算任何币种或单位；报价表中的单位和币种名称由数据读取换算，"
            "见“报价表的读取方式”。"
        ),
        "event_columns_message": (
            "该工作簿含寻源项目的工作表（“物料”和“报价”），但表单未勾选寻源项目，"
            "因此被当作一张报价表读取。"
        ),
        "hint.event_columns": (
            "这像是寻源项目工作簿（含“物料”和“报价”工作表）：请在表单上勾选"
            "“该工作簿是寻源项目”，然后重新提交。"
        ),
        "hint.no_price": "报价表没有“包价/packPrice”列：请添加每个报价的包价。",
        "errors_title": "无法读取报价表",
        "form_errors_title": "表单有错误",
        "errors_intro": "未进行计算。每个错误都标明了单元格或表单字段；请更正后重新提交表单。",
        "nothing": "未提交任何内容：请选择报价表或粘贴请求。",
        "col.cell": "单元格",
        "sheet_errors": "报价表中的错误（{n} 个）列在上面：请改正后重新选择报价表。",
        "option.event_only": "“{label}”只用于寻源项目。",
        "option.event_only_fix": "请勾选“{event}”，或清空此项。",
        "option.quote_only": "“{label}”不用于寻源项目。",
        "option.quote_only_fix": "请清空此项，或取消勾选“{event}”。",
        "option.not_here": "“{label}”不适用于这种文件。",
        "option.not_here_fix": "请清空此项。",
        "col.message": "说明",
        "col.hint": "怎么做",
        "whole_file": "（整个文件）",
        "hint.undecodable_text": (
            "该文件既不是 UTF-8 也不是 GB18030（GBK）：请在 Excel 中另存为“CSV UTF-8”，"
            "或在表单的“CSV 编码”中选择其编码（GB18030（GBK）、UTF-16），然后重新提交。"
        ),
        "hint.sheet_not_found": "请在表单的“工作表名称”中填写工作表的准确名称。",
        "hint.sheet_hidden": "请在表单的“工作表名称”中指定要读取的工作表。",
        "hint.unknown_column": "请使用模板中的列名（见 docs/intake.md）。",
        "hint.hidden_cell": "请取消隐藏或删除这些行和列。",
        "hint.totals_row": "请删除合计行。",
        "hint.currency_format_mismatch": "请把单元格设置为普通数字格式，或更正币种列。",
        "hint.surrounding_whitespace": "请删除文本前后的空格。",
        "hint.event_sheet_missing": (
            "请把工作表命名为“物料”和“报价”（或 Items 和 Offers），"
            "可参照表单下方链接的寻源项目模板。"
        ),
        "hint.unknown_encoding": "请在表单的“CSV 编码”中选择文件的编码。",
        "hint.invalid_option": "请清空不适用于这种文件的字段或选项。",
        # the download button and the templates' links (issue 35)
        "download": "下载 Excel 工作簿（.xlsx）",
        "templates": "空白模板：",
        "template.comparison": "报价表",
        "template.event": "寻源项目工作簿",
        "other": "英文",
        "hint_templates": "模板：",
        "join": "；",
    },
}


def lang_of(values: Mapping[str, Any]) -> str:
    """The page's language from a form's or a query's ``lang``: ``en`` unless ``zh``."""
    lang = str(values.get("lang") or "en")
    return lang if lang in LANGS else "en"
