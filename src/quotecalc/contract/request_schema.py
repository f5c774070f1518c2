"""The request schema (CONTRACT §4.2, §4.3), generated from the validator's field-rule rows.

It walks the ``root_fields`` of the default pipeline's :class:`~quotecalc.stages.validate.Validate`
stage (``fields.BASE_ROOT_FIELDS`` plus each constraint row's field), mapping each
:class:`~quotecalc.core.fields.Kind` to a fragment. It is exact wherever JSON Schema can be:
for every rule it states, a request that breaks it is rejected by the tool too, and every
request the tool accepts validates. What JSON Schema cannot say is listed in :data:`NOT_EXPRESSED`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from ..core.fields import CURRENCY_PATTERN, Bounds, FieldRule, Kind, Presence
from ..core.limits import MAX_INPUT_BYTES
from ..core.numberform import MAX_NUMBER_CHARS
from ..engine.render import SCHEMA_VERSION, TOOL, TOOL_VERSION
from .numbers import number_string_pattern
from .tables import DIALECT, GENERATED, JsonObject, root_fields

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

# Short meanings shown to hosts and models, by dotted field path, of the fields inside the
# root ones; a root field's note is its row's (``FieldDoors.note``). Optional: a row without a
# note (e.g. a new constraint) still gets the generated presence and kind text.
NESTED_NOTES: Final[dict[str, str]] = {
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
    "weights.cost": "Weight of cost: landedTotal, the total spend of this order (lower is better).",
    "weights.delivery": "Weight of delivery: leadDays (fewer is better).",
    "weights.quality": "Weight of quality: qualityScore on qualityScale (higher is better).",
    "qualityScale.definition": "What the scale measures; quotes' qualityDefinition must equal it.",
    "qualityScale.minimum": "Lowest score on the scale.",
    "qualityScale.maximum": "Highest score on the scale.",
}


def root_notes(rules: tuple[FieldRule, ...]) -> dict[str, str]:
    """The notes of the root rows ``rules`` (their ``FieldDoors.note``), by name."""
    return {
        rule.name: rule.doors.note
        for rule in rules
        if rule.doors is not None and rule.doors.note is not None
    }


FIELD_NOTES: Final[dict[str, str]] = {**root_notes(root_fields()), **NESTED_NOTES}
"""Every note of the request schema by dotted path: the root rows' own, then the nested."""

_PRESENCE_TEXT: Final = {
    Presence.REQUIRED: "Required.",
    Presence.CORE: (
        "Core: omit it when unknown (the result is then partial and what depends on it null;"
        " never read as 0)."
    ),
    Presence.OPTIONAL: "Optional.",
}


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


def text_schema(rule: FieldRule) -> tuple[str, JsonObject]:
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


def currency_schema(rule: FieldRule) -> tuple[str, JsonObject]:
    return (
        "Three upper-case letters A-Z (e.g. CNY); compared by exact equality, never converted.",
        {"type": "string", "minLength": 3, "maxLength": 3, "pattern": CURRENCY_PATTERN},
    )


def rate_schema(rule: FieldRule) -> tuple[str, JsonObject]:
    """An exchange rate (issue 27): the number grammar with up to 10 fractional digits."""
    bounds = rule.bounds
    assert bounds is not None
    return (
        f"An exchange rate, {_range_text(bounds)}: a JSON number or a plain decimal string (at"
        " most 10 decimals, the one place the number grammar allows more than 6).",
        {
            "oneOf": [
                {"type": "number", **_number_range(bounds)},
                {
                    "type": "string",
                    "maxLength": MAX_NUMBER_CHARS,
                    "pattern": "^(?:0|[1-9][0-9]{0,9})(?:\\.[0-9]{1,10})?$",
                },
            ]
        },
    )


def date_schema(rule: FieldRule) -> tuple[str, JsonObject]:
    """A calendar date (issue 27)."""
    return (
        "A real calendar date written YYYY-MM-DD (else invalid_date).",
        {"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
    )


def choice_schema(rule: FieldRule) -> tuple[str, JsonObject]:
    """One of the row's names (issue 38)."""
    names = ", ".join(rule.choices)
    return (
        f"One of: {names} (another string is out_of_range).",
        {"type": "string", "enum": list(rule.choices)},
    )


def _schema_version(rule: FieldRule) -> tuple[str, JsonObject]:
    return (
        f"The JSON number {SCHEMA_VERSION} (1 or 1.0); a string is invalid.",
        {"type": "number", "const": SCHEMA_VERSION},
    )


Notes = dict[str, str]


def _object(rule: FieldRule, path: str, notes: Notes) -> tuple[str, JsonObject]:
    return "An object with only the keys listed.", object_schema(rule.fields, path, notes)


def _array(rule: FieldRule, path: str, notes: Notes) -> tuple[str, JsonObject]:
    return (
        f"An array of {rule.min_items} to {rule.max_items} objects.",
        {
            "type": "array",
            "minItems": rule.min_items,
            "maxItems": rule.max_items,
            "items": object_schema(rule.fields, path, notes),
        },
    )


def _field_schema(rule: FieldRule, path: str, notes: Notes = FIELD_NOTES) -> JsonObject:
    """One row as a schema fragment, described by its note, presence and kind."""
    if rule.kind is Kind.DECIMAL:
        text, fragment = _numeric(rule, integral=False)
    elif rule.kind is Kind.INTEGER:
        text, fragment = _numeric(rule, integral=True)
    elif rule.kind is Kind.TEXT:
        text, fragment = text_schema(rule)
    elif rule.kind is Kind.CURRENCY:
        text, fragment = currency_schema(rule)
    elif rule.kind is Kind.SCHEMA_VERSION:
        text, fragment = _schema_version(rule)
    elif rule.kind is Kind.OBJECT:
        text, fragment = _object(rule, path, notes)
    elif rule.kind is Kind.ARRAY:
        text, fragment = _array(rule, path, notes)
    elif rule.kind is Kind.RATE:
        text, fragment = rate_schema(rule)
    elif rule.kind is Kind.DATE:
        text, fragment = date_schema(rule)
    elif rule.kind is Kind.CHOICE:
        text, fragment = choice_schema(rule)
    else:  # a new Kind needs its fragment here before it can be published
        raise ValueError(f"no schema fragment for kind {rule.kind!r}")
    note = notes.get(path)
    if note is None and "." not in path and rule.doors is not None:
        note = rule.doors.note  # a root field's own note, unless the kind words it otherwise
    description = " ".join(part for part in (note, _PRESENCE_TEXT[rule.presence], text) if part)
    return {"description": description, **fragment}


def object_schema(
    rules: tuple[FieldRule, ...], path: str, notes: Notes = FIELD_NOTES
) -> JsonObject:
    """The closed object of ``rules`` at ``path``, each field described by its note in
    ``notes`` (by dotted path), its presence and its kind."""
    prefix = f"{path}." if path else ""
    schema: JsonObject = {
        "type": "object",
        "properties": {rule.name: _field_schema(rule, prefix + rule.name, notes) for rule in rules},
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
    body = object_schema(root_fields(), "")
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} request",
        "description": description,
        **body,
    }
