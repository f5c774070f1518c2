"""The comparison's words (issues 11, 21, 27): the text report's labels (``report.``), the
answer's sentences (``answer.``), the weight analysis' section (``analysis.``) and the
converted comparison's (``conversion.``)."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

from .word import Word

ROWS: Final[tuple[Word, ...]] = (
    Word("report.title", "quotecalc {version} report", "quotecalc {version} 报告"),
    Word("report.sensitivity", "Sensitivity", "敏感性分析"),
    Word("report.stability", "Stability intervals", "稳定区间"),
    Word("report.col.dimension", "Dimension", "维度"),
    Word("report.col.direction", "Direction", "方向"),
    Word("report.col.factor", "Factor", "系数"),
    Word("report.col.weights", "Weights (cost / delivery / quality)", "权重（成本 / 交期 / 质量）"),
    Word("report.col.changed", "Changed", "是否变化"),
    Word("report.col.weight", "Weight", "权重"),
    Word("report.col.same_ranking", "Same ranking for f in", "排名不变的 f 区间"),
    Word("report.col.same_winner", "Same winner(s) for f in", "第一名不变的 f 区间"),
    Word(
        "report.unknown_note",
        (
            '"-" means unknown: the value depends on an omitted field or on a quote that is not'
            " comparable."
        ),
        "“-”表示未知：该值依赖于缺失的字段或不可比较的报价。",
    ),
    Word(
        "report.conflicts",
        "Why quotes are not comparable or conflict:",
        "报价不可比较或存在冲突的原因：",
    ),
    Word(
        "report.no_ranking",
        "No ranking was made; the limitations below say why.",
        "未进行排名；原因见下方的局限与说明。",
    ),
    Word(
        "report.ranking_note",
        (
            "Scores run from 0 to 1, higher is better; equal scores share a rank. Cost and delivery"
            " components: 1 = best among the ranked quotes, 0 = worst; quality component: position"
            " on the quality scale."
        ),
        (
            "得分范围为 0 到 1，越高越好；得分相同则名次相同。成本和交期分项：1"
            " 为参与排名的报价中最好，0 为最差；质量分项：在质量评分标准上的位置。"
        ),
    ),
    Word("report.no_sensitivity", "No sensitivity scenarios.", "没有敏感性分析场景。"),
    Word(
        "report.sensitivity_note",
        "Each row multiplies one weight by the factor and keeps the others.",
        "每行把一个权重乘以系数，其余权重不变。",
    ),
    Word(
        "report.stability_note",
        (
            "f multiplies one weight while the other weights stay fixed. Bounds are exact; ( and )"
            " exclude the bound, [ and ] include it."
        ),
        (
            "f 是某一个权重的乘数，其余权重不变。边界为精确值；圆括号表示不含边界，"
            "方括号表示包含边界。"
        ),
    ),
    Word("report.which.ranking", "ranking", "排名"),
    Word("report.which.winner", "winner", "第一名"),
    Word(
        "report.swap.upper",
        "{dimension}, {which}: at f = {decimal} {pairs} tie; above it {reversed}.",
        "{dimension}（{which}）：f = {decimal} 时 {pairs} 并列；超过该值后 {reversed}。",
    ),
    Word(
        "report.swap.lower",
        "{dimension}, {which}: at f = {decimal} {pairs} tie; below it {reversed}.",
        "{dimension}（{which}）：f = {decimal} 时 {pairs} 并列；低于该值后 {reversed}。",
    ),
    Word(
        "report.swap.zero",
        "{dimension}, {which}: at f = 0 {pairs} tie, so f = 0 is excluded.",
        "{dimension}（{which}）：f = 0 时 {pairs} 并列，因此不含 f = 0。",
    ),
    Word(
        "report.swap.no_weight",
        "{dimension}, {which}: f = 0 is excluded: it would leave no positive weight.",
        "{dimension}（{which}）：不含 f = 0，因为那样将没有任何正权重。",
    ),
    Word(
        "report.swap.tie",
        (
            "{dimension}, {which}: {pairs} are exactly tied at f = 1; any change of this weight"
            " breaks the tie."
        ),
        "{dimension}（{which}）：{pairs} 在 f = 1 时恰好并列，此权重的任何变化都会打破并列。",
    ),
    Word("report.pair", "{first} and {second}", "{first} 与 {second}"),
    Word("report.reversed", "{second} ranks ahead of {first}", "{second} 排在 {first} 之前"),
    Word("report.ranking_join", ", ", ", "),
    Word(
        "report.scale",
        'Quality scale: "{definition}", from {minimum} to {maximum}.',
        "质量评分标准：“{definition}”，范围 {minimum} 至 {maximum}。",
    ),
    Word("report.no_scale", "No quality scale was given.", "未提供质量评分标准。"),
    Word("report.no_issues", "No quality issues.", "没有质量问题。"),
    Word(
        "report.not_certified",
        "No supplier is certified by this calculation.",
        "本计算不认证任何供应商。",
    ),
    Word("report.infinity", "+inf", "+inf"),
    Word(
        "answer.purchase",
        "Buying {quantity} units of “{item}”, priced in {currency}.",
        "采购：{item}，数量 {quantity} 件，币种 {currency}。",
    ),
    Word(
        "answer.purchase_no_quantity",
        "Buying “{item}”, priced in {currency}.",
        "采购：{item}，币种 {currency}。",
    ),
    Word(
        "answer.winner",
        "{who} ranks first at your weights: landed total {total}, {per_unit} per delivered unit.",
        "按您的权重，{who} 排名第一：到岸总价 {total}，每到货单位成本 {per_unit}。",
    ),
    Word(
        "answer.winner_unknown",
        "{who} ranks first at your weights.",
        "按您的权重，{who} 排名第一。",
    ),
    Word(
        "answer.winner_tie",
        (
            "{who} ties for first at your weights: landed total {total}, {per_unit} per delivered"
            " unit."
        ),
        "按您的权重，{who} 并列第一：到岸总价 {total}，每到货单位成本 {per_unit}。",
    ),
    Word(
        "answer.winner_tie_unknown",
        "{who} ties for first at your weights.",
        "按您的权重，{who} 并列第一。",
    ),
    Word(
        "answer.robust_many",
        "{share} of the weight must move before {who} rank first (or tie).",
        "至少要移动 {share} 的权重，{who} 才会排名第一（或并列）。",
    ),
    Word("answer.title_tie", "{item}: {who} tie for first", "{item}：{who} 并列第一"),
    Word("answer.title_tie_plain", "{who} tie for first", "{who} 并列第一"),
    Word(
        "answer.runner_up",
        "Runner-up: {who}, landed total {total} ({gap}); score {score} against {first}.",
        "第二名：{who}，到岸总价 {total}（{gap}）；得分 {score}，第一名 {first}。",
    ),
    Word("answer.more", "{amount} more", "多 {amount}"),
    Word("answer.less", "{amount} less", "少 {amount}"),
    Word("answer.same", "the same landed total", "到岸总价相同"),
    Word(
        "answer.no_runner_up",
        "No runner-up: only one quote was ranked.",
        "没有第二名：只有一个报价参与排名。",
    ),
    Word(
        "answer.robust",
        "{share} of the weight must move before {who} ranks first (or ties).",
        "至少要移动 {share} 的权重，{who} 才会排名第一（或并列）。",
    ),
    Word(
        "answer.robust_one",
        "Only one dimension can be compared, so the answer does not depend on weights.",
        "只有一个维度可比较，结论与权重无关。",
    ),
    Word(
        "answer.no_ranking",
        "No supplier ranks first: there is no ranking.",
        "没有供应商排名第一：未能排名。",
    ),
    Word(
        "answer.plan",
        "Best purchase plan: {lines}; landed total {total}{saving}{proven}.",
        "最佳采购方案：{lines}；到岸总价 {total}{saving}{proven}。",
    ),
    Word(
        "answer.plan_line",
        "{who} {quantity} units ({packs} packs)",
        "{who} {quantity} 件（{packs} 包）",
    ),
    Word("answer.plan_line_units", "{who} {quantity} units", "{who} {quantity} 件"),
    Word("answer.plan_line_one", "{who} {quantity} units (1 pack)", "{who} {quantity} 件（1 包）"),
    Word(
        "answer.plan_saving",
        ", {amount} less than the best single source",
        "，比最佳单一供应商少 {amount}",
    ),
    Word("answer.plan_same", ", the same as the best single source", "，与最佳单一供应商相同"),
    Word("answer.plan_unproven", " (the least total is not proven)", "（最低总价未证明）"),
    Word("answer.because", "Why: {reason}", "原因：{reason}"),
    Word("answer.give", "To get a ranking: {what}", "要得到排名：{what}"),
    Word(
        "answer.invalid",
        (
            "The request is not valid, so nothing was calculated: correct the field(s) listed under"
            " Errors ({count})."
        ),
        "请求无效，未进行计算：请更正下方“错误”中列出的字段（{count} 项）。",
    ),
    Word("answer.title_winner", "{item}: {who} ranks first", "{item}：{who} 排名第一"),
    Word("answer.title_none", "{item}: no ranking", "{item}：未能排名"),
    Word("answer.title_plain", "quotecalc report", "quotecalc 报告"),
    Word(
        "answer.give.ranking_not_requested",
        "give weights for cost, delivery and quality.",
        "请给出成本、交期和质量的权重。",
    ),
    Word(
        "answer.give.ranking_blocked_by_conflict",
        (
            "make every quote comparable (the requested specification and currency, exactly) and"
            " its quality information consistent."
        ),
        "请使每个报价可比较（规格和币种与需求完全一致），并使质量信息一致。",
    ),
    Word(
        "answer.give.ranking_blocked_by_unknown_constraint",
        "give the {checked} the hard constraints check ({who}).",
        "请给出硬约束要检查的{checked}（{who}）。",
    ),
    Word(
        "answer.give.ranking_blocked_by_missing_value",
        "give the {dimension} value ({who}), or set the {dimension} weight to 0.",
        "请给出{dimension}数值（{who}），或把{dimension}权重设为 0。",
    ),
    Word(
        "answer.give.missing_exchange_rate",
        (
            "give the exchange rate {pairs} ({who}): with exchange rates (the page's exchange-rate"
            " rows, or exchangeRates with --convert) their quotes are converted exactly and"
            " compared."
        ),
        (
            "请给出汇率：{pairs}（{who}）；有了汇率（页面上的“汇率”行，或命令行 --convert"
            " 请求中的汇率），这些报价会按汇率精确换算后参与比较。"
        ),
    ),
    Word("answer.pair", "from {source} to {target}", "从 {source} 到 {target}"),
    Word(
        "answer.plan_question",
        (
            " The ranking answers which one supplier suits your weights best; the plan answers how"
            " to buy the quantity at the lowest landed total, from one supplier or several."
        ),
        (
            "排名回答的是：按您的权重，哪一家供应商最合适；采购方案回答的是："
            "以最低到岸总价买到所需数量，可以向一家或几家供应商购买。"
        ),
    ),
    Word(
        "answer.give.all_candidates_excluded",
        "relax {limits}, or add quotes that meet them.",
        "请放宽{limits}，或补充满足约束的报价。",
    ),
    Word(
        "answer.give.other",
        "give what the limitations below name.",
        "请补充下方局限与说明中列出的内容。",
    ),
    Word("analysis.section", "Weight analysis", "权重空间分析"),
    Word(
        "analysis.note",
        (
            "Weights as percentages of the total weight ({dimensions}). A supplier's region is"
            " every way of sharing the weight at which it ranks first or ties for first; its share"
            " is its part of all possible weightings (exact values: --analysis)."
        ),
        (
            "权重按占总权重的百分比表示（{dimensions}）。某供应商的区域是它排名第一（含并列）"
            "的全部权重分配方式；其占比是它在所有可能权重中所占的比例（精确值见 --analysis）。"
        ),
    ),
    Word(
        "analysis.weights",
        "Your weights: {shares}; first: {winners}.",
        "您的权重：{shares}；第一名：{winners}。",
    ),
    Word(
        "analysis.excluded",
        "Not in the analysis: {dimension} (a component is unknown).",
        "未纳入分析：{dimension}（有分项未知）。",
    ),
    Word("analysis.col.share", "Share of weightings", "权重空间占比"),
    Word(
        "analysis.dominated",
        "- {supplier} is dominated by {by}: no better on any dimension and worse on at least one.",
        "- {supplier} 被 {by} 支配：没有任何维度更好，且至少一个维度更差。",
    ),
    Word(
        "analysis.switch",
        (
            "Switching distance {share}: moving that share of the weight, to {point}, makes"
            " {suppliers} rank first or tie."
        ),
        "切换距离 {share}：把这一份额的权重移到 {point}，{suppliers} 将排名第一或并列第一。",
    ),
    Word(
        "analysis.cannot",
        "{count} supplier(s) cannot rank first for any weights: {suppliers}.",
        "{count} 家供应商在任何权重下都不能排名第一：{suppliers}。",
    ),
    Word(
        "analysis.dominated_count",
        "{count} supplier(s) are dominated by another:",
        "{count} 家供应商被其他供应商支配：",
    ),
    Word("analysis.share_join", ", ", "，"),
    Word(
        "conversion.converted_at",
        "converted at {rate} ({source}, {as_of})",
        "按 {rate} 换算（{source}，{as_of}）",
    ),
    Word(
        "conversion.answer",
        "{supplier}: landed total {total} {currency}, {converted} from {original}.",
        "{supplier}：到岸总价 {total} {currency}，{converted}，原币种 {original}。",
    ),
    Word(
        "conversion.up_to",
        "{supplier} stays the cheapest up to {high} {pair}; above it {high_takers}.",
        "{pair} 不高于 {high} 时 {supplier} 仍最便宜；高于此值则为 {high_takers}。",
    ),
    Word(
        "conversion.down_to",
        "{supplier} stays the cheapest down to {low} {pair}; below it {low_takers}.",
        "{pair} 不低于 {low} 时 {supplier} 仍最便宜；低于此值则为 {low_takers}。",
    ),
    Word(
        "conversion.between",
        (
            "{supplier} stays the cheapest from {low} to {high} {pair}; below it {low_takers},"
            " above it {high_takers}."
        ),
        (
            "{pair} 在 {low} 至 {high} 之间时 {supplier} 仍最便宜；低于此区间为 {low_takers}，"
            "高于此区间为 {high_takers}。"
        ),
    ),
    Word(
        "conversion.any",
        "{supplier} stays the cheapest at any {pair} rate.",
        "无论 {pair} 为多少，{supplier} 都最便宜。",
    ),
    Word("conversion.converted", "Converted", "换算后"),
    Word(
        "conversion.unused",
        "Not used (no quote in {from_}): {pair} {rate} ({source}, {as_of}).",
        "未使用（没有 {from_} 报价）：{pair} {rate}（{source}，{as_of}）。",
    ),
    Word("conversion.none", "No quote was converted.", "没有报价需要换算。"),
)
