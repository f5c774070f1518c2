"""The analyst page's own HTML (issue 21): the form and the intake-error page.

No script: a plain ``<form>`` posting ``multipart/form-data`` to ``/quotecalc/report``.
The style is the report page's (:data:`quotecalc.output.pictures.html.STYLE`), so the form,
the errors and the report look alike. The intake's messages are its own fixed texts
(``quotecalc.intake``, English); nothing a user sent is shown back.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

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
            " GBK: choose GB18030 (GBK) for it."
        ),
        "encoding.": "UTF-8 (default; Excel “CSV UTF-8”)",
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
        "errors_title": "The quote sheet cannot be read",
        "errors_intro": (
            "Nothing was calculated. Each error names its cell; correct the sheet and send it"
            " again."
        ),
        "nothing": "Nothing was sent: choose a quote sheet or paste a request.",
        "col.cell": "Cell",
        "col.code": "Code",
        "col.message": "Message",
        "col.hint": "What to do",
        "whole_file": "(whole file)",
        "back": "Back to the form",
        "hint.undecodable_text": (
            "Choose “GB18030 (GBK)” under “CSV encoding” on the form (a Chinese Excel's CSV),"
            " or UTF-16, and send the sheet again."
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
            "Excel 的“CSV UTF-8（逗号分隔）”是 UTF-8；中文 Excel 的“CSV（逗号分隔）”是 GBK，"
            "请选择“GB18030（GBK）”。"
        ),
        "encoding.": "UTF-8（默认；Excel“CSV UTF-8”）",
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
        "errors_title": "无法读取报价表",
        "errors_intro": "未进行计算。每个错误都标明了单元格；请更正报价表后重新提交。",
        "nothing": "未提交任何内容：请选择报价表或粘贴请求。",
        "col.cell": "单元格",
        "col.code": "代码",
        "col.message": "说明",
        "col.hint": "怎么做",
        "whole_file": "（整个文件）",
        "back": "返回表单",
        "hint.undecodable_text": (
            "请在表单的“CSV 编码”中选择“GB18030（GBK）”（中文 Excel 导出的 CSV）或 UTF-16，"
            "然后重新提交。"
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
    "form{display:grid;gap:.8rem;max-width:44rem}"
    "fieldset{border:1px solid #bbb;padding:.6rem .8rem;display:grid;gap:.5rem;min-width:0}"
    "legend{font-weight:600;padding:0 .3rem}"
    "label{display:grid;gap:.2rem;font-size:.9rem}"
    "input,select,textarea{font:inherit;padding:.3rem;border:1px solid #767676;max-width:100%}"
    "textarea{min-height:8rem;font-family:ui-monospace,monospace;font-size:.85rem}"
    "button{font:inherit;font-weight:600;padding:.45rem 1.2rem;justify-self:start;"
    "background:#0072B2;color:#fff;border:0}"
    "input:focus,select:focus,textarea:focus,button:focus{outline:2px solid #0072B2;"
    "outline-offset:1px}"
)


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
        f"<style>{STYLE}{FORM_STYLE}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{_escape(title)}</h1>\n{body}</main>\n</body>\n</html>\n"
    )


def _field(words: Mapping[str, str], name: str, kind: str = "text", extra: str = "") -> str:
    return f'<label>{_escape(words[name])}<input type="{kind}" name="{name}"{extra}></label>\n'


ENCODINGS: Final = ("", "gb18030", "utf-16")  # the form's choices; blank is the intake's UTF-8


def _encoding(words: Mapping[str, str]) -> str:
    """The CSV encoding choice, with the hint that names Chinese Excel's GBK CSV."""
    options = "".join(
        f'<option value="{code}">{_escape(words["encoding." + code])}</option>'
        for code in ENCODINGS
    )
    return (
        f'<label>{_escape(words["encoding"])}<select name="encoding"'
        f' aria-describedby="encoding-hint">{options}</select>'
        f'<span class="note" id="encoding-hint">{_escape(words["encoding_hint"])}</span></label>\n'
    )


def page_hint(lang: str, error: Mapping[str, str]) -> str:
    """What to do about one intake error, in the page's words: the form's own field where
    the intake's hint names a command-line option (``--encoding``, ``--sheet``), else the
    intake's hint unless it is about the command line (then none)."""
    own = WORDS[lang].get(f"hint.{error['code']}")
    if own is not None:
        return own
    hint = error.get("hint", "")
    return "" if "--" in hint or "python -m" in hint else hint


def form_page(lang: str, limit: int) -> str:
    """``GET /``: the upload form, in ``lang``."""
    words = WORDS[lang]
    mib = str(limit // (1024 * 1024))
    decimal = ' inputmode="decimal" autocomplete="off"'
    options = "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{name}</option>'
        for code, name in (("en", "English"), ("zh", "中文"))
    )
    body = (
        f"<p>{_escape(words['intro'])}</p>\n"
        '<form method="post" action="/quotecalc/report" enctype="multipart/form-data">\n'
        f"<label>{_escape(words['sheet'].format(limit=mib))}"
        '<input type="file" name="sheet_file" accept=".csv,.xlsx,text/csv,'
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"></label>\n'
        + _field(words, "sheet_name")
        + _encoding(words)
        + _field(words, "quantity", "text", ' inputmode="numeric" autocomplete="off"')
        + _field(words, "currency", "text", ' autocomplete="off"')
        + _field(words, "specification")
        + f"<fieldset><legend>{_escape(words['weights'])}</legend>\n"
        + f'<p class="note">{_escape(words["weights_hint"])}</p>\n'
        + _field(words, "weight_cost", "text", decimal)
        + _field(words, "weight_delivery", "text", decimal)
        + _field(words, "weight_quality", "text", decimal)
        + f"</fieldset>\n<fieldset><legend>{_escape(words['scale'])}</legend>\n"
        + _field(words, "scale_definition")
        + _field(words, "scale_minimum", "text", decimal)
        + _field(words, "scale_maximum", "text", decimal)
        + f"</fieldset>\n<fieldset><legend>{_escape(words['constraints'])}</legend>\n"
        + _field(words, "max_lead_days", "text", ' inputmode="numeric" autocomplete="off"')
        + _field(words, "minimum_quality_score", "text", decimal)
        + "</fieldset>\n"
        + _field(words, "sensitivity_delta", "text", decimal)
        + f"<fieldset><legend>{_escape(words['event_set'])}</legend>\n"
        + f'<p class="note" id="event-hint">{_escape(words["event_hint"])}</p>\n'
        + _field(words, "event", "checkbox", ' value="true" aria-describedby="event-hint"')
        + _field(words, "max_suppliers", "text", ' inputmode="numeric" autocomplete="off"')
        + _field(words, "as_of", "text", ' autocomplete="off"')
        + "</fieldset>\n"
        + f'<label>{_escape(words["or"])}<textarea name="request"'
        f' aria-label="{_escape(words["request"])}" spellcheck="false"></textarea></label>\n'
        f'<label>{_escape(words["lang"])}<select name="lang">{options}</select></label>\n'
        f'<button type="submit">{_escape(words["submit"])}</button>\n</form>\n'
        + template_links(lang)  # the blank templates (issue 35)
    )
    return _document(lang, words["title"], body)


def error_page(lang: str, errors: Sequence[Mapping[str, str]]) -> str:
    """The intake's errors (each ``{"code", "cell", "message"}``) as a page; no errors means
    nothing was sent."""
    words = WORDS[lang]
    if not errors:
        body = f'<p class="answer">{_escape(words["nothing"])}</p>\n'
    else:
        rows = "".join(
            "<tr>"
            f'<td><code class="id">{_escape(error["cell"] or words["whole_file"])}</code></td>'
            f"<td>{_escape(error['message'])}</td>"
            f"<td>{_escape(page_hint(lang, error))}{hint_links(lang, error)}</td>"
            f"<td><code>{_escape(error['code'])}</code></td></tr>\n"
            for error in errors
        )
        label = _escape(words["errors_title"])
        body = (
            f'<div class="answer"><p class="winner">{_escape(words["errors_intro"])}</p></div>\n'
            f'<div class="wide" tabindex="0" role="region" aria-label="{label}">'
            f'<table>\n<thead><tr><th scope="col">{_escape(words["col.cell"])}</th>'
            f'<th scope="col">{_escape(words["col.message"])}</th>'
            f'<th scope="col">{_escape(words["col.hint"])}</th>'
            f'<th scope="col">{_escape(words["col.code"])}</th></tr></thead>\n'
            f"<tbody>\n{rows}</tbody>\n</table></div>\n"
        )
    body += f'<p><a href="/?lang={lang}">{_escape(words["back"])}</a></p>\n'
    return _document(lang, words["errors_title"], body)
