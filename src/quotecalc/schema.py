"""The published contract for hosts: JSON Schemas and tool descriptors (issue #4).

Everything here is generated from the tables the engine itself runs on, so the published files
cannot drift from what the code enforces:

- the request schema (CONTRACT §4.2, §4.3) walks the field-rule rows the validator uses -- the
  ``root_fields`` of the default pipeline's :class:`~quotecalc.stages.validate.Validate` stage
  (``fields.BASE_ROOT_FIELDS`` plus each constraint row's field) -- mapping each
  :class:`~quotecalc.fields.Kind` to a fragment;
- the result schema (CONTRACT §3, §4.4, §12, §13, §15) takes its codes from ``codes.py``, its
  constants and echo order from ``render.py``, and its dimensions, directions, conflicts and
  constraint names from the stages;
- the MCP tool and the ``bailing.tool-definition.v1`` ToolDefinition embed both schemas.

The request schema is exact wherever JSON Schema can be: for every rule it states, a request
that breaks it is rejected by the tool too, and every request the tool accepts validates.
What JSON Schema cannot say is listed in :data:`NOT_EXPRESSED` (and in the schema's own
``description`` and ``docs/schema/README.md``).

:func:`published_files` (and :func:`schema_bytes` for ``--print-schema``) is the one place the
files are serialised. This module is for maintainers and hosts: the calculation path never
imports it, and it uses no float (bounds are JSON integers).
"""

from __future__ import annotations

import json
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Any, Final

from .codes import (
    ALWAYS_LIMITATIONS,
    ERROR_MESSAGES,
    INTERNAL_ERROR_CODE,
    LIMITATION_MESSAGES,
)
from .constraint_rules import QUALITY_CONFLICTS, ConstraintRule
from .fields import CURRENCY_PATTERN, Bounds, FieldRule, Kind, Presence
from .numberform import MAX_NUMBER_CHARS
from .pipeline import DEFAULT_PIPELINE
from .render import (
    EXIT_CODES,
    QUOTE_ECHO_AFTER,
    QUOTE_ECHO_BEFORE,
    SCHEMA_VERSION,
    TOOL,
    TOOL_VERSION,
    envelope,
)
from .stages.comparability import COMPARED_FIELDS
from .stages.constraints import HardConstraints
from .stages.parse import MAX_INPUT_BYTES
from .stages.scoring import DIMENSIONS
from .stages.sensitivity import DIRECTIONS
from .stages.validate import Validate

JsonObject = dict[str, Any]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
GENERATED: Final = (
    "Generated from quotecalc's own rule tables by scripts/generate_contract.py; do not edit."
)
REQUEST_SCHEMA_PATH: Final = "docs/schema/request.schema.json"
RESULT_SCHEMA_PATH: Final = "docs/schema/result.schema.json"
MCP_TOOL_PATH: Final = "docs/tool/mcp-tool.json"
TOOL_DEFINITION_PATH: Final = "docs/tool/tool-definition.json"

FIXED_ARGV: Final = ("python", "-B", "scripts/calculate.py", "--input-json", "-")

# CONTRACT §4.2: at most 6 fractional digits in a plain decimal.
FRACTION_DIGITS: Final = 6
_SCALE: Final = 10**FRACTION_DIGITS

# "Non-blank" (CONTRACT §4.3, §16) is Python's str.isspace(): a non-blank string holds a
# character outside this class. Spelt out because ECMA-262 \s is a different set (it has
# U+FEFF, lacks U+001C-U+001F and U+0085); tests check it against str.isspace().
NON_BLANK_PATTERN: Final = (
    "[^\\t-\\r\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a"
    "\\u2028\\u2029\\u202f\\u205f\\u3000]"
)

# What the tool enforces and JSON Schema cannot express (CONTRACT §4.1-§4.3, §16).
NOT_EXPRESSED: Final = (
    f"the input is at most {MAX_INPUT_BYTES} bytes of UTF-8 without a byte-order mark",
    "no object may repeat a key (duplicate_key); a parsed object cannot show it",
    "a JSON number literal must itself be a plain decimal: -0 (negative_value), 1e3"
    " (exponent_not_allowed), more than 6 fractional digits even if zeros, e.g. 1.0000000"
    " (too_many_decimals), and literals longer than 48 characters (number_too_long) are"
    " rejected although JSON Schema sees only their in-range value",
    "supplierId is unique across quotes by exact string equality (duplicate_supplier_id)",
    "the weights sum to more than 0 (weights_sum_zero)",
    "qualityScale.minimum is below qualityScale.maximum (invalid_quality_scale)",
    "minimumQualityScore needs qualityScale (requires_quality_scale) and lies within it,"
    " and every qualityScore lies within qualityScale when one is given (out_of_range)",
    "sensitivityDelta needs weights (requires_weights)",
    "which error codes and paths are reported, and their precedence, are the tool's",
)

# Short meanings shown to hosts and models, by dotted field path. Optional: a row without a
# note (e.g. a new constraint) still gets the generated presence and kind text.
FIELD_NOTES: Final[dict[str, str]] = {
    "schemaVersion": "Request format version.",
    "quotes": "The supplier quotes to compare, one object per supplier.",
    "quotes.supplierId": "Supplier identifier; unique across quotes by exact string equality.",
    "quotes.specification": (
        "The quoted item; the quote is comparable only if this equals the root specification"
        " exactly."
    ),
    "quotes.currency": (
        "Currency of packPrice, freight and otherFees; must equal the root currency exactly."
    ),
    "quotes.packSize": "Units per pack.",
    "quotes.minimumPacks": "Minimum order quantity in packs (0 is valid).",
    "quotes.packPrice": "Price of one pack, in the quote's currency.",
    "quotes.freight": "Freight for the whole order, in the quote's currency.",
    "quotes.otherFees": (
        "Other fees for the whole order, in the quote's currency; nothing else is added."
    ),
    "quotes.leadDays": (
        "Quoted days to delivery; whether it includes transport and when it starts must be"
        " checked against the materials."
    ),
    "quotes.qualityEvidence": "Quality evidence as stated in the materials; an unverified claim.",
    "quotes.qualityScore": (
        "Quality score on the user's qualityScale (must lie within it when one is given)."
    ),
    "quotes.qualityDefinition": (
        "What qualityScore measures; must equal qualityScale.definition exactly."
    ),
    "quantity": "Units required (the unit is part of specification).",
    "currency": (
        "Purchase currency; a quote in another currency is not comparable (no exchange-rate"
        " conversion)."
    ),
    "specification": (
        "The requested item; compared by exact string equality (no trimming, case folding or"
        " normalisation)."
    ),
    "weights": (
        "Scoring weights; without them no ranking is computed. They need not sum to 1 (scores"
        " divide by their sum, which must be above 0) and are never redistributed."
    ),
    "weights.cost": "Weight of cost: landedTotal, the total spend of this order (lower is better).",
    "weights.delivery": "Weight of delivery: leadDays (fewer is better).",
    "weights.quality": "Weight of quality: qualityScore on qualityScale (higher is better).",
    "qualityScale": "The user's quality scale; minimum must be below maximum.",
    "qualityScale.definition": "What the scale measures; quotes' qualityDefinition must equal it.",
    "qualityScale.minimum": "Lowest score on the scale.",
    "qualityScale.maximum": "Highest score on the scale.",
    "sensitivityDelta": (
        "Relative weight change for the one-at-a-time sensitivity analysis (each positive weight"
        " times 1+delta and 1-delta); needs weights."
    ),
    "maxLeadDays": (
        "Hard constraint: a quote with leadDays above this is excluded; one without leadDays is"
        " unknown (a missing value never passes)."
    ),
    "minimumQualityScore": (
        "Hard constraint: a quote with qualityScore below this is excluded; needs qualityScale"
        " and must lie within it."
    ),
}

_PRESENCE_TEXT: Final = {
    Presence.REQUIRED: "Required.",
    Presence.CORE: (
        "Core: omit it when unknown (the result is then partial and what depends on it null;"
        " never read as 0)."
    ),
    Presence.OPTIONAL: "Optional.",
}

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
# The name hosts call the tool by (the issue's "compare_quotes"); the product is ``TOOL``.
TOOL_NAME: Final = "compare_quotes"
# The root keys in contract order, read off the envelope the renderer builds.
ROOT_KEYS: Final = tuple(envelope("completed"))


# ---- the engine's own tables -----------------------------------------------------------------


def root_fields() -> tuple[FieldRule, ...]:
    """The root rows exactly as the default pipeline's validator reads them."""
    for stage in DEFAULT_PIPELINE.stages:
        if isinstance(stage, Validate):
            return stage.root_fields
    raise LookupError("the default pipeline has no Validate stage")


def constraint_rules() -> tuple[ConstraintRule, ...]:
    """The hard-constraint rows exactly as the default pipeline evaluates them."""
    for stage in DEFAULT_PIPELINE.stages:
        if isinstance(stage, HardConstraints):
            return stage.rules
    raise LookupError("the default pipeline has no HardConstraints stage")


def _row(rules: tuple[FieldRule, ...], name: str) -> FieldRule:
    for rule in rules:
        if rule.name == name:
            return rule
    raise LookupError(f"no field row {name!r}")


def _quote_rules() -> tuple[FieldRule, ...]:
    return _row(root_fields(), "quotes").fields


# ---- regular expressions for plain decimal strings within bounds -----------------------------


def _all(text: str, digit: str) -> bool:
    return all(char == digit for char in text)


def _digits(low: int, high: int) -> str:
    """``low..high`` more digits (any), as a regex; ``""`` for none."""
    if high == 0:
        return ""
    if low == high:
        return "[0-9]" if high == 1 else f"[0-9]{{{high}}}"
    if (low, high) == (0, 1):
        return "[0-9]?"
    return f"[0-9]{{{low},{high}}}"


def _digit_class(low: int, high: int) -> str:
    return str(low) if low == high else f"[{low}-{high}]"


def _alternation(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"


def _fixed_width(low: str, high: str) -> str:
    """Digit strings of exactly ``len(low)`` characters between ``low`` and ``high``."""
    width = len(low)
    if low == high:
        return low
    if _all(low, "0") and _all(high, "9"):
        return _digits(width, width)
    if low[0] == high[0]:
        return low[0] + _fixed_width(low[1:], high[1:])
    low_free, high_free = _all(low[1:], "0"), _all(high[1:], "9")
    first = int(low[0]) if low_free else int(low[0]) + 1
    last = int(high[0]) if high_free else int(high[0]) - 1
    parts = []
    if not low_free:
        parts.append(low[0] + _fixed_width(low[1:], "9" * (width - 1)))
    if first <= last:
        parts.append(_digit_class(first, last) + _digits(width - 1, width - 1))
    if not high_free:
        parts.append(high[0] + _fixed_width("0" * (width - 1), high[1:]))
    return _alternation(parts)


def _integer_range(low: int, high: int) -> str:
    """Canonical integers (no leading zeros) from ``low`` to ``high`` inclusive."""
    parts: list[str] = []
    if low == 0:
        parts.append("0")
        low = 1
    full: list[int] = []  # digit counts whose whole range is allowed, merged into one part

    def flush() -> None:
        if full:
            parts.append("[1-9]" + _digits(full[0] - 1, full[-1] - 1))
            full.clear()

    for width in range(len(str(low)), len(str(high)) + 1) if low <= high else ():
        start, end = max(low, 10 ** (width - 1)), min(high, 10**width - 1)
        if (start, end) == (10 ** (width - 1), 10**width - 1):
            full.append(width)
        else:
            flush()
            parts.append(_fixed_width(str(start), str(end)))
    flush()
    return _alternation(parts)


def _fraction(low: str, high: str) -> str:
    """Non-empty digit strings whose right zero-padding to ``len(low)`` is in [low, high]."""
    width = len(low)
    if _all(low, "0") and _all(high, "9"):
        return "[0-9]" + ("" if width == 1 else f"{{1,{width}}}")
    if _all(low, "0") and _all(high, "0"):
        return "0" + ("" if width == 1 else f"{{1,{width}}}")
    if low[0] == high[0]:
        return low[0] + _fraction_rest(low[1:], high[1:])
    low_free, high_free = _all(low[1:], "0"), _all(high[1:], "9")
    first = int(low[0]) if low_free else int(low[0]) + 1
    last = int(high[0]) if high_free else int(high[0]) - 1
    parts = []
    if not low_free:
        parts.append(low[0] + _fraction_rest(low[1:], "9" * (width - 1)))
    if first <= last:
        parts.append(_digit_class(first, last) + _digits(0, width - 1))
    if not high_free:
        parts.append(high[0] + _fraction_rest("0" * (width - 1), high[1:]))
    return _alternation(parts)


def _fraction_rest(low: str, high: str) -> str:
    """Like :func:`_fraction` but the empty string too when it pads into range."""
    if not low:
        return ""
    if not _all(low, "0"):
        return _fraction(low, high)
    if _all(high, "9"):
        return _digits(0, len(low))
    if _all(high, "0"):
        return "0?" if len(low) == 1 else f"0{{0,{len(low)}}}"
    return f"(?:{_fraction(low, high)})?"


def _fraction_part(low: int, high: int) -> str:
    """``.digits`` whose scaled value is in [low, high]; optional when 0 is allowed."""
    digits = _fraction(str(low).zfill(FRACTION_DIGITS), str(high).zfill(FRACTION_DIGITS))
    return f"(?:\\.{digits})?" if low == 0 else f"\\.{digits}"


def _integral(value: Decimal, rounding: str) -> int:
    return int(value.to_integral_value(rounding=rounding))


def number_string_pattern(bounds: Bounds, *, integral: bool) -> str:
    """The exact regex of the plain decimal strings (CONTRACT §4.2) whose value is within
    ``bounds`` -- and integral, for integer fields (``"5"``, ``"5.000000"``).

    ``0`` or ``[1-9][0-9]*``, optionally ``.`` and 1-6 digits; the range is spelt out digit by
    digit, so a string outside it does not match. Only ECMA-262 basics are used (classes,
    counted repetition, non-capturing groups, ``^``/``$``), no look-around.
    """
    low, high = max(bounds.low, Decimal(0)), bounds.high
    if integral:
        first = (
            _integral(low, ROUND_FLOOR) + 1 if bounds.low_open else _integral(low, ROUND_CEILING)
        )
        last = (
            _integral(high, ROUND_CEILING) - 1 if bounds.high_open else _integral(high, ROUND_FLOOR)
        )
        if first > last:
            raise ValueError("the bounds hold no integer")
        return f"^{_integer_range(first, last)}(?:\\.0{{1,{FRACTION_DIGITS}}})?$"
    low, high = low * _SCALE, high * _SCALE
    first = _integral(low, ROUND_FLOOR) + 1 if bounds.low_open else _integral(low, ROUND_CEILING)
    last = _integral(high, ROUND_CEILING) - 1 if bounds.high_open else _integral(high, ROUND_FLOOR)
    if first > last:
        raise ValueError("the bounds hold no 6-decimal value")
    first_whole, first_fraction = divmod(first, _SCALE)
    last_whole, last_fraction = divmod(last, _SCALE)
    if first_whole == last_whole:
        parts = [str(first_whole) + _fraction_part(first_fraction, last_fraction)]
    else:
        parts = []
        full_from = first_whole if first_fraction == 0 else first_whole + 1
        full_to = last_whole if last_fraction == _SCALE - 1 else last_whole - 1
        if first_fraction != 0:
            parts.append(str(first_whole) + _fraction_part(first_fraction, _SCALE - 1))
        if full_from <= full_to:
            parts.append(_integer_range(full_from, full_to) + _fraction_part(0, _SCALE - 1))
        if last_fraction != _SCALE - 1:
            parts.append(str(last_whole) + _fraction_part(0, last_fraction))
    return f"^{_alternation(parts)}$"


def integer_echo_pattern(bounds: Bounds) -> str:
    """Canonical integer strings within ``bounds`` (how integer fields are echoed, §4.2)."""
    pattern = number_string_pattern(bounds, integral=True)
    return pattern.removesuffix(f"(?:\\.0{{1,{FRACTION_DIGITS}}})?$") + "$"


# ---- request schema --------------------------------------------------------------------------


def _json_number(value: Decimal) -> int:
    """A bound as a JSON number. Bounds are integral today; a fractional one would need a JSON
    number literal that is not a float, so it is refused rather than rounded."""
    numerator, denominator = value.as_integer_ratio()
    if denominator != 1:
        raise ValueError("a fractional bound cannot be written without float")
    return numerator


def _bound_text(value: Decimal) -> str:
    whole = _json_number(value)
    power = len(str(whole)) - 1
    if whole >= 1000 and whole == 10**power:
        return f"10^{power}"
    return str(whole)


def _range_text(bounds: Bounds) -> str:
    low = "<" if bounds.low_open else "<="
    high = "<" if bounds.high_open else "<="
    return f"{_bound_text(bounds.low)} {low} v {high} {_bound_text(bounds.high)}"


def _number_range(bounds: Bounds) -> JsonObject:
    return {
        "exclusiveMinimum" if bounds.low_open else "minimum": _json_number(bounds.low),
        "exclusiveMaximum" if bounds.high_open else "maximum": _json_number(bounds.high),
    }


def _numeric(rule: FieldRule, *, integral: bool) -> tuple[str, JsonObject]:
    bounds = rule.bounds
    assert bounds is not None
    number: JsonObject = {"type": "number", **_number_range(bounds)}
    if integral:
        number["multipleOf"] = 1
        text = (
            f"An integer, {_range_text(bounds)}: a JSON number or a plain decimal string with an"
            ' integral value (5, 5.0, "5" and "5.000000" are all 5).'
        )
    else:
        text = (
            f"A decimal, {_range_text(bounds)}: a JSON number or a plain decimal string (at most"
            " 6 decimals; no sign, exponent, leading zeros or spaces)."
        )
    string = {
        "type": "string",
        "maxLength": MAX_NUMBER_CHARS,
        "pattern": number_string_pattern(bounds, integral=integral),
    }
    return text, {"oneOf": [number, string]}


def _text(rule: FieldRule) -> tuple[str, JsonObject]:
    assert rule.max_length is not None
    return (
        f"A non-blank string of at most {rule.max_length} characters (Unicode code points).",
        {
            "type": "string",
            "minLength": 1,
            "maxLength": rule.max_length,
            "pattern": NON_BLANK_PATTERN,
        },
    )


def _currency(rule: FieldRule) -> tuple[str, JsonObject]:
    return (
        "Three upper-case letters A-Z (e.g. CNY); compared by exact equality, never converted.",
        {"type": "string", "minLength": 3, "maxLength": 3, "pattern": CURRENCY_PATTERN},
    )


def _schema_version(rule: FieldRule) -> tuple[str, JsonObject]:
    return (
        f"The JSON number {SCHEMA_VERSION} (1 or 1.0); a string is invalid.",
        {"type": "number", "const": SCHEMA_VERSION},
    )


def _object(rule: FieldRule, path: str) -> tuple[str, JsonObject]:
    return "An object with only the keys listed.", _object_schema(rule.fields, path)


def _array(rule: FieldRule, path: str) -> tuple[str, JsonObject]:
    return (
        f"An array of {rule.min_items} to {rule.max_items} objects.",
        {
            "type": "array",
            "minItems": rule.min_items,
            "maxItems": rule.max_items,
            "items": _object_schema(rule.fields, path),
        },
    )


def _field_schema(rule: FieldRule, path: str) -> JsonObject:
    """One row as a schema fragment, described by its note, presence and kind."""
    if rule.kind is Kind.DECIMAL:
        text, fragment = _numeric(rule, integral=False)
    elif rule.kind is Kind.INTEGER:
        text, fragment = _numeric(rule, integral=True)
    elif rule.kind is Kind.TEXT:
        text, fragment = _text(rule)
    elif rule.kind is Kind.CURRENCY:
        text, fragment = _currency(rule)
    elif rule.kind is Kind.SCHEMA_VERSION:
        text, fragment = _schema_version(rule)
    elif rule.kind is Kind.OBJECT:
        text, fragment = _object(rule, path)
    elif rule.kind is Kind.ARRAY:
        text, fragment = _array(rule, path)
    else:  # a new Kind needs its fragment here before it can be published
        raise ValueError(f"no schema fragment for kind {rule.kind!r}")
    note = FIELD_NOTES.get(path)
    description = " ".join(part for part in (note, _PRESENCE_TEXT[rule.presence], text) if part)
    return {"description": description, **fragment}


def _object_schema(rules: tuple[FieldRule, ...], path: str) -> JsonObject:
    prefix = f"{path}." if path else ""
    schema: JsonObject = {
        "type": "object",
        "properties": {rule.name: _field_schema(rule, prefix + rule.name) for rule in rules},
    }
    required = [rule.name for rule in rules if rule.presence is Presence.REQUIRED]
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False
    return schema


def field_paths(rules: tuple[FieldRule, ...] | None = None, path: str = "") -> list[str]:
    """Every field of the request as a dotted path (``quotes.packPrice``), in table order."""
    found: list[str] = []
    for rule in root_fields() if rules is None else rules:
        here = f"{path}.{rule.name}" if path else rule.name
        found.append(here)
        found.extend(field_paths(rule.fields, here))
    return found


def request_schema() -> JsonObject:
    """The request schema (draft 2020-12) generated from the validator's field-rule rows."""
    not_expressed = "; ".join(f"({index}) {text}" for index, text in enumerate(NOT_EXPRESSED, 1))
    description = (
        f"One {TOOL} {TOOL_VERSION} calculation request (CONTRACT §4), generated from the"
        " validator's field-rule table. Unknown keys and null are rejected everywhere; numeric"
        " fields take a JSON number or a plain decimal string; omit a field you do not know"
        " rather than guessing 0. The tool also enforces what JSON Schema cannot express:"
        f" {not_expressed}."
    )
    body = _object_schema(root_fields(), "")
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} request",
        "description": description,
        **body,
    }


# ---- result schema ---------------------------------------------------------------------------


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
        schema = _text(rule)[1]
        text = "The input string, unchanged."
    elif rule.kind is Kind.CURRENCY:
        schema = _currency(rule)[1]
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


def _result_defs() -> JsonObject:
    quote_rules = _quote_rules()
    roots = root_fields()
    dimension_names = [dimension.name for dimension in DIMENSIONS]
    core_fields = [rule.name for rule in roots if rule.presence is Presence.CORE]
    core_fields += [rule.name for rule in quote_rules if rule.presence is Presence.CORE]
    conflicts = [f"{field}_{kind}" for field in COMPARED_FIELDS for kind in ("missing", "mismatch")]
    conflicts += [code for code in QUALITY_ISSUES if code in QUALITY_CONFLICTS]
    rules = constraint_rules()
    scale_rules = _row(roots, "qualityScale").fields

    quote: JsonObject = {
        "supplierId": _echo(_row(quote_rules, "supplierId")),
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
    quote.update({name: _echo(_row(quote_rules, name)) for name in QUOTE_ECHO_BEFORE})
    quote.update(
        {
            name: {
                "description": "Null when an input it depends on is missing.",
                **_nullable(_ref(kind)),
            }
            for name, kind in DERIVED_QUOTE_VALUES
        }
    )
    quote.update({name: _echo(_row(quote_rules, name)) for name in QUOTE_ECHO_AFTER})
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
                "value": _nullable(_ref("exactDecimal")),
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
    max_quotes = _row(root_fields(), "quotes").max_items
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


# ---- tool descriptors ------------------------------------------------------------------------


def tool_description() -> str:
    """What the tool does and what it never does, for hosts and the models they serve."""
    constraints = ", ".join(rule.name for rule in constraint_rules())
    return (
        "Compare supplier quotes for one purchase request. A deterministic, exact calculator:"
        " it normalises each quote to pack counts and landed cost, applies the user's hard"
        f" constraints ({constraints}), refuses to rank quotes that are not comparable"
        " (specification and currency must match exactly), scores with the user's weights and"
        " runs a one-at-a-time weight sensitivity analysis. It never places an order, never"
        " converts currencies or units (no FX), never verifies or certifies quality evidence"
        " (evidence and scores stay unverified claims), never reads or writes files or uses the"
        " network, and never reads an omitted value as 0: omission gives status partial with"
        " null for what depends on it. It issues no calculationReceipt: the host authorises each"
        " call and keeps its own record. Numbers go in as JSON numbers or plain decimal strings"
        " (at most 6 decimals) and come back as decimal strings. status is completed, partial,"
        " invalid_input (fixed error codes, nothing of the input echoed) or internal_error."
    )


def mcp_tool() -> JsonObject:
    """The MCP tool definition (``tools/list`` entry): both schemas and read-only hints."""
    return {
        "name": TOOL_NAME,
        "title": "Supplier quote comparison",
        "description": tool_description(),
        "inputSchema": request_schema(),
        "outputSchema": result_schema(),
        "annotations": {
            "readOnlyHint": True,
            "destructiveHint": False,
            "idempotentHint": True,
            "openWorldHint": False,
        },
    }


def tool_definition() -> JsonObject:
    """The same tool as a ``bailing.tool-definition.v1`` ToolDefinition (manual source): the
    request is the POST body, every property ``paramIn: body``."""
    inputs = request_schema()
    return {
        "schemaVersion": "bailing.tool-definition.v1",
        "name": TOOL_NAME,
        "source": "manual",
        "method": "POST",
        "path": f"/{TOOL}/calculate",
        "description": tool_description(),
        "scope": "procurement.quote.calculate",
        "risk": "low",
        "confirmRequired": False,
        "rateLimitPerMin": 60,
        "requiresSubject": False,
        "sensitive": False,
        "readonly": True,
        "idempotent": True,
        "timeoutMs": 10000,
        "confirmPrompt": "",
        "context": [
            "Use to compare several supplier quotes for one purchase of one item: landed cost,"
            " pack counts and overbuy, hard constraints, a weighted ranking and its sensitivity.",
            "Pass only values taken from the quotes and the user's request; omit what is unknown"
            " instead of guessing 0, and give weights only when the user gave them.",
            "A result is a calculation, never an order, a supplier certification or a receipt;"
            " evidence and quality scores are not verified.",
            "Quotes in another currency or for another specification are not comparable and block"
            " the ranking; nothing is converted.",
        ],
        "outcome": {
            "result": (
                f"One {TOOL} result object (status completed, partial, invalid_input or"
                " internal_error) as described by x-business-output-schema."
            ),
            "sideEffect": "none",
        },
        "extensions": {
            "x-business-invocation": {
                "argv": list(FIXED_ARGV),
                "cwd": "the quotecalc repository root",
                "stdin": (
                    f"the request body: exactly one UTF-8 JSON object, at most {MAX_INPUT_BYTES}"
                    " bytes"
                ),
                "stdout": "exactly one JSON object (the result) followed by a newline",
                "stderr": "empty",
                "exitCodes": dict(EXIT_CODES),
            },
            "x-business-output-schema": result_schema(),
        },
        "inputSchema": inputs,
        "paramIn": dict.fromkeys(inputs["properties"], "body"),
    }


# ---- the published files ---------------------------------------------------------------------


def serialise(document: JsonObject) -> bytes:
    """The committed form of every published file: 2-space JSON, UTF-8, one final newline."""
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def published_files() -> dict[str, bytes]:
    """Every published file by repository-relative path, as its exact bytes."""
    from .analysis_schema import analysis_files  # issue 11; it imports this module

    return {
        REQUEST_SCHEMA_PATH: serialise(request_schema()),
        RESULT_SCHEMA_PATH: serialise(result_schema()),
        MCP_TOOL_PATH: serialise(mcp_tool()),
        TOOL_DEFINITION_PATH: serialise(tool_definition()),
        **analysis_files(),
    }


SCHEMAS: Final = {"request": request_schema, "result": result_schema}


def schema_bytes(name: str) -> bytes:
    """The committed bytes of the ``request`` or ``result`` schema (``--print-schema``)."""
    build = SCHEMAS.get(name)
    if build is None:
        raise ValueError(f"unknown schema {name!r}: expected one of {sorted(SCHEMAS)}")
    return serialise(build())
