"""The event award report's words (issues 26, 35), ``event.``."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

from .word import Word

ROWS: Final[tuple[Word, ...]] = (
    Word("event.title", "quotecalc {version} event award", "quotecalc {version} 寻源授标"),
    Word("event.page_title", "Sourcing event: award to {who}", "寻源授标：{who} 中标"),
    Word("event.page_title_none", "Sourcing event: no award", "寻源授标：无授标"),
    Word(
        "event.page_title_invalid",
        "Sourcing event: the request is not valid",
        "寻源授标：请求无效",
    ),
    Word(
        "event.outcome.completed",
        (
            "Every value the award needs was given. This is a calculation only: nothing was"
            " verified and no order was placed."
        ),
        "授标所需的数值均已给出。这只是一次计算：未核实任何证据，也未下任何订单。",
    ),
    Word(
        "event.outcome.partial",
        "A value is missing or the search stopped at its budget: read the reasons below.",
        "有数值缺失，或搜索在预算内停止：请看下方的原因。",
    ),
    Word(
        "event.outcome.invalid_input",
        "The request was rejected; nothing was awarded.",
        "请求被拒绝；未授标。",
    ),
    Word(
        "event.outcome.internal_error",
        "quotecalc hit a bug; this is not a problem with the request.",
        "quotecalc 出现程序错误；这不是请求的问题。",
    ),
    Word("event.of", " of ", "的"),
    Word("event.key_in", "key `{key}` in {place}", "{place}中的键 `{key}`"),
    Word("event.entry.suppliers", "supplier {number}", "第 {number} 个供应商"),
    Word("event.entry.items", "item {number}", "第 {number} 个物料"),
    Word("event.entry.offers", "offer {number}", "第 {number} 个报价"),
    Word("event.entry.priceBreaks", "price break {number}", "第 {number} 档数量折扣"),
    Word("event.entry.spendDiscounts", "spend tier {number}", "第 {number} 档采购额折扣"),
    Word("event.entry.exchangeRates", "exchange rate {number}", "第 {number} 个汇率"),
    Word("event.entry.balances", "balance {number}", "第 {number} 笔预付余额"),
    Word("event.award", "Award {parts}: {total}, {proof}", "授标：{parts}：{total}，{proof}"),
    Word("event.part", "{who} the {items}", "{who} 供应 {items}"),
    Word("event.part_split", "{who} part of the {items}", "{who} 供应部分 {items}"),
    Word(
        "event.ties_open",
        (
            "the least total is proven (which of the equally cheap awards comes first is not"
            " settled)"
        ),
        "最低总价已证明（同样便宜的授标中哪一个排在最前尚未确定）",
    ),
    Word(
        "event.not_proven",
        "the least total is not proven (it is at least {bound})",
        "最低总价未证明（不低于 {bound}）",
    ),
    Word(
        "event.below",
        "saves {saving} ({share}) against {baseline}, which costs {total}",
        "比{baseline}的 {total} 节省 {saving}（{share}）",
    ),
    Word(
        "event.above",
        "costs {saving} ({share}) more than {baseline}, which costs {total}",
        "比{baseline}的 {total} 多花 {saving}（{share}）",
    ),
    Word("event.equal", "the same as {baseline}", "与{baseline}相同"),
    Word(
        "event.singleSupplier_named",
        "the best single supplier, {who} alone",
        "最佳单一供应商（仅 {who}）",
    ),
    Word(
        "event.arrives",
        "Arrives in {days} days, when its slowest supplier does ({who}).",
        "{days} 天后到齐，即最慢的供应商（{who}）到货之时。",
    ),
    Word("event.no_award", "No award.", "无授标。"),
    Word("event.invalid", "The request is not valid: nothing was awarded.", "请求无效：未授标。"),
    Word(
        "event.internal_none",
        "An internal error occurred: nothing was awarded.",
        "发生内部错误：未授标。",
    ),
    Word("event.suppliers", "Suppliers awarded", "中标供应商"),
    Word(
        "event.baselines_note",
        (
            "What the same items would cost bought another way; the saving is the award's landed"
            " total below it."
        ),
        "同样的物料换一种买法的费用；节省即授标的到岸总额比它低多少。",
    ),
    Word("event.reasons", "Reasons", "原因"),
    Word("event.none", "none", "无"),
    Word(
        "event.money_note",
        (
            "Amounts in {currency}, with {places} decimal places; an amount exact to more places"
            " shows them all."
        ),
        "金额单位 {currency}，保留 {places} 位小数；小数位更多的精确金额全部显示。",
    ),
    Word(
        "event.money_note_none",
        "Amounts with {places} decimal places; an amount exact to more places shows them all.",
        "金额保留 {places} 位小数；小数位更多的精确金额全部显示。",
    ),
    Word(
        "event.conversions_note",
        (
            "Each figure below was quoted in another currency and converted at the rate given in"
            " the request; the figures above are the converted ones."
        ),
        "以下各数原以其他币种报价，已按请求中给出的汇率换算；上方的数字均为换算后的数字。",
    ),
    Word("event.col.source", "Source, as of", "来源与日期"),
    Word("event.col.units", "Units", "数量"),
    Word("event.col.expires", "Expires", "到期日"),
    Word("event.col.status", "What became of it", "处理"),
    Word("event.col.used", "Used", "已用"),
    Word("event.rate", "1 {from_} = {rate} {to}", "1 {from_} = {rate} {to}"),
    Word(
        "event.unused_rate",
        "Not used (no offer in {from_}): 1 {from_} = {rate} {to} ({source}, {as_of}).",
        "未使用（没有 {from_} 报价）：1 {from_} = {rate} {to}（{source}，{as_of}）。",
    ),
    Word("event.balance.used", "used", "已使用"),
    Word("event.balance.not_needed", "not needed", "不需要"),
    Word("event.balance.expired", "expired", "已过期"),
    Word("event.balance.quote_not_usable", "its offer takes no part", "其报价未参与"),
    # The fields no row words (issue 39: every other field is named by its row).
    Word("event.field.minimumOrderValue", "minimum order value", "最低订单金额"),
    Word("event.field.minimumSpend", "minimum spend", "采购额门槛"),
    Word("event.field.asOf", "date of the balances", "余额日期"),
    Word("event.field_of", "the {field} of {place}", "{place}的{field}"),
    Word("event.supplier_named", "supplier {who}", "供应商 {who}"),
    Word("event.item_named", "item {who}", "物料 {who}"),
    Word("event.offer_of", "the offer for {item}", "{item} 的报价"),
    Word("event.offer_of_supplier", "{supplier}'s offer for {item}", "{supplier} 对 {item} 的报价"),
    Word("event.col.specification", "Specification", "规格"),
    Word(
        "event.split_capacity",
        "{item} is split: {who} delivers its whole capacity for it ({packs} packs).",
        "{item} 由多家供应：{who} 已供到其产能上限（{packs} 包）。",
    ),
    Word(
        "event.split_minimum_order",
        (
            "{item} is split; {who} has a minimum order value of {minimum}, and its goods"
            " subtotal in this award is {goods}."
        ),
        "{item} 由多家供应：{who} 的最低订单金额为 {minimum}，本授标中其货款小计为 {goods}。",
    ),
    Word(
        "event.split_cheaper",
        (
            "{item} is split between {who}: no capacity or minimum order value makes it so;"
            " the split award is simply the cheaper one."
        ),
        "{item} 由 {who} 分别供应：并非产能或最低订单金额所致，只是这样拆分总价更低。",
    ),
    Word(
        "event.alone_lacks",
        "{who} cannot supply everything alone: it has no offer that takes part for {items}.",
        "{who} 无法单独供应全部物料：{items} 没有可参与的报价。",
    ),
    Word(
        "event.alone_capacity",
        (
            "{who} cannot supply everything alone: its capacity for {item} is {packs} packs of"
            " {size} units, and the need is {need} units."
        ),
        (
            "{who} 无法单独供应全部物料：其 {item} 的产能为 {packs} 包、每包 {size} 件，"
            "需求为 {need} 件。"
        ),
    ),
    Word(
        "event.item_alone_capacity",
        (
            "Each item from its cheapest supplier is not possible: no supplier can deliver all"
            " {need} units of {item} alone ({capacities})."
        ),
        (
            "无法各物料取最便宜供应商：没有一家供应商能单独供应 {item} 的全部 {need} 件"
            "（{capacities}）。"
        ),
    ),
    Word(
        "event.capacity_of",
        "{who}: {packs} packs of {size} units",
        "{who} 最多 {packs} 包、每包 {size} 件",
    ),
    Word(
        "event.baseline_infeasible",
        "no such award: it would break a limit of the event",
        "无此授标：它会违反本次寻源的限制",
    ),
)
