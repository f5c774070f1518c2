"""White-box tests of the validate stage (CONTRACT §4.2-§4.4, §16).

- one table per field kind: a raw JSON value -> the value read, or the one error code;
- ``read_fields``: unknown keys, missing required fields, explicit null;
- every cross-field rule function called directly;
- ``report()``: de-duplication, ``(path, code)`` code-point order, cap at 100;
- the ``Validate`` stage: halts with every error, otherwise yields a ``Request``;
- the validator is driven by the rows of ``fields.py`` (no hard-coded names).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from quotecalc.core.constraint_rules import CONSTRAINT_RULES
from quotecalc.core.context import Context, FieldError, Request
from quotecalc.core.fields import (
    BASE_ROOT_FIELDS,
    OPTIONAL,
    QUALITY_SCALE_FIELDS,
    QUOTE_FIELDS,
    REQUIRED,
    WEIGHT_FIELDS,
    FieldRule,
    Kind,
    Presence,
    array_field,
    choice_field,
    currency_field,
    date_field,
    decimal_field,
    integer_field,
    object_field,
    rate_field,
    schema_version_field,
    text_field,
)
from quotecalc.stages.parse import JsonNumber, parse_json
from quotecalc.stages.validate import (
    MAX_ERRORS,
    Validate,
    check_delta_needs_weights,
    check_minimum_quality_score,
    check_quality_scores_in_scale,
    check_scale_order,
    check_unique_supplier_ids,
    check_weights_sum,
    read_fields,
    report,
)

# ---- helpers ----


def load(text: str) -> dict[str, Any]:
    """The parsed JSON object of ``text`` (numbers as JsonNumber, as the parse stage gives)."""
    document = parse_json(text.encode("utf-8"))
    assert isinstance(document, dict), document
    return document


def read_one(rule: FieldRule, raw: str) -> tuple[Any, list[FieldError]]:
    """Read the single field ``rule`` (named ``f``) from ``{"f": <raw JSON>}``."""
    assert rule.name == "f"
    errors: list[FieldError] = []
    values = read_fields((rule,), load('{"f":' + raw + "}"), "", errors)
    return values.get("f"), errors


def validate(document: dict[str, Any], stage: Validate | None = None) -> Context:
    return (stage or Validate())(Context(raw=b"", document=document))


def error_set(ctx: Context) -> set[tuple[str, str]]:
    return {(error.code, error.path) for error in ctx.errors}


# ---- the field-kind tables ----

DEC = decimal_field("f")
DELTA = decimal_field("f", low=Decimal(0), high=Decimal(1), low_open=True, high_open=True)
INT = integer_field("f")
POS = integer_field("f", positive=True)
TEXT = text_field("f", OPTIONAL, 5)
CUR = currency_field("f", OPTIONAL)
SCHEMA = schema_version_field("f")
OBJ = object_field("f", OPTIONAL, (decimal_field("x", REQUIRED), decimal_field("y")))
ARR = array_field("f", OPTIONAL, (text_field("id", REQUIRED, 64),), min_items=1, max_items=3)
RATE = rate_field("f", OPTIONAL)
DATE = date_field("f", OPTIONAL)
CHOICE = choice_field("f", OPTIONAL, ("standard", "proof"))  # issue 38: effort's kind

DIGITS_48 = "1" * 48
DIGITS_49 = "1" * 49

DECIMAL_ACCEPT: list[tuple[FieldRule, str, Decimal]] = [
    (DEC, "0", Decimal("0")),
    (DEC, "35.00", Decimal("35.00")),  # own digits kept
    (DEC, '"35.00"', Decimal("35.00")),  # a string holding a plain decimal
    (DEC, "0.000000", Decimal("0.000000")),
    (DEC, "0.000001", Decimal("0.000001")),
    (DEC, "1000000000000000", Decimal("1000000000000000")),  # 10^15 inclusive
    (DEC, '"1000000000000000.000000"', Decimal("1000000000000000.000000")),
    (DELTA, "0.000001", Decimal("0.000001")),  # 0 < d
    (DELTA, "0.999999", Decimal("0.999999")),  # d < 1
    (DELTA, '"0.5"', Decimal("0.5")),
]


@pytest.mark.parametrize(("rule", "raw", "expected"), DECIMAL_ACCEPT)
def test_decimal_kind_accepts(rule: FieldRule, raw: str, expected: Decimal) -> None:
    value, errors = read_one(rule, raw)
    assert errors == []
    assert isinstance(value, Decimal)
    assert value.as_tuple() == expected.as_tuple()


INTEGER_ACCEPT: list[tuple[FieldRule, str, int]] = [
    (INT, "0", 0),
    (INT, "5", 5),
    (INT, "5.0", 5),  # §4.2: 5, 5.0, "5", "5.000000" are all the integer 5
    (INT, '"5"', 5),
    (INT, '"5.000000"', 5),
    (INT, "1000000000", 10**9),  # <= 10^9 inclusive
    (INT, "1000000000.000000", 10**9),
    (POS, "1", 1),
    (POS, '"1.0"', 1),
    (POS, "1000000000", 10**9),
]


@pytest.mark.parametrize(("rule", "raw", "expected"), INTEGER_ACCEPT)
def test_integer_kind_accepts(rule: FieldRule, raw: str, expected: int) -> None:
    value, errors = read_one(rule, raw)
    assert errors == []
    assert type(value) is int
    assert value == expected


OTHER_ACCEPT: list[tuple[FieldRule, str, object]] = [
    (TEXT, '"abc"', "abc"),
    (TEXT, '"abcde"', "abcde"),  # exactly 5
    (TEXT, '" a "', " a "),  # no trimming
    (TEXT, '"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9"', "\u00e9" * 5),  # 5 code points, 10 bytes
    (TEXT, '"' + "\\ud83d\\ude00" * 5 + '"', "\U0001f600" * 5),  # 5 code points, 10 UTF-16
    (TEXT, '"\\u200b"', "\u200b"),  # ZERO WIDTH SPACE is not str.isspace()
    (CUR, '"USD"', "USD"),
    (CUR, '"CNY"', "CNY"),
    (SCHEMA, "1", 1),
    (SCHEMA, "1.0", 1),
    (SCHEMA, "1.000000", 1),
    (RATE, '"7.1234567891"', Decimal("7.1234567891")),
    (RATE, "0.0000000001", Decimal("0.0000000001")),
    (RATE, "1000000000", Decimal(1000000000)),
    (RATE, '"7.10"', Decimal("7.10")),
    (DATE, '"2028-02-29"', date(2028, 2, 29)),
    (DATE, '"2026-11-30"', date(2026, 11, 30)),
    (CHOICE, '"standard"', "standard"),
    (CHOICE, '"proof"', "proof"),
]


@pytest.mark.parametrize(("rule", "raw", "expected"), OTHER_ACCEPT)
def test_text_currency_schema_kinds_accept(rule: FieldRule, raw: str, expected: object) -> None:
    value, errors = read_one(rule, raw)
    assert errors == []
    assert value == expected
    assert type(value) is type(expected)


REJECT: list[tuple[FieldRule, str, str]] = [
    # exchange rate (issue 27): up to 10 decimals, 0 < v <= 10^9, every other defect as numbers
    (RATE, '"0.12345678901"', "too_many_rate_decimals"),
    (RATE, "7.12345678901", "too_many_rate_decimals"),
    (RATE, "0", "out_of_range"),
    (RATE, '"0.0000000000"', "out_of_range"),
    (RATE, "1000000000.0000000001", "out_of_range"),
    (RATE, "-7.1", "negative_value"),
    (RATE, "7e0", "exponent_not_allowed"),
    (RATE, '"NaN"', "non_finite_number"),
    (RATE, '"07.1"', "invalid_number_format"),
    (RATE, '"' + "1" * 49 + '"', "number_too_long"),
    (RATE, "true", "invalid_type"),
    # date (issue 27): YYYY-MM-DD and a real day
    (DATE, '"2026-02-29"', "invalid_date"),
    (DATE, '"2026-13-01"', "invalid_date"),
    (DATE, '"20261130"', "invalid_date"),
    (DATE, '"2026-11-30T00:00"', "invalid_date"),
    (DATE, '"2026-1-30"', "invalid_date"),
    (DATE, '" 2026-11-30"', "invalid_date"),
    (DATE, "20261130", "invalid_type"),
    # choice (issue 38): one of the row's names, exactly
    (CHOICE, '"max"', "out_of_range"),
    (CHOICE, '"Proof"', "out_of_range"),
    (CHOICE, '" proof"', "out_of_range"),
    (CHOICE, '""', "out_of_range"),
    (CHOICE, "1", "invalid_type"),
    (CHOICE, "true", "invalid_type"),
    (CHOICE, '["proof"]', "invalid_type"),
    # decimal (§4.2): number forms, types, range 0 <= v <= 10^15
    (DEC, "-0", "negative_value"),
    (DEC, '"-0"', "negative_value"),
    (DEC, "-1.5", "negative_value"),
    (DEC, "1e3", "exponent_not_allowed"),
    (DEC, '"1E3"', "exponent_not_allowed"),
    (DEC, "1.0000000", "too_many_decimals"),
    (DEC, '"0.1234567"', "too_many_decimals"),
    (DEC, '"NaN"', "non_finite_number"),
    (DEC, '"inf"', "non_finite_number"),
    (DEC, '"Infinity"', "non_finite_number"),
    (DEC, '"1,000"', "invalid_number_format"),
    (DEC, '" 5"', "invalid_number_format"),
    (DEC, '"05"', "invalid_number_format"),
    (DEC, '"+5"', "invalid_number_format"),
    (DEC, '""', "invalid_number_format"),
    (DEC, '".5"', "invalid_number_format"),
    (DEC, '"5."', "invalid_number_format"),
    (DEC, DIGITS_49, "number_too_long"),
    (DEC, '"' + DIGITS_49 + '"', "number_too_long"),
    (DEC, "9" * 5000, "number_too_long"),
    (DEC, DIGITS_48, "out_of_range"),  # a valid form, far above 10^15
    (DEC, "1000000000000000.000001", "out_of_range"),  # 10^15 + 10^-6
    (DEC, "true", "invalid_type"),
    (DEC, "false", "invalid_type"),
    (DEC, "[]", "invalid_type"),
    (DEC, "[1]", "invalid_type"),
    (DEC, "{}", "invalid_type"),
    (DEC, "null", "null_not_allowed"),
    (DELTA, "0", "out_of_range"),  # 0 < d fails
    (DELTA, "0.000000", "out_of_range"),
    (DELTA, "1", "out_of_range"),  # d < 1 fails
    (DELTA, '"1.000000"', "out_of_range"),
    (DELTA, "-0.5", "negative_value"),
    # integer (§4.2, §16): integrality before range
    (INT, "5.5", "not_integer"),
    (INT, '"5.000001"', "not_integer"),
    (INT, "1000000000.5", "not_integer"),  # both non-integral and > 10^9
    (INT, "1000000001", "out_of_range"),  # 10^9 + 1
    (INT, '"1000000001"', "out_of_range"),
    (INT, DIGITS_48, "out_of_range"),
    (INT, DIGITS_49, "number_too_long"),
    (INT, "-5", "negative_value"),
    (INT, "-0", "negative_value"),
    (INT, "5e0", "exponent_not_allowed"),
    (INT, '"5.0000000"', "too_many_decimals"),
    (INT, '"5 "', "invalid_number_format"),
    (INT, "true", "invalid_type"),
    (INT, "[5]", "invalid_type"),
    (INT, "null", "null_not_allowed"),
    (POS, "0", "out_of_range"),  # positive: 0 is out of range
    (POS, '"0.000000"', "out_of_range"),
    (POS, "0.5", "not_integer"),
    (POS, "1000000001", "out_of_range"),
    # text (§4.3, §16 "Strings"): type, blank, length in code points; too long wins
    (TEXT, '"abcdef"', "string_too_long"),
    (TEXT, '"' + "\\ud83d\\ude00" * 6 + '"', "string_too_long"),  # 6 code points
    (TEXT, '""', "empty_string"),
    (TEXT, '"   "', "empty_string"),
    (TEXT, '"\\t\\n"', "empty_string"),
    (TEXT, '"\\u00a0"', "empty_string"),  # NO-BREAK SPACE is str.isspace()
    (TEXT, '"      "', "string_too_long"),  # 6 spaces: blank and too long
    (TEXT, "5", "invalid_type"),
    (TEXT, "true", "invalid_type"),
    (TEXT, '["a"]', "invalid_type"),
    (TEXT, '{"a":"b"}', "invalid_type"),
    (TEXT, "null", "null_not_allowed"),
    # currency (§4.3): ^[A-Z]{3}$ else invalid_currency
    (CUR, '"usd"', "invalid_currency"),
    (CUR, '"Usd"', "invalid_currency"),
    (CUR, '"US"', "invalid_currency"),
    (CUR, '"USDD"', "invalid_currency"),
    (CUR, '" USD"', "invalid_currency"),
    (CUR, '"USD\\n"', "invalid_currency"),  # "$" must not match before a final newline
    (CUR, '"US1"', "invalid_currency"),
    (CUR, '"\\u00dcSD"', "invalid_currency"),  # U-umlaut is not A-Z
    (CUR, '"\\uff35\\uff33\\uff24"', "invalid_currency"),  # fullwidth USD
    (CUR, '""', "invalid_currency"),
    (CUR, "1", "invalid_type"),
    (CUR, '["USD"]', "invalid_type"),
    (CUR, "null", "null_not_allowed"),
    # schemaVersion (§4.3, §16): a JSON number equal to 1
    (SCHEMA, '"1"', "invalid_type"),
    (SCHEMA, "true", "invalid_type"),
    (SCHEMA, "[1]", "invalid_type"),
    (SCHEMA, "2", "unsupported_schema_version"),
    (SCHEMA, "0", "unsupported_schema_version"),
    (SCHEMA, "1.5", "unsupported_schema_version"),
    (SCHEMA, "1.000001", "unsupported_schema_version"),
    (SCHEMA, "-1", "negative_value"),
    (SCHEMA, "1e0", "exponent_not_allowed"),
    (SCHEMA, "1.0000000", "too_many_decimals"),
    (SCHEMA, DIGITS_49, "number_too_long"),
    (SCHEMA, "null", "null_not_allowed"),
    # object / array: wrong JSON type at their own path
    (OBJ, "[]", "invalid_type"),
    (OBJ, '"x"', "invalid_type"),
    (OBJ, "1", "invalid_type"),
    (OBJ, "null", "null_not_allowed"),
    (ARR, "{}", "invalid_type"),
    (ARR, '"x"', "invalid_type"),
    (ARR, "1", "invalid_type"),
    (ARR, "null", "null_not_allowed"),
]


@pytest.mark.parametrize(
    ("rule", "raw", "code"),
    REJECT,
    ids=[f"{rule.kind.value}:{raw[:30]}" for rule, raw, _ in REJECT],
)
def test_kind_rejects_with_one_code_at_its_path(rule: FieldRule, raw: str, code: str) -> None:
    value, errors = read_one(rule, raw)
    assert value is None
    assert errors == [FieldError(code, "/f")]


OBJECT_ROWS: list[tuple[str, dict[str, Decimal] | None, set[tuple[str, str]]]] = [
    ('{"x":1}', {"x": Decimal(1)}, set()),
    ('{"x":1,"y":"2.50"}', {"x": Decimal(1), "y": Decimal("2.50")}, set()),
    # a nested object is usable only whole: any error -> no value at all
    ("{}", None, {("missing_required", "/f/x")}),
    ('{"x":1,"z":1}', None, {("unknown_key", "/f")}),
    ('{"x":1,"z":1,"w":2}', None, {("unknown_key", "/f")}),  # one per object
    ('{"x":-1}', None, {("negative_value", "/f/x")}),
    ('{"x":null}', None, {("null_not_allowed", "/f/x")}),
    ('{"x":1,"y":true}', None, {("invalid_type", "/f/y")}),
    (
        '{"y":1e3,"q":1}',
        None,
        {("missing_required", "/f/x"), ("exponent_not_allowed", "/f/y")} | {("unknown_key", "/f")},
    ),
]


@pytest.mark.parametrize(("raw", "expected", "errors"), OBJECT_ROWS)
def test_object_kind(
    raw: str, expected: dict[str, Decimal] | None, errors: set[tuple[str, str]]
) -> None:
    value, got = read_one(OBJ, raw)
    assert {(error.code, error.path) for error in got} == errors
    assert len(got) == len(errors)
    if expected is None:
        assert value is None
    else:
        assert dict(value) == expected


def test_object_value_is_read_only() -> None:
    value, _ = read_one(OBJ, '{"x":1}')
    assert isinstance(value, Mapping)
    with pytest.raises(TypeError):
        value["x"] = Decimal(2)  # type: ignore[index]


ARRAY_ROWS: list[tuple[str, set[tuple[str, str]]]] = [
    ('[{"id":"A"}]', set()),
    ("[]", {("out_of_range", "/f")}),  # fewer than min_items=1
    ('[{"id":"A"},{"id":"B"},{"id":"C"}]', set()),  # exactly max_items
    # more than max_items: out_of_range at the array AND the element errors (§16)
    (
        '[{"id":"A"},{"id":"B"},{"id":"C"},{}]',
        {("out_of_range", "/f"), ("missing_required", "/f/3/id")},
    ),
    ("[null]", {("null_not_allowed", "/f/0")}),
    ("[1]", {("invalid_type", "/f/0")}),
    ('["x"]', {("invalid_type", "/f/0")}),
    ("[[]]", {("invalid_type", "/f/0")}),
    ('[{"id":"A"},null,{"id":""}]', {("null_not_allowed", "/f/1"), ("empty_string", "/f/2/id")}),
    ('[{"id":"A","k":1}]', {("unknown_key", "/f/0")}),
]


@pytest.mark.parametrize(("raw", "errors"), ARRAY_ROWS)
def test_array_kind(raw: str, errors: set[tuple[str, str]]) -> None:
    value, got = read_one(ARR, raw)
    assert {(error.code, error.path) for error in got} == errors
    assert len(got) == len(errors)
    assert isinstance(value, tuple)
    assert len(value) == len(json.loads(raw))


def test_array_items_are_read_in_order() -> None:
    value, errors = read_one(ARR, '[{"id":"B"},null,{"id":"A"}]')
    assert [error.path for error in errors] == ["/f/1"]
    assert value is not None
    first, second, third = value
    assert dict(first) == {"id": "B"}
    assert second is None
    assert dict(third) == {"id": "A"}


def test_every_kind_has_a_table_row() -> None:
    tested = {rule.kind for rule, _, _ in REJECT}
    assert tested == set(Kind)


# ---- read_fields: unknown keys, presence, null ----

PRESENCE_RULES = (
    decimal_field("req", REQUIRED),
    decimal_field("core", Presence.CORE),
    decimal_field("opt", OPTIONAL),
)


def test_read_fields_unknown_key_once_at_the_object_path() -> None:
    errors: list[FieldError] = []
    obj = {"req": JsonNumber("1"), "zzz_secret": 1, "yyy_secret": 2}
    values = read_fields(PRESENCE_RULES, obj, "/weights", errors)
    assert errors == [FieldError("unknown_key", "/weights")]
    assert dict(values) == {"req": Decimal(1)}  # known fields are still read


def test_read_fields_missing_required_only_for_required_rows() -> None:
    errors: list[FieldError] = []
    values = read_fields(PRESENCE_RULES, {}, "/quotes/3", errors)
    assert errors == [FieldError("missing_required", "/quotes/3/req")]
    assert dict(values) == {}  # omitted core/optional fields are absent, never 0


@pytest.mark.parametrize("name", ["req", "core", "opt"])
def test_read_fields_null_is_never_allowed(name: str) -> None:
    errors: list[FieldError] = []
    obj: dict[str, Any] = {"req": JsonNumber("1"), name: None}
    values = read_fields(PRESENCE_RULES, obj, "", errors)
    assert errors == [FieldError("null_not_allowed", f"/{name}")]
    assert name not in values


def test_read_fields_collects_every_error() -> None:
    errors: list[FieldError] = []
    obj: dict[str, Any] = {"core": JsonNumber("-1"), "opt": "x", "bad": 1}
    read_fields(PRESENCE_RULES, obj, "", errors)
    assert set(errors) == {
        FieldError("unknown_key", ""),
        FieldError("missing_required", "/req"),
        FieldError("negative_value", "/core"),
        FieldError("invalid_number_format", "/opt"),
    }


def test_read_fields_result_is_read_only() -> None:
    values = read_fields(PRESENCE_RULES, {"req": JsonNumber("1")}, "", [])
    with pytest.raises(TypeError):
        values["req"] = Decimal(2)  # type: ignore[index]


# ---- cross-field rules, called directly ----

SCALE_1_5: Mapping[str, Any] = {
    "definition": "1-5 audit",
    "minimum": Decimal(1),
    "maximum": Decimal(5),
}


def quotes_with(*quotes: Mapping[str, Any] | None) -> dict[str, Any]:
    return {"quotes": tuple(quotes)}


def test_unique_supplier_ids_flags_each_later_repeat() -> None:
    errors: list[FieldError] = []
    values = quotes_with(
        {"supplierId": "A"}, {"supplierId": "B"}, {"supplierId": "A"}, {"supplierId": "A"}
    )
    check_unique_supplier_ids({}, values, errors)
    assert errors == [
        FieldError("duplicate_supplier_id", "/quotes/2/supplierId"),
        FieldError("duplicate_supplier_id", "/quotes/3/supplierId"),
    ]


def test_unique_supplier_ids_uses_exact_string_equality() -> None:
    errors: list[FieldError] = []
    # case, trailing space and NFC vs NFD are all different ids
    values = quotes_with(
        {"supplierId": "A"},
        {"supplierId": "a"},
        {"supplierId": "A "},
        {"supplierId": "\u00e9"},
        {"supplierId": "e\u0301"},
    )
    check_unique_supplier_ids({}, values, errors)
    assert errors == []


def test_unique_supplier_ids_skips_unusable_quotes() -> None:
    errors: list[FieldError] = []
    values = quotes_with({"supplierId": "A"}, None, {}, {"supplierId": "A"})
    check_unique_supplier_ids({}, values, errors)
    assert errors == [FieldError("duplicate_supplier_id", "/quotes/3/supplierId")]
    errors.clear()
    check_unique_supplier_ids({}, {}, errors)
    assert errors == []


@pytest.mark.parametrize(
    ("weights", "expected"),
    [
        ({"cost": Decimal(0), "delivery": Decimal(0), "quality": Decimal(0)}, True),
        ({"cost": Decimal("0.000"), "delivery": Decimal("0"), "quality": Decimal("0.0")}, True),
        ({"cost": Decimal(0), "delivery": Decimal(0), "quality": Decimal("0.000001")}, False),
        ({"cost": Decimal("0.5"), "delivery": Decimal(0), "quality": Decimal(0)}, False),
        (None, False),
    ],
)
def test_weights_sum(weights: Mapping[str, Decimal] | None, expected: bool) -> None:
    errors: list[FieldError] = []
    values = {} if weights is None else {"weights": weights}
    check_weights_sum({}, values, errors)
    assert errors == ([FieldError("weights_sum_zero", "/weights")] if expected else [])


@pytest.mark.parametrize(
    ("minimum", "maximum", "invalid"),
    [
        (Decimal(1), Decimal(5), False),
        (Decimal(0), Decimal("0.000001"), False),
        (Decimal(5), Decimal(5), True),  # minimum < maximum fails
        (Decimal("5.0"), Decimal(5), True),  # equal by value
        (Decimal(6), Decimal(5), True),
    ],
)
def test_scale_order(minimum: Decimal, maximum: Decimal, invalid: bool) -> None:
    errors: list[FieldError] = []
    scale = {"definition": "d", "minimum": minimum, "maximum": maximum}
    check_scale_order({}, {"qualityScale": scale}, errors)
    assert errors == ([FieldError("invalid_quality_scale", "/qualityScale")] if invalid else [])


def test_scale_order_without_scale() -> None:
    errors: list[FieldError] = []
    check_scale_order({}, {}, errors)
    assert errors == []


MINIMUM_SCORE_ROWS: list[tuple[dict[str, Any], dict[str, Any], list[FieldError]]] = [
    # (document, values, expected errors)
    # no qualityScale given: requires_quality_scale
    (
        {"minimumQualityScore": JsonNumber("3")},
        {"minimumQualityScore": Decimal(3)},
        [FieldError("requires_quality_scale", "/minimumQualityScore")],
    ),
    # ... only when its own value is well formed
    ({"minimumQualityScore": JsonNumber("1e3")}, {}, []),
    ({"minimumQualityScore": "-3"}, {}, []),
    ({"minimumQualityScore": True}, {}, []),
    ({"minimumQualityScore": None}, {}, []),
    # a scale was given (even an invalid one): no requires_quality_scale
    ({"minimumQualityScore": JsonNumber("3"), "qualityScale": {}}, {"minimumQualityScore": 3}, []),
    # within [1, 5], both ends inclusive
    (
        {"minimumQualityScore": JsonNumber("1"), "qualityScale": {}},
        {"minimumQualityScore": Decimal(1), "qualityScale": SCALE_1_5},
        [],
    ),
    (
        {"minimumQualityScore": JsonNumber("5"), "qualityScale": {}},
        {"minimumQualityScore": Decimal(5), "qualityScale": SCALE_1_5},
        [],
    ),
    (
        {"minimumQualityScore": JsonNumber("0.999999"), "qualityScale": {}},
        {"minimumQualityScore": Decimal("0.999999"), "qualityScale": SCALE_1_5},
        [FieldError("out_of_range", "/minimumQualityScore")],
    ),
    (
        {"minimumQualityScore": JsonNumber("5.000001"), "qualityScale": {}},
        {"minimumQualityScore": Decimal("5.000001"), "qualityScale": SCALE_1_5},
        [FieldError("out_of_range", "/minimumQualityScore")],
    ),
    # an invalid scale (minimum >= maximum) skips the range check (§16)
    (
        {"minimumQualityScore": JsonNumber("9"), "qualityScale": {}},
        {
            "minimumQualityScore": Decimal(9),
            "qualityScale": {"definition": "d", "minimum": Decimal(5), "maximum": Decimal(1)},
        },
        [],
    ),
    # not given at all
    ({}, {"qualityScale": SCALE_1_5}, []),
]


@pytest.mark.parametrize(("document", "values", "expected"), MINIMUM_SCORE_ROWS)
def test_minimum_quality_score(
    document: dict[str, Any], values: dict[str, Any], expected: list[FieldError]
) -> None:
    errors: list[FieldError] = []
    check_minimum_quality_score(document, values, errors)
    assert errors == expected


def test_quality_scores_in_scale() -> None:
    errors: list[FieldError] = []
    values = {
        "qualityScale": SCALE_1_5,
        "quotes": (
            {"qualityScore": Decimal("0.999999")},  # below 1
            {"qualityScore": Decimal(1)},
            {"qualityScore": Decimal(5)},
            {"qualityScore": Decimal("5.1")},  # above 5
            {},  # no score
            None,  # an invalid element
        ),
    }
    check_quality_scores_in_scale({}, values, errors)
    assert errors == [
        FieldError("out_of_range", "/quotes/0/qualityScore"),
        FieldError("out_of_range", "/quotes/3/qualityScore"),
    ]


@pytest.mark.parametrize(
    "scale",
    [None, {"definition": "d", "minimum": Decimal(5), "maximum": Decimal(5)}],
)
def test_quality_scores_without_a_usable_scale_are_not_range_checked(
    scale: Mapping[str, Any] | None,
) -> None:
    errors: list[FieldError] = []
    values: dict[str, Any] = {"quotes": ({"qualityScore": Decimal(99)},)}
    if scale is not None:
        values["qualityScale"] = scale
    check_quality_scores_in_scale({}, values, errors)
    assert errors == []


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ({"sensitivityDelta": JsonNumber("0.1")}, True),
        ({"sensitivityDelta": "0.1"}, True),
        ({"sensitivityDelta": JsonNumber("1.5")}, True),  # out of range but well formed
        ({"sensitivityDelta": JsonNumber("0")}, True),
        ({"sensitivityDelta": JsonNumber("-0.1")}, False),  # its own form is invalid
        ({"sensitivityDelta": "abc"}, False),
        ({"sensitivityDelta": JsonNumber("1e-1")}, False),
        ({"sensitivityDelta": True}, False),
        ({"sensitivityDelta": None}, False),
        ({"sensitivityDelta": JsonNumber("0.1"), "weights": {}}, False),  # weights given
        ({"sensitivityDelta": JsonNumber("0.1"), "weights": None}, False),
        ({}, False),
    ],
)
def test_delta_needs_weights(document: dict[str, Any], expected: bool) -> None:
    errors: list[FieldError] = []
    check_delta_needs_weights(document, {}, errors)
    assert errors == ([FieldError("requires_weights", "/sensitivityDelta")] if expected else [])


# ---- report() ----


def test_report_dedups_and_sorts_by_path_then_code() -> None:
    errors = [
        FieldError("out_of_range", "/quotes/2/packSize"),
        FieldError("invalid_type", "/quotes/10/packSize"),
        FieldError("unknown_key", "/quotes/0"),
        FieldError("unknown_key", "/quotes/0"),  # identical pair: once
        FieldError("missing_required", "/quotes/0/supplierId"),
        FieldError("out_of_range", "/quotes"),
        FieldError("out_of_range", "/quantity"),
        FieldError("unknown_key", ""),
        FieldError("requires_weights", "/sensitivityDelta"),
        FieldError("out_of_range", "/sensitivityDelta"),
        FieldError("negative_value", "/quotes/0/packPrice"),
    ]
    # Code-point order of paths: "" first; "/qua" < "/quo" (a < o); "/quotes" is a prefix of
    # "/quotes/0"; "/quotes/10" < "/quotes/2" ('1' < '2'); "packP" < "supp"; and for one
    # path the codes: "out_of_range" < "requires_weights".
    assert report(errors) == (
        FieldError("unknown_key", ""),
        FieldError("out_of_range", "/quantity"),
        FieldError("out_of_range", "/quotes"),
        FieldError("unknown_key", "/quotes/0"),
        FieldError("negative_value", "/quotes/0/packPrice"),
        FieldError("missing_required", "/quotes/0/supplierId"),
        FieldError("invalid_type", "/quotes/10/packSize"),
        FieldError("out_of_range", "/quotes/2/packSize"),
        FieldError("out_of_range", "/sensitivityDelta"),
        FieldError("requires_weights", "/sensitivityDelta"),
    )


def test_report_path_order_is_code_point_order() -> None:
    # upper case sorts before lower case by code point ("Z" 0x5A < "a" 0x61)
    errors = [FieldError("x", "/a"), FieldError("x", "/Z"), FieldError("x", "/_")]
    assert [error.path for error in report(errors)] == ["/Z", "/_", "/a"]


def test_report_caps_at_100_after_sorting() -> None:
    assert MAX_ERRORS == 100
    errors = [FieldError("out_of_range", f"/quotes/{i}/packSize") for i in reversed(range(150))]
    shown = report(errors)
    assert len(shown) == 100
    # Sorted by path, the indices run 0, 1, 10, 100..109, 11, 110..119, ..., 19, 2, 20..29,
    # ...: the group starting with "0" has 1 index, "1" has 1 + 10 + 50 = 61, each of "2".."9"
    # has 11. 1 + 61 + 11 + 11 + 11 = 95 (through "4"), then 5 of the "5" group:
    # 5, 50, 51, 52, 53. So the 100th is index 53 and 54 is cut.
    indices = [int(error.path.split("/")[2]) for error in shown]
    assert indices[:5] == [0, 1, 10, 100, 101]
    assert indices[-5:] == [5, 50, 51, 52, 53]
    assert 54 not in indices
    assert 99 not in indices


def test_report_dedups_before_capping() -> None:
    errors = [FieldError("unknown_key", "")] * 150 + [FieldError("out_of_range", "/quotes")]
    assert report(errors) == (FieldError("unknown_key", ""), FieldError("out_of_range", "/quotes"))


# ---- the Validate stage ----


def full_quote(supplier_id: str = "A") -> dict[str, Any]:
    return {
        "supplierId": supplier_id,
        "specification": "M6 bolt",
        "currency": "CNY",
        "packSize": 12,
        "minimumPacks": 0,
        "packPrice": "35.00",
        "freight": "20.5",
        "otherFees": 0,
        "leadDays": 7,
        "qualityEvidence": "audit report",
        "qualityScore": "4.5",
        "qualityDefinition": "1-5 audit",
    }


def full_request() -> dict[str, Any]:
    """Every field of every table, all valid (written as a host would send it)."""
    return {
        "schemaVersion": 1,
        "quotes": [full_quote("A"), full_quote("B")],
        "quantity": 100,
        "currency": "CNY",
        "specification": "M6 bolt",
        "weights": {"cost": "0.5", "delivery": "0.3", "quality": "0.2"},
        "qualityScale": {"definition": "1-5 audit", "minimum": 1, "maximum": 5},
        "maxLeadDays": 30,
        "minimumQualityScore": "2",
        "sensitivityDelta": "0.1",
    }


def as_document(request: dict[str, Any]) -> dict[str, Any]:
    return load(json.dumps(request))


def test_valid_request_yields_a_request() -> None:
    ctx = validate(as_document(full_request()))
    assert ctx.halt is None
    assert ctx.errors == ()
    request = ctx.request
    assert isinstance(request, Request)
    assert set(request.fields) == {
        "schemaVersion",
        "quantity",
        "currency",
        "specification",
        "weights",
        "qualityScale",
        "maxLeadDays",
        "minimumQualityScore",
        "sensitivityDelta",
    }
    assert request.fields["schemaVersion"] == 1
    assert request.fields["quantity"] == 100
    assert type(request.fields["quantity"]) is int
    assert request.fields["currency"] == "CNY"
    assert dict(request.fields["weights"]) == {
        "cost": Decimal("0.5"),
        "delivery": Decimal("0.3"),
        "quality": Decimal("0.2"),
    }
    assert request.fields["qualityScale"]["minimum"] == Decimal(1)
    assert request.fields["sensitivityDelta"] == Decimal("0.1")
    assert request.fields["maxLeadDays"] == 30
    assert request.supplier_ids == ("A", "B")
    quote = request.quotes[0]
    assert quote["packPrice"].as_tuple() == Decimal("35.00").as_tuple()
    assert quote["packSize"] == 12
    assert quote["qualityScore"] == Decimal("4.5")
    with pytest.raises(TypeError):
        request.fields["quantity"] = 1  # type: ignore[index]


def test_omitted_core_fields_are_absent_not_zero() -> None:
    request = full_request()
    for name in ("quantity", "currency", "specification"):
        del request[name]
    for name in ("packPrice", "freight", "minimumPacks", "leadDays"):
        del request["quotes"][0][name]
    ctx = validate(as_document(request))
    assert ctx.halt is None
    assert ctx.request is not None
    assert "quantity" not in ctx.request.fields
    assert "packPrice" not in ctx.request.quotes[0]
    assert "minimumPacks" not in ctx.request.quotes[0]
    assert ctx.request.quotes[1]["minimumPacks"] == 0


def test_stage_halts_with_every_error_sorted() -> None:
    request = {
        "schemaVersion": 2,
        "quotes": [
            {"supplierId": "A", "packPrice": "-1", "zzz": 1},
            {"supplierId": "A", "leadDays": "5.5"},
            None,
            7,
        ],
        "quantity": 0,
        "currency": "usd",
        "weights": {"cost": 0, "delivery": 0, "quality": 0},
        "sensitivityDelta": 1,
        "unknownRootKey": True,
    }
    ctx = validate(as_document(request))
    assert ctx.halt is not None
    assert ctx.halt.stage == "validate"
    assert ctx.request is None
    # one error per defect, sorted by (path, code) in code-point order
    assert ctx.errors == (
        FieldError("unknown_key", ""),
        FieldError("invalid_currency", "/currency"),
        FieldError("out_of_range", "/quantity"),  # positive integer: 0 is out of range
        FieldError("unknown_key", "/quotes/0"),
        FieldError("negative_value", "/quotes/0/packPrice"),
        FieldError("not_integer", "/quotes/1/leadDays"),
        FieldError("duplicate_supplier_id", "/quotes/1/supplierId"),
        FieldError("null_not_allowed", "/quotes/2"),
        FieldError("invalid_type", "/quotes/3"),
        FieldError("unsupported_schema_version", "/schemaVersion"),
        FieldError("out_of_range", "/sensitivityDelta"),  # 1 is not < 1
        FieldError("weights_sum_zero", "/weights"),  # weights given, so no requires_weights
    )


def test_errors_never_carry_input_text() -> None:
    request = full_request()
    request["SECRET_ROOT"] = "x"
    request["quotes"][0]["SECRET_QUOTE"] = "x"
    request["weights"]["SECRET_W"] = 1
    request["qualityScale"]["SECRET_S"] = 1
    ctx = validate(as_document(request))
    assert error_set(ctx) == {
        ("unknown_key", ""),
        ("unknown_key", "/quotes/0"),
        ("unknown_key", "/weights"),
        ("unknown_key", "/qualityScale"),
    }
    assert all("SECRET" not in error.path for error in ctx.errors)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        # out-of-range sensitivityDelta without weights: both (§16 "Cross-field")
        (
            {"sensitivityDelta": "1.5"},
            {("out_of_range", "/sensitivityDelta")} | {("requires_weights", "/sensitivityDelta")},
        ),
        (
            {"sensitivityDelta": "0"},
            {("out_of_range", "/sensitivityDelta")} | {("requires_weights", "/sensitivityDelta")},
        ),
        ({"sensitivityDelta": "0.5"}, {("requires_weights", "/sensitivityDelta")}),
        # an invalid form is only its own error
        ({"sensitivityDelta": "-0.1"}, {("negative_value", "/sensitivityDelta")}),
        ({"sensitivityDelta": "1e-1"}, {("exponent_not_allowed", "/sensitivityDelta")}),
    ],
)
def test_delta_without_weights(change: dict[str, Any], expected: set[tuple[str, str]]) -> None:
    request = full_request()
    del request["weights"]
    request.update(change)
    assert error_set(validate(as_document(request))) == expected


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"minimumQualityScore": "3"}, {("requires_quality_scale", "/minimumQualityScore")}),
        # above 10^15: its own row says out_of_range; the form is valid, so requires too
        (
            {"minimumQualityScore": "1" + "0" * 16},
            {("out_of_range", "/minimumQualityScore")}
            | {("requires_quality_scale", "/minimumQualityScore")},
        ),
        ({"minimumQualityScore": "x"}, {("invalid_number_format", "/minimumQualityScore")}),
    ],
)
def test_minimum_score_without_scale(
    change: dict[str, Any], expected: set[tuple[str, str]]
) -> None:
    request = full_request()
    del request["qualityScale"]
    for quote in request["quotes"]:
        del quote["qualityScore"]
    request.update(change)
    assert error_set(validate(as_document(request))) == expected


def test_invalid_scale_skips_range_checks() -> None:
    request = full_request()
    request["qualityScale"] = {"definition": "1-5 audit", "minimum": 5, "maximum": 1}
    request["minimumQualityScore"] = "9"
    request["quotes"][0]["qualityScore"] = "9"
    assert error_set(validate(as_document(request))) == {("invalid_quality_scale", "/qualityScale")}


def test_scores_outside_a_valid_scale() -> None:
    request = full_request()
    request["minimumQualityScore"] = "0.5"
    request["quotes"][1]["qualityScore"] = "5.5"
    assert error_set(validate(as_document(request))) == {
        ("out_of_range", "/minimumQualityScore"),
        ("out_of_range", "/quotes/1/qualityScore"),
    }


@pytest.mark.parametrize(
    ("quotes", "expected"),
    [
        ([], {("out_of_range", "/quotes")}),
        # 101 quotes: out_of_range at /quotes (the elements are fine)
        ([full_quote(f"S{i}") for i in range(101)], {("out_of_range", "/quotes")}),
        # and the element errors as well
        (
            [full_quote(f"S{i}") for i in range(100)] + [None],
            {("out_of_range", "/quotes"), ("null_not_allowed", "/quotes/100")},
        ),
        ([full_quote(f"S{i}") for i in range(100)], set()),
    ],
)
def test_quote_count(quotes: list[Any], expected: set[tuple[str, str]]) -> None:
    request = full_request()
    request["quotes"] = quotes
    assert error_set(validate(as_document(request))) == expected


def test_missing_required_root_fields() -> None:
    ctx = validate({})
    assert ctx.errors == (
        FieldError("missing_required", "/quotes"),
        FieldError("missing_required", "/schemaVersion"),
    )


def test_weights_each_required() -> None:
    request = full_request()
    request["weights"] = {"cost": "1"}
    # the weight set is unusable (so no weights_sum check), but it was given (no requires)
    assert error_set(validate(as_document(request))) == {
        ("missing_required", "/weights/delivery"),
        ("missing_required", "/weights/quality"),
    }


# ---- every row of the tables is read (the validator names no field) ----

TABLES: list[tuple[tuple[FieldRule, ...], str]] = [
    (BASE_ROOT_FIELDS + tuple(rule.field for rule in CONSTRAINT_RULES), ""),
    (QUOTE_FIELDS, "/quotes/0"),
    (WEIGHT_FIELDS, "/weights"),
    (QUALITY_SCALE_FIELDS, "/qualityScale"),
]
ROWS: list[tuple[FieldRule, str]] = [
    (rule, f"{prefix}/{rule.name}") for rules, prefix in TABLES for rule in rules
]


def _set(request: dict[str, Any], path: str, value: Any) -> None:
    parts = path.strip("/").split("/")
    target: Any = request
    for part in parts[:-1]:
        target = target[int(part)] if isinstance(target, list) else target[part]
    target[parts[-1]] = value


def _delete(request: dict[str, Any], path: str) -> None:
    parts = path.strip("/").split("/")
    target: Any = request
    for part in parts[:-1]:
        target = target[int(part)] if isinstance(target, list) else target[part]
    del target[parts[-1]]


def test_full_request_covers_every_row() -> None:
    # the fixture sets every field of every table, so each row below is exercised
    request = full_request()
    assert {rule.name for rule in TABLES[0][0]} == set(request)
    assert {rule.name for rule in QUOTE_FIELDS} == set(request["quotes"][0])
    assert {rule.name for rule in WEIGHT_FIELDS} == set(request["weights"])
    assert {rule.name for rule in QUALITY_SCALE_FIELDS} == set(request["qualityScale"])


@pytest.mark.parametrize(("rule", "path"), ROWS, ids=[path for _, path in ROWS])
def test_every_row_rejects_null_at_its_path(rule: FieldRule, path: str) -> None:
    request = full_request()
    _set(request, path, None)
    ctx = validate(as_document(request))
    assert ctx.errors == (FieldError("null_not_allowed", path),)


@pytest.mark.parametrize(("rule", "path"), ROWS, ids=[path for _, path in ROWS])
def test_every_row_rejects_a_wrong_type_at_its_path(rule: FieldRule, path: str) -> None:
    # true is the wrong JSON type for every kind (bool is not a number, §4.2)
    request = full_request()
    _set(request, path, True)
    ctx = validate(as_document(request))
    assert ctx.errors == (FieldError("invalid_type", path),)


# Removing a row's field: required -> missing_required at the field; otherwise valid,
# except where a cross-field rule needs it (sensitivityDelta needs weights,
# minimumQualityScore needs qualityScale).
REMOVAL_EXTRA: dict[str, set[tuple[str, str]]] = {
    "/weights": {("requires_weights", "/sensitivityDelta")},
    "/qualityScale": {("requires_quality_scale", "/minimumQualityScore")},
}


@pytest.mark.parametrize(("rule", "path"), ROWS, ids=[path for _, path in ROWS])
def test_every_row_presence_is_honoured(rule: FieldRule, path: str) -> None:
    request = full_request()
    _delete(request, path)
    ctx = validate(as_document(request))
    expected = set(REMOVAL_EXTRA.get(path, set()))
    if rule.presence is Presence.REQUIRED:
        expected.add(("missing_required", path))
    assert error_set(ctx) == expected


def custom_root(*extra: FieldRule) -> tuple[FieldRule, ...]:
    return Validate().root_fields + extra


BUDGET = decimal_field("budgetCap", OPTIONAL, high=Decimal(1000))


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('"500.50"', Decimal("500.50")),
        ("1000", Decimal(1000)),  # the row's upper bound, inclusive
        ("0", Decimal(0)),
    ],
)
def test_a_new_root_row_is_accepted(raw: str, expected: Decimal) -> None:
    request = full_request()
    text = json.dumps(request)[:-1] + ',"budgetCap":' + raw + "}"
    ctx = validate(load(text), Validate(root_fields=custom_root(BUDGET)))
    assert ctx.halt is None
    assert ctx.request is not None
    assert ctx.request.fields["budgetCap"].as_tuple() == expected.as_tuple()


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ('"1000.000001"', "out_of_range"),  # the row's own bound, 1000
        ('"-1"', "negative_value"),
        ("1e2", "exponent_not_allowed"),
        ("null", "null_not_allowed"),
        ("true", "invalid_type"),
    ],
)
def test_a_new_root_row_is_range_checked_at_its_path(raw: str, code: str) -> None:
    text = json.dumps(full_request())[:-1] + ',"budgetCap":' + raw + "}"
    ctx = validate(load(text), Validate(root_fields=custom_root(BUDGET)))
    assert ctx.errors == (FieldError(code, "/budgetCap"),)


def test_without_the_row_the_same_field_is_unknown() -> None:
    text = json.dumps(full_request())[:-1] + ',"budgetCap":"500"}'
    assert validate(load(text)).errors == (FieldError("unknown_key", ""),)


def test_a_new_required_row_is_required() -> None:
    stage = Validate(root_fields=custom_root(integer_field("batch", REQUIRED)))
    ctx = validate(as_document(full_request()), stage)
    assert ctx.errors == (FieldError("missing_required", "/batch"),)


def test_a_new_quote_row_is_read_for_every_quote() -> None:
    quote_rows = (*QUOTE_FIELDS, integer_field("warrantyMonths"))
    quotes = array_field("quotes", REQUIRED, quote_rows, min_items=1, max_items=100)
    root = tuple(quotes if rule.name == "quotes" else rule for rule in Validate().root_fields)
    stage = Validate(root_fields=root)
    request = full_request()
    request["quotes"][0]["warrantyMonths"] = 12
    request["quotes"][1]["warrantyMonths"] = "1.5"
    assert validate(as_document(request), stage).errors == (
        FieldError("not_integer", "/quotes/1/warrantyMonths"),
    )
    request["quotes"][1]["warrantyMonths"] = "24"
    ctx = validate(as_document(request), stage)
    assert ctx.request is not None
    assert [quote["warrantyMonths"] for quote in ctx.request.quotes] == [12, 24]


def test_dropping_a_row_makes_its_field_unknown() -> None:
    root = tuple(rule for rule in Validate().root_fields if rule.name != "specification")
    ctx = validate(as_document(full_request()), Validate(root_fields=root))
    assert ctx.errors == (FieldError("unknown_key", ""),)


def test_default_root_fields_are_base_plus_constraint_rows() -> None:
    names = [rule.name for rule in Validate().root_fields]
    assert names == [rule.name for rule in BASE_ROOT_FIELDS] + [
        rule.name for rule in CONSTRAINT_RULES
    ]


def test_stage_does_not_change_the_context_it_got() -> None:
    document = as_document(full_request())
    before = Context(raw=b"x", document=copy.deepcopy(document))
    after = Validate()(before)
    assert before.request is None
    assert after.raw == b"x"
    assert after.document is before.document
