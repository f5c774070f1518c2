"""The purchase plan's rule rows, reason codes and records (issue 20, ``docs/plan.md``).

The plan request is the fixed request plus its own fields, as rows of the same field-rule
table (``fields.py``) so that the same validator reads them and the plan request schema is
generated from them: per quote ``priceBreaks`` (1-20 ``{minimumQuantity, packPrice}``,
all-units) and ``capacityPacks``, at the root ``maxSuppliers`` and ``effort`` (issue 38, the
event's too). :func:`plan_root_fields` builds the plan
pipeline's root rows from the fixed ones; the fixed pipeline never sees these rows, so a fixed
call with ``priceBreaks`` is still ``unknown_key``.
"""

# The Chinese words of the doors use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Final

import attrs

from .exact import Ratio
from .fields import (
    OPTIONAL,
    REQUIRED,
    FieldDoors,
    FieldRule,
    Words,
    array_field,
    choice_field,
    decimal_field,
    integer_field,
)
from .records import Record

MAX_BREAKS: Final = 20

BREAK_FIELDS: Final = (
    integer_field("minimumQuantity", REQUIRED, positive=True),
    decimal_field("packPrice", REQUIRED),
)
PLAN_QUOTE_FIELDS: Final = (
    array_field("priceBreaks", OPTIONAL, BREAK_FIELDS, min_items=1, max_items=MAX_BREAKS),
    integer_field("capacityPacks", OPTIONAL, positive=True),
)
# The award engine's efforts (issue 38; ``solvers.award.EFFORTS``, which the core cannot
# import: a test pins that they are the same): deterministic work, so the same request and
# effort give the same bytes on every machine.
EFFORTS: Final = ("standard", "proof")
DEFAULT_EFFORT: Final = "standard"
EFFORT_FIELD: Final = choice_field(
    "effort",
    OPTIONAL,
    EFFORTS,
    doors=FieldDoors(
        Words("search effort", "搜索力度"),
        Words(
            "`standard` (the default) or `proof`: how much deterministic search the award may"
            " spend; `proof` searches longer to prove the least total",
            "`standard`（默认）或 `proof`：授标可用的确定性搜索量；`proof` 搜索更久，"
            "以证明最低总价",
        ),
        note=(
            "How much deterministic search the award may spend: standard (the default when"
            " omitted) or proof (more work, to prove the least total more often). The same"
            " request and effort give the same bytes on every machine; the document names the"
            " effort it was computed with."
        ),
        option="effort",
        option_text="The award's search effort: standard (default) or proof (root field).",
        label=Words("Search effort (optional)", "搜索力度（可选）"),
        flag=True,
    ),
)
"""The request's ``effort`` (issue 38): a root row of the plan and event requests."""

PLAN_ROOT_FIELDS: Final = (
    integer_field(
        "maxSuppliers",
        OPTIONAL,
        positive=True,
        doors=FieldDoors(
            Words("maximum number of suppliers", "最多供应商数"),
            None,
            note="The most suppliers a split may use (no limit when omitted).",
        ),
    ),
    EFFORT_FIELD,
)

# What a usable quote must state to be planned (issue 20, "Gate"), in table order.
PLAN_QUOTE_NEEDS: Final = ("packSize", "minimumPacks", "packPrice", "freight", "otherFees")
# The root fields without which no quote is comparable, so no plan (CONTRACT §6).
PLAN_ROOT_NEEDS: Final = ("quantity", "currency", "specification")


def plan_root_fields(root_fields: tuple[FieldRule, ...]) -> tuple[FieldRule, ...]:
    """The plan pipeline's root rows: ``root_fields`` with the plan quote rows appended to the
    ``quotes`` row's, then the plan root rows."""
    rows = tuple(
        attrs.evolve(rule, fields=rule.fields + PLAN_QUOTE_FIELDS)
        if rule.name == "quotes"
        else rule
        for rule in root_fields
    )
    return rows + PLAN_ROOT_FIELDS


PLAN_MESSAGES: Final[dict[str, str]] = {
    "plan_missing_value": "No plan: a value the plan needs is missing (omitted is not zero).",
    "plan_quote_not_comparable": (
        "No plan: a quote is not comparable (specification or currency differs or is missing)."
    ),
    "plan_constraint_unknown": "No plan: a hard constraint could not be evaluated for a quote.",
    "plan_all_excluded": "No plan: every quote is excluded by the hard constraints.",
    "plan_balance_expiry_unknown": (
        "No plan: balances were given without asOf, so whether they expired is unknown."
    ),
    "plan_infeasible": (
        "No plan covers the quantity: the capacities (within maxSuppliers) fall short."
    ),
    "plan_not_proven": (
        "The search stopped at its node budget before proving the least landed total: it lies"
        " between lowerBound and the plan's total."
    ),
    "plan_tie_order_unsettled": (
        "The least landed total is proven; which of the equally cheap plans comes first by the"
        " tie rules (fewest suppliers, then fewest units) was not settled within the node"
        " budget."
    ),
}
"""Every reason and limitation code of the plan document, with its one fixed text."""

GATE_CODES: Final = (
    "plan_missing_value",
    "plan_quote_not_comparable",
    "plan_constraint_unknown",
    "plan_all_excluded",
    "plan_balance_expiry_unknown",
)
# What became of each prepaid balance (issue 27): it covered part of the need, it was not
# needed (earlier balances covered it), it had expired at asOf, or its supplier's quote is not
# usable (not comparable or not eligible).
BALANCE_STATUSES: Final = ("used", "not_needed", "expired", "quote_not_usable")
SEARCH_CODES: Final = ("plan_infeasible",)
PLAN_LIMITATIONS: Final = ("fees_as_given", "not_an_order", "no_conversion")
"""The fixed result's limitations that hold for every plan (CONTRACT §12), in its order."""
CAPACITY_SHORT: Final = "capacity_below_need"


@attrs.frozen(eq=False, repr=False)
class PlanReason(Record):
    """Why there is no plan or no best plan; keys that do not apply stay ``None``."""

    code: str
    supplier_id: str | None = None
    field: str | None = None


@attrs.frozen(eq=False, repr=False)
class Purchase(Record):
    """One supplier's order in a plan: packs and their exact money."""

    supplier_id: str
    packs: int
    delivered_quantity: int
    pack_price: Decimal
    goods_subtotal: Decimal
    freight: Decimal
    other_fees: Decimal
    landed_total: Decimal


@attrs.frozen(eq=False, repr=False)
class SingleSource(Record):
    """One usable quote alone: at the need, and at its cheapest count (``None``: capacity)."""

    supplier_id: str
    at_need: Purchase
    cheapest: Purchase | None


@attrs.frozen(eq=False, repr=False)
class BestPlan(Record):
    """The best plan found: its orders (by supplierId), proof, exact lower bound, and the nodes
    the search visited (0: no search was needed). ``cost_proven`` (issue 38): the least landed
    total is proven (``lower_bound`` equals it) whether or not the tie order was settled; it
    defaults to ``proven``, which implies it."""

    lines: tuple[Purchase, ...]
    landed_total: Decimal
    delivered_quantity: int
    proven: bool
    lower_bound: Decimal
    nodes: int
    cost_proven: bool = attrs.field(
        default=attrs.Factory(lambda self: self.proven, takes_self=True)
    )

    def __attrs_post_init__(self) -> None:
        if self.proven and not self.cost_proven:
            raise ValueError("a proven plan has its least total proven")

    @property
    def ties_settled(self) -> bool:
        """Whether the tie order among equally cheap plans was settled: ``proven``."""
        return self.proven


@attrs.frozen(eq=False, repr=False)
class BalanceUse(Record):
    """One prepaid balance and what became of it (:data:`BALANCE_STATUSES`)."""

    supplier_id: str
    units: int
    expires_at: date
    status: str
    units_used: int


@attrs.frozen(eq=False, repr=False)
class PurchasePlan(Record):
    """What the plan stage decided: gate reasons (then nothing else), else the single-source
    entries and the best plan or the reason there is none."""

    reasons: tuple[PlanReason, ...]
    single_source: tuple[SingleSource, ...] = ()
    best: BestPlan | None = None
    balances: tuple[BalanceUse, ...] = ()
    """Each prepaid balance, in request order (issue 27); empty when none was given."""
    need: int | None = None
    """The units left to buy after the balances (``None``: no balances, the whole quantity)."""
    allocated_goods: Ratio | None = None
    """With balances and a best plan: the goods cost this need takes of the purchase, its goods
    subtotal x the units bought for the need / the units delivered (issue 27)."""
