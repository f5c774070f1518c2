"""Weight-analysis documents written by hand for the picture tests (``docs/pictures.md``).

Each document follows the agreed format (``docs/analysis.md``); the geometry of each is
worked out in its docstring or comment, so a reader can check every vertex by hand.
"""

from __future__ import annotations

from typing import Any

ENVELOPE = {
    "schemaVersion": 1,
    "kind": "weight-analysis",
    "tool": "quotecalc",
    "toolVersion": "0.1.0",
}


def pt(cost: str, delivery: str, quality: str) -> dict[str, str]:
    return {"cost": cost, "delivery": delivery, "quality": quality}


def ranked(analysis: dict[str, Any], status: str = "completed") -> dict[str, Any]:
    return {**ENVELOPE, "status": status, "analysis": analysis, "reasons": []}


def triangle(ids: dict[str, str] | None = None) -> dict[str, Any]:
    """Components (cost, delivery, quality): A (1, 0, 1), B (0, 1, 1), C (1/2, 1/2, 1),
    D (0, 0, 0). A >= B and A >= C both reduce to c >= d, so A's region is the half c >= d
    (corners (1,0,0), (1/2,1/2,0), (0,0,1)), B's the half c <= d, C ranks first only on the
    line c = d (a segment, area 0), and D (score 0 < C's (c+d)/2 + q >= 1/2) never: empty.
    At weights (1/2, 3/10, 1/5) A wins; moving 1/10 from cost to delivery reaches (2/5, 2/5,
    1/5) where A, B and C tie. D is dominated by A, B and C."""
    name = ids or {}
    a, b, c, d = (name.get(k, k) for k in "ABCD")
    return ranked(
        {
            "candidates": [a, c, b, d],
            "dimensions": ["cost", "delivery", "quality"],
            "excludedDimensions": [],
            "weights": pt("1/2", "3/10", "1/5"),
            "winners": [a],
            "regions": [
                {
                    "supplierIds": [a],
                    "canWin": True,
                    "vertices": [pt("1", "0", "0"), pt("1/2", "1/2", "0"), pt("0", "0", "1")],
                    "areaShare": "0.500000",
                    "areaShareExact": "1/2",
                },
                {
                    "supplierIds": [c],
                    "canWin": True,
                    "vertices": [pt("1/2", "1/2", "0"), pt("0", "0", "1")],
                    "areaShare": "0.000000",
                    "areaShareExact": "0",
                },
                {
                    "supplierIds": [b],
                    "canWin": True,
                    "vertices": [pt("1/2", "1/2", "0"), pt("0", "1", "0"), pt("0", "0", "1")],
                    "areaShare": "0.500000",
                    "areaShareExact": "1/2",
                },
                {
                    "supplierIds": [d],
                    "canWin": False,
                    "vertices": [],
                    "areaShare": "0.000000",
                    "areaShareExact": "0",
                },
            ],
            "dominance": [{"supplierId": d, "dominatedBy": sorted([a, b, c])}],
            "switchingDistance": {
                "distance": "0.100000",
                "distanceExact": "1/10",
                "point": pt("2/5", "2/5", "1/5"),
                "supplierIds": sorted([b, c]),
            },
            "stability": [],
        }
    )


def bar() -> dict[str, Any]:
    """Two mapped dimensions (cost excluded): delivery/quality components A (1, 0), B (0, 1),
    C (1/2, 1/2). A first for delivery share >= 1/2, B for <= 1/2, C only at (1/2, 1/2) where
    all three tie. Weights (3/5, 2/5): A; the nearest switch moves 1/10 to (1/2, 1/2)."""

    def dq(delivery: str, quality: str) -> dict[str, str]:
        return {"delivery": delivery, "quality": quality}

    return ranked(
        {
            "candidates": ["A", "C", "B"],
            "dimensions": ["delivery", "quality"],
            "excludedDimensions": [{"dimension": "cost", "reason": "component_unavailable"}],
            "weights": dq("3/5", "2/5"),
            "winners": ["A"],
            "regions": [
                {
                    "supplierIds": ["A"],
                    "canWin": True,
                    "vertices": [dq("1", "0"), dq("1/2", "1/2")],
                    "areaShare": "0.500000",
                    "areaShareExact": "1/2",
                },
                {
                    "supplierIds": ["C"],
                    "canWin": True,
                    "vertices": [dq("1/2", "1/2")],
                    "areaShare": "0.000000",
                    "areaShareExact": "0",
                },
                {
                    "supplierIds": ["B"],
                    "canWin": True,
                    "vertices": [dq("1/2", "1/2"), dq("0", "1")],
                    "areaShare": "0.500000",
                    "areaShareExact": "1/2",
                },
            ],
            "dominance": [],
            "switchingDistance": {
                "distance": "0.100000",
                "distanceExact": "1/10",
                "point": dq("1/2", "1/2"),
                "supplierIds": ["B", "C"],
            },
            "stability": [],
        },
        status="partial",
    )


def dot() -> dict[str, Any]:
    """One mapped dimension (quality): components A 1, B 0. The simplex is the point
    {quality: 1}; A's region is it (share 1), B cannot win, nothing switches."""
    return ranked(
        {
            "candidates": ["A", "B"],
            "dimensions": ["quality"],
            "excludedDimensions": [
                {"dimension": "cost", "reason": "component_unavailable"},
                {"dimension": "delivery", "reason": "component_unavailable"},
            ],
            "weights": {"quality": "1"},
            "winners": ["A"],
            "regions": [
                {
                    "supplierIds": ["A"],
                    "canWin": True,
                    "vertices": [{"quality": "1"}],
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
            ],
            "dominance": [{"supplierId": "B", "dominatedBy": ["A"]}],
            "switchingDistance": None,
            "stability": [],
        }
    )


def unranked(status: str, reasons: list[dict[str, Any]]) -> dict[str, Any]:
    return {**ENVELOPE, "status": status, "analysis": None, "reasons": reasons}


def reasons_of(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The format's rule for ``reasons`` of a result without a ranking."""
    if result["status"] in ("invalid_input", "internal_error"):
        return list(result["limitations"])
    blockers = {
        "ranking_not_requested",
        "ranking_blocked_by_conflict",
        "ranking_blocked_by_unknown_constraint",
        "ranking_blocked_by_missing_value",
        "all_candidates_excluded",
    }
    return [item for item in result["limitations"] if item["code"] in blockers]


def example_analysis(name: str, result: dict[str, Any], stability: Any) -> dict[str, Any]:
    """The analysis of a bundled example, worked out by hand (``None`` when not written)."""
    if result["ranking"] is None:
        return unranked(result["status"], reasons_of(result))
    return ranked(HAND[name](stability), status=result["status"])


def _example_01(stability: Any) -> dict[str, Any]:
    # A (1, 1, 3/4), B (0, 0, 1): A - B = c + d - q/4 >= 0 iff q <= 4/5. B's region is the
    # corner triangle q >= 4/5 (area (1/5)^2 = 1/25). From (1/2, 3/10, 1/5) q must grow by
    # 3/5; the greatest point by (cost, delivery, quality) takes delivery first: (1/5, 0, 4/5).
    return {
        "candidates": ["A", "B"],
        "dimensions": ["cost", "delivery", "quality"],
        "excludedDimensions": [],
        "weights": pt("1/2", "3/10", "1/5"),
        "winners": ["A"],
        "regions": [
            {
                "supplierIds": ["A"],
                "canWin": True,
                "vertices": [
                    pt("1", "0", "0"),
                    pt("0", "1", "0"),
                    pt("0", "1/5", "4/5"),
                    pt("1/5", "0", "4/5"),
                ],
                "areaShare": "0.960000",
                "areaShareExact": "24/25",
            },
            {
                "supplierIds": ["B"],
                "canWin": True,
                "vertices": [pt("1/5", "0", "4/5"), pt("0", "1/5", "4/5"), pt("0", "0", "1")],
                "areaShare": "0.040000",
                "areaShareExact": "1/25",
            },
        ],
        "dominance": [],
        "switchingDistance": {
            "distance": "0.600000",
            "distanceExact": "3/5",
            "point": pt("1/5", "0", "4/5"),
            "supplierIds": ["B"],
        },
        "stability": stability,
    }


def _example_03(stability: Any) -> dict[str, Any]:
    # cost is null for A (no freight): mapped delivery, quality. A and B have the same
    # components (1, 3/4): one region, the whole segment; no one else can win.
    return {
        "candidates": ["A", "B"],
        "dimensions": ["delivery", "quality"],
        "excludedDimensions": [{"dimension": "cost", "reason": "component_unavailable"}],
        "weights": {"delivery": "1", "quality": "0"},
        "winners": ["A", "B"],
        "regions": [
            {
                "supplierIds": ["A", "B"],
                "canWin": True,
                "vertices": [{"delivery": "1", "quality": "0"}, {"delivery": "0", "quality": "1"}],
                "areaShare": "1.000000",
                "areaShareExact": "1",
            }
        ],
        "dominance": [],
        "switchingDistance": None,
        "stability": stability,
    }


def _example_09(stability: Any) -> dict[str, Any]:
    # A, B, D (1, 1, 3/4) and C (0, 1, 3/4): ABD - C = c >= 0, tied on the edge c = 0, so
    # ABD's region is the whole triangle and C's the edge from (0,1,0) to (0,0,1). The nearest
    # point with c = 0 moves all 1/2 of cost; the greatest such point is (0, 4/5, 1/5).
    return {
        "candidates": ["A", "B", "D", "C"],
        "dimensions": ["cost", "delivery", "quality"],
        "excludedDimensions": [],
        "weights": pt("1/2", "3/10", "1/5"),
        "winners": ["A", "B", "D"],
        "regions": [
            {
                "supplierIds": ["A", "B", "D"],
                "canWin": True,
                "vertices": [pt("1", "0", "0"), pt("0", "1", "0"), pt("0", "0", "1")],
                "areaShare": "1.000000",
                "areaShareExact": "1",
            },
            {
                "supplierIds": ["C"],
                "canWin": True,
                "vertices": [pt("0", "1", "0"), pt("0", "0", "1")],
                "areaShare": "0.000000",
                "areaShareExact": "0",
            },
        ],
        "dominance": [{"supplierId": "C", "dominatedBy": ["A", "B", "D"]}],
        "switchingDistance": {
            "distance": "0.500000",
            "distanceExact": "1/2",
            "point": pt("0", "4/5", "1/5"),
            "supplierIds": ["C"],
        },
        "stability": stability,
    }


def _example_10(stability: Any) -> dict[str, Any]:
    # CHEAP (1, 0, 3/4), FAST (0, 1, 3/4): CHEAP first iff c >= d. Weights 0.5/0.4/0 are
    # shares (5/9, 4/9, 0); moving 1/18 from cost to delivery reaches (1/2, 1/2, 0).
    return {
        "candidates": ["CHEAP", "FAST"],
        "dimensions": ["cost", "delivery", "quality"],
        "excludedDimensions": [],
        "weights": pt("5/9", "4/9", "0"),
        "winners": ["CHEAP"],
        "regions": [
            {
                "supplierIds": ["CHEAP"],
                "canWin": True,
                "vertices": [pt("1", "0", "0"), pt("1/2", "1/2", "0"), pt("0", "0", "1")],
                "areaShare": "0.500000",
                "areaShareExact": "1/2",
            },
            {
                "supplierIds": ["FAST"],
                "canWin": True,
                "vertices": [pt("1/2", "1/2", "0"), pt("0", "1", "0"), pt("0", "0", "1")],
                "areaShare": "0.500000",
                "areaShareExact": "1/2",
            },
        ],
        "dominance": [],
        "switchingDistance": {
            "distance": "0.055556",
            "distanceExact": "1/18",
            "point": pt("1/2", "1/2", "0"),
            "supplierIds": ["FAST"],
        },
        "stability": stability,
    }


HAND = {
    "01-example-from-brief": _example_01,
    "03-missing-freight-subtotal-kept": _example_03,
    "09-dense-rank-ties": _example_09,
    "10-sensitivity-ranking-changes": _example_10,
}
