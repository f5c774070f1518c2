"""The event award report's words (issue 26, 35), per language (``en``, ``zh``): data only."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "quotecalc {version} event award",
        "status": "Status: {status} (exit code {exit})",
        "status_page": "Status: {status}",
        "heading": "The answer",
        "page_title": "Sourcing event: award to {who}",
        "page_title_none": "Sourcing event: no award",
        "page_title_invalid": "Sourcing event: the request is not valid",
        "status.completed": "completed",
        "status.partial": "partial",
        "status.invalid_input": "invalid request",
        "status.internal_error": "internal error",
        "explain.completed": (
            "Every value the award needs was given. This is a calculation only: nothing was"
            " verified and no order was placed."
        ),
        "explain.partial": (
            "A value is missing or the search stopped at its budget: read the reasons below."
        ),
        "explain.invalid_input": "The request was rejected; nothing was awarded.",
        "explain.internal_error": "quotecalc hit a bug; this is not a problem with the request.",
        "col.where": "Where",
        "the_request": "the request",
        "of": " of ",
        "key_in": "key `{key}` in {place}",
        "entry.suppliers": "supplier {number}",
        "entry.items": "item {number}",
        "entry.offers": "offer {number}",
        "entry.priceBreaks": "price break {number}",
        "entry.spendDiscounts": "spend tier {number}",
        "entry.exchangeRates": "exchange rate {number}",
        "entry.balances": "balance {number}",
        "award": "Award {parts}: {total}, {proof}",
        "part": "{who} the {items}",
        "part_split": "{who} part of the {items}",
        "and": " and ",
        "comma": ", ",
        "proven": "proven",
        "not_proven": "not proven (the least total is at least {bound})",
        "below": "{share} below {baseline} ({total})",
        "above": "{share} above {baseline} ({total})",
        "equal": "the same as {baseline}",
        "singleSupplier": "the best single supplier",
        "singleSupplier_named": "the best single supplier, {who} alone",
        "cheapestPerItem": "buying each item from its cheapest supplier",
        "arrives": "Arrives in {days} days, when its slowest supplier does ({who}).",
        "arrives_one": "Arrives in {days} days ({who}).",
        "arrives_unknown": "Arrival unknown: the lead days of {who} are not given.",
        "days": "{days} days",
        "no_award": "No award.",
        "invalid": "The request is not valid: nothing was awarded.",
        "internal": "An internal error occurred: nothing was awarded.",
        "lines": "Award lines",
        "suppliers": "Suppliers awarded",
        "items": "Items",
        "baselines": "Baselines",
        "baselines_note": (
            "What the same items would cost bought another way; the saving is the award's"
            " landed total below it."
        ),
        "reasons": "Reasons",
        "limitations": "Limitations",
        "errors": "Errors",
        "col.item": "Item",
        "col.supplier": "Supplier",
        "col.packs": "Packs",
        "col.delivered": "Delivered (units)",
        "col.pack_price": "Pack price",
        "col.goods": "Goods",
        "col.discount": "Discount",
        "col.freight": "Freight",
        "col.fees": "Other fees",
        "col.landed": "Landed total",
        "col.lead": "Lead days",
        "col.need": "Need (units)",
        "col.overbuy": "Overbuy (units)",
        "col.suppliers": "Suppliers",
        "col.baseline": "Baseline",
        "col.saving": "Award saves",
        "col.code": "Code",
        "col.about": "About",
        "col.path": "Path",
        "col.message": "Message",
        "col.meaning": "What it means",
        "none": "none",
        "money_note": (
            "Amounts in {currency}, with {places} decimal places; an amount exact to more places"
            " shows them all."
        ),
        "money_note_none": (
            "Amounts with {places} decimal places; an amount exact to more places shows them all."
        ),
        "conversions": "Converted at the rates given",
        "conversions_note": (
            "Each figure below was quoted in another currency and converted at the rate given"
            " in the request; the figures above are the converted ones."
        ),
        "balances": "Prepaid balances",
        "col.figure": "Figure",
        "col.currency": "Quoted in",
        "col.rate": "Rate",
        "col.source": "Source, as of",
        "col.original": "As quoted",
        "col.units": "Units",
        "col.expires": "Expires",
        "col.status": "What became of it",
        "col.used": "Used",
        "unused": "not used",
        "rate": "1 {from_} = {rate} {to}",
        "unused_rate": (
            "Not used (no offer in {from_}): 1 {from_} = {rate} {to} ({source}, {as_of})."
        ),
        "balance.used": "used",
        "balance.not_needed": "not needed",
        "balance.expired": "expired",
        "balance.quote_not_usable": "its offer takes no part",
        "field.packPrice": "pack price",
        "field.freight": "freight",
        "field.otherFees": "other fees",
        "field.minimumOrderValue": "minimum order value",
        "field.minimumSpend": "minimum spend",
        "field.leadDays": "lead days",
        "field.quantity": "quantity",
        "field.specification": "specification",
        "field.currency": "currency",
        "field.packSize": "pack size",
        "field.minimumPacks": "minimum packs",
        "field.maxLeadDays": "maximum lead days",
        "field.asOf": "date of the balances (asOf)",
        "field_of": "the {field} of {place}",
        "supplier_named": "supplier {who}",
        "item_named": "item {who}",
        "offer_of": "the offer for {item}",
        "offer_of_supplier": "{supplier}'s offer for {item}",
        "reason.event_supplier_excluded": (
            "Supplier {supplier} takes no part: its lead days ({value}) are above the event's"
            " maximum ({limit})."
        ),
        "reason.event_supplier_excluded_bare": (
            "Supplier {supplier} takes no part: its lead days are above the event's maximum lead"
            " days."
        ),
        "reason.event_offer_not_comparable": (
            "{offer} takes no part: its specification differs from the item's, or its"
            " supplier's currency from the event's."
        ),
        "reason.event_missing_value": ("No award: {what} is missing (omitted is not zero)."),
        "reason.event_constraint_unknown": (
            "No award: the event has a maximum lead days and the lead days of supplier {supplier}"
            " are not given (unknown is not passing)."
        ),
        "reason.event_balance_expiry_unknown": (
            "No award: balances were given without their date (asOf), so whether they expired"
            " is unknown."
        ),
        "reason.event_infeasible": (
            "No award covers every item: {item} cannot be covered (no usable offer, capacities,"
            " the maximum number of suppliers or minimum order values)."
        ),
        "reason.event_infeasible_bare": (
            "No award covers every item (no usable offer, capacities, the maximum number of"
            " suppliers or minimum order values)."
        ),
        "reason.event_out_of_range": (
            "No award: the totals of this event exceed the solver's exact integer range."
        ),
        "reason.event_solver_unavailable": (
            "No award searched: the solver is not installed (pip install 'quotecalc[plan]')."
        ),
        "reason.event_unsolved": (
            "No award found within the search budget, and none was proven impossible."
        ),
        "reason.event_not_proven": (
            "The search stopped at its budget: the best award found is given with its exact"
            " lower bound; the least total lies between them."
        ),
        "baseline_infeasible": "no such award: it would break a limit of the event",
    },
    "zh": {
        "title": "quotecalc {version} 寻源授标",
        "status": "状态：{status}（退出码 {exit}）",
        "status_page": "状态：{status}",
        "heading": "结论",
        "page_title": "寻源授标：{who} 中标",
        "page_title_none": "寻源授标：无授标",
        "page_title_invalid": "寻源授标：请求无效",
        "status.completed": "完成",
        "status.partial": "部分完成",
        "status.invalid_input": "输入无效",
        "status.internal_error": "内部错误",
        "explain.completed": (
            "授标所需的数值均已给出。这只是一次计算：未核实任何证据，也未下任何订单。"
        ),
        "explain.partial": "有数值缺失，或搜索在预算内停止：请看下方的原因。",
        "explain.invalid_input": "请求被拒绝；未授标。",
        "explain.internal_error": "quotecalc 出现程序错误；这不是请求的问题。",
        "col.where": "位置",
        "the_request": "请求",
        "of": "的",
        "key_in": "{place}中的键 `{key}`",
        "entry.suppliers": "第 {number} 个供应商",
        "entry.items": "第 {number} 个物料",
        "entry.offers": "第 {number} 个报价",
        "entry.priceBreaks": "第 {number} 档数量折扣",
        "entry.spendDiscounts": "第 {number} 档采购额折扣",
        "entry.exchangeRates": "第 {number} 个汇率",
        "entry.balances": "第 {number} 笔预付余额",
        "award": "授标：{parts}：{total}，{proof}",
        "part": "{who} 供应 {items}",
        "part_split": "{who} 供应部分 {items}",
        "and": "、",
        "comma": "；",
        "proven": "已证明最优",
        "not_proven": "未证明最优（最低总额不低于 {bound}）",
        "below": "比{baseline}低 {share}（{total}）",
        "above": "比{baseline}高 {share}（{total}）",
        "equal": "与{baseline}相同",
        "singleSupplier": "最佳单一供应商",
        "singleSupplier_named": "最佳单一供应商（仅 {who}）",
        "cheapestPerItem": "各物料取最便宜供应商",
        "arrives": "{days} 天后到齐，即最慢的供应商（{who}）到货之时。",
        "arrives_one": "{days} 天后到货（{who}）。",
        "arrives_unknown": "到货时间未知：{who} 的交期天数未给出。",
        "days": "{days} 天",
        "no_award": "无授标。",
        "invalid": "请求无效：未授标。",
        "internal": "发生内部错误：未授标。",
        "lines": "授标明细",
        "suppliers": "中标供应商",
        "items": "物料",
        "baselines": "基准",
        "baselines_note": "同样的物料换一种买法的费用；节省即授标的到岸总额比它低多少。",
        "reasons": "原因",
        "limitations": "局限与说明",
        "errors": "错误",
        "col.item": "物料",
        "col.supplier": "供应商",
        "col.packs": "包数",
        "col.delivered": "交付数量（件）",
        "col.pack_price": "每包价格",
        "col.goods": "货款",
        "col.discount": "折扣",
        "col.freight": "运费",
        "col.fees": "其他费用",
        "col.landed": "到岸总额",
        "col.lead": "交期天数",
        "col.need": "需求（件）",
        "col.overbuy": "超买（件）",
        "col.suppliers": "供应商",
        "col.baseline": "基准",
        "col.saving": "授标节省",
        "col.code": "代码",
        "col.about": "对象",
        "col.path": "路径",
        "col.message": "说明",
        "col.meaning": "含义",
        "none": "无",
        "money_note": "金额单位 {currency}，保留 {places} 位小数；小数位更多的精确金额全部显示。",
        "money_note_none": "金额保留 {places} 位小数；小数位更多的精确金额全部显示。",
        "conversions": "按所给汇率换算",
        "conversions_note": (
            "以下各数原以其他币种报价，已按请求中给出的汇率换算；上方的数字均为换算后的数字。"
        ),
        "balances": "预付余额",
        "col.figure": "项目",
        "col.currency": "原报价币种",
        "col.rate": "汇率",
        "col.source": "来源与日期",
        "col.original": "原报价",
        "col.units": "数量",
        "col.expires": "到期日",
        "col.status": "处理",
        "col.used": "已用",
        "unused": "未使用",
        "rate": "1 {from_} = {rate} {to}",
        "unused_rate": (
            "未使用（没有 {from_} 报价）：1 {from_} = {rate} {to}（{source}，{as_of}）。"
        ),
        "balance.used": "已使用",
        "balance.not_needed": "不需要",
        "balance.expired": "已过期",
        "balance.quote_not_usable": "其报价未参与",
        "field.packPrice": "包价",
        "field.freight": "运费",
        "field.otherFees": "其他费用",
        "field.minimumOrderValue": "最低订单金额",
        "field.minimumSpend": "采购额门槛",
        "field.leadDays": "交期天数",
        "field.quantity": "数量",
        "field.specification": "规格",
        "field.currency": "币种",
        "field.packSize": "每包数量",
        "field.minimumPacks": "最小起订包数",
        "field.maxLeadDays": "最长交期天数",
        "field.asOf": "余额日期（asOf）",
        "field_of": "{place}的{field}",
        "supplier_named": "供应商 {who}",
        "item_named": "物料 {who}",
        "offer_of": "{item} 的报价",
        "offer_of_supplier": "{supplier} 对 {item} 的报价",
        "reason.event_supplier_excluded": (
            "供应商 {supplier} 未参与：其交期天数（{value}）超过本次寻源的最长交期（{limit}）。"
        ),
        "reason.event_supplier_excluded_bare": (
            "供应商 {supplier} 未参与：其交期天数超过最长交期天数。"
        ),
        "reason.event_offer_not_comparable": (
            "{offer}未参与：其规格与物料的规格不同，或其供应商的币种与本次寻源的币种不同。"
        ),
        "reason.event_missing_value": "无授标：缺少{what}（未给出不等于零）。",
        "reason.event_constraint_unknown": (
            "无授标：本次寻源设有最长交期天数，而供应商 {supplier} 的交期天数未给出"
            "（未知不算符合）。"
        ),
        "reason.event_balance_expiry_unknown": (
            "无授标：给出了预付余额但没有余额日期（asOf），无法判断是否已过期。"
        ),
        "reason.event_infeasible": (
            "没有能覆盖所有物料的授标：{item} 无法覆盖"
            "（没有可用报价、产能、最多供应商数或最低订单金额所限）。"
        ),
        "reason.event_infeasible_bare": (
            "没有能覆盖所有物料的授标（没有可用报价、产能、最多供应商数或最低订单金额所限）。"
        ),
        "reason.event_out_of_range": "无授标：本次寻源的总额超出求解器的精确整数范围。",
        "reason.event_solver_unavailable": (
            "未搜索授标：未安装求解器（pip install 'quotecalc[plan]'）。"
        ),
        "reason.event_unsolved": "在搜索预算内未找到授标，也未证明不存在授标。",
        "reason.event_not_proven": (
            "搜索在预算内停止：给出的是找到的最佳授标及其精确下界；最低总额介于两者之间。"
        ),
        "baseline_infeasible": "无此授标：它会违反本次寻源的限制",
    },
}
LANG_TAGS: Final = {"en": "en", "zh": "zh-Hans"}
