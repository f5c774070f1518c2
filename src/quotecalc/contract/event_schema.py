"""The published schemas of the sourcing event (issue 26), generated from code.

- ``docs/schema/event-request.schema.json``: the event pipeline's own validator rows
  (``core.event_rules``), walked by the request schema's generator;
- ``docs/schema/event.schema.json``: the event-award document, from the codes and keys of
  ``core.event_rules`` and ``planning.event_document``.

For maintainers and hosts only: no calculation imports this module.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.codes import CONVERSION_LIMITATION_MESSAGES, LIMITATION_MESSAGES
from ..core.event_rules import (
    BLOCKING_CODES,
    EVENT_ERROR_MESSAGES,
    EVENT_LIMITATIONS,
    EVENT_MESSAGES,
    LISTED_CODES,
    NOT_PROVEN,
    SEARCH_CODES,
    TIES_UNSETTLED,
)
from ..core.fields import FieldRule
from ..core.limits import MAX_EVENT_BYTES
from ..core.plan_rules import MAX_BREAKS
from ..engine.render import SCHEMA_VERSION, TOOL, TOOL_VERSION
from ..planning.event_document import EVENT_PIPELINE, KIND, ROOT_KEYS
from .plan_schema import (
    COUNT_PATTERN,
    MONEY_PATTERN,
    PROOF_STATES,
    conversion_defs,
    effort_schema,
    proof_properties,
)
from .request_schema import NOT_EXPRESSED, object_schema
from .result_schema import _pointer_pattern, result_schema
from .tables import DIALECT, GENERATED, closed, nullable, ref, validator_rows

JsonObject = dict[str, Any]

EVENT_REQUEST_SCHEMA_PATH: Final = "docs/schema/event-request.schema.json"
EVENT_SCHEMA_PATH: Final = "docs/schema/event.schema.json"
TIE_RULES: Final = "fewest suppliers, then fewest units, then the suppliers' ids"
"""The tie rules after the least total, in words (the order of awards, docs/event.md)."""

EVENT_NOTES: Final[dict[str, str]] = {
    "items.itemId": "Item identifier; unique across items by exact string equality.",
    "items.specification": (
        "What is bought; an offer takes part only if its specification equals this."
    ),
    "items.quantity": "Units needed; an award delivers at least this many (overbuy is shown).",
    "items.maxSuppliers": (
        "The most suppliers this item may be split across (no limit when omitted)."
    ),
    "suppliers.supplierId": (
        "Supplier identifier; unique across suppliers by exact string equality."
    ),
    "suppliers.currency": "The currency of every price and fee of this supplier.",
    "suppliers.freight": (
        "Freight, charged once when the supplier is awarded anything (one consignment)."
    ),
    "suppliers.otherFees": "Other fees, charged once when the supplier is awarded anything.",
    "suppliers.minimumOrderValue": (
        "When the supplier is awarded anything, its goods subtotal before discount reaches this."
    ),
    "suppliers.spendDiscounts": (
        "Spend tiers on the supplier's goods subtotal: the reached tier with the largest"
        " minimumSpend takes its percent off the whole subtotal, exactly. minimumSpend strictly"
        " increasing."
    ),
    "suppliers.spendDiscounts.minimumSpend": "Goods subtotal at which the tier applies.",
    "suppliers.spendDiscounts.percent": "Percent off the whole goods subtotal (0 < percent < 100).",
    "suppliers.leadDays": "Days to delivery; needed when maxLeadDays is given.",
    "suppliers.offers": "The supplier's offers, at most one per item.",
    "suppliers.offers.itemId": "The itemId of an item of the event.",
    "suppliers.offers.specification": "The offered item; must equal the item's specification.",
    "suppliers.offers.packSize": "Units per pack.",
    "suppliers.offers.minimumPacks": "Least packs when this offer is used (at least 1 is bought).",
    "suppliers.offers.packPrice": "Price of one pack below the first price break.",
    "suppliers.offers.priceBreaks": (
        "Quantity price breaks, all-units, by the units of this item bought from this supplier:"
        " every pack costs the packPrice of the highest break reached. minimumQuantity strictly"
        " increasing."
    ),
    "suppliers.offers.priceBreaks.minimumQuantity": "Units at which the break applies.",
    "suppliers.offers.priceBreaks.packPrice": "Price of one pack at this break.",
    "suppliers.offers.capacityPacks": "The most packs of this offer (no limit when omitted).",
}

EVENT_NOT_EXPRESSED: Final = (
    f"the input is at most {MAX_EVENT_BYTES} bytes of UTF-8 without a byte-order mark",
    NOT_EXPRESSED[1],
    NOT_EXPRESSED[2],
    "itemId is unique across items (duplicate_item_id) and supplierId across suppliers"
    " (duplicate_supplier_id), by exact string equality",
    "each offer's itemId is an item's (unknown_item), at most once per supplier (duplicate_offer)",
    "spendDiscounts minimumSpend and priceBreaks minimumQuantity are strictly increasing"
    " (out_of_range)",
    NOT_EXPRESSED[-1],
)


def event_root_rows() -> tuple[FieldRule, ...]:
    """The root rows exactly as the event pipeline's validator reads them."""
    return validator_rows(EVENT_PIPELINE, "the event pipeline")


def event_request_schema() -> JsonObject:
    """The event request schema (draft 2020-12), generated from the event validator's rows."""
    not_expressed = "; ".join(f"({i}) {text}" for i, text in enumerate(EVENT_NOT_EXPRESSED, 1))
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} event request",
        "description": (
            f"One {TOOL} {TOOL_VERSION} sourcing-event request (docs/event.md): items, suppliers"
            f" and their offers (price breaks 1 to {MAX_BREAKS} per offer). Unknown keys and null"
            " are rejected everywhere; numeric fields take a JSON number or a plain decimal"
            " string; omit a field you do not know rather than guessing 0. The tool also"
            f" enforces what JSON Schema cannot express: {not_expressed}."
        ),
        **object_schema(event_root_rows(), "", EVENT_NOTES),
    }


def _figures() -> JsonObject:
    money, count, text = ref("money"), ref("count"), {"type": "string"}
    return {
        "lines": {
            "type": "array",
            "minItems": 1,
            "items": closed(
                {
                    "supplierId": text,
                    "itemId": text,
                    "packs": count,
                    "deliveredQuantity": count,
                    "packPrice": money,
                    "goodsSubtotal": money,
                }
            ),
        },
        "suppliers": {
            "type": "array",
            "minItems": 1,
            "items": closed(
                {
                    "supplierId": text,
                    "goodsSubtotal": money,
                    "discount": money,
                    "freight": money,
                    "otherFees": money,
                    "landedTotal": money,
                }
            ),
        },
        "items": {
            "type": "array",
            "minItems": 1,
            "items": closed(
                {
                    "itemId": text,
                    "quantity": count,
                    "deliveredQuantity": count,
                    "overbuyQuantity": count,
                    "suppliers": {"type": "array", "minItems": 1, "items": text},
                }
            ),
        },
        "landedTotal": money,
        "deliveredQuantity": count,
        "suppliersAwarded": count,
    }


def _defs() -> JsonObject:
    money = ref("money")
    reason_codes = [*BLOCKING_CODES, *LISTED_CODES, *SEARCH_CODES]
    saving = {"oneOf": [{"type": "null"}, money]}
    baseline_reason = {"enum": [None, "baseline_infeasible", *SEARCH_CODES[1:]]}
    return {
        "money": {
            "description": "An exact decimal string.",
            "type": "string",
            "pattern": MONEY_PATTERN,
        },
        "count": {"description": "An integer string.", "type": "string", "pattern": COUNT_PATTERN},
        "award": {
            **closed({**_figures(), "lowerBound": money, **proof_properties("award", TIE_RULES)}),
            "oneOf": PROOF_STATES,
        },
        "figures": closed(_figures()),
        "baselines": closed(
            {
                "singleSupplier": closed(
                    {
                        "award": nullable("figures"),
                        **{
                            key: {**shape, "type": ["boolean", "null"]}
                            for key, shape in proof_properties("award", TIE_RULES).items()
                        },
                        "saving": saving,
                        "reason": baseline_reason,
                    }
                ),
                "cheapestPerItem": closed(
                    {"award": nullable("figures"), "saving": saving, "reason": baseline_reason}
                ),
            }
        ),
        "reason": closed(
            {
                "code": {"enum": reason_codes},
                "message": {"enum": [EVENT_MESSAGES[code] for code in reason_codes]},
                "supplierId": {"type": "string"},
                "itemId": {"type": "string"},
                "field": {"type": "string"},
            },
            optional=("supplierId", "itemId", "field"),
        ),
        "limitation": closed(
            {
                "code": {
                    "enum": [
                        *EVENT_LIMITATIONS,
                        NOT_PROVEN,
                        TIES_UNSETTLED,
                        TIES_UNSETTLED,
                        *CONVERSION_LIMITATION_MESSAGES,
                    ]
                },
                "message": {
                    "enum": [
                        *(LIMITATION_MESSAGES[code] for code in EVENT_LIMITATIONS),
                        EVENT_MESSAGES[NOT_PROVEN],
                        EVENT_MESSAGES[TIES_UNSETTLED],
                        *CONVERSION_LIMITATION_MESSAGES.values(),
                    ]
                },
            }
        ),
        "error": closed(
            {
                "code": {"enum": list(EVENT_ERROR_MESSAGES)},
                "path": {
                    "description": "RFC 6901 pointer of contract field names and array indices.",
                    "type": "string",
                    "pattern": f"^{_pointer_pattern(event_root_rows())}$",
                },
                "message": {"enum": list(EVENT_ERROR_MESSAGES.values())},
            }
        ),
        "internalError": result_schema()["$defs"]["internalError"]["properties"]["limitations"][
            "items"
        ],
        **_event_conversion_defs(money),
    }


def _event_conversion_defs(money: JsonObject) -> JsonObject:
    """A converted supplier and a rate (issue 27): the plan's shapes, with the converted values
    under their path in the supplier (``offers/0/packPrice``)."""
    defs = conversion_defs(money, ref("count"))
    conversion = defs["conversion"]
    original = conversion["properties"]["original"]
    conversion["properties"]["original"] = {
        "description": original["description"],
        "type": "object",
        "additionalProperties": money,
    }
    date = {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
    plan_balance = defs["balances"]["properties"]["balances"]["items"]
    balance = closed(
        {
            "supplierId": {"type": "string"},
            "itemId": {"type": "string"},
            **{k: v for k, v in plan_balance["properties"].items() if k != "supplierId"},
        }
    )
    return {"rate": defs["rate"], "conversion": conversion, "date": date, "balance": balance}


def _case(description: str, **properties: JsonObject) -> JsonObject:
    return {"description": description, "properties": properties}


def event_schema() -> JsonObject:
    """The event-award document schema: its shapes by status."""
    # completed: the least landed total proven, the tie order settled or not (issue 38)
    proven = {"$ref": "#/$defs/award", "properties": {"costProven": {"const": True}}}
    unproven = {"$ref": "#/$defs/award", "properties": {"costProven": {"const": False}}}
    null = {"type": "null"}
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} event award",
        "description": (
            f"The award of one {TOOL} sourcing-event request (docs/event.md). Keys in this fixed"
            f" order: {', '.join(ROOT_KEYS)}. status is completed when an award is given and"
            " its least landed total proven (costProven; the tie order may be unsettled:"
            " event_tie_order_unsettled), partial otherwise (reasons say why); invalid_input and"
            " internal_error as the calculation's, with the errors as reasons."
        ),
        **closed(
            {
                "schemaVersion": {"const": SCHEMA_VERSION},
                "kind": {"const": KIND},
                "tool": {"const": TOOL},
                "toolVersion": {"const": TOOL_VERSION},
                "status": {"enum": ["completed", "partial", "invalid_input", "internal_error"]},
                "effort": effort_schema(),
                "award": nullable("award"),
                "baselines": nullable("baselines"),
                "reasons": {"type": "array"},
                "limitations": {"type": "array", "items": ref("limitation")},
                "conversions": {
                    "description": (
                        "Only with exchangeRates (issue 27): each converted supplier, in input"
                        " order, its converted values as given under their path in the supplier."
                    ),
                    "type": "array",
                    "items": ref("conversion"),
                },
                "unusedRates": {
                    "description": "Only with exchangeRates: the rates no supplier used.",
                    "type": "array",
                    "items": ref("rate"),
                },
                "balances": {
                    "description": (
                        "Only with balances (issue 27): asOf and each prepaid balance's fate;"
                        " award.items show the units left to buy."
                    ),
                    **closed(
                        {
                            "asOf": {"oneOf": [{"type": "null"}, ref("date")]},
                            "balances": {"type": "array", "items": ref("balance")},
                        }
                    ),
                },
            },
            optional=("effort", "conversions", "unusedRates", "balances"),
        ),
        "oneOf": [
            _case(
                "An award whose least landed total is proven (its tie order settled, or"
                " event_tie_order_unsettled); reasons list only what takes no part.",
                status={"const": "completed"},
                award=proven,
                baselines=ref("baselines"),
                reasons={"items": ref("reason")},
            ),
            _case(
                "An award whose least total was not proven within the budget: event_not_proven.",
                status={"const": "partial"},
                award=unproven,
                baselines=ref("baselines"),
                reasons={"items": ref("reason")},
            ),
            _case(
                "No award: the gate's or the search's reasons.",
                status={"const": "partial"},
                award=null,
                reasons={"minItems": 1, "items": ref("reason")},
            ),
            _case(
                "invalid_input: the errors.",
                status={"const": "invalid_input"},
                award=null,
                baselines=null,
                reasons={"minItems": 1, "maxItems": 100, "items": ref("error")},
                limitations={"maxItems": 0},
            ),
            _case(
                "internal_error: the one internal error entry.",
                status={"const": "internal_error"},
                award=null,
                baselines=null,
                reasons={"minItems": 1, "maxItems": 1, "items": ref("internalError")},
                limitations={"maxItems": 0},
            ),
        ],
        "$defs": _defs(),
    }
