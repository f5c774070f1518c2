"""The fixed plain words of the readable outputs, per language (``en``, ``zh``).

Every code the engine emits (status, limitation, error, quality issue, quote conflict,
dimension, direction, constraint status) has one fixed text per language here, and every label
of the text report (``quotecalc.output.report``), the weight-analysis section and the
pictures is read from these tables, so the three never word a fact differently. Data only:
an unknown code is shown as itself by the reader.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

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
        "swap.upper": ("{dimension}, {which}: at f = {decimal} {pairs} tie; above it {reversed}."),
        "swap.lower": ("{dimension}, {which}: at f = {decimal} {pairs} tie; below it {reversed}."),
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
            "{dimension}（{which}）：f = {decimal} 时 {pairs} 并列；超过该值后 {reversed}。"
        ),
        "swap.lower": (
            "{dimension}（{which}）：f = {decimal} 时 {pairs} 并列；低于该值后 {reversed}。"
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
        "converted_at_given_rates": (
            "Quotes in other currencies were converted at the exchange rates given in the"
            " request; every converted figure depends on them."
        ),
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
        "converted_at_given_rates": (
            "其他币种的报价已按请求中给出的汇率换算；每个换算后的数字都取决于这些汇率。"
        ),
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
        "too_many_rate_decimals": "An exchange rate may have at most 10 decimals.",
        "invalid_date": "The date must be a real calendar date written YYYY-MM-DD.",
        "same_currency_pair": "An exchange rate must convert between two different currencies.",
        "duplicate_rate_pair": "An earlier exchange rate already converts this pair.",
        "unknown_balance_supplier": "The balance names a supplierId that no quote has.",
        "unknown_balance_item": "The balance names an itemId that no item of the event has.",
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
        "unsupported_schema_version": "只支持格式版本（schemaVersion）1。",
        "duplicate_supplier_id": "该供应商编号已被前面的报价使用。",
        "weights_sum_zero": "所有权重都为 0；至少要有一个为正。",
        "invalid_quality_scale": "质量评分标准的最小值必须小于最大值。",
        "requires_quality_scale": "该字段必须与质量评分标准一起使用。",
        "requires_weights": "该字段必须与权重一起使用。",
        "invalid_arguments": "命令行参数不被接受。",
        "too_many_rate_decimals": "汇率最多只能有 10 位小数。",
        "invalid_date": "日期必须是真实存在的日期，写作 YYYY-MM-DD。",
        "same_currency_pair": "汇率必须在两种不同的币种之间换算。",
        "duplicate_rate_pair": "前面已有一条汇率换算同一对币种。",
        "unknown_balance_supplier": "该预付余额的 supplierId 不属于任何报价。",
        "unknown_balance_item": "该预付余额的 itemId 不属于本次寻源的任何物料。",
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
