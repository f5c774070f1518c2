"""The weight-analysis document (issue 11): hand-worked cases, the stage, the library, the CLI.

Every expected value below is worked out by hand in the comment beside it (components from
the quotes, scores at shares ``s`` as ``sum_d s_d * component_d``), never copied from output.
Quotes are one pack of 100 for 100 units, so a quote's landed total is its pack price;
cost and delivery components are ``(max - value) / (max - min)``, quality is ``score / 3`` on
the 0-3 scale. Every document is validated against the published analysis schema.
"""

# The Chinese report lines use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import json
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from conftest import ROOT
from quotecalc import analyze, calculate, stability
from quotecalc.analysis.document import ANALYSIS_PIPELINE, BLOCKING_CODES
from quotecalc.contract.analysis_schema import analysis_schema
from quotecalc.core.codes import LIMITATION_MESSAGES
from quotecalc.core.context import Context
from quotecalc.engine.pipeline import DEFAULT_PIPELINE, Pipeline, make_pipeline
from quotecalc.kinds import ANALYSIS
from quotecalc.stages.analysis import AnalysisStage
from quotecalc.stages.scoring import DIMENSIONS

SPEC = "M6 bolt"
CUR = "CNY"
SCHEMA = json.loads((ROOT / "docs" / "schema" / "analysis.schema.json").read_bytes())
VALIDATOR = Draft202012Validator(SCHEMA)
DEFAULT_STAGES = [
    "parse",
    "validate",
    "comparability",
    "packs",
    "cost",
    "quality",
    "constraints",
    "scoring",
    "sensitivity",
    "limitations",
]


def quote(sid: str, total: int, lead: int | None, score: int | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "supplierId": sid,
        "specification": SPEC,
        "currency": CUR,
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": str(total),
        "freight": "0",
        "otherFees": "0",
    }
    if lead is not None:
        entry["leadDays"] = lead
    if score is not None:
        entry["qualityScore"] = score
        entry["qualityDefinition"] = "0-3 audit"
    return entry


def request(quotes: list[dict[str, Any]], weights: dict[str, str] | None, **root: Any) -> bytes:
    body: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": 100,
        "currency": CUR,
        "specification": SPEC,
        "quotes": quotes,
        **root,
    }
    if weights is not None:
        body["weights"] = weights
    if any("qualityScore" in entry for entry in quotes):
        body["qualityScale"] = {"definition": "0-3 audit", "minimum": 0, "maximum": 3}
    return json.dumps(body).encode()


def document(raw: bytes) -> dict[str, Any]:
    done = analyze(raw)
    output = done.output
    errors = list(VALIDATOR.iter_errors(output))
    assert not errors, errors[0].message
    assert done.exit_code == calculate(raw).exit_code
    assert output["status"] == calculate(raw).output["status"]
    return output


def shares(*values: str) -> dict[str, str]:
    return dict(zip(("cost", "delivery", "quality"), values, strict=False))


# Components (cost, delivery, quality) by hand:
#   A: total 100 (cheapest), lead 20 (slowest), score 3  -> (1, 0, 1)
#   B: total 200 (dearest),  lead 10 (fastest), score 0  -> (0, 1, 0)
#   C: total 150, lead 20, score 1                       -> (1/2, 0, 1/3)  dominated by A
#   D: total 100, lead 20, score 0                       -> (1, 0, 0)      dominated by A
ABCD = [
    quote("A", 100, 20, 3),
    quote("B", 200, 10, 0),
    quote("C", 150, 20, 1),
    quote("D", 100, 20, 0),
]
WEIGHTS = {"cost": "0.5", "delivery": "0.3", "quality": "0.2"}


def test_two_candidates_split_by_a_straight_boundary() -> None:
    # A >= B iff s_cost + s_quality >= s_delivery iff s_delivery <= 1/2: the line through
    # (1/2, 1/2, 0) and (0, 1/2, 1/2). In (x, y) = (s_delivery, s_quality) A's region is the
    # trapezoid (0,0) (1/2,0) (1/2,1/2) (0,1): area (1 + 1/2) / 2 * 1/2 = 3/8, over the
    # triangle's 1/2: 3/4; B's triangle (1/2,0) (1,0) (1/2,1/2): 1/8 over 1/2 = 1/4.
    analysis = document(request(ABCD[:2], WEIGHTS))["analysis"]
    assert analysis["candidates"] == ["A", "B"]
    assert analysis["dimensions"] == ["cost", "delivery", "quality"]
    assert analysis["excludedDimensions"] == []
    assert analysis["weights"] == shares("1/2", "3/10", "1/5")
    assert analysis["winners"] == ["A"]  # A: 1/2 + 1/5 = 7/10, B: 3/10
    assert analysis["regions"] == [
        {
            "supplierIds": ["A"],
            "canWin": True,
            "vertices": [
                shares("1", "0", "0"),
                shares("1/2", "1/2", "0"),
                shares("0", "1/2", "1/2"),
                shares("0", "0", "1"),
            ],
            "areaShare": "0.750000",
            "areaShareExact": "3/4",
        },
        {
            "supplierIds": ["B"],
            "canWin": True,
            "vertices": [
                shares("1/2", "1/2", "0"),
                shares("0", "1", "0"),
                shares("0", "1/2", "1/2"),
            ],
            "areaShare": "0.250000",
            "areaShareExact": "1/4",
        },
    ]
    assert analysis["dominance"] == []
    # B needs s_delivery >= 1/2: 1/5 more delivery share, taken from cost and/or quality:
    # half-L1 (1/5 + 1/5) / 2 = 1/5 for every split; the greatest point by (cost, delivery,
    # quality) takes it all from quality: (1/2, 1/2, 0).
    assert analysis["switchingDistance"] == {
        "distance": "0.200000",
        "distanceExact": "1/5",
        "point": shares("1/2", "1/2", "0"),
        "supplierIds": ["B"],
    }
    assert [entry["dimension"] for entry in analysis["stability"]] == [
        "cost",
        "delivery",
        "quality",
    ]


def test_dominated_candidates_and_a_tie_reached_at_the_switching_point() -> None:
    # C = (1/2, 0, 1/3) < A everywhere but never above it: at each corner A >= C, and B wins
    # the delivery corner, so C never ranks first. D = (1, 0, 0) ties A where s_quality = 0 and
    # beats B where s_cost >= s_delivery: the segment (1, 0, 0)-(1/2, 1/2, 0).
    # Scores at (1/2, 3/10, 1/5): A 7/10, D 1/2, C 1/4 + 1/15 = 19/60, B 3/10.
    analysis = document(request(ABCD, WEIGHTS))["analysis"]
    assert analysis["candidates"] == ["A", "D", "C", "B"]
    regions = {region["supplierIds"][0]: region for region in analysis["regions"]}
    assert [region["supplierIds"] for region in analysis["regions"]] == [["A"], ["D"], ["C"], ["B"]]
    assert regions["C"] == {
        "supplierIds": ["C"],
        "canWin": False,
        "vertices": [],
        "areaShare": "0.000000",
        "areaShareExact": "0",
    }
    assert regions["D"]["vertices"] == [shares("1", "0", "0"), shares("1/2", "1/2", "0")]
    assert regions["D"]["canWin"] is True and regions["D"]["areaShareExact"] == "0"
    assert regions["A"]["areaShareExact"] == "3/4" and regions["B"]["areaShareExact"] == "1/4"
    assert analysis["dominance"] == [
        {"supplierId": "C", "dominatedBy": ["A"]},
        {"supplierId": "D", "dominatedBy": ["A"]},
    ]
    # To D's segment (s, 1 - s, 0), s in [1/2, 1]: half-L1 (|s - 1/2| + |7/10 - s| + 1/5) / 2
    # = 1/5 for s in [1/2, 7/10]; to B also 1/5 (at (1/2, 1/2, 0)). Greatest point of the
    # minimum: (7/10, 3/10, 0), where A and D tie at 7/10 and B has 3/10.
    assert analysis["switchingDistance"] == {
        "distance": "0.200000",
        "distanceExact": "1/5",
        "point": shares("7/10", "3/10", "0"),
        "supplierIds": ["D"],
    }


def test_a_candidate_that_wins_only_at_a_corner() -> None:
    # Equal totals: every cost component is 1. P = (1, 0, 1), Q = (1, 1, 0), R = (1, 0, 0).
    # R >= P iff s_quality = 0 and R >= Q iff s_delivery = 0: only the cost corner.
    # P >= Q iff s_quality >= s_delivery: P has (0,0) (1/2,1/2) (0,1) in (x, y), area 1/4,
    # share 1/2; Q the rest, 1/2. Weights 1/4, 1/4, 1/2: P 3/4, Q 1/2, R 1/4.
    quotes = [quote("P", 100, 20, 3), quote("Q", 100, 10, 0), quote("R", 100, 20, 0)]
    analysis = document(request(quotes, {"cost": "0.25", "delivery": "0.25", "quality": "0.5"}))[
        "analysis"
    ]
    assert analysis["candidates"] == ["P", "Q", "R"]
    assert analysis["weights"] == shares("1/4", "1/4", "1/2")
    assert [
        (r["supplierIds"], r["vertices"], r["areaShareExact"]) for r in analysis["regions"]
    ] == [
        (["P"], [shares("1", "0", "0"), shares("0", "1/2", "1/2"), shares("0", "0", "1")], "1/2"),
        (["Q"], [shares("1", "0", "0"), shares("0", "1", "0"), shares("0", "1/2", "1/2")], "1/2"),
        (["R"], [shares("1", "0", "0")], "0"),
    ]
    assert analysis["regions"][2]["canWin"] is True
    assert analysis["dominance"] == [{"supplierId": "R", "dominatedBy": ["P", "Q"]}]
    # Q needs s_delivery >= s_quality: move t from quality to delivery, 1/4 + t = 1/2 - t,
    # t = 1/8 (moving to cost would cost 1/4). R's corner is (3/4 + 1/4 + 1/2) / 2 = 3/4 away.
    assert analysis["switchingDistance"] == {
        "distance": "0.125000",
        "distanceExact": "1/8",
        "point": shares("1/4", "3/8", "3/8"),
        "supplierIds": ["Q"],
    }


def test_identical_candidates_share_one_region() -> None:
    # A and B have the same quote: both (1, 0, 1); C = (0, 1, 0). As in the first case.
    quotes = [quote("B", 100, 20, 3), quote("A", 100, 20, 3), quote("C", 200, 10, 0)]
    analysis = document(request(quotes, WEIGHTS))["analysis"]
    assert analysis["candidates"] == ["A", "B", "C"]
    assert analysis["winners"] == ["A", "B"]
    assert [(r["supplierIds"], r["areaShareExact"]) for r in analysis["regions"]] == [
        (["A", "B"], "3/4"),
        (["C"], "1/4"),
    ]
    assert analysis["dominance"] == []
    assert analysis["switchingDistance"]["supplierIds"] == ["C"]
    assert analysis["switchingDistance"]["distanceExact"] == "1/5"


def test_two_mapped_dimensions_make_a_segment() -> None:
    # No quality scores: quality is excluded. A = (1, 0), B = (0, 1), C = (1/2, 1/2).
    # At (s, 1 - s): A = s, B = 1 - s, C = 1/2: A wins s >= 1/2, B s <= 1/2, C only s = 1/2.
    quotes = [quote("A", 100, 20), quote("B", 200, 10), quote("C", 150, 15)]
    analysis = document(request(quotes, {"cost": "0.6", "delivery": "0.4", "quality": "0"}))[
        "analysis"
    ]
    assert analysis["dimensions"] == ["cost", "delivery"]
    assert analysis["excludedDimensions"] == [
        {"dimension": "quality", "reason": "component_unavailable"}
    ]
    assert analysis["weights"] == {"cost": "3/5", "delivery": "2/5"}
    assert analysis["candidates"] == ["A", "C", "B"]  # 3/5, 1/2, 2/5
    assert [
        (r["supplierIds"], r["vertices"], r["areaShareExact"]) for r in analysis["regions"]
    ] == [
        (["A"], [{"cost": "1", "delivery": "0"}, {"cost": "1/2", "delivery": "1/2"}], "1/2"),
        (["C"], [{"cost": "1/2", "delivery": "1/2"}], "0"),
        (["B"], [{"cost": "1/2", "delivery": "1/2"}, {"cost": "0", "delivery": "1"}], "1/2"),
    ]
    # (1/2, 1/2) is (1/10 + 1/10) / 2 = 1/10 away; all three tie there.
    assert analysis["switchingDistance"] == {
        "distance": "0.100000",
        "distanceExact": "1/10",
        "point": {"cost": "1/2", "delivery": "1/2"},
        "supplierIds": ["B", "C"],
    }


def test_one_mapped_dimension_is_a_point() -> None:
    # B has no lead days and the delivery weight is 0: delivery is unknown for the set,
    # quality has no scores. Cost: A 1, B 0. A wins the one point; nobody else can.
    quotes = [quote("A", 100, 20), quote("B", 200, None)]
    raw = request(quotes, {"cost": "1", "delivery": "0", "quality": "0"})
    output = document(raw)
    analysis = output["analysis"]
    assert analysis["dimensions"] == ["cost"]
    assert [entry["dimension"] for entry in analysis["excludedDimensions"]] == [
        "delivery",
        "quality",
    ]
    assert analysis["weights"] == {"cost": "1"}
    assert analysis["regions"] == [
        {
            "supplierIds": ["A"],
            "canWin": True,
            "vertices": [{"cost": "1"}],
            "areaShare": "1.000000",
            "areaShareExact": "1",
        },
        {
            "supplierIds": ["B"],
            "canWin": False,
            "vertices": [],
            "areaShare": "0.000000",
            "areaShareExact": "0",
        },
    ]
    assert analysis["dominance"] == [{"supplierId": "B", "dominatedBy": ["A"]}]
    assert analysis["switchingDistance"] is None


@pytest.mark.parametrize(
    ("raw", "codes"),
    [
        (request(ABCD[:2], None), ["ranking_not_requested"]),
        (
            request(
                [quote("A", 100, 20), {**quote("B", 200, 10), "currency": "USD"}],
                {"cost": "0.5", "delivery": "0.5", "quality": "0"},
            ),
            # B is not comparable, so it has no landed total: cost is missing too.
            ["ranking_blocked_by_conflict", "ranking_blocked_by_missing_value"],
        ),
        (b"{", ["invalid_json"]),
        (request(ABCD[:2], {"cost": "0", "delivery": "0", "quality": "0"}), None),
    ],
)
def test_no_ranking_gives_the_reasons(raw: bytes, codes: list[str] | None) -> None:
    output = document(raw)
    result = calculate(raw).output
    assert output["analysis"] is None
    assert output["reasons"]
    if codes is not None:
        assert [reason["code"] for reason in output["reasons"]] == codes
    if result["status"] == "invalid_input":
        assert output["reasons"] == result["limitations"]
    else:
        assert output["reasons"] == [
            entry for entry in result["limitations"] if entry["code"] in BLOCKING_CODES
        ]


def test_a_bug_is_one_internal_error_document() -> None:
    @attrs.frozen
    class Broken:
        name: str = "broken"

        def __call__(self, ctx: Context) -> Context:
            raise RuntimeError("boom")

        def summary(self, ctx: Context) -> dict[str, object]:
            return {}

    done = analyze_with(Pipeline((Broken(),)))
    assert done.exit_code == 1
    assert done.output["status"] == "internal_error" and done.output["analysis"] is None
    assert [reason["code"] for reason in done.output["reasons"]] == ["internal_error"]
    assert VALIDATOR.is_valid(done.output)


def analyze_with(pipeline: Pipeline) -> Any:
    from quotecalc.analysis.document import analyze as analyse_document

    return analyse_document(request(ABCD, WEIGHTS), pipeline=pipeline)


# ---- the stage and the pipeline ----------------------------------------------------------------


def test_default_pipeline_is_unchanged_and_the_analysis_is_appended_on_request() -> None:
    assert [stage.name for stage in DEFAULT_PIPELINE.stages] == DEFAULT_STAGES
    assert [stage.name for stage in make_pipeline().stages] == DEFAULT_STAGES
    assert [stage.name for stage in ANALYSIS.pipeline().stages] == [
        *DEFAULT_STAGES,
        "analysis",
    ]
    assert [stage.name for stage in ANALYSIS_PIPELINE.stages] == [*DEFAULT_STAGES, "analysis"]


def test_stage_adds_the_record_only_with_a_ranking() -> None:
    ranked = DEFAULT_PIPELINE.run(request(ABCD, WEIGHTS))
    done = AnalysisStage()(ranked)
    assert ranked.analysis is None and done.analysis is not None
    assert done.analysis.winners == ("A",)
    assert AnalysisStage().summary(done) == {
        "dimensions": ["cost", "delivery", "quality"],
        "canWin": ["A", "D", "B"],
        "switchingDistance": "1/5",
    }
    unranked = DEFAULT_PIPELINE.run(request(ABCD, None))
    assert AnalysisStage()(unranked) is unranked
    assert AnalysisStage().summary(unranked)["dimensions"] is None


# ---- the schema --------------------------------------------------------------------------------


def test_schema_enums_come_from_the_tables() -> None:
    generated = analysis_schema()
    assert generated == SCHEMA
    defs = generated["$defs"]
    assert defs["dimension"]["enum"] == [dimension.name for dimension in DIMENSIONS]
    blocking = generated["oneOf"][1]["properties"]["reasons"]["items"]["allOf"][1]
    assert blocking["properties"]["code"]["enum"] == list(BLOCKING_CODES)
    assert set(BLOCKING_CODES) <= set(LIMITATION_MESSAGES)


def _mutations(output: dict[str, Any]) -> list[dict[str, Any]]:
    broken = []
    for path, value in [
        (("kind",), "weight_analysis"),
        (("analysis", "regions", 0, "areaShare"), "0.75"),
        (("analysis", "regions", 0, "areaShareExact"), "0.75"),
        (("analysis", "weights", "price"), "1"),
        (("analysis", "switchingDistance", "distance"), 0.2),
        (("analysis", "excludedDimensions"), [{"dimension": "quality", "reason": "other"}]),
        (("reasons",), [{"code": "ranking_not_requested", "message": "x"}]),
        (("status",), "invalid_input"),
    ]:
        copy = json.loads(json.dumps(output))
        target = copy
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        broken.append(copy)
    missing = json.loads(json.dumps(output))
    del missing["analysis"]["stability"]
    broken.append(missing)
    return broken


def test_schema_is_not_vacuous() -> None:
    output = document(request(ABCD, WEIGHTS))
    for broken in _mutations(output):
        assert not VALIDATOR.is_valid(broken), broken
    unranked = document(request(ABCD, None))
    assert not VALIDATOR.is_valid({**unranked, "reasons": []})
    assert not VALIDATOR.is_valid(
        {**unranked, "reasons": [{"code": "quality_unverified", "message": "x"}]}
    )


def test_published_schema_file_is_registered() -> None:
    from quotecalc.published import published_files

    path = "docs/schema/analysis.schema.json"
    assert published_files()[path] == Path(ROOT / path).read_bytes()


def test_hundred_suppliers_on_a_concave_front_all_win() -> None:
    # Totals 100 + i^2 and lead days (99 - i)^2: cost component 1 - i^2 / 99^2, delivery
    # 1 - (99 - i)^2 / 99^2, a strictly concave front, so over cost and delivery alone every
    # supplier is first on a segment of positive length. With quality scores added the areas
    # still sum to exactly 1. A loose time bound guards against a gross slowdown (the 100 ms
    # target is measured by scripts/bench.py).
    front = [quote(f"S{i:03d}", 100 + i * i, (99 - i) ** 2) for i in range(100)]
    two = document(request(front, {"cost": "1", "delivery": "1", "quality": "0"}))["analysis"]
    assert two["dimensions"] == ["cost", "delivery"]
    assert len(two["regions"]) == 100
    assert all(Fraction(region["areaShareExact"]) > 0 for region in two["regions"])
    assert sum(Fraction(region["areaShareExact"]) for region in two["regions"]) == 1
    scored = [quote(f"S{i:03d}", 100 + i * i, (99 - i) ** 2, i % 4) for i in range(100)]
    raw = request(scored, {"cost": "0.4", "delivery": "0.4", "quality": "0.2"})
    started = time.perf_counter()
    three = document(raw)["analysis"]
    assert time.perf_counter() - started < 5
    assert len(three["regions"]) == 100
    assert sum(Fraction(region["areaShareExact"]) for region in three["regions"]) == 1


def test_the_documented_example() -> None:
    # docs/analysis.md, worked by hand there: A = (1, 0, 1/2), B = (0, 1, 0), C = (1/2, 1/2, 1).
    # A >= C iff s_cost >= 1/2 (then A >= B too); B >= C iff 2 s_cost + 3 s_quality <= 1
    # (then B >= A too); C has the rest: 1 - 1/4 - 1/6 = 7/12.
    raw = (ROOT / "examples" / "weight-analysis.request.json").read_bytes()
    analysis = document(raw)["analysis"]
    assert analysis["candidates"] == ["A", "C", "B"]  # 7/10, 3/5, 1/5
    assert analysis["weights"] == shares("3/5", "1/5", "1/5")
    assert [
        (r["supplierIds"], r["vertices"], r["areaShareExact"]) for r in analysis["regions"]
    ] == [
        (
            ["A"],
            [shares("1", "0", "0"), shares("1/2", "1/2", "0"), shares("1/2", "0", "1/2")],
            "1/4",
        ),
        (
            ["C"],
            [
                shares("1/2", "1/2", "0"),
                shares("0", "2/3", "1/3"),
                shares("0", "0", "1"),
                shares("1/2", "0", "1/2"),
            ],
            "7/12",
        ),
        (
            ["B"],
            [shares("1/2", "1/2", "0"), shares("0", "1", "0"), shares("0", "2/3", "1/3")],
            "1/6",
        ),
    ]
    assert [r["areaShare"] for r in analysis["regions"]] == ["0.250000", "0.583333", "0.166667"]
    assert analysis["dominance"] == []
    # 1/10 of the weight out of cost; of the points at that distance (1/2, 1/5 + t, 3/10 - t),
    # t in [0, 1/10], the greatest is t = 1/10. There A and C both score 3/5.
    assert analysis["switchingDistance"] == {
        "distance": "0.100000",
        "distanceExact": "1/10",
        "point": shares("1/2", "3/10", "1/5"),
        "supplierIds": ["C"],
    }


@st.composite
def requests(draw: Any) -> bytes:
    """Small real requests: 1-4 quotes, optional lead days and quality scores, any weights."""
    count = draw(st.integers(1, 4))
    scored = draw(st.booleans())
    quotes = [
        quote(
            f"Q{index}",
            draw(st.integers(1, 5)) * 50,
            draw(st.one_of(st.none(), st.integers(1, 4))) if index else draw(st.integers(1, 4)),
            draw(st.integers(0, 3)) if scored else None,
        )
        for index in range(count)
    ]
    weights = {
        name: draw(st.sampled_from(("0", "0.1", "0.25", "0.5", "1")))
        for name in ("cost", "delivery", "quality")
    }
    if not scored:
        weights["quality"] = "0"
    if all(value == "0" for value in weights.values()):
        weights["cost"] = "1"
    with_weights = draw(st.booleans()) or count > 1
    return request(quotes, weights if with_weights else None)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_generated_requests_agree_with_the_result(raw: bytes) -> None:
    output = document(raw)
    result = calculate(raw).output
    ranking = result["ranking"]
    if ranking is None:
        assert output["analysis"] is None
        assert output["reasons"] == [
            entry for entry in result["limitations"] if entry["code"] in BLOCKING_CODES
        ]
        return
    analysis = output["analysis"]
    assert output["reasons"] == []
    assert analysis["candidates"] == [entry["supplierId"] for entry in ranking]
    assert analysis["winners"] == [entry["supplierId"] for entry in ranking if entry["rank"] == 1]
    known = [
        name
        for name in ("cost", "delivery", "quality")
        if all(entry["components"][name] is not None for entry in ranking)
    ]
    assert analysis["dimensions"] == known
    weights = json.loads(raw)["weights"]
    total = sum(Fraction(weights[name]) for name in known)
    assert analysis["weights"] == {name: str(Fraction(weights[name]) / total) for name in known}
    assert sum(Fraction(region["areaShareExact"]) for region in analysis["regions"]) == 1
    winners = set(analysis["winners"])
    assert any(
        set(region["supplierIds"]) & winners and region["canWin"] for region in analysis["regions"]
    )
    assert analysis["stability"] == stability(raw)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "Your weights: cost 100.0 %; first: A.",
                "Not in the analysis: delivery (a component is unknown).",
                "Not in the analysis: quality (a component is unknown).",
                "| A        |             100.0 % |",
                "1 supplier(s) cannot rank first for any weights: B.",
                "- B is dominated by A: no better on any dimension and worse on at least one.",
                "No other supplier ranks first for any weights.",
            ],
        ),
        (
            "zh",
            [
                "您的权重：成本 100.0%；第一名：A。",
                "未纳入分析：交期（有分项未知）。",
                "1 家供应商在任何权重下都不能排名第一：B。",
                "- B 被 A 支配：没有任何维度更好，且至少一个维度更差。",
                "在任何权重下都没有其他供应商排名第一。",
            ],
        ),
    ],
)
def test_text_section_of_a_one_dimension_analysis(lang: str, expected: list[str]) -> None:
    from quotecalc.output.report import render_text

    raw = request(
        [quote("A", 100, 20), quote("B", 200, None)], {"cost": "1", "delivery": "0", "quality": "0"}
    )
    text = render_text(calculate(raw).output, stability(raw), lang, analyze(raw).output["analysis"])
    lines = text.split("\n")
    for line in expected:
        assert line in lines, line
