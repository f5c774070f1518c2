"""White-box tests of the one-at-a-time weight sensitivity stage (CONTRACT §11).

Only with a ranking and a ``sensitivityDelta``. For each dimension in the order cost,
delivery, quality with a positive weight, ``increase`` (factor 1 + d) then ``decrease``
(factor 1 - d): that one weight times the factor (exact), the others kept, scores over the new
weight sum, same components, dense ranks; ``rankingChanged`` compares the (rank, supplierId)
lists. The scoring stage is run on hand-built records to produce the base ranking and table.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from quotecalc.core.context import (
    Comparability,
    ConstraintVerdict,
    Context,
    Cost,
    PackCounts,
    QualityAssessment,
    Request,
    Scenario,
)
from quotecalc.core.exact import format_exact, format_ratio
from quotecalc.stages.scoring import ScoringStage
from quotecalc.stages.sensitivity import SensitivityStage

DEFINITION = "0-10 audit"


def scored(
    rows: list[tuple[str, str, int, str | None]],
    weights: tuple[str, str, str] | None,
    delta: str | None,
    *,
    status: str = "eligible",
) -> Context:
    """Records for (supplierId, landedTotal, leadDays, qualityScore) rows, scored."""
    root: dict[str, Any] = {
        "quantity": 100,
        "currency": "CNY",
        "specification": "M6",
        "qualityScale": MappingProxyType(
            {"definition": DEFINITION, "minimum": Decimal(0), "maximum": Decimal(10)}
        ),
    }
    if weights is not None:
        root["weights"] = MappingProxyType(
            dict(zip(("cost", "delivery", "quality"), map(Decimal, weights), strict=True))
        )
    if delta is not None:
        root["sensitivityDelta"] = Decimal(delta)
    quotes = []
    for supplier_id, _, lead, score in rows:
        quote: dict[str, Any] = {"supplierId": supplier_id, "leadDays": lead}
        if score is not None:
            quote["qualityScore"] = Decimal(score)
            quote["qualityDefinition"] = DEFINITION
        quotes.append(MappingProxyType(quote))
    ctx = Context(
        raw=b"",
        request=Request(fields=MappingProxyType(root), quotes=tuple(quotes)),
        comparability=tuple(Comparability(True, ()) for _ in rows),
        packs=tuple(PackCounts() for _ in rows),
        costs=tuple(Cost(landed_total=Decimal(landed)) for _, landed, _, _ in rows),
        quality=tuple(QualityAssessment((), ()) for _ in rows),
        constraints=tuple(ConstraintVerdict(status, ()) for _ in rows),
    )
    return ScoringStage()(ctx)


def order(scenario: Scenario) -> list[tuple[int, str]]:
    return [(entry.rank, entry.supplier_id) for entry in scenario.ranking]


def scores(scenario: Scenario) -> dict[str, Fraction]:
    return {
        entry.supplier_id: Fraction(entry.score.numerator, entry.score.denominator)
        for entry in scenario.ranking
    }


# A: landed 100, lead 10 -> cost 1, delivery 0;  B: landed 200, lead 5 -> cost 0, delivery 1
TIED: list[tuple[str, str, int, str | None]] = [("A", "100", 10, None), ("B", "200", 5, None)]


def test_nothing_without_delta() -> None:
    ctx = scored(TIED, ("0.5", "0.5", "0"), None)
    assert ctx.scoring is not None
    assert ctx.scoring.ranking is not None
    after = SensitivityStage()(ctx)
    assert after.sensitivity == ()
    assert after == ctx


def test_nothing_without_ranking() -> None:
    # every candidate excluded: no ranking, so no scenario is invented
    ctx = scored(TIED, ("0.5", "0.5", "0"), "0.1", status="excluded")
    assert ctx.scoring is not None
    assert ctx.scoring.ranking is None
    assert SensitivityStage()(ctx).sensitivity == ()


def test_nothing_without_weights() -> None:
    ctx = scored(TIED, None, None)
    assert SensitivityStage()(ctx).sensitivity == ()


def test_scenarios_order_factors_and_weights() -> None:
    ctx = SensitivityStage()(
        scored([("A", "100", 10, "8"), ("B", "200", 5, "6")], ("0.5", "0.3", "0.2"), "0.1")
    )
    got = [
        (
            s.dimension,
            s.direction,
            s.factor,
            s.weights["cost"],
            s.weights["delivery"],
            s.weights["quality"],
        )
        for s in ctx.sensitivity
    ]
    one_up, one_down = Decimal("1.1"), Decimal("0.9")  # 1 + 0.1, 1 - 0.1
    assert got == [
        # cost 0.5 * 1.1 = 0.55, * 0.9 = 0.45; others kept
        ("cost", "increase", one_up, Decimal("0.55"), Decimal("0.3"), Decimal("0.2")),
        ("cost", "decrease", one_down, Decimal("0.45"), Decimal("0.3"), Decimal("0.2")),
        # delivery 0.3 * 1.1 = 0.33, * 0.9 = 0.27
        ("delivery", "increase", one_up, Decimal("0.5"), Decimal("0.33"), Decimal("0.2")),
        ("delivery", "decrease", one_down, Decimal("0.5"), Decimal("0.27"), Decimal("0.2")),
        # quality 0.2 * 1.1 = 0.22, * 0.9 = 0.18
        ("quality", "increase", one_up, Decimal("0.5"), Decimal("0.3"), Decimal("0.22")),
        ("quality", "decrease", one_down, Decimal("0.5"), Decimal("0.3"), Decimal("0.18")),
    ]
    # shown in plain notation (§13): "1.1", "0.55"
    first = ctx.sensitivity[0]
    assert format_exact(first.factor) == "1.1"
    assert format_exact(first.weights["cost"]) == "0.55"
    assert list(first.weights) == ["cost", "delivery", "quality"]


def test_zero_weight_dimensions_get_no_scenario() -> None:
    ctx = SensitivityStage()(scored(TIED, ("1", "0", "0"), "0.2"))
    assert [(s.dimension, s.direction) for s in ctx.sensitivity] == [
        ("cost", "increase"),
        ("cost", "decrease"),
    ]
    # 1 * 1.2 = 1.2 and 1 * 0.8 = 0.8
    assert [s.weights["cost"] for s in ctx.sensitivity] == [Decimal("1.2"), Decimal("0.8")]


def test_ranking_changes_from_a_tie() -> None:
    # base: weights 0.5 / 0.5 / 0: A 0.5*1 = 0.5, B 0.5*1 = 0.5 -> tied (1, A), (1, B)
    ctx = SensitivityStage()(scored(TIED, ("0.5", "0.5", "0"), "0.1"))
    assert ctx.scoring is not None
    assert ctx.scoring.ranking is not None
    assert [(e.rank, e.supplier_id) for e in ctx.scoring.ranking] == [(1, "A"), (1, "B")]
    cost_up, cost_down, delivery_up, delivery_down = ctx.sensitivity
    # cost up: 0.55 / 0.5, sum 1.05: A 0.55/1.05 = 11/21, B 0.5/1.05 = 10/21
    assert scores(cost_up) == {"A": Fraction(11, 21), "B": Fraction(10, 21)}
    assert order(cost_up) == [(1, "A"), (2, "B")]
    assert [format_ratio(e.score) for e in cost_up.ranking] == ["0.523810", "0.476190"]
    # cost down: 0.45 / 0.5, sum 0.95: A 9/19, B 10/19 -> B first
    assert scores(cost_down) == {"A": Fraction(9, 19), "B": Fraction(10, 19)}
    assert order(cost_down) == [(1, "B"), (2, "A")]
    # delivery up favours B, delivery down favours A
    assert order(delivery_up) == [(1, "B"), (2, "A")]
    assert order(delivery_down) == [(1, "A"), (2, "B")]
    assert all(s.ranking_changed for s in ctx.sensitivity)


def test_scores_change_but_order_does_not() -> None:
    # weights 0.5 / 0 / 0.5, scale 0..10
    # A: landed 100 -> cost 1, score 4 -> quality 2/5; B: landed 200 -> 0, score 8 -> 4/5
    # base A (0.5 + 0.2)/1 = 0.7, B 0.4
    ctx = SensitivityStage()(
        scored([("A", "100", 5, "4"), ("B", "200", 5, "8")], ("0.5", "0", "0.5"), "0.1")
    )
    got = {(s.dimension, s.direction): s for s in ctx.sensitivity}
    assert list(got) == [
        ("cost", "increase"),
        ("cost", "decrease"),
        ("quality", "increase"),
        ("quality", "decrease"),
    ]
    # cost up 0.55: A (0.55 + 0.2)/1.05 = 5/7, B 0.4/1.05 = 8/21
    assert scores(got["cost", "increase"]) == {"A": Fraction(5, 7), "B": Fraction(8, 21)}
    # cost down 0.45: A (0.45 + 0.2)/0.95 = 13/19, B 0.4/0.95 = 8/19
    assert scores(got["cost", "decrease"]) == {"A": Fraction(13, 19), "B": Fraction(8, 19)}
    # quality up 0.55: A (0.5 + 0.55*2/5)/1.05 = 0.72/1.05 = 24/35, B 0.44/1.05 = 44/105
    assert scores(got["quality", "increase"]) == {"A": Fraction(24, 35), "B": Fraction(44, 105)}
    # quality down 0.45: A (0.5 + 0.18)/0.95 = 68/95, B 0.36/0.95 = 36/95
    assert scores(got["quality", "decrease"]) == {"A": Fraction(68, 95), "B": Fraction(36, 95)}
    for scenario in ctx.sensitivity:
        assert order(scenario) == [(1, "A"), (2, "B")]
        assert scenario.ranking_changed is False


def test_same_components_in_every_scenario() -> None:
    ctx = SensitivityStage()(
        scored([("A", "100", 5, "4"), ("B", "200", 9, "8")], ("0.5", "0.2", "0.3"), "0.5")
    )
    assert ctx.scoring is not None
    assert ctx.scoring.ranking is not None
    base = {e.supplier_id: e.components for e in ctx.scoring.ranking}
    assert len(ctx.sensitivity) == 6
    for scenario in ctx.sensitivity:
        assert {e.supplier_id: e.components for e in scenario.ranking} == base


def test_tiny_delta_is_exact() -> None:
    # d = 0.000001: factors 1.000001 and 0.999999
    # 0.333333 * 1.000001 = 0.333333 + 0.000000333333 = 0.333333333333
    # 0.333333 * 0.999999 = 0.333333 - 0.000000333333 = 0.333332666667
    ctx = SensitivityStage()(scored(TIED, ("0.333333", "0.333333", "0"), "0.000001"))
    cost_up, cost_down, delivery_up, delivery_down = ctx.sensitivity
    assert cost_up.factor == Decimal("1.000001")
    assert cost_down.factor == Decimal("0.999999")
    assert cost_up.weights["cost"] == Decimal("0.333333333333")
    assert cost_down.weights["cost"] == Decimal("0.333332666667")
    assert delivery_down.weights["delivery"] == Decimal("0.333332666667")
    # base tie (1/2 each) is broken by the tiniest move, in the right direction
    assert order(cost_up) == [(1, "A"), (2, "B")]
    assert order(cost_down) == [(1, "B"), (2, "A")]
    # A = 0.333333333333 / 0.666666333333
    assert scores(cost_up)["A"] == Fraction(333333333333, 666666333333)
    assert all(s.ranking_changed for s in (cost_up, cost_down, delivery_up, delivery_down))


def test_stage_keeps_the_base_ranking() -> None:
    ctx = scored(TIED, ("0.5", "0.5", "0"), "0.1")
    after = SensitivityStage()(ctx)
    assert after.scoring is ctx.scoring
    assert ctx.sensitivity == ()
    assert SensitivityStage().name == "sensitivity"
