"""The published schemas of the purchase planner (issue 20), generated from code.

- ``docs/schema/plan-request.schema.json``: the plan pipeline's own validator rows (the fixed
  rows plus ``core.plan_rules``), walked by the request schema's generator;
- ``docs/schema/plan.schema.json``: the purchase-plan document, from the codes and keys of
  ``core.plan_rules`` and ``planning.document`` and the result schema's ``error`` definitions.

For maintainers and hosts only: no calculation imports this module.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.codes import (
    CONVERSION_ERROR_MESSAGES,
    CONVERSION_LIMITATION_MESSAGES,
    ERROR_MESSAGES,
    LIMITATION_MESSAGES,
)
from ..core.fields import FieldRule
from ..core.plan_rules import (
    BALANCE_STATUSES,
    CAPACITY_SHORT,
    EFFORT_FIELD,
    GATE_CODES,
    MAX_BREAKS,
    PLAN_LIMITATIONS,
    PLAN_MESSAGES,
    SEARCH_CODES,
)
from ..engine.render import SCHEMA_VERSION, TOOL, TOOL_VERSION
from ..planning.document import KIND, NOT_PROVEN, PLAN_PIPELINE, TIES_UNSETTLED
from .request_schema import FIELD_NOTES, NOT_EXPRESSED, object_schema
from .result_schema import _pointer_pattern, result_schema
from .tables import DIALECT, GENERATED, closed, nullable, ref, validator_rows

JsonObject = dict[str, Any]

PLAN_REQUEST_SCHEMA_PATH: Final = "docs/schema/plan-request.schema.json"
PLAN_SCHEMA_PATH: Final = "docs/schema/plan.schema.json"
ROOT_KEYS: Final = (
    "schemaVersion",
    "kind",
    "tool",
    "toolVersion",
    "status",
    "plan",
    "reasons",
    "limitations",
)
# Up to 16 places: a price of 6 decimals converted at a rate of 10 (issue 27) keeps them all.
MONEY_PATTERN: Final = "^(?:0|[1-9][0-9]*)(?:\\.[0-9]{1,16})?$"
RATIO_PATTERN: Final = "^(?:0|[1-9][0-9]*)\\.[0-9]{6}$"
COUNT_PATTERN: Final = "^(?:0|[1-9][0-9]*)$"

PLAN_NOTES: Final[dict[str, str]] = {
    **FIELD_NOTES,
    "quotes.priceBreaks": (
        "Quantity price breaks, all-units: when packs * packSize reaches a break's"
        " minimumQuantity, every pack costs the packPrice of the highest break reached; below the"
        " first break the quote's packPrice applies. minimumQuantity strictly increasing."
    ),
    "quotes.priceBreaks.minimumQuantity": "Units bought from the quote at which the break applies.",
    "quotes.priceBreaks.packPrice": "Price of one pack at this break, in the quote's currency.",
    "quotes.capacityPacks": "The most packs this supplier delivers (no limit when omitted).",
}
"""The fixed request's notes, plus the plan fields'."""

PLAN_NOT_EXPRESSED: Final = (
    *NOT_EXPRESSED[:-1],
    "each quote's priceBreaks minimumQuantity values are strictly increasing (out_of_range)",
    NOT_EXPRESSED[-1],
)


def plan_root_rows() -> tuple[FieldRule, ...]:
    """The root rows exactly as the plan pipeline's validator reads them."""
    return validator_rows(PLAN_PIPELINE, "the plan pipeline")


def plan_request_schema() -> JsonObject:
    """The plan request schema (draft 2020-12), generated from the plan validator's rows."""
    not_expressed = "; ".join(f"({i}) {text}" for i, text in enumerate(PLAN_NOT_EXPRESSED, 1))
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} plan request",
        "description": (
            f"One {TOOL} {TOOL_VERSION} purchase-plan request (docs/plan.md): every field of the"
            " calculation request with the same rules, plus per quote priceBreaks (1 to"
            f" {MAX_BREAKS}) and capacityPacks, and maxSuppliers at the root. Unknown keys and null"
            " are rejected everywhere; omit a field you do not know rather than guessing 0. The"
            f" tool also enforces what JSON Schema cannot express: {not_expressed}."
        ),
        **object_schema(plan_root_rows(), "", PLAN_NOTES),
    }


def _described(description: str, schema: JsonObject) -> JsonObject:
    return {"description": description, **schema}


def proof_properties(what: str, rules: str) -> JsonObject:
    """What is proven of a best plan or an award, apart (issue 38): ``proven`` keeps its
    meaning (both), ``costProven`` and ``tiesSettled`` say each."""
    return {
        "proven": _described(
            f"The least {what} by the whole order: costProven and tiesSettled.",
            {"type": "boolean"},
        ),
        "costProven": _described(
            "The least landed total is proven: lowerBound equals landedTotal.",
            {"type": "boolean"},
        ),
        "tiesSettled": _described(
            f"The tie order among equally cheap {what}s ({rules}) is settled too; false only"
            " beside a costProven within the budget, or an unproven total.",
            {"type": "boolean"},
        ),
    }


PROOF_STATES: Final = [
    {
        "properties": {
            "proven": {"const": True},
            "costProven": {"const": True},
            "tiesSettled": {"const": True},
        }
    },
    {"properties": {"proven": {"const": False}, "tiesSettled": {"const": False}}},
]
"""``proven`` is ``costProven`` and ``tiesSettled`` both; ``tiesSettled`` is ``proven``."""


def _defs() -> JsonObject:
    money, count = ref("money"), ref("count")
    per_unit = _described(
        "landedTotal / deliveredQuantity, rounded once (half-up) to 6 places, as the result's.",
        ref("ratio"),
    )
    per_unit_or_none = _described(
        "landedTotal / deliveredQuantity, rounded once (half-up) to 6 places; null when nothing"
        " is bought (balances cover the need, issue 27).",
        {"oneOf": [{"type": "null"}, ref("ratio")]},
    )
    lead = _described(
        "The quote's leadDays (null when the quote omits it).",
        {"oneOf": [{"type": "null"}, count]},
    )
    breaks = _described(
        "Each of the quote's priceBreaks against the units of this line, in its order.",
        {"type": "array", "items": ref("break")},
    )
    result_defs = result_schema()["$defs"]
    limitation_codes = [
        *PLAN_LIMITATIONS,
        NOT_PROVEN,
        TIES_UNSETTLED,
        *CONVERSION_LIMITATION_MESSAGES,
    ]
    return {
        "money": {
            "description": "An exact decimal string.",
            "type": "string",
            "pattern": MONEY_PATTERN,
        },
        "count": {"description": "An integer string.", "type": "string", "pattern": COUNT_PATTERN},
        "ratio": {
            "description": "An exact ratio shown with 6 places (rounded once, half-up).",
            "type": "string",
            "pattern": RATIO_PATTERN,
        },
        "break": closed(
            {
                "minimumQuantity": count,
                "packPrice": money,
                "reached": _described("deliveredQuantity >= minimumQuantity.", {"type": "boolean"}),
                "shortBy": _described(
                    "minimumQuantity - deliveredQuantity when not reached, else null.",
                    {"oneOf": [{"type": "null"}, count]},
                ),
                "applies": _described(
                    "The highest break reached: its packPrice is every pack's.",
                    {"type": "boolean"},
                ),
            }
        ),
        "order": closed(
            {
                "packs": count,
                "deliveredQuantity": count,
                "overbuyQuantity": count,
                "packPrice": money,
                "goodsSubtotal": money,
                "landedTotal": money,
                "costPerDeliveredUnit": per_unit,
                "deliverable": _described(
                    "packs is within the quote's capacityPacks (always true without one); an"
                    " order that is not deliverable is no price anyone can buy at.",
                    {"type": "boolean"},
                ),
                "breakApplied": _described(
                    "The minimumQuantity of the price break that sets packPrice (the highest"
                    " reached), null below the first break or without breaks.",
                    {"oneOf": [{"type": "null"}, count]},
                ),
                "nextBreak": _described(
                    "The lowest price break not reached, with the units it is short by; null"
                    " when every break is reached or there is none.",
                    {"oneOf": [{"type": "null"}, ref("nextBreak")]},
                ),
            }
        ),
        "nextBreak": closed(
            {
                "minimumQuantity": count,
                "packPrice": money,
                "shortBy": _described("minimumQuantity - deliveredQuantity.", count),
            }
        ),
        "singleSource": closed(
            {
                "supplierId": {"type": "string"},
                "atNeed": ref("order"),
                "cheapest": nullable("order"),
                "saving": {"oneOf": [{"type": "null"}, money]},
                "reason": {"enum": [None, CAPACITY_SHORT]},
                "leadDays": lead,
                "capacityPacks": {"oneOf": [{"type": "null"}, count]},
                "capacityQuantity": _described(
                    "capacityPacks * packSize: the most units this supplier delivers (null: no"
                    " limit).",
                    {"oneOf": [{"type": "null"}, count]},
                ),
            }
        ),
        "line": closed(
            {
                "supplierId": {"type": "string"},
                "packs": count,
                "deliveredQuantity": count,
                "packPrice": money,
                "goodsSubtotal": money,
                "freight": money,
                "otherFees": money,
                "landedTotal": money,
                "costPerDeliveredUnit": per_unit,
                "leadDays": lead,
                "breaks": breaks,
            }
        ),
        "best": {
            **closed(
                {
                    "lines": _described(
                        "Empty only when balances cover the whole need (issue 27).",
                        {"type": "array", "items": ref("line")},
                    ),
                    "landedTotal": money,
                    "deliveredQuantity": count,
                    "overbuyQuantity": count,
                    "suppliers": count,
                    "savingVsSingleSource": {"oneOf": [{"type": "null"}, money]},
                    "lowerBound": _described(
                        "Written with the same number of decimal places as landedTotal.", money
                    ),
                    **proof_properties("plan", "fewest suppliers, then fewest units"),
                    "costPerDeliveredUnit": per_unit_or_none,
                    "leadDays": _described(
                        "The slowest line's leadDays: a split arrives when its slowest line does"
                        " (null when a line's is unknown).",
                        {"oneOf": [{"type": "null"}, count]},
                    ),
                }
            ),
            "oneOf": PROOF_STATES,
        },
        "plan": closed(
            {
                "quantity": count,
                "maxSuppliers": {"oneOf": [{"type": "null"}, count]},
                "singleSource": _described(
                    "Empty only when balances cover the whole need (issue 27).",
                    {"type": "array", "items": ref("singleSource")},
                ),
                "best": nullable("best"),
                "currency": {"type": "string"},
                "specification": {"type": "string"},
                "bestSingleSource": _described(
                    "The supplierId of the first singleSource entry that covers the need alone"
                    " (the cheapest), null when none does.",
                    {"oneOf": [{"type": "null"}, {"type": "string"}]},
                ),
                "balances": ref("balances"),
            },
            optional=("balances",),
        ),
        **conversion_defs(money, count),
        "reason": closed(
            {
                "code": {"enum": [*GATE_CODES, *SEARCH_CODES]},
                "message": {"enum": [PLAN_MESSAGES[code] for code in (*GATE_CODES, *SEARCH_CODES)]},
                "supplierId": {"type": "string"},
                "field": {"type": "string"},
            },
            optional=("supplierId", "field"),
        ),
        "limitation": closed(
            {
                "code": {"enum": limitation_codes},
                "message": {
                    "enum": [
                        *(LIMITATION_MESSAGES[code] for code in PLAN_LIMITATIONS),
                        PLAN_MESSAGES[NOT_PROVEN],
                        PLAN_MESSAGES[TIES_UNSETTLED],
                        *CONVERSION_LIMITATION_MESSAGES.values(),
                    ]
                },
            }
        ),
        # The calculation's error entry, its paths those of the plan request's rows (a plan
        # request's error may point at /maxSuppliers or /quotes/0/priceBreaks/1/packPrice).
        "error": {
            **result_defs["error"],
            "properties": {
                **result_defs["error"]["properties"],
                "code": {"enum": [*ERROR_MESSAGES, *CONVERSION_ERROR_MESSAGES]},
                "path": {
                    **result_defs["error"]["properties"]["path"],
                    "pattern": f"^{_pointer_pattern(plan_root_rows())}$",
                },
            },
        },
        "internalError": result_defs["internalError"]["properties"]["limitations"]["items"],
    }


def conversion_defs(money: JsonObject, count: JsonObject) -> JsonObject:
    """The shapes of the conversion keys and of a plan's balances (issue 27)."""
    date = {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
    currency = {"type": "string", "pattern": "^[A-Z]{3}$"}
    return {
        "rate": closed(
            {
                "from": currency,
                "to": currency,
                "rate": money,
                "asOf": date,
                "source": {"type": "string"},
            }
        ),
        "conversion": closed(
            {
                "supplierId": {"type": "string"},
                "currency": currency,
                "original": _described(
                    "The converted fields as given, in the quote's own currency.",
                    {
                        "type": "object",
                        "propertyNames": {"enum": ["packPrice", "freight", "otherFees"]},
                        "additionalProperties": money,
                    },
                ),
                "convertedAt": ref("rate"),
                "originalBreakPrices": {"type": "array", "items": money},
            },
            optional=("originalBreakPrices",),
        ),
        "balances": closed(
            {
                "asOf": date,
                "unitsFromBalances": count,
                "unitsToBuy": count,
                "allocatedGoodsCost": _described(
                    "Goods subtotal x unitsToBuy / units delivered, 6 places; null without a"
                    " best plan.",
                    {"oneOf": [{"type": "null"}, ref("ratio")]},
                ),
                "leftoverUnits": {"oneOf": [{"type": "null"}, count]},
                "balances": {
                    "type": "array",
                    "items": closed(
                        {
                            "supplierId": {"type": "string"},
                            "units": count,
                            "expiresAt": date,
                            "status": {"enum": list(BALANCE_STATUSES)},
                            "unitsUsed": count,
                        }
                    ),
                },
            }
        ),
    }


def effort_schema() -> JsonObject:
    """The document's ``effort`` (issue 38): the request's own, its names the row's."""
    return {
        "description": (
            "Only when the request states its effort (issue 38): the search effort the answer"
            " was computed with. Omitted: standard, the default; proof spends more"
            " deterministic search and may prove what standard leaves unproven."
        ),
        "enum": list(EFFORT_FIELD.choices),
    }


def _proven(proven: bool) -> JsonObject:
    """A best plan whose least landed total is proven (``completed``), or not (issue 38)."""
    return {"type": "object", "properties": {"costProven": {"const": proven}}}


def _case(description: str, **properties: JsonObject) -> JsonObject:
    return {"description": description, "properties": properties}


def plan_schema() -> JsonObject:
    """The purchase-plan document schema: its shapes by status."""
    plan_shown = {"type": "object", "required": ["best"]}
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} purchase plan",
        "description": (
            f"The purchase plan of one {TOOL} plan request (docs/plan.md). Keys in this fixed"
            f" order: {', '.join(ROOT_KEYS)}. status is completed when a best plan is given and"
            " its least landed total proven (costProven; the tie order may be unsettled:"
            " plan_tie_order_unsettled), partial otherwise (reasons say why); invalid_input and"
            " internal_error as the calculation's, with its errors as reasons."
        ),
        **closed(
            {
                "schemaVersion": {"const": SCHEMA_VERSION},
                "kind": {"const": KIND},
                "tool": {"const": TOOL},
                "toolVersion": {"const": TOOL_VERSION},
                "status": {"enum": ["completed", "partial", "invalid_input", "internal_error"]},
                "effort": effort_schema(),
                "plan": nullable("plan"),
                "reasons": {"type": "array"},
                "limitations": {"type": "array", "items": ref("limitation")},
                "conversions": _described(
                    "Only with exchangeRates (issue 27): each converted quote, in input order.",
                    {"type": "array", "items": ref("conversion")},
                ),
                "unusedRates": _described(
                    "Only with exchangeRates: the rates no quote used, in request order.",
                    {"type": "array", "items": ref("rate")},
                ),
            },
            optional=("effort", "conversions", "unusedRates"),
        ),
        "oneOf": [
            _case(
                "A best plan whose least landed total is proven (its tie order settled, or"
                " plan_tie_order_unsettled): no reasons.",
                status={"const": "completed"},
                plan={**plan_shown, "properties": {"best": _proven(True)}},
                reasons={"maxItems": 0},
            ),
            _case(
                "A best plan whose least total was not proven within the budget: plan_not_proven.",
                status={"const": "partial"},
                plan={**plan_shown, "properties": {"best": _proven(False)}},
                reasons={"maxItems": 0},
            ),
            _case(
                "No best plan: the single sources and the one reason (no split, or none covers).",
                status={"const": "partial"},
                plan={**plan_shown, "properties": {"best": {"type": "null"}}},
                reasons={"minItems": 1, "maxItems": 1, "items": ref("reason")},
            ),
            _case(
                "No plan: the gate's reasons.",
                status={"const": "partial"},
                plan={"type": "null"},
                reasons={"minItems": 1, "items": ref("reason")},
            ),
            _case(
                "invalid_input: the calculation's errors.",
                status={"const": "invalid_input"},
                plan={"type": "null"},
                reasons={"minItems": 1, "maxItems": 100, "items": ref("error")},
                limitations={"maxItems": 0},
            ),
            _case(
                "internal_error: the one internal error entry.",
                status={"const": "internal_error"},
                plan={"type": "null"},
                reasons={"minItems": 1, "maxItems": 1, "items": ref("internalError")},
                limitations={"maxItems": 0},
            ),
        ],
        "$defs": _defs(),
    }
