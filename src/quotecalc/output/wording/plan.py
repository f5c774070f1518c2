"""The readable purchase plan's words (issue 25), ``plan.``. One rule they keep: the word
"proven" (证明) appears only in ``least_total_proven`` and ``plan.ties_open``, the clauses shown
when the document says the least total is proven (``costProven``, issue 38), so that a plan
whose least total the document does not call proven is never read as one."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

from .word import Word

ROWS: Final[tuple[Word, ...]] = (
    Word("plan.title", "Purchase plan: {item}", "采购方案：{item}"),
    Word("plan.title_plain", "Purchase plan", "采购方案"),
    Word(
        "plan.buy",
        "Buy {orders}: {total} {currency} in all, {proof}; {compare}.",
        "{orders}：合计 {total} {currency}，{proof}；{compare}。",
    ),
    Word("plan.order_first", "{packs} {pack_word} from {who}", "从 {who} 购买 {packs} 包"),
    Word("plan.order_next", "{packs} from {who}", "从 {who} 购买 {packs} 包"),
    Word("plan.pack", "pack", "包"),
    Word("plan.packs", "packs", "包"),
    Word(
        "plan.unproven",
        (
            "the least found but not confirmed as the least (no plan can cost less than {bound}"
            " {currency})"
        ),
        "这是已找到的最低方案，但尚未确认为最低（任何方案都不低于 {bound} {currency}）",
    ),
    Word(
        "plan.ties_open",
        (
            "the least total is proven (which of the equally cheap plans comes first, by fewest"
            " suppliers then fewest units, is not settled)"
        ),
        ("最低总价已证明（按供应商最少、其次到货最少，同样便宜的方案中哪一个排在最前尚未确定）"),
    ),
    Word(
        "plan.compare_saving",
        "{saving} below the best single supplier ({who} alone, {packs} {pack_word}, {total})",
        "比最佳单一供应商（仅 {who}，{packs} {pack_word}，{total}）低 {saving}",
    ),
    Word(
        "plan.compare_same",
        "the same total as the best single supplier ({who} alone, {packs} {pack_word})",
        "与最佳单一供应商（仅 {who}，{packs} {pack_word}）的总价相同",
    ),
    Word(
        "plan.compare_none",
        "no single supplier can deliver the {quantity} units alone",
        "没有任何单一供应商能单独供应 {quantity} 件",
    ),
    Word("plan.no_best", "No plan is given: {reason}", "未给出方案：{reason}"),
    Word(
        "plan.single_best",
        (
            "The best single supplier: {who} alone, {packs} {pack_word}, {total} {currency} in all,"
            " {per_unit} {currency} per delivered unit."
        ),
        (
            "最佳单一供应商：仅 {who}，{packs} {pack_word}，合计 {total} {currency}，每到货单位成本"
            " {per_unit} {currency}。"
        ),
    ),
    Word(
        "plan.no_plan",
        "No plan: {count} reason(s) listed below.",
        "没有方案：原因见下（{count} 项）。",
    ),
    Word(
        "plan.invalid",
        (
            "The plan request is not valid, so nothing was planned: correct the field(s) listed"
            " under Errors ({count})."
        ),
        "采购方案请求无效，未进行规划：请更正下方“错误”中列出的字段（{count} 项）。",
    ),
    Word(
        "plan.bought",
        (
            "Buying {quantity} units of “{item}”, priced in {currency}; {limit}. Fees are per"
            " order: each supplier used adds its freight and other fees once."
        ),
        (
            "采购：“{item}”，数量 {quantity} 件，币种 {currency}；{limit}。费用按订单计："
            "每使用一家供应商，其运费和其他费用计一次。"
        ),
    ),
    Word(
        "plan.balances_cover",
        "Prepaid balances cover {covered} units (as of {as_of}); {to_buy} units are left to buy.",
        "预付余额抵扣 {covered} 件（截至 {as_of}）；还需购买 {to_buy} 件。",
    ),
    Word("plan.limit_some", "at most {count} suppliers", "最多 {count} 家供应商"),
    Word("plan.limit_one", "one supplier only", "只用一家供应商"),
    Word("plan.limit_any", "any number of suppliers", "供应商数量不限"),
    Word(
        "plan.delivered",
        (
            "Delivered: {delivered} units ({over} over the need); {per_unit} {currency} per"
            " delivered unit."
        ),
        "到货：{delivered} 件（超出需求 {over} 件）；每到货单位成本 {per_unit} {currency}。",
    ),
    Word(
        "plan.arrives",
        "Arrives in {days} days, when its slowest line does ({who}).",
        "{days} 天后到齐，即最慢的一行（{who}）到货之时。",
    ),
    Word(
        "plan.break_applies",
        "{who}: {minimum} units at {price} a pack: reached, this price applies.",
        "{who}：满 {minimum} 件每包 {price}：已达到，按此价格计。",
    ),
    Word(
        "plan.break_passed",
        "{who}: {minimum} units at {price} a pack: reached (a higher break applies).",
        "{who}：满 {minimum} 件每包 {price}：已达到（按更高一档计价）。",
    ),
    Word(
        "plan.break_missed",
        "{who}: {minimum} units at {price} a pack: missed by {short} units.",
        "{who}：满 {minimum} 件每包 {price}：未达到，还差 {short} 件。",
    ),
    Word("plan.break_none", "{who}: no price breaks.", "{who}：没有数量折扣。"),
    Word(
        "plan.alternative",
        (
            "{who} alone: {packs} {pack_word} ({delivered} units, {over} over the need), {total}"
            " {currency} in all, {per_unit} {currency} per delivered unit, {lead}."
        ),
        (
            "仅 {who}：{packs} {pack_word}（{delivered} 件，超出需求 {over} 件），合计 {total}"
            " {currency}，每到货单位成本 {per_unit} {currency}，{lead}。"
        ),
    ),
    Word("plan.lead_days", "lead time {days} days", "交期 {days} 天"),
    Word("plan.lead_unknown", "lead days not given", "交期天数未给出"),
    Word(
        "plan.cannot_deliver",
        "cannot deliver the need: at most {units} units ({packs} packs)",
        "无法满足需求：最多 {units} 件（{packs} 包）",
    ),
    Word("plan.section.lines", "The plan, line by line", "方案明细"),
    Word("plan.section.breaks", "Price breaks", "数量折扣"),
    Word("plan.section.alternative", "The best single supplier", "最佳单一供应商"),
    Word("plan.section.single", "Each supplier alone", "各供应商单独供货"),
    Word("plan.section.reasons", "Why there is no plan", "没有方案的原因"),
    Word(
        "plan.converted",
        "{who}: quoted in {currency} ({original}), converted at {rate} {pair} ({source}, {as_of}).",
        "{who}：原报价币种 {currency}（{original}），按 {rate} {pair} 换算（{source}，{as_of}）。",
    ),
    Word(
        "plan.unused_rate",
        "Not used by any quote: {rate} {pair} ({source}, {as_of}).",
        "未被任何报价使用：{rate} {pair}（{source}，{as_of}）。",
    ),
    Word(
        "plan.balance",
        "{who}: {units} units, expiring {expires}: {status}.",
        "{who}：{units} 件，{expires} 到期：{status}。",
    ),
    Word("plan.balance.used", "{used} units used", "使用 {used} 件"),
    Word(
        "plan.balance.not_needed",
        "not needed (earlier balances covered the need)",
        "无需使用（前面的余额已满足需求）",
    ),
    Word(
        "plan.balance.expired",
        "expired before {as_of}, not used",
        "在 {as_of} 之前已过期，未使用",
    ),
    Word(
        "plan.balance.quote_not_usable",
        "not used: the supplier's quote is not usable",
        "未使用：该供应商的报价不可用",
    ),
    Word(
        "plan.allocated",
        (
            "Of the purchase, this need takes goods worth {allocated} {currency}; {leftover} units"
            " are left over."
        ),
        "本次采购中，此需求分摊的货款为 {allocated} {currency}；剩余 {leftover} 件。",
    ),
    Word(
        "plan.single_note",
        (
            "At the need: the packs that cover the quantity. Next break: the lowest price break"
            " that quantity does not reach, and how many units short it is. Cheapest: the pack"
            " count with the least landed total that covers it (a price break can make more packs"
            " cheaper)."
        ),
        (
            "按需求：刚好满足数量所需的包数。下一档折扣：按需求数量尚未达到的最低一档，"
            "及还差多少件。最便宜：满足数量且到岸总价最低的包数（数量折扣可能使多买反而更便宜）。"
        ),
    ),
    Word("plan.col.at_need", "At the need", "按需求"),
    Word("plan.col.cheapest", "Cheapest", "最便宜"),
    Word("plan.col.next_break", "Next break from the need", "按需求时的下一档折扣"),
    Word(
        "plan.next_cell",
        "{minimum} units at {price}: {short} short",
        "满 {minimum} 件每包 {price}：还差 {short} 件",
    ),
    Word("plan.total_row", "Plan", "方案合计"),
    Word("plan.order_cell", "{packs}\u00a0packs:\u00a0{total}", "{packs}\u00a0包：\u00a0{total}"),
)
