"""A terminal report of one result, in English or Simplified Chinese (``--format text``).

The rules:

- Nothing is computed here. Every number is read from the engine's result object (already
  formatted decimal strings) or from the :func:`quotecalc.intervals.stability` entries; a
  ``null`` is shown as ``-``.
- Each code (limitation, error, quality issue, quote conflict) has one fixed plain-words text
  per language, in the tables below; an unknown code is shown as itself.
- Tables are aligned by terminal display width, not ``len``: East Asian Wide and Fullwidth
  characters count 2 columns, combining marks 0, everything else 1. Every row of a table has
  the same display width and no line ends in a space.
- Text that came from the request (supplier ids, the quality scale's definition) is printed
  with control, format, surrogate and line/paragraph separator characters escaped
  (``\\u001b``), so it cannot move the cursor, recolour the terminal or break a line; the
  column rule ``|`` and the characters that look like one (:data:`COLUMN_RULES`, e.g. the
  fullwidth U+FF5C and the box-drawing U+2502) are escaped too, so no cell adds a column;
  and so is the backslash that starts an escape, so two different texts never print alike
  (``A|B`` is ``A\\u007cB``, the literal text ``A\\u007cB`` is ``A\\u005cu007cB``).
  :func:`table` refuses a cell holding a rule or a line break (a bug, never input).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, Final

from .render import EXIT_CODES

LANGUAGES: Final = ("en", "zh")
UNKNOWN: Final = "-"

LABELS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "quotecalc {version} report",
        "status": "Status: {status} (exit code {exit})",
        "quotes": "Quotes",
        "constraints": "Hard constraints",
        "ranking": "Ranking",
        "sensitivity": "Sensitivity",
        "stability": "Stability intervals",
        "quality": "Quality",
        "limitations": "Limitations",
        "errors": "Errors",
        "col.supplier": "Supplier",
        "col.comparable": "Comparable",
        "col.currency": "Currency",
        "col.packs": "Packs purchased",
        "col.delivered": "Delivered",
        "col.overbuy": "Overbuy",
        "col.landed": "Landed total",
        "col.per_unit": "Cost per delivered unit",
        "col.lead": "Lead days",
        "col.quality": "Quality score",
        "col.status": "Constraint status",
        "col.constraint": "Constraint",
        "col.limit": "Limit",
        "col.value": "Value",
        "col.result": "Result",
        "col.rank": "Rank",
        "col.score": "Score",
        "col.dimension": "Dimension",
        "col.direction": "Direction",
        "col.factor": "Factor",
        "col.weights": "Weights (cost / delivery / quality)",
        "col.new_ranking": "Ranking",
        "col.changed": "Changed",
        "col.weight": "Weight",
        "component.cost": "Cost",
        "component.delivery": "Delivery",
        "component.quality": "Quality",
        "col.same_ranking": "Same ranking for f in",
        "col.same_winner": "Same winner(s) for f in",
        "col.path": "Path",
        "col.code": "Code",
        "col.meaning": "Meaning",
        "yes": "yes",
        "no": "no",
        "unknown_note": (
            '"-" means unknown: the value depends on an omitted field or on a quote that is'
            " not comparable."
        ),
        "conflicts": "Why quotes are not comparable or conflict:",
        "no_ranking": "No ranking was made; the limitations below say why.",
        "ranking_note": (
            "Scores run from 0 to 1, higher is better; equal scores share a rank. Cost and"
            " delivery components: 1 = best among the ranked quotes, 0 = worst; quality"
            " component: position on the quality scale."
        ),
        "no_sensitivity": "No sensitivity scenarios.",
        "sensitivity_note": "Each row multiplies one weight by the factor and keeps the others.",
        "stability_note": (
            "f multiplies one weight while the other weights stay fixed. Bounds are exact;"
            " ( and ) exclude the bound, [ and ] include it."
        ),
        "which.ranking": "ranking",
        "which.winner": "winner",
        "swap.upper": (
            "{dimension}, {which}: at f = {exact} ({decimal}) {pairs} tie; above it {reversed}."
        ),
        "swap.lower": (
            "{dimension}, {which}: at f = {exact} ({decimal}) {pairs} tie; below it {reversed}."
        ),
        "swap.zero": "{dimension}, {which}: at f = 0 {pairs} tie, so f = 0 is excluded.",
        "swap.no_weight": (
            "{dimension}, {which}: f = 0 is excluded: it would leave no positive weight."
        ),
        "swap.tie": (
            "{dimension}, {which}: {pairs} are exactly tied at f = 1; any change of this"
            " weight breaks the tie."
        ),
        "pair": "{first} and {second}",
        "reversed": "{second} ranks ahead of {first}",
        "pair_join": ", ",
        "ranking_join": ", ",
        "scale": 'Quality scale: "{definition}", from {minimum} to {maximum}.',
        "no_scale": "No quality scale was given.",
        "no_issues": "No quality issues.",
        "not_certified": "No supplier is certified by this calculation.",
        "whole_input": "(whole input)",
        "infinity": "+inf",
    },
    "zh": {
        "title": "quotecalc {version} 报告",
        "status": "状态：{status}（退出码 {exit}）",
        "quotes": "报价",
        "constraints": "硬约束",
        "ranking": "排名",
        "sensitivity": "敏感性分析",
        "stability": "稳定区间",
        "quality": "质量",
        "limitations": "局限与说明",
        "errors": "错误",
        "col.supplier": "供应商",
        "col.comparable": "可比较",
        "col.currency": "币种",
        "col.packs": "采购包数",
        "col.delivered": "到货数量",
        "col.overbuy": "超购数量",
        "col.landed": "到岸总价",
        "col.per_unit": "每到货单位成本",
        "col.lead": "交期天数",
        "col.quality": "质量评分",
        "col.status": "约束状态",
        "col.constraint": "约束",
        "col.limit": "限值",
        "col.value": "报价值",
        "col.result": "结果",
        "col.rank": "名次",
        "col.score": "得分",
        "col.dimension": "维度",
        "col.direction": "方向",
        "col.factor": "系数",
        "col.weights": "权重（成本 / 交期 / 质量）",
        "col.new_ranking": "排名",
        "col.changed": "是否变化",
        "col.weight": "权重",
        "component.cost": "成本",
        "component.delivery": "交期",
        "component.quality": "质量",
        "col.same_ranking": "排名不变的 f 区间",
        "col.same_winner": "第一名不变的 f 区间",
        "col.path": "位置",
        "col.code": "代码",
        "col.meaning": "说明",
        "yes": "是",
        "no": "否",
        "unknown_note": "“-”表示未知：该值依赖于缺失的字段或不可比较的报价。",
        "conflicts": "报价不可比较或存在冲突的原因：",
        "no_ranking": "未进行排名；原因见下方的局限与说明。",
        "ranking_note": (
            "得分范围为 0 到 1，越高越好；得分相同则名次相同。成本和交期分项：1 为参与排名的报价中"
            "最好，0 为最差；质量分项：在质量评分标准上的位置。"
        ),
        "no_sensitivity": "没有敏感性分析场景。",
        "sensitivity_note": "每行把一个权重乘以系数，其余权重不变。",
        "stability_note": (
            "f 是某一个权重的乘数，其余权重不变。边界为精确值；"
            "圆括号表示不含边界，方括号表示包含边界。"
        ),
        "which.ranking": "排名",
        "which.winner": "第一名",
        "swap.upper": (
            "{dimension}（{which}）：f = {exact}（{decimal}）时 {pairs} 并列；"
            "超过该值后 {reversed}。"
        ),
        "swap.lower": (
            "{dimension}（{which}）：f = {exact}（{decimal}）时 {pairs} 并列；"
            "低于该值后 {reversed}。"
        ),
        "swap.zero": "{dimension}（{which}）：f = 0 时 {pairs} 并列，因此不含 f = 0。",
        "swap.no_weight": "{dimension}（{which}）：不含 f = 0，因为那样将没有任何正权重。",
        "swap.tie": (
            "{dimension}（{which}）：{pairs} 在 f = 1 时恰好并列，此权重的任何变化都会打破并列。"
        ),
        "pair": "{first} 与 {second}",
        "reversed": "{second} 排在 {first} 之前",
        "pair_join": "；",
        "ranking_join": ", ",
        "scale": "质量评分标准：“{definition}”，范围 {minimum} 至 {maximum}。",
        "no_scale": "未提供质量评分标准。",
        "no_issues": "没有质量问题。",
        "not_certified": "本计算不认证任何供应商。",
        "whole_input": "（整个输入）",
        "infinity": "+inf",
    },
}

STATUS_TEXT: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "en": {
        "completed": (
            "completed",
            "All fields this calculation needs were given. This is a calculation only:"
            " nothing was verified and no order was placed.",
        ),
        "partial": (
            "partial",
            "A field was omitted, a quote is not comparable, quality information conflicts or"
            " a constraint could not be checked; values that depend on them are unknown.",
        ),
        "invalid_input": ("invalid_input", "The request was rejected; nothing was calculated."),
        "internal_error": (
            "internal_error",
            "quotecalc hit a bug; this is not a problem with the input.",
        ),
    },
    "zh": {
        "completed": (
            "完成",
            "本次计算所需的字段均已给出。这只是一次计算：未核实任何证据，也未下任何订单。",
        ),
        "partial": (
            "部分完成",
            "有字段缺失、报价不可比较、质量信息冲突或约束无法判断；依赖这些内容的值为未知。",
        ),
        "invalid_input": ("输入无效", "请求被拒绝，未进行任何计算。"),
        "internal_error": ("内部错误", "quotecalc 出现了程序缺陷（bug），并非输入的问题。"),
    },
}

DIMENSION_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {"cost": "cost", "delivery": "delivery", "quality": "quality"},
    "zh": {"cost": "成本", "delivery": "交期", "quality": "质量"},
}

DIRECTION_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {"increase": "increase", "decrease": "decrease"},
    "zh": {"increase": "增加", "decrease": "减少"},
}

CONSTRAINT_STATUS_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {"eligible": "eligible", "excluded": "excluded", "unknown": "unknown"},
    "zh": {"eligible": "符合", "excluded": "排除", "unknown": "未知"},
}

# Limitation codes (CONTRACT §12); ``{field}`` and ``{dimension}`` are filled in when given.
LIMITATION_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "quality_unverified": (
            "Quality evidence and scores are the suppliers' own claims, copied from the"
            " materials. Nothing was checked and no supplier is certified."
        ),
        "fees_as_given": (
            "Costs include only the pack price, freight and other fees given. Taxes, duties"
            " and any other costs were not checked."
        ),
        "lead_days_basis": (
            "Check in the materials whether the lead days include transport, and from which"
            " day they are counted."
        ),
        "not_an_order": (
            "This is a calculation only: no evidence was verified, no order was placed, no"
            " delivery was accepted and no receipt was issued."
        ),
        "no_conversion": "No currency or unit conversion was done.",
        "total_spend_basis": (
            "Lowest cost means the lowest total spend for this order (landed total). Read"
            " the overbuy and the cost per delivered unit beside it."
        ),
        "missing_field": (
            "The field {field} was not given; every value that depends on it is unknown."
        ),
        "specification_mismatch": (
            "The quote's specification is not exactly the requested one, so the quote"
            " cannot be compared."
        ),
        "currency_mismatch": (
            "The quote's currency is not the requested one, so the quote cannot be compared"
            " (nothing is converted)."
        ),
        "ranking_not_requested": "No weights were given, so no ranking was made.",
        "ranking_blocked_by_conflict": (
            "No ranking: a request field is missing, a quote is not comparable, or quality"
            " information conflicts."
        ),
        "ranking_blocked_by_unknown_constraint": (
            "No ranking: a hard constraint could not be checked for this quote, and it is"
            " never dropped just to produce a winner."
        ),
        "ranking_blocked_by_missing_value": (
            "No ranking: the {dimension} dimension has a positive weight but no value for"
            " this quote."
        ),
        "all_candidates_excluded": "No ranking: every quote is excluded by the hard constraints.",
        "component_unavailable": (
            "The {dimension} dimension has weight 0 and lacks a value for some quote, so its"
            " components are not shown."
        ),
        "sensitivity_unavailable": (
            "A sensitivity delta was given, but there is no ranking to test it on."
        ),
    },
    "zh": {
        "quality_unverified": (
            "质量证据和评分都是供应商材料中的声明，未经任何核实，也没有认证任何供应商。"
        ),
        "fees_as_given": "成本只包含所给的包装单价、运费和其他费用；税费、关税及其他成本均未核实。",
        "lead_days_basis": "请对照材料确认交期天数是否包含运输时间，以及从哪一天开始计算。",
        "not_an_order": "这只是一次计算：未核实证据，未下订单，未验收交货，也没有出具任何回执。",
        "no_conversion": "未进行任何币种或单位换算。",
        "total_spend_basis": (
            "成本最低指本次订单的总支出（到岸总价）最低；请同时查看超购数量和每到货单位成本。"
        ),
        "missing_field": "未提供字段 {field}；依赖它的所有值均为未知。",
        "specification_mismatch": "该报价的规格与需求规格不完全一致，因此无法比较。",
        "currency_mismatch": "该报价的币种与需求币种不同，因此无法比较（不做任何换算）。",
        "ranking_not_requested": "未给出权重，因此未进行排名。",
        "ranking_blocked_by_conflict": (
            "无法排名：缺少需求字段、有报价不可比较，或质量信息存在冲突。"
        ),
        "ranking_blocked_by_unknown_constraint": (
            "无法排名：该报价的硬约束无法判断，且不会为了产生第一名而剔除它。"
        ),
        "ranking_blocked_by_missing_value": (
            "无法排名：{dimension}维度的权重为正，但该报价缺少此项数值。"
        ),
        "all_candidates_excluded": "无法排名：所有报价都被硬约束排除。",
        "component_unavailable": (
            "{dimension}维度的权重为 0，且有报价缺少此项数值，因此不显示其分项得分。"
        ),
        "sensitivity_unavailable": "给出了敏感性幅度，但没有可供分析的排名。",
    },
}

# Error codes (CONTRACT §4.4) and the internal error.
ERROR_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "input_too_large": "The input is larger than 262144 bytes.",
        "invalid_encoding": "The input is not valid UTF-8 (or starts with a byte-order mark).",
        "invalid_json": (
            "The input is not one valid JSON value (check for comments, trailing commas,"
            " single quotes or extra text)."
        ),
        "invalid_string": "A text contains a broken UTF-16 escape (an unpaired surrogate).",
        "non_finite_number": "A number is NaN or infinite; only finite numbers are accepted.",
        "duplicate_key": "The same key appears twice in one object.",
        "unknown_key": "This object has a key that the request format does not define.",
        "missing_required": "A required field is missing.",
        "null_not_allowed": "null is not allowed; leave the field out instead.",
        "invalid_type": (
            "The value has the wrong type (for example text where a number is expected)."
        ),
        "invalid_number_format": (
            "The number is not written as a plain decimal such as 12 or 12.5."
        ),
        "exponent_not_allowed": (
            "Numbers with an exponent (like 1e3) are not accepted; write the digits out."
        ),
        "too_many_decimals": "The number has more than 6 digits after the decimal point.",
        "number_too_long": "The number is longer than 48 characters.",
        "negative_value": "Negative numbers are not allowed.",
        "out_of_range": "The value is outside the allowed range.",
        "not_integer": "The value must be a whole number.",
        "string_too_long": "The text is longer than allowed.",
        "empty_string": "The text is empty or only spaces.",
        "invalid_currency": "The currency must be three capital letters, such as CNY or USD.",
        "unsupported_schema_version": "Only schemaVersion 1 is supported.",
        "duplicate_supplier_id": "This supplierId is already used by an earlier quote.",
        "weights_sum_zero": "All weights are zero; at least one must be positive.",
        "invalid_quality_scale": "The quality scale's minimum must be lower than its maximum.",
        "requires_quality_scale": "This field can only be used together with qualityScale.",
        "requires_weights": "This field can only be used together with weights.",
        "invalid_arguments": "The command line was not accepted.",
        "internal_error": "quotecalc hit a bug; this is not a problem with the input.",
    },
    "zh": {
        "input_too_large": "输入超过 262144 字节。",
        "invalid_encoding": "输入不是有效的 UTF-8（或以字节顺序标记 BOM 开头）。",
        "invalid_json": "输入不是单个有效的 JSON 值（请检查注释、多余逗号、单引号或多余文本）。",
        "invalid_string": "文本中含有不成对的 UTF-16 代理项转义。",
        "non_finite_number": "数字为 NaN 或无穷大；只接受有限数字。",
        "duplicate_key": "同一个对象中出现了重复的键。",
        "unknown_key": "该对象含有请求格式未定义的键。",
        "missing_required": "缺少必填字段。",
        "null_not_allowed": "不允许使用 null；没有此值时请省略该字段。",
        "invalid_type": "值的类型不正确（例如需要数字却给了文本）。",
        "invalid_number_format": "数字不是 12 或 12.5 这样的普通十进制写法。",
        "exponent_not_allowed": "不接受指数写法（如 1e3），请直接写出各位数字。",
        "too_many_decimals": "小数点后超过 6 位。",
        "number_too_long": "数字长度超过 48 个字符。",
        "negative_value": "不允许负数。",
        "out_of_range": "数值超出允许范围。",
        "not_integer": "该值必须是整数。",
        "string_too_long": "文本超过允许的长度。",
        "empty_string": "文本为空或只有空白字符。",
        "invalid_currency": "币种必须是三个大写字母，例如 CNY 或 USD。",
        "unsupported_schema_version": "只支持 schemaVersion 1。",
        "duplicate_supplier_id": "该 supplierId 已被前面的报价使用。",
        "weights_sum_zero": "所有权重都为 0；至少要有一个为正。",
        "invalid_quality_scale": "质量评分标准的最小值必须小于最大值。",
        "requires_quality_scale": "该字段必须与 qualityScale 一起使用。",
        "requires_weights": "该字段必须与 weights 一起使用。",
        "invalid_arguments": "命令行参数不被接受。",
        "internal_error": "quotecalc 出现了程序缺陷（bug），并非输入的问题。",
    },
}

# Quality issue codes (CONTRACT §9) and per-quote conflict codes (§6).
ISSUE_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "quality_missing": "No quality evidence and no quality score were given.",
        "quality_evidence_only": (
            "Quality evidence but no score: qualitative only, it cannot support a positive"
            " quality weight."
        ),
        "quality_scale_missing": (
            "A quality score was given, but the request has no quality scale to read it on."
        ),
        "quality_definition_missing": (
            "A quality score was given without saying which scale it uses."
        ),
        "quality_definition_mismatch": (
            "The quality score uses a different scale definition from the request's."
        ),
        "specification_missing": "The quote gives no specification.",
        "specification_mismatch": "The specification differs from the requested one.",
        "currency_missing": "The quote gives no currency.",
        "currency_mismatch": "The currency differs from the requested one.",
    },
    "zh": {
        "quality_missing": "既没有质量证据，也没有质量评分。",
        "quality_evidence_only": "只有质量证据、没有评分：只能作定性参考，不能支持正的质量权重。",
        "quality_scale_missing": "给出了质量评分，但请求中没有用来解读它的质量评分标准。",
        "quality_definition_missing": "给出了质量评分，但没有说明使用的评分标准。",
        "quality_definition_mismatch": "质量评分使用的评分标准与请求中的不一致。",
        "specification_missing": "报价未给出规格。",
        "specification_mismatch": "规格与需求规格不一致。",
        "currency_missing": "报价未给出币种。",
        "currency_mismatch": "币种与需求币种不一致。",
    },
}

_ESCAPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# The table's column rule and the characters a reader takes for one.
COLUMN_RULES: Final = frozenset("|\u00a6\u01c0\u2223\u23d0\u2502\u2503\u2551\uff5c\uffe8")
_ESCAPE: Final = "\\"


def display_width(text: str) -> int:
    """Terminal columns of ``text``: East Asian Wide/Fullwidth 2, combining marks 0, else 1."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def clean(text: str) -> str:
    """``text`` with control, format, surrogate and line/paragraph separator characters, column
    rules (:data:`COLUMN_RULES`) and the backslash written as ``\\uXXXX`` escapes, so input
    text can neither act on the terminal nor break a table, and stays unambiguous."""
    parts: list[str] = []
    for char in text:
        if (
            char in COLUMN_RULES
            or char == _ESCAPE
            or unicodedata.category(char) in _ESCAPED_CATEGORIES
        ):
            code = ord(char)
            parts.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            parts.append(char)
    return "".join(parts)


def _pad(cell: str, width: int, right: bool) -> str:
    fill = " " * (width - display_width(cell))
    return fill + cell if right else cell + fill


def table(
    headers: Sequence[str], rows: Sequence[Sequence[str]], right: frozenset[int]
) -> list[str]:
    """A bordered table; columns in ``right`` are right-aligned. All rows (header, rule and
    body) have the same display width. A cell holding a column rule or a line break is a bug
    (input text is :func:`clean` first): ``ValueError``."""
    for row in [headers, *rows]:
        for cell in row:
            if any(char in COLUMN_RULES or char in "\n\r" for char in cell):
                raise ValueError(
                    f"a table cell must not hold a column rule or line break: {cell!r}"
                )
    widths = [
        max(display_width(row[column]) for row in [headers, *rows])
        for column in range(len(headers))
    ]

    def line(cells: Sequence[str], align: bool) -> str:
        padded = [
            _pad(cell, width, align and column in right)
            for column, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "| " + " | ".join(padded) + " |"

    rule = "|" + "|".join("-" * (width + 2) for width in widths) + "|"
    return [line(headers, False), rule, *(line(row, True) for row in rows)]


def _value(value: Any) -> str:
    return UNKNOWN if value is None else clean(str(value))


class _Writer:
    """Collects the report's lines for one language."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language: {lang}")
        self.lang = lang
        self.lines: list[str] = []

    def text(self, key: str) -> str:
        return LABELS[self.lang][key]

    def section(self, key: str) -> None:
        self.lines.extend(["", f"== {self.text(key)} =="])

    def yes_no(self, flag: bool) -> str:
        return self.text("yes" if flag else "no")

    def dimension(self, name: str) -> str:
        return DIMENSION_TEXT[self.lang].get(name, clean(name))

    def column_dimension(self, name: str) -> str:
        return LABELS[self.lang].get(f"component.{name}") or clean(name)

    def table(self, keys: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> None:
        headers = [self.text(f"col.{key}") for key in keys]
        self.lines.extend(table(headers, rows, frozenset(right)))


def _coded(texts: Mapping[str, Mapping[str, str]], lang: str, code: str) -> str:
    return texts[lang].get(code, clean(code))


def _header(out: _Writer, output: Mapping[str, Any]) -> None:
    status = str(output["status"])
    label, explanation = STATUS_TEXT[out.lang].get(status, (clean(status), ""))
    out.lines.append(out.text("title").format(version=_value(output.get("toolVersion"))))
    exit_code = EXIT_CODES.get(status, 1)
    out.lines.append(out.text("status").format(status=label, exit=exit_code))
    if explanation:
        out.lines.append(explanation)


def _errors(out: _Writer, errors: Sequence[Mapping[str, Any]]) -> None:
    out.section("errors")
    rows = [
        [
            _value(error.get("path")) if error.get("path") else out.text("whole_input"),
            _value(error.get("code")),
            _coded(ERROR_TEXT, out.lang, str(error.get("code"))),
        ]
        for error in errors
    ]
    out.table(("path", "code", "meaning"), rows, set())


def _quotes(out: _Writer, quotes: Sequence[Mapping[str, Any]]) -> None:
    out.section("quotes")
    status_text = CONSTRAINT_STATUS_TEXT[out.lang]
    rows = [
        [
            _value(quote["supplierId"]),
            out.yes_no(bool(quote["comparable"])),
            _value(quote["currency"]),
            _value(quote["packsPurchased"]),
            _value(quote["deliveredQuantity"]),
            _value(quote["overbuyQuantity"]),
            _value(quote["landedTotal"]),
            _value(quote["costPerDeliveredUnit"]),
            _value(quote["leadDays"]),
            _value(quote["qualityScore"]),
            status_text.get(str(quote["constraintStatus"]), _value(quote["constraintStatus"])),
        ]
        for quote in quotes
    ]
    keys = (
        "supplier",
        "comparable",
        "currency",
        "packs",
        "delivered",
        "overbuy",
        "landed",
        "per_unit",
        "lead",
        "quality",
        "status",
    )
    out.table(keys, rows, {3, 4, 5, 6, 7, 8, 9})
    if any(cell == UNKNOWN for row in rows for cell in row):
        out.lines.append(out.text("unknown_note"))
    conflicted = [quote for quote in quotes if quote["conflicts"]]
    if conflicted:
        out.lines.append(out.text("conflicts"))
        for quote in conflicted:
            words = " ".join(_coded(ISSUE_TEXT, out.lang, code) for code in quote["conflicts"])
            out.lines.append(f"- {_value(quote['supplierId'])}: {words}")
    checks = [(quote, check) for quote in quotes for check in quote["constraints"]]
    if checks:
        out.section("constraints")
        out.table(
            ("supplier", "constraint", "limit", "value", "result"),
            [
                [
                    _value(quote["supplierId"]),
                    _value(check["constraint"]),
                    _value(check["limit"]),
                    _value(check["value"]),
                    status_text.get(str(check["status"]), _value(check["status"])),
                ]
                for quote, check in checks
            ],
            {2, 3},
        )


def _ranking(out: _Writer, ranking: Sequence[Mapping[str, Any]] | None) -> None:
    out.section("ranking")
    if not ranking:
        out.lines.append(out.text("no_ranking"))
        return
    headers = [
        out.text("col.rank"),
        out.text("col.supplier"),
        out.text("col.score"),
        *(out.column_dimension(name) for name in ranking[0]["components"]),
    ]
    rows = [
        [
            str(entry["rank"]),
            _value(entry["supplierId"]),
            _value(entry["score"]),
            *(_value(value) for value in entry["components"].values()),
        ]
        for entry in ranking
    ]
    out.lines.extend(table(headers, rows, frozenset(range(len(headers))) - {1}))
    out.lines.append(out.text("ranking_note"))


def _order(out: _Writer, ranking: Sequence[Mapping[str, Any]]) -> str:
    return out.text("ranking_join").join(
        f"{entry['rank']} {_value(entry['supplierId'])}" for entry in ranking
    )


def _sensitivity(out: _Writer, scenarios: Sequence[Mapping[str, Any]]) -> None:
    out.section("sensitivity")
    if not scenarios:
        out.lines.append(out.text("no_sensitivity"))
        return
    rows = [
        [
            out.dimension(str(scenario["dimension"])),
            DIRECTION_TEXT[out.lang].get(str(scenario["direction"]), _value(scenario["direction"])),
            _value(scenario["factor"]),
            " / ".join(_value(weight) for weight in scenario["weights"].values()),
            _order(out, scenario["ranking"]),
            out.yes_no(bool(scenario["rankingChanged"])),
        ]
        for scenario in scenarios
    ]
    out.table(("dimension", "direction", "factor", "weights", "new_ranking", "changed"), rows, {2})
    out.lines.append(out.text("sensitivity_note"))


def _interval_text(out: _Writer, interval: Mapping[str, Any]) -> str:
    opening = "(" if interval["lowerOpen"] else "["
    closing = ")" if interval["upperOpen"] else "]"
    upper = out.text("infinity") if interval["upper"] is None else _value(interval["upper"])
    return f"{opening}{_value(interval['lower'])}, {upper}{closing}"


def _pairs(out: _Writer, pairs: Sequence[Sequence[str]], key: str = "pair") -> str:
    return out.text("pair_join").join(
        out.text(key).format(first=_value(first), second=_value(second)) for first, second in pairs
    )


def _bound_notes(out: _Writer, dimension: str, which: str, interval: Mapping[str, Any]) -> None:
    """Plain-words lines for the bounds of one interval that are not simply ``[0`` or ``+inf``."""
    words = {"dimension": out.dimension(dimension), "which": out.text(f"which.{which}")}
    lower_swaps, upper_swaps = interval["lowerSwaps"], interval["upperSwaps"]
    if not interval["lowerOpen"] and not interval["upperOpen"]:
        out.lines.append(
            "- " + out.text("swap.tie").format(pairs=_pairs(out, lower_swaps), **words)
        )
        return
    if interval["lowerOpen"] and interval["lowerExact"] == "0/1":
        key = "swap.zero" if lower_swaps else "swap.no_weight"
        out.lines.append("- " + out.text(key).format(pairs=_pairs(out, lower_swaps), **words))
    elif lower_swaps:
        out.lines.append(
            "- "
            + out.text("swap.lower").format(
                exact=_value(interval["lowerExact"]),
                decimal=_value(interval["lower"]),
                pairs=_pairs(out, lower_swaps),
                reversed=_pairs(out, lower_swaps, "reversed"),
                **words,
            )
        )
    if upper_swaps:
        out.lines.append(
            "- "
            + out.text("swap.upper").format(
                exact=_value(interval["upperExact"]),
                decimal=_value(interval["upper"]),
                pairs=_pairs(out, upper_swaps),
                reversed=_pairs(out, upper_swaps, "reversed"),
                **words,
            )
        )


def _stability(out: _Writer, entries: Sequence[Mapping[str, Any]]) -> None:
    out.section("stability")
    out.lines.append(out.text("stability_note"))
    rows = [
        [
            out.dimension(str(entry["dimension"])),
            _value(entry["weight"]),
            _interval_text(out, entry["rankingInterval"]),
            _interval_text(out, entry["winnerInterval"]),
        ]
        for entry in entries
    ]
    out.table(("dimension", "weight", "same_ranking", "same_winner"), rows, set())
    for entry in entries:
        dimension = str(entry["dimension"])
        _bound_notes(out, dimension, "ranking", entry["rankingInterval"])
        if entry["winnerInterval"] != entry["rankingInterval"]:
            _bound_notes(out, dimension, "winner", entry["winnerInterval"])


def _quality(out: _Writer, quality: Mapping[str, Any]) -> None:
    out.section("quality")
    scale = quality.get("scale")
    if scale is None:
        out.lines.append(out.text("no_scale"))
    else:
        out.lines.append(
            out.text("scale").format(
                definition=_value(scale["definition"]),
                minimum=_value(scale["minimum"]),
                maximum=_value(scale["maximum"]),
            )
        )
    issues = quality.get("issues") or []
    if not issues:
        out.lines.append(out.text("no_issues"))
    for issue in issues:
        words = _coded(ISSUE_TEXT, out.lang, str(issue["code"]))
        out.lines.append(f"- {_value(issue['supplierId'])}: {words} [{_value(issue['code'])}]")
    out.lines.append(out.text("not_certified"))


def _limitations(out: _Writer, limitations: Sequence[Mapping[str, Any]]) -> None:
    out.section("limitations")
    for limitation in limitations:
        code = str(limitation["code"])
        template = LIMITATION_TEXT[out.lang].get(code) or _coded(ERROR_TEXT, out.lang, code)
        words = template.format(
            field=_value(limitation.get("field")),
            dimension=out.dimension(str(limitation.get("dimension") or UNKNOWN)),
        )
        who = limitation.get("supplierId")
        prefix = "- " if who is None else f"- {_value(who)}: "
        out.lines.append(f"{prefix}{words} [{clean(code)}]")


def render_text(
    result_output: Mapping[str, Any],
    stability: Sequence[Mapping[str, Any]] | None,
    lang: str = "en",
    analysis: Mapping[str, Any] | None = None,
) -> str:
    """The terminal report of one result object (``Result.output``) and, for a ranked
    result, its stability entries and the ``analysis`` object of its weight-analysis document
    (issue 11); ``lang`` is ``"en"`` or ``"zh"``. Reads formatted values only (see the module
    docstring); ends with a newline."""
    out = _Writer(lang)
    _header(out, result_output)
    status = result_output["status"]
    if status in ("invalid_input", "internal_error"):
        if status == "invalid_input":
            _errors(out, result_output["limitations"])
        else:
            out.section("limitations")
            out.lines.extend(
                f"- {_coded(ERROR_TEXT, out.lang, str(item['code']))} [{clean(str(item['code']))}]"
                for item in result_output["limitations"]
            )
        return "\n".join(out.lines) + "\n"
    _quotes(out, result_output["normalizedQuotes"])
    _ranking(out, result_output["ranking"])
    _sensitivity(out, result_output["sensitivity"])
    if stability is not None:
        _stability(out, stability)
    if analysis is not None:
        from .analysis_text import weight_analysis_lines

        out.lines.extend(weight_analysis_lines(analysis, out.lang))
    _quality(out, result_output["quality"])
    _limitations(out, result_output["limitations"])
    return "\n".join(out.lines) + "\n"
