"""Stage 4, pack counts per comparable quote (CONTRACT §7), in exact integers.

- ``packsRequired = ceil(quantity / packSize)``
- ``packsPurchased = max(packsRequired, minimumPacks)``
- ``deliveredQuantity = packsPurchased * packSize``
- ``overbuyQuantity = deliveredQuantity - quantity``

Each value is ``None`` when an input it depends on is missing (omitted is not zero, §5); a
non-comparable quote gets no pack counts at all.
"""

from __future__ import annotations

import attrs

from ..core.context import Context, PackCounts
from ..core.records import Record

NO_PACKS = PackCounts()


def count_packs(
    quantity: int | None, pack_size: int | None, minimum_packs: int | None
) -> PackCounts:
    """The §7 pack counts for one quote; see the module docstring."""
    if quantity is None or pack_size is None:
        return NO_PACKS
    required = -(-quantity // pack_size)
    if minimum_packs is None:
        return PackCounts(packs_required=required)
    purchased = max(required, minimum_packs)
    delivered = purchased * pack_size
    return PackCounts(required, purchased, delivered, delivered - quantity)


@attrs.frozen(eq=False, repr=False)
class PackCountStage(Record):
    """Pack counts for every comparable quote."""

    name: str = "packs"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None
        quantity = ctx.request.fields.get("quantity")
        packs = tuple(
            count_packs(quantity, quote.get("packSize"), quote.get("minimumPacks"))
            if gate.comparable
            else NO_PACKS
            for quote, gate in zip(ctx.request.quotes, ctx.comparability, strict=True)
        )
        return attrs.evolve(ctx, packs=packs)

    def summary(self, ctx: Context) -> dict[str, object]:
        assert ctx.request is not None
        return {
            supplier_id: [
                p.packs_required,
                p.packs_purchased,
                p.delivered_quantity,
                p.overbuy_quantity,
            ]
            for supplier_id, p in zip(ctx.request.supplier_ids, ctx.packs, strict=True)
        }
