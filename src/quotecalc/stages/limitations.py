"""Stage 10, limitations and status (CONTRACT §12, §14).

Limitations, in stage order: the five that always apply (``no_conversion`` becomes
``converted_at_given_rates`` where a convert stage converted a quote, issue 27);
``missing_field`` for each omitted
root core field, then per quote each omitted core field (table order) and each
``specification_mismatch`` / ``currency_mismatch``; ``total_spend_basis`` when any
``landedTotal`` was computed; the scoring stage's ranking limitations; and
``sensitivity_unavailable`` when a delta was given but there is no ranking.

Status: ``partial`` when a root or quote core field was omitted, a quote is not comparable, a
quote has a quality conflict, or a quote's constraint status is ``unknown``; else
``completed`` (with or without a ranking).
"""

from __future__ import annotations

from typing import Final

import attrs

from ..core.codes import ALWAYS_LIMITATIONS
from ..core.context import Context, Limitation
from ..core.fields import QUOTE_CORE_FIELDS, ROOT_CORE_FIELDS
from ..core.records import Record

MISMATCH_LIMITATIONS: Final = frozenset({"specification_mismatch", "currency_mismatch"})
_CORE: Final = frozenset(QUOTE_CORE_FIELDS)


def collect(ctx: Context) -> tuple[Limitation, ...]:
    """Every limitation that applies, in stage order."""
    assert ctx.request is not None and ctx.scoring is not None
    request = ctx.request
    found = [Limitation(code) for code in ALWAYS_LIMITATIONS]
    if ctx.conversion is not None and ctx.conversion.converted:
        # A quote was converted at a rate the request gave (issue 27): say that, not its opposite.
        found[ALWAYS_LIMITATIONS.index("no_conversion")] = Limitation("converted_at_given_rates")
    found.extend(
        Limitation("missing_field", field=name)
        for name in ROOT_CORE_FIELDS
        if name not in request.fields
    )
    for supplier_id, quote, gate in zip(
        request.supplier_ids, request.quotes, ctx.comparability, strict=True
    ):
        # Most quotes have every core field and no conflict: test before building anything.
        if not quote.keys() >= _CORE:
            found.extend(
                Limitation("missing_field", supplier_id, field=name)
                for name in QUOTE_CORE_FIELDS
                if name not in quote
            )
        if gate.conflicts:
            found.extend(
                Limitation(code, supplier_id)
                for code in gate.conflicts
                if code in MISMATCH_LIMITATIONS
            )
    if any(cost.landed_total is not None for cost in ctx.costs):
        found.append(Limitation("total_spend_basis"))
    found.extend(ctx.scoring.limitations)
    if "sensitivityDelta" in request.fields and ctx.scoring.ranking is None:
        found.append(Limitation("sensitivity_unavailable"))
    return tuple(found)


def decide_status(ctx: Context) -> str:
    """``partial`` or ``completed`` (see the module docstring)."""
    assert ctx.request is not None
    request = ctx.request
    incomplete = (
        any(name not in request.fields for name in ROOT_CORE_FIELDS)
        or not all(quote.keys() >= _CORE for quote in request.quotes)
        or not all(gate.comparable for gate in ctx.comparability)
        or any(quality.conflicts for quality in ctx.quality)
        or any(verdict.status == "unknown" for verdict in ctx.constraints)
    )
    return "partial" if incomplete else "completed"


@attrs.frozen(eq=False, repr=False)
class LimitationsStage(Record):
    """The limitation list and the status of a calculation that ran."""

    name: str = "limitations"

    def __call__(self, ctx: Context) -> Context:
        return attrs.evolve(ctx, limitations=collect(ctx), status=decide_status(ctx))

    def summary(self, ctx: Context) -> dict[str, object]:
        return {"status": ctx.status, "codes": [limitation.code for limitation in ctx.limitations]}
