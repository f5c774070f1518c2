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
    LIMITATION_MESSAGES,
)
from ..core.fields import FieldRule
from ..core.plan_rules import (
    BALANCE_STATUSES,
    CAPACITY_SHORT,
    GATE_CODES,
    MAX_BREAKS,
    PLAN_LIMITATIONS,
    PLAN_MESSAGES,
    SEARCH_CODES,
)
from ..engine.render import SCHEMA_VERSION, TOOL, TOOL_VERSION
from ..planning.document import KIND, NOT_PROVEN, PLAN_PIPELINE
from ..stages.validate import Validate
from .convert_schema import conversion_defs
from .request_schema import FIELD_NOTES, NOT_EXPRESSED, object_schema
from .result_schema import _pointer_pattern, result_schema
from .tables import DIALECT, GENERATED

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
MONEY_PATTERN: Final = "^(?:0|[1-9][0-9]*)(?:\\.[0-9]{1,6})?$"
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
    "maxSuppliers": "The most suppliers a split may use (no limit when omitted).",
}
"""The fixed request's notes, plus the plan fields'."""

PLAN_NOT_EXPRESSED: Final = (
    *NOT_EXPRESSED[:-1],
    "each quote's priceBreaks minimumQuantity values are strictly increasing (out_of_range)",
    NOT_EXPRESSED[-1],
)


def plan_root_rows() -> tuple[FieldRule, ...]:
    """The root rows exactly as the plan pipeline's validator reads them."""
    for stage in PLAN_PIPELINE.stages:
        if isinstance(stage, Validate):
            return stage.root_fields
    raise LookupError("the plan pipeline has no Validate stage")


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


def _ref(name: str) -> JsonObject:
    return {"$ref": f"#/$defs/{name}"}


def _closed(properties: JsonObject, *, optional: tuple[str, ...] = ()) -> JsonObject:
    return {
        "type": "object",
        "properties": properties,
        "required": [key for key in properties if key not in optional],
        "additionalProperties": False,
    }


def _nullable(name: str) -> JsonObject:
    return {"oneOf": [{"type": "null"}, _ref(name)]}


def _defs() -> JsonObject:
    money, count = _ref("money"), _ref("count")
    result_defs = result_schema()["$defs"]
    error_codes = result_defs["error"]["properties"]["code"]["enum"]
    limitation_codes = [*PLAN_LIMITATIONS, NOT_PROVEN, *CONVERSION_LIMITATION_MESSAGES]
    return {
        "money": {
            "description": "An exact decimal string.",
            "type": "string",
            "pattern": MONEY_PATTERN,
        },
        "count": {"description": "An integer string.", "type": "string", "pattern": COUNT_PATTERN},
        "order": _closed(
            {
                "packs": count,
                "deliveredQuantity": count,
                "overbuyQuantity": count,
                "packPrice": money,
                "goodsSubtotal": money,
                "landedTotal": money,
            }
        ),
        "singleSource": _closed(
            {
                "supplierId": {"type": "string"},
                "atNeed": _ref("order"),
                "cheapest": _nullable("order"),
                "saving": {"oneOf": [{"type": "null"}, money]},
                "reason": {"enum": [None, CAPACITY_SHORT]},
            }
        ),
        "line": _closed(
            {
                "supplierId": {"type": "string"},
                "packs": count,
                "deliveredQuantity": count,
                "packPrice": money,
                "goodsSubtotal": money,
                "freight": money,
                "otherFees": money,
                "landedTotal": money,
            }
        ),
        "best": _closed(
            {
                "lines": {"type": "array", "minItems": 1, "items": _ref("line")},
                "landedTotal": money,
                "deliveredQuantity": count,
                "overbuyQuantity": count,
                "suppliers": count,
                "savingVsSingleSource": {"oneOf": [{"type": "null"}, money]},
                "lowerBound": money,
                "proven": {"type": "boolean"},
            }
        ),
        "plan": _closed(
            {
                "quantity": count,
                "maxSuppliers": {"oneOf": [{"type": "null"}, count]},
                "singleSource": {"type": "array", "minItems": 1, "items": _ref("singleSource")},
                "best": _nullable("best"),
                "balances": _ref("balances"),
            },
            optional=("balances",),
        ),
        # Issue 27: prepaid balances and the quotes a plan request converted.
        "balances": _closed(
            {
                "asOf": {"type": "string", "format": "date"},
                "unitsFromBalances": count,
                "unitsToBuy": count,
                "allocatedGoodsCost": {"oneOf": [{"type": "null"}, money]},
                "leftoverUnits": {"oneOf": [{"type": "null"}, count]},
                "balances": {
                    "type": "array",
                    "items": _closed(
                        {
                            "supplierId": {"type": "string"},
                            "units": count,
                            "expiresAt": {"type": "string", "format": "date"},
                            "status": {"enum": list(BALANCE_STATUSES)},
                            "unitsUsed": count,
                        }
                    ),
                },
            }
        ),
        **conversion_defs(),
        "reason": _closed(
            {
                "code": {"enum": [*GATE_CODES, *SEARCH_CODES]},
                "message": {"enum": [PLAN_MESSAGES[code] for code in (*GATE_CODES, *SEARCH_CODES)]},
                "supplierId": {"type": "string"},
                "field": {"type": "string"},
            },
            optional=("supplierId", "field"),
        ),
        "limitation": _closed(
            {
                "code": {"enum": limitation_codes},
                "message": {
                    "enum": [
                        *(LIMITATION_MESSAGES[code] for code in PLAN_LIMITATIONS),
                        PLAN_MESSAGES[NOT_PROVEN],
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
                "code": {"enum": [*error_codes, *CONVERSION_ERROR_MESSAGES]},
                "path": {
                    **result_defs["error"]["properties"]["path"],
                    "pattern": f"^{_pointer_pattern(plan_root_rows())}$",
                },
            },
        },
        "internalError": result_defs["internalError"]["properties"]["limitations"]["items"],
    }


def _proven(proven: bool) -> JsonObject:
    return {"type": "object", "properties": {"proven": {"const": proven}}}


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
            " proven, partial otherwise (reasons say why); invalid_input and internal_error as"
            " the calculation's, with its errors as reasons."
        ),
        **_closed(
            {
                "schemaVersion": {"const": SCHEMA_VERSION},
                "kind": {"const": KIND},
                "tool": {"const": TOOL},
                "toolVersion": {"const": TOOL_VERSION},
                "status": {"enum": ["completed", "partial", "invalid_input", "internal_error"]},
                "plan": _nullable("plan"),
                "reasons": {"type": "array"},
                "limitations": {"type": "array", "items": _ref("limitation")},
                "conversions": {"type": "array", "items": _ref("conversion")},
                "unusedRates": {"type": "array", "items": _ref("rate")},
            },
            optional=("conversions", "unusedRates"),
        ),
        "oneOf": [
            _case(
                "A proven best plan: no reasons.",
                status={"const": "completed"},
                plan={**plan_shown, "properties": {"best": _proven(True)}},
                reasons={"maxItems": 0},
            ),
            _case(
                "A best plan found but not proven within the budget: plan_not_proven.",
                status={"const": "partial"},
                plan={**plan_shown, "properties": {"best": _proven(False)}},
                reasons={"maxItems": 0},
            ),
            _case(
                "No best plan: the single sources and the one reason (no split, or none covers).",
                status={"const": "partial"},
                plan={**plan_shown, "properties": {"best": {"type": "null"}}},
                reasons={"minItems": 1, "maxItems": 1, "items": _ref("reason")},
            ),
            _case(
                "No plan: the gate's reasons.",
                status={"const": "partial"},
                plan={"type": "null"},
                reasons={"minItems": 1, "items": _ref("reason")},
            ),
            _case(
                "invalid_input: the calculation's errors.",
                status={"const": "invalid_input"},
                plan={"type": "null"},
                reasons={"minItems": 1, "maxItems": 100, "items": _ref("error")},
                limitations={"maxItems": 0},
            ),
            _case(
                "internal_error: the one internal error entry.",
                status={"const": "internal_error"},
                plan={"type": "null"},
                reasons={"minItems": 1, "maxItems": 1, "items": _ref("internalError")},
                limitations={"maxItems": 0},
            ),
        ],
        "$defs": _defs(),
    }
