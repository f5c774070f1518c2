"""The intake's one table of codes: each code's message in English and Chinese, the fix hint
where one exists, and the option that relaxes it (``docs/intake.md``, "Errors").

Messages are fixed per code and language: nothing of a cell's content is ever echoed. The
calculator's own quote-field codes keep the calculator's messages (``quotecalc.core.codes`` in
English, ``quotecalc.wording`` in Chinese), because its field rules decide them. The error
document's schema (``docs/schema/intake/errors.schema.json``) is generated from this table.
"""

# Chinese text is this module's subject.
# ruff: noqa: RUF001
from __future__ import annotations

from typing import Final

import attrs

from ..core.codes import CONVERSION_ERROR_MESSAGES
from ..core.codes import ERROR_MESSAGES as CORE_MESSAGES
from ..core.event_rules import EVENT_ERROR_MESSAGES
from ..output.wording import ERROR_TEXT

LANGS: Final = ("en", "zh")


@attrs.frozen
class Text:
    """One code: its message and hint in each language, and the flag that relaxes it."""

    code: str
    en: str
    zh: str
    hint_en: str = ""
    hint_zh: str = ""
    relaxed_by: str = ""

    def message(self, lang: str) -> str:
        """The message in ``lang`` (``"en"`` or ``"zh"``; any other is a ``KeyError``)."""
        return {"en": self.en, "zh": self.zh}[lang]

    def hint(self, lang: str) -> str:
        """The hint in ``lang`` (``""`` when the code has none)."""
        return {"en": self.hint_en, "zh": self.hint_zh}[lang]


_ENCODING_EN: Final = "Try --encoding gb18030 (Chinese Excel's CSV) or --encoding utf-16."
_ENCODING_ZH: Final = "请尝试 --encoding gb18030（中文 Excel 导出的 CSV）或 --encoding utf-16。"
_HEADER_EN: Final = "Put the header in row 1: delete any title rows above it."
_HEADER_ZH: Final = "请把表头放在第 1 行：删除表头上方的标题行。"
_SMALLER_EN: Final = "Copy only the quote sheet into a new workbook and save that."
_SMALLER_ZH: Final = "请只把报价工作表复制到一个新工作簿中再保存。"

INTAKE_TEXTS: Final[tuple[Text, ...]] = (
    Text(
        "invalid_arguments",
        "The command line is not one the intake accepts.",
        "命令行参数不被接受。",
        "Run python -m quotecalc.intake --help for the accepted forms.",
        "运行 python -m quotecalc.intake --help 查看可用的写法。",
    ),
    Text(
        "internal_error",
        "An internal error occurred; this is a bug in quotecalc, not in the input.",
        "quotecalc 出现了程序缺陷（bug），并非输入的问题。",
    ),
    Text(
        "invalid_option",
        "An option is not in its documented form, or is not for this kind of file.",
        "选项的写法不符合说明，或不适用于这种文件。",
        "See python -m quotecalc.intake --help for the option's form.",
        "请用 python -m quotecalc.intake --help 查看该选项的写法。",
    ),
    Text(
        "unknown_encoding",
        "The encoding is not one Python knows.",
        "Python 不认识这个编码名称。",
        _ENCODING_EN,
        _ENCODING_ZH,
    ),
    Text("file_not_found", "The file cannot be opened.", "无法打开该文件。"),
    Text(
        "file_too_large",
        "The file is larger than 10 MiB.",
        "文件大于 10 MiB。",
        _SMALLER_EN,
        _SMALLER_ZH,
    ),
    Text(
        "unsupported_file_type",
        "Only .csv, .txt, .xlsx and .xlsm files are read.",
        "只能读取 .csv、.txt、.xlsx 和 .xlsm 文件。",
        "Save an .xls or .ods file as an Excel workbook (.xlsx), or as CSV UTF-8.",
        "请把 .xls 或 .ods 文件另存为 Excel 工作簿（.xlsx）或 CSV UTF-8。",
    ),
    Text(
        "xlsx_support_missing",
        "Reading XLSX needs the optional extra.",
        "读取 XLSX 需要安装可选组件。",
        "python -m pip install 'quotecalc[xlsx]'",
        "python -m pip install 'quotecalc[xlsx]'",
    ),
    Text(
        "xlsx_unreadable",
        "The file is not a readable XLSX workbook.",
        "该文件不是可读取的 XLSX 工作簿。",
        "Encrypted (password-protected) files cannot be read: save a copy without a password."
        " Otherwise open the file and save it again as .xlsx.",
        "无法读取加密（设有密码）的文件：请另存一份不带密码的副本。"
        "否则请打开文件后重新另存为 .xlsx。",
    ),
    Text(
        "xlsx_encrypted",
        "The workbook is encrypted (password-protected); encrypted files cannot be read.",
        "该工作簿已加密（设有密码）；无法读取加密的文件。",
        "Open it, remove the password (File > Info > Protect Workbook) and save a copy.",
        "请打开文件，取消密码（文件 > 信息 > 保护工作簿）后另存一份副本。",
    ),
    Text(
        "xlsx_too_large_uncompressed",
        "The workbook expands to more than 16 MiB.",
        "工作簿解压后超过 16 MiB。",
        _SMALLER_EN,
        _SMALLER_ZH,
    ),
    Text(
        "xlsx_too_complex",
        "The workbook's structure is beyond the intake's bounds: too many parts, XML nested"
        " too deeply, or too many XML elements in one part or cell.",
        "工作簿的结构超出了读取的限制：部件过多、XML 嵌套过深，"
        "或一个部件或单元格中的 XML 元素过多。",
        _SMALLER_EN,
        _SMALLER_ZH,
    ),
    Text(
        "shared_strings_too_large",
        "The workbook's shared text part is larger than 1 MiB.",
        "工作簿的共享文本部分超过 1 MiB。",
        _SMALLER_EN,
        _SMALLER_ZH,
    ),
    Text(
        "styles_too_large",
        "The workbook's styles part is larger than 1 MiB.",
        "工作簿的样式部分超过 1 MiB。",
        "Copy only the cell values of the quote sheet into a new workbook (paste values)"
        " and save that.",
        "请把报价工作表的数值（选择性粘贴为数值）复制到一个新工作簿中再保存。",
    ),
    Text(
        "sheet_not_found",
        "The workbook has no sheet of that name.",
        "工作簿中没有这个名称的工作表。",
        "Give the sheet's exact name with --sheet.",
        "请用 --sheet 给出工作表的准确名称。",
    ),
    Text(
        "sheet_hidden",
        "The workbook's active sheet is hidden, so no visible sheet is read.",
        "工作簿的当前工作表是隐藏的，因此没有可读取的可见工作表。",
        "Name the sheet to read with --sheet.",
        "请用 --sheet 指定要读取的工作表。",
    ),
    Text(
        "sheet_too_large",
        "The sheet uses rows past 10000 or more than 100000 cells, blank or not.",
        "工作表使用了第 10000 行以后的行或超过 100000 个单元格（包括空白的）。",
        "Delete the unused rows and columns below and right of the quotes, or copy only the"
        " quotes into a new file.",
        "请删除报价下方和右侧未使用的行和列，或只把报价复制到一个新文件中。",
    ),
    Text(
        "undecodable_text",
        "This line is not valid text in the chosen encoding.",
        "这一行按所选编码不是有效文本。",
        _ENCODING_EN,
        _ENCODING_ZH,
    ),
    Text("malformed_csv", "This row is not valid CSV.", "这一行不是有效的 CSV。"),
    Text(
        "missing_header",
        "Row 1 must hold the column names; it is blank or names no field.",
        "第 1 行必须是列名；它是空的，或没有一个列名能对应到字段。",
        _HEADER_EN,
        _HEADER_ZH,
    ),
    Text(
        "unknown_column",
        "The column name is not a field name or a synonym of one.",
        "该列名既不是字段名，也不是字段名的同义词。",
        "Rename the column: suggestion, when given, is the nearest accepted name and reason"
        " says why the name is not read; the template lists every name"
        " (python -m quotecalc.intake --template en).",
        "请修改列名：suggestion（如有）是最接近的可接受列名，reason 说明为何不读取该列名；"
        "模板列出了全部列名（python -m quotecalc.intake --template zh）。",
    ),
    Text(
        "ambiguous_column",
        "The column name can mean more than one thing (units or packs, per unit or per pack,"
        " days or weeks); it is not guessed.",
        "该列名可以有不止一种含义（件数还是包数、每件还是每包、天还是周）；不会猜测。",
        "Answer question by renaming the column; suggestion, when given, is the accepted name"
        " for the likelier meaning.",
        "请按 question 的提问修改列名；suggestion（如有）是较可能含义对应的可接受列名。",
    ),
    Text(
        "duplicate_column",
        "Another column already maps to the same field.",
        "已有另一列对应同一个字段。",
    ),
    Text("unnamed_column", "A column without a name holds data.", "没有列名的列中有数据。"),
    Text(
        "missing_supplier_column",
        "No column maps to supplierId.",
        "没有一列对应 supplierId（供应商）。",
        "Add a column named 供应商 or Supplier.",
        "请添加名为“供应商”或 Supplier 的列。",
    ),
    Text(
        "cell_outside_header",
        "A cell right of the last named column holds data.",
        "最后一个有列名的列右侧的单元格中有数据。",
    ),
    Text(
        "too_many_columns",
        "A cell right of column BL holds data; only columns A to BL are read.",
        "BL 列右侧的单元格中有数据；只读取 A 到 BL 列。",
    ),
    Text("no_quotes", "The sheet has no data rows.", "工作表没有数据行。"),
    Text("too_many_rows", "More than 100 data rows.", "数据行超过 100 行。"),
    Text(
        "thousands_separator",
        "Thousands separators are not allowed in numbers.",
        "数字中不允许使用千分位分隔符。",
        "Delete the separators (1234.5, not 1,234.5). Where every comma of the sheet is a"
        " separator of the 1,234,567.89 pattern, --read-as-written reads them.",
        "请删除千分位分隔符（写 1234.5，不写 1,234.5）。如果表中的逗号全都是 1,234,567.89"
        " 这种写法的千分位分隔符，使用 --read-as-written 可按原样读取。",
        "--read-as-written",
    ),
    Text("percent_sign", "Percent signs are not allowed in numbers.", "数字中不允许使用百分号。"),
    Text(
        "currency_symbol",
        "Currency symbols are not allowed in numbers; use the currency column.",
        "数字中不允许使用货币符号；请使用币种列。",
        "Delete the sign and give the currency in the currency column (or --currency). Where"
        " the sign can only mean the row's currency (¥ or 元 on a sheet in CNY that names no"
        " yen, € in EUR, £ in GBP; never $), --read-as-written reads it.",
        "请删除货币符号，并在币种列（或 --currency）中给出币种。如果该符号只可能表示该行的币种"
        "（人民币且未提到日元的表中的 ¥ 或 元、欧元的 €、英镑的 £；$ 除外），"
        "使用 --read-as-written 可按原样读取。",
        "--read-as-written",
    ),
    Text(
        "unit_in_value",
        "A unit (万, 千, 万元) is written in the number; a cell holds the number alone.",
        "数字中写了单位（万、千、万元）；单元格中只能写数字。",
        "Write the number alone and give the unit in the column's name: a money column named"
        " 包价（万元） (or 运费（万元）, Pack price (kCNY)) is read at that unit. Elsewhere write"
        " the whole number (100000, not 10万).",
        "请只写数字，并把单位写进列名：名为“包价（万元）”（或“运费（万元）”、Pack price (kCNY)）"
        "的金额列会按该单位读取。其他列请写完整的数（写 100000，不写 10万）。",
    ),
    Text(
        "unit_price_needs_pack_size",
        "A unit price (单价) is the price of one unit: without the row's pack size it cannot"
        " become the pack price.",
        "单价是一件的价格：这一行没有每包数量，无法换算成包价。",
        "Give the pack size (每包数量; 1 when sold by the unit), or, if the price is per pack,"
        " name the column 包价 (Pack price).",
        "请填写每包数量（按件卖时填 1）；如果这个价格是每包的价格，请把列名改为“包价”。",
    ),
    Text(
        "number_in_text_column",
        "This column needs text; the cell holds a number.",
        "该列需要文本，但单元格中是数字。",
        "Format the column as Text before typing (the template does), so a code such as"
        " 00123 stays as typed.",
        "请在输入前把该列设置为“文本”格式（模板已设置），这样 00123 这样的编号会保持原样。",
    ),
    Text("date_cell", "Dates and times are not allowed.", "不允许使用日期和时间。"),
    Text("boolean_cell", "TRUE/FALSE cells are not allowed.", "不允许使用 TRUE/FALSE 单元格。"),
    Text("error_cell", "The cell holds a spreadsheet error value.", "单元格中是电子表格错误值。"),
    Text(
        "formula_without_value",
        "The formula has no saved result the intake may trust: none was saved, or the"
        " workbook asks to be recalculated when opened.",
        "该公式没有可信的已保存结果：没有保存结果，或工作簿要求打开时重新计算。",
        "Open the file in Excel or LibreOffice and save it again, or type the values.",
        "请在 Excel 或 LibreOffice 中打开文件后重新保存，或直接输入数值。",
    ),
    Text("percent_format", "Percent number formats are not allowed.", "不允许使用百分比数字格式。"),
    Text(
        "unsupported_number_format",
        "The cell's number format is not one the intake can display.",
        "无法按该单元格的数字格式确定显示的数值。",
        "Format the cell as General or as a fixed number of decimals (0.00).",
        "请把单元格设置为“常规”或固定小数位（0.00）格式。",
    ),
    Text(
        "float_tail_not_displayed",
        "The binary value needs more than 6 decimals and its number format does not show"
        " the nearest 6-decimal value.",
        "该二进制数值需要超过 6 位小数，而数字格式显示的不是最接近的 6 位小数值。",
        "Round the value in the sheet (ROUND) or show it with 6 decimals (0.000000).",
        "请在表中对数值取整（ROUND），或用 6 位小数（0.000000）格式显示。",
    ),
    Text(
        "value_not_displayed",
        "The cell holds a value the sheet does not show (its number format shows nothing or"
        " only text, or its font is the colour of its fill); see shown and stored.",
        "单元格中的值在表中看不到（数字格式不显示它或只显示文字，或字体颜色与填充颜色相同）；"
        "见 shown（显示）与 stored（存储）。",
        "Show the value (number format General or 0.00, a visible font colour), or delete it.",
        "请让该值可见（数字格式设为“常规”或 0.00，字体颜色可见），或删除它。",
    ),
    Text(
        "display_rounds_value",
        "The cell's number format shows a rounded value, not the value stored; see shown and"
        " stored.",
        "单元格的数字格式显示的是取整后的值，而不是存储的值；见 shown（显示）与 stored（存储）。",
        "Show all the decimals (General, or 0.00 with enough places), or round the value.",
        "请显示全部小数位（“常规”，或足够位数的 0.00），或对数值本身取整。",
    ),
    Text(
        "display_scales_value",
        "The cell's number format shows the value scaled (a trailing comma divides by 1000) or"
        " with a unit of unclear scale; see shown and stored.",
        "单元格的数字格式按比例显示数值（末尾的逗号表示除以 1000），或带有比例不明确的单位；"
        "见 shown（显示）与 stored（存储）。",
        "Format the cell as General or 0.00 and type the value in the quote's own unit.",
        "请把单元格设置为“常规”或 0.00 格式，并按报价本身的单位输入数值。",
    ),
    Text(
        "invisible_character",
        "The text holds an invisible character (zero-width, a direction mark, a control"
        " character); see position and character.",
        "文本中有看不见的字符（零宽字符、方向标记、控制字符）；"
        "见 position（位置）与 character（字符）。",
        "Retype the text, or delete the character at that position.",
        "请重新输入该文本，或删除该位置上的字符。",
    ),
    Text("merged_cells", "Merged cells are not allowed.", "不允许使用合并单元格。"),
    Text(
        "hidden_cell",
        "A hidden row or column holds data (the first such cell).",
        "隐藏的行或列中有数据（这是第一个这样的单元格）。",
        "Unhide the rows and columns, or delete them; --include-hidden reads them.",
        "请取消隐藏或删除这些行和列；使用 --include-hidden 可读取它们。",
        "--include-hidden",
    ),
    Text(
        "totals_row",
        "This row is a totals row (a total word as supplier, a SUM/SUBTOTAL over rows, or"
        " numbers that are the sums of the rows above).",
        "这一行是合计行（供应商为合计类词语，含有对多行求和的 SUM/SUBTOTAL 公式，"
        "或其数字正是上方各行之和）。",
        "Delete the totals row; --skip-totals skips it.",
        "请删除合计行；使用 --skip-totals 可跳过它。",
        "--skip-totals",
    ),
    Text(
        "currency_format_mismatch",
        "The cell's currency format disagrees with the quote's currency.",
        "单元格的货币格式与报价的币种不一致。",
        "Give the cell a plain number format, or correct the currency column (or --currency).",
        "请把单元格设置为普通数字格式，或更正币种列（或 --currency）。",
    ),
    Text(
        "unknown_header_unit",
        "The column name gives a unit the intake does not know; its values cannot be read at"
        " a guessed scale.",
        "列名中的单位无法识别；不能按猜测的比例读取该列的数值。",
        "Name the column with a known unit: 万元 (×10000), 千元 or kCNY or CNY thousand"
        " (×1000), 元 or CNY (×1), or without a unit, in the quote's own currency.",
        "请使用可识别的单位命名该列：万元（×10000）、千元、kCNY 或 CNY thousand（×1000）、"
        "元或 CNY（×1），或去掉单位、按报价本身的币种填写。",
    ),
    Text(
        "unit_conflict",
        "The cell's number format shows a unit other than the one its column's name gives;"
        " see shown and stored.",
        "单元格的数字格式显示的单位与列名给出的单位不同；见 shown（显示）与 stored（存储）。",
        "Give the cell a plain number format (General or 0.00), or make the column's unit"
        " and the format's unit the same.",
        "请把单元格设置为普通数字格式（“常规”或 0.00），或让列名与数字格式的单位一致。",
    ),
    Text(
        "unit_value_too_precise",
        "Read at its column's unit, the value would have more than 6 decimals.",
        "按列名的单位换算后，该值会超过 6 位小数。",
        "Round the value so that, times the column's unit, it has at most 6 decimals.",
        "请对数值取整，使其乘以列名的单位后最多有 6 位小数。",
    ),
    Text(
        "column_currency_mismatch",
        "The column's name gives a currency (元, CNY) other than the quote's currency.",
        "列名给出的币种（元、CNY）与报价的币种不一致。",
        "Correct the currency column (or --currency), or name the column without a currency.",
        "请更正币种列（或 --currency），或让列名不带币种。",
    ),
    Text(
        "ambiguous_currency",
        "The currency sign names several currencies ($: US, Hong Kong, Taiwan, Singapore"
        " dollars...; ¥: yuan or yen where the sheet is not plainly in CNY or also names the"
        " yen); it is not guessed.",
        "该货币符号可指多种货币（$：美元、港元、新台币、新加坡元等；¥：工作表未明确为人民币"
        "或同时提到日元时，可能是人民币或日元）；不会猜测。",
        "Write the ISO 4217 code: USD, HKD, TWD, SGD; CNY or JPY.",
        "请填写 ISO 4217 代码：USD、HKD、TWD、SGD；CNY 或 JPY。",
    ),
    Text(
        "currency_not_iso",
        "The currency is written with a sign (US$, HK$, NT$, €); the request needs its ISO 4217"
        " code, and only the renminbi's names are translated.",
        "币种是用符号写的（US$、HK$、NT$、€）；请求需要 ISO 4217 代码，"
        "只有人民币的名称会被自动转换。",
        "Write the ISO 4217 code: USD for US$, HKD for HK$, TWD for NT$, EUR for €.",
        "请填写 ISO 4217 代码：US$ 写 USD，HK$ 写 HKD，NT$ 写 TWD，€ 写 EUR。",
    ),
    Text(
        "event_needs_workbook",
        "An event is read from a workbook (.xlsx, .xlsm) with an items sheet and an offers"
        " sheet; a CSV file holds only one sheet.",
        "寻源活动要从工作簿（.xlsx、.xlsm）读取，其中有物料表和报价表；CSV 文件只有一张表。",
        "Save the items and the offers as two sheets of one Excel workbook (.xlsx).",
        "请把物料和报价保存为同一个 Excel 工作簿（.xlsx）中的两张工作表。",
    ),
    Text(
        "event_sheet_missing",
        "The workbook has no sheet named for the event's items or for its offers.",
        "工作簿中没有名为物料或报价的工作表。",
        "Name the sheets Items and Offers (物料, 报价); see python -m quotecalc.intake --help.",
        "请把工作表命名为“物料”和“报价”（Items、Offers）；详见 python -m quotecalc.intake --help。",
    ),
    Text(
        "duplicate_sheet",
        "Two sheets of the workbook have names for the same part of the event.",
        "工作簿中有两张工作表的名称对应寻源活动的同一部分。",
        "Rename or delete one of them (for example Items and 物料 are the same sheet).",
        "请重命名或删除其中一张（例如“物料”与 Items 是同一张表）。",
    ),
    Text(
        "event_sheet_hidden",
        "A sheet of the event is hidden in the workbook.",
        "寻源活动的一张工作表在工作簿中是隐藏的。",
        "Unhide the sheet, or delete it; --include-hidden reads it.",
        "请取消隐藏或删除该工作表；使用 --include-hidden 可读取它。",
        "--include-hidden",
    ),
    Text(
        "missing_item_column",
        "No column maps to itemId.",
        "没有一列对应 itemId（物料编号）。",
        "Add a column named 物料编号 or Item.",
        "请添加名为“物料编号”或 Item 的列。",
    ),
    Text("no_rows", "The sheet has no data rows.", "工作表没有数据行。"),
    Text(
        "incomplete_pair",
        "Half of a numbered pair of columns (a price break or a spend tier) is blank.",
        "编号成对的列（价格阶梯或消费折扣）中有一列为空。",
        "Fill both cells of the pair (Break 1 minimum quantity and Break 1 pack price), or"
        " neither.",
        "请把这一对单元格（阶梯1数量 与 阶梯1包价）都填上，或都留空。",
    ),
    Text(
        "supplier_values_differ",
        "A supplier's own value (currency, freight, fees, minimum order value, lead time,"
        " spend tiers) differs from the one on the supplier's first offer row.",
        "供应商自身的值（币种、运费、其他费用、最低订单金额、交期、消费折扣）"
        "与该供应商第一行报价上的值不同。",
        "Give the same value on every row of the supplier, or give it once on a Suppliers sheet.",
        "请在该供应商的每一行填写相同的值，或在“供应商”工作表上只填写一次。",
    ),
    Text(
        "supplier_column_twice",
        "This supplier column is on the offers sheet and on the suppliers sheet.",
        "该供应商列同时出现在报价表和供应商表中。",
        "Keep it on one of the two sheets.",
        "请只在其中一张表上保留该列。",
    ),
    Text(
        "supplier_not_listed",
        "The offer's supplier is not a row of the suppliers sheet.",
        "该报价的供应商不在供应商表中。",
        "Add the supplier to the suppliers sheet, or correct its name here.",
        "请把该供应商添加到供应商表中，或更正这里的名称。",
    ),
    Text(
        "supplier_without_offers",
        "The supplier has no row on the offers sheet.",
        "该供应商在报价表中没有任何一行。",
        "Add its offers, or delete its row.",
        "请添加它的报价，或删除这一行。",
    ),
    Text(
        "surrounding_whitespace",
        "The text starts or ends with whitespace.",
        "文本开头或结尾有空白字符。",
        "Delete the spaces; --trim removes them (and the output says where).",
        "请删除这些空格；使用 --trim 可自动去除（输出会注明位置）。",
        "--trim",
    ),
)

NOTE_TEXTS: Final[tuple[Text, ...]] = (
    Text(
        "column_ignored",
        "The column is a remarks or row-number column (备注, 说明, Remarks, Notes, 序号, No.);"
        " it is not read.",
        "该列是备注或序号列（备注、说明、Remarks、Notes、序号、No.）；不读取。",
    ),
    Text(
        "unit_price_converted",
        "The column is a unit price (单价, Unit price): each row's pack price is that price"
        " times the row's pack size, exactly.",
        "该列是单价：每一行的包价按单价乘以该行的每包数量精确换算。",
    ),
    Text(
        "currency_sign_read",
        "The number's currency sign is the row's currency; it was read without it"
        " (--read-as-written).",
        "数字的货币符号就是该行的币种；已去掉符号读取（--read-as-written）。",
    ),
    Text(
        "thousands_separator_read",
        "The number's thousands separators were read as written (1,234.5 is 1234.5;"
        " --read-as-written).",
        "数字的千分位分隔符已按原样读取（1,234.5 即 1234.5；--read-as-written）。",
    ),
    Text(
        "unit_scaled",
        "The number format shows a unit of exact scale (万, 亿); the value was read at the"
        " displayed meaning, the number times the unit.",
        "数字格式显示了比例明确的单位（万、亿）；该值按显示的含义读取，即数字乘以单位。",
    ),
    Text(
        "column_unit_read",
        "The column's name gives a unit of exact scale (万元 ×10000, kCNY ×1000, 元 ×1); its"
        " values were read at that unit, the number times scale, in currency when given.",
        "列名给出了比例明确的单位（万元 ×10000、kCNY ×1000、元 ×1）；该列数值按此单位读取，"
        "即数字乘以 scale，币种为 currency（如有）。",
    ),
    Text(
        "currency_name_read",
        "The currency cell names the renminbi (人民币, RMB, 元, ¥ on a sheet in CNY); it was"
        " read as CNY.",
        "币种单元格写的是人民币的名称（人民币、RMB、元，或人民币工作表上的 ¥）；已按 CNY 读取。",
    ),
    Text(
        "float_tail_rounded",
        "A binary float tail was read as the nearest 6-decimal value, which the cell's"
        " number format displays.",
        "二进制浮点尾数按最接近的 6 位小数值读取，这正是单元格数字格式显示的值。",
    ),
    Text(
        "whitespace_trimmed",
        "Whitespace around the text was removed (--trim).",
        "已去除文本前后的空白字符（--trim）。",
    ),
    Text(
        "totals_row_skipped",
        "A totals row was skipped (--skip-totals).",
        "已跳过合计行（--skip-totals）。",
    ),
    Text(
        "hidden_cell_read",
        "Hidden rows or columns were read, starting here (--include-hidden).",
        "已读取隐藏的行或列，从这里开始（--include-hidden）。",
    ),
    Text(
        "event_sheet_hidden_read",
        "A sheet of the event is hidden in the workbook; it was read (--include-hidden).",
        "寻源活动的一张工作表在工作簿中是隐藏的；已读取（--include-hidden）。",
    ),
    Text(
        "hidden_sheet_read",
        "The sheet named with --sheet is hidden in the workbook; it was read as asked.",
        "--sheet 指定的工作表在工作簿中是隐藏的；已按要求读取。",
    ),
)

# The calculator's codes its quote-field rules can give a cell (blank text never reaches them:
# it is an omitted field, so empty_string cannot occur; every cell value is a string, so
# invalid_type and null_not_allowed cannot either).
CELL_CORE_CODES: Final = (
    "missing_required",
    "duplicate_supplier_id",
    "invalid_number_format",
    "exponent_not_allowed",
    "too_many_decimals",
    "number_too_long",
    "negative_value",
    "non_finite_number",
    "out_of_range",
    "not_integer",
    "string_too_long",
    "invalid_currency",
)
# What an event workbook's cells can add (issue 26): an exchange rate's and a date's rules.
EVENT_CELL_CODES: Final = tuple(CONVERSION_ERROR_MESSAGES)

CORE_TEXTS: Final = tuple(
    Text(code, CORE_MESSAGES[code], ERROR_TEXT["zh"][code]) for code in CELL_CORE_CODES
) + tuple(
    Text(code, CONVERSION_ERROR_MESSAGES[code], ERROR_TEXT["zh"][code]) for code in EVENT_CELL_CODES
)
# The event's own cross-field codes: the English of its rule table, the Chinese here.
EVENT_TEXTS: Final = (
    Text(
        "duplicate_item_id",
        EVENT_ERROR_MESSAGES["duplicate_item_id"],
        "该物料编号已被前面的物料使用。",
    ),
    Text(
        "unknown_item",
        EVENT_ERROR_MESSAGES["unknown_item"],
        "该报价的物料编号不是本次寻源的任何物料。",
        "Add the item to the items sheet, or correct the itemId here.",
        "请把该物料添加到物料表中，或更正这里的物料编号。",
    ),
    Text(
        "duplicate_offer",
        EVENT_ERROR_MESSAGES["duplicate_offer"],
        "该供应商前面已有同一物料的报价。",
    ),
)

TEXTS: Final[dict[str, Text]] = {
    text.code: text for text in CORE_TEXTS + EVENT_TEXTS + INTAKE_TEXTS
}
NOTES: Final[dict[str, Text]] = {text.code: text for text in NOTE_TEXTS}
