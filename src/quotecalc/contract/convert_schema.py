"""The published schemas of the converted comparison (issue 27), generated from code.

- ``docs/schema/convert-request.schema.json``: the ``--convert`` pipeline's own validator rows
  (the fixed rows plus ``core.conversion_rules.RATE_ROOT_FIELDS``), walked by the request
  schema's generator;
- ``docs/schema/converted.schema.json``: the converted-comparison document
  (``planning.conversion``). Its ``result`` is the fixed result schema with three changes the
  conversion makes true: the error codes also list ``core.codes.CONVERSION_ERROR_MESSAGES``
  (and the error paths are those of the convert request's rows), the limitation codes also list
  ``CONVERSION_LIMITATION_MESSAGES``, and a converted quote's ``packPrice``, ``freight`` and
  ``otherFees`` are the exact products (more than 6 decimals, beyond the input's range), so
  they are exact decimals rather than the input grammar.

For maintainers and hosts only: no calculation imports this module.
"""

from __future__ import annotations

import copy
from typing import Any, Final

from ..core.codes import CONVERSION_ERROR_MESSAGES, CONVERSION_LIMITATION_MESSAGES
from ..core.conversion_rules import CONVERTED_FIELDS, MAX_RATES
from ..core.fields import FieldRule
from ..engine.render import SCHEMA_VERSION, TOOL, TOOL_VERSION
from ..planning.conversion import CONVERT_PIPELINE, KIND
from ..planning.conversion_sections import CONVERTED
from .request_schema import FIELD_NOTES, NOT_EXPRESSED, object_schema
from .result_schema import _pointer_pattern, result_schema
from .tables import DIALECT, GENERATED, closed, ref, validator_rows

JsonObject = dict[str, Any]

CONVERT_REQUEST_SCHEMA_PATH: Final = "docs/schema/convert-request.schema.json"
CONVERTED_SCHEMA_PATH: Final = "docs/schema/converted.schema.json"
ROOT_KEYS: Final = (
    "schemaVersion",
    "kind",
    "tool",
    "toolVersion",
    "status",
    "result",
    "conversions",
    "unusedRates",
    "rateSensitivity",
)
CONVERSION_KEYS: Final = ROOT_KEYS[-3:]
NO_CONVERSION: Final = "no_conversion"
EXACT_PATTERN: Final = "^(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?$"
DISPLAY_PATTERN: Final = "^(?:0|[1-9][0-9]*)\\.[0-9]{6}$"
FRACTION_PATTERN: Final = "^[1-9][0-9]*/[1-9][0-9]*$"

CONVERT_NOTES: Final[dict[str, str]] = {
    **FIELD_NOTES,
    "currency": (
        "Purchase currency; a quote in another currency is comparable only through an"
        " exchangeRates entry from its currency to this one (no inverse, no cross rate)."
    ),
    "quotes.currency": (
        "Currency of packPrice, freight and otherFees; comparable when it equals the root"
        " currency or exchangeRates has a rate from it to the root currency."
    ),
    "exchangeRates": (
        "The exchange rates the buyer states, one per (from, to) pair: a quote in currency from"
        " is converted to the root currency to at rate (packPrice, freight and otherFees"
        " multiplied exactly). A rate no quote uses is reported in unusedRates, not an error."
    ),
    "exchangeRates.from": "The quote's currency the rate converts from.",
    "exchangeRates.to": "The currency it converts to (the request's currency to be used).",
    "exchangeRates.rate": "Units of to for one unit of from, as stated (e.g. 7.1234).",
    "exchangeRates.asOf": "The date the rate was quoted, shown beside every converted figure.",
    "exchangeRates.source": "Where the rate comes from (e.g. bank quote 2026-11-30), shown too.",
}
"""The fixed request's notes, with the conversion fields' and the two currencies' reworded."""

CONVERT_NOT_EXPRESSED: Final = (
    *NOT_EXPRESSED[:-1],
    "an exchange rate is above 0 and at most 10^9: the rate strings 0, 0.0000000000 and any"
    " above 1000000000 match the pattern but are out_of_range, and more than 10 fractional"
    " digits in a number literal is too_many_rate_decimals",
    "asOf is a real calendar date (2026-02-30 matches the pattern: invalid_date)",
    "from differs from to (same_currency_pair) and no two rates share the pair"
    " (duplicate_rate_pair)",
    NOT_EXPRESSED[-1],
)


def convert_root_rows() -> tuple[FieldRule, ...]:
    """The root rows exactly as the ``--convert`` pipeline's validator reads them."""
    return validator_rows(CONVERT_PIPELINE, "the convert pipeline")


def convert_request_schema() -> JsonObject:
    """The convert request schema (draft 2020-12), generated from the convert validator's rows."""
    not_expressed = "; ".join(f"({i}) {text}" for i, text in enumerate(CONVERT_NOT_EXPRESSED, 1))
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} convert request",
        "description": (
            f"One {TOOL} {TOOL_VERSION} request for the converted comparison"
            " (docs/conversions.md): every field of the calculation request with the same rules,"
            f" plus exchangeRates (1 to {MAX_RATES} rates the buyer states, each with its asOf"
            " date and source). Unknown keys and null are rejected everywhere; omit a field you"
            " do not know rather than guessing 0. The tool also enforces what JSON Schema cannot"
            f" express: {not_expressed}."
        ),
        **object_schema(convert_root_rows(), "", CONVERT_NOTES),
    }


def converted_result_defs() -> JsonObject:
    """The fixed result schema's ``$defs``, widened to what a converted request can show."""
    defs: JsonObject = copy.deepcopy(result_schema()["$defs"])
    error = defs["error"]["properties"]
    error["code"]["enum"] = [*error["code"]["enum"], *CONVERSION_ERROR_MESSAGES]
    error["path"]["pattern"] = f"^{_pointer_pattern(convert_root_rows())}$"
    limitation = defs["limitation"]["properties"]
    limitation["code"]["enum"] = [*limitation["code"]["enum"], *CONVERSION_LIMITATION_MESSAGES]
    # A converted quote's no_conversion (always present in the fixed result) reads
    # converted_at_given_rates instead: either one must be there.
    always = defs["calculation"]["properties"]["limitations"]["allOf"]
    for position, entry in enumerate(always):
        if entry["contains"]["properties"]["code"]["const"] == NO_CONVERSION:
            always[position] = {
                "anyOf": [entry, _contains(CONVERTED)],
            }
    quote = defs["normalizedQuote"]["properties"]
    exact = {"type": "string", "pattern": EXACT_PATTERN}
    for name in CONVERTED_FIELDS:
        nullable = "anyOf" in quote[name]
        quote[name] = {
            "description": (
                "The input decimal as a string with its own digits; for a converted quote the"
                " exact product with the rate (compare by value)."
                + (" Null when omitted." if nullable else "")
            ),
            **({"anyOf": [{"type": "null"}, exact]} if nullable else exact),
        }
    return defs


def _contains(code: str) -> JsonObject:
    return {"contains": {"properties": {"code": {"const": code}}, "required": ["code"]}}


def _rate_properties() -> JsonObject:
    currency = {"type": "string", "pattern": "^[A-Z]{3}$"}
    return {
        "from": currency,
        "to": currency,
        "rate": {"description": "The rate as given, exactly.", **_exact()},
        "asOf": {"type": "string", "format": "date"},
        "source": {"type": "string"},
    }


def conversion_defs() -> JsonObject:
    """The ``$defs`` of a converted quote and a rate as given (``exact``, ``rate``,
    ``conversion``), shared with the plan schema (a plan request may convert too)."""
    text = {"type": "string"}
    currency = {"type": "string", "pattern": "^[A-Z]{3}$"}
    return {
        "exact": _exact(),
        "rate": closed(_rate_properties()),
        "conversion": closed(
            {
                "supplierId": text,
                "currency": {"description": "The quote's own currency.", **currency},
                "original": {
                    "description": "The converted fields as given, in the quote's currency.",
                    **closed(
                        {name: ref("exact") for name in CONVERTED_FIELDS},
                        optional=CONVERTED_FIELDS,
                    ),
                },
                "convertedAt": ref("rate"),
                "originalBreakPrices": {"type": "array", "items": ref("exact")},
            },
            optional=("originalBreakPrices",),
        ),
    }


def _defs(result_body: JsonObject) -> JsonObject:
    text = {"type": "string"}
    return {
        **converted_result_defs(),
        "result": result_body,
        **conversion_defs(),
        "end": {
            "description": "A rate where the cheapest quote changes: 6 places, and exactly.",
            **closed(
                {
                    "rate": {"type": "string", "pattern": DISPLAY_PATTERN},
                    "exact": {"type": "string", "pattern": FRACTION_PATTERN},
                }
            ),
        },
        "span": closed(
            {
                "supplierId": text,
                "low": {"oneOf": [{"type": "null"}, ref("end")]},
                "lowTakenBy": {"type": "array", "items": text},
                "high": {"oneOf": [{"type": "null"}, ref("end")]},
                "highTakenBy": {"type": "array", "items": text},
            }
        ),
        "sensitivity": closed(
            {**_rate_properties(), "cheapest": {"type": "array", "items": ref("span")}}
        ),
    }


def _exact() -> JsonObject:
    return {"type": "string", "pattern": EXACT_PATTERN}


def _case(description: str, statuses: list[str], answered: bool) -> JsonObject:
    keys: JsonObject = (
        {
            "conversions": {"type": "array", "items": ref("conversion")},
            "unusedRates": {"type": "array", "items": ref("rate")},
            "rateSensitivity": {"type": "array", "items": ref("sensitivity")},
        }
        if answered
        else {key: {"type": "null"} for key in CONVERSION_KEYS}
    )
    return {
        "description": description,
        "oneOf": [
            {
                "properties": {
                    "status": {"const": status},
                    "result": {"properties": {"status": {"const": status}}},
                    **keys,
                }
            }
            for status in statuses
        ],
    }


def converted_schema() -> JsonObject:
    """The converted-comparison document schema: the result, then the conversion keys."""
    result = result_schema()
    result.pop("$defs")
    body = {key: value for key, value in result.items() if key not in ("$schema", "$comment")}
    body["description"] = (
        "The fixed result object of the request after its quotes were converted (the result"
        " schema, with the conversion's codes and converted exact money)."
    )
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} converted comparison",
        "description": (
            f"The converted comparison of one {TOOL} convert request (docs/conversions.md). Keys"
            f" in this fixed order: {', '.join(ROOT_KEYS)}. status is the result's; result is"
            " the fixed result of the request after each quote with a rate from its currency to"
            " the request's was converted exactly. conversions lists each converted quote with"
            " its original money and the rate used, unusedRates the rates no quote used, and"
            " rateSensitivity per rate the exact range where the cheapest quote stays cheapest."
            " The three are null when the request was invalid or a bug stopped the run."
        ),
        **closed(
            {
                "schemaVersion": {"const": SCHEMA_VERSION},
                "kind": {"const": KIND},
                "tool": {"const": TOOL},
                "toolVersion": {"const": TOOL_VERSION},
                "status": {"enum": ["completed", "partial", "invalid_input", "internal_error"]},
                "result": ref("result"),
                "conversions": {"oneOf": [{"type": "null"}, {"type": "array"}]},
                "unusedRates": {"oneOf": [{"type": "null"}, {"type": "array"}]},
                "rateSensitivity": {"oneOf": [{"type": "null"}, {"type": "array"}]},
            }
        ),
        "oneOf": [
            _case(
                "The comparison ran: the conversion keys are lists.",
                ["completed", "partial"],
                answered=True,
            ),
            _case(
                "invalid_input or internal_error: the conversion keys are null.",
                ["invalid_input", "internal_error"],
                answered=False,
            ),
        ],
        "$defs": _defs(body),
    }
