"""Stage 5, cost per comparable quote (CONTRACT §7), exact to every digit.

- ``goodsSubtotal = packsPurchased * packPrice``
- ``landedTotal = goodsSubtotal + freight + otherFees``
- ``costPerDeliveredUnit = landedTotal / deliveredQuantity`` (exact ratio, 6 places at display)
- ``unitQuotePrice = packPrice / packSize`` (exact ratio, 6 places at display)

Sums and products run in :data:`quotecalc.core.exact.EXACT`, which traps any rounding. A value is
``None`` when an input it depends on is missing (a missing ``freight`` keeps the subtotal).
"""

from __future__ import annotations

from decimal import Decimal

import attrs

from ..core.context import Context, Cost, Fields, PackCounts
from ..core.exact import EXACT, Ratio, format_exact
from ..core.records import Record

NO_COST = Cost()


def price_quote(quote: Fields, packs: PackCounts) -> Cost:
    """The §7 money values of one comparable quote."""
    pack_price: Decimal | None = quote.get("packPrice")
    pack_size: int | None = quote.get("packSize")
    freight: Decimal | None = quote.get("freight")
    other_fees: Decimal | None = quote.get("otherFees")
    unit_price = None
    if pack_price is not None and pack_size is not None:
        unit_price = Ratio.of(pack_price, pack_size)
    if pack_price is None or packs.packs_purchased is None:
        return Cost(unit_quote_price=unit_price)
    # An int operand is converted exactly by the context (no Decimal() call per quote).
    subtotal = EXACT.multiply(pack_price, packs.packs_purchased)
    if freight is None or other_fees is None:
        return Cost(goods_subtotal=subtotal, unit_quote_price=unit_price)
    landed = EXACT.add(EXACT.add(subtotal, freight), other_fees)
    assert packs.delivered_quantity is not None
    return Cost(subtotal, landed, Ratio.of(landed, packs.delivered_quantity), unit_price)


@attrs.frozen(eq=False, repr=False)
class CostStage(Record):
    """Goods subtotal, landed total and the two per-unit ratios for each comparable quote."""

    name: str = "cost"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None
        costs = tuple(
            price_quote(quote, packs) if gate.comparable else NO_COST
            for quote, packs, gate in zip(
                ctx.request.quotes, ctx.packs, ctx.comparability, strict=True
            )
        )
        return attrs.evolve(ctx, costs=costs)

    def summary(self, ctx: Context) -> dict[str, object]:
        assert ctx.request is not None
        return {
            supplier_id: None if cost.landed_total is None else format_exact(cost.landed_total)
            for supplier_id, cost in zip(ctx.request.supplier_ids, ctx.costs, strict=True)
        }
