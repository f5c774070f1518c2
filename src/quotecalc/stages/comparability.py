"""Stage 3, comparability gate (CONTRACT §6).

A quote is comparable iff the root ``specification`` and ``currency`` are present and the
quote's own values are present and equal to them by exact string equality (no trimming, case
folding or Unicode normalisation). Per quote, for each compared field: absent on the quote ->
``<field>_missing``; present but different from a present root value -> ``<field>_mismatch``.
An absent root value is reported once as a root ``missing_field`` limitation, not per quote.
No exchange-rate or unit conversion is ever attempted.
"""

from __future__ import annotations

from typing import Final

import attrs

from ..core.context import Comparability, Context, Fields
from ..core.records import Record

COMPARED_FIELDS: Final = ("specification", "currency")
# The usual answer, one shared (frozen) record rather than one per quote.
COMPARABLE: Final = Comparability(comparable=True, conflicts=())


def assess(root: Fields, quote: Fields) -> Comparability:
    """The comparability of one quote against the root request."""
    conflicts: list[str] = []
    root_complete = True
    for field in COMPARED_FIELDS:
        wanted = root.get(field)
        offered = quote.get(field)
        root_complete = root_complete and wanted is not None
        if offered is None:
            conflicts.append(f"{field}_missing")
        elif wanted is not None and offered != wanted:
            conflicts.append(f"{field}_mismatch")
    if root_complete and not conflicts:
        return COMPARABLE
    return Comparability(comparable=root_complete and not conflicts, conflicts=tuple(conflicts))


@attrs.frozen(eq=False, repr=False)
class ComparabilityGate(Record):
    """Marks each quote comparable or not, naming its conflicts."""

    name: str = "comparability"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None
        root = ctx.request.fields
        return attrs.evolve(
            ctx, comparability=tuple(assess(root, quote) for quote in ctx.request.quotes)
        )

    def summary(self, ctx: Context) -> dict[str, object]:
        assert ctx.request is not None
        return {
            "nonComparable": {
                supplier_id: list(result.conflicts) or ["root_field_missing"]
                for supplier_id, result in zip(
                    ctx.request.supplier_ids, ctx.comparability, strict=True
                )
                if not result.comparable
            }
        }
