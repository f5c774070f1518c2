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
from .wording import DIMENSION_TEXT

TEXT: Final[dict[str, dict[str, str]]] = {
    "en": {
        "section": "Weight analysis",
        "note": (
            "Weights as shares (they sum to 1) of {dimensions}. A supplier's region is every"
            " set of shares at which it ranks first or ties for first; its share is the part"
            " of all possible weightings, exact."
        ),
        "weights": "Your weights as shares: {shares}; first: {winners}.",
        "excluded": "Not in the analysis: {dimension} (a component is unknown).",
        "col.supplier": "Supplier",
        "col.can_win": "Can rank first",
        "col.share": "Share of weightings",
        "col.exact": "Exact",
        "col.vertices": "Region corners ({dimensions})",
        "yes": "yes",
        "no": "no",
        "none": "-",
        "dominated": (
            "- {supplier} is dominated by {by}: no better on any dimension and worse on at"
            " least one."
        ),
        "no_dominance": "No supplier is dominated by another.",
        "switch": (
            "Switching distance {exact} ({decimal}): moving that share of the weight, to"
            " {point}, makes {suppliers} rank first or tie."
        ),
        "no_switch": "No other supplier ranks first at any weights.",
        "join": ", ",
        "list_join": ", ",
    },
    "zh": {
        "section": "权重空间分析",
        "note": (
            "权重按份额表示（合计为 1），维度：{dimensions}。某供应商的区域是它排名第一"
            "（含并列）的全部权重份额；其占比是它在所有可能权重中所占的精确比例。"
        ),
        "weights": "您的权重份额：{shares}；第一名：{winners}。",
        "excluded": "未纳入分析：{dimension}（有分项未知）。",
        "col.supplier": "供应商",
        "col.can_win": "能否第一",
        "col.share": "权重空间占比",
        "col.exact": "精确值",
        "col.vertices": "区域顶点（{dimensions}）",
        "yes": "是",
        "no": "否",
        "none": "-",
        "dominated": "- {supplier} 被 {by} 占优：没有任何维度更好，且至少一个维度更差。",
        "no_dominance": "没有供应商被其他供应商占优。",
        "switch": (
            "切换距离 {exact}（{decimal}）：把这一份额的权重移到 {point}，"
            "{suppliers} 将排名第一或并列第一。"
        ),
        "no_switch": "在任何权重下都没有其他供应商能排名第一。",
        "join": "，",
        "list_join": "、",
    },
}


def _point(point: Mapping[str, str]) -> str:
    return "(" + ", ".join(clean(value) for value in point.values()) + ")"


def _names(words: Mapping[str, str], ids: Sequence[str]) -> str:
    return words["list_join"].join(clean(sid) for sid in ids)


def weight_analysis_lines(analysis: Mapping[str, Any], lang: str) -> list[str]:
    """The section's lines (starting with the blank line and the heading)."""
    words = TEXT[lang]
    dimensions = " / ".join(
        DIMENSION_TEXT[lang].get(name, clean(name)) for name in analysis["dimensions"]
    )
    lines = ["", f"== {words['section']} ==", words["note"].format(dimensions=dimensions)]
    shares = words["join"].join(
        f"{DIMENSION_TEXT[lang].get(name, clean(name))} {clean(value)}"
        for name, value in analysis["weights"].items()
    )
    lines.append(words["weights"].format(shares=shares, winners=_names(words, analysis["winners"])))
    for excluded in analysis["excludedDimensions"]:
        name = str(excluded["dimension"])
        lines.append(
            words["excluded"].format(dimension=DIMENSION_TEXT[lang].get(name, clean(name)))
        )
    rows = [
        [
            _names(words, region["supplierIds"]),
            words["yes" if region["canWin"] else "no"],
            clean(region["areaShare"]),
            clean(region["areaShareExact"]),
            " ".join(_point(vertex) for vertex in region["vertices"]) or words["none"],
        ]
        for region in analysis["regions"]
    ]
    headers = [
        words["col.supplier"],
        words["col.can_win"],
        words["col.share"],
        words["col.exact"],
        words["col.vertices"].format(dimensions=dimensions),
    ]
    lines.extend(table(headers, rows, frozenset({2, 3})))
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
                exact=clean(switch["distanceExact"]),
                decimal=clean(switch["distance"]),
                point=_point(switch["point"]),
                suppliers=_names(words, switch["supplierIds"]),
            )
        )
    return lines
