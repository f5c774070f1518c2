"""Event stage 2, validate: the event object against its rule rows (issue 26).

The same validator as the fixed request's (:func:`quotecalc.stages.validate.read_fields`, the
same readers, error codes, order and cut to 100) over the rows of
``core/event_rules.py``, then the event's cross-field rules below, in order. Any error halts
the pipeline with status ``invalid_input``; no text from the input enters an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from ..core.context import Context, FieldError, Halt
from ..core.event_rules import EVENT_ROOT_FIELDS, EventRequest
from ..core.fields import FieldRule
from ..core.records import Record
from .convert import check_event_balances, check_rate_pairs
from .validate import CrossFieldRule, ErrorReport, Errors, read_fields


def _entries(values: Mapping[str, Any], name: str) -> tuple[Mapping[str, Any] | None, ...]:
    return tuple(values.get(name) or ())


def _unique(
    entries: tuple[Mapping[str, Any] | None, ...], key: str, code: str, path: str, errors: Errors
) -> None:
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        if entry is None or key not in entry:
            continue
        if entry[key] in seen:
            errors.append(FieldError(code, f"{path}/{index}/{key}"))
        seen.add(entry[key])


def check_unique_item_ids(
    document: dict[str, Any], values: Mapping[str, Any], errors: Errors
) -> None:
    """``duplicate_item_id`` at each later item repeating an earlier ``itemId`` (exact)."""
    _unique(_entries(values, "items"), "itemId", "duplicate_item_id", "/items", errors)


def check_unique_supplier_ids(
    document: dict[str, Any], values: Mapping[str, Any], errors: Errors
) -> None:
    """``duplicate_supplier_id`` at each later supplier repeating an earlier ``supplierId``."""
    suppliers = _entries(values, "suppliers")
    _unique(suppliers, "supplierId", "duplicate_supplier_id", "/suppliers", errors)


def check_offer_items(document: dict[str, Any], values: Mapping[str, Any], errors: Errors) -> None:
    """Each offer's ``itemId`` names an item of the event (``unknown_item``), and one
    supplier offers an item at most once (``duplicate_offer`` at each later offer)."""
    known = {item["itemId"] for item in _entries(values, "items") if item and "itemId" in item}
    for s, supplier in enumerate(_entries(values, "suppliers")):
        seen: set[str] = set()
        for o, offer in enumerate(_entries(supplier or {}, "offers")):
            if offer is None or "itemId" not in offer:
                continue
            item_id = offer["itemId"]
            path = f"/suppliers/{s}/offers/{o}/itemId"
            if item_id not in known:
                errors.append(FieldError("unknown_item", path))
            elif item_id in seen:
                errors.append(FieldError("duplicate_offer", path))
            seen.add(item_id)


def _increasing(
    entries: tuple[Mapping[str, Any] | None, ...], key: str, path: str, errors: Errors
) -> None:
    """``out_of_range`` at each ``key`` not above the one before it."""
    previous = None
    for position, entry in enumerate(entries):
        value = None if entry is None else entry.get(key)
        if value is not None and previous is not None and value <= previous:
            errors.append(FieldError("out_of_range", f"{path}/{position}/{key}"))
        previous = value if value is not None else previous


def check_increasing(document: dict[str, Any], values: Mapping[str, Any], errors: Errors) -> None:
    """Strictly increasing ``spendDiscounts`` ``minimumSpend`` per supplier and
    ``priceBreaks`` ``minimumQuantity`` per offer (``out_of_range`` at each that is not)."""
    for s, supplier in enumerate(_entries(values, "suppliers")):
        if supplier is None:
            continue
        tiers = _entries(supplier, "spendDiscounts")
        _increasing(tiers, "minimumSpend", f"/suppliers/{s}/spendDiscounts", errors)
        for o, offer in enumerate(_entries(supplier, "offers")):
            if offer is not None:
                path = f"/suppliers/{s}/offers/{o}/priceBreaks"
                _increasing(_entries(offer, "priceBreaks"), "minimumQuantity", path, errors)


EVENT_CROSS_FIELD_RULES: Final[tuple[CrossFieldRule, ...]] = (
    check_unique_item_ids,
    check_unique_supplier_ids,
    check_offer_items,
    check_increasing,
    check_rate_pairs,
    check_event_balances,
)


@attrs.frozen(eq=False, repr=False)
class EventValidate(Record):
    """The parsed object to an :class:`EventRequest`, or a halt with every error found."""

    root_fields: tuple[FieldRule, ...] = EVENT_ROOT_FIELDS
    cross_field_rules: tuple[CrossFieldRule, ...] = EVENT_CROSS_FIELD_RULES
    name: str = "validate"

    def __call__(self, ctx: Context) -> Context:
        document = ctx.document
        assert isinstance(document, dict)
        errors = ErrorReport()
        values = read_fields(self.root_fields, document, "", errors)
        for rule in self.cross_field_rules:
            rule(document, values, errors)
        if errors:
            return attrs.evolve(
                ctx,
                errors=errors.shown(),
                halt=Halt(self.name, f"{errors.distinct} validation error(s)"),
            )
        fields = {k: v for k, v in values.items() if k not in ("items", "suppliers")}
        event = EventRequest(
            MappingProxyType(fields), tuple(values["items"]), tuple(values["suppliers"])
        )
        return attrs.evolve(ctx, event=event)

    def summary(self, ctx: Context) -> dict[str, object]:
        if ctx.event is None:
            return {"errors": [[error.code, error.path] for error in ctx.errors]}
        return {
            "items": len(ctx.event.items),
            "suppliers": len(ctx.event.suppliers),
            "offers": sum(len(supplier["offers"]) for supplier in ctx.event.suppliers),
        }
