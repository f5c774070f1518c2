"""Stage 2, validate: the JSON object against the field-rule table (CONTRACT §4.2-§4.4, §16).

The validator walks the rows of ``fields.py`` (never hard-coded names), reading each present
field with the reader for its kind, then runs the cross-field rules below in order. It
collects every error (not just the first) as ``(code, path)``; the list is de-duplicated,
sorted by ``(path, code)`` in code-point order and cut to 100. Any error halts the pipeline
with status ``invalid_input``. No text from the input ever enters an error.

Only what can be reported is kept while validating (:class:`ErrorReport`): the 100 first
errors in that order and the count of distinct errors, never one object per error (a
262144-byte ``quotes`` array holds 131k elements, each an error).
"""

from __future__ import annotations

import re
from bisect import insort
from collections.abc import Callable, Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Protocol

import attrs

from ..core.codes import CONVERSION_ERROR_MESSAGES, ERROR_MESSAGES
from ..core.constraint_rules import fixed_root_fields
from ..core.context import Context, FieldError, Halt, Request
from ..core.fields import FieldRule, Kind, Presence
from ..core.numberform import MAX_NUMBER_CHARS, all_plain_decimals, read_number_text
from ..core.records import Record
from .parse import JsonNumber

if TYPE_CHECKING:
    from datetime import date

MAX_ERRORS: Final = 100
# What ``dict.get`` gives for an absent key (``None`` is JSON null, a present value).
_ABSENT: Final = object()
_NO_VALUES: Final[Mapping[str, Any]] = MappingProxyType({})
# Compiled on first use (``re`` caches it) rather than at import, which every call pays for.
_CURRENCY: Final = "[A-Z]{3}"


class Errors(Protocol):
    """Where readers and cross-field rules put the errors they find (a list will do)."""

    def append(self, error: FieldError, /) -> None: ...

    def __len__(self) -> int: ...


class Rejected:
    """A scalar reader's answer for a bad value: the error code (the caller adds the path)."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code


# One shared instance per code: a rejection carries no data but its code.
_REJECTED: Final = {code: Rejected(code) for code in (*ERROR_MESSAGES, *CONVERSION_ERROR_MESSAGES)}

ScalarReader = Callable[[FieldRule, Any], Any]
ContainerReader = Callable[[FieldRule, Any, str, Errors], Any]


def _number(raw: Any) -> Decimal | Rejected:
    if isinstance(raw, JsonNumber):
        text = raw.text
    elif isinstance(raw, str):
        text = raw
    else:
        return _REJECTED["invalid_type"]
    value = read_number_text(text)
    return _REJECTED[value] if isinstance(value, str) else value


def _read_decimal(rule: FieldRule, raw: Any) -> Decimal | Rejected:
    value = _number(raw)
    if isinstance(value, Rejected):
        return value
    if rule.bounds is not None and not rule.bounds.contains(value):
        return _REJECTED["out_of_range"]
    return value


def _read_integer(rule: FieldRule, raw: Any) -> int | Rejected:
    value = _number(raw)
    if isinstance(value, Rejected):
        return value
    numerator, denominator = value.as_integer_ratio()
    # Integrality first: a value both fractional and above 10^9 is not_integer (§16).
    if denominator != 1:
        return _REJECTED["not_integer"]
    if rule.bounds is not None and not rule.bounds.contains(numerator):
        return _REJECTED["out_of_range"]
    return numerator


def _read_text(rule: FieldRule, raw: Any) -> str | Rejected:
    if not isinstance(raw, str):
        return _REJECTED["invalid_type"]
    # Too long wins over blank (§16); len() counts code points.
    if rule.max_length is not None and len(raw) > rule.max_length:
        return _REJECTED["string_too_long"]
    if not raw or raw.isspace():
        return _REJECTED["empty_string"]
    return raw


def _read_choice(rule: FieldRule, raw: Any) -> str | Rejected:
    """One of the row's names (issue 38): the names are its whole range."""
    if not isinstance(raw, str):
        return _REJECTED["invalid_type"]
    return raw if raw in rule.choices else _REJECTED["out_of_range"]


def _read_currency(rule: FieldRule, raw: Any) -> str | Rejected:
    if not isinstance(raw, str):
        return _REJECTED["invalid_type"]
    if not re.fullmatch(_CURRENCY, raw):
        return _REJECTED["invalid_currency"]
    return raw


_RATE_FORM: Final = r"(0|[1-9][0-9]*)(\.[0-9]{1,10})?"
_DATE_FORM: Final = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"


def _read_rate(rule: FieldRule, raw: Any) -> Decimal | Rejected:
    """An exchange rate (issue 27): the number grammar with up to 10 fractional digits; a
    longer fraction is ``too_many_rate_decimals``, every other defect as for any number."""
    if isinstance(raw, JsonNumber):
        text = raw.text
    elif isinstance(raw, str):
        text = raw
    else:
        return _REJECTED["invalid_type"]
    if len(text) <= MAX_NUMBER_CHARS and re.fullmatch(_RATE_FORM, text):
        value = Decimal(text)
    else:
        code = read_number_text(text)
        if code == "too_many_decimals" or isinstance(code, Decimal):
            # A Decimal here has 1-6 decimals but failed the rate form: impossible; kept total.
            code = "too_many_rate_decimals"
        return _REJECTED[code]
    if rule.bounds is not None and not rule.bounds.contains(value):
        return _REJECTED["out_of_range"]
    return value


def _read_date(rule: FieldRule, raw: Any) -> date | Rejected:
    """A calendar date written ``YYYY-MM-DD`` (issue 27), else ``invalid_date``."""
    if not isinstance(raw, str):
        return _REJECTED["invalid_type"]
    if re.fullmatch(_DATE_FORM, raw):
        # Imported here: only requests with dates need it (the fixed call never loads it).
        from datetime import date

        try:
            return date.fromisoformat(raw)
        except ValueError:
            pass
    return _REJECTED["invalid_date"]


def _read_schema_version(rule: FieldRule, raw: Any) -> int | Rejected:
    # Only a JSON number: the string "1" is a wrong type here, unlike in numeric fields.
    if not isinstance(raw, JsonNumber):
        return _REJECTED["invalid_type"]
    value = _number(raw)
    if isinstance(value, Rejected):
        return value
    if value != 1:
        return _REJECTED["unsupported_schema_version"]
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
    by_column = _read_by_column(rule.fields, raw)
    if by_column is not None:
        return by_column
    items: list[Mapping[str, Any] | None] = []
    for index, element in enumerate(raw):
        if isinstance(element, dict):
            items.append(read_fields(rule.fields, element, f"{path}/{index}", errors))
            continue
        code = "null_not_allowed" if element is None else "invalid_type"
        errors.append(FieldError(code, f"{path}/{index}"))
        items.append(None)
    return tuple(items)


def _read_by_column(
    rules: tuple[FieldRule, ...], elements: list[Any]
) -> tuple[Mapping[str, Any], ...] | None:
    """The objects of an array read one row (field) at a time for all of them, when every one
    is an object of known keys whose every field is well formed; else ``None``, and the
    objects are read one by one (:func:`read_fields`), which reports what is wrong.

    Nothing is reported here: on this path every value is one the full readers accept as it
    is, so reading the objects one by one would report nothing either.
    """
    plan = _plan(rules)
    known = plan.names
    if not all(element.__class__ is dict and known.issuperset(element) for element in elements):
        return None
    names: list[str] = []
    columns: list[list[Any]] = []
    gaps = False
    for name, rule, column, step in plan.rows:
        raws = [element.get(name, _ABSENT) for element in elements]
        present = [raw for raw in raws if raw is not _ABSENT]
        if len(present) < len(raws):
            if step.required:
                return None
            if not present:
                continue
        read = column(rule, present)
        if read is None:
            return None
        if len(present) < len(raws):
            gaps = True
            values = iter(read)
            read = [_ABSENT if raw is _ABSENT else next(values) for raw in raws]
        names.append(name)
        columns.append(read)
    rows = zip(*columns, strict=True) if columns else ((),) * len(elements)
    if gaps:
        found = [
            {n: v for n, v in zip(names, row, strict=True) if v is not _ABSENT} for row in rows
        ]
    else:
        found = [dict(zip(names, row, strict=True)) for row in rows]
    return tuple(MappingProxyType(values) if values else _NO_VALUES for values in found)


SCALAR_READERS: Final[dict[Kind, ScalarReader]] = {
    Kind.DECIMAL: _read_decimal,
    Kind.INTEGER: _read_integer,
    Kind.TEXT: _read_text,
    Kind.CURRENCY: _read_currency,
    Kind.SCHEMA_VERSION: _read_schema_version,
    Kind.RATE: _read_rate,
    Kind.DATE: _read_date,
    Kind.CHOICE: _read_choice,
}
CONTAINER_READERS: Final[dict[Kind, ContainerReader]] = {
    Kind.OBJECT: _read_object,
    Kind.ARRAY: _read_array,
}


# ---- the happy path: well-formed values read a column at a time, the readers above only for
# a defect ----
#
# A column reader takes the present values of one row (one field of one object, or of every
# object of an array) and returns their values if every one is the plain well-formed case the
# full reader accepts unchanged, else ``None``: then the full readers read them again and find
# the error (or accept an unusual form such as ``12.0`` for an integer). Bounds are intervals,
# so a column lies within them iff its least and greatest values do.

ColumnReader = Callable[[FieldRule, list[Any]], "list[Any] | None"]


_STR_ONLY: Final = {str}


def _only_str(values: list[Any]) -> bool:
    """Whether every value is exactly a ``str`` (not a subclass), tested in C."""
    return set(map(type, values)) == _STR_ONLY


def _within(rule: FieldRule, values: list[Any]) -> bool:
    bounds = rule.bounds
    return (
        bounds is None
        or not values
        or (bounds.contains(min(values)) and bounds.contains(max(values)))
    )


def _decimal_column(rule: FieldRule, raws: list[Any]) -> list[Any] | None:
    """:func:`_read_decimal` of each plain decimal within bounds, or ``None``."""
    texts = [raw.text if raw.__class__ is JsonNumber else raw for raw in raws]
    if not texts or (_only_str(texts) and all_plain_decimals(texts)):
        values = list(map(Decimal, texts))
        if _within(rule, values):
            return values
    return None


def _integer_column(rule: FieldRule, raws: list[Any]) -> list[Any] | None:
    """:func:`_read_integer` of each plain integer (no point) within bounds, or ``None``."""
    texts = [raw.text if raw.__class__ is JsonNumber else raw for raw in raws]
    if not texts or (_only_str(texts) and "." not in "".join(texts) and all_plain_decimals(texts)):
        values = list(map(int, texts))
        if _within(rule, values):
            return values
    return None


def _text_column(rule: FieldRule, raws: list[Any]) -> list[Any] | None:
    """:func:`_read_text` of each non-blank string within its length, or ``None``."""
    if not raws:
        return raws
    longest = rule.max_length
    if not _only_str(raws):
        return None
    lengths = list(map(len, raws))
    if (
        (longest is None or max(lengths) <= longest)
        and min(lengths) > 0
        and not any(map(str.isspace, raws))
    ):
        return raws
    return None


def _currency_column(rule: FieldRule, raws: list[Any]) -> list[Any] | None:
    """:func:`_read_currency` of each three ASCII capitals (``[A-Z]{3}``), or ``None``."""
    if not raws:
        return raws
    if not _only_str(raws) or set(map(len, raws)) != {3}:
        return None
    # All ASCII letters and all capitals joined iff each is: every ASCII letter is cased.
    joined = "".join(raws)
    if joined.isascii() and joined.isalpha() and joined.isupper():
        return raws
    return None


def _never(rule: FieldRule, raws: list[Any]) -> list[Any] | None:
    return None


def _array_column(rule: FieldRule, raws: list[Any]) -> list[Any] | None:
    """:func:`_read_array` of each array (of an allowed length) whose objects
    :func:`_read_by_column` reads without a defect, or ``None``. Only nested arrays reach it
    (a plan quote's ``priceBreaks``); the fixed request has none."""
    values = []
    for raw in raws:
        if raw.__class__ is not list or not rule.min_items <= len(raw) <= rule.max_items:
            return None
        read = _read_by_column(rule.fields, raw)
        if read is None:
            return None
        values.append(read)
    return values


COLUMN_READERS: Final[dict[Kind, ColumnReader]] = {
    Kind.DECIMAL: _decimal_column,
    Kind.INTEGER: _integer_column,
    Kind.TEXT: _text_column,
    Kind.CURRENCY: _currency_column,
    Kind.ARRAY: _array_column,
}


@attrs.frozen(eq=False, repr=False)
class _Step(Record):
    """One row prepared for reading: its reader looked up once per table, not per value."""

    name: str
    required: bool
    rule: FieldRule
    scalar: ScalarReader | None
    container: ContainerReader | None
    column: ColumnReader


@attrs.frozen(eq=False, repr=False)
class _Plan(Record):
    rules: tuple[FieldRule, ...]
    names: frozenset[str]
    steps: tuple[_Step, ...]
    # The steps as plain tuples (name, rule, column reader, step), unpacked in the hot loops.
    rows: tuple[tuple[str, FieldRule, ColumnReader, _Step], ...]


_PLANS: dict[int, _Plan] = {}


def _plan(rules: tuple[FieldRule, ...]) -> _Plan:
    # Cached by identity; the plan holds the table itself, so its id is never reused.
    plan = _PLANS.get(id(rules))
    if plan is None or plan.rules is not rules:
        steps = tuple(
            _Step(
                rule.name,
                rule.presence is Presence.REQUIRED,
                rule,
                SCALAR_READERS.get(rule.kind),
                CONTAINER_READERS.get(rule.kind),
                COLUMN_READERS.get(rule.kind, _never),
            )
            for rule in rules
        )
        rows = tuple((step.name, step.rule, step.column, step) for step in steps)
        names = frozenset(rule.name for rule in rules)
        plan = _PLANS[id(rules)] = _Plan(rules, names, steps, rows)
    return plan


def _read_step(step: _Step, obj: dict[str, Any], path: str, errors: Errors) -> Any:
    """One row read in full: the value, or ``None`` (absent, or an error was appended)."""
    name = step.name
    if name not in obj:
        if step.required:
            errors.append(FieldError("missing_required", f"{path}/{name}"))
        return None
    raw = obj[name]
    if raw is None:
        errors.append(FieldError("null_not_allowed", f"{path}/{name}"))
        return None
    if step.scalar is not None:
        value = step.scalar(step.rule, raw)
        if isinstance(value, Rejected):
            errors.append(FieldError(value.code, f"{path}/{name}"))
            return None
        return value
    assert step.container is not None
    return step.container(step.rule, raw, f"{path}/{name}", errors)


def read_fields(
    rules: tuple[FieldRule, ...], obj: dict[str, Any], path: str, errors: Errors
) -> Mapping[str, Any]:
    """Read every row of ``rules`` from ``obj``; return the valid values by field name.

    An unknown key is reported once per object, at the object's own path (never its name).
    """
    plan = _plan(rules)
    values: dict[str, Any] = {}
    get = obj.get
    for name, rule, column, step in plan.rows:
        raw = get(name, _ABSENT)
        if raw is not _ABSENT:
            read = column(rule, [raw])
            if read is not None:
                values[name] = read[0]
                continue
        # Absent, null, a container or a defect: the full reading, which reports the error.
        value = _read_step(step, obj, path, errors)
        if value is not None:
            values[name] = value
    if not plan.names.issuperset(obj):
        errors.append(FieldError("unknown_key", path))
    # One shared read-only empty mapping: an array of 87k ``{}`` would otherwise hold 87k.
    return MappingProxyType(values) if values else _NO_VALUES


# ---- cross-field rules (§4.3, §16 "Cross-field"), run in this order after the rows ----

CrossFieldRule = Callable[[dict[str, Any], Mapping[str, Any], Errors], None]


def _form_is_valid(raw: Any) -> bool:
    return not isinstance(_number(raw), Rejected)


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
    low, high = scale["minimum"], scale["maximum"]
    for index, quote in enumerate(values.get("quotes") or ()):
        score = None if quote is None else quote.get("qualityScore")
        # _in_scale, inline: this runs for every quote.
        if score is not None and not low <= score <= high:
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


def report(errors: list[FieldError]) -> tuple[FieldError, ...]:
    """The error list as shown: each ``(code, path)`` once, sorted by ``(path, code)``, <= 100."""
    unique = set(errors)
    return tuple(sorted(unique, key=lambda error: (error.path, error.code))[:MAX_ERRORS])


class ErrorReport:
    """The errors of one request as :func:`report` would show them, kept in bounded memory.

    It holds the at most :data:`MAX_ERRORS` smallest distinct ``(path, code)`` keys seen so
    far, in order, and counts the distinct errors (the halt reason says how many). An error
    past the 100 kept is counted and dropped. Counting without remembering relies on the rule
    the readers and the cross-field rules keep: no ``(code, path)`` is reported twice (a
    reader reports one error per field path, an object or array its own type, length or
    unknown-key error once; a cross-field rule reads only accepted values, whose paths carry no
    reader error). A repeat within the kept 100 is dropped either way.
    """

    __slots__ = ("_held", "_kept", "appended", "distinct")

    def __init__(self) -> None:
        self._kept: list[tuple[str, str]] = []
        self._held: set[tuple[str, str]] = set()
        self.appended = 0
        self.distinct = 0

    def append(self, error: FieldError, /) -> None:
        self.appended += 1
        key = (error.path, error.code)
        if key in self._held:
            return
        self.distinct += 1
        kept = self._kept
        if len(kept) == MAX_ERRORS:
            if key > kept[-1]:
                return
            self._held.discard(kept.pop())
        insort(kept, key)
        self._held.add(key)

    def __len__(self) -> int:
        """How many errors were appended (with repeats): readers compare it before and after."""
        return self.appended

    def shown(self) -> tuple[FieldError, ...]:
        """The errors the result lists, in order."""
        return tuple(FieldError(code, path) for path, code in self._kept)


@attrs.frozen(eq=False, repr=False)
class Validate(Record):
    """The parsed object to a :class:`Request`, or a halt with every error found."""

    root_fields: tuple[FieldRule, ...] = fixed_root_fields()
    cross_field_rules: tuple[CrossFieldRule, ...] = CROSS_FIELD_RULES
    name: str = "validate"

    def __call__(self, ctx: Context) -> Context:
        document = ctx.document
        assert isinstance(document, dict)
        errors = ErrorReport()
        values = read_fields(self.root_fields, document, "", errors)
        for rule in self.cross_field_rules:
            rule(document, values, errors)
        if errors:
            return attrs.evolve(
                ctx,
                errors=errors.shown(),
                halt=Halt(self.name, f"{errors.distinct} validation error(s)"),
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
