"""The weight-analysis section of the text report (issue 11), in English and Chinese.

Nothing is computed here: every value is read from the ``analysis`` object of the
weight-analysis document (``quotecalc.analysis.document``), exact fractions and 6-place decimals as
written there. :func:`quotecalc.output.report.render_text` appends these lines after the stability
intervals when it is given the object (a ranked result).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .cells import clean, table
from .people import percent
from .wording import DIMENSION_TEXT, area

TEXT: Final = area("analysis")
"""The section's words (the catalog's ``analysis.`` and the shared ones)."""


def _point(lang: str, point: Mapping[str, str]) -> str:
    return (
        "("
        + TEXT[lang]["share_join"].join(
            f"{DIMENSION_TEXT[lang].get(name, clean(name))} {percent(value, lang)}"
            for name, value in point.items()
        )
        + ")"
    )


def _names(words: Mapping[str, str], ids: Sequence[str]) -> str:
    return words["join"].join(clean(sid) for sid in ids)


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
        lines.append(words["nobody_else_first"])
    else:
        lines.append(
            words["switch"].format(
                share=percent(switch["distanceExact"], lang),
                point=_point(lang, switch["point"]),
                suppliers=_names(words, switch["supplierIds"]),
            )
        )
    return lines
