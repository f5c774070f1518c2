"""White-box tests of the limitations stage (CONTRACT §12, §14, §16).

``collect()`` lists, in stage order (the module's documented order; §16 says the order has
no meaning to clients): the five that always apply; ``missing_field`` for each omitted root
core field; per quote each omitted core field (table order) and each spec/currency
mismatch; ``total_spend_basis`` when a landedTotal exists; the scoring stage's limitations;
``sensitivity_unavailable``. ``decide_status()`` is ``partial`` or ``completed``.
"""

from __future__ import annotations

from decimal import Decimal
from types import MappingProxyType
from typing import Any

import pytest

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
    Scoring,
)
from quotecalc.stages.limitations import LimitationsStage, collect, decide_status

ALWAYS = [
    Limitation("quality_unverified"),
    Limitation("fees_as_given"),
    Limitation("lead_days_basis"),
    Limitation("not_an_order"),
    Limitation("no_conversion"),
]
ROOT = {"quantity": 100, "currency": "CNY", "specification": "M6"}
CORE = {
    "specification": "M6",
    "currency": "CNY",
    "packSize": 10,
    "minimumPacks": 0,
    "packPrice": Decimal(1),
    "freight": Decimal(0),
    "otherFees": Decimal(0),
    "leadDays": 3,
}
# One candidate "A" ranked first with score 1/1.
RANKED = Scoring(
    ranking=Ranking(
        order=(0,), supplier_ids=("A",), ranks=(1,), scores=(1,), denominator=1, components=({},)
    ),
    limitations=(),
)
NOT_REQUESTED = Scoring(None, (Limitation("ranking_not_requested"),))


def context(
    *,
    root: dict[str, Any] | None = None,
    quotes: list[dict[str, Any]] | None = None,
    gates: list[Comparability] | None = None,
    landed: list[Decimal | None] | None = None,
    conflicts: list[tuple[str, ...]] | None = None,
    statuses: list[str] | None = None,
    scoring: Scoring = NOT_REQUESTED,
) -> Context:
    quotes = quotes if quotes is not None else [{"supplierId": "A", **CORE}]
    n = len(quotes)
    return Context(
        raw=b"",
        request=Request(
            fields=MappingProxyType(ROOT if root is None else root),
            quotes=tuple(MappingProxyType(quote) for quote in quotes),
        ),
        comparability=tuple(gates or [Comparability(True, ())] * n),
        packs=(PackCounts(),) * n,
        costs=tuple(Cost(landed_total=value) for value in (landed or [Decimal(10)] * n)),
        quality=tuple(QualityAssessment(c, c) for c in (conflicts or [()] * n)),
        constraints=tuple(ConstraintVerdict(s, ()) for s in (statuses or ["eligible"] * n)),
        scoring=scoring,
    )


def test_complete_request_without_weights() -> None:
    assert list(collect(context())) == [
        *ALWAYS,
        Limitation("total_spend_basis"),
        Limitation("ranking_not_requested"),
    ]


def test_complete_request_with_ranking() -> None:
    assert list(collect(context(scoring=RANKED))) == [*ALWAYS, Limitation("total_spend_basis")]


def test_no_landed_total_no_total_spend_basis() -> None:
    got = collect(context(landed=[None]))
    assert Limitation("total_spend_basis") not in got


def test_order_and_keys() -> None:
    quote_a = {"supplierId": "A", **CORE}
    del quote_a["freight"], quote_a["packSize"]  # two omitted core fields
    quote_b = {"supplierId": "B", **CORE, "specification": "M8", "currency": "USD"}
    quote_c = {key: value for key, value in CORE.items() if key != "specification"}
    quote_c["supplierId"] = "C"
    ctx = context(
        root={"currency": "CNY"},  # quantity and specification omitted
        quotes=[quote_a, quote_b, quote_c],
        gates=[
            Comparability(False, ()),
            Comparability(False, ("specification_mismatch", "currency_mismatch")),
            Comparability(False, ("specification_missing",)),
        ],
        landed=[None, None, None],
        scoring=Scoring(None, (Limitation("ranking_blocked_by_conflict"),)),
    )
    assert list(collect(ctx)) == [
        *ALWAYS,
        # root: ROOT_CORE_FIELDS order is quantity, currency, specification; no supplierId
        Limitation("missing_field", field="quantity"),
        Limitation("missing_field", field="specification"),
        # quote A: omitted core fields in the quote table's order (packSize before freight)
        Limitation("missing_field", "A", field="packSize"),
        Limitation("missing_field", "A", field="freight"),
        # quote B: its mismatches, with supplierId only
        Limitation("specification_mismatch", "B"),
        Limitation("currency_mismatch", "B"),
        # quote C: specification_missing is reported as missing_field, not as a mismatch
        Limitation("missing_field", "C", field="specification"),
        # no landedTotal anywhere: no total_spend_basis; then the scoring limitations
        Limitation("ranking_blocked_by_conflict"),
    ]


def test_scoring_limitations_come_after_total_spend_basis() -> None:
    scoring = Scoring(
        None,
        (
            Limitation("ranking_blocked_by_unknown_constraint", "A"),
            Limitation("ranking_blocked_by_missing_value", "A", dimension="quality"),
        ),
    )
    assert list(collect(context(scoring=scoring)))[len(ALWAYS) :] == [
        Limitation("total_spend_basis"),
        *scoring.limitations,
    ]


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        (NOT_REQUESTED, True),  # delta given, no ranking
        (Scoring(None, (Limitation("all_candidates_excluded"),)), True),
        (RANKED, False),
    ],
)
def test_sensitivity_unavailable(scoring: Scoring, expected: bool) -> None:
    got = collect(context(root={**ROOT, "sensitivityDelta": Decimal("0.1")}, scoring=scoring))
    assert (got[-1] == Limitation("sensitivity_unavailable")) is expected
    assert got.count(Limitation("sensitivity_unavailable")) == int(expected)


def test_no_sensitivity_unavailable_without_delta() -> None:
    assert Limitation("sensitivity_unavailable") not in collect(context())


# ---- decide_status (§14) ----


def partial_root() -> Context:
    return context(root={"currency": "CNY", "specification": "M6"})


def partial_quote() -> Context:
    quote = {"supplierId": "A", **CORE}
    del quote["otherFees"]
    return context(quotes=[quote])


STATUS: list[tuple[str, Context, str]] = [
    ("complete", context(), "completed"),
    ("complete, ranked", context(scoring=RANKED), "completed"),
    ("root core field omitted", partial_root(), "partial"),
    ("quote core field omitted", partial_quote(), "partial"),
    (
        "non-comparable quote",
        context(gates=[Comparability(False, ("currency_mismatch",))]),
        "partial",
    ),
    ("quality conflict", context(conflicts=[("quality_scale_missing",)]), "partial"),
    ("constraint unknown", context(statuses=["unknown"]), "partial"),
    # excluded alone is not partial (§16)
    ("constraint excluded", context(statuses=["excluded"]), "completed"),
    (
        "all excluded",
        context(
            scoring=Scoring(None, (Limitation("all_candidates_excluded"),)), statuses=["excluded"]
        ),
        "completed",
    ),
    # §10: a positive quality weight without scores blocks the ranking, still completed
    (
        "ranking blocked by a missing score",
        context(
            scoring=Scoring(
                None,
                (Limitation("ranking_blocked_by_missing_value", "A", dimension="quality"),),
            )
        ),
        "completed",
    ),
    # optional fields (quality, weights) are not core: omitting them is not partial
    ("no quality data", context(quotes=[{"supplierId": "A", **CORE}]), "completed"),
]


@pytest.mark.parametrize(("why", "ctx", "expected"), STATUS, ids=[s[0] for s in STATUS])
def test_decide_status(why: str, ctx: Context, expected: str) -> None:
    assert decide_status(ctx) == expected, why


def test_stage_sets_limitations_and_status() -> None:
    before = partial_root()
    after = LimitationsStage()(before)
    assert after.status == "partial"
    assert after.limitations == collect(before)
    assert before.status is None
    assert before.limitations == ()
    assert after.scoring is before.scoring
    assert LimitationsStage().name == "limitations"
