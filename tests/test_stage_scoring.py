"""White-box tests of the ranking gate and scoring (CONTRACT §10, §16 "Ranking limitations").

The earlier stages' records are built by hand (landed totals straight into ``Cost``, constraint
statuses straight into ``ConstraintVerdict``), so each case controls exactly one thing.
Scores and components are compared as exact fractions, and as displayed (6 dp half-up).
Limitations carry no order (§16): they are compared as multisets.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quotecalc.core.context import (
    Comparability,
    ConstraintVerdict,
    Context,
    Cost,
    Limitation,
    PackCounts,
    QualityAssessment,
    Ranking,
    Request,
    ScoreTable,
)
from quotecalc.core.exact import Ratio, format_ratio
from quotecalc.stages.scoring import ScoringStage, rank

DEFINITION = "0-10 audit"


def cand(
    supplier_id: str,
    landed: str | None = None,
    lead: int | None = None,
    score: str | None = None,
    *,
    status: str = "eligible",
    comparable: bool = True,
    conflicts: tuple[str, ...] = (),
) -> dict[str, Any]:
    return {
        "id": supplier_id,
        "landed": None if landed is None else Decimal(landed),
        "lead": lead,
        "score": None if score is None else Decimal(score),
        "status": status,
        "comparable": comparable,
        "conflicts": conflicts,
    }


def context(
    cands: list[dict[str, Any]],
    weights: tuple[str, str, str] | None,
    *,
    scale: tuple[str, str] | None = ("0", "10"),
    root_missing: tuple[str, ...] = (),
    delta: str | None = None,
) -> Context:
    root: dict[str, Any] = {"quantity": 100, "currency": "CNY", "specification": "M6"}
    for name in root_missing:
        del root[name]
    if weights is not None:
        root["weights"] = MappingProxyType(
            dict(zip(("cost", "delivery", "quality"), map(Decimal, weights), strict=True))
        )
    if scale is not None:
        root["qualityScale"] = MappingProxyType(
            {"definition": DEFINITION, "minimum": Decimal(scale[0]), "maximum": Decimal(scale[1])}
        )
    if delta is not None:
        root["sensitivityDelta"] = Decimal(delta)
    quotes = []
    for c in cands:
        quote: dict[str, Any] = {"supplierId": c["id"]}
        if c["lead"] is not None:
            quote["leadDays"] = c["lead"]
        if c["score"] is not None:
            quote["qualityScore"] = c["score"]
            quote["qualityDefinition"] = DEFINITION
        quotes.append(MappingProxyType(quote))
    return Context(
        raw=b"",
        request=Request(fields=MappingProxyType(root), quotes=tuple(quotes)),
        comparability=tuple(
            Comparability(c["comparable"], () if c["comparable"] else ("currency_mismatch",))
            for c in cands
        ),
        packs=tuple(PackCounts() for _ in cands),
        costs=tuple(Cost(landed_total=c["landed"]) for c in cands),
        quality=tuple(QualityAssessment(c["conflicts"], c["conflicts"]) for c in cands),
        constraints=tuple(ConstraintVerdict(c["status"], ()) for c in cands),
    )


def run(ctx: Context) -> tuple[Ranking | None, Counter[Limitation]]:
    scoring = ScoringStage()(ctx).scoring
    assert scoring is not None
    return scoring.ranking, Counter(scoring.limitations)


def frac(ratio: Ratio | None) -> Fraction | None:
    return None if ratio is None else Fraction(ratio.numerator, ratio.denominator)


def table(ranking: Ranking | None) -> list[tuple[int, str, Fraction | None]]:
    assert ranking is not None
    return [(entry.rank, entry.supplier_id, frac(entry.score)) for entry in ranking]


CONFLICT = Limitation("ranking_blocked_by_conflict")
EXCLUDED = Limitation("all_candidates_excluded")
NOT_REQUESTED = Limitation("ranking_not_requested")


def unknown(supplier_id: str) -> Limitation:
    return Limitation("ranking_blocked_by_unknown_constraint", supplier_id)


def missing(supplier_id: str, dimension: str) -> Limitation:
    return Limitation("ranking_blocked_by_missing_value", supplier_id, dimension=dimension)


GOOD_A = cand("A", "100", 5, "8")
GOOD_B = cand("B", "200", 10, "6")

# ---- the gate ----


@pytest.mark.parametrize(
    "cands",
    [
        [GOOD_A, GOOD_B],
        [GOOD_A, cand("B", "200", 10, "6", comparable=False)],
        [cand("A", status="unknown"), cand("B", status="excluded")],
        [cand("A", status="excluded")],
    ],
)
def test_without_weights_only_ranking_not_requested(cands: list[dict[str, Any]]) -> None:
    ctx = ScoringStage()(context(cands, None, root_missing=("quantity",)))
    assert ctx.scoring is not None
    assert ctx.scoring.ranking is None
    assert ctx.scoring.limitations == (NOT_REQUESTED,)
    assert ctx.scoring.table is None


WEIGHTS = ("1", "1", "1")

BLOCKERS: list[tuple[str, Context, list[Limitation]]] = [
    (
        "root quantity missing",
        context([GOOD_A, GOOD_B], WEIGHTS, root_missing=("quantity",)),
        [CONFLICT],
    ),
    (
        "root currency missing",
        context([GOOD_A, GOOD_B], WEIGHTS, root_missing=("currency",)),
        [CONFLICT],
    ),
    (
        "root spec missing",
        context([GOOD_A, GOOD_B], WEIGHTS, root_missing=("specification",)),
        [CONFLICT],
    ),
    (
        "two non-comparable quotes: ONE conflict limitation",
        context(
            [
                GOOD_A,
                cand("B", "200", 10, "6", comparable=False),
                cand("C", "300", 10, "6", comparable=False),
            ],
            WEIGHTS,
        ),
        [CONFLICT],
    ),
    (
        "quality conflict",
        context(
            [GOOD_A, cand("B", "200", 10, "6", conflicts=("quality_definition_mismatch",))], WEIGHTS
        ),
        [CONFLICT],
    ),
    (
        "unknown constraints: one per quote",
        context(
            [
                GOOD_A,
                cand("B", "200", 10, "6", status="unknown"),
                cand("C", "200", 10, "6", status="unknown"),
            ],
            WEIGHTS,
        ),
        [unknown("B"), unknown("C")],
    ),
    (
        "all excluded",
        context(
            [
                cand("A", "100", 5, "8", status="excluded"),
                cand("B", "200", 10, "6", status="excluded"),
            ],
            WEIGHTS,
        ),
        [EXCLUDED],
    ),
    (
        "missing landedTotal",
        context([cand("A", None, 5, "8"), GOOD_B], WEIGHTS),
        [missing("A", "cost")],
    ),
    (
        "missing leadDays",
        context([GOOD_A, cand("B", "200", None, "6")], WEIGHTS),
        [missing("B", "delivery")],
    ),
    (
        "missing qualityScore, positive quality weight",
        context([cand("A", "100", 5), cand("B", "200", 10)], ("0", "0", "1")),
        [missing("A", "quality"), missing("B", "quality")],
    ),
    (
        "missing values in every dimension, one per (dimension, supplier)",
        context([cand("A"), GOOD_B], WEIGHTS),
        [missing("A", "cost"), missing("A", "delivery"), missing("A", "quality")],
    ),
]


@pytest.mark.parametrize(("why", "ctx", "expected"), BLOCKERS, ids=[b[0] for b in BLOCKERS])
def test_each_blocker_alone(why: str, ctx: Context, expected: list[Limitation]) -> None:
    after = ScoringStage()(ctx)
    assert after.scoring is not None
    assert after.scoring.ranking is None, why
    assert after.scoring.table is None
    assert Counter(after.scoring.limitations) == Counter(expected), why


def test_blockers_together() -> None:
    ctx = context(
        [
            cand("A", None, 5, "8"),  # eligible, no landedTotal -> missing value
            cand("B", "200", 10, "6", status="unknown"),
            cand("C", None, None, None, status="excluded"),  # excluded: its gaps don't count
            cand("D", "300", 10, "6", comparable=False),
        ],
        ("1", "1", "0"),
        root_missing=("quantity", "currency"),
    )
    ranking, limitations = run(ctx)
    assert ranking is None
    assert limitations == Counter([CONFLICT, unknown("B"), missing("A", "cost")])


def test_conflict_and_all_excluded_together() -> None:
    ctx = context(
        [cand("A", "100", 5, "8", status="excluded", comparable=False)],
        WEIGHTS,
    )
    assert run(ctx) == (None, Counter([CONFLICT, EXCLUDED]))


def test_missing_value_whatever_made_it_null() -> None:
    # a non-comparable eligible quote has no landedTotal: both blockers (§16)
    ctx = context([GOOD_A, cand("B", None, 10, "6", comparable=False)], ("1", "0", "0"))
    assert run(ctx) == (None, Counter([CONFLICT, missing("B", "cost")]))


def test_zero_weight_gaps_do_not_block() -> None:
    # delivery and quality weigh 0: missing leadDays / qualityScore are no blocker
    ctx = context([cand("A", "100"), cand("B", "200")], ("1", "0", "0"))
    ranking, limitations = run(ctx)
    assert ranking is not None
    # A: (200-100)/(200-100) = 1, B: 0
    assert table(ranking) == [(1, "A", Fraction(1)), (2, "B", Fraction(0))]
    assert limitations == Counter([Limitation("component_unavailable", dimension="delivery")])


def test_unknown_candidates_are_never_dropped() -> None:
    # A alone would be a fine winner, but B is unknown: no ranking at all
    ctx = context([GOOD_A, cand("B", "200", 10, "6", status="unknown")], WEIGHTS)
    assert run(ctx) == (None, Counter([unknown("B")]))


# ---- component formulas and scores ----


def test_components_and_scores() -> None:
    # scale 0..10; weights 0.5 / 0.3 / 0.2 (sum 1)
    ctx = context(
        [cand("A", "100", 10, "8"), cand("B", "150", 5, "6"), cand("C", "200", 20, "10")],
        ("0.5", "0.3", "0.2"),
    )
    after = ScoringStage()(ctx)
    assert after.scoring is not None
    ranking = after.scoring.ranking
    assert ranking is not None
    assert after.scoring.limitations == ()
    # cost: max 200, min 100: A (200-100)/100 = 1, B 50/100 = 1/2, C 0
    # delivery: max 20, min 5: A (20-10)/15 = 2/3, B 15/15 = 1, C 0
    # quality: (s - 0)/10: A 4/5, B 3/5, C 1
    # score: A 0.5*1 + 0.3*2/3 + 0.2*4/5 = 0.5 + 0.2 + 0.16 = 0.86 = 43/50
    #        B 0.5/2 + 0.3 + 0.2*3/5 = 0.25 + 0.3 + 0.12 = 0.67 = 67/100
    #        C 0.2 = 1/5
    assert table(ranking) == [
        (1, "A", Fraction(43, 50)),
        (2, "B", Fraction(67, 100)),
        (3, "C", Fraction(1, 5)),
    ]
    components = {entry.supplier_id: entry.components for entry in ranking}
    assert {k: frac(v) for k, v in components["A"].items()} == {
        "cost": Fraction(1),
        "delivery": Fraction(2, 3),
        "quality": Fraction(4, 5),
    }
    assert {k: frac(v) for k, v in components["B"].items()} == {
        "cost": Fraction(1, 2),
        "delivery": Fraction(1),
        "quality": Fraction(3, 5),
    }
    assert {k: frac(v) for k, v in components["C"].items()} == {
        "cost": Fraction(0),
        "delivery": Fraction(0),
        "quality": Fraction(1),
    }
    # as displayed: components keep the cost, delivery, quality key order
    assert list(components["A"]) == ["cost", "delivery", "quality"]
    shown = [
        (format_ratio(e.score), [format_ratio(v) for v in e.components.values() if v is not None])
        for e in ranking
    ]
    assert shown == [
        ("0.860000", ["1.000000", "0.666667", "0.800000"]),
        ("0.670000", ["0.500000", "1.000000", "0.600000"]),
        ("0.200000", ["0.000000", "0.000000", "1.000000"]),
    ]


def test_score_divides_by_the_weight_sum() -> None:
    # same data, weights 2 / 1 / 1 (sum 4)
    # A (2*1 + 2/3 + 4/5)/4 = (30/15 + 10/15 + 12/15)/4 = 52/60 = 13/15 -> "0.866667"
    # B (2*1/2 + 1 + 3/5)/4 = (13/5)/4 = 13/20; C (0 + 0 + 1)/4 = 1/4
    ctx = context(
        [cand("A", "100", 10, "8"), cand("B", "150", 5, "6"), cand("C", "200", 20, "10")],
        ("2", "1", "1"),
    )
    ranking, _ = run(ctx)
    assert table(ranking) == [
        (1, "A", Fraction(13, 15)),
        (2, "B", Fraction(13, 20)),
        (3, "C", Fraction(1, 4)),
    ]
    assert ranking is not None
    assert format_ratio(ranking[0].score) == "0.866667"


def test_quality_component_on_the_user_scale() -> None:
    # scale 1..5: (s - 1)/4 -> 3: 1/2, 5: 1, 1: 0 (not min/max over the set)
    ctx = context(
        [cand("A", "100", 5, "3"), cand("B", "100", 5, "5"), cand("C", "100", 5, "1.5")],
        ("0", "0", "1"),
        scale=("1", "5"),
    )
    ranking, _ = run(ctx)
    # C: (1.5 - 1)/4 = 1/8
    assert table(ranking) == [
        (1, "B", Fraction(1)),
        (2, "A", Fraction(1, 2)),
        (3, "C", Fraction(1, 8)),
    ]


def test_max_equal_min_gives_one_for_everyone() -> None:
    ctx = context([cand("A", "100", 7, "2"), cand("B", "100.00", 7, "4")], ("1", "1", "0"))
    ranking, _ = run(ctx)
    assert ranking is not None
    for entry in ranking:
        assert frac(entry.components["cost"]) == 1
        assert frac(entry.components["delivery"]) == 1
    # both (1*1 + 1*1)/2 = 1: tied
    assert table(ranking) == [(1, "A", Fraction(1)), (1, "B", Fraction(1))]


def test_single_candidate() -> None:
    ranking, limitations = run(context([cand("A", "100", 7, "5")], ("1", "1", "1")))
    # cost 1, delivery 1 (max = min), quality 5/10: (1 + 1 + 1/2)/3 = 5/6
    assert table(ranking) == [(1, "A", Fraction(5, 6))]
    assert limitations == Counter()


def test_excluded_quotes_leave_the_scoring_set() -> None:
    # C is excluded: its landed 50 must not become the minimum
    ctx = context(
        [cand("A", "100", 5), cand("B", "200", 5), cand("C", "50", 5, status="excluded")],
        ("1", "0", "0"),
    )
    after = ScoringStage()(ctx)
    assert after.scoring is not None
    assert after.scoring.table is not None
    assert after.scoring.table.supplier_ids == ("A", "B")
    assert table(after.scoring.ranking) == [(1, "A", Fraction(1)), (2, "B", Fraction(0))]


# ---- zero-weight dimensions ----


def test_zero_weight_components_are_shown_when_known() -> None:
    # weights cost 1 only. A: landed 100, lead 10, score 4; B: landed 200, lead 5, no score
    ctx = context([cand("A", "100", 10, "4"), cand("B", "200", 5)], ("1", "0", "0"))
    ranking, limitations = run(ctx)
    assert ranking is not None
    by_id = {e.supplier_id: {k: frac(v) for k, v in e.components.items()} for e in ranking}
    # delivery (max 10, min 5): A 0, B 1 -- shown, not scored
    # quality: A 4/10 = 2/5, B null (never 0); no component_unavailable for quality (§16)
    assert by_id == {
        "A": {"cost": Fraction(1), "delivery": Fraction(0), "quality": Fraction(2, 5)},
        "B": {"cost": Fraction(0), "delivery": Fraction(1), "quality": None},
    }
    assert table(ranking) == [(1, "A", Fraction(1)), (2, "B", Fraction(0))]
    assert limitations == Counter()


@pytest.mark.parametrize(
    ("cands", "weights", "dimension"),
    [
        ([cand("A", "100", 10), cand("B", "200")], ("1", "0", "0"), "delivery"),
        ([cand("A", "100", 10), cand("B", None, 5)], ("0", "1", "0"), "cost"),
    ],
)
def test_zero_weight_dimension_with_a_gap_is_unavailable(
    cands: list[dict[str, Any]], weights: tuple[str, str, str], dimension: str
) -> None:
    ranking, limitations = run(context(cands, weights))
    assert ranking is not None
    assert all(entry.components[dimension] is None for entry in ranking)
    assert limitations == Counter([Limitation("component_unavailable", dimension=dimension)])


def test_zero_weight_quality_without_scale_is_null_not_unavailable() -> None:
    ranking, limitations = run(
        context([cand("A", "100", 1), cand("B", "200", 1)], ("1", "0", "0"), scale=None)
    )
    assert ranking is not None
    assert [entry.components["quality"] for entry in ranking] == [None, None]
    assert limitations == Counter()


def test_zero_weight_dimensions_do_not_enter_the_score() -> None:
    # A wins on cost (weight 1), loses on delivery and quality (weight 0): score 1 vs 0
    ctx = context([cand("A", "100", 20, "0"), cand("B", "200", 1, "10")], ("1", "0", "0"))
    ranking, _ = run(ctx)
    assert table(ranking) == [(1, "A", Fraction(1)), (2, "B", Fraction(0))]


# ---- dense ranks, exact ties, display order ----


def test_dense_ranks() -> None:
    # cost only: max 200, min 100 -> 100: 1, 150: 1/2, 200: 0
    ctx = context(
        [
            cand("E", "200"),
            cand("a", "100"),
            cand("D", "150"),
            cand("B", "100"),
            cand("C", "150"),
        ],
        ("1", "0", "0"),
    )
    ranking, _ = run(ctx)
    # dense 1, 1, 2, 2, 3 (not 1, 1, 3, 3, 5); ties displayed by supplierId code point:
    # "B" (0x42) before "a" (0x61)
    assert table(ranking) == [
        (1, "B", Fraction(1)),
        (1, "a", Fraction(1)),
        (2, "C", Fraction(1, 2)),
        (2, "D", Fraction(1, 2)),
        (3, "E", Fraction(0)),
    ]


def test_exact_tie_that_floats_would_split() -> None:
    # weights 0.1 / 0.2 / 0.3 (sum 0.6), scale 0..10
    # A: landed 100, lead 5, score 0 -> cost 1, delivery 1, quality 0
    #    score (0.1 + 0.2) / 0.6 = 0.3 / 0.6 = 1/2
    # B: landed 200, lead 10, score 10 -> cost 0, delivery 0, quality 1
    #    score 0.3 / 0.6 = 1/2
    ctx = context([cand("B", "200", 10, "10"), cand("A", "100", 5, "0")], ("0.1", "0.2", "0.3"))
    ranking, _ = run(ctx)
    assert table(ranking) == [(1, "A", Fraction(1, 2)), (1, "B", Fraction(1, 2))]
    # the premise: in binary floating point these two are not equal
    assert (0.1 * 1 + 0.2 * 1) / 0.6 != (0.3 * 1) / 0.6


def test_scores_equal_when_rounded_are_not_a_tie() -> None:
    # cost only, max 3000000 (D), min 0 (C), span 3000000:
    # A landed 2000000 -> 1000000/3000000 = 1/3 = 0.3333333...  -> "0.333333"
    # B landed 2000001 ->  999999/3000000 = 0.333333 exactly   -> "0.333333"
    ctx = context(
        [cand("A", "2000000"), cand("B", "2000001"), cand("C", "0"), cand("D", "3000000")],
        ("1", "0", "0"),
    )
    ranking, _ = run(ctx)
    assert table(ranking) == [
        (1, "C", Fraction(1)),
        (2, "A", Fraction(1, 3)),
        (3, "B", Fraction(999999, 3000000)),
        (4, "D", Fraction(0)),
    ]
    assert ranking is not None
    assert format_ratio(ranking[1].score) == format_ratio(ranking[2].score) == "0.333333"


def test_stage_leaves_the_rest_of_the_context() -> None:
    before = context([GOOD_A, GOOD_B], WEIGHTS)
    after = ScoringStage()(before)
    assert before.scoring is None
    assert after.constraints is before.constraints
    assert after.sensitivity == ()
    assert ScoringStage().name == "scoring"


# ---- rank() on a hand-built ScoreTable ----

COMPONENTS = (
    MappingProxyType({"cost": Ratio(1, 1)}),
    MappingProxyType({"cost": Ratio(1, 2)}),
    MappingProxyType({"cost": Ratio(0, 1)}),
)
TABLE = ScoreTable(
    supplier_ids=("A", "B", "C"),
    dimensions=("cost", "quality"),
    # cost components 2/2, 1/2, 0/2; quality components 0/2, 1/2, 2/2
    terms=((2, 1, 0), (0, 1, 2)),
    denominator=2,
    components=COMPONENTS,
)


def weights(cost: str, delivery: str, quality: str) -> MappingProxyType[str, Decimal]:
    return MappingProxyType(
        {"cost": Decimal(cost), "delivery": Decimal(delivery), "quality": Decimal(quality)}
    )


@pytest.mark.parametrize(
    ("w", "expected"),
    [
        # equal weights: A (1 + 0)/2, B (1/2 + 1/2)/2, C (0 + 1)/2: all 1/2, all rank 1
        (
            weights("1", "0", "1"),
            [(1, "A", Fraction(1, 2)), (1, "B", Fraction(1, 2)), (1, "C", Fraction(1, 2))],
        ),
        # cost 3, quality 1 (sum 4): A 3/4, B (3/2 + 1/2)/4 = 1/2, C 1/4
        (
            weights("3", "0", "1"),
            [(1, "A", Fraction(3, 4)), (2, "B", Fraction(1, 2)), (3, "C", Fraction(1, 4))],
        ),
        # quality 3, cost 1: C 3/4, B 1/2, A 1/4
        (
            weights("1", "0", "3"),
            [(1, "C", Fraction(3, 4)), (2, "B", Fraction(1, 2)), (3, "A", Fraction(1, 4))],
        ),
        # a delivery weight not in the table still divides: cost 1, delivery 2, quality 1
        # (sum 4): A 1/4, B (1/2 + 1/2)/4 = 1/4, C 1/4
        (
            weights("1", "2", "1"),
            [(1, "A", Fraction(1, 4)), (1, "B", Fraction(1, 4)), (1, "C", Fraction(1, 4))],
        ),
        # 12-decimal weights (as sensitivity makes them): cost 0.550000000001, quality 0.5
        # A 0.550000000001/1.050000000001 > B 0.525000000001/1.050000000001 > C 0.5/...
        (
            weights("0.550000000001", "0", "0.5"),
            [
                (1, "A", Fraction(550000000001, 1050000000001)),
                (2, "B", Fraction(525000000000, 1050000000001) + Fraction(1, 2 * 1050000000001)),
                (3, "C", Fraction(500000000000, 1050000000001)),
            ],
        ),
    ],
)
def test_rank_on_a_hand_built_table(
    w: MappingProxyType[str, Decimal], expected: list[tuple[int, str, Fraction]]
) -> None:
    ranking = rank(TABLE, w)
    assert table(ranking) == expected


def test_rank_passes_components_through() -> None:
    ranking = rank(TABLE, weights("3", "0", "1"))
    assert [entry.components for entry in ranking] == list(COMPONENTS)


def test_rank_display_order_of_ties_is_code_point() -> None:
    tied = ScoreTable(
        supplier_ids=("b", "B", "a", "\u00e9"),
        dimensions=("cost",),
        terms=((1, 1, 1, 1),),
        denominator=1,
        components=({}, {}, {}, {}),
    )
    ranking = rank(tied, weights("1", "0", "0"))
    # "B" 0x42 < "a" 0x61 < "b" 0x62 < "e-acute" 0xE9
    assert [(e.rank, e.supplier_id) for e in ranking] == [
        (1, "B"),
        (1, "a"),
        (1, "b"),
        (1, "\u00e9"),
    ]


def test_rank_orders_each_table_by_its_own_supplier_ids() -> None:
    """Tables ranked in turn (as the sensitivity stage and the analysis do) each get their own
    display order, ties by code point, even with equal or reused id tuples."""
    first = ScoreTable(
        supplier_ids=("c", "a", "b"),
        dimensions=("cost",),
        terms=((2, 1, 2),),
        denominator=2,
        components=({}, {}, {}),
    )
    second = ScoreTable(
        supplier_ids=("z", "y", "x"),
        dimensions=("cost",),
        terms=((1, 1, 2),),
        denominator=2,
        components=({}, {}, {}),
    )
    same_ids_again = attrs.evolve(first, supplier_ids=tuple(list(first.supplier_ids)))
    for _ in range(2):
        # a 2/2 = 1 for b and c (tied: b before c), a 1/2
        assert [(e.rank, e.supplier_id) for e in rank(first, weights("1", "0", "0"))] == [
            (1, "b"),
            (1, "c"),
            (2, "a"),
        ]
        assert [(e.rank, e.supplier_id) for e in rank(second, weights("1", "0", "0"))] == [
            (1, "x"),
            (2, "y"),
            (2, "z"),
        ]
        assert [e.supplier_id for e in rank(same_ids_again, weights("1", "0", "0"))] == [
            "b",
            "c",
            "a",
        ]
    assert (
        rank(
            attrs.evolve(first, supplier_ids=(), terms=((),), components=()), weights("1", "0", "0")
        ).order
        == ()
    )


WEIGHT_TEXTS = st.sampled_from(["0", "1", "0.5", "2", "0.550000000001", "0.449999999999", "3"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(WEIGHT_TEXTS, WEIGHT_TEXTS, WEIGHT_TEXTS), min_size=1, max_size=6))
def test_rank_in_sequence_is_the_formula_every_time(
    sequence: list[tuple[str, str, str]],
) -> None:
    """Consecutive rankings of one table (totals carried over from the last call) give the
    exact scores computed here from the components, and the same as a fresh table."""
    for cost, delivery, quality in sequence:
        w = weights(cost, delivery, quality)
        if sum(w.values()) == 0:
            continue
        ranking = rank(TABLE, w)
        fresh = rank(attrs.evolve(TABLE), w)
        assert (ranking.order, ranking.ranks, ranking.scores) == (
            fresh.order,
            fresh.ranks,
            fresh.scores,
        )
        total = sum(Fraction(value) for value in w.values())
        # cost components 1, 1/2, 0 and quality components 0, 1/2, 1 (TABLE)
        expected = {
            supplier_id: (Fraction(cost) * c + Fraction(quality) * q) / total
            for supplier_id, c, q in (
                ("A", Fraction(1), Fraction(0)),
                ("B", Fraction(1, 2), Fraction(1, 2)),
                ("C", Fraction(0), Fraction(1)),
            )
        }
        order = sorted(expected, key=lambda s: (-expected[s], s))
        assert [entry.supplier_id for entry in ranking] == order
        assert {entry.supplier_id: frac(entry.score) for entry in ranking} == expected
