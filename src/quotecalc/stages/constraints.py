"""Stage 7, hard constraints: every rule row of ``constraint_rules.py`` for every quote
(CONTRACT §8), comparable or not.

A quote's ``constraintStatus`` is ``excluded`` if any rule excludes it, else ``unknown`` if
any rule is unknown, else ``eligible`` (also when no constraint is set). The stage knows no
constraint by name: it evaluates whatever rows it is given whose root field the user set.
"""

from __future__ import annotations

from decimal import Decimal
from operator import attrgetter
from typing import Final

import attrs

from ..core.constraint_rules import CONSTRAINT_RULES, ConstraintRule, QuoteRatio
from ..core.context import (
    ConstraintCheck,
    ConstraintVerdict,
    Context,
    Cost,
    Fields,
    PackCounts,
)
from ..core.exact import Ratio
from ..core.records import Record

# The quote values a rule may read: every input field by name, plus these derived values, each
# an attribute of one per-quote stage record (``packs`` or ``costs`` of the context).
DERIVED_VALUES: Final[dict[str, tuple[str, str]]] = {
    "packsRequired": ("packs", "packs_required"),
    "packsPurchased": ("packs", "packs_purchased"),
    "deliveredQuantity": ("packs", "delivered_quantity"),
    "overbuyQuantity": ("packs", "overbuy_quantity"),
    "goodsSubtotal": ("costs", "goods_subtotal"),
    "landedTotal": ("costs", "landed_total"),
}


def quote_value(name: str, quote: Fields, packs: PackCounts, cost: Cost) -> Decimal | int | None:
    """The value called ``name`` for one quote: a derived value or an input field."""
    derived = DERIVED_VALUES.get(name)
    if derived is not None:
        source, attribute = derived
        value: Decimal | int | None = getattr(packs if source == "packs" else cost, attribute)
        return value
    value = quote.get(name)
    assert value is None or isinstance(value, (Decimal, int))
    return value


def quote_values(name: str, ctx: Context) -> list[Decimal | int | None]:
    """The value called ``name`` for every quote, in input order (as :func:`quote_value`).

    One pass per value rather than one call per quote: the constraints and the scoring stage
    read each value of every quote (docs/performance.md).
    """
    assert ctx.request is not None
    derived = DERIVED_VALUES.get(name)
    if derived is not None:
        source, attribute = derived
        return list(map(attrgetter(attribute), getattr(ctx, source)))
    return [quote.get(name) for quote in ctx.request.quotes]


def rule_values(quote_value: str | QuoteRatio, ctx: Context) -> list[Decimal | int | Ratio | None]:
    """What a constraint row reads of every quote: a value by name (:func:`quote_values`), or
    the exact ratio of two (``unknown``, ``None``, when either is missing or the denominator
    is 0)."""
    if isinstance(quote_value, str):
        return list(quote_values(quote_value, ctx))
    return [
        None if top is None or bottom is None or bottom == 0 else Ratio.of(top, bottom)
        for top, bottom in zip(
            quote_values(quote_value.numerator, ctx),
            quote_values(quote_value.denominator, ctx),
            strict=True,
        )
    ]


def combine(statuses: list[str]) -> str:
    """excluded > unknown > eligible."""
    if "excluded" in statuses:
        return "excluded"
    if "unknown" in statuses:
        return "unknown"
    return "eligible"


@attrs.frozen(eq=False, repr=False)
class HardConstraints(Record):
    """Evaluates the constraint rows the user enabled, in rule-table order."""

    rules: tuple[ConstraintRule, ...] = CONSTRAINT_RULES
    name: str = "constraints"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None
        root = ctx.request.fields
        conflicts = [quality.conflicts for quality in ctx.quality]
        # Each rule over every quote in one pass, then each quote's checks zipped from them.
        columns = []
        for rule in self.rules:
            if rule.name not in root:
                continue
            limit = root[rule.name]
            values = rule_values(rule.quote_value, ctx)
            statuses = rule.evaluate_all(limit, values, conflicts)
            columns.append(
                [
                    ConstraintCheck(rule.name, status, limit, value)
                    for status, value in zip(statuses, values, strict=True)
                ]
            )
        by_quote = zip(*columns, strict=True) if columns else [()] * len(conflicts)
        verdicts = [
            ConstraintVerdict(combine([check.status for check in checks]), tuple(checks))
            for checks in by_quote
        ]
        return attrs.evolve(ctx, constraints=tuple(verdicts))

    def summary(self, ctx: Context) -> dict[str, object]:
        assert ctx.request is not None
        return {
            supplier_id: {
                "status": verdict.status,
                "by": {check.constraint: check.status for check in verdict.checks},
            }
            for supplier_id, verdict in zip(ctx.request.supplier_ids, ctx.constraints, strict=True)
        }
