"""The analyst page's own HTML (issue 21): the form and the intake-error page.

No script: a plain ``<form>`` posting ``multipart/form-data`` to ``/quotecalc/report``.
The style is the report page's (:data:`quotecalc.output.pictures.html.STYLE`), so the form,
the errors and the report look alike. The intake's messages are its own fixed texts
(``quotecalc.intake``, English); nothing a user sent is shown back.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001, RUF002

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

from .page_files import hint_links, template_links

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
        "quantity": "Quantity",
        "currency": "Currency (e.g. CNY)",
        "specification": "Specification",
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
        "max_lead_days": "Maximum lead days",
        "read_as_written": "Read ¥ and 1,234.5 as written",
        "read_as_written_hint": (
            "Off: a currency sign or a thousands separator in a number is an error at its cell."
            " On: a sign that can only be the row's currency (¥ on a sheet in CNY, never $) and"
            " separators like 1,234,567.89 are read, and the page lists each cell read so."
        ),
        "event_set": "Sourcing event (workbook)",
        "event": "The workbook is a sourcing event (sheets Items and Offers)",
        "event_hint": (
            "Several items and suppliers in one workbook: Items, Offers, and optional Suppliers,"
            " Exchange rates and Balances sheets. The answer is the award. Currency and maximum"
            " lead days above apply to it; quantity, weights and scale do not."
        ),
        "max_suppliers": "Most suppliers awarded (optional)",
        "as_of": "Balances as of (YYYY-MM-DD, optional)",
        "minimum_quality_score": "Minimum quality score",
        "sensitivity_delta": "Sensitivity delta (optional)",
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
        "errors_intro": (
            "Nothing was calculated. Each error names its cell or the form's field; correct"
            " them and send the form again."
        ),
        "nothing": "Nothing was sent: choose a quote sheet or paste a request.",
        "col.cell": "Cell",
        "col.code": "Code",
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
        "quantity": "数量",
        "currency": "币种（如 CNY）",
        "specification": "规格",
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
        "max_lead_days": "最长交期天数",
        "read_as_written": "按原样读取 ¥ 和 1,234.5",
        "read_as_written_hint": (
            "不勾选：数字中的货币符号或千分位分隔符会在该单元格报错。"
            "勾选：只可能是该行币种的符号（人民币表中的 ¥，$ 除外）和 1,234,567.89 这样的分隔符"
            "会被读取，页面会列出每个这样读取的单元格。"
        ),
        "event_set": "寻源项目（工作簿）",
        "event": "该工作簿是寻源项目（含“物料”和“报价”工作表）",
        "event_hint": (
            "一个工作簿中有多个物料和多个供应商：“物料”“报价”工作表，以及可选的“供应商”“汇率”"
            "“预付余额”工作表。结果为授标方案。上面的币种和最长交期天数适用；数量、权重和评分标准不适用。"
        ),
        "max_suppliers": "最多授标供应商数（可选）",
        "as_of": "预付余额日期（YYYY-MM-DD，可选）",
        "minimum_quality_score": "最低质量评分",
        "sensitivity_delta": "敏感性幅度（可选）",
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
        "errors_intro": "未进行计算。每个错误都标明了单元格或表单字段；请更正后重新提交表单。",
        "nothing": "未提交任何内容：请选择报价表或粘贴请求。",
        "col.cell": "单元格",
        "col.code": "代码",
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
    },
}
LANG_TAGS: Final = {"en": "en", "zh": "zh-Hans"}
FORM_STYLE: Final = (
    "form{display:grid;gap:.8rem;max-width:44rem;grid-template-columns:minmax(0,1fr)}"
    "fieldset{border:1px solid #bbb;padding:.6rem .8rem;display:grid;gap:.5rem;min-width:0;"
    "grid-template-columns:minmax(0,1fr)}"
    "legend{font-weight:600;padding:0 .3rem}"
    "label{display:grid;gap:.2rem;font-size:.9rem;grid-template-columns:minmax(0,1fr)}"
    "input,select,textarea{font:inherit;padding:.3rem;border:1px solid #767676;max-width:100%}"
    "textarea{min-height:8rem;font-family:ui-monospace,monospace;font-size:.85rem}"
    "button{font:inherit;font-weight:600;padding:.45rem 1.2rem;justify-self:start;"
    "background:#0072B2;color:#fff;border:0}"
    "input:focus,select:focus,textarea:focus,button:focus{outline:2px solid #0072B2;"
    "outline-offset:1px}"
    ".rate{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,6.5rem),1fr));gap:.4rem;"
    "border:0;padding:0;margin:0}"
    ".rate legend{font-weight:400;font-size:.85rem;padding:0}.rate label{align-content:end}"
    "input[type=checkbox]{justify-self:start}"
    ".kept{border-left:4px solid #E69F00;background:#fdf6e9;padding:.4rem .8rem}"
    # A phone's error table: words wide enough to read (the table scrolls), codes wrapped.
    ".errors td{vertical-align:top}.errors td:nth-child(2),.errors td:nth-child(3)"
    "{min-width:11rem}.errors code{word-break:break-all}"
)
# The links under every report page (issue 35): styled here, injected by the page's door.
NAV_STYLE: Final = (
    ".again{display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;align-items:center;margin:1.2rem 0;"
    "padding:.6rem 0;border-top:1px solid #bbb}"
    ".again form{margin:0}"
    ".again button{font:inherit;font-weight:600;padding:.45rem 1.2rem;background:#0072B2;"
    "color:#fff;border:0}"
    ".again a{font-weight:600;color:#005a8c}"
    ".again button:focus,.again a:focus{outline:2px solid #0072B2;outline-offset:2px}"
)

# The form's own fields, in the order they are shown. A value typed in any of them comes back
# filled after an error and behind "change the inputs" (issue 35).
TEXT_FIELDS: Final = (
    "sheet_name",
    "quantity",
    "currency",
    "specification",
    "weight_cost",
    "weight_delivery",
    "weight_quality",
    "scale_definition",
    "scale_minimum",
    "scale_maximum",
    "max_lead_days",
    "minimum_quality_score",
    "sensitivity_delta",
    "max_suppliers",
    "as_of",
)
RATE_ROWS: Final = 3
RATE_PARTS: Final = ("from", "to", "rate", "date", "source")
RATE_KEYS: Final = {"from": "from", "to": "to", "rate": "rate", "date": "asOf", "source": "source"}
CHOICES: Final = ("encoding", "lang", "event", "read_as_written", "request")
ENCODINGS: Final = ("", "utf-8", "gb18030", "utf-16")  # blank: detect (UTF-8, else GB18030)
HAD_FILE: Final = "had_file"  # a kept form's mark that a file was chosen (never its bytes)


def rate_name(part: str, row: int) -> str:
    """The form field of one part of one exchange-rate row: ``rate_from_1``, ``rate_1``."""
    return f"rate_{row}" if part == "rate" else f"rate_{part}_{row}"


def all_fields() -> tuple[str, ...]:
    """Every field the form keeps (its text fields, rate rows, choices)."""
    rates = tuple(rate_name(part, row) for row in range(1, RATE_ROWS + 1) for part in RATE_PARTS)
    return (*TEXT_FIELDS, *rates, *CHOICES)


def kept_values(fields: Mapping[str, object]) -> dict[str, str]:
    """The typed values of a submitted form (text only: a file's bytes are never kept)."""
    kept = {
        name: value
        for name in all_fields()
        if isinstance(value := fields.get(name), str) and value != ""
    }
    if fields.get(HAD_FILE) == "1":
        kept[HAD_FILE] = "1"
    return kept


def exchange_rates(fields: Mapping[str, object]) -> list[dict[str, str]]:
    """The form's exchange-rate rows as the request's ``exchangeRates`` entries: a row with any
    part filled is an entry, its blank parts omitted (the calculator then names them)."""
    rates: list[dict[str, str]] = []
    for row in range(1, RATE_ROWS + 1):
        entry = {}
        for part in RATE_PARTS:
            value = fields.get(rate_name(part, row))
            if isinstance(value, str) and value.strip():
                text = value.strip()
                entry[RATE_KEYS[part]] = text.upper() if part in ("from", "to") else text
        if entry:
            rates.append(entry)
    return rates


def filled_rate_rows(fields: Mapping[str, object]) -> list[int]:
    """The numbers of the exchange-rate rows with any part filled, in the order of
    :func:`exchange_rates`' entries (for naming an entry's error by its row)."""
    return [
        row
        for row in range(1, RATE_ROWS + 1)
        if any(
            isinstance(value := fields.get(rate_name(part, row)), str) and value.strip()
            for part in RATE_PARTS
        )
    ]


def rate_place(lang: str, row: int, key: str) -> str:
    """An exchange-rate entry's field by the form's words: "Rate 2: Rate", "汇率 2：日期"."""
    words = WORDS[lang]
    part = {value: key for key, value in RATE_KEYS.items()}.get(key)
    label = words["rate" if part == "rate" else f"rate_{part}"] if part else key
    separator = "：" if lang == "zh" else ": "
    return words["rate_row"].format(n=row) + separator + label


def _escape(text: str) -> str:
    from ..output.pictures.text import escape

    return escape(text)


def _document(lang: str, title: str, body: str) -> str:
    from ..output.pictures.html import STYLE

    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{LANG_TAGS[lang]}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_escape(title)} · quotecalc</title>\n"
        f"<style>{STYLE}{FORM_STYLE}{NAV_STYLE}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{_escape(title)}</h1>\n{body}</main>\n</body>\n</html>\n"
    )


def _value(values: Mapping[str, str], name: str) -> str:
    value = values.get(name, "")
    return f' value="{_escape(value)}"' if value else ""


def _field(
    words: Mapping[str, str],
    name: str,
    kind: str = "text",
    extra: str = "",
    values: Mapping[str, str] | None = None,
    *,
    label: str | None = None,
) -> str:
    shown = _escape(words[name] if label is None else label)
    if kind == "checkbox":
        state = " checked" if (values or {}).get(name) == "true" else ""
        return f'<label>{shown}<input type="{kind}" name="{name}"{extra}{state}></label>\n'
    value = _value(values or {}, name)
    return f'<label>{shown}<input type="{kind}" name="{name}"{extra}{value}></label>\n'


def _encoding(words: Mapping[str, str], chosen: str) -> str:
    """The CSV encoding choice, with the hint that names Chinese Excel's GBK CSV."""
    options = "".join(
        f'<option value="{code}"{" selected" if code and code == chosen else ""}>'
        f"{_escape(words['encoding.' + code])}</option>"
        for code in ENCODINGS
    )
    return (
        f'<label>{_escape(words["encoding"])}<select name="encoding"'
        f' aria-describedby="encoding-hint">{options}</select>'
        f'<span class="note" id="encoding-hint">{_escape(words["encoding_hint"])}</span></label>\n'
    )


def _rates(words: Mapping[str, str], values: Mapping[str, str]) -> str:
    """The exchange-rate rows: from, to, rate, date, source (issue 35)."""
    decimal = ' inputmode="decimal"'
    rows = []
    for row in range(1, RATE_ROWS + 1):
        parts = "".join(
            _field(
                words,
                rate_name(part, row),
                "text",
                decimal if part == "rate" else "",
                values,
                label=words["rate" if part == "rate" else f"rate_{part}"],
            )
            for part in RATE_PARTS
        )
        legend = _escape(words["rate_row"].format(n=row))
        rows.append(f'<fieldset class="rate"><legend>{legend}</legend>\n{parts}</fieldset>\n')
    return (
        f"<fieldset><legend>{_escape(words['rates'])}</legend>\n"
        f'<p class="note">{_escape(words["rates_hint"])}</p>\n' + "".join(rows) + "</fieldset>\n"
    )


def page_hint(lang: str, error: Mapping[str, str]) -> str:
    """What to do about one intake error, in the page's words: the form's own field where
    the intake's hint names a command-line option (``--encoding``, ``--sheet``), else the
    intake's hint unless it is about the command line (then none)."""
    if error.get("fix"):  # the intake's own words for the page (intake/sentences.py)
        return str(error["fix"])
    own = WORDS[lang].get(f"hint.{error['code']}")
    if own is not None:
        return own
    hint = error.get("hint", "")
    return "" if "--" in hint or "python -m" in hint else hint


def form_body(lang: str, limit: int, values: Mapping[str, str] | None = None) -> str:
    """The upload form in ``lang``, its fields filled with ``values`` (the form's own names;
    a kept form says that the file must be chosen again)."""
    words = WORDS[lang]
    values = values or {}
    mib = str(limit // (1024 * 1024))
    decimal = ' inputmode="decimal"'
    numeric = ' inputmode="numeric"'
    chosen_lang = values.get("lang", lang)
    options = "".join(
        f'<option value="{code}"{" selected" if code == chosen_lang else ""}>{name}</option>'
        for code, name in (("en", "English"), ("zh", "中文"))
    )
    kept = ""
    if values.get(HAD_FILE) == "1":
        kept = f'<p class="kept" id="kept">{_escape(words["kept"])}</p>\n'
    return (
        kept + '<form method="post" action="/quotecalc/report" enctype="multipart/form-data">\n'
        f"<label>{_escape(words['sheet'].format(limit=mib))}"
        '<input type="file" name="sheet_file" aria-describedby="json-file" accept=".csv,.xlsx,'
        ".json,text/csv,application/json,"
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">'
        f'<span class="note" id="json-file">{_escape(words["json_file"])}</span></label>\n'
        + _field(words, "sheet_name", values=values)
        + _encoding(words, values.get("encoding", ""))
        + '<p class="note" id="read-as-written-hint">'
        + f"{_escape(words['read_as_written_hint'])}</p>\n"
        + _field(
            words,
            "read_as_written",
            "checkbox",
            ' value="true" aria-describedby="read-as-written-hint"',
            values,
        )
        + _field(words, "quantity", "text", numeric, values)
        + _field(words, "currency", "text", "", values)
        + _field(words, "specification", values=values)
        + f"<fieldset><legend>{_escape(words['weights'])}</legend>\n"
        + f'<p class="note">{_escape(words["weights_hint"])}</p>\n'
        + _field(words, "weight_cost", "text", decimal, values)
        + _field(words, "weight_delivery", "text", decimal, values)
        + _field(words, "weight_quality", "text", decimal, values)
        + f"</fieldset>\n<fieldset><legend>{_escape(words['scale'])}</legend>\n"
        + _field(words, "scale_definition", values=values)
        + _field(words, "scale_minimum", "text", decimal, values)
        + _field(words, "scale_maximum", "text", decimal, values)
        + f"</fieldset>\n<fieldset><legend>{_escape(words['constraints'])}</legend>\n"
        + _field(words, "max_lead_days", "text", numeric, values)
        + _field(words, "minimum_quality_score", "text", decimal, values)
        + "</fieldset>\n"
        + _field(words, "sensitivity_delta", "text", decimal, values)
        + _rates(words, values)
        + f"<fieldset><legend>{_escape(words['event_set'])}</legend>\n"
        + f'<p class="note" id="event-hint">{_escape(words["event_hint"])}</p>\n'
        + _field(words, "event", "checkbox", ' value="true" aria-describedby="event-hint"', values)
        + _field(words, "max_suppliers", "text", numeric, values)
        + _field(words, "as_of", "text", "", values)
        + "</fieldset>\n"
        + f'<label>{_escape(words["or"])}<textarea name="request"'
        f' aria-label="{_escape(words["request"])}" spellcheck="false">'
        f"{_escape(values.get('request', ''))}</textarea></label>\n"
        f'<label>{_escape(words["lang"])}<select name="lang">{options}</select></label>\n'
        f'<button type="submit">{_escape(words["submit"])}</button>\n</form>\n'
        + template_links(lang)  # the blank templates (issue 35)
    )


def form_page(lang: str, limit: int, values: Mapping[str, str] | None = None) -> str:
    """``GET /`` (empty) and ``POST /quotecalc/form`` (filled): the upload form, in ``lang``."""
    words = WORDS[lang]
    return _document(
        lang, words["title"], f"<p>{_escape(words['intro'])}</p>\n" + form_body(lang, limit, values)
    )


def again_nav(lang: str, values: Mapping[str, str]) -> str:
    """ "Change the inputs" (the kept values posted back to ``/quotecalc/form``, which answers
    the filled form) and "new comparison" (the empty form), under every report page."""
    words = WORDS[lang]
    hidden = "".join(
        f'<input type="hidden" name="{name}" value="{_escape(value)}">'
        for name, value in values.items()
    )
    return (
        f'<nav class="again" aria-label="{_escape(words["again_nav"])}">'
        f'<form method="post" action="/quotecalc/form">{hidden}'
        f'<button type="submit">{_escape(words["again"])}</button></form>'
        f'<a href="/?lang={lang}">{_escape(words["new"])}</a></nav>\n'
    )


_WHOLE_ROW: Final = re.compile(r"(?:(.*)!)?([0-9]+):\1?[0-9]+")


def cell_words(lang: str, code: str, cell: str) -> str:
    """A cell reference as a person reads it: a whole row ``7:7`` is "row 7" ("line 7" for a
    line that does not decode), never a ratio; ``C7`` and ``Sheet1!C7`` as they are."""
    words = WORDS[lang]
    found = _WHOLE_ROW.fullmatch(cell)
    if found is None:
        return cell or words["whole_file"]
    shown = words["line" if code == "undecodable_text" else "row"].format(n=found.group(2))
    return f"{found.group(1)}!{shown}" if found.group(1) else shown


def one_undecodable(errors: Sequence[Mapping[str, str]]) -> list[dict[str, str]]:
    """The errors with every ``undecodable_text`` but the first dropped: one file has one
    encoding, so the hint is given once, at the first line that does not decode, with the
    number of other such lines (``more``)."""
    kept: list[dict[str, str]] = []
    first: dict[str, str] | None = None
    more = 0
    for error in errors:
        if error.get("code") == "undecodable_text":
            if first is None:
                first = dict(error)
                kept.append(first)
            else:
                more += 1
            continue
        kept.append(dict(error))
    if first is not None and more:
        first["more"] = str(more)
    return kept


def _error_row(lang: str, error: Mapping[str, str]) -> str:
    words = WORDS[lang]
    where = _escape(cell_words(lang, error["code"], error["cell"]))
    if error.get("more"):
        where = _escape(words["more_lines"]).format(first=where, more=error["more"])
    if error.get("place"):  # a form field's error: its place already in words (escaped)
        where = error["place"]
        return (
            f"<tr><td>{where}</td><td>{_escape(error['message'])}</td><td></td>"
            f"<td><code>{_escape(error['code'])}</code></td></tr>\n"
        )
    return (
        "<tr>"
        f'<td><code class="id">{where}</code></td>'
        f"<td>{_escape(error['message'])}</td>"
        f"<td>{_escape(page_hint(lang, error))}{hint_links(lang, error)}</td>"
        f"<td><code>{_escape(error['code'])}</code></td></tr>\n"
    )


def error_page(
    lang: str,
    errors: Sequence[Mapping[str, str]],
    values: Mapping[str, str] | None = None,
    limit: int = 0,
) -> str:
    """The intake's errors (each ``{"code", "cell", "message"}``; a form field's error also
    has ``place``, its field in words) as a page, above the form filled with ``values`` (what
    was typed, issue 35); no errors means nothing was sent."""
    words = WORDS[lang]
    if not errors:
        body = f'<p class="answer">{_escape(words["nothing"])}</p>\n'
    else:
        rows = "".join(_error_row(lang, error) for error in one_undecodable(errors))
        label = _escape(words["errors_title"])
        body = (
            f'<div class="answer"><p class="winner">{_escape(words["errors_intro"])}</p></div>\n'
            f'<div class="wide" tabindex="0" role="region" aria-label="{label}">'
            f'<table class="errors">\n<thead><tr><th scope="col">{_escape(words["col.field"])}</th>'
            f'<th scope="col">{_escape(words["col.message"])}</th>'
            f'<th scope="col">{_escape(words["col.hint"])}</th>'
            f'<th scope="col">{_escape(words["col.code"])}</th></tr></thead>\n'
            f"<tbody>\n{rows}</tbody>\n</table></div>\n"
        )
    body += (
        f'<nav class="again" aria-label="{_escape(words["again_nav"])}">'
        f'<a href="/?lang={lang}">{_escape(words["new"])}</a></nav>\n'
    )
    body += f"<h2>{_escape(words['again'])}</h2>\n" + form_body(lang, limit, values or {})
    return _document(lang, words["errors_title"], body)
