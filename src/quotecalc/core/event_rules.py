"""The event request's rule rows, reason codes and records (issue 26, ``docs/event.md``).

A sourcing event is its own request: items, suppliers and their offers, read by the same
validator (``stages/validate.py``) from these rows of the field-rule table (``fields.py``), so
that the same number grammar and error codes apply and the event request schema is generated
from them. The fixed pipeline never sees these rows.

- root: ``schemaVersion``, ``currency``, ``items`` (1-500), ``suppliers`` (1-100), optional
  ``maxSuppliers``, ``maxLeadDays``, ``exchangeRates``, ``asOf`` and ``balances`` (issue 27,
  ``docs/conversions.md``) and ``effort`` (issue 38: ``standard`` or ``proof``);
- item: ``itemId`` (unique), ``specification``, ``quantity``, optional ``maxSuppliers``;
- supplier: ``supplierId`` (unique), ``currency``, ``freight``, ``otherFees``, optional
  ``minimumOrderValue``, ``spendDiscounts`` (1-10, strictly increasing ``minimumSpend``,
  ``0 < percent < 100``), ``leadDays``, and ``offers`` (1-500);
- offer: ``itemId`` (an item of the event, once per supplier), ``specification``,
  ``packSize``, ``minimumPacks``, ``packPrice``, optional ``priceBreaks`` (as the plan's) and
  ``capacityPacks``.

``core`` presence means what it means in the fixed request: omitted is not zero, and the
award is ``partial`` with the reason (the gate, ``stages/event_gate.py``).
"""

# The Chinese words of the doors use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Final

import attrs

from .codes import CONVERSION_ERROR_MESSAGES, ERROR_MESSAGES
from .conversion_rules import EVENT_BALANCE_ROOT_FIELDS, RATE_ROOT_FIELDS
from .fields import (
    CORE,
    OPTIONAL,
    REQUIRED,
    FieldDoors,
    Fields,
    Words,
    array_field,
    currency_field,
    decimal_field,
    integer_field,
    schema_version_field,
    text_field,
)
from .limits import MAX_EVENT_BYTES
from .plan_rules import BREAK_FIELDS, EFFORT_FIELD, MAX_BREAKS
from .records import Record

MAX_ITEMS: Final = 500
MAX_SUPPLIERS: Final = 100
MAX_OFFERS: Final = 500
MAX_TIERS: Final = 10

ITEM_FIELDS: Final = (
    text_field("itemId", REQUIRED, 64),
    text_field("specification", CORE, 256),
    integer_field("quantity", CORE, positive=True),
    integer_field("maxSuppliers", OPTIONAL, positive=True),
)
TIER_FIELDS: Final = (
    decimal_field("minimumSpend", REQUIRED),
    decimal_field(
        "percent", REQUIRED, low=Decimal(0), high=Decimal(100), low_open=True, high_open=True
    ),
)
OFFER_FIELDS: Final = (
    text_field("itemId", REQUIRED, 64),
    text_field("specification", CORE, 256),
    integer_field("packSize", CORE, positive=True),
    integer_field("minimumPacks", CORE),
    decimal_field("packPrice", CORE),
    array_field("priceBreaks", OPTIONAL, BREAK_FIELDS, min_items=1, max_items=MAX_BREAKS),
    integer_field("capacityPacks", OPTIONAL, positive=True),
)
SUPPLIER_FIELDS: Final = (
    text_field("supplierId", REQUIRED, 64),
    currency_field("currency", CORE),
    decimal_field("freight", CORE),
    decimal_field("otherFees", CORE),
    decimal_field("minimumOrderValue", OPTIONAL),
    array_field("spendDiscounts", OPTIONAL, TIER_FIELDS, min_items=1, max_items=MAX_TIERS),
    integer_field("leadDays", OPTIONAL),
    array_field("offers", REQUIRED, OFFER_FIELDS, min_items=1, max_items=MAX_OFFERS),
)
EVENT_ROOT_FIELDS: Final = (
    schema_version_field(
        "schemaVersion", doors=FieldDoors(None, None, note="Request format version.")
    ),
    currency_field(
        "currency",
        CORE,
        doors=FieldDoors(
            Words("currency", "币种"),
            None,
            note="The currency of the award; a supplier in another currency takes no part.",
            option="currency",
            option_text="The request's currency (root field, passed as given).",
            label=Words("Currency (e.g. CNY)", "币种（如 CNY）"),
        ),
    ),
    array_field(
        "items",
        REQUIRED,
        ITEM_FIELDS,
        min_items=1,
        max_items=MAX_ITEMS,
        doors=FieldDoors(None, None, note="The line items to award, one object per item."),
    ),
    array_field(
        "suppliers",
        REQUIRED,
        SUPPLIER_FIELDS,
        min_items=1,
        max_items=MAX_SUPPLIERS,
        doors=FieldDoors(None, None, note="The suppliers that quote, one object per supplier."),
    ),
    integer_field(
        "maxSuppliers",
        OPTIONAL,
        positive=True,
        doors=FieldDoors(
            Words("maximum number of suppliers", "最多供应商数"),
            None,
            note="The most suppliers awarded anything, event-wide (no limit when omitted).",
            option="max_suppliers",
            option_text="The event's most suppliers awarded (root field). Events only.",
            label=Words("Most suppliers awarded (optional)", "最多授标供应商数（可选）"),
        ),
    ),
    integer_field(
        "maxLeadDays",
        OPTIONAL,
        doors=FieldDoors(
            Words("maximum lead days", "最长交期天数"),
            None,
            note=(
                "Hard constraint: a supplier with leadDays above it takes no part; one without"
                " leadDays makes the award partial."
            ),
            option="max_lead_days",
            option_text="The longest acceptable lead time (root field).",
        ),
    ),
    *RATE_ROOT_FIELDS,
    *EVENT_BALANCE_ROOT_FIELDS,
    EFFORT_FIELD,
)

# What the gate needs stated, in table order (omitted is not zero): ``core`` rows.
ROOT_NEEDS: Final = tuple(r.name for r in EVENT_ROOT_FIELDS if r.presence is CORE)
ITEM_NEEDS: Final = tuple(r.name for r in ITEM_FIELDS if r.presence is CORE)
SUPPLIER_NEEDS: Final = ("freight", "otherFees")
OFFER_NEEDS: Final = ("packSize", "minimumPacks", "packPrice")

EVENT_ERROR_MESSAGES: Final[dict[str, str]] = {
    **ERROR_MESSAGES,
    **CONVERSION_ERROR_MESSAGES,
    "input_too_large": f"The input is larger than {MAX_EVENT_BYTES} bytes.",
    "duplicate_supplier_id": "The supplierId is used by an earlier supplier.",
    "duplicate_item_id": "The itemId is used by an earlier item.",
    "unknown_item": "The offer's itemId is not the itemId of an item of the event.",
    "duplicate_offer": "The supplier has an earlier offer for the same itemId.",
}
"""Every error code of the event document with its one fixed text: the fixed call's codes
(the event's own size in ``input_too_large``, suppliers not quotes in
``duplicate_supplier_id``) and the event's cross-field codes."""

EVENT_MESSAGES: Final[dict[str, str]] = {
    "event_missing_value": "No award: a value the award needs is missing (omitted is not zero).",
    "event_constraint_unknown": (
        "No award: maxLeadDays is given and a supplier's leadDays is missing (unknown is not"
        " passing)."
    ),
    "event_offer_not_comparable": (
        "Not comparable, takes no part: the offer's specification differs from its item's,"
        " or its supplier's currency from the event's."
    ),
    "event_supplier_excluded": ("Takes no part: the supplier's leadDays is above maxLeadDays."),
    "event_balance_expiry_unknown": (
        "No award: balances were given without asOf, so whether they expired is unknown."
    ),
    "event_infeasible": (
        "No award covers every item (no usable offer, capacities, maxSuppliers or minimum"
        " order values); the item named cannot be covered."
    ),
    "event_out_of_range": (
        "No award: the totals of this event exceed the solver's exact integer range."
    ),
    "event_solver_unavailable": (
        "No award searched: the solver is not installed (pip install 'quotecalc[plan]')."
    ),
    "event_unsolved": ("No award found within the search budget, and none was proven impossible."),
    "event_not_proven": (
        "The search stopped at its budget: the best award found is given with its exact lower"
        " bound; the least total lies between them."
    ),
    "event_tie_order_unsettled": (
        "The least landed total is proven; which of the equally cheap awards comes first by the"
        " tie rules (fewest suppliers, then fewest units, then the suppliers' ids) was not"
        " settled within the budget."
    ),
    "baseline_infeasible": "No such award: this choice breaks a limit of the event.",
}
"""Every reason and limitation code of the event document, with its one fixed text."""

BLOCKING_CODES: Final = (
    "event_missing_value",
    "event_constraint_unknown",
    "event_balance_expiry_unknown",
)
"""Gate reasons after which there is no award (the others only list what takes no part)."""
LISTED_CODES: Final = ("event_offer_not_comparable", "event_supplier_excluded")
SEARCH_CODES: Final = (
    "event_infeasible",
    "event_out_of_range",
    "event_solver_unavailable",
    "event_unsolved",
)
"""The engine's refusals shown as reasons (``event_model_invalid`` is a defect of ours: an
``internal_error``)."""
NOT_PROVEN: Final = "event_not_proven"
TIES_UNSETTLED: Final = "event_tie_order_unsettled"
EVENT_LIMITATIONS: Final = ("fees_as_given", "not_an_order", "no_conversion")
"""The fixed result's limitations that hold for every award (CONTRACT §12), in its order."""


@attrs.frozen(eq=False, repr=False)
class EventRequest(Record):
    """An event that passed validation: root fields (without the arrays), the items and the
    suppliers (each with its ``offers``), as read; an omitted field is simply absent."""

    fields: Fields
    items: tuple[Fields, ...]
    suppliers: tuple[Fields, ...]


@attrs.frozen(eq=False, repr=False)
class EventReason(Record):
    """Why something takes no part, or why there is no award; keys that do not apply stay
    ``None`` and are not shown."""

    code: str
    supplier_id: str | None = None
    item_id: str | None = None
    field: str | None = None


@attrs.frozen(eq=False, repr=False)
class Usable(Record):
    """One offer that takes part: its supplier's and its own index in the request."""

    supplier: int
    offer: int


@attrs.frozen(eq=False, repr=False)
class EventGate(Record):
    """What the gate decided: every reason in order, and the offers that take part (empty
    when a blocking reason stops the award)."""

    reasons: tuple[EventReason, ...]
    usable: tuple[Usable, ...]

    @property
    def blocked(self) -> bool:
        return any(reason.code in BLOCKING_CODES for reason in self.reasons)


@attrs.frozen(eq=False, repr=False)
class AwardLine(Record):
    """One supplier's packs of one item, priced at the break its quantity reaches."""

    supplier_id: str
    item_id: str
    packs: int
    delivered_quantity: int
    pack_price: Decimal
    goods_subtotal: Decimal


@attrs.frozen(eq=False, repr=False)
class AwardSupplier(Record):
    """One awarded supplier's consignment: goods, its spend discount, freight and fees once."""

    supplier_id: str
    goods_subtotal: Decimal
    discount: Decimal
    freight: Decimal
    other_fees: Decimal
    landed_total: Decimal


@attrs.frozen(eq=False, repr=False)
class AwardItem(Record):
    """One item of the event as awarded: need, delivered, and the suppliers awarded it."""

    item_id: str
    quantity: int
    delivered_quantity: int
    suppliers: tuple[str, ...]


@attrs.frozen(eq=False, repr=False)
class AwardFigures(Record):
    """An award (the best, or a baseline) recomputed exactly from its pack counts.

    ``proven``: the least by the whole order of awards (the least total, and the tie levels
    settled); ``cost_proven`` (issue 38): the least landed total is proven, the exact
    ``lower_bound`` equal to the total, whether or not the tie order was settled (it defaults
    to ``proven``, which implies it); :attr:`ties_settled` is ``proven``."""

    lines: tuple[AwardLine, ...]
    suppliers: tuple[AwardSupplier, ...]
    items: tuple[AwardItem, ...]
    landed_total: Decimal
    delivered_quantity: int
    proven: bool
    lower_bound: Decimal
    cost_proven: bool = attrs.field(
        default=attrs.Factory(lambda self: self.proven, takes_self=True)
    )

    def __attrs_post_init__(self) -> None:
        if self.proven and not self.cost_proven:
            raise ValueError("a proven award has its least total proven")

    @property
    def ties_settled(self) -> bool:
        """Whether the tie order among equally cheap awards was settled (the last levels of
        the order: fewest suppliers, fewest units, the suppliers' ids, the last rule)."""
        return self.proven


@attrs.frozen(eq=False, repr=False)
class Baseline(Record):
    """A comparison the buyer asks for: its award, or ``None`` and the reason code."""

    name: str
    figures: AwardFigures | None
    reason: str | None


@attrs.frozen(eq=False, repr=False)
class EventBalanceUse(Record):
    """One prepaid balance of an event and what became of it (``BALANCE_STATUSES`` of the
    plan: used, not_needed, expired, quote_not_usable)."""

    supplier_id: str
    item_id: str
    units: int
    expires_at: date
    status: str
    units_used: int


@attrs.frozen(eq=False, repr=False)
class EventOutcome(Record):
    """What the award stage decided: the gate, then the award (or the search's reasons)
    and the baselines, and each prepaid balance's fate (issue 27)."""

    gate: EventGate
    award: AwardFigures | None = None
    reasons: tuple[EventReason, ...] = ()
    baselines: tuple[Baseline, ...] = ()
    budget_stopped: bool = False
    balances: tuple[EventBalanceUse, ...] = ()
