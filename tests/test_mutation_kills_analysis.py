"""Mutation kills for the weight analysis (issue 14): behaviour only a subprocess or nobody
checked before, pinned in process with values worked out by hand.

The request helpers are ``test_analysis``'s (one pack of 100 for 100 units, so a quote's landed
total is its pack price; cost and delivery components ``(max - value) / (max - min)``).
"""

# The Chinese report lines use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001
from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import attrs
import pytest

from quotecalc import calculate
from quotecalc.analysis.document import ANALYSIS_PIPELINE, Analysis, analyze
from quotecalc.core.context import Context
from quotecalc.engine.pipeline import DEFAULT_PIPELINE, Pipeline
from quotecalc.engine.render import render_internal_error
from quotecalc.output.analysis_text import weight_analysis_lines
from quotecalc.solvers.simplex import half_l1
from quotecalc.stages.analysis import AnalysisStage
from test_analysis import quote, request


def test_half_l1_is_half_the_l1_distance_between_shares() -> None:
    # (1, 0, 0) to (0, 1, 0): the whole weight moves, L1 = 2, half 1.
    assert half_l1((1, 0, 0), (0, 1, 0)) == 1
    # (1/2, 1/2, 0) to (1/2, 0, 1/2): L1 = 0 + 1/2 + 1/2 = 1, half 1/2.
    assert half_l1((1, 1, 0), (1, 0, 1)) == Fraction(1, 2)
    # Homogeneous points of other totals: (2, 0, 0) is (1, 0, 0); (1, 3) is (1/4, 3/4) and
    # (1, 1) is (1/2, 1/2): L1 = 1/4 + 1/4, half 1/4.
    assert half_l1((2, 0, 0), (1, 1, 0)) == Fraction(1, 2)
    assert half_l1((1, 3), (1, 1)) == Fraction(1, 4)
    assert half_l1((3, 1), (1, 3)) == Fraction(1, 2)
    assert half_l1((5,), (7,)) == 0
    assert half_l1((1, 2, 3), (2, 4, 6)) == 0


def test_summary_without_an_analysis_is_all_null() -> None:
    unranked = DEFAULT_PIPELINE.run(request([quote("A", 100, 20), quote("B", 200, 10)], None))
    assert AnalysisStage().summary(unranked) == {
        "dimensions": None,
        "canWin": None,
        "switchingDistance": None,
    }


def test_summary_of_an_analysis_without_a_switch() -> None:
    # One mapped dimension (cost): A = 1 wins the one point, B = 0 never ranks first, so there
    # is no switching distance.
    raw = request(
        [quote("A", 100, 20), quote("B", 200, None)], {"cost": "1", "delivery": "0", "quality": "0"}
    )
    done = ANALYSIS_PIPELINE.run(raw)
    assert done.analysis is not None and done.analysis.switch is None
    assert AnalysisStage().summary(done) == {
        "dimensions": ["cost"],
        "canWin": ["A"],
        "switchingDistance": None,
    }


def test_the_document_bytes_are_one_compact_utf8_line() -> None:
    # Non-ASCII ids are written as themselves (like the result), keys without spaces.
    raw = request(
        [quote("甲", 100, 20), quote("乙", 200, 10)], {"cost": "1", "delivery": "0", "quality": "0"}
    )
    done = analyze(raw)
    data = done.to_json()
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert json.loads(data) == done.output
    assert "甲".encode() in data and b"\\u" not in data
    assert b", " not in data and b": " not in data
    assert data == (
        json.dumps(done.output, ensure_ascii=False, separators=(",", ":")) + "\n"
    ).encode("utf-8")


def test_a_hand_built_document_serialises_exactly() -> None:
    document = {"kind": "weight-analysis", "ids": ["é", "甲"], "n": None}
    assert Analysis(document, 0).to_json() == (
        '{"kind":"weight-analysis","ids":["é","甲"],"n":null}\n'.encode()
    )


def three_dimension_analysis() -> dict[str, Any]:
    """A hand-written ``analysis`` member: A wins, B and C share a region that never wins,
    C is dominated by A and B, and B and D tie first 1/5 away."""
    point = {"cost": "1/2", "delivery": "1/2", "quality": "0"}
    return {
        "candidates": ["A", "B", "C", "D"],
        "dimensions": ["cost", "delivery", "quality"],
        "excludedDimensions": [],
        "weights": {"cost": "1/2", "delivery": "3/10", "quality": "1/5"},
        "winners": ["A"],
        "regions": [
            {
                "supplierIds": ["A"],
                "canWin": True,
                "vertices": [{"cost": "1", "delivery": "0", "quality": "0"}, point],
                "areaShare": "0.750000",
                "areaShareExact": "3/4",
            },
            {
                "supplierIds": ["B", "C"],
                "canWin": False,
                "vertices": [],
                "areaShare": "0.000000",
                "areaShareExact": "0",
            },
        ],
        "dominance": [{"supplierId": "C", "dominatedBy": ["A", "B"]}],
        "switchingDistance": {
            "distance": "0.200000",
            "distanceExact": "1/5",
            "point": point,
            "supplierIds": ["B", "D"],
        },
        "stability": [],
    }


def cells(line: str) -> list[str]:
    """A table line's cells as written (padding kept), between the outer borders."""
    assert line.startswith("|") and line.endswith("|")
    return line[1:-1].split("|")


def test_text_section_of_a_three_dimension_analysis_in_english() -> None:
    # Issue 21: shares as percentages with one decimal (1/2 = 50.0 %, 3/10 = 30.0 %,
    # 1/5 = 20.0 %, 3/4 = 75.0 %), only the regions that can win in the table, the others
    # summarised in one line, dominance as a count with its list.
    lines = weight_analysis_lines(three_dimension_analysis(), "en")
    assert lines[:4] == [
        "",
        "== Weight analysis ==",
        "Weights as percentages of the total weight (cost / delivery / quality). A supplier's"
        " region is every way of sharing the weight at which it ranks first or ties for first;"
        " its share is its part of all possible weightings (exact values: --analysis).",
        "Your weights: cost 50.0 %, delivery 30.0 %, quality 20.0 %; first: A.",
    ]
    header, rule, first = lines[4:7]
    assert [cell.strip() for cell in cells(header)] == ["Supplier", "Share of weightings"]
    assert set(rule) == {"|", "-"}
    # Supplier left-aligned, the share right-aligned under its header.
    assert cells(first) == [
        " " + "A".ljust(len("Supplier")) + " ",
        " " + "75.0 %".rjust(len("Share of weightings")) + " ",
    ]
    assert lines[7:] == [
        "2 supplier(s) cannot rank first for any weights: B, C.",
        "1 supplier(s) are dominated by another:",
        "- C is dominated by A, B: no better on any dimension and worse on at least one.",
        "Switching distance 20.0 %: moving that share of the weight, to (cost 50.0 %, delivery"
        " 50.0 %, quality 0.0 %), makes B, D rank first or tie.",
    ]


def test_text_section_of_a_three_dimension_analysis_in_chinese() -> None:
    lines = weight_analysis_lines(three_dimension_analysis(), "zh")
    assert lines[:4] == [
        "",
        "== 权重空间分析 ==",
        "权重按占总权重的百分比表示（成本 / 交期 / 质量）。某供应商的区域是它排名第一（含并列）"
        "的全部权重分配方式；其占比是它在所有可能权重中所占的比例（精确值见 --analysis）。",
        "您的权重：成本 50.0%，交期 30.0%，质量 20.0%；第一名：A。",
    ]
    assert [cell.strip() for cell in cells(lines[4])] == ["供应商", "权重空间占比"]
    assert [cell.strip() for cell in cells(lines[6])] == ["A", "75.0%"]
    assert lines[7:] == [
        "2 家供应商在任何权重下都不能排名第一：B、C。",
        "1 家供应商被其他供应商支配：",
        "- C 被 A、B 支配：没有任何维度更好，且至少一个维度更差。",
        "切换距离 20.0%：把这一份额的权重移到 (成本 50.0%，交期 50.0%，质量 0.0%)，B、D"
        " 将排名第一或并列第一。",
    ]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "No supplier is dominated by another.",
                "No other supplier ranks first for any weights.",
            ],
        ),
        ("zh", ["没有供应商被其他供应商支配。", "在任何权重下都没有其他供应商排名第一。"]),
    ],
)
def test_no_dominance_and_no_switch(lang: str, expected: list[str]) -> None:
    analysis = {**three_dimension_analysis(), "dominance": [], "switchingDistance": None}
    assert weight_analysis_lines(analysis, lang)[-2:] == expected


def test_names_the_engine_does_not_know_are_written_escaped() -> None:
    # The dimension names are the engine's three; any other is still written, made harmless.
    analysis = {
        **three_dimension_analysis(),
        "dimensions": ["cost", "x\x07"],
        "weights": {"cost": "1/2", "x\x07": "1/2"},
        "excludedDimensions": [{"dimension": "y\x1b", "reason": "component_unavailable"}],
    }
    lines = weight_analysis_lines(analysis, "en")
    assert "(cost / x\\u0007)." in lines[2]
    assert lines[3] == "Your weights: cost 50.0 %, x\\u0007 50.0 %; first: A."
    assert lines[4] == "Not in the analysis: y\\u001b (a component is unknown)."


WEIGHTED = request(
    [quote("A", 100, 20), quote("B", 200, 10)], {"cost": "0.5", "delivery": "0.5", "quality": "0"}
)


def test_analyze_does_not_trace_unless_asked() -> None:
    assert analyze(WEIGHTED).trace == ()


def test_analyze_with_trace_gives_the_same_document_and_every_stage() -> None:
    traced = analyze(WEIGHTED, trace=True)
    plain = analyze(WEIGHTED)
    assert traced.output == plain.output and traced.exit_code == plain.exit_code == 0
    assert [entry.stage for entry in traced.trace] == [
        *(stage.name for stage in DEFAULT_PIPELINE.stages),
        "analysis",
    ]
    assert traced.result == plain.result == calculate(WEIGHTED).output


def test_a_pipeline_without_the_stage_gives_no_analysis_and_no_reasons() -> None:
    # A ranked result whose context has no analysis record: the document says null, and no
    # ranking blocker is a reason.
    done = analyze(WEIGHTED, pipeline=DEFAULT_PIPELINE)
    assert done.output["status"] == "completed"
    assert done.output["analysis"] is None and done.output["reasons"] == []
    assert done.exit_code == 0


def test_a_bug_keeps_the_internal_error_result_beside_the_document() -> None:
    @attrs.frozen
    class Broken:
        name: str = "broken"

        def __call__(self, ctx: Context) -> Context:
            raise RuntimeError("boom")

        def summary(self, ctx: Context) -> dict[str, object]:
            return {}

    done = analyze(WEIGHTED, pipeline=Pipeline((Broken(),)))
    assert done.exit_code == 1
    assert done.result["status"] == "internal_error"
    assert done.result == render_internal_error()


def test_switching_point_found_from_a_vertex_one_unit_off_the_users_line() -> None:
    # A = (cost 0, delivery 0, quality 1): total 200, lead 20, score 3; B = (1, 1, 0): total
    # 100, lead 10, score 0. Weights 0 : 1 : 2 are the shares (0, 1/3, 2/3): A scores 2/3 and
    # B 1/3, A wins. B ranks first where s_cost + s_delivery >= s_quality, i.e. s_quality <= 1/2:
    # 1/6 of the weight must leave quality, half-L1 1/6 wherever it goes; the greatest point by
    # (cost, delivery, quality) sends it all to cost: (1/6, 1/3, 1/2). A's region s_quality >=
    # 1/2 is the triangle (0, 0, 1) (1/2, 0, 1/2) (0, 1/2, 1/2): 1/8 of the plane's 1/2, so 1/4.
    quotes = [quote("A", 200, 20, 3), quote("B", 100, 10, 0)]
    raw = request(quotes, {"cost": "0", "delivery": "1", "quality": "2"})
    analysis = analyze(raw).output["analysis"]
    assert analysis["winners"] == ["A"]
    assert analysis["weights"] == {"cost": "0", "delivery": "1/3", "quality": "2/3"}
    assert [(r["supplierIds"], r["areaShareExact"]) for r in analysis["regions"]] == [
        (["A"], "1/4"),
        (["B"], "3/4"),
    ]
    assert analysis["switchingDistance"] == {
        "distance": "0.166667",
        "distanceExact": "1/6",
        "point": {"cost": "1/6", "delivery": "1/3", "quality": "1/2"},
        "supplierIds": ["B"],
    }
