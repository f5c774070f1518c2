"""Exact stability intervals (``quotecalc.stability``, docs/stability.md).

Hand-computed cases first (the arithmetic is written beside each), then properties checked
with exact ``Fraction`` arithmetic against two re-rankings: an independent exact one written
here from the engine's ScoreTable, and the engine's own ``stages.scoring.rank`` at factors that
are finite decimals. The defining property: ``f`` lies in an interval exactly when the
re-ranking at ``f`` keeps the ranking (or the rank-1 set).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES
from quotecalc import calculate
from quotecalc.analysis.intervals import Interval, stability, table_stability
from quotecalc.core.context import ScoreTable
from quotecalc.engine.pipeline import DEFAULT_PIPELINE
from quotecalc.stages.scoring import rank

SPEC = "M6 bolt"
CUR = "CNY"
TINY = Fraction(1, 10**30)


def quote(sid: str, total: int | str, lead: int, score: int | None = None) -> dict[str, Any]:
    """A comparable quote of one pack of 100 whose landed total is ``total``."""
    entry: dict[str, Any] = {
        "supplierId": sid,
        "specification": SPEC,
        "currency": CUR,
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": str(total),
        "freight": "0",
        "otherFees": "0",
        "leadDays": lead,
    }
    if score is not None:
        entry["qualityScore"] = score
        entry["qualityDefinition"] = "0-3 audit"
    return entry


def request(
    quotes: list[dict[str, Any]], cost: str, delivery: str, quality: str = "0", **root: Any
) -> bytes:
    body: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": 100,
        "currency": CUR,
        "specification": SPEC,
        "weights": {"cost": cost, "delivery": delivery, "quality": quality},
        "qualityScale": {"definition": "0-3 audit", "minimum": 0, "maximum": 3},
        "quotes": quotes,
        **root,
    }
    return json.dumps(body).encode()


def example(name: str) -> bytes:
    return (EXAMPLES / f"{name}.request.json").read_bytes()


def by_dimension(raw: bytes) -> dict[str, dict[str, Any]]:
    entries = stability(raw)
    assert entries is not None
    return {entry["dimension"]: entry for entry in entries}


def interval(  # noqa: PLR0917 - the eight fields of one interval, in their order
    lower: str,
    lower_exact: str,
    lower_open: bool,
    upper: str | None,
    upper_exact: str | None,
    upper_open: bool = True,
    lower_swaps: list[list[str]] | None = None,
    upper_swaps: list[list[str]] | None = None,
) -> dict[str, Any]:
    return {
        "lower": lower,
        "lowerExact": lower_exact,
        "lowerOpen": lower_open,
        "lowerSwaps": lower_swaps or [],
        "upper": upper,
        "upperExact": upper_exact,
        "upperOpen": upper_open,
        "upperSwaps": upper_swaps or [],
    }


FROM_ZERO = interval("0.000000", "0/1", False, None, None)


# ---------------------------------------------------------------- hand-computed cases


def test_example_10_cheap_fast_crossings() -> None:
    # weights cost 0.5, delivery 0.4, quality 0. CHEAP: cost 1, delivery 0; FAST: cost 0,
    # delivery 1. Cost times f: CHEAP 0.5f vs FAST 0.4 -> tie at f = 4/5; CHEAP ahead above.
    # Delivery times f: CHEAP 0.5 vs FAST 0.4f -> tie at f = 5/4; CHEAP ahead below.
    entries = by_dimension(example("10-sensitivity-ranking-changes"))
    assert list(entries) == ["cost", "delivery"]  # quality has weight 0
    cost = interval("0.800000", "4/5", True, None, None, lower_swaps=[["CHEAP", "FAST"]])
    delivery = interval(
        "0.000000", "0/1", False, "1.250000", "5/4", upper_swaps=[["CHEAP", "FAST"]]
    )
    assert entries["cost"] == {
        "dimension": "cost",
        "weight": "0.5",
        "rankingInterval": cost,
        "winnerInterval": cost,
    }
    assert entries["delivery"] == {
        "dimension": "delivery",
        "weight": "0.4",
        "rankingInterval": delivery,
        "winnerInterval": delivery,
    }


def test_example_01_quality_upper_bound_and_unbounded_dimensions() -> None:
    # Scoring set A (cost 1, delivery 1, quality 3/4) and B (0, 0, 1); C is excluded.
    # Quality times f: A = 0.5 + 0.3 + 0.2f * 3/4 = 0.8 + 0.15f, B = 0.2f: tie at f = 16.
    # Cost times f: A = 0.5f + 0.45 > B = 0.2 for every f >= 0: [0, +inf); delivery likewise.
    entries = by_dimension(example("01-example-from-brief"))
    assert entries["cost"]["rankingInterval"] == FROM_ZERO
    assert entries["delivery"]["winnerInterval"] == FROM_ZERO
    quality = interval("0.000000", "0/1", False, "16.000000", "16/1", upper_swaps=[["A", "B"]])
    assert entries["quality"]["rankingInterval"] == quality
    assert entries["quality"]["winnerInterval"] == quality


def test_exact_tie_breaking_under_any_change_is_degenerate() -> None:
    # A: cost 1, delivery 0; B: cost 0, delivery 1; weights 0.5/0.5 -> both score 1/2.
    # Cost times f: A = 0.5f, B = 0.5 -> tied only at f = 1.
    raw = request([quote("A", 10, 30), quote("B", 20, 5)], "0.5", "0.5")
    out = calculate(raw).output
    assert [(e["rank"], e["supplierId"]) for e in out["ranking"]] == [(1, "A"), (1, "B")]
    one = interval("1.000000", "1/1", False, "1.000000", "1/1", False, [["A", "B"]], [["A", "B"]])
    for entry in by_dimension(raw).values():
        assert entry["rankingInterval"] == one
        assert entry["winnerInterval"] == one


def test_tie_that_holds_for_every_factor_is_no_bound() -> None:
    # Example 09: A, B, D identical (cost 1, delivery 1, quality 3/4), C cost 0.
    # Cost times f: A = 0.5f + 0.45, C = 0.45 -> they tie only at f = 0, so 0 is open;
    # A, B, D stay tied for every f and bound nothing.
    entries = by_dimension(example("09-dense-rank-ties"))
    swaps = [["A", "C"], ["B", "C"], ["D", "C"]]
    cost = interval("0.000000", "0/1", True, None, None, lower_swaps=swaps)
    assert entries["cost"]["rankingInterval"] == cost
    assert entries["cost"]["winnerInterval"] == cost
    assert entries["delivery"]["rankingInterval"] == FROM_ZERO
    assert entries["quality"]["rankingInterval"] == FROM_ZERO


def test_only_positive_weight_excludes_zero_without_a_swap() -> None:
    # Cost alone: scaling it never changes the order, but f = 0 leaves no positive weight.
    raw = request([quote("A", 10, 30), quote("B", 20, 5)], "1", "0")
    entries = by_dimension(raw)
    assert list(entries) == ["cost"]
    expected = interval("0.000000", "0/1", True, None, None)
    assert entries["cost"]["rankingInterval"] == expected
    assert entries["cost"]["winnerInterval"] == expected


def test_winner_interval_is_wider_than_ranking_interval() -> None:
    # Totals 100/150/200 -> cost components A 1, B 1/2, C 0. Lead 5/30/10 -> delivery
    # components A 1, B 0, C 4/5. Weights 0.5/0.5: A 1, C 0.4, B 0.25.
    # Cost times f: A 0.5f + 0.5, B 0.25f, C 0.4 -> B passes C at f = 8/5; A is never caught.
    # Delivery times f: A 0.5 + 0.5f, B 0.25, C 0.4f -> C falls behind B below f = 5/8.
    raw = request([quote("A", 100, 5), quote("B", 150, 30), quote("C", 200, 10)], "0.5", "0.5")
    entries = by_dimension(raw)
    assert entries["cost"]["rankingInterval"] == interval(
        "0.000000", "0/1", False, "1.600000", "8/5", upper_swaps=[["C", "B"]]
    )
    assert entries["cost"]["winnerInterval"] == FROM_ZERO
    assert entries["delivery"]["rankingInterval"] == interval(
        "0.625000", "5/8", True, None, None, lower_swaps=[["C", "B"]]
    )
    assert entries["delivery"]["winnerInterval"] == FROM_ZERO


def test_bounds_round_half_up_and_keep_the_exact_rational() -> None:
    # X: cost 1, delivery 0; Y: cost 0, delivery 1; weights 0.6/0.4.
    # Cost times f: 0.6f vs 0.4 -> f = 2/3 ("0.666667"); delivery times f: 0.6 vs 0.4f -> 3/2.
    raw = request([quote("X", 10, 30), quote("Y", 20, 5)], "0.6", "0.4")
    entries = by_dimension(raw)
    assert entries["cost"]["rankingInterval"] == interval(
        "0.666667", "2/3", True, None, None, lower_swaps=[["X", "Y"]]
    )
    assert entries["delivery"]["rankingInterval"] == interval(
        "0.000000", "0/1", False, "1.500000", "3/2", upper_swaps=[["X", "Y"]]
    )


def test_narrow_reversal_that_a_0_01_step_misses() -> None:
    # X: cost 1, delivery 0; Y: cost 0, delivery 1; weights cost 0.500001, delivery 0.5.
    # Cost times f: 0.500001f vs 0.5 -> f = 500000/500001 = 0.999998..., a 2e-6 margin.
    raw = request([quote("X", 10, 30), quote("Y", 20, 5)], "0.500001", "0.5")
    cost = by_dimension(raw)["cost"]["rankingInterval"]
    assert cost["lowerExact"] == "500000/500001"
    assert cost["lower"] == "0.999998"
    assert cost["lowerOpen"] is True


def test_no_ranking_gives_none() -> None:
    for name in (
        "02-no-weights-completed",
        "04-non-comparable-quotes",
        "08-all-candidates-excluded",
        "12-number-forms-batch1",
    ):
        assert stability(example(name)) is None
    assert stability(b"not json") is None
    assert stability(b"") is None


def test_single_candidate_is_stable_everywhere() -> None:
    raw = request([quote("ONLY", 10, 3)], "0.5", "0.5")
    for entry in by_dimension(raw).values():
        assert entry["rankingInterval"] == FROM_ZERO
        assert entry["winnerInterval"] == FROM_ZERO


def test_examples_agree_with_the_engine_sensitivity() -> None:
    # Every engine scenario (its own rank(), factor 1 +- delta) changed the ranking exactly
    # when its factor lies outside the ranking interval.
    for path in sorted(EXAMPLES.glob("*.request.json")):
        raw = path.read_bytes()
        out = calculate(raw).output
        entries = stability(raw)
        if out["ranking"] is None:
            assert entries is None
            continue
        assert entries is not None
        intervals = {entry["dimension"]: entry["rankingInterval"] for entry in entries}
        for scenario in out["sensitivity"]:
            inside = contains(intervals[scenario["dimension"]], Fraction(scenario["factor"]))
            assert scenario["rankingChanged"] is (not inside)


# ---------------------------------------------------------------- exact re-ranking


def contains(shown: Mapping[str, Any], factor: Fraction) -> bool:
    """Membership read from the JSON form (exact bounds only)."""
    lower = Fraction(shown["lowerExact"])
    if factor < lower or (factor == lower and shown["lowerOpen"]):
        return False
    if shown["upperExact"] is None:
        return True
    upper = Fraction(shown["upperExact"])
    return factor < upper or (factor == upper and not shown["upperOpen"])


def exact_scores(
    table: ScoreTable, weights: Mapping[str, Fraction], dimension: str, factor: Fraction
) -> list[Fraction] | None:
    """Scores with ``weights[dimension]`` multiplied by ``factor``; ``None`` if the weight sum
    would be zero. Written independently of the library: sum(w_d * component_d) / sum(w)."""
    moved = {**weights, dimension: weights[dimension] * factor}
    total = sum(moved.values())
    if total == 0:
        return None
    return [
        sum(
            (
                moved[name] * Fraction(terms[i], table.denominator)
                for name, terms in zip(table.dimensions, table.terms, strict=True)
            ),
            Fraction(0),
        )
        / total
        for i in range(len(table.supplier_ids))
    ]


def dense(table: ScoreTable, scores: list[Fraction]) -> list[tuple[int, str]]:
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], table.supplier_ids[i]))
    ranked: list[tuple[int, str]] = []
    current, previous = 0, None
    for i in order:
        if scores[i] != previous:
            current, previous = current + 1, scores[i]
        ranked.append((current, table.supplier_ids[i]))
    return ranked


def winners(ranked: list[tuple[int, str]]) -> set[str]:
    return {sid for position, sid in ranked if position == 1}


def probe_points(shown: Interval) -> list[Fraction]:
    """0, 1, each finite bound, and points just inside and just outside it."""
    points = [Fraction(0), Fraction(1)]
    for bound in (shown.lower.value, shown.upper.value):
        if bound is None:
            continue
        inside = bound + (1 - bound) * TINY
        points += [bound, inside, bound - TINY, bound + TINY]
    return [point for point in points if point >= 0]


WEIGHT = st.one_of(
    st.sampled_from(["0", "0", "1", "0.5", "0.25", "0.333333", "0.000001", "2", "10"]),
    st.integers(min_value=0, max_value=3_000_000).map(lambda n: str(Decimal(n) / 10**6)),
)


@st.composite
def ranked_requests(draw: st.DrawFn) -> bytes:
    count = draw(st.integers(min_value=1, max_value=5))
    quotes = [
        quote(
            f"S{index}",
            draw(st.integers(min_value=1, max_value=4)),
            draw(st.integers(min_value=0, max_value=3)),
            draw(st.integers(min_value=0, max_value=3)),
        )
        for index in range(count)
    ]
    weights = [draw(WEIGHT) for _ in range(3)]
    assume(any(Decimal(weight) > 0 for weight in weights))
    return request(quotes, *weights, sensitivityDelta=draw(st.sampled_from(["0.1", "0.5"])))


def _table(raw: bytes) -> tuple[ScoreTable, dict[str, Decimal]]:
    ctx = DEFAULT_PIPELINE.run(raw)
    assert ctx.scoring is not None and ctx.scoring.table is not None
    assert ctx.request is not None
    return ctx.scoring.table, dict(ctx.request.fields["weights"])


PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(raw=ranked_requests(), extra=st.fractions(min_value=0, max_value=40, max_denominator=997))
def test_interval_membership_is_exactly_an_unchanged_ranking(raw: bytes, extra: Fraction) -> None:
    table, weights = _table(raw)
    exact = {name: Fraction(value) for name, value in weights.items()}
    base_scores = exact_scores(table, exact, "cost", Fraction(1))
    assert base_scores is not None
    base = dense(table, base_scores)
    entries = table_stability(table, weights)
    assert [e.dimension for e in entries] == [
        n for n in ("cost", "delivery", "quality") if exact[n] > 0
    ]
    for entry in entries:
        for point in [*probe_points(entry.ranking), *probe_points(entry.winner), extra]:
            scores = exact_scores(table, exact, entry.dimension, point)
            if scores is None:  # f = 0 with no other positive weight: never in an interval
                assert point not in entry.ranking and point not in entry.winner
                continue
            ranked = dense(table, scores)
            assert (point in entry.ranking) is (ranked == base), (entry.dimension, point)
            assert (point in entry.winner) is (winners(ranked) == winners(base))


@PROPERTY
@given(raw=ranked_requests())
def test_named_pairs_tie_at_the_bound_and_are_reversed_beyond_it(raw: bytes) -> None:
    table, weights = _table(raw)
    exact = {name: Fraction(value) for name, value in weights.items()}
    base_scores = exact_scores(table, exact, "cost", Fraction(1))
    assert base_scores is not None
    index = {sid: i for i, sid in enumerate(table.supplier_ids)}
    for entry in table_stability(table, weights):
        for shown in (entry.ranking, entry.winner):
            degenerate = shown.lower.value == shown.upper.value == 1
            for bound, step in ((shown.lower, -TINY), (shown.upper, TINY)):
                if not bound.swaps:
                    continue
                assert bound.value is not None
                at = exact_scores(table, exact, entry.dimension, bound.value)
                beyond = exact_scores(table, exact, entry.dimension, bound.value + step)
                assert at is not None
                for ahead, behind in bound.swaps:
                    i, j = index[ahead], index[behind]
                    assert at[i] == at[j]
                    if degenerate:
                        continue
                    assert base_scores[i] > base_scores[j]
                    if beyond is not None and bound.value + step >= 0:
                        assert beyond[j] > beyond[i]


@PROPERTY
@given(raw=ranked_requests(), hundredths=st.integers(min_value=0, max_value=400))
def test_engine_rank_agrees_at_decimal_factors(raw: bytes, hundredths: int) -> None:
    # The engine's own rank() over its own table, at f = hundredths / 100 (exactly
    # representable: a weight of at most 6 places times f has at most 8).
    table, weights = _table(raw)
    base = [(e.rank, e.supplier_id) for e in rank(table, weights)]
    factor = Decimal(hundredths) / 100
    for entry in table_stability(table, weights):
        moved = {**weights, entry.dimension: weights[entry.dimension] * factor}
        if sum(moved.values()) == 0:
            continue
        ranked = [(e.rank, e.supplier_id) for e in rank(table, moved)]
        assert (Fraction(factor) in entry.ranking) is (ranked == base)
        top = {sid for position, sid in ranked if position == 1}
        assert (Fraction(factor) in entry.winner) is (top == {s for p, s in base if p == 1})


@PROPERTY
@given(raw=ranked_requests())
def test_json_form_matches_the_exact_intervals(raw: bytes) -> None:
    table, weights = _table(raw)
    shown = stability(raw)
    assert shown is not None
    entries = table_stability(table, weights)
    assert len(shown) == len(entries)
    for form, entry in zip(shown, entries, strict=True):
        assert form["dimension"] == entry.dimension
        for key, exact in (("rankingInterval", entry.ranking), ("winnerInterval", entry.winner)):
            interval_form = form[key]
            assert Fraction(interval_form["lowerExact"]) == exact.lower.value
            if exact.upper.value is None:
                assert interval_form["upper"] is None and interval_form["upperOpen"] is True
            else:
                assert Fraction(interval_form["upperExact"]) == exact.upper.value
            for point in probe_points(exact):
                assert contains(interval_form, point) is (point in exact)
            # The winner set can only be kept by at least every factor keeping the ranking.
        lower_r, lower_w = entry.ranking.lower.value, entry.winner.lower.value
        assert lower_r is not None and lower_w is not None
        assert lower_w <= lower_r


def test_library_path_does_not_import_stability_or_report() -> None:
    import subprocess
    import sys

    from conftest import ROOT

    code = (
        "import sys; sys.path.insert(0, 'src');"
        "import quotecalc.cli; from quotecalc import calculate;"
        "calculate(open('tests/data/examples/01-example-from-brief.request.json','rb').read());"
        "print('quotecalc.analysis.intervals' in sys.modules,"
        " 'quotecalc.output.report' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-B", "-c", code], cwd=ROOT, capture_output=True, check=True
    )
    assert done.stdout.split() == [b"False", b"False"]
