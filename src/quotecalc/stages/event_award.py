"""Event stage 4, the award (issue 26, ``docs/event.md``).

Reads the gate's usable offers and builds the engine's model
(:class:`quotecalc.solvers.award.Event`) in an order that does not depend on the request's:
needs by ``itemId``, vendors by ``supplierId``, lines by ``(itemId, supplierId)``. Then:

- an item without a usable offer: ``event_infeasible`` naming it, no search;
- else :func:`quotecalc.solvers.award.best_award`: the award, or its refusal
  (``event_infeasible`` naming the items it cannot cover, ``event_out_of_range``,
  ``event_solver_unavailable``);
- the baselines: :func:`~quotecalc.solvers.award.best_single_vendor` and
  :func:`~quotecalc.solvers.award.cheapest_per_item`.

Every figure is :func:`quotecalc.solvers.award.costing` of the chosen pack counts, exactly;
nothing is read from a solver's objective. After a blocking gate reason nothing is searched.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any, Final

import attrs

from ..core.context import Context, Fields
from ..core.conversion_rules import balance_fates
from ..core.event_rules import (
    SEARCH_CODES,
    AwardFigures,
    AwardItem,
    AwardLine,
    AwardSupplier,
    Baseline,
    EventBalanceUse,
    EventGate,
    EventReason,
    EventRequest,
)
from ..core.exact import format_exact
from ..core.records import Record
from ..solvers.award import (
    DEFAULT_EFFORT,
    Event,
    Line,
    Need,
    Refusal,
    Vendor,
    best_award,
    best_single_vendor,
    cheapest_per_item,
    costing,
)

SINGLE: Final = "singleSupplier"
PER_ITEM: Final = "cheapestPerItem"


def use_balances(
    event: EventRequest, found: EventGate
) -> tuple[tuple[EventBalanceUse, ...], dict[str, int]]:
    """Each prepaid balance's fate, in request order, and the units of each item they cover
    (issue 27, ``docs/conversions.md``): a balance covers units of its item's need at no cash
    when it has not expired at ``asOf`` (one expiring on ``asOf`` is usable that day) and its
    supplier's offer for that item takes part; balances apply in request order until the
    item's need is covered."""
    suppliers = event.suppliers
    taking = {
        (suppliers[u.supplier]["supplierId"], suppliers[u.supplier]["offers"][u.offer]["itemId"])
        for u in found.usable
    }
    balances = event.fields.get("balances", ())
    fates, covered = balance_fates(
        balances,
        event.fields.get("asOf"),
        {item["itemId"]: item["quantity"] for item in event.items},
        lambda entry: entry["itemId"],
        lambda entry: (entry["supplierId"], entry["itemId"]) in taking,
    )
    uses = tuple(
        EventBalanceUse(
            entry["supplierId"], entry["itemId"], entry["units"], entry["expiresAt"], status, used
        )
        for entry, (status, used) in zip(balances, fates, strict=True)
    )
    return uses, {str(key): units for key, units in covered.items()}


def build_event(
    event: EventRequest, found: EventGate, covered: dict[str, int] | None = None
) -> Event:
    """The engine's model of the usable offers, in id order (see the module docstring); each
    item's need less the units balances ``covered``, an item they cover whole left out."""
    covered = covered or {}
    suppliers = event.suppliers
    items = tuple(item for item in event.items if covered.get(item["itemId"], 0) < item["quantity"])
    kept = {item["itemId"] for item in items}
    usable = tuple(
        u for u in found.usable if suppliers[u.supplier]["offers"][u.offer]["itemId"] in kept
    )
    taking = sorted({u.supplier for u in usable}, key=lambda s: suppliers[s]["supplierId"])
    vendor_of = {s: index for index, s in enumerate(taking)}
    ordered_items = sorted(items, key=lambda item: item["itemId"])
    need_of = {item["itemId"]: index for index, item in enumerate(ordered_items)}
    offers = sorted(
        usable,
        key=lambda u: (
            suppliers[u.supplier]["offers"][u.offer]["itemId"],
            suppliers[u.supplier]["supplierId"],
        ),
    )
    root_most: int | None = event.fields.get("maxSuppliers")
    return Event(
        needs=tuple(
            Need(
                item["itemId"],
                item["quantity"] - covered.get(item["itemId"], 0),
                item.get("maxSuppliers"),
            )
            for item in ordered_items
        ),
        vendors=tuple(_vendor(suppliers[s]) for s in taking),
        lines=tuple(
            _line(suppliers[u.supplier]["offers"][u.offer], vendor_of[u.supplier], need_of)
            for u in offers
        ),
        max_suppliers=root_most,
    )


def _vendor(supplier: Fields) -> Vendor:
    tiers = tuple((t["minimumSpend"], t["percent"]) for t in supplier.get("spendDiscounts", ()))
    return Vendor(
        supplier["supplierId"],
        supplier["freight"],
        supplier["otherFees"],
        supplier.get("minimumOrderValue"),
        tiers,
    )


def _line(offer: Fields, vendor: int, need_of: dict[str, int]) -> Line:
    breaks = tuple((b["minimumQuantity"], b["packPrice"]) for b in offer.get("priceBreaks", ()))
    return Line(
        vendor,
        need_of[offer["itemId"]],
        offer["packSize"],
        offer["minimumPacks"],
        offer["packPrice"],
        breaks,
        offer.get("capacityPacks"),
    )


def figures(
    model: Event,
    packs: Sequence[int],
    proven: bool,
    bound: Decimal | None,
    cost_proven: bool | None = None,
) -> AwardFigures:
    """The award of ``packs`` recomputed exactly (:func:`costing`); ``bound`` ``None`` means
    the award's own total (a baseline, or an award whose least total is proven);
    ``cost_proven`` ``None`` means ``proven`` (issue 38)."""
    cost = costing(model, packs)
    vendors, needs = model.vendors, model.needs
    lines = tuple(
        AwardLine(
            vendors[model.lines[entry.line].vendor].supplier_id,
            needs[model.lines[entry.line].need].item_id,
            entry.packs,
            entry.delivered,
            entry.pack_price,
            entry.goods,
        )
        for entry in cost.lines
    )
    items = tuple(
        AwardItem(
            need.item_id,
            need.quantity,
            sum(line.delivered_quantity for line in lines if line.item_id == need.item_id),
            tuple(sorted(line.supplier_id for line in lines if line.item_id == need.item_id)),
        )
        for need in needs
    )
    suppliers = tuple(
        AwardSupplier(
            vendors[entry.vendor].supplier_id,
            entry.goods,
            entry.discount,
            entry.freight,
            entry.other_fees,
            entry.landed,
        )
        for entry in cost.vendors
    )
    total = cost.landed_total
    return AwardFigures(
        lines,
        suppliers,
        items,
        total,
        cost.delivered,
        proven,
        total if bound is None else bound,
        proven if cost_proven is None else cost_proven,
    )


def _wholly_covered(event: EventRequest, covered: dict[str, int]) -> tuple[AwardItem, ...]:
    """The items balances cover whole: nothing left to buy, nothing delivered."""
    return tuple(
        AwardItem(item["itemId"], 0, 0, ())
        for item in sorted(event.items, key=lambda item: item["itemId"])
        if covered.get(item["itemId"], 0) == item["quantity"]
    )


def refusal_reasons(model: Event, refusal: Refusal) -> tuple[EventReason, ...]:
    """A refusal as reasons: ``event_infeasible`` once per item it names (by ``itemId``).
    A refusal code that is not a reason (the engine's own defect) raises: the document is
    then ``internal_error``, never a made-up reason."""
    if refusal.code not in SEARCH_CODES:
        raise RuntimeError("the award engine refused the model it was given")
    if refusal.code == "event_infeasible" and refusal.needs:
        ids = sorted(model.needs[n].item_id for n in refusal.needs)
        return tuple(EventReason(refusal.code, item_id=item_id) for item_id in ids)
    return (EventReason(refusal.code),)


def baselines(
    model: Event, budget: float | None, effort: str = DEFAULT_EFFORT
) -> tuple[Baseline, ...]:
    """One supplier for everything (searched with the award's effort), and each item from its
    cheapest supplier."""
    single = best_single_vendor(model, budget, effort=effort)
    if isinstance(single, Refusal):
        refusal_reasons(model, single)  # a defect raises here too
        code = "baseline_infeasible" if single.code == "event_infeasible" else single.code
        first = Baseline(SINGLE, None, code)
    else:
        bound = None if single.cost_proven else single.lower_bound
        shown = figures(model, single.packs, single.proven, bound, single.cost_proven)
        first = Baseline(SINGLE, shown, None)
    packs = cheapest_per_item(model)
    if packs is None:
        second = Baseline(PER_ITEM, None, "baseline_infeasible")
    else:
        second = Baseline(PER_ITEM, figures(model, packs, True, None), None)
    return (first, second)


@attrs.frozen(eq=False, repr=False)
class EventAwardStage(Record):
    """The award of a gated event; ``budget`` is the proof budget (deterministic; ``None``:
    :func:`quotecalc.solvers.award.event_budget` of the request's ``effort``). Never halts."""

    budget: float | None = None
    name: str = "award"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.event is not None and ctx.award is not None
        outcome = ctx.award
        if outcome.gate.blocked:
            return ctx
        event = ctx.event
        uses, covered = use_balances(event, outcome.gate)
        outcome = attrs.evolve(outcome, balances=uses)
        ctx = attrs.evolve(ctx, award=outcome)
        model = build_event(event, outcome.gate, covered)
        whole = _wholly_covered(event, covered)
        if not model.needs:
            # Balances cover every item: nothing to buy, proven at a total of 0.
            nothing = AwardFigures((), (), whole, Decimal(0), 0, True, Decimal(0))
            return attrs.evolve(ctx, award=attrs.evolve(outcome, award=nothing))
        offered = {line.need for line in model.lines}
        bare = tuple(
            EventReason("event_infeasible", item_id=need.item_id)
            for index, need in enumerate(model.needs)
            if index not in offered
        )
        if bare:
            return attrs.evolve(ctx, award=attrs.evolve(outcome, reasons=bare))
        # The request's effort (issue 38): the award and its baselines search alike.
        effort = event.fields.get("effort", DEFAULT_EFFORT)
        found = best_award(model, self.budget, effort=effort)
        shown = baselines(model, self.budget, effort)
        if isinstance(found, Refusal):
            reasons = refusal_reasons(model, found)
            return attrs.evolve(ctx, award=attrs.evolve(outcome, reasons=reasons, baselines=shown))
        bound = None if found.cost_proven else found.lower_bound
        award = figures(model, found.packs, found.proven, bound, found.cost_proven)
        if whole:
            items = tuple(sorted((*award.items, *whole), key=lambda item: item.item_id))
            award = attrs.evolve(award, items=items)
        return attrs.evolve(
            ctx,
            award=attrs.evolve(
                outcome, award=award, baselines=shown, budget_stopped=found.budget_stopped
            ),
        )

    def summary(self, ctx: Context) -> dict[str, Any]:
        outcome = ctx.award
        award = None if outcome is None else outcome.award
        return {
            "reasons": None if outcome is None else [r.code for r in outcome.reasons],
            "landedTotal": None if award is None else format_exact(award.landed_total),
            "proven": None if award is None else award.proven,
            "lines": None
            if award is None
            else [[line.item_id, line.supplier_id, line.packs] for line in award.lines],
        }
