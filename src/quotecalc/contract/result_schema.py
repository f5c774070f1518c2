"""The result schema (CONTRACT §3, §4.4, §12, §13, §15), generated from the engine's tables.

Codes come from ``codes.py``, constants and echo order from ``render.py``, and dimensions,
directions, conflicts and constraint names from the stages.
"""

from __future__ import annotations

from typing import Final

from ..core.codes import (
    ALWAYS_LIMITATIONS,
    ERROR_MESSAGES,
    INTERNAL_ERROR_CODE,
    LIMITATION_MESSAGES,
)
from ..core.constraint_rules import QUALITY_CONFLICTS, ConstraintRule, QuoteRatio
from ..core.dimensions import DIMENSIONS
from ..core.fields import FieldRule, Kind, Presence
from ..engine.render import (
    QUOTE_ECHO_AFTER,
    QUOTE_ECHO_BEFORE,
    SCHEMA_VERSION,
    TOOL,
    TOOL_VERSION,
    envelope,
)
from ..stages.comparability import COMPARED_FIELDS
from ..stages.sensitivity import DIRECTIONS
from .numbers import integer_echo_pattern, number_string_pattern
from .request_schema import currency_schema, text_schema
from .tables import DIALECT, GENERATED, JsonObject, constraint_rules, quote_fields, root_fields, row

# §9 quality issue codes in contract order: the first two are issues only, the rest also
# conflicts (checked against constraint_rules.QUALITY_CONFLICTS by the tests).
QUALITY_ISSUES: Final = (
    "quality_missing",
    "quality_evidence_only",
    "quality_scale_missing",
    "quality_definition_missing",
    "quality_definition_mismatch",
)
CONSTRAINT_STATUSES: Final = ("eligible", "excluded", "unknown")
# §7 derived values of a normalized quote: (name, kind of decimal string).
DERIVED_QUOTE_VALUES: Final = (
    ("packsRequired", "integerString"),
    ("packsPurchased", "integerString"),
    ("deliveredQuantity", "integerString"),
    ("overbuyQuantity", "integerString"),
    ("goodsSubtotal", "exactDecimal"),
    ("landedTotal", "exactDecimal"),
    ("costPerDeliveredUnit", "ratio"),
    ("unitQuotePrice", "ratio"),
)
# The root keys in contract order, read off the envelope the renderer builds.
ROOT_KEYS: Final = tuple(envelope("completed"))


def _nullable(schema: JsonObject) -> JsonObject:
    return {"anyOf": [{"type": "null"}, schema]}


def _ref(name: str) -> JsonObject:
    return {"$ref": f"#/$defs/{name}"}


def _closed(properties: JsonObject, required: list[str] | None = None) -> JsonObject:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }


def _echo(rule: FieldRule) -> JsonObject:
    """How an accepted input field is written back (CONTRACT §13, §15, §16)."""
    if rule.kind is Kind.DECIMAL:
        assert rule.bounds is not None
        pattern = number_string_pattern(rule.bounds, integral=False)
        schema: JsonObject = {"type": "string", "pattern": pattern}
        text = "The input decimal as a string with its own digits (compare by value)."
    elif rule.kind is Kind.INTEGER:
        assert rule.bounds is not None
        schema = {"type": "string", "pattern": integer_echo_pattern(rule.bounds)}
        text = "The input integer as a canonical integer string."
    elif rule.kind is Kind.TEXT:
        schema = text_schema(rule)[1]
        text = "The input string, unchanged."
    elif rule.kind is Kind.CURRENCY:
        schema = currency_schema(rule)[1]
        text = "The input currency, unchanged."
    else:
        raise ValueError(f"field {rule.name!r} is not echoed")
    if rule.presence is Presence.REQUIRED:
        return {"description": text, **schema}
    return {"description": f"{text} Null when omitted.", **_nullable(schema)}


def _pointer_pattern(rules: tuple[FieldRule, ...]) -> str:
    """RFC 6901 pointers built from contract field names and array indices (§4.4)."""
    alternatives = []
    for rule in rules:
        if not rule.name.isalnum() or not rule.name.isascii():
            raise ValueError(f"field name {rule.name!r} needs escaping in a pointer pattern")
        tail = ""
        if rule.kind is Kind.ARRAY:
            inner = _pointer_pattern(rule.fields)
            tail = f"(?:/(?:0|[1-9][0-9]*){inner})?"
        elif rule.kind is Kind.OBJECT:
            tail = _pointer_pattern(rule.fields)
        alternatives.append(f"{rule.name}{tail}")
    return "(?:/(?:" + "|".join(alternatives) + "))?"


EXACT_FRACTION: Final = {
    "description": (
        "An exact ratio with no plain decimal (a constraint reading the ratio of two quote"
        ' values, e.g. 10/3): "p/q" in lowest terms, never rounded.'
    ),
    "type": "string",
    "pattern": "^[1-9][0-9]*/[1-9][0-9]*$",
}


def _checked_value(rules: tuple[ConstraintRule, ...]) -> JsonObject:
    """What a constraint check's ``value`` is: an exact decimal, or -- only when a row reads a
    ratio of two quote values (``ratio_of``) -- also an exact fraction (``docs/extending.md``:
    a ratio such as 10.00 / 3 has no plain decimal). The 0.1.0 contract has no such row."""
    if not any(isinstance(rule.quote_value, QuoteRatio) for rule in rules):
        return _ref("exactDecimal")
    return {"oneOf": [_ref("exactDecimal"), EXACT_FRACTION]}


def _result_defs() -> JsonObject:
    quote_rules = quote_fields()
    roots = root_fields()
    dimension_names = [dimension.name for dimension in DIMENSIONS]
    core_fields = [rule.name for rule in roots if rule.presence is Presence.CORE]
    core_fields += [rule.name for rule in quote_rules if rule.presence is Presence.CORE]
    conflicts = [f"{field}_{kind}" for field in COMPARED_FIELDS for kind in ("missing", "mismatch")]
    conflicts += [code for code in QUALITY_ISSUES if code in QUALITY_CONFLICTS]
    rules = constraint_rules()
    scale_rules = row(roots, "qualityScale").fields

    quote: JsonObject = {
        "supplierId": _echo(row(quote_rules, "supplierId")),
        "comparable": {
            "description": "True iff specification and currency match the request exactly.",
            "type": "boolean",
        },
        "conflicts": {
            "description": "Why the quote is not comparable, and its quality conflicts.",
            "type": "array",
            "uniqueItems": True,
            "items": {"enum": conflicts},
        },
        "missingFields": {
            "description": "Core fields the quote omitted, in field-table order.",
            "type": "array",
            "uniqueItems": True,
            "items": {
                "enum": [rule.name for rule in quote_rules if rule.presence is Presence.CORE]
            },
        },
    }
    quote.update({name: _echo(row(quote_rules, name)) for name in QUOTE_ECHO_BEFORE})
    quote.update(
        {
            name: {
                "description": "Null when an input it depends on is missing.",
                **_nullable(_ref(kind)),
            }
            for name, kind in DERIVED_QUOTE_VALUES
        }
    )
    quote.update({name: _echo(row(quote_rules, name)) for name in QUOTE_ECHO_AFTER})
    quote["constraintStatus"] = {
        "description": "excluded if any constraint excludes, else unknown if any is unknown.",
        "enum": list(CONSTRAINT_STATUSES),
    }
    quote["constraints"] = {
        "description": "One entry per hard constraint the request set, in rule-table order.",
        "type": "array",
        "maxItems": len(rules),
        "items": _closed(
            {
                "constraint": {"enum": [rule.name for rule in rules]},
                "status": {"enum": list(CONSTRAINT_STATUSES)},
                "limit": _ref("exactDecimal"),
                "value": _nullable(_checked_value(rules)),
            }
        ),
    }
    empty_quality = {
        "properties": {"scale": {"type": "null"}, "issues": {"maxItems": 0}},
    }
    empties: JsonObject = {
        "normalizedQuotes": {"maxItems": 0},
        "ranking": {"type": "null"},
        "sensitivity": {"maxItems": 0},
        "quality": empty_quality,
    }
    return {
        "integerString": {"type": "string", "pattern": "^(?:0|[1-9][0-9]*)$"},
        "exactDecimal": {
            "description": "An exact value in plain notation (no exponent, sign or rounding).",
            "type": "string",
            "pattern": "^(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?$",
        },
        "ratio": {
            "description": "An exact ratio rounded once, ROUND_HALF_UP, to exactly 6 places.",
            "type": "string",
            "pattern": "^(?:0|[1-9][0-9]*)\\.[0-9]{6}$",
        },
        "unitRatio": {
            "description": "A score or component in [0, 1], rounded once to exactly 6 places.",
            "type": "string",
            "pattern": "^(?:0\\.[0-9]{6}|1\\.000000)$",
        },
        "normalizedQuote": _closed(quote),
        "rankEntry": _closed(
            {
                "rank": {
                    "description": "Dense rank: equal exact scores share it.",
                    "type": "integer",
                    "minimum": 1,
                },
                "supplierId": {"type": "string"},
                "score": _ref("unitRatio"),
                "components": _closed(
                    {name: _nullable(_ref("unitRatio")) for name in dimension_names}
                ),
            }
        ),
        "ranking": {
            "description": "Display order: score descending, then supplierId by code point.",
            "type": "array",
            "minItems": 1,
            "items": _ref("rankEntry"),
        },
        "scenario": _closed(
            {
                "dimension": {"enum": dimension_names},
                "direction": {"enum": [name for name, _ in DIRECTIONS]},
                "factor": _ref("exactDecimal"),
                "weights": _closed({name: _ref("exactDecimal") for name in dimension_names}),
                "ranking": _ref("ranking"),
                "rankingChanged": {"type": "boolean"},
            }
        ),
        "quality": _closed(
            {
                "scale": {
                    "description": "The request's qualityScale, or null.",
                    **_nullable(_closed({rule.name: _echo(rule) for rule in scale_rules})),
                },
                "issues": {
                    "type": "array",
                    "items": _closed(
                        {"supplierId": {"type": "string"}, "code": {"enum": list(QUALITY_ISSUES)}}
                    ),
                },
                "certifiedSuppliers": {"const": False},
            }
        ),
        "limitation": _closed(
            {
                "code": {"enum": list(LIMITATION_MESSAGES)},
                "message": {
                    "description": "The one fixed sentence of the code.",
                    "type": "string",
                    "minLength": 1,
                },
                "supplierId": {"type": "string"},
                "field": {"enum": list(dict.fromkeys(core_fields))},
                "dimension": {"enum": dimension_names},
            },
            required=["code", "message"],
        ),
        "error": _closed(
            {
                "code": {"enum": list(ERROR_MESSAGES)},
                "path": {
                    "description": "RFC 6901 pointer of contract field names and array indices.",
                    "type": "string",
                    "pattern": f"^{_pointer_pattern(roots)}$",
                },
                "message": {
                    "description": "The one fixed sentence of the code.",
                    "type": "string",
                    "minLength": 1,
                },
            }
        ),
        "calculation": {
            "description": "completed or partial: the calculation ran.",
            "properties": {
                "status": {"enum": ["completed", "partial"]},
                "normalizedQuotes": {"minItems": 1},
                "limitations": {
                    "items": _ref("limitation"),
                    "allOf": [
                        {
                            "contains": {
                                "properties": {"code": {"const": code}},
                                "required": ["code"],
                            }
                        }
                        for code in ALWAYS_LIMITATIONS
                    ],
                },
            },
        },
        "invalidInput": {
            "description": "invalid_input: limitations lists the errors.",
            "properties": {
                "status": {"const": "invalid_input"},
                **empties,
                "limitations": {"minItems": 1, "maxItems": 100, "items": _ref("error")},
            },
        },
        "internalError": {
            "description": "internal_error: a bug in quotecalc; nothing of the input is shown.",
            "properties": {
                "status": {"const": "internal_error"},
                **empties,
                "limitations": {
                    "minItems": 1,
                    "maxItems": 1,
                    "items": _closed(
                        {
                            "code": {"const": INTERNAL_ERROR_CODE},
                            "message": {"type": "string", "minLength": 1},
                        }
                    ),
                },
            },
        },
    }


def result_schema() -> JsonObject:
    """The result schema (draft 2020-12): all four statuses and every field of the contract,
    the limitation and error codes as enums from ``codes.py``."""
    dimension_count = len(DIMENSIONS)
    max_quotes = row(root_fields(), "quotes").max_items
    description = (
        f"The one result object of a {TOOL} {TOOL_VERSION} call (CONTRACT §3, §4.4, §12-§15)."
        " Its keys come in this fixed order, which JSON Schema cannot express:"
        f" {', '.join(ROOT_KEYS)}."
        " Every number is a decimal string or null except schemaVersion and rank. completed and"
        " partial carry the calculation and its limitations; invalid_input carries the error list"
        " in limitations (fixed codes and messages, no text from the input); internal_error one"
        " internal_error entry. Each code always carries the same message; completed means the"
        " given fields sufficed, not that evidence was verified or an order may be placed."
    )
    properties: JsonObject = {
        "schemaVersion": {"const": SCHEMA_VERSION},
        "tool": {"const": TOOL},
        "toolVersion": {"const": TOOL_VERSION},
        "status": {"enum": ["completed", "partial", "invalid_input", "internal_error"]},
        "normalizedQuotes": {
            "description": "One entry per input quote, in input order.",
            "type": "array",
            "maxItems": max_quotes,
            "items": _ref("normalizedQuote"),
        },
        "ranking": {"description": "The ranking, or null.", **_nullable(_ref("ranking"))},
        "sensitivity": {
            "description": "Per positive weight (cost, delivery, quality): increase, decrease.",
            "type": "array",
            "maxItems": dimension_count * len(DIRECTIONS),
            "items": _ref("scenario"),
        },
        "quality": _ref("quality"),
        "limitations": {
            "description": "Limitations (completed, partial) or errors (invalid_input).",
            "type": "array",
        },
        "networkUsed": {"const": False},
        "filesModified": {"const": False},
    }
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} result",
        "description": description,
        **_closed(properties),
        "oneOf": [_ref("calculation"), _ref("invalidInput"), _ref("internalError")],
        "$defs": _result_defs(),
    }
