"""The weight-analysis section of the text report (issue 11), in English and Chinese.

Nothing is computed here: every value is read from the ``analysis`` object of the
weight-analysis document (``quotecalc.analysis.document``), exact fractions and 6-place decimals as
written there. :func:`quotecalc.output.report.render_text` appends these lines after the stability
intervals when it is given the object (a ranked result).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .cells import clean, table
from .people import percent
from .wording import DIMENSION_TEXT

TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "section": "Weight analysis",
        "note": (
            "Weights as percentages of the total weight ({dimensions}). A supplier's region is"
            " every way of sharing the weight at which it ranks first or ties for first; its"
            " share is its part of all possible weightings (exact values: --analysis)."
        ),
        "weights": "Your weights: {shares}; first: {winners}.",
        "excluded": "Not in the analysis: {dimension} (a component is unknown).",
        "col.supplier": "Supplier",
        "col.share": "Share of weightings",
        "yes": "yes",
        "no": "no",
        "none": "-",
        "dominated": (
            "- {supplier} is dominated by {by}: no better on any dimension and worse on at"
            " least one."
        ),
        "no_dominance": "No supplier is dominated by another.",
        "switch": (
            "Switching distance {share}: moving that share of the weight, to {point}, makes"
            " {suppliers} rank first or tie."
        ),
        "cannot": "{count} supplier(s) cannot rank first for any weights: {suppliers}.",
        "dominated_count": "{count} supplier(s) are dominated by another:",
        "no_switch": "No other supplier ranks first at any weights.",
        "join": ", ",
        "list_join": ", ",
    },
    "zh": {
        "section": "权重空间分析",
        "note": (
            "权重按占总权重的百分比表示（{dimensions}）。某供应商的区域是它排名第一"
            "（含并列）的全部权重分配方式；其占比是它在所有可能权重中所占的比例"
            "（精确值见 --analysis）。"
        ),
        "weights": "您的权重：{shares}；第一名：{winners}。",
        "excluded": "未纳入分析：{dimension}（有分项未知）。",
        "col.supplier": "供应商",
        "col.share": "权重空间占比",
        "yes": "是",
        "no": "否",
        "none": "-",
        "dominated": "- {supplier} 被 {by} 占优：没有任何维度更好，且至少一个维度更差。",
        "no_dominance": "没有供应商被其他供应商占优。",
        "switch": (
            "切换距离 {share}：把这一份额的权重移到 {point}，{suppliers} 将排名第一或并列第一。"
        ),
        "cannot": "{count} 家供应商在任何权重下都不能排名第一：{suppliers}。",
        "dominated_count": "{count} 家供应商被其他供应商占优：",
        "no_switch": "在任何权重下都没有其他供应商能排名第一。",
        "join": "，",
        "list_join": "、",
    },
}


def _point(lang: str, point: Mapping[str, str]) -> str:
    return (
        "("
        + TEXT[lang]["join"].join(
            f"{DIMENSION_TEXT[lang].get(name, clean(name))} {percent(value, lang)}"
            for name, value in point.items()
        )
        + ")"
    )


def _names(words: Mapping[str, str], ids: Sequence[str]) -> str:
    return words["list_join"].join(clean(sid) for sid in ids)


def weight_analysis_lines(analysis: Mapping[str, Any], lang: str) -> list[str]:
    """The section's lines (starting with the blank line and the heading)."""
    words = TEXT[lang]
    dimensions = " / ".join(
        DIMENSION_TEXT[lang].get(name, clean(name)) for name in analysis["dimensions"]
    )
    lines = ["", f"== {words['section']} ==", words["note"].format(dimensions=dimensions)]
    shares = _point(lang, analysis["weights"])[1:-1]
    lines.append(words["weights"].format(shares=shares, winners=_names(words, analysis["winners"])))
    for excluded in analysis["excludedDimensions"]:
        name = str(excluded["dimension"])
        lines.append(
            words["excluded"].format(dimension=DIMENSION_TEXT[lang].get(name, clean(name)))
        )
    winning = [region for region in analysis["regions"] if region["canWin"]]
    cannot = [
        sid
        for region in analysis["regions"]
        if not region["canWin"]
        for sid in region["supplierIds"]
    ]
    rows = [
        [_names(words, region["supplierIds"]), percent(region["areaShareExact"], lang)]
        for region in winning
    ]
    lines.extend(table([words["col.supplier"], words["col.share"]], rows, frozenset({1})))
    if cannot:
        lines.append(words["cannot"].format(count=len(cannot), suppliers=_names(words, cannot)))
    if analysis["dominance"]:
        lines.append(words["dominated_count"].format(count=len(analysis["dominance"])))
    for entry in analysis["dominance"]:
        lines.append(
            words["dominated"].format(
                supplier=clean(entry["supplierId"]), by=_names(words, entry["dominatedBy"])
            )
        )
    if not analysis["dominance"]:
        lines.append(words["no_dominance"])
    switch = analysis["switchingDistance"]
    if switch is None:
        lines.append(words["no_switch"])
    else:
        lines.append(
            words["switch"].format(
                share=percent(switch["distanceExact"], lang),
                point=_point(lang, switch["point"]),
                suppliers=_names(words, switch["supplierIds"]),
            )
        )
    return lines
