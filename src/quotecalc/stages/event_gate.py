"""Event stage 3, the gate (issue 26, ``docs/event.md`` "The gate").

Never drop an unknown to make an answer. Reasons are listed in an order that does not depend
on the order of the request's arrays: the root, then the items by ``itemId``, then the
suppliers by ``supplierId``, each supplier's offers by ``itemId`` (code-point order).

- A ``core`` field omitted (root ``currency``; an item's ``specification`` or ``quantity``; a
  supplier's ``currency``, ``freight`` or ``otherFees``; an offer's ``specification``,
  ``packSize``, ``minimumPacks`` or ``packPrice``): ``event_missing_value``, no award.
- ``maxLeadDays`` given and a supplier's ``leadDays`` omitted: ``event_constraint_unknown``,
  no award (unknown is not passing); ``leadDays`` above it: ``event_supplier_excluded``, the
  supplier takes no part.
- A supplier whose ``currency`` differs from the event's, or an offer whose
  ``specification`` differs from its item's (exact string equality, no conversion):
  ``event_offer_not_comparable``, it takes no part.

What a supplier that takes no part leaves omitted does not matter: it is not used. The
listed reasons never stop the award; the blocking ones do (the stage then leaves no usable
offer). The gate never halts the pipeline: its reasons are the document's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from ..core.context import Context, Fields
from ..core.event_rules import (
    ITEM_NEEDS,
    OFFER_NEEDS,
    ROOT_NEEDS,
    SUPPLIER_NEEDS,
    EventGate,
    EventOutcome,
    EventReason,
    EventRequest,
    Usable,
)
from ..core.records import Record


def _by_id(entries: tuple[Fields, ...], key: str) -> list[int]:
    return sorted(range(len(entries)), key=lambda index: entries[index][key])


def _offer_reasons(sid: str, offer: Fields, items: dict[str, Fields]) -> Iterator[EventReason]:
    item = items[offer["itemId"]]
    iid = offer["itemId"]
    if "specification" not in offer:
        yield EventReason("event_missing_value", sid, iid, "specification")
    elif "specification" in item and offer["specification"] != item["specification"]:
        yield EventReason("event_offer_not_comparable", sid, iid, "specification")
        return
    for name in OFFER_NEEDS:
        if name not in offer:
            yield EventReason("event_missing_value", sid, iid, name)


def _supplier_reasons(
    supplier: Fields, root: Fields, items: dict[str, Fields]
) -> Iterator[EventReason]:
    sid = supplier["supplierId"]
    currency = root.get("currency")
    if "currency" not in supplier:
        yield EventReason("event_missing_value", sid, None, "currency")
    elif currency is not None and supplier["currency"] != currency:
        yield EventReason("event_offer_not_comparable", sid, None, "currency")
        return
    most = root.get("maxLeadDays")
    if most is not None:
        if "leadDays" not in supplier:
            yield EventReason("event_constraint_unknown", sid, None, "leadDays")
        elif supplier["leadDays"] > most:
            yield EventReason("event_supplier_excluded", sid, None, "leadDays")
            return
    for name in SUPPLIER_NEEDS:
        if name not in supplier:
            yield EventReason("event_missing_value", sid, None, name)
    offers: tuple[Fields, ...] = supplier["offers"]
    for index in _by_id(offers, "itemId"):
        yield from _offer_reasons(sid, offers[index], items)


def gate(event: EventRequest) -> EventGate:
    """Every reason in order (see the module docstring) and the offers that take part."""
    root = event.fields
    reasons = [
        EventReason("event_missing_value", field=name) for name in ROOT_NEEDS if name not in root
    ]
    items = {item["itemId"]: item for item in event.items}
    for index in _by_id(event.items, "itemId"):
        item = event.items[index]
        reasons.extend(
            EventReason("event_missing_value", None, item["itemId"], name)
            for name in ITEM_NEEDS
            if name not in item
        )
    usable: list[Usable] = []
    for s in _by_id(event.suppliers, "supplierId"):
        supplier = event.suppliers[s]
        found = list(_supplier_reasons(supplier, root, items))
        reasons.extend(found)
        if any(r.item_id is None for r in found):
            continue  # the supplier itself takes no part (or blocks)
        parts = {r.item_id for r in found}
        offers: tuple[Fields, ...] = supplier["offers"]
        usable.extend(Usable(s, o) for o in range(len(offers)) if offers[o]["itemId"] not in parts)
    if "balances" in root and "asOf" not in root:
        reasons.append(EventReason("event_balance_expiry_unknown", field="asOf"))
    found_gate = EventGate(tuple(reasons), ())
    if found_gate.blocked:
        return found_gate
    return EventGate(tuple(reasons), tuple(usable))


@attrs.frozen(eq=False, repr=False)
class EventGateStage(Record):
    """The gate of a validated event; never halts."""

    name: str = "gate"

    def __call__(self, ctx: Context) -> Context:
        assert ctx.event is not None
        return attrs.evolve(ctx, award=EventOutcome(gate(ctx.event)))

    def summary(self, ctx: Context) -> dict[str, Any]:
        found = None if ctx.award is None else ctx.award.gate
        if found is None:
            return {"reasons": None}
        return {
            "reasons": [reason.code for reason in found.reasons],
            "usableOffers": len(found.usable),
            "blocked": found.blocked,
        }
