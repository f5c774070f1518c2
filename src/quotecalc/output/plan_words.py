"""The fixed words of the readable purchase plan (issue 25), per language (``en``, ``zh``).

Data only, read by :mod:`quotecalc.output.plan_view`. One rule the tables keep: the word
"proven" (证明) appears only in ``proven``, the clause shown when the document says
``proven: true``; every other text, the not-proven one included, avoids it, so that a plan
the document does not call proven is never read as one.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Purchase plan: {item}",
        "title_plain": "Purchase plan",
        "heading": "The answer",
        "buy": "Buy {orders}: {total} {currency} in all, {proof}; {compare}.",
        "order_first": "{packs} {pack_word} from {who}",
        "order_next": "{packs} from {who}",
        "pack": "pack",
        "packs": "packs",
        "join": ", ",
        "join_last": " and ",
        "list_join": ", ",
        "proven": "proven the least",
        "unproven": (
            "the least found but not confirmed as the least (no plan can cost less than"
            " {bound} {currency})"
        ),
        "unproven_tie": (
            "the least total (no plan costs less), but not confirmed as the first of the equally"
            " cheap plans (fewest suppliers, then fewest units)"
        ),
        "compare_saving": (
            "{saving} below the best single supplier ({who} alone, {packs} {pack_word}, {total})"
        ),
        "compare_same": (
            "the same total as the best single supplier ({who} alone, {packs} {pack_word})"
        ),
        "compare_none": "no single supplier can deliver the {quantity} units alone",
        "no_best": "No plan is given: {reason}",
        "single_best": (
            "The best single supplier: {who} alone, {packs} {pack_word}, {total} {currency} in"
            " all, {per_unit} {currency} per delivered unit."
        ),
        "no_plan": "No plan: {count} reason(s) listed below.",
        "invalid": (
            "The plan request is not valid, so nothing was planned: correct the field(s) listed"
            " under Errors ({count})."
        ),
        "internal": "An internal error occurred; this is a bug in quotecalc, not in the input.",
        "bought": (
            "Buying {quantity} units of “{item}”, priced in {currency}; {limit}. Fees are per"
            " order: each supplier used adds its freight and other fees once."
        ),
        "balances": (
            "Prepaid balances cover {covered} units (as of {as_of}); {to_buy} units are left to"
            " buy."
        ),
        "limit_some": "at most {count} suppliers",
        "limit_one": "one supplier only",
        "limit_any": "any number of suppliers",
        "delivered": (
            "Delivered: {delivered} units ({over} over the need); {per_unit} {currency} per"
            " delivered unit."
        ),
        "arrives": "Arrives in {days} days, when its slowest line does ({who}).",
        "arrives_one": "Arrives in {days} days ({who}).",
        "arrives_unknown": "Arrival unknown: the lead days of {who} are not given.",
        "break_applies": "{who}: {minimum} units at {price} a pack: reached, this price applies.",
        "break_passed": (
            "{who}: {minimum} units at {price} a pack: reached (a higher break applies)."
        ),
        "break_missed": "{who}: {minimum} units at {price} a pack: missed by {short} units.",
        "break_none": "{who}: no price breaks.",
        "alternative": (
            "{who} alone: {packs} {pack_word} ({delivered} units, {over} over the need), {total}"
            " {currency} in all, {per_unit} {currency} per delivered unit, {lead}."
        ),
        "lead_days": "{days} days",
        "lead_unknown": "lead days not given",
        "cannot_deliver": "cannot deliver the need: at most {units} units ({packs} packs)",
        "status": "Status: {status}",
        "status.completed": "completed",
        "status.partial": "partial",
        "status.invalid_input": "invalid request",
        "status.internal_error": "internal error",
        "section.lines": "The plan, line by line",
        "section.breaks": "Price breaks",
        "section.alternative": "The best single supplier",
        "section.single": "Each supplier alone",
        "section.reasons": "Why there is no plan",
        "section.errors": "Errors",
        "section.limitations": "Limitations",
        "section.conversions": "Converted at the rates given",
        "section.balances": "Prepaid balances",
        "converted": (
            "{who}: quoted in {currency} ({original}), converted at {rate} {pair} ({source},"
            " {as_of})."
        ),
        "unused_rate": "Not used by any quote: {rate} {pair} ({source}, {as_of}).",
        "balance": "{who}: {units} units, expiring {expires}: {status}.",
        "balance.used": "{used} units used",
        "balance.not_needed": "not needed (earlier balances covered the need)",
        "balance.expired": "expired before {as_of}, not used",
        "balance.quote_not_usable": "not used: the supplier's quote is not usable",
        "allocated": (
            "Of the purchase, this need takes goods worth {allocated} {currency};"
            " {leftover} units are left over."
        ),
        "single_note": (
            "At the need: the packs that cover the quantity. Next break: the lowest price break"
            " that quantity does not reach, and how many units short it is. Cheapest: the pack"
            " count with the least landed total that covers it (a price break can make more"
            " packs cheaper)."
        ),
        "col.supplier": "Supplier",
        "col.packs": "Packs",
        "col.delivered": "Delivered units",
        "col.pack_price": "Pack price",
        "col.goods": "Goods subtotal",
        "col.freight": "Freight",
        "col.other": "Other fees",
        "col.landed": "Landed total",
        "col.per_unit": "Cost per delivered unit",
        "col.lead": "Lead days",
        "col.at_need": "At the need",
        "col.cheapest": "Cheapest",
        "col.next_break": "Next break from the need",
        "next_cell": "{minimum} units at {price}: {short} short",
        "col.saving": "Saving",
        "col.path": "Path",
        "col.where": "Where",
        "col.code": "Code",
        "col.meaning": "Meaning",
        "total_row": "Plan",
        "whole_input": "(whole input)",
        # No-break spaces: "10 packs: 530.00" stays one piece in a narrow column.
        "order_cell": "{packs}\u00a0packs:\u00a0{total}",
        "unknown": "-",
    },
    "zh": {
        "title": "采购方案：{item}",
        "title_plain": "采购方案",
        "heading": "结论",
        "buy": "{orders}：合计 {total} {currency}，{proof}；{compare}。",
        "order_first": "从 {who} 购买 {packs} 包",
        "order_next": "从 {who} 购买 {packs} 包",
        "pack": "包",
        "packs": "包",
        "join": "、",
        "join_last": "、",
        "list_join": "、",
        "proven": "已证明为最低",
        "unproven": "这是已找到的最低方案，但尚未确认为最低（任何方案都不低于 {bound} {currency}）",
        "unproven_tie": (
            "总价已是最低（没有更便宜的方案），但尚未确认它在同样便宜的方案中排在最前"
            "（供应商最少，其次到货最少）"
        ),
        "compare_saving": "比最佳单一供应商（仅 {who}，{packs} {pack_word}，{total}）低 {saving}",
        "compare_same": "与最佳单一供应商（仅 {who}，{packs} {pack_word}）的总价相同",
        "compare_none": "没有任何单一供应商能单独供应 {quantity} 件",
        "no_best": "未给出方案：{reason}",
        "single_best": (
            "最佳单一供应商：仅 {who}，{packs} {pack_word}，合计 {total} {currency}，"
            "每到货单位成本 {per_unit} {currency}。"
        ),
        "no_plan": "没有方案：原因见下（{count} 项）。",
        "invalid": "采购方案请求无效，未进行规划：请更正下方“错误”中列出的字段（{count} 项）。",
        "internal": "发生内部错误；这是 quotecalc 的缺陷，与输入无关。",
        "bought": (
            "采购：“{item}”，数量 {quantity} 件，币种 {currency}；{limit}。费用按订单计："
            "每使用一家供应商，其运费和其他费用计一次。"
        ),
        "balances": "预付余额抵扣 {covered} 件（截至 {as_of}）；还需购买 {to_buy} 件。",
        "limit_some": "最多 {count} 家供应商",
        "limit_one": "只用一家供应商",
        "limit_any": "供应商数量不限",
        "delivered": (
            "到货：{delivered} 件（超出需求 {over} 件）；每到货单位成本 {per_unit} {currency}。"
        ),
        "arrives": "{days} 天后到齐，即最慢的一行（{who}）到货之时。",
        "arrives_one": "{days} 天后到货（{who}）。",
        "arrives_unknown": "到货时间未知：{who} 的交期天数未给出。",
        "break_applies": "{who}：满 {minimum} 件每包 {price}：已达到，按此价格计。",
        "break_passed": "{who}：满 {minimum} 件每包 {price}：已达到（按更高一档计价）。",
        "break_missed": "{who}：满 {minimum} 件每包 {price}：未达到，还差 {short} 件。",
        "break_none": "{who}：没有数量折扣。",
        "alternative": (
            "仅 {who}：{packs} {pack_word}（{delivered} 件，超出需求 {over} 件），合计 {total}"
            " {currency}，每到货单位成本 {per_unit} {currency}，{lead}。"
        ),
        "lead_days": "交期 {days} 天",
        "lead_unknown": "交期天数未给出",
        "cannot_deliver": "无法满足需求：最多 {units} 件（{packs} 包）",
        "status": "状态：{status}",
        "status.completed": "完成",
        "status.partial": "部分完成",
        "status.invalid_input": "输入无效",
        "status.internal_error": "内部错误",
        "section.lines": "方案明细",
        "section.breaks": "数量折扣",
        "section.alternative": "最佳单一供应商",
        "section.single": "各供应商单独供货",
        "section.reasons": "没有方案的原因",
        "section.errors": "错误",
        "section.limitations": "局限与说明",
        "section.conversions": "按所给汇率换算",
        "section.balances": "预付余额",
        "converted": (
            "{who}：原报价币种 {currency}（{original}），"
            "按 {rate} {pair} 换算（{source}，{as_of}）。"
        ),
        "unused_rate": "未被任何报价使用：{rate} {pair}（{source}，{as_of}）。",
        "balance": "{who}：{units} 件，{expires} 到期：{status}。",
        "balance.used": "使用 {used} 件",
        "balance.not_needed": "无需使用（前面的余额已满足需求）",
        "balance.expired": "在 {as_of} 之前已过期，未使用",
        "balance.quote_not_usable": "未使用：该供应商的报价不可用",
        "allocated": "本次采购中，此需求分摊的货款为 {allocated} {currency}；剩余 {leftover} 件。",
        "single_note": (
            "按需求：刚好满足数量所需的包数。下一档折扣：按需求数量尚未达到的最低一档，及还差多少件。"
            "最便宜：满足数量且到岸总价最低的包数（数量折扣可能使多买反而更便宜）。"
        ),
        "col.supplier": "供应商",
        "col.packs": "包数",
        "col.delivered": "到货数量",
        "col.pack_price": "包价",
        "col.goods": "货款小计",
        "col.freight": "运费",
        "col.other": "其他费用",
        "col.landed": "到岸总价",
        "col.per_unit": "每到货单位成本",
        "col.lead": "交期天数",
        "col.at_need": "按需求",
        "col.cheapest": "最便宜",
        "col.next_break": "按需求时的下一档折扣",
        "next_cell": "满 {minimum} 件每包 {price}：还差 {short} 件",
        "col.saving": "节省",
        "col.path": "路径",
        "col.where": "位置",
        "col.code": "代码",
        "col.meaning": "含义",
        "total_row": "方案合计",
        "whole_input": "（整个输入）",
        "order_cell": "{packs}\u00a0包：\u00a0{total}",
        "unknown": "-",
    },
}
"""Every sentence, label and column of the readable plan."""

REASON_TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "plan_missing_value": "a value the plan needs is missing ({what}); omitted is not zero.",
        "plan_quote_not_comparable": (
            "the quote of {what} is not comparable (its specification or currency differs or"
            " is missing)."
        ),
        "plan_constraint_unknown": "a hard constraint cannot be checked for {what}.",
        "plan_all_excluded": "every quote is excluded by the hard constraints.",
        "plan_balance_expiry_unknown": (
            "prepaid balances are given without asOf, so whether they expired is unknown."
        ),
        "plan_infeasible": (
            "no plan covers the quantity: the capacities (within maxSuppliers) fall short."
        ),
    },
    "zh": {
        "plan_missing_value": "缺少方案所需的值（{what}）；未填写不等于零。",
        "plan_quote_not_comparable": "{what} 的报价不可比较（规格或币种不同或缺失）。",
        "plan_constraint_unknown": "无法对 {what} 检查硬约束。",
        "plan_all_excluded": "所有报价都被硬约束排除。",
        "plan_balance_expiry_unknown": "给出了预付余额但没有 asOf，无法判断余额是否已过期。",
        "plan_infeasible": "没有能满足数量的方案：各供应商的供货上限（在最多供应商数内）不足。",
    },
}
"""Each reason code of the plan document in plain words; ``{what}`` is the supplier and/or
field the reason names."""

LIMITATION_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "converted_at_given_rates": (
            "Quotes in another currency were converted at the exchange rates given; every"
            " converted figure depends on those rates, which were not checked."
        ),
        "plan_not_proven": (
            "The search stopped before confirming this plan: the least possible total lies"
            " between the lower bound and this plan's total (equal when only the order among"
            " equally cheap plans was left open)."
        ),
    },
    "zh": {
        "converted_at_given_rates": (
            "其他币种的报价按所给汇率换算；所有换算后的数值都取决于这些汇率，汇率未经核实。"
        ),
        "plan_not_proven": (
            "搜索在确认此方案之前停止：最低可能总价介于下限与此方案总价之间"
            "（两者相等时，只是同样便宜的方案之间的排序尚未确定）。"
        ),
    },
}
"""The plan's own limitation; the others are the fixed result's (``wording.LIMITATION_TEXT``)."""
