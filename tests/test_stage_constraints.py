"""White-box tests of the hard-constraint rule table and stage (CONTRACT §8, §16).

A rule row is ``unknown`` when the quote value is missing or the quote has one of the row's
blocking conflicts, ``excluded`` when ``value <op> limit`` holds, ``eligible`` otherwise. A
quote's status combines its checks: excluded > unknown > eligible (eligible when none).
"""

from __future__ import annotations

from decimal import Decimal
from types import MappingProxyType
from typing import Any

import attrs
import pytest

from quotecalc.core.constraint_rules import (
    CONSTRAINT_RULES,
    QUALITY_CONFLICTS,
    ConstraintRule,
    lower_limit,
    upper_limit,
)
from quotecalc.core.context import (
    Comparability,
    ConstraintCheck,
    ConstraintVerdict,
    Context,
    Cost,
    PackCounts,
    QualityAssessment,
    Request,
)
from quotecalc.core.fields import decimal_field, integer_field
from quotecalc.stages.constraints import HardConstraints, combine, quote_value

MAX_LEAD = upper_limit(integer_field("maxLeadDays"), "leadDays")
MIN_QUALITY = lower_limit(
    decimal_field("minimumQualityScore"), "qualityScore", unknown_on_conflicts=QUALITY_CONFLICTS
)
NO_CONFLICTS: tuple[str, ...] = ()

EVALUATE: list[tuple[ConstraintRule, int | Decimal, int | Decimal | None, tuple[str, ...], str]] = [
    # upper limit (maxLeadDays 10): excluded when leadDays > 10
    (MAX_LEAD, 10, 11, NO_CONFLICTS, "excluded"),  # above
    (MAX_LEAD, 10, 10, NO_CONFLICTS, "eligible"),  # equal
    (MAX_LEAD, 10, 9, NO_CONFLICTS, "eligible"),  # below
    (MAX_LEAD, 10, None, NO_CONFLICTS, "unknown"),  # missing never passes
    (MAX_LEAD, 0, 0, NO_CONFLICTS, "eligible"),
    (MAX_LEAD, 0, 1, NO_CONFLICTS, "excluded"),
    # a quality conflict does not concern the lead-days row
    (MAX_LEAD, 10, 11, ("quality_scale_missing",), "excluded"),
    (MAX_LEAD, 10, 5, ("quality_definition_mismatch",), "eligible"),
    # lower limit (minimumQualityScore 3.5): excluded when qualityScore < 3.5
    (MIN_QUALITY, Decimal("3.5"), Decimal("3.4"), NO_CONFLICTS, "excluded"),  # below
    (MIN_QUALITY, Decimal("3.5"), Decimal("3.499999"), NO_CONFLICTS, "excluded"),
    (MIN_QUALITY, Decimal("3.5"), Decimal("3.5"), NO_CONFLICTS, "eligible"),  # equal
    (MIN_QUALITY, Decimal("3.5"), Decimal("3.50"), NO_CONFLICTS, "eligible"),  # equal by value
    (MIN_QUALITY, Decimal("3.5"), Decimal("3.6"), NO_CONFLICTS, "eligible"),  # above
    (MIN_QUALITY, Decimal("3.5"), None, NO_CONFLICTS, "unknown"),  # missing
    # a quality conflict makes it unknown, even for a score below the limit (§16)
    (MIN_QUALITY, Decimal("3.5"), Decimal("3.4"), ("quality_definition_mismatch",), "unknown"),
    (MIN_QUALITY, Decimal("3.5"), Decimal(4), ("quality_scale_missing",), "unknown"),
    (MIN_QUALITY, Decimal("3.5"), Decimal(4), ("quality_definition_missing",), "unknown"),
    # ... but other conflicts (comparability) do not
    (MIN_QUALITY, Decimal("3.5"), Decimal(4), ("specification_mismatch",), "eligible"),
    (MIN_QUALITY, Decimal("3.5"), Decimal("3.4"), ("currency_mismatch",), "excluded"),
    # int value against a Decimal limit and vice versa
    (MIN_QUALITY, Decimal("3.5"), 3, NO_CONFLICTS, "excluded"),
    (MAX_LEAD, 10, Decimal("10.000000"), NO_CONFLICTS, "eligible"),
]


@pytest.mark.parametrize(("rule", "limit", "value", "conflicts", "expected"), EVALUATE)
def test_evaluate(
    rule: ConstraintRule,
    limit: int | Decimal,
    value: int | Decimal | None,
    conflicts: tuple[str, ...],
    expected: str,
) -> None:
    assert rule.evaluate(limit, value, conflicts) == expected


def test_rule_rows() -> None:
    assert MAX_LEAD.name == "maxLeadDays"
    assert MAX_LEAD.excluded_when == "above"
    assert MIN_QUALITY.name == "minimumQualityScore"
    assert MIN_QUALITY.excluded_when == "below"
    blocking = QUALITY_CONFLICTS
    assert blocking == {
        "quality_scale_missing",
        "quality_definition_missing",
        "quality_definition_mismatch",
    }
    # the shipped table is exactly the two rows of §8, in that order (their rules; what the
    # doors show of each field is tests/test_rows_drive_doors.py's)
    bare = tuple(
        attrs.evolve(rule, field=attrs.evolve(rule.field, doors=None)) for rule in CONSTRAINT_RULES
    )
    assert bare == (MAX_LEAD, MIN_QUALITY)


@pytest.mark.parametrize(
    ("statuses", "expected"),
    [
        ([], "eligible"),  # no constraint set
        (["eligible"], "eligible"),
        (["eligible", "eligible"], "eligible"),
        (["unknown"], "unknown"),
        (["eligible", "unknown"], "unknown"),
        (["excluded"], "excluded"),
        (["excluded", "unknown"], "excluded"),  # §16
        (["unknown", "excluded"], "excluded"),
        (["eligible", "excluded"], "excluded"),
    ],
)
def test_combine(statuses: list[str], expected: str) -> None:
    assert combine(statuses) == expected


def test_quote_value_reads_inputs_and_derived_values() -> None:
    quote = MappingProxyType({"leadDays": 7, "qualityScore": Decimal("4.5")})
    packs = PackCounts(9, 9, 108, 8)
    cost = Cost(goods_subtotal=Decimal("315.00"), landed_total=Decimal("335.50"))
    assert quote_value("leadDays", quote, packs, cost) == 7
    assert quote_value("qualityScore", quote, packs, cost) == Decimal("4.5")
    assert quote_value("freight", quote, packs, cost) is None
    assert quote_value("packsPurchased", quote, packs, cost) == 9
    assert quote_value("overbuyQuantity", quote, packs, cost) == 8
    assert quote_value("landedTotal", quote, packs, cost) == Decimal("335.50")
    assert quote_value("landedTotal", quote, PackCounts(), Cost()) is None


# ---- the stage ----


def context(
    root: dict[str, Any],
    quotes: list[dict[str, Any]],
    *,
    conflicts: list[tuple[str, ...]] | None = None,
    costs: list[Cost] | None = None,
    comparable: list[bool] | None = None,
) -> Context:
    n = len(quotes)
    req = Request(
        fields=MappingProxyType(root),
        quotes=tuple(MappingProxyType(quote) for quote in quotes),
    )
    flags = comparable or [True] * n
    return Context(
        raw=b"",
        request=req,
        comparability=tuple(
            Comparability(flag, () if flag else ("specification_mismatch",)) for flag in flags
        ),
        packs=(PackCounts(),) * n,
        costs=tuple(costs or [Cost()] * n),
        quality=tuple(QualityAssessment(c, c) for c in (conflicts or [()] * n)),
    )


def test_stage_default_rules() -> None:
    root = {"maxLeadDays": 10, "minimumQualityScore": Decimal(3)}
    quotes = [
        {"supplierId": "A", "leadDays": 5, "qualityScore": Decimal(4)},
        {"supplierId": "B", "leadDays": 12},  # excluded by lead days, unknown score
        {"supplierId": "C", "qualityScore": Decimal(4)},  # lead days unknown
        {"supplierId": "D", "leadDays": 5, "qualityScore": Decimal(2)},  # with a conflict
        {"supplierId": "E", "leadDays": 15, "qualityScore": Decimal(5)},  # not comparable
        {"supplierId": "F", "leadDays": 10, "qualityScore": Decimal("2.999999")},
    ]
    ctx = HardConstraints()(
        context(
            root,
            quotes,
            conflicts=[(), (), (), ("quality_definition_mismatch",), (), ()],
            comparable=[True, True, True, True, False, True],
        )
    )

    def checks(
        lead: str, lead_value: int | None, score: str, value: Decimal | None
    ) -> tuple[ConstraintCheck, ...]:
        return (
            ConstraintCheck("maxLeadDays", lead, 10, lead_value),
            ConstraintCheck("minimumQualityScore", score, Decimal(3), value),
        )

    assert ctx.constraints == (
        ConstraintVerdict("eligible", checks("eligible", 5, "eligible", Decimal(4))),
        # excluded by one rule and unknown for another: excluded (§16)
        ConstraintVerdict("excluded", checks("excluded", 12, "unknown", None)),
        ConstraintVerdict("unknown", checks("unknown", None, "eligible", Decimal(4))),
        # 2 < 3 but the quote has a quality conflict: unknown, not excluded (§16)
        ConstraintVerdict("unknown", checks("eligible", 5, "unknown", Decimal(2))),
        # evaluated whether comparable or not (§8): 15 > 10
        ConstraintVerdict("excluded", checks("excluded", 15, "eligible", Decimal(5))),
        # 10 is not > 10; 2.999999 < 3
        ConstraintVerdict("excluded", checks("eligible", 10, "excluded", Decimal("2.999999"))),
    )


def test_stage_without_constraints_everyone_is_eligible() -> None:
    quotes: list[dict[str, Any]] = [{"supplierId": "A"}, {"supplierId": "B", "leadDays": 99}]
    ctx = HardConstraints()(context({}, quotes))
    assert ctx.constraints == (ConstraintVerdict("eligible", ()), ConstraintVerdict("eligible", ()))


def test_stage_evaluates_only_the_constraints_set() -> None:
    quotes = [{"supplierId": "A", "leadDays": 3, "qualityScore": Decimal(1)}]
    ctx = HardConstraints()(context({"maxLeadDays": 2}, quotes))
    assert ctx.constraints == (
        ConstraintVerdict("excluded", (ConstraintCheck("maxLeadDays", "excluded", 2, 3),)),
    )


def test_stage_with_a_custom_rule_on_a_derived_value() -> None:
    # a budget cap: excluded when landedTotal > maxLandedTotal; unknown without a total
    budget = upper_limit(decimal_field("maxLandedTotal"), "landedTotal")
    quotes = [{"supplierId": s} for s in "ABCD"]
    costs = [
        Cost(landed_total=Decimal("999.99")),
        Cost(landed_total=Decimal("1000")),
        Cost(landed_total=Decimal("1000.000001")),
        Cost(),
    ]
    limit = Decimal(1000)
    ctx = HardConstraints(rules=(budget,))(
        context({"maxLandedTotal": limit, "maxLeadDays": 1}, quotes, costs=costs)
    )
    # maxLeadDays is in the root but not in this stage's rules: not evaluated
    assert ctx.constraints == (
        ConstraintVerdict(
            "eligible", (ConstraintCheck("maxLandedTotal", "eligible", limit, Decimal("999.99")),)
        ),
        ConstraintVerdict(
            "eligible", (ConstraintCheck("maxLandedTotal", "eligible", limit, Decimal(1000)),)
        ),
        ConstraintVerdict(
            "excluded",
            (ConstraintCheck("maxLandedTotal", "excluded", limit, Decimal("1000.000001")),),
        ),
        ConstraintVerdict("unknown", (ConstraintCheck("maxLandedTotal", "unknown", limit, None),)),
    )


def test_stage_rule_order_is_table_order() -> None:
    min_pack = lower_limit(integer_field("minPackSize"), "packSize")
    rules = (min_pack, MAX_LEAD)
    quotes = [{"supplierId": "A", "packSize": 5, "leadDays": 1}]
    ctx = HardConstraints(rules=rules)(context({"maxLeadDays": 3, "minPackSize": 6}, quotes))
    (verdict,) = ctx.constraints
    assert [check.constraint for check in verdict.checks] == ["minPackSize", "maxLeadDays"]
    # 5 < 6: excluded; 1 <= 3: eligible
    assert [check.status for check in verdict.checks] == ["excluded", "eligible"]
    assert verdict.status == "excluded"


def test_stage_custom_rule_with_its_own_blocking_conflicts() -> None:
    rule = lower_limit(
        decimal_field("minFreight"), "freight", unknown_on_conflicts=frozenset({"x_conflict"})
    )
    quotes = [
        {"supplierId": "A", "freight": Decimal(9)},
        {"supplierId": "B", "freight": Decimal(9)},
    ]
    ctx = HardConstraints(rules=(rule,))(
        context({"minFreight": Decimal(10)}, quotes, conflicts=[(), ("x_conflict",)])
    )
    assert [verdict.status for verdict in ctx.constraints] == ["excluded", "unknown"]


def test_stage_leaves_the_rest_of_the_context() -> None:
    before = context({"maxLeadDays": 1}, [{"supplierId": "A", "leadDays": 1}])
    ctx = HardConstraints()(before)
    assert before.constraints == ()
    assert ctx.quality is before.quality
    assert ctx.scoring is None


def test_stage_name_and_default_rules() -> None:
    assert HardConstraints().name == "constraints"
    assert HardConstraints().rules == CONSTRAINT_RULES
