"""The rendered constraint checks of each quote (CONTRACT §8): limits and values in plain
notation with their own digits, checks in rule order, whatever the shape of the verdicts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from quotecalc.core.context import ConstraintCheck, ConstraintVerdict
from quotecalc.engine.render import _checks

LEAD = ConstraintCheck("maxLeadDays", "eligible", 10, 5)
LEAD_LATE = ConstraintCheck("maxLeadDays", "excluded", 10, 12)
SCORE = ConstraintCheck("minimumQualityScore", "eligible", Decimal("3.50"), Decimal("4.0"))
SCORE_UNKNOWN = ConstraintCheck("minimumQualityScore", "unknown", Decimal("3.50"), None)


def shown(constraint: str, status: str, limit: str, value: str | None) -> dict[str, object]:
    return {"constraint": constraint, "status": status, "limit": limit, "value": value}


@pytest.mark.parametrize(
    ("verdicts", "expected"),
    [
        # every quote checked against both rules (the constraints stage's shape)
        (
            [
                ConstraintVerdict("eligible", (LEAD, SCORE)),
                ConstraintVerdict("excluded", (LEAD_LATE, SCORE_UNKNOWN)),
            ],
            [
                [
                    shown("maxLeadDays", "eligible", "10", "5"),
                    shown("minimumQualityScore", "eligible", "3.50", "4.0"),
                ],
                [
                    shown("maxLeadDays", "excluded", "10", "12"),
                    shown("minimumQualityScore", "unknown", "3.50", None),
                ],
            ],
        ),
        # quotes with different numbers of checks (hand-built contexts)
        (
            [
                ConstraintVerdict("eligible", (LEAD,)),
                ConstraintVerdict("unknown", (SCORE_UNKNOWN, LEAD_LATE)),
                ConstraintVerdict("eligible", ()),
            ],
            [
                [shown("maxLeadDays", "eligible", "10", "5")],
                [
                    shown("minimumQualityScore", "unknown", "3.50", None),
                    shown("maxLeadDays", "excluded", "10", "12"),
                ],
                [],
            ],
        ),
        # no constraint asked for
        ([ConstraintVerdict("eligible", ())] * 2, [[], []]),
        ([], []),
    ],
)
def test_checks_of_each_quote(
    verdicts: list[ConstraintVerdict], expected: list[list[dict[str, object]]]
) -> None:
    assert _checks(tuple(verdicts)) == expected
