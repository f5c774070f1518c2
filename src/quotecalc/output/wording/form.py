"""The analyst's page's own words (issue 39: one catalog; ``form.``): the form's labels and
hints, the error page's, the notes on how a sheet was read, the download button and the
templates' links (read by :mod:`quotecalc.http.page.words`). A word the page shares with the
reports is the shared key (an exchange rate's "Rate" is ``col.rate``).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

from .word import Word

ROWS: Final[tuple[Word, ...]] = (
    Word(
        "form.title",
        "Compare supplier quotes",
        "比较供应商报价",
    ),
    Word(
        "form.intro",
        (
            "Upload a quote sheet (CSV or XLSX, one row per quote, column names in English "
            "or Chinese) with what you buy, or paste a request; the answer is the report."
        ),
        (
            "上传报价表（CSV 或 XLSX，每行一个报价，列名可用中文或英文）"
            "并填写采购信息，或粘贴一个请求；结果即为报告。"
        ),
    ),
    Word(
        "form.sheet",
        "Quote sheet (.csv or .xlsx, at most {limit} MiB)",
        "报价表（.csv 或 .xlsx，最大 {limit} MiB）",
    ),
    Word(
        "form.sheet_name",
        "Sheet name (XLSX, optional)",
        "工作表名称（XLSX，可选）",
    ),
    Word(
        "form.encoding",
        "CSV encoding",
        "CSV 编码",
    ),
    Word(
        "form.encoding_hint",
        (
            "Excel's “CSV UTF-8” is UTF-8; a Chinese Excel's “CSV (comma delimited)” is "
            "GBK. “Detect” reads a file that is not UTF-8 as GB18030 (GBK), and says so."
        ),
        (
            "Excel 的“CSV UTF-8（逗号分隔）”是 UTF-8；"
            "中文 Excel 的“CSV（逗号分隔）”是 GBK。“自动识别”"
            "会把不是 UTF-8 的文件按 GB18030（GBK）读取，并在报告中注明。"
        ),
    ),
    Word(
        "form.encoding.",
        "Detect: UTF-8, else GB18030 (GBK) (default)",
        "自动识别：UTF-8，否则 GB18030（GBK）（默认）",
    ),
    Word(
        "form.encoding.utf-8",
        "UTF-8 (Excel “CSV UTF-8”)",
        "UTF-8（Excel“CSV UTF-8”）",
    ),
    Word(
        "form.encoding.gb18030",
        "GB18030 (GBK; Chinese Excel “CSV (comma delimited)”)",
        "GB18030（GBK；中文 Excel“CSV（逗号分隔）”）",
    ),
    Word(
        "form.encoding.utf-16",
        "UTF-16 (Excel “Unicode Text”)",
        "UTF-16（Excel“Unicode 文本”）",
    ),
    Word(
        "form.weights",
        "Weights",
        "权重",
    ),
    Word(
        "form.weights_hint",
        "A blank weight beside filled ones counts as 0.",
        "填了其他权重时，留空的权重按 0 计算。",
    ),
    Word(
        "form.weight_cost",
        "Cost weight",
        "成本权重",
    ),
    Word(
        "form.weight_delivery",
        "Delivery weight",
        "交期权重",
    ),
    Word(
        "form.weight_quality",
        "Quality weight",
        "质量权重",
    ),
    Word(
        "form.scale",
        "Quality scale (when quality is weighted)",
        "质量评分标准（质量有权重时）",
    ),
    Word(
        "form.scale_definition",
        "Scale definition",
        "评分标准说明",
    ),
    Word(
        "form.scale_minimum",
        "Minimum",
        "最低分",
    ),
    Word(
        "form.scale_maximum",
        "Maximum",
        "最高分",
    ),
    Word(
        "form.constraints",
        "Hard constraints (optional)",
        "硬约束（可选）",
    ),
    Word(
        "form.read_as_written",
        "Read ¥ and 1,234.5 as written",
        "按原样读取 ¥ 和 1,234.5",
    ),
    Word(
        "form.read_as_written_hint",
        (
            "Off: a currency sign or a thousands separator in a number is an error at its "
            "cell. On: a sign that can only be the row's currency (¥ on a sheet in CNY, "
            "never $) and separators like 1,234,567.89 are read, and the page lists each "
            "cell read so."
        ),
        (
            "不勾选：数字中的货币符号或千分位分隔符会在该单元格报错。勾选："
            "只可能是该行币种的符号（人民币表中的 ¥，$ 除外）"
            "和 1,234,567.89 这样的分隔符会被读取，"
            "页面会列出每个这样读取的单元格。"
        ),
    ),
    Word(
        "form.event_set",
        "Sourcing event (workbook)",
        "寻源项目（工作簿）",
    ),
    Word(
        "form.event",
        "The workbook is a sourcing event (sheets Items and Offers)",
        "该工作簿是寻源项目（含“物料”和“报价”工作表）",
    ),
    Word(
        "form.event_short",
        "The workbook is a sourcing event",
        "该工作簿是寻源项目",
    ),
    Word(
        "form.event_hint",
        (
            "Several items and suppliers in one workbook: Items, Offers, and optional "
            "Suppliers, Exchange rates and Balances sheets. The answer is the award. "
            "Currency and maximum lead days above apply to it; quantity, weights and scale "
            "do not."
        ),
        (
            "一个工作簿中有多个物料和多个供应商：“物料”“报价”工作表，"
            "以及可选的“供应商”“汇率”“预付余额”工作表。结果为授标方案。"
            "上面的币种和最长交期天数适用；数量、权重和评分标准不适用。"
        ),
    ),
    Word(
        "form.or",
        "Or paste a request (JSON); it is used instead of the sheet",
        "或粘贴一个请求（JSON），将代替报价表使用",
    ),
    Word(
        "form.request",
        "Request",
        "请求",
    ),
    Word(
        "form.lang",
        "Language of the report",
        "报告语言",
    ),
    Word(
        "form.submit",
        "Compare",
        "比较",
    ),
    Word(
        "form.rates",
        "Exchange rates (optional, for quotes in other currencies)",
        "汇率（可选，用于其他币种的报价）",
    ),
    Word(
        "form.rates_hint",
        (
            "One rate per row: how many “to” for one “from” (e.g. from USD to CNY 7.1).  "
            "With rates, quotes in another currency are converted exactly and the page says "
            "where each converted figure came from."
        ),
        (
            "每行一个汇率：1 个“从”币种等于多少“到”"
            "币种（如从 USD 到 CNY 7.1）。填写汇率后，"
            "其他币种的报价按汇率精确换算，报告会注明每个换算数值的来源。"
        ),
    ),
    Word(
        "form.rate_from",
        "From (e.g. USD)",
        "从（如 USD）",
    ),
    Word(
        "form.rate_to",
        "To (e.g. CNY)",
        "到（如 CNY）",
    ),
    Word(
        "form.rate_date",
        "Date (YYYY-MM-DD)",
        "日期（YYYY-MM-DD）",
    ),
    Word(
        "form.rate_source",
        "Source (e.g. bank quote)",
        "来源（如银行报价）",
    ),
    Word(
        "form.rate_row",
        "Rate {n}",
        "汇率 {n}",
    ),
    Word(
        "form.choice_default",
        "(default)",
        "（默认）",
    ),
    Word(
        "form.flag_disagrees",
        (
            "The pasted request states another value: choose the same one, or leave this "
            "field blank."
        ),
        "粘贴的请求中写了另一个值：请选择同一个值，或把此项留空。",
    ),
    Word(
        "form.json_file",
        "A .json file in the file field is read as a pasted request.",
        "文件栏中的 .json 文件按粘贴的请求读取。",
    ),
    Word(
        "form.kept",
        (
            "Everything you typed is kept below. A browser cannot keep a chosen file: "
            "choose the quote sheet again before you send the form."
        ),
        "您填写的内容都保留在下面。浏览器无法保留已选择的文件：提交前请重新选择报价表。",
    ),
    Word(
        "form.again",
        "Change the inputs",
        "修改输入",
    ),
    Word(
        "form.new",
        "New comparison",
        "新的比较",
    ),
    Word(
        "form.again_nav",
        "What next",
        "下一步",
    ),
    Word(
        "form.field_errors",
        "Form fields",
        "表单字段",
    ),
    Word(
        "form.line",
        "line {n}",
        "第 {n} 行",
    ),
    Word(
        "form.row",
        "row {n}",
        "第 {n} 行",
    ),
    Word(
        "form.more_lines",
        "{first} (and {more} more lines)",
        "{first}（另有 {more} 行）",
    ),
    Word(
        "form.col.field",
        "Field or cell",
        "字段或单元格",
    ),
    Word(
        "form.notes_title",
        "How the sheet was read",
        "报价表的读取方式",
    ),
    Word(
        "form.notes_intro",
        "Before the calculation, the sheet was read as follows:",
        "计算之前，报价表按以下方式读取：",
    ),
    Word(
        "form.note.encoding_detected",
        (
            "The file is not UTF-8; it was read as GB18030 (GBK), the encoding of a Chinese "
            "Excel's “CSV (comma delimited)”. Check the names above; if they are wrong, "
            "choose the encoding under “CSV encoding”."
        ),
        (
            "该文件不是 UTF-8，已按 GB18030（GBK）读取，"
            "这是中文 Excel“CSV（逗号分隔）”的编码。请核对上面的名称；如有乱码，"
            "请在“CSV 编码”中选择编码。"
        ),
    ),
    Word(
        "form.converted_by_intake",
        (
            "The calculator converted no currency or unit; the sheet's units and currency "
            "names were read by the intake, as listed under “How the sheet was read”."
        ),
        (
            "计算器没有换算任何币种或单位；报价表中的单位和币种名称由数据读取换算，"
            "见“报价表的读取方式”。"
        ),
    ),
    Word(
        "form.event_columns_message",
        (
            "The workbook has the sheets of a sourcing event (Items and Offers), but the "
            "form did not say it is one, so it was read as one quote sheet."
        ),
        (
            "该工作簿含寻源项目的工作表（“物料”和“报价”），但表单未勾选寻源项目，"
            "因此被当作一张报价表读取。"
        ),
    ),
    Word(
        "form.hint.event_columns",
        (
            "This looks like a sourcing event workbook (sheets Items and Offers): tick “The "
            "workbook is a sourcing event” on the form and send it again."
        ),
        (
            "这像是寻源项目工作簿（含“物料”和“报价”工作表）："
            "请在表单上勾选“该工作簿是寻源项目”，然后重新提交。"
        ),
    ),
    Word(
        "form.hint.no_price",
        "The sheet has no 包价/packPrice column: add the pack price of each quote.",
        "报价表没有“包价/packPrice”列：请添加每个报价的包价。",
    ),
    Word(
        "form.errors_title",
        "The quote sheet cannot be read",
        "无法读取报价表",
    ),
    Word(
        "form.form_errors_title",
        "The form has errors",
        "表单有错误",
    ),
    Word(
        "form.errors_intro",
        (
            "Nothing was calculated. Each error names its cell or the form's field; correct "
            "them and send the form again."
        ),
        "未进行计算。每个错误都标明了单元格或表单字段；请更正后重新提交表单。",
    ),
    Word(
        "form.nothing",
        "Nothing was sent: choose a quote sheet or paste a request.",
        "未提交任何内容：请选择报价表或粘贴请求。",
    ),
    Word(
        "form.col.cell",
        "Cell",
        "单元格",
    ),
    Word(
        "form.sheet_errors",
        (
            "The errors in the sheet are listed above ({n}): correct them, then choose the "
            "sheet again."
        ),
        "报价表中的错误（{n} 个）列在上面：请改正后重新选择报价表。",
    ),
    Word(
        "form.option.event_only",
        "“{label}” is for a sourcing event only.",
        "“{label}”只用于寻源项目。",
    ),
    Word(
        "form.option.event_only_fix",
        "Tick “{event}”, or clear this field.",
        "请勾选“{event}”，或清空此项。",
    ),
    Word(
        "form.option.quote_only",
        "“{label}” is not used for a sourcing event.",
        "“{label}”不用于寻源项目。",
    ),
    Word(
        "form.option.quote_only_fix",
        "Clear this field, or untick “{event}”.",
        "请清空此项，或取消勾选“{event}”。",
    ),
    Word(
        "form.option.not_here",
        "“{label}” does not apply to this file.",
        "“{label}”不适用于这种文件。",
    ),
    Word(
        "form.option.not_here_fix",
        "Clear this field.",
        "请清空此项。",
    ),
    Word(
        "form.col.message",
        "Message",
        "说明",
    ),
    Word(
        "form.col.hint",
        "What to do",
        "怎么做",
    ),
    Word(
        "form.whole_file",
        "(whole file)",
        "（整个文件）",
    ),
    Word(
        "form.hint.undecodable_text",
        (
            "The file is neither UTF-8 nor GB18030 (GBK): save it from Excel as “CSV "
            "UTF-8”, or choose its encoding (GB18030 (GBK), UTF-16) under “CSV encoding” on "
            "the form, and send the sheet again."
        ),
        (
            "该文件既不是 UTF-8 也不是 GB18030（GBK）："
            "请在 Excel 中另存为“CSV UTF-8”，或在表单的“CSV 编码”"
            "中选择其编码（GB18030（GBK）、UTF-16），然后重新提交。"
        ),
    ),
    Word(
        "form.hint.sheet_not_found",
        "Give the sheet's exact name under “Sheet name” on the form.",
        "请在表单的“工作表名称”中填写工作表的准确名称。",
    ),
    Word(
        "form.hint.sheet_hidden",
        "Give the sheet to read under “Sheet name” on the form.",
        "请在表单的“工作表名称”中指定要读取的工作表。",
    ),
    Word(
        "form.hint.unknown_column",
        "Use a column name of the template (docs/intake.md).",
        "请使用模板中的列名（见 docs/intake.md）。",
    ),
    Word(
        "form.hint.hidden_cell",
        "Unhide the rows and columns, or delete them.",
        "请取消隐藏或删除这些行和列。",
    ),
    Word(
        "form.hint.totals_row",
        "Delete the totals row.",
        "请删除合计行。",
    ),
    Word(
        "form.hint.currency_format_mismatch",
        "Give the cell a plain number format, or correct the currency column.",
        "请把单元格设置为普通数字格式，或更正币种列。",
    ),
    Word(
        "form.hint.surrounding_whitespace",
        "Delete the spaces around the text.",
        "请删除文本前后的空格。",
    ),
    Word(
        "form.hint.event_sheet_missing",
        (
            "Name the sheets “Items” and “Offers” (or 物料 and 报价), as in the sourcing event "
            "template linked below the form."
        ),
        (
            "请把工作表命名为“物料”和“报价”（或 Items 和 Offers），"
            "可参照表单下方链接的寻源项目模板。"
        ),
    ),
    Word(
        "form.hint.unknown_encoding",
        "Choose the file's encoding under “CSV encoding” on the form.",
        "请在表单的“CSV 编码”中选择文件的编码。",
    ),
    Word(
        "form.hint.invalid_option",
        "Clear the field or choice that does not apply to this file.",
        "请清空不适用于这种文件的字段或选项。",
    ),
    Word(
        "form.download",
        "Download as an Excel workbook (.xlsx)",
        "下载 Excel 工作簿（.xlsx）",
    ),
    Word(
        "form.templates",
        "Blank templates:",
        "空白模板：",
    ),
    Word(
        "form.template.comparison",
        "quote sheet",
        "报价表",
    ),
    Word(
        "form.template.event",
        "sourcing event workbook",
        "寻源项目工作簿",
    ),
    Word(
        "form.other",
        "Chinese",
        "英文",
    ),
    Word(
        "form.hint_templates",
        "Templates:",
        "模板：",
    ),
    Word(
        "form.list_join",
        "; ",
        "；",
    ),
)
