"""The hard-constraint rule table (CONTRACT §8): one row per constraint.

A row is data: the root field that enables it (its own validation row), the quote value it
reads, an operator and the bound the user gave. For every quote, a row is

- ``unknown`` when the quote value is missing, or the quote has one of the row's blocking
  conflicts (a quality conflict for ``minimumQualityScore``, §16) -- a missing value never
  counts as passing;
- ``excluded`` when ``value <operator> limit`` holds (e.g. ``leadDays > maxLeadDays``);
- ``eligible`` otherwise.

Adding a constraint is adding one row with :func:`upper_limit` or :func:`lower_limit`; the
pipeline appends each row's field to the root field table and evaluates the rows in order.
The quote value may be any input field or derived value named in ``DERIVED_VALUES`` of
``stages/constraints.py`` (e.g. ``landedTotal``), or the exact ratio of two of them
(:func:`ratio_of`: pack price per unit is ``ratio_of("packPrice", "packSize")``), compared
with the limit exactly, as integers, never rounded (``docs/extending.md``).
"""

# The Chinese words of the doors use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Final

import attrs

from .exact import Ratio
from .fields import (
    BASE_ROOT_FIELDS,
    REQUEST_ROOT_FIELDS,
    SENSITIVITY_ROOT_FIELDS,
    FieldDoors,
    FieldRule,
    Words,
    decimal_field,
    integer_field,
)
from .records import Record

Number = Decimal | int
Value = Decimal | int | Ratio

# The operator family, as data: "excluded when value <op> limit".
EXCLUDES_WHEN: Final[dict[str, Callable[[Number, Number], bool]]] = {
    "above": operator.gt,
    "below": operator.lt,
}

QUALITY_CONFLICTS: Final = frozenset(
    {"quality_scale_missing", "quality_definition_missing", "quality_definition_mismatch"}
)


@attrs.frozen(eq=False, repr=False)
class QuoteRatio(Record):
    """The exact ratio of two quote values, ``numerator / denominator`` (each any value a rule
    may read): unknown when either is missing or the denominator is 0."""

    numerator: str
    denominator: str


def ratio_of(numerator: str, denominator: str) -> QuoteRatio:
    """A quote value that is the exact ratio of two (``ratio_of("packPrice", "packSize")``)."""
    return QuoteRatio(numerator, denominator)


def _scaled(value: Value | None, limit: Number) -> tuple[int, int] | None:
    """A ratio value and the limit as two integers over one positive denominator, so that
    comparing them compares the exact values (``n/d`` against ``p/q``: ``n q`` against
    ``p d``)."""
    if not isinstance(value, Ratio):
        return None
    p, q = limit.as_integer_ratio()
    return value.numerator * q, p * value.denominator


@attrs.frozen(eq=False, repr=False)
class ConstraintRule(Record):
    """One hard constraint; build it with :func:`upper_limit` or :func:`lower_limit`."""

    field: FieldRule
    quote_value: str | QuoteRatio
    excluded_when: str
    unknown_on_conflicts: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        return self.field.name

    def evaluate(self, limit: Number, value: Value | None, conflicts: tuple[str, ...]) -> str:
        """``eligible``, ``excluded`` or ``unknown`` for one quote (see the module docstring)."""
        return self.evaluate_all(limit, [value], [conflicts])[0]

    def evaluate_all(
        self,
        limit: Number,
        values: Sequence[Value | None],
        conflicts: Sequence[tuple[str, ...]],
    ) -> list[str]:
        """:meth:`evaluate` for every quote (values and conflicts in quote order), one pass.
        A ratio value is compared with the limit exactly, as two integers."""
        excludes = EXCLUDES_WHEN[self.excluded_when]
        blocking = self.unknown_on_conflicts
        if isinstance(self.quote_value, QuoteRatio):
            return [
                "unknown"
                if pair is None or not blocking.isdisjoint(found)
                else "excluded"
                if excludes(*pair)
                else "eligible"
                for pair, found in zip(
                    (_scaled(value, limit) for value in values), conflicts, strict=True
                )
            ]
        return [
            "unknown"
            if value is None or not blocking.isdisjoint(found)
            else "excluded"
            if excludes(value, limit)  # type: ignore[arg-type] # a named value: no Ratio
            else "eligible"
            for value, found in zip(values, conflicts, strict=True)
        ]


def upper_limit(
    field: FieldRule,
    quote_value: str | QuoteRatio,
    *,
    unknown_on_conflicts: frozenset[str] = frozenset(),
) -> ConstraintRule:
    """A quote is excluded when its value is above the user's limit."""
    return ConstraintRule(field, quote_value, "above", unknown_on_conflicts)


def lower_limit(
    field: FieldRule,
    quote_value: str | QuoteRatio,
    *,
    unknown_on_conflicts: frozenset[str] = frozenset(),
) -> ConstraintRule:
    """A quote is excluded when its value is below the user's limit."""
    return ConstraintRule(field, quote_value, "below", unknown_on_conflicts)


CONSTRAINT_RULES: Final = (
    upper_limit(
        integer_field(
            "maxLeadDays",
            doors=FieldDoors(
                Words("maximum lead days", "最长交期天数"),
                Words(
                    "hard constraint: exclude quotes with `leadDays` above it",
                    "硬约束：排除 `leadDays` 超过它的报价",
                ),
                note=(
                    "Hard constraint: a quote with leadDays above this is excluded; one without"
                    " leadDays is unknown (a missing value never passes)."
                ),
                checks=Words("lead days", "交期天数"),
                option="max_lead_days",
                option_text="The longest acceptable lead time (root field).",
                unit="days",
            ),
        ),
        "leadDays",
    ),
    lower_limit(
        decimal_field(
            "minimumQualityScore",
            doors=FieldDoors(
                Words("minimum quality score", "最低质量评分"),
                Words(
                    "hard constraint: exclude quotes scoring below it (needs `qualityScale`)",
                    "硬约束：排除评分低于它的报价（需要 `qualityScale`）",
                ),
                note=(
                    "Hard constraint: a quote with qualityScore below this is excluded; needs"
                    " qualityScale and must lie within it."
                ),
                checks=Words("quality score", "质量评分"),
                option="minimum_quality_score",
                option_text="The lowest acceptable quality score (root field).",
            ),
        ),
        "qualityScore",
        unknown_on_conflicts=QUALITY_CONFLICTS,
    ),
)


def fixed_root_fields(
    rules: tuple[ConstraintRule, ...] = CONSTRAINT_RULES,
) -> tuple[FieldRule, ...]:
    """The fixed request's root rows as its validator reads them: the base rows, then each
    constraint row's field (the 0.1.0 schema's order)."""
    return BASE_ROOT_FIELDS + tuple(rule.field for rule in rules)


def listed_root_fields(
    rules: tuple[ConstraintRule, ...] = CONSTRAINT_RULES,
) -> tuple[FieldRule, ...]:
    """The same rows as the contract's table lists them (§4.3) and every door shows them (the
    intake's options and the request it writes, the analyst's form, the README's table): the
    request's own rows, the constraints, then ``sensitivityDelta``."""
    return REQUEST_ROOT_FIELDS + tuple(rule.field for rule in rules) + SENSITIVITY_ROOT_FIELDS
