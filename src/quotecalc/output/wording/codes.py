"""The words of every code the documents carry (issue 39): a status and its explanation, a
dimension, a direction, a constraint status, a limitation, an error, a quality issue, a
reason; keyed ``<family>.<code>``. ``{field}`` and ``{dimension}`` are filled in when the
code names them; a plan's reason's ``{what}`` is whom and which field."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

from .word import Word

ROWS: Final[tuple[Word, ...]] = (
    Word("status.completed", "completed", "完成"),
    Word("status.partial", "partial", "部分完成"),
    Word("status.invalid_input", "invalid request", "输入无效"),
    Word("status.internal_error", "internal error", "内部错误"),
    Word(
        "explain.completed",
        (
            "All fields this calculation needs were given. This is a calculation only: nothing was"
            " verified and no order was placed."
        ),
        "本次计算所需的字段均已给出。这只是一次计算：未核实任何证据，也未下任何订单。",
    ),
    Word(
        "explain.partial",
        (
            "A field was omitted, a quote is not comparable, quality information conflicts or a"
            " constraint could not be checked; values that depend on them are unknown."
        ),
        "有字段缺失、报价不可比较、质量信息冲突或约束无法判断；依赖这些内容的值为未知。",
    ),
    Word(
        "explain.invalid_input",
        "The request was rejected; nothing was calculated.",
        "请求被拒绝，未进行任何计算。",
    ),
    Word("dimension.cost", "cost", "成本"),
    Word("dimension.delivery", "delivery", "交期"),
    Word("dimension.quality", "quality", "质量"),
    Word("direction.increase", "increase", "增加"),
    Word("direction.decrease", "decrease", "减少"),
    Word("constraint.eligible", "eligible", "符合"),
    Word("constraint.excluded", "excluded", "排除"),
    Word("constraint.unknown", "unknown", "未知"),
    Word(
        "limitation.quality_unverified",
        (
            "Quality evidence and scores are the suppliers' own claims, copied from the materials."
            " Nothing was checked and no supplier is certified."
        ),
        "质量证据和评分都是供应商材料中的声明，未经任何核实，也没有认证任何供应商。",
    ),
    Word(
        "limitation.fees_as_given",
        (
            "Costs include only the pack price, freight and other fees given. Taxes, duties and any"
            " other costs were not checked."
        ),
        "成本只包含所给的包装单价、运费和其他费用；税费、关税及其他成本均未核实。",
    ),
    Word(
        "limitation.lead_days_basis",
        (
            "Check in the materials whether the lead days include transport, and from which day"
            " they are counted."
        ),
        "请对照材料确认交期天数是否包含运输时间，以及从哪一天开始计算。",
    ),
    Word(
        "limitation.not_an_order",
        (
            "This is a calculation only: no evidence was verified, no order was placed, no delivery"
            " was accepted and no receipt was issued."
        ),
        "这只是一次计算：未核实证据，未下订单，未验收交货，也没有出具任何回执。",
    ),
    Word(
        "limitation.no_conversion",
        "No currency or unit conversion was done.",
        "未进行任何币种或单位换算。",
    ),
    Word(
        "limitation.converted_at_given_rates",
        (
            "Quotes in other currencies were converted at the exchange rates given in the request;"
            " every converted figure depends on them."
        ),
        "其他币种的报价已按请求中给出的汇率换算；每个换算后的数字都取决于这些汇率。",
    ),
    Word(
        "limitation.total_spend_basis",
        (
            "Lowest cost means the lowest total spend for this order (landed total). Read the"
            " overbuy and the cost per delivered unit beside it."
        ),
        "成本最低指本次订单的总支出（到岸总价）最低；请同时查看超购数量和每到货单位成本。",
    ),
    Word(
        "limitation.missing_field",
        "The field {field} was not given; every value that depends on it is unknown.",
        "未提供字段 {field}；依赖它的所有值均为未知。",
    ),
    Word(
        "limitation.specification_mismatch",
        (
            "The quote's specification is not exactly the requested one, so the quote cannot be"
            " compared."
        ),
        "该报价的规格与需求规格不完全一致，因此无法比较。",
    ),
    Word(
        "limitation.currency_mismatch",
        (
            "The quote's currency is not the requested one, so the quote cannot be compared"
            " (nothing is converted)."
        ),
        "该报价的币种与需求币种不同，因此无法比较（不做任何换算）。",
    ),
    Word(
        "limitation.ranking_not_requested",
        "No weights were given, so no ranking was made.",
        "未给出权重，因此未进行排名。",
    ),
    Word(
        "limitation.ranking_blocked_by_conflict",
        (
            "No ranking: a request field is missing, a quote is not comparable, or quality"
            " information conflicts."
        ),
        "无法排名：缺少需求字段、有报价不可比较，或质量信息存在冲突。",
    ),
    Word(
        "limitation.ranking_blocked_by_unknown_constraint",
        (
            "No ranking: a hard constraint could not be checked for this quote, and it is never"
            " dropped just to produce a winner."
        ),
        "无法排名：该报价的硬约束无法判断，且不会为了产生第一名而剔除它。",
    ),
    Word(
        "limitation.ranking_blocked_by_missing_value",
        "No ranking: the {dimension} dimension has a positive weight but no value for this quote.",
        "无法排名：{dimension}维度的权重为正，但该报价缺少此项数值。",
    ),
    Word(
        "limitation.all_candidates_excluded",
        "No ranking: every quote is excluded by the hard constraints.",
        "无法排名：所有报价都被硬约束排除。",
    ),
    Word(
        "limitation.component_unavailable",
        (
            "The {dimension} dimension has weight 0 and lacks a value for some quote, so its"
            " components are not shown."
        ),
        "{dimension}维度的权重为 0，且有报价缺少此项数值，因此不显示其分项得分。",
    ),
    Word(
        "limitation.sensitivity_unavailable",
        "A sensitivity delta was given, but there is no ranking to test it on.",
        "给出了敏感性幅度，但没有可供分析的排名。",
    ),
    Word(
        "limitation.plan_not_proven",
        (
            "The search stopped before confirming the least total: the least possible total lies"
            " between the lower bound and this plan's total."
        ),
        "搜索在确认最低总价之前停止：最低可能总价介于下限与此方案总价之间。",
    ),
    Word(
        "limitation.plan_tie_order_unsettled",
        (
            "The least total is proven: no plan costs less. Which of the equally cheap plans comes"
            " first (fewest suppliers, then fewest units) was not settled within the search"
            " budget; each of them costs the same."
        ),
        (
            "最低总价已证明：没有更便宜的方案。同样便宜的方案中哪一个排在最前（供应商最少，"
            "其次到货最少）未在搜索预算内确定；它们的总价相同。"
        ),
    ),
    Word(
        "limitation.event_not_proven",
        (
            "The search stopped at its budget before confirming the least total: the best award"
            " found is given with its exact lower bound; the least total lies between them."
        ),
        (
            "搜索在确认最低总价之前于预算内停止：给出的是找到的最佳授标及其精确下界；"
            "最低总价介于两者之间。"
        ),
    ),
    Word(
        "limitation.event_tie_order_unsettled",
        (
            "The least total is proven: no award costs less. Which of the equally cheap awards"
            " comes first (fewest suppliers, then fewest units, then the suppliers' ids) was not"
            " settled within the search budget; each of them costs the same."
        ),
        (
            "最低总价已证明：没有更便宜的授标。同样便宜的授标中哪一个排在最前（供应商最少，"
            "其次数量最少，再按供应商编号）未在搜索预算内确定；它们的总价相同。"
        ),
    ),
    Word(
        "error.input_too_large",
        "The input is larger than 262144 bytes.",
        "输入超过 262144 字节。",
    ),
    Word(
        "error.invalid_encoding",
        "The input is not valid UTF-8 (or starts with a byte-order mark).",
        "输入不是有效的 UTF-8（或以字节顺序标记 BOM 开头）。",
    ),
    Word(
        "error.invalid_json",
        (
            "The input is not one valid JSON value (check for comments, trailing commas, single"
            " quotes or extra text)."
        ),
        "输入不是单个有效的 JSON 值（请检查注释、多余逗号、单引号或多余文本）。",
    ),
    Word(
        "error.invalid_string",
        "A text contains a broken UTF-16 escape (an unpaired surrogate).",
        "文本中含有不成对的 UTF-16 代理项转义。",
    ),
    Word(
        "error.non_finite_number",
        "A number is NaN or infinite; only finite numbers are accepted.",
        "数字为 NaN 或无穷大；只接受有限数字。",
    ),
    Word(
        "error.duplicate_key",
        "The same key appears twice in one object.",
        "同一个对象中出现了重复的键。",
    ),
    Word(
        "error.unknown_key",
        "This object has a key that the request format does not define.",
        "该对象含有请求格式未定义的键。",
    ),
    Word("error.missing_required", "A required field is missing.", "缺少必填字段。"),
    Word(
        "error.null_not_allowed",
        "null is not allowed; leave the field out instead.",
        "不允许使用 null；没有此值时请省略该字段。",
    ),
    Word(
        "error.invalid_type",
        "The value has the wrong type (for example text where a number is expected).",
        "值的类型不正确（例如需要数字却给了文本）。",
    ),
    Word(
        "error.invalid_number_format",
        "The number is not written as a plain decimal such as 12 or 12.5.",
        "数字不是 12 或 12.5 这样的普通十进制写法。",
    ),
    Word(
        "error.exponent_not_allowed",
        "Numbers with an exponent (like 1e3) are not accepted; write the digits out.",
        "不接受指数写法（如 1e3），请直接写出各位数字。",
    ),
    Word(
        "error.too_many_decimals",
        "The number has more than 6 digits after the decimal point.",
        "小数点后超过 6 位。",
    ),
    Word(
        "error.number_too_long",
        "The number is longer than 48 characters.",
        "数字长度超过 48 个字符。",
    ),
    Word("error.negative_value", "Negative numbers are not allowed.", "不允许负数。"),
    Word("error.out_of_range", "The value is outside the allowed range.", "数值超出允许范围。"),
    Word("error.not_integer", "The value must be a whole number.", "该值必须是整数。"),
    Word("error.string_too_long", "The text is longer than allowed.", "文本超过允许的长度。"),
    Word("error.empty_string", "The text is empty or only spaces.", "文本为空或只有空白字符。"),
    Word(
        "error.invalid_currency",
        "The currency must be three capital letters, such as CNY or USD.",
        "币种必须是三个大写字母，例如 CNY 或 USD。",
    ),
    Word(
        "error.unsupported_schema_version",
        "Only schemaVersion 1 is supported.",
        "只支持格式版本（schemaVersion）1。",
    ),
    Word(
        "error.duplicate_supplier_id",
        "This supplierId is already used by an earlier quote.",
        "该供应商编号已被前面的报价使用。",
    ),
    Word(
        "error.duplicate_item_id",
        "This itemId is already used by an earlier item.",
        "该物料编号已被前面的物料使用。",
    ),
    Word(
        "error.unknown_item",
        "The offer's itemId is not the itemId of any item of the event.",
        "该报价的物料编号不是本次寻源的任何物料。",
    ),
    Word(
        "error.duplicate_offer",
        "The supplier already has an earlier offer for this itemId.",
        "该供应商前面已有同一物料的报价。",
    ),
    Word(
        "error.weights_sum_zero",
        "All weights are zero; at least one must be positive.",
        "所有权重都为 0；至少要有一个为正。",
    ),
    Word(
        "error.invalid_quality_scale",
        "The quality scale's minimum must be lower than its maximum.",
        "质量评分标准的最小值必须小于最大值。",
    ),
    Word(
        "error.requires_quality_scale",
        "This field can only be used together with qualityScale.",
        "该字段必须与质量评分标准一起使用。",
    ),
    Word(
        "error.requires_weights",
        "This field can only be used together with weights.",
        "该字段必须与权重一起使用。",
    ),
    Word("error.invalid_arguments", "The command line was not accepted.", "命令行参数不被接受。"),
    Word(
        "error.too_many_rate_decimals",
        "An exchange rate may have at most 10 decimals.",
        "汇率最多只能有 10 位小数。",
    ),
    Word(
        "error.invalid_date",
        "The date must be a real calendar date written YYYY-MM-DD.",
        "日期必须是真实存在的日期，写作 YYYY-MM-DD。",
    ),
    Word(
        "error.same_currency_pair",
        "An exchange rate must convert between two different currencies.",
        "汇率必须在两种不同的币种之间换算。",
    ),
    Word(
        "error.duplicate_rate_pair",
        "An earlier exchange rate already converts this pair.",
        "前面已有一条汇率换算同一对币种。",
    ),
    Word(
        "error.unknown_balance_supplier",
        "The balance names a supplierId that no quote has.",
        "该预付余额的 supplierId 不属于任何报价。",
    ),
    Word(
        "error.unknown_balance_item",
        "The balance names an itemId that no item of the event has.",
        "该预付余额的 itemId 不属于本次寻源的任何物料。",
    ),
    Word(
        "error.internal_error",
        "quotecalc hit a bug; this is not a problem with the input.",
        "quotecalc 出现了程序缺陷（bug），并非输入的问题。",
    ),
    Word(
        "issue.quality_missing",
        "No quality evidence and no quality score were given.",
        "既没有质量证据，也没有质量评分。",
    ),
    Word(
        "issue.quality_evidence_only",
        (
            "Quality evidence but no score: qualitative only, it cannot support a positive quality"
            " weight."
        ),
        "只有质量证据、没有评分：只能作定性参考，不能支持正的质量权重。",
    ),
    Word(
        "issue.quality_scale_missing",
        "A quality score was given, but the request has no quality scale to read it on.",
        "给出了质量评分，但请求中没有用来解读它的质量评分标准。",
    ),
    Word(
        "issue.quality_definition_missing",
        "A quality score was given without saying which scale it uses.",
        "给出了质量评分，但没有说明使用的评分标准。",
    ),
    Word(
        "issue.quality_definition_mismatch",
        "The quality score uses a different scale definition from the request's.",
        "质量评分使用的评分标准与请求中的不一致。",
    ),
    Word("issue.specification_missing", "The quote gives no specification.", "报价未给出规格。"),
    Word(
        "issue.specification_mismatch",
        "The specification differs from the requested one.",
        "规格与需求规格不一致。",
    ),
    Word("issue.currency_missing", "The quote gives no currency.", "报价未给出币种。"),
    Word(
        "issue.currency_mismatch",
        "The currency differs from the requested one.",
        "币种与需求币种不一致。",
    ),
    Word(
        "reason.plan_missing_value",
        "a value the plan needs is missing ({what}); omitted is not zero.",
        "缺少方案所需的值（{what}）；未填写不等于零。",
    ),
    Word(
        "reason.plan_quote_not_comparable",
        (
            "the quote of {what} is not comparable (its specification or currency differs or is"
            " missing)."
        ),
        "{what} 的报价不可比较（规格或币种不同或缺失）。",
    ),
    Word(
        "reason.plan_constraint_unknown",
        "a hard constraint cannot be checked for {what}.",
        "无法对 {what} 检查硬约束。",
    ),
    Word(
        "reason.plan_all_excluded",
        "every quote is excluded by the hard constraints.",
        "所有报价都被硬约束排除。",
    ),
    Word(
        "reason.plan_balance_expiry_unknown",
        "prepaid balances are given without asOf, so whether they expired is unknown.",
        "给出了预付余额但没有 asOf，无法判断余额是否已过期。",
    ),
    Word(
        "reason.plan_infeasible",
        "no plan covers the quantity: the capacities (within maxSuppliers) fall short.",
        "没有能满足数量的方案：各供应商的供货上限（在最多供应商数内）不足。",
    ),
    Word(
        "reason.event_supplier_excluded",
        (
            "Supplier {supplier} takes no part: its lead days ({value}) are above the event's"
            " maximum ({limit})."
        ),
        "供应商 {supplier} 未参与：其交期天数（{value}）超过本次寻源的最长交期（{limit}）。",
    ),
    Word(
        "reason.event_supplier_excluded_bare",
        "Supplier {supplier} takes no part: its lead days are above the event's maximum lead days.",
        "供应商 {supplier} 未参与：其交期天数超过最长交期天数。",
    ),
    Word(
        "reason.event_offer_not_comparable",
        (
            "{offer} takes no part: its specification differs from the item's, or its supplier's"
            " currency from the event's."
        ),
        "{offer}未参与：其规格与物料的规格不同，或其供应商的币种与本次寻源的币种不同。",
    ),
    Word(
        "reason.event_missing_value",
        "No award: {what} is missing (omitted is not zero).",
        "无授标：缺少{what}（未给出不等于零）。",
    ),
    Word(
        "reason.event_constraint_unknown",
        (
            "No award: the event has a maximum lead days and the lead days of supplier {supplier}"
            " are not given (unknown is not passing)."
        ),
        "无授标：本次寻源设有最长交期天数，而供应商 {supplier} 的交期天数未给出（未知不算符合）。",
    ),
    Word(
        "reason.event_balance_expiry_unknown",
        (
            "No award: balances were given without their date (asOf), so whether they expired is"
            " unknown."
        ),
        "无授标：给出了预付余额但没有余额日期（asOf），无法判断是否已过期。",
    ),
    Word(
        "reason.event_infeasible",
        (
            "No award covers every item: {item} cannot be covered (no usable offer, capacities, the"
            " maximum number of suppliers or minimum order values)."
        ),
        (
            "没有能覆盖所有物料的授标：{item} 无法覆盖（没有可用报价、产能、"
            "最多供应商数或最低订单金额所限）。"
        ),
    ),
    Word(
        "reason.event_infeasible_bare",
        (
            "No award covers every item (no usable offer, capacities, the maximum number of"
            " suppliers or minimum order values)."
        ),
        "没有能覆盖所有物料的授标（没有可用报价、产能、最多供应商数或最低订单金额所限）。",
    ),
    Word(
        "reason.event_out_of_range",
        "No award: the totals of this event exceed the solver's exact integer range.",
        "无授标：本次寻源的总额超出求解器的精确整数范围。",
    ),
    Word(
        "reason.event_solver_unavailable",
        "No award searched: the solver is not installed (pip install 'quotecalc[plan]').",
        "未搜索授标：未安装求解器（pip install 'quotecalc[plan]'）。",
    ),
    Word(
        "reason.event_unsolved",
        "No award found within the search budget, and none was proven impossible.",
        "在搜索预算内未找到授标，也未证明不存在授标。",
    ),
)
