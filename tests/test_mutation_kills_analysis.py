"""Mutation kills for the weight analysis (issue 14): behaviour only a subprocess or nobody
checked before, pinned in process with values worked out by hand.

The request helpers are ``test_analysis``'s (one pack of 100 for 100 units, so a quote's landed
total is its pack price; cost and delivery components ``(max - value) / (max - min)``).
"""

from __future__ import annotations

import json
from fractions import Fraction

from quotecalc.analysis import ANALYSIS_PIPELINE, Analysis, analyze
from quotecalc.pipeline import DEFAULT_PIPELINE
from quotecalc.simplex import half_l1
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
