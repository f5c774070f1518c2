"""Stage 2, validate: the JSON object against the field-rule table (CONTRACT §4.2-§4.4, §16).

The validator walks the rows of ``fields.py`` (never hard-coded names), reading each present
field with the reader for its kind, then runs the cross-field rules below in order. It
collects every error (not just the first) as ``(code, path)``; the list is de-duplicated,
sorted by ``(path, code)`` in code-point order and cut to 100. Any error halts the pipeline
with status ``invalid_input``. No text from the input ever enters an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Any, Final

import attrs

from ..constraint_rules import CONSTRAINT_RULES
from ..context import Context, FieldError, Halt, Request
from ..fields import BASE_ROOT_FIELDS, FieldRule, Kind, Presence
from ..numberform import read_number_text
from .parse import JsonNumber

MAX_ERRORS: Final = 100
_CURRENCY: Final = re.compile("[A-Z]{3}")

Errors = list[FieldError]
Reader = Callable[[FieldRule, Any, str, Errors], Any]


def _number_text(raw: Any) -> str | None:
    if isinstance(raw, JsonNumber):
        return raw.text
    if isinstance(raw, str):
        return raw
    return None


def _read_decimal(rule: FieldRule, raw: Any, path: str, errors: Errors) -> Decimal | None:
    text = _number_text(raw)
    if text is None:
        errors.append(FieldError("invalid_type", path))
        return None
    value = read_number_text(text)
    if isinstance(value, str):
        errors.append(FieldError(value, path))
        return None
    if rule.bounds is not None and not rule.bounds.contains(value):
        errors.append(FieldError("out_of_range", path))
        return None
    return value


def _read_integer(rule: FieldRule, raw: Any, path: str, errors: Errors) -> int | None:
    text = _number_text(raw)
    if text is None:
        errors.append(FieldError("invalid_type", path))
        return None
    value = read_number_text(text)
    if isinstance(value, str):
        errors.append(FieldError(value, path))
        return None
    numerator, denominator = value.as_integer_ratio()
    # Integrality first: a value both fractional and above 10^9 is not_integer (§16).
    if denominator != 1:
        errors.append(FieldError("not_integer", path))
        return None
    if rule.bounds is not None and not rule.bounds.contains(numerator):
        errors.append(FieldError("out_of_range", path))
        return None
    return numerator


def _read_text(rule: FieldRule, raw: Any, path: str, errors: Errors) -> str | None:
    if not isinstance(raw, str):
        errors.append(FieldError("invalid_type", path))
        return None
    # Too long wins over blank (§16); len() counts code points.
    if rule.max_length is not None and len(raw) > rule.max_length:
        errors.append(FieldError("string_too_long", path))
        return None
    if not raw or raw.isspace():
        errors.append(FieldError("empty_string", path))
        return None
    return raw


def _read_currency(rule: FieldRule, raw: Any, path: str, errors: Errors) -> str | None:
    if not isinstance(raw, str):
        errors.append(FieldError("invalid_type", path))
        return None
    if not _CURRENCY.fullmatch(raw):
        errors.append(FieldError("invalid_currency", path))
        return None
    return raw


def _read_schema_version(rule: FieldRule, raw: Any, path: str, errors: Errors) -> int | None:
    # Only a JSON number: the string "1" is a wrong type here, unlike in numeric fields.
    if not isinstance(raw, JsonNumber):
        errors.append(FieldError("invalid_type", path))
        return None
    value = read_number_text(raw.text)
    if isinstance(value, str):
        errors.append(FieldError(value, path))
        return None
    if value != 1:
        errors.append(FieldError("unsupported_schema_version", path))
        return None
    return 1


def _read_object(rule: FieldRule, raw: Any, path: str, errors: Errors) -> Mapping[str, Any] | None:
    if not isinstance(raw, dict):
        errors.append(FieldError("invalid_type", path))
        return None
    before = len(errors)
    values = read_fields(rule.fields, raw, path, errors)
    # A nested object is usable only whole: a half-valid scale or weight set is no scale.
    return None if len(errors) > before else values


def _read_array(
    rule: FieldRule, raw: Any, path: str, errors: Errors
) -> tuple[Mapping[str, Any] | None, ...] | None:
    if not isinstance(raw, list):
        errors.append(FieldError("invalid_type", path))
        return None
    if not rule.min_items <= len(raw) <= rule.max_items:
        errors.append(FieldError("out_of_range", path))
    items: list[Mapping[str, Any] | None] = []
    for index, element in enumerate(raw):
        item_path = f"{path}/{index}"
        if element is None:
            errors.append(FieldError("null_not_allowed", item_path))
            items.append(None)
        elif not isinstance(element, dict):
            errors.append(FieldError("invalid_type", item_path))
            items.append(None)
        else:
            items.append(read_fields(rule.fields, element, item_path, errors))
    return tuple(items)


READERS: Final[dict[Kind, Reader]] = {
    Kind.DECIMAL: _read_decimal,
    Kind.INTEGER: _read_integer,
    Kind.TEXT: _read_text,
    Kind.CURRENCY: _read_currency,
    Kind.SCHEMA_VERSION: _read_schema_version,
    Kind.OBJECT: _read_object,
    Kind.ARRAY: _read_array,
}


def read_fields(
    rules: tuple[FieldRule, ...], obj: dict[str, Any], path: str, errors: Errors
) -> Mapping[str, Any]:
    """Read every row of ``rules`` from ``obj``; return the valid values by field name.

    An unknown key is reported once per object, at the object's own path (never its name).
    """
    known = {rule.name for rule in rules}
    if not known.issuperset(obj):
        errors.append(FieldError("unknown_key", path))
    values: dict[str, Any] = {}
    for rule in rules:
        field_path = f"{path}/{rule.name}"
        if rule.name not in obj:
            if rule.presence is Presence.REQUIRED:
                errors.append(FieldError("missing_required", field_path))
            continue
        raw = obj[rule.name]
        if raw is None:
            errors.append(FieldError("null_not_allowed", field_path))
            continue
        value = READERS[rule.kind](rule, raw, field_path, errors)
        if value is not None:
            values[rule.name] = value
    return MappingProxyType(values)


# ---- cross-field rules (§4.3, §16 "Cross-field"), run in this order after the rows ----

CrossFieldRule = Callable[[dict[str, Any], Mapping[str, Any], Errors], None]


def _form_is_valid(raw: Any) -> bool:
    text = _number_text(raw)
    return text is not None and not isinstance(read_number_text(text), str)


def _usable_scale(values: Mapping[str, Any]) -> Mapping[str, Any] | None:
    scale: Mapping[str, Any] | None = values.get("qualityScale")
    if scale is None or scale["minimum"] >= scale["maximum"]:
        return None
    return scale


def _in_scale(value: Decimal, scale: Mapping[str, Any]) -> bool:
    return bool(scale["minimum"] <= value <= scale["maximum"])


def check_unique_supplier_ids(
    document: dict[str, Any], values: Mapping[str, Any], errors: Errors
) -> None:
    """``duplicate_supplier_id`` at each later quote repeating an earlier id (exact equality)."""
    seen: set[str] = set()
    for index, quote in enumerate(values.get("quotes") or ()):
        if quote is None or "supplierId" not in quote:
            continue
        supplier_id = quote["supplierId"]
        if supplier_id in seen:
            errors.append(FieldError("duplicate_supplier_id", f"/quotes/{index}/supplierId"))
        seen.add(supplier_id)


def check_weights_sum(document: dict[str, Any], values: Mapping[str, Any], errors: Errors) -> None:
    """``weights_sum_zero`` when every weight of a valid weight set is 0."""
    weights = values.get("weights")
    if weights is not None and not any(weights.values()):
        errors.append(FieldError("weights_sum_zero", "/weights"))


def check_scale_order(document: dict[str, Any], values: Mapping[str, Any], errors: Errors) -> None:
    """``invalid_quality_scale`` unless ``minimum < maximum``."""
    scale = values.get("qualityScale")
    if scale is not None and scale["minimum"] >= scale["maximum"]:
        errors.append(FieldError("invalid_quality_scale", "/qualityScale"))


def check_minimum_quality_score(
    document: dict[str, Any], values: Mapping[str, Any], errors: Errors
) -> None:
    """Needs a ``qualityScale`` and must lie within it (skipped when the scale is invalid)."""
    if "minimumQualityScore" not in document:
        return
    if "qualityScale" not in document and _form_is_valid(document["minimumQualityScore"]):
        errors.append(FieldError("requires_quality_scale", "/minimumQualityScore"))
    minimum = values.get("minimumQualityScore")
    scale = _usable_scale(values)
    if minimum is not None and scale is not None and not _in_scale(minimum, scale):
        errors.append(FieldError("out_of_range", "/minimumQualityScore"))


def check_quality_scores_in_scale(
    document: dict[str, Any], values: Mapping[str, Any], errors: Errors
) -> None:
    """Each quote's ``qualityScore`` lies within a valid ``qualityScale``."""
    scale = _usable_scale(values)
    if scale is None:
        return
    for index, quote in enumerate(values.get("quotes") or ()):
        score = None if quote is None else quote.get("qualityScore")
        if score is not None and not _in_scale(score, scale):
            errors.append(FieldError("out_of_range", f"/quotes/{index}/qualityScore"))


def check_delta_needs_weights(
    document: dict[str, Any], values: Mapping[str, Any], errors: Errors
) -> None:
    """``requires_weights`` for a well-formed ``sensitivityDelta`` (even out of range)."""
    if (
        "sensitivityDelta" in document
        and "weights" not in document
        and _form_is_valid(document["sensitivityDelta"])
    ):
        errors.append(FieldError("requires_weights", "/sensitivityDelta"))


CROSS_FIELD_RULES: Final[tuple[CrossFieldRule, ...]] = (
    check_unique_supplier_ids,
    check_weights_sum,
    check_scale_order,
    check_minimum_quality_score,
    check_quality_scores_in_scale,
    check_delta_needs_weights,
)


def report(errors: Errors) -> tuple[FieldError, ...]:
    """The error list as shown: each ``(code, path)`` once, sorted by ``(path, code)``, <= 100."""
    unique = set(errors)
    return tuple(sorted(unique, key=lambda error: (error.path, error.code))[:MAX_ERRORS])


@attrs.frozen
class Validate:
    """The parsed object to a :class:`Request`, or a halt with every error found."""

    root_fields: tuple[FieldRule, ...] = BASE_ROOT_FIELDS + tuple(
        rule.field for rule in CONSTRAINT_RULES
    )
    cross_field_rules: tuple[CrossFieldRule, ...] = CROSS_FIELD_RULES
    name: str = "validate"

    def __call__(self, ctx: Context) -> Context:
        document = ctx.document
        assert isinstance(document, dict)
        errors: Errors = []
        values = read_fields(self.root_fields, document, "", errors)
        for rule in self.cross_field_rules:
            rule(document, values, errors)
        if errors:
            shown = report(errors)
            return attrs.evolve(
                ctx, errors=shown, halt=Halt(self.name, f"{len(set(errors))} validation error(s)")
            )
        fields = {name: value for name, value in values.items() if name != "quotes"}
        request = Request(fields=MappingProxyType(fields), quotes=tuple(values["quotes"]))
        return attrs.evolve(ctx, request=request)

    def summary(self, ctx: Context) -> dict[str, object]:
        if ctx.request is None:
            return {"errors": [[error.code, error.path] for error in ctx.errors]}
        return {
            "quotes": len(ctx.request.quotes),
            "rootFields": sorted(ctx.request.fields),
        }
