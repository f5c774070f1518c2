"""The workbook's own words (issue 35), ``workbook.``: sheet titles, figures and notes; its
columns are the shared ones."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Final

from .word import Word

ROWS: Final[tuple[Word, ...]] = (
    Word("workbook.sheet.summary", "Summary", "摘要"),
    Word("workbook.sheet.plan", "Plan lines", "采购方案明细"),
    Word("workbook.sheet.single", "Single suppliers", "单一供应商"),
    Word("workbook.status", "Status", "状态"),
    Word("workbook.colon", ": ", "："),
    Word("workbook.value", "Value", "数值"),
    Word(
        "workbook.exact_note",
        (
            "Numbers are the calculation's exact figures, shown with the decimals the calculation"
            " gives them; a figure with more than 15 significant digits (more than a spreadsheet"
            " number holds) is written as text."
        ),
        (
            "数字为计算的精确结果，按计算给出的小数位显示；超过 15 位有效数字（"
            "超出电子表格数字的精度）的数值以文本写出。"
        ),
    ),
    Word("workbook.col.minimum_packs", "Minimum packs", "最小起订包数"),
    Word("workbook.col.unit_price", "Unit quote price", "报价单价"),
    Word("workbook.col.field", "Field", "字段"),
    Word("workbook.col.reason", "Reason", "原因"),
    Word("workbook.col.need_packs", "Packs at need", "按需包数"),
    Word("workbook.col.need_delivered", "Delivered at need", "按需到货数量"),
    Word("workbook.col.need_landed", "Landed total at need", "按需到岸总价"),
    Word("workbook.col.cheapest_packs", "Packs, cheapest", "最省包数"),
    Word("workbook.col.cheapest_delivered", "Delivered, cheapest", "最省到货数量"),
    Word("workbook.col.cheapest_landed", "Landed total, cheapest", "最省到岸总价"),
    Word("workbook.col.cheapest_per_unit", "Cost per unit, cheapest", "最省每单位成本"),
    Word("workbook.col.original_currency", "Quoted currency", "报价币种"),
    Word("workbook.col.original_pack_price", "Quoted pack price", "原包价"),
    Word("workbook.col.original_freight", "Quoted freight", "原运费"),
    Word("workbook.col.original_other_fees", "Quoted other fees", "原其他费用"),
    Word("workbook.col.from", "From", "从"),
    Word("workbook.col.to", "To", "到"),
    Word("workbook.col.as_of", "As of", "日期"),
    Word("workbook.col.source", "Source", "来源"),
    Word("workbook.fig.lower_bound", "Lower bound", "下界"),
    Word("workbook.fig.cost_proven", "Least total proven", "最低总价已证明"),
    Word("workbook.fig.ties_settled", "Tie order settled", "并列顺序已确定"),
    Word("workbook.fig.suppliers", "Number of suppliers", "供应商数"),
    Word(
        "workbook.fig.saving_single",
        "Saving against the best single source",
        "比最佳单一供应商节省",
    ),
)
