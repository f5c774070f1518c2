"""The workbook's own words (issue 35), English and Chinese: sheet titles and column headers.

The sentences of the answer and the words of each limitation are the reports' own
(:mod:`quotecalc.output.answer`, :mod:`quotecalc.output.plan_view`,
:mod:`quotecalc.output.event_report`, :mod:`quotecalc.output.wording`): the workbook shows
what the page and the text report say.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..output.plan_words import LIMITATION_WORDS, REASON_TEXT
from ..output.wording import DIMENSION_TEXT, ERROR_TEXT, LIMITATION_TEXT, STATUS_TEXT

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "sheet.summary": "Summary",
        "sheet.quotes": "Quotes",
        "sheet.ranking": "Ranking",
        "sheet.constraints": "Constraints",
        "sheet.limitations": "Limitations",
        "sheet.errors": "Errors",
        "sheet.plan": "Plan lines",
        "sheet.single": "Single suppliers",
        "sheet.award": "Award lines",
        "sheet.suppliers": "Suppliers",
        "sheet.items": "Items",
        "sheet.baselines": "Baselines",
        "sheet.conversions": "Conversions",
        "status": "Status",
        "colon": ": ",
        "currency": "Currency",
        "tool": "Calculated by",
        "figure": "Figure",
        "value": "Value",
        "exact_note": (
            "Numbers are the calculation's exact figures, shown with the decimals the"
            " calculation gives them; a figure with more than 15 significant digits (more than"
            " a spreadsheet number holds) is written as text."
        ),
        "yes": "yes",
        "no": "no",
        "col.supplier": "Supplier",
        "col.item": "Item",
        "col.comparable": "Comparable",
        "col.currency": "Currency",
        "col.pack_size": "Pack size",
        "col.minimum_packs": "Minimum packs",
        "col.pack_price": "Pack price",
        "col.freight": "Freight",
        "col.other_fees": "Other fees",
        "col.discount": "Discount",
        "col.packs": "Packs",
        "col.delivered": "Delivered",
        "col.overbuy": "Overbuy",
        "col.need": "Need",
        "col.goods": "Goods",
        "col.landed": "Landed total",
        "col.per_unit": "Cost per delivered unit",
        "col.unit_price": "Unit quote price",
        "col.lead": "Lead days",
        "col.quality": "Quality score",
        "col.constraint_status": "Constraint status",
        "col.constraint": "Constraint",
        "col.limit": "Limit",
        "col.value": "Value",
        "col.result": "Result",
        "col.rank": "Rank",
        "col.score": "Score",
        "col.cost": "Cost",
        "col.delivery": "Delivery",
        "col.quality_component": "Quality",
        "col.code": "Code",
        "col.about": "About",
        "col.field": "Field",
        "col.meaning": "Meaning",
        "col.path": "Path",
        "col.suppliers": "Suppliers",
        "col.baseline": "Baseline",
        "col.saving": "Award saves",
        "col.reason": "Reason",
        "col.need_packs": "Packs at need",
        "col.need_delivered": "Delivered at need",
        "col.need_landed": "Landed total at need",
        "col.cheapest_packs": "Packs, cheapest",
        "col.cheapest_delivered": "Delivered, cheapest",
        "col.cheapest_landed": "Landed total, cheapest",
        "col.cheapest_per_unit": "Cost per unit, cheapest",
        "col.saving_single": "Saving",
        "col.original_currency": "Quoted currency",
        "col.original_pack_price": "Quoted pack price",
        "col.original_freight": "Quoted freight",
        "col.original_other_fees": "Quoted other fees",
        "col.from": "From",
        "col.to": "To",
        "col.rate": "Rate",
        "col.as_of": "As of",
        "col.source": "Source",
        "fig.landed": "Landed total",
        "fig.lower_bound": "Lower bound",
        "fig.proven": "Proven best",
        "fig.delivered": "Delivered",
        "fig.overbuy": "Overbuy",
        "fig.suppliers": "Suppliers",
        "fig.saving_single": "Saving against the best single source",
        "fig.per_unit": "Cost per delivered unit",
        "fig.lead": "Lead days",
        "baseline.singleSupplier": "the best single supplier",
        "baseline.cheapestPerItem": "buying each item from its cheapest supplier",
    },
    "zh": {
        "sheet.summary": "摘要",
        "sheet.quotes": "报价",
        "sheet.ranking": "排名",
        "sheet.constraints": "硬约束",
        "sheet.limitations": "局限与说明",
        "sheet.errors": "错误",
        "sheet.plan": "采购方案明细",
        "sheet.single": "单一供应商",
        "sheet.award": "授标明细",
        "sheet.suppliers": "供应商",
        "sheet.items": "物料",
        "sheet.baselines": "对比基准",
        "sheet.conversions": "换算",
        "status": "状态",
        "colon": "：",
        "currency": "币种",
        "tool": "计算工具",
        "figure": "指标",
        "value": "数值",
        "exact_note": (
            "数字为计算的精确结果，按计算给出的小数位显示；超过 15 位有效数字（超出电子表格"
            "数字的精度）的数值以文本写出。"
        ),
        "yes": "是",
        "no": "否",
        "col.supplier": "供应商",
        "col.item": "物料",
        "col.comparable": "可比较",
        "col.currency": "币种",
        "col.pack_size": "每包件数",
        "col.minimum_packs": "最小起订包数",
        "col.pack_price": "包价",
        "col.freight": "运费",
        "col.other_fees": "其他费用",
        "col.discount": "折扣",
        "col.packs": "包数",
        "col.delivered": "到货数量",
        "col.overbuy": "超购数量",
        "col.need": "需求数量",
        "col.goods": "货款",
        "col.landed": "到岸总价",
        "col.per_unit": "每到货单位成本",
        "col.unit_price": "报价单价",
        "col.lead": "交期天数",
        "col.quality": "质量评分",
        "col.constraint_status": "约束状态",
        "col.constraint": "约束",
        "col.limit": "限值",
        "col.value": "报价值",
        "col.result": "结果",
        "col.rank": "名次",
        "col.score": "得分",
        "col.cost": "成本",
        "col.delivery": "交期",
        "col.quality_component": "质量",
        "col.code": "代码",
        "col.about": "对象",
        "col.field": "字段",
        "col.meaning": "说明",
        "col.path": "位置",
        "col.suppliers": "供应商",
        "col.baseline": "对比基准",
        "col.saving": "授标节省",
        "col.reason": "原因",
        "col.need_packs": "按需包数",
        "col.need_delivered": "按需到货数量",
        "col.need_landed": "按需到岸总价",
        "col.cheapest_packs": "最省包数",
        "col.cheapest_delivered": "最省到货数量",
        "col.cheapest_landed": "最省到岸总价",
        "col.cheapest_per_unit": "最省每单位成本",
        "col.saving_single": "节省",
        "col.original_currency": "报价币种",
        "col.original_pack_price": "原包价",
        "col.original_freight": "原运费",
        "col.original_other_fees": "原其他费用",
        "col.from": "从",
        "col.to": "到",
        "col.rate": "汇率",
        "col.as_of": "日期",
        "col.source": "来源",
        "fig.landed": "到岸总价",
        "fig.lower_bound": "下界",
        "fig.proven": "已证明最优",
        "fig.delivered": "到货数量",
        "fig.overbuy": "超购数量",
        "fig.suppliers": "供应商数",
        "fig.saving_single": "比最佳单一供应商节省",
        "fig.per_unit": "每到货单位成本",
        "fig.lead": "交期天数",
        "baseline.singleSupplier": "最佳单一供应商",
        "baseline.cheapestPerItem": "每个物料向其最便宜的供应商采购",
    },
}


def say(lang: str, key: str) -> str:
    """Our words for ``key`` in ``lang``."""
    return WORDS[lang][key]


def yes_no(lang: str, flag: object) -> str:
    """``yes``/``no`` in ``lang`` for a JSON boolean (anything else: its text)."""
    if isinstance(flag, bool):
        return WORDS[lang]["yes" if flag else "no"]
    return "-" if flag is None else str(flag)


def status_words(lang: str, status: str) -> str:
    """The status and its explanation, as the reports word them."""
    label, explanation = STATUS_TEXT[lang].get(status, (status, ""))
    if not explanation:
        return label
    return f"{label}：{explanation}" if lang == "zh" else f"{label}: {explanation}"


def limitation_words(lang: str, item: Mapping[str, Any]) -> str:
    """One limitation or reason in words: the reports' wording of its code (with its field
    and dimension), else the document's own message."""
    code = str(item.get("code"))
    if code in REASON_TEXT[lang]:  # a plan's reason: {what} is whom and which field
        what = ", ".join(str(item[key]) for key in ("supplierId", "field") if item.get(key))
        return REASON_TEXT[lang][code].format(what=what or "-")
    template = (
        LIMITATION_TEXT[lang].get(code)
        or LIMITATION_WORDS[lang].get(code)
        or ERROR_TEXT[lang].get(code)
    )
    if template is None:
        return str(item.get("message") or code)
    try:
        dimension = str(item.get("dimension") or "-")
        return template.format(
            field=item.get("field") or "-",
            dimension=DIMENSION_TEXT[lang].get(dimension, dimension),
        )
    except (KeyError, IndexError):
        return str(item.get("message") or code)
