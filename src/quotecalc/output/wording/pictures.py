"""The words only the pictures say (issues 12, 21, 29), ``picture.``; the comparison's page says
the text report's and the shared ones."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

from .word import Word

ROWS: Final[tuple[Word, ...]] = (
    # The page's unbounded end of an interval: a sign, not the terminal report's "+inf" (whose
    # bytes the fixed call keeps); no English code on a Chinese page (issue 40, item 7).
    Word("picture.infinity", "+∞", "+∞"),
    Word(
        "picture.caption_winner",
        "At your weights {who} ranks first.",
        "按您的权重，{who} 排名第一。",
    ),
    Word(
        "picture.caption_tie",
        "At your weights {who} tie for first.",
        "按您的权重，{who} 并列第一。",
    ),
    Word("picture.on_line", "only on a line", "仅在一条线上"),
    Word("picture.at_point", "only at a point", "仅在一个点上"),
    Word(
        "picture.cannot_win_one",
        "1 supplier cannot rank first for any weights.",
        "1 家供应商在任何权重下都不能排第一。",
    ),
    Word(
        "picture.cannot_win_count",
        "{count} suppliers cannot rank first for any weights.",
        "{count} 家供应商在任何权重下都不能排第一。",
    ),
    Word(
        "picture.more_regions",
        (
            "{count} more regions ({first}–{last}, {suppliers} suppliers): the page (--format html)"
            " lists each with its suppliers."
        ),
        (
            "另有 {count} 个区域（{first}–{last}，{suppliers} 家供应商）：网页（--format html）"
            "逐一列出各区域的供应商。"
        ),
    ),
    Word(
        "picture.dominated_one",
        "1 supplier is dominated by another (no better on any dimension).",
        "1 家供应商被其他供应商支配（没有任何维度更好）。",
    ),
    Word(
        "picture.dominated_count",
        "{count} suppliers are dominated by another (no better on any dimension).",
        "{count} 家供应商被其他供应商支配（没有任何维度更好）。",
    ),
    Word(
        "picture.bar_axis",
        "share of the weight on {second} (the rest on {first})",
        "{second}所占的权重份额（其余为{first}）",
    ),
    Word(
        "picture.dominance_count",
        "Dominated suppliers: {count} (listed below the map).",
        "被支配的供应商：{count} 家（列在权重图下方）。",
    ),
    Word(
        "picture.dominance_explained",
        (
            "{dominated} dominated, {cannot} cannot rank first: a dominated supplier (another is at"
            " least as good on every dimension) can still tie for first on the map's edge, where"
            " the dimensions it is worse on weigh nothing ({edge} here), and a supplier no single"
            " other dominates can still be beaten everywhere by some mix of others ({mixed} here)."
        ),
        (
            "被支配 {dominated} 家，不能排第一 {cannot} 家：被支配的供应商（"
            "另有供应商在每个维度上都不差于它）在它较差的维度权重为 0 的图边上仍可能并列第一（此处"
            " {edge} 家）；没有被任何单个供应商支配的，也可能在任何权重下都被其他供应商超过（此处"
            " {mixed} 家）。"
        ),
    ),
    Word("picture.cannot_win_first", "The first {shown}:", "前 {shown} 家："),
    Word("picture.show_all", "All {count}", "全部 {count} 家"),
    Word(
        "picture.dominance_first",
        "Dominated suppliers, the first {shown} of {count}:",
        "被支配的供应商（共 {count} 家）中的前 {shown} 家：",
    ),
    Word(
        "picture.ranking_first",
        "The first {shown} of {count} ranked quotes; the others below.",
        "参与排名的 {count} 个报价中的前 {shown} 个；其余在下方。",
    ),
    Word("picture.ranking_rest", "The other {count}", "其余 {count} 个"),
    Word("picture.below_tenth", "less than 0.1 %", "不到 0.1%"),
    Word(
        "picture.cannot_win_list",
        "Cannot rank first for any weights ({count}):",
        "在任何权重下都不能排第一（{count} 家）：",
    ),
    Word(
        "picture.map_title",
        "Weight map: who ranks first for which weights",
        "权重图：在哪些权重下谁排第一",
    ),
    Word("picture.area", "area share {value}", "面积占比 {value}"),
    Word("picture.length", "length share {value}", "长度占比 {value}"),
    Word("picture.your_weights", "your weights", "您的权重"),
    Word("picture.switching_point", "nearest switching point", "最近的切换点"),
    Word(
        "picture.winner_everywhere",
        "Only one mapped dimension: its best supplier ranks first.",
        "只有一个可映射的维度：该维度最好的供应商排第一。",
    ),
    Word("picture.no_map", "No weight map", "无权重图"),
    Word(
        "picture.why",
        "There is no ranking, so there is no weight map:",
        "没有排名，因此没有权重图：",
    ),
    Word(
        "picture.no_map_page",
        (
            "There is no ranking, so there is no weight map; the answer above and the limitations"
            " below say why."
        ),
        "没有排名，因此没有权重图；原因见上方的结论和下方的局限与说明。",
    ),
    Word("picture.shares", "{dimension} {value}", "{dimension} {value}"),
    Word(
        "picture.excluded",
        "Not mapped (a supplier lacks its value): {dimensions}",
        "未映射（有供应商缺少该项数值）：{dimensions}",
    ),
    Word("picture.times", "({count}×)", "（{count} 次）"),
    Word("picture.labelled", "{label}: {value}", "{label}：{value}"),
    Word("picture.landed", "Landed cost per supplier", "各供应商的到岸成本构成"),
    Word(
        "picture.landed_note",
        (
            "Each bar is goods + freight + other fees, drawn to scale against the largest landed"
            " total ({largest})."
        ),
        "每条横条为货款 + 运费 + 其他费用，按最大的到岸总价（{largest}）等比例绘制。",
    ),
    Word(
        "picture.overbuy",
        "overbuy {overbuy} units (delivered {delivered} units)",
        "超购 {overbuy} 件（到货 {delivered} 件）",
    ),
    Word(
        "picture.not_comparable",
        "Not drawn: the quote is not comparable ({why})",
        "未绘制：该报价不可比较（{why}）",
    ),
    Word(
        "picture.missing",
        "Not drawn: the landed total is unknown because {fields} was not given.",
        "未绘制：未提供 {fields}，到岸总价未知。",
    ),
    Word(
        "picture.unknown_total",
        "Not drawn: the landed total is unknown (it depends on an omitted field).",
        "未绘制：到岸总价未知（依赖缺失的字段）。",
    ),
    Word("picture.weight_map", "Weight map", "权重图"),
    Word(
        "picture.weight_map_note",
        (
            "Every point of the map is one way to share the weight between the mapped dimensions;"
            " its colour is the supplier ranking first there."
        ),
        "图中每个点代表一种在各映射维度之间分配权重的方式；颜色表示在该处排第一的供应商。",
    ),
    Word("picture.mapped", "Mapped dimensions", "映射的维度"),
    Word("picture.winners", "Ranks first at your weights", "按您的权重排第一"),
    Word("picture.dominated", "{who} is dominated by {by}.", "{who} 被 {by} 支配。"),
    Word("picture.dominance", "Dominance", "支配关系"),
    Word("picture.col.key", "Key", "编号"),
    Word("picture.col.region", "Supplier(s)", "供应商"),
    Word("picture.col.share", "Share of the map", "占权重图的比例"),
    Word(
        "picture.generated",
        "Generated by quotecalc {version} from the result and its weight analysis.",
        "由 quotecalc {version} 根据计算结果及其权重分析生成。",
    ),
)
