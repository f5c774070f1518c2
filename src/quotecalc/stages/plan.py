"""Stage 11 (on request only), the purchase plan (issue 20, ``docs/plan.md``).

Appended after ``limitations`` in the plan's pipeline (``planning/document.py``,
``plan_pipeline``), never in the default pipeline.
It reads what the fixed stages decided and never halts; what blocks a plan becomes its reasons.

- **Gate**, as the ranking's (an unknown is never dropped to make an answer): no plan when a
  root field that comparability needs (``quantity``, ``currency``, ``specification``) is
  missing, a quote is not comparable, a comparable quote's constraint status is ``unknown``,
  every quote is excluded, or a usable quote (comparable and ``eligible``) lacks ``packSize``,
  ``minimumPacks``, ``packPrice``, ``freight`` or ``otherFees``.
- **The event**: the need and the usable quotes as a sourcing event of one item
  (:func:`plan_event`: each quote a supplier with one offer line, ``maxSuppliers`` the
  event's; issue 33, a plan is an event of one item).
- **Single source**, per usable quote: at the need (the fixed call's pack count, priced by the
  breaks) and at its cheapest count (:func:`quotecalc.solvers.award.alone_packs`).
- **Best**: :func:`quotecalc.solvers.award.best_award` of that event, which answers one item by
  its exact integer branch and bound (its proof budget is a count of search nodes).

Money is the cost stage's own formula (:func:`quotecalc.stages.cost.price_quote`) at the
break price of the count bought.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import attrs

from ..core.context import Context, Cost, FieldError, Fields, PackCounts
from ..core.conversion_rules import balance_fates
from ..core.exact import EXACT, Ratio, format_exact
from ..core.plan_rules import (
    PLAN_QUOTE_NEEDS,
    PLAN_ROOT_NEEDS,
    BalanceUse,
    BestPlan,
    PlanReason,
    Purchase,
    PurchasePlan,
    SingleSource,
)
from ..core.records import Record
from ..solvers.award import (
    DEFAULT_EFFORT,
    INFEASIBLE,
    Event,
    Line,
    Need,
    Refusal,
    Vendor,
    alone_packs,
    best_award,
    price_at,
)
from .cost import price_quote
from .validate import Errors


def check_breaks_increasing(
    document: dict[str, Any], values: Mapping[str, Any], errors: Errors
) -> None:
    """``out_of_range`` at each break's ``minimumQuantity`` not above the one before it
    (``priceBreaks`` is strictly increasing); a plan-request cross-field rule."""
    for index, quote in enumerate(values.get("quotes") or ()):
        breaks = None if quote is None else quote.get("priceBreaks")
        previous = None
        for position, entry in enumerate(breaks or ()):
            minimum = None if entry is None else entry.get("minimumQuantity")
            if minimum is not None and previous is not None and minimum <= previous:
                path = f"/quotes/{index}/priceBreaks/{position}/minimumQuantity"
                errors.append(FieldError("out_of_range", path))
            previous = minimum if minimum is not None else previous


def gate(ctx: Context) -> tuple[PlanReason, ...]:
    """Every reason there can be no plan, in order: root fields, then quote by quote."""
    assert ctx.request is not None
    request = ctx.request
    reasons = [
        PlanReason("plan_missing_value", field=name)
        for name in PLAN_ROOT_NEEDS
        if name not in request.fields
    ]
    any_eligible = False
    for sid, quote, comparable, verdict in zip(
        request.supplier_ids, request.quotes, ctx.comparability, ctx.constraints, strict=True
    ):
        if not comparable.comparable:
            if comparable.conflicts:
                reasons.append(PlanReason("plan_quote_not_comparable", sid))
        elif verdict.status == "unknown":
            reasons.append(PlanReason("plan_constraint_unknown", sid))
        elif verdict.status == "eligible":
            any_eligible = True
            reasons.extend(
                PlanReason("plan_missing_value", sid, name)
                for name in PLAN_QUOTE_NEEDS
                if name not in quote
            )
    if not reasons and not any_eligible:
        reasons.append(PlanReason("plan_all_excluded"))
    if "balances" in request.fields and "asOf" not in request.fields:
        reasons.append(PlanReason("plan_balance_expiry_unknown", field="asOf"))
    return tuple(reasons)


def use_balances(fields: Fields, usable: set[str]) -> tuple[tuple[BalanceUse, ...], int]:
    """Each balance's fate, in request order, and the units they cover (issue 27,
    :func:`~quotecalc.core.conversion_rules.balance_fates`: a quote ``usable`` takes part)."""
    balances = fields.get("balances", ())
    fates, covered = balance_fates(
        balances,
        fields.get("asOf"),
        {None: fields["quantity"]},
        lambda _: None,
        lambda entry: entry["supplierId"] in usable,
    )
    found = tuple(
        BalanceUse(entry["supplierId"], entry["units"], entry["expiresAt"], status, used)
        for entry, (status, used) in zip(balances, fates, strict=True)
    )
    return found, covered[None]


def plan_event(quotes: list[Fields], quantity: int, most: int | None) -> Event:
    """The need and the usable ``quotes`` as a one-item event: quote ``i`` is vendor ``i`` (its
    freight and other fees) with line ``i`` (pack size, minimum packs, pack price, breaks,
    capacity); the plan's ``maxSuppliers`` is the event's."""
    vendors = tuple(Vendor(q["supplierId"], q["freight"], q["otherFees"]) for q in quotes)
    lines = tuple(
        Line(
            index,
            0,
            quote["packSize"],
            quote["minimumPacks"],
            quote["packPrice"],
            tuple((b["minimumQuantity"], b["packPrice"]) for b in quote.get("priceBreaks", ())),
            quote.get("capacityPacks"),
        )
        for index, quote in enumerate(quotes)
    )
    return Event((Need("", quantity),), vendors, lines, most)


def packs_at_need(line: Line, quantity: int) -> int:
    """The fewest packs covering the need alone, as the fixed call counts them (CONTRACT §7):
    ``max(ceil(quantity / packSize), minimumPacks)``."""
    return max(-(-quantity // line.pack_size), line.minimum_packs)


def purchase(quote: Fields, vendor: Vendor, line: Line, packs: int) -> Purchase:
    """One order of ``packs`` packs, priced by the cost stage at the break price reached."""
    price = price_at(line, packs)
    delivered = packs * line.pack_size
    cost = price_quote({**quote, "packPrice": price}, PackCounts(None, packs, delivered, None))
    assert cost.goods_subtotal is not None and cost.landed_total is not None
    return Purchase(
        vendor.supplier_id,
        packs,
        delivered,
        price,
        cost.goods_subtotal,
        vendor.freight,
        vendor.other_fees,
        cost.landed_total,
    )


def single_source(
    quote: Fields,
    vendor: Vendor,
    line: Line,
    quantity: int,
    *,
    cheapest: int | None,
    priced: tuple[PackCounts, Cost],
) -> SingleSource:
    """The quote alone: at the need, and at its cheapest count (``alone_packs``).

    At the need with no break reached, the order is the one the cost stage priced (``priced``,
    the same formula) when it priced the same count (balances shrink the need: then it did
    not); a cheapest count equal to the need's is that order."""
    packs = packs_at_need(line, quantity)
    counted, cost = priced
    if (
        counted.packs_purchased == packs
        and price_at(line, packs) is line.pack_price
        and cost.landed_total is not None
    ):
        assert cost.goods_subtotal is not None
        at_need = Purchase(
            vendor.supplier_id,
            packs,
            packs * line.pack_size,
            line.pack_price,
            cost.goods_subtotal,
            vendor.freight,
            vendor.other_fees,
            cost.landed_total,
        )
    else:
        at_need = purchase(quote, vendor, line, packs)
    if cheapest is None:
        return SingleSource(vendor.supplier_id, at_need, None)
    same = cheapest == packs
    return SingleSource(
        vendor.supplier_id, at_need, at_need if same else purchase(quote, vendor, line, cheapest)
    )


def _single_order(entry: SingleSource) -> tuple[int, Any, str]:
    if entry.cheapest is None:
        return (1, 0, entry.supplier_id)
    return (0, entry.cheapest.landed_total, entry.supplier_id)


@attrs.frozen(eq=False, repr=False)
class PlanStage(Record):
    """The purchase plan of a validated request; ``budget`` is the proof budget (search nodes;
    ``None``: :data:`quotecalc.solvers.award.DEFAULT_NODES` scaled by the request's
    ``effort``, issue 38)."""

    budget: int | None = None
    name: str = "plan"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.request is not None
        reasons = gate(ctx)
        if reasons:
            return attrs.evolve(ctx, plan=PurchasePlan(reasons))
        request = ctx.request
        eligible = [
            (quote, (counted, cost))
            for quote, counted, cost, verdict in zip(
                request.quotes, ctx.packs, ctx.costs, ctx.constraints, strict=True
            )
            if verdict.status == "eligible"
        ]
        quotes = [quote for quote, _ in eligible]
        balances, covered = use_balances(request.fields, {q["supplierId"] for q in quotes})
        quantity: int = request.fields["quantity"] - covered
        need = quantity if balances else None
        if quantity == 0:
            # The balances cover the whole need: nothing to buy, proven at a total of 0.
            nothing = BestPlan((), Decimal(0), 0, True, Decimal(0), 0)
            empty = PurchasePlan((), (), nothing, balances, need, Ratio(0, 1))
            return attrs.evolve(ctx, plan=empty)
        event = plan_event(quotes, quantity, request.fields.get("maxSuppliers"))
        singles = sorted(
            (
                single_source(
                    q, v, line, quantity, cheapest=alone_packs(event, index), priced=priced
                )
                for index, ((q, priced), v, line) in enumerate(
                    zip(eligible, event.vendors, event.lines, strict=True)
                )
            ),
            key=_single_order,
        )
        effort = request.fields.get("effort", DEFAULT_EFFORT)
        found = best_award(event, nodes=self.budget, effort=effort)
        if isinstance(found, Refusal):
            # The one item cannot be covered: the plan's own code for it (no other refusal of
            # the branch and bound exists).
            assert found.code == INFEASIBLE, found
            reason = PlanReason("plan_infeasible")
            return attrs.evolve(
                ctx, plan=PurchasePlan((reason,), tuple(singles), None, balances, need)
            )
        lines = tuple(
            sorted(
                (
                    purchase(q, v, line, n)
                    for q, v, line, n in zip(
                        quotes, event.vendors, event.lines, found.packs, strict=True
                    )
                    if n
                ),
                key=lambda line: line.supplier_id,
            )
        )
        total = lines[0].landed_total
        for line in lines[1:]:
            total = EXACT.add(total, line.landed_total)
        best = BestPlan(
            lines,
            total,
            sum(line.delivered_quantity for line in lines),
            found.proven,
            total if found.cost_proven else found.lower_bound,
            found.nodes,
            cost_proven=found.cost_proven,
        )
        allocated: Ratio | None = None
        if balances:
            goods = lines[0].goods_subtotal
            for line in lines[1:]:
                goods = EXACT.add(goods, line.goods_subtotal)
            allocated = Ratio.of(EXACT.multiply(goods, quantity), best.delivered_quantity)
        found_plan = PurchasePlan((), tuple(singles), best, balances, need, allocated)
        return attrs.evolve(ctx, plan=found_plan)

    def summary(self, ctx: Context) -> dict[str, object]:
        plan = ctx.plan
        if plan is None:
            return {"reasons": None, "best": None}
        best = plan.best
        return {
            "reasons": [reason.code for reason in plan.reasons],
            "best": None if best is None else {line.supplier_id: line.packs for line in best.lines},
            "landedTotal": None if best is None else format_exact(best.landed_total),
            "proven": None if best is None else best.proven,
            "nodes": None if best is None else best.nodes,
        }
