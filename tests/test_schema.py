"""The published JSON Schemas agree with the code (issue #4, CONTRACT §3-§4, §12-§16).

- golden: the committed files under ``docs/schema`` and ``docs/tool`` are exactly what
  ``quotecalc.published.published_files()`` generates;
- generated from the rule table: properties, required keys and code enums come from the same
  tables the validator and the renderer use;
- request agreement: every request the tool accepts here (shared examples, the repository's
  examples, hand-written edge requests, hypothesis-generated requests) validates against the
  request schema; a table of invalid requests JSON Schema can express is rejected by both the
  schema and the tool; a table of what it cannot express is rejected by the tool alone, as
  the schema's description says;
- result agreement: every output produced here, of all four statuses, validates against the
  result schema, and the result schema is not vacuous (mutated outputs fail it).

Requests are given to ``jsonschema`` parsed with ``parse_float=Decimal`` so that bounds such
as 10^15 are compared exactly (a float parse would round ``1000000000000000.000001``).
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from conftest import EXAMPLES, ROOT
from quotecalc import calculate, published, schema
from quotecalc.core.codes import ERROR_MESSAGES, LIMITATION_MESSAGES
from quotecalc.core.constraint_rules import QUALITY_CONFLICTS
from quotecalc.core.context import FieldError
from quotecalc.core.fields import Bounds, Kind, Presence
from quotecalc.core.numberform import read_number_text
from quotecalc.engine.render import (
    QUOTE_ECHO_AFTER,
    QUOTE_ECHO_BEFORE,
    render_errors,
    render_internal_error,
)

REGENERATE = "run `python -B scripts/generate_contract.py` and commit the result"
REQUEST = schema.request_schema()
RESULT = schema.result_schema()
REQUEST_VALIDATOR = Draft202012Validator(REQUEST)
RESULT_VALIDATOR = Draft202012Validator(RESULT)
SETTINGS = settings(
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ---- helpers ---------------------------------------------------------------------------------


class Num:
    """A JSON number literal written exactly as given (``5.0``, ``-0``, ``1e3``)."""

    def __init__(self, text: str) -> None:
        self.text = text


def encode(value: Any, *, ascii_only: bool = False) -> str:
    """JSON text in which :class:`Num` literals keep their own spelling."""
    if isinstance(value, Num):
        return value.text
    if isinstance(value, dict):
        items = (
            f"{json.dumps(key, ensure_ascii=ascii_only)}:{encode(item, ascii_only=ascii_only)}"
            for key, item in value.items()
        )
        return "{" + ",".join(items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(encode(item, ascii_only=ascii_only) for item in value) + "]"
    return json.dumps(value, ensure_ascii=ascii_only)


def as_bytes(request: Any) -> bytes:
    return request if isinstance(request, bytes) else encode(request).encode("utf-8")


def parsed(raw: bytes) -> Any:
    """The request as a JSON Schema validator sees it (numbers exact)."""
    return json.loads(raw, parse_float=Decimal)


def schema_errors(raw: bytes) -> list[str]:
    return [error.message for error in REQUEST_VALIDATOR.iter_errors(parsed(raw))]


def result_errors(output: Any) -> list[str]:
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message[:300]}"
        for error in RESULT_VALIDATOR.iter_errors(output)
    ]


def assert_accepted_by_both(raw: bytes) -> dict[str, Any]:
    """The tool accepts ``raw``, the request schema too, and the output fits the result schema."""
    result = calculate(raw)
    output = result.output
    assert output["status"] in ("completed", "partial"), output["limitations"]
    assert schema_errors(raw) == []
    # Also as a host would parse it, with floats.
    assert REQUEST_VALIDATOR.is_valid(json.loads(raw))
    assert result_errors(output) == []
    return output


# ---- golden files ----------------------------------------------------------------------------


def test_committed_files_are_generated() -> None:
    for relative, content in published.published_files().items():
        path = ROOT / relative
        assert path.is_file(), f"{relative} is missing: {REGENERATE}"
        assert path.read_bytes() == content, f"{relative} is stale: {REGENERATE}"


def test_no_stray_published_files() -> None:
    listed = set(published.published_files())
    committed = {
        path.relative_to(ROOT).as_posix()
        for folder, pattern in (
            ("docs/schema", "*.json"),
            ("docs/schema/intake", "*.json"),
            ("docs/tool", "*.json"),
            ("docs", "openapi.json"),
        )
        for path in (ROOT / folder).glob(pattern)
    }
    assert committed == listed, f"unexpected or missing files: {REGENERATE}"


def test_generator_check_mode_agrees() -> None:
    proc = subprocess.run(
        [sys.executable, "-B", "scripts/generate_contract.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout.decode() + REGENERATE


def test_files_are_deterministic_utf8_json() -> None:
    first, second = published.published_files(), published.published_files()
    assert first == second
    for relative, content in first.items():
        assert content.endswith(b"\n") and not content.endswith(b"\n\n"), relative
        document = json.loads(content.decode("utf-8"))
        assert schema.serialise(document) == content, relative


def test_schema_bytes_are_the_committed_bytes() -> None:
    files = published.published_files()
    assert schema.schema_bytes("request") == files[schema.REQUEST_SCHEMA_PATH]
    assert schema.schema_bytes("result") == files[schema.RESULT_SCHEMA_PATH]
    with pytest.raises(ValueError, match="unknown schema"):
        schema.schema_bytes("quote")


def test_no_float_in_published_files() -> None:
    def walk(node: Any) -> None:
        assert not isinstance(node, float)
        if isinstance(node, dict):
            for item in node.values():
                walk(item)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for content in published.published_files().values():
        walk(json.loads(content))


def test_calculation_path_does_not_import_schema() -> None:
    code = (
        "import sys; sys.path.insert(0, 'src'); import quotecalc, quotecalc.cli, quotecalc.api;"
        " print('quotecalc.schema' in sys.modules, 'jsonschema' in sys.modules)"
    )
    proc = subprocess.run(
        [sys.executable, "-B", "-c", code], cwd=ROOT, capture_output=True, check=True
    )
    assert proc.stdout.split() == [b"False", b"False"]


# ---- the schemas come from the engine's tables -----------------------------------------------


def test_schemas_are_valid_draft_2020_12() -> None:
    Draft202012Validator.check_schema(REQUEST)
    Draft202012Validator.check_schema(RESULT)
    assert REQUEST["$schema"] == RESULT["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_request_schema_mirrors_the_rule_table() -> None:
    def check(node: dict[str, Any], rules: tuple[Any, ...]) -> None:
        assert node["type"] == "object"
        assert node["additionalProperties"] is False
        assert list(node["properties"]) == [rule.name for rule in rules]
        required = [rule.name for rule in rules if rule.presence is Presence.REQUIRED]
        assert node.get("required", []) == required
        for rule in rules:
            fragment = node["properties"][rule.name]
            assert fragment["description"].strip()
            if rule.kind is Kind.OBJECT:
                check(fragment, rule.fields)
            elif rule.kind is Kind.ARRAY:
                assert (fragment["minItems"], fragment["maxItems"]) == (
                    rule.min_items,
                    rule.max_items,
                )
                check(fragment["items"], rule.fields)
            elif rule.kind is Kind.TEXT:
                assert fragment["maxLength"] == rule.max_length

    check(REQUEST, schema.root_fields())
    description = REQUEST["description"]
    for text in schema.NOT_EXPRESSED:
        assert text in description


def test_field_notes_name_real_fields() -> None:
    assert set(schema.FIELD_NOTES) <= set(schema.field_paths())


def test_result_code_enums_equal_the_code_tables() -> None:
    defs = RESULT["$defs"]
    assert set(defs["error"]["properties"]["code"]["enum"]) == set(ERROR_MESSAGES)
    assert set(defs["limitation"]["properties"]["code"]["enum"]) == set(LIMITATION_MESSAGES)
    issues = defs["quality"]["properties"]["issues"]["items"]["properties"]["code"]["enum"]
    assert set(issues) == set(schema.QUALITY_ISSUES)
    assert set(schema.QUALITY_ISSUES[2:]) == QUALITY_CONFLICTS


def test_normalized_quote_echoes_every_quote_field() -> None:
    quote_rules = schema.root_fields()[[r.name for r in schema.root_fields()].index("quotes")]
    names = {rule.name for rule in quote_rules.fields}
    assert {"supplierId", *QUOTE_ECHO_BEFORE, *QUOTE_ECHO_AFTER} == names
    properties = RESULT["$defs"]["normalizedQuote"]["properties"]
    assert list(properties) == RESULT["$defs"]["normalizedQuote"]["required"]


def test_non_blank_pattern_is_python_isspace() -> None:
    non_blank = re.compile(schema.NON_BLANK_PATTERN)
    for code in range(0x110000):
        char = chr(code)
        assert (non_blank.search(char) is None) == char.isspace(), hex(code)


# ---- the decimal-string patterns are exact ---------------------------------------------------

MICRO = Decimal("0.000001")


@st.composite
def bounds_cases(draw: st.DrawFn) -> tuple[Bounds, bool]:
    scaled = st.one_of(
        st.integers(0, 3_000_000),
        st.integers(0, 10**21),
        st.sampled_from([0, 10**6, 10**21, 999_999, 10**15 * 10**6]),
    )
    first, second = sorted((draw(scaled), draw(scaled)))
    integral = draw(st.booleans())
    if integral:
        first, second = first // 10**6 * 10**6, second // 10**6 * 10**6
    bounds = Bounds(
        Decimal(first) * MICRO if not integral else Decimal(first // 10**6),
        Decimal(second) * MICRO if not integral else Decimal(second // 10**6),
        low_open=draw(st.booleans()),
        high_open=draw(st.booleans()),
    )
    return bounds, integral


def _near(value: Decimal) -> st.SearchStrategy[str]:
    """Plain decimal texts at and around ``value`` with any padding (the risky cases)."""

    @st.composite
    def build(draw: st.DrawFn) -> str:
        scaled = int(value / MICRO) + draw(st.integers(-1_000_001, 1_000_001))
        scaled = max(scaled, 0)
        whole, fraction = divmod(scaled, 10**6)
        digits = str(fraction).zfill(6).rstrip("0")
        places = draw(st.integers(len(digits), 7))
        digits = digits.ljust(places, "0")
        return f"{whole}.{digits}" if digits else str(whole)

    return build()


def _accepted(text: str, bounds: Bounds, integral: bool) -> bool:
    value = read_number_text(text)
    if isinstance(value, str) or not bounds.contains(value):
        return False
    return not integral or value == value.to_integral_value()


@SETTINGS
@given(case=bounds_cases(), data=st.data())
def test_number_string_pattern_is_exact(case: tuple[Bounds, bool], data: st.DataObject) -> None:
    bounds, integral = case
    try:
        pattern = re.compile(schema.number_string_pattern(bounds, integral=integral))
    except ValueError:
        return  # empty range: refused, never silently wrong
    texts = st.one_of(
        _near(bounds.low),
        _near(bounds.high),
        st.from_regex(r"\A[-+0-9.eE ]{0,22}\Z"),
        st.from_regex(r"\A(0|[1-9][0-9]{0,17})(\.[0-9]{1,8})?\Z"),
    )
    for text in data.draw(st.lists(texts, min_size=1, max_size=25)):
        assert (pattern.search(text) is not None) == _accepted(text, bounds, integral), text


def test_table_patterns_at_their_edges() -> None:
    decimal = re.compile(
        schema.number_string_pattern(Bounds(Decimal(0), Decimal(10) ** 15), integral=False)
    )
    for good in (
        "0",
        "0.0",
        "0.000000",
        "35.00",
        "999999999999999.999999",
        "1000000000000000.000000",
    ):
        assert decimal.search(good), good
    for bad in ("1000000000000000.000001", "1000000000000001", "-0", "00", "1.0000000", "1e3"):
        assert not decimal.search(bad), bad
    delta = re.compile(
        schema.number_string_pattern(Bounds(Decimal(0), Decimal(1), True, True), integral=False)
    )
    for good in ("0.000001", "0.1", "0.10", "0.999999", "0.5"):
        assert delta.search(good), good
    for bad in ("0", "0.0", "0.000000", "1", "1.0", "0.0000001"):
        assert not delta.search(bad), bad


# ---- valid requests: accepted by the tool and by the schema ----------------------------------


def _example_requests() -> list[Any]:
    files = sorted(EXAMPLES.glob("*.request.json")) + sorted((ROOT / "examples").glob("*.json"))
    return [pytest.param(path.read_bytes(), id=path.name) for path in files]


@pytest.mark.parametrize("raw", _example_requests())
def test_examples_the_tool_accepts_fit_the_request_schema(raw: bytes) -> None:
    output = calculate(raw).output
    assert result_errors(output) == []
    if output["status"] in ("completed", "partial"):
        assert_accepted_by_both(raw)
    else:
        # The shared invalid examples break rules JSON Schema can express too.
        assert schema_errors(raw)


def base_quote(supplier_id: str = "A") -> dict[str, Any]:
    return {
        "supplierId": supplier_id,
        "specification": "M6 bolt",
        "currency": "CNY",
        "packSize": Num("100"),
        "minimumPacks": Num("0"),
        "packPrice": "35.00",
        "freight": "20",
        "otherFees": Num("0"),
        "leadDays": Num("7"),
        "qualityEvidence": "audit 2024",
        "qualityScore": Num("4"),
        "qualityDefinition": "1-5 audit",
    }


def base_request() -> dict[str, Any]:
    """A complete valid request using every root and quote field."""
    return {
        "schemaVersion": Num("1"),
        "quantity": Num("1000"),
        "currency": "CNY",
        "specification": "M6 bolt",
        "weights": {"cost": "0.5", "delivery": "0.3", "quality": "0.2"},
        "qualityScale": {"definition": "1-5 audit", "minimum": Num("1"), "maximum": Num("5")},
        "maxLeadDays": Num("20"),
        "minimumQualityScore": "3",
        "sensitivityDelta": "0.2",
        "quotes": [
            base_quote("A"),
            {**base_quote("B"), "packSize": "250", "leadDays": Num("14"), "qualityScore": "5"},
        ],
    }


def _edit(request: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy with ``path`` (``quotes/0/packPrice``) set to ``value``, or removed for DELETE."""
    edited = copy.deepcopy(request)
    *parents, last = path.split("/")
    node: Any = edited
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    key: Any = int(last) if isinstance(node, list) else last
    if value is DELETE:
        del node[key]
    else:
        node[key] = value
    return edited


DELETE = object()


def edited(*changes: tuple[str, Any]) -> dict[str, Any]:
    request = base_request()
    for path, value in changes:
        request = _edit(request, path, value)
    return request


def _only_supplier_ids() -> dict[str, Any]:
    return {"schemaVersion": Num("1"), "quotes": [{"supplierId": "A"}]}


VALID_EDGES: dict[str, Any] = {
    "complete": base_request(),
    "only required fields": _only_supplier_ids(),
    "schemaVersion 1.0": edited(("schemaVersion", Num("1.0"))),
    "schemaVersion 1.000000": edited(("schemaVersion", Num("1.000000"))),
    "integer literal 5.0": edited(("quotes/0/packSize", Num("5.0"))),
    "integer string 5.000000": edited(("quotes/0/packSize", "5.000000")),
    "integer maximum": edited(
        ("quantity", "1000000000.000000"), ("maxLeadDays", Num("1000000000"))
    ),
    "decimal maximum string": edited(("quotes/0/packPrice", "1000000000000000.000000")),
    "decimal maximum literal": edited(("quotes/0/freight", Num("1000000000000000"))),
    "decimal near maximum": edited(("quotes/0/otherFees", "999999999999999.999999")),
    "decimal zero forms": edited(
        ("quotes/0/otherFees", "0.000000"), ("quotes/1/freight", Num("0.0"))
    ),
    "delta smallest": edited(("sensitivityDelta", "0.000001")),
    "delta largest": edited(("sensitivityDelta", Num("0.999999"))),
    "zero weights but one": edited(
        ("weights", {"cost": "0", "delivery": Num("0"), "quality": "1"})
    ),
    "strings at their maximum length": edited(
        ("quotes/0/supplierId", "\U0001f600" * 64),
        ("specification", "s" * 256),
        ("quotes/0/specification", "s" * 256),
        ("quotes/1/specification", "s" * 256),
        ("quotes/0/qualityEvidence", "e" * 2000),
        ("qualityScale/definition", "d" * 512),
        ("quotes/0/qualityDefinition", "d" * 512),
        ("quotes/1/qualityDefinition", "d" * 512),
    ),
    "strings Python does not call blank": edited(
        ("quotes/0/supplierId", "\ufeff"), ("quotes/1/supplierId", "\u200b")
    ),
    "strings with inner and outer spaces": edited(("quotes/0/supplierId", "  A  ")),
    "mismatching quote": edited(("quotes/1/currency", "USD"), ("quotes/1/specification", "M8")),
    "omitted core fields": edited(
        ("quantity", DELETE), ("quotes/0/freight", DELETE), ("quotes/1/leadDays", DELETE)
    ),
    "score without scale": edited(
        ("qualityScale", DELETE), ("minimumQualityScore", DELETE), ("quotes/0/qualityScore", "7")
    ),
    "100 quotes": {
        **base_request(),
        "quotes": [base_quote(f"S{index}") for index in range(100)],
    },
}


@pytest.mark.parametrize("name", sorted(VALID_EDGES))
def test_valid_edge_requests_fit_both(name: str) -> None:
    assert_accepted_by_both(as_bytes(VALID_EDGES[name]))


# ---- hypothesis: valid requests --------------------------------------------------------------

SCALE = 10**6


def _render_scaled(scaled: int, padding: int) -> str:
    whole, fraction = divmod(scaled, SCALE)
    digits = str(fraction).zfill(6).rstrip("0")
    digits = digits.ljust(min(6, len(digits) + padding), "0")
    return f"{whole}.{digits}" if digits else str(whole)


@st.composite
def number_value(draw: st.DrawFn, low: int, high: int, *, integral: bool = False) -> Any:
    """A number form the tool accepts, for a value in [low, high] (scaled by 10^6)."""
    if integral:
        low, high = -(-low // SCALE), high // SCALE
    value = draw(
        st.one_of(
            st.sampled_from([low, high]),
            st.integers(low, min(high, low + 10**8)),
            st.integers(low, high),
        )
    )
    scaled = value * SCALE if integral else value
    text = _render_scaled(scaled, draw(st.integers(0, 6)))
    return Num(text) if draw(st.booleans()) else text


MAX_DECIMAL = 10**15 * SCALE
MAX_INTEGER = 10**9 * SCALE


def non_blank(max_size: int) -> st.SearchStrategy[str]:
    short = st.text(min_size=1, max_size=min(max_size, 12))
    full = st.text(
        min_size=max_size, max_size=max_size, alphabet=st.characters(max_codepoint=0x2FFF)
    )
    return st.one_of(short, short, full).filter(lambda text: not text.isspace())


currencies = st.from_regex(r"\A[A-Z]{3}\Z")


def draw_quote(
    draw: st.DrawFn,
    supplier_id: str,
    *,
    complete: bool,
    small: bool,
    root: dict[str, str | None],
    scale: tuple[int, int] | None,
    definition: str,
) -> dict[str, Any]:
    """One valid quote; in ``complete`` mode every core field present and matching ``root``."""
    maybe = st.booleans()
    spec, currency = root["specification"], root["currency"]
    quote: dict[str, Any] = {"supplierId": supplier_id}
    core: dict[str, Any] = {
        "specification": spec if spec is not None and draw(maybe) else draw(non_blank(256)),
        "currency": currency if currency is not None and draw(maybe) else draw(currencies),
        "packSize": draw(number_value(SCALE, (500 if small else 10**9) * SCALE, integral=True)),
        "minimumPacks": draw(number_value(0, (50 if small else 10**9) * SCALE, integral=True)),
        "packPrice": draw(number_value(0, 1000 * SCALE if small else MAX_DECIMAL)),
        "freight": draw(number_value(0, 100 * SCALE if small else MAX_DECIMAL)),
        "otherFees": draw(number_value(0, 100 * SCALE if small else MAX_DECIMAL)),
        "leadDays": draw(number_value(0, (60 if small else 10**9) * SCALE, integral=True)),
    }
    if complete:
        core["specification"], core["currency"] = spec, currency
    for name, value in core.items():
        if complete or draw(st.integers(0, 5)):  # mostly present
            quote[name] = value
    if draw(maybe):
        quote["qualityEvidence"] = draw(non_blank(2000))
    if complete:
        if scale is not None:
            quote["qualityScore"] = draw(number_value(*scale))
            quote["qualityDefinition"] = definition
        return quote
    if draw(maybe):
        quote["qualityScore"] = draw(number_value(*(scale or (0, MAX_DECIMAL))))
    if draw(maybe):
        quote["qualityDefinition"] = definition if draw(maybe) else draw(non_blank(512))
    return quote


@st.composite
def valid_requests(draw: st.DrawFn) -> bytes:
    """Requests the tool accepts: in ``complete`` mode every core field is present and matches
    (so results are completed, often ranked), otherwise anything may be omitted or differ."""
    complete = draw(st.booleans())
    maybe = st.booleans()
    request: dict[str, Any] = {
        "schemaVersion": Num(draw(st.sampled_from(["1", "1.0", "1.000000"])))
    }
    spec = draw(non_blank(256)) if complete or draw(maybe) else None
    currency = draw(currencies) if complete or draw(maybe) else None
    if complete or draw(maybe):
        request["quantity"] = draw(number_value(SCALE, MAX_INTEGER, integral=True))
    if currency is not None:
        request["currency"] = currency
    if spec is not None:
        request["specification"] = spec
    weights = draw(maybe)
    if weights:
        values = [draw(number_value(0, 3 * SCALE)) for _ in range(3)]
        if all(read_number_text(getattr(v, "text", v)) == 0 for v in values):
            values[0] = "1"
        request["weights"] = dict(zip(("cost", "delivery", "quality"), values, strict=True))
    scale: tuple[int, int] | None = None
    definition = draw(non_blank(512))
    scored = draw(maybe)  # complete mode: every quote scored on the scale, or none
    if (complete and scored) or (not complete and draw(maybe)):
        pair = st.lists(st.integers(0, 100 * SCALE), min_size=2, max_size=2, unique=True)
        low, high = sorted(draw(pair))
        scale = (low, high)
        request["qualityScale"] = {
            "definition": definition,
            "minimum": Num(_render_scaled(low, 0)),
            "maximum": _render_scaled(high, 1),
        }
    if draw(maybe):
        request["maxLeadDays"] = draw(
            number_value(0, (100 if draw(maybe) else 10**9) * SCALE, integral=True)
        )
    if scale is not None and draw(maybe):
        request["minimumQualityScore"] = draw(number_value(*scale))
    if weights and draw(maybe):
        request["sensitivityDelta"] = draw(number_value(1, SCALE - 1))
    supplier_ids = draw(st.lists(non_blank(64), min_size=1, max_size=4, unique=True))
    small = draw(maybe)  # realistic magnitudes, or anything up to the bounds
    quotes = [
        draw_quote(
            draw,
            supplier_id,
            complete=complete,
            small=small,
            root={"specification": spec, "currency": currency},
            scale=scale,
            definition=definition,
        )
        for supplier_id in supplier_ids
    ]
    request["quotes"] = quotes
    keys = draw(st.permutations(list(request)))
    ordered = {key: request[key] for key in keys}
    return encode(ordered, ascii_only=draw(st.booleans())).encode("utf-8")


@SETTINGS
@given(raw=valid_requests())
def test_generated_valid_requests_fit_both_schemas(raw: bytes) -> None:
    assert_accepted_by_both(raw)


# ---- invalid requests JSON Schema can express: rejected by both ------------------------------


def _many_quotes(count: int) -> dict[str, Any]:
    return {**base_request(), "quotes": [base_quote(f"S{index}") for index in range(count)]}


EXPRESSIBLE: list[tuple[str, Any, str]] = [
    # (case, request, an error code the tool must report)
    ("top level array", b"[]", "invalid_type"),
    ("top level string", b'"x"', "invalid_type"),
    ("unknown root key", edited(("extra", 1)), "unknown_key"),
    ("unknown quote key", edited(("quotes/0/extra", "x")), "unknown_key"),
    ("unknown weights key", edited(("weights/speed", "1")), "unknown_key"),
    ("unknown qualityScale key", edited(("qualityScale/unit", "pt")), "unknown_key"),
    ("missing schemaVersion", edited(("schemaVersion", DELETE)), "missing_required"),
    ("missing quotes", edited(("quotes", DELETE)), "missing_required"),
    ("missing supplierId", edited(("quotes/1/supplierId", DELETE)), "missing_required"),
    ("missing weights.quality", edited(("weights/quality", DELETE)), "missing_required"),
    ("missing scale definition", edited(("qualityScale/definition", DELETE)), "missing_required"),
    ("0 quotes", edited(("quotes", [])), "out_of_range"),
    ("101 quotes", _many_quotes(101), "out_of_range"),
    ("quotes is an object", edited(("quotes", {"supplierId": "A"})), "invalid_type"),
    ("a quote is a string", edited(("quotes/0", "A")), "invalid_type"),
    ("a quote is null", edited(("quotes/0", None)), "null_not_allowed"),
    ("null field", edited(("quotes/0/packPrice", None)), "null_not_allowed"),
    ("null root field", edited(("weights", None)), "null_not_allowed"),
    ("schemaVersion string", edited(("schemaVersion", "1")), "invalid_type"),
    ("schemaVersion 2", edited(("schemaVersion", Num("2"))), "unsupported_schema_version"),
    ("schemaVersion 1.5", edited(("schemaVersion", Num("1.5"))), "unsupported_schema_version"),
    ("schemaVersion true", edited(("schemaVersion", True)), "invalid_type"),
    ("bool quantity", edited(("quantity", True)), "invalid_type"),
    ("array packPrice", edited(("quotes/0/packPrice", [1])), "invalid_type"),
    ("object leadDays", edited(("quotes/0/leadDays", {"v": 1})), "invalid_type"),
    ("number supplierId", edited(("quotes/0/supplierId", Num("5"))), "invalid_type"),
    ("number specification", edited(("specification", Num("5"))), "invalid_type"),
    ("bool qualityEvidence", edited(("quotes/0/qualityEvidence", False)), "invalid_type"),
    ("array weights", edited(("weights", [1, 2, 3])), "invalid_type"),
    ("string qualityScale", edited(("qualityScale", "1-5")), "invalid_type"),
    ("number currency", edited(("currency", Num("1"))), "invalid_type"),
    ("lower-case currency", edited(("currency", "cny")), "invalid_currency"),
    ("two-letter currency", edited(("currency", "CN")), "invalid_currency"),
    ("four-letter currency", edited(("quotes/0/currency", "CNYY")), "invalid_currency"),
    ("digit in currency", edited(("quotes/0/currency", "C1Y")), "invalid_currency"),
    ("currency with newline", edited(("currency", "CNY\n")), "invalid_currency"),
    ("supplierId too long", edited(("quotes/0/supplierId", "x" * 65)), "string_too_long"),
    (
        "supplierId too long, astral",
        edited(("quotes/0/supplierId", "\U0001f600" * 65)),
        "string_too_long",
    ),
    ("specification too long", edited(("specification", "s" * 257)), "string_too_long"),
    (
        "quote specification too long",
        edited(("quotes/0/specification", "s" * 257)),
        "string_too_long",
    ),
    ("evidence too long", edited(("quotes/0/qualityEvidence", "e" * 2001)), "string_too_long"),
    ("definition too long", edited(("quotes/0/qualityDefinition", "d" * 513)), "string_too_long"),
    (
        "scale definition too long",
        edited(("qualityScale/definition", "d" * 513)),
        "string_too_long",
    ),
    ("empty supplierId", edited(("quotes/0/supplierId", "")), "empty_string"),
    ("blank supplierId", edited(("quotes/0/supplierId", "   ")), "empty_string"),
    ("ideographic space", edited(("quotes/0/supplierId", "\u3000")), "empty_string"),
    ("Python-only whitespace", edited(("specification", "\x1c\x85")), "empty_string"),
    ("blank specification", edited(("quotes/0/specification", "\n\t")), "empty_string"),
    ("negative number string", edited(("quotes/0/packPrice", "-1")), "negative_value"),
    ("minus zero string", edited(("quotes/0/freight", "-0")), "negative_value"),
    ("negative literal", edited(("quotes/0/otherFees", Num("-1"))), "negative_value"),
    ("negative fractional literal", edited(("quotes/0/packPrice", Num("-0.5"))), "negative_value"),
    ("exponent string", edited(("quotes/0/packPrice", "1e3")), "exponent_not_allowed"),
    ("upper exponent string", edited(("quotes/0/leadDays", "1E3")), "exponent_not_allowed"),
    ("seven decimals string", edited(("quotes/0/packPrice", "1.0000001")), "too_many_decimals"),
    ("seven zero decimals string", edited(("quotes/0/packSize", "5.0000000")), "too_many_decimals"),
    ("NaN string", edited(("quotes/0/packPrice", "NaN")), "non_finite_number"),
    ("inf string", edited(("quotes/0/freight", "inf")), "non_finite_number"),
    ("Infinity string", edited(("weights/cost", "Infinity")), "non_finite_number"),
    ("49-character string", edited(("quotes/0/packPrice", "1" * 49)), "number_too_long"),
    ("leading zero", edited(("quotes/0/packPrice", "05")), "invalid_number_format"),
    ("plus sign", edited(("quotes/0/packPrice", "+5")), "invalid_number_format"),
    ("leading space", edited(("quotes/0/packPrice", " 5")), "invalid_number_format"),
    ("trailing space", edited(("quotes/0/packPrice", "5 ")), "invalid_number_format"),
    ("bare fraction", edited(("quotes/0/packPrice", ".5")), "invalid_number_format"),
    ("bare point", edited(("quotes/0/packPrice", "5.")), "invalid_number_format"),
    ("thousands separator", edited(("quotes/0/packPrice", "1,000")), "invalid_number_format"),
    ("empty number string", edited(("quotes/0/packPrice", "")), "invalid_number_format"),
    (
        "decimal above 10^15 string",
        edited(("quotes/0/packPrice", "1000000000000000.000001")),
        "out_of_range",
    ),
    (
        "decimal above 10^15 literal",
        edited(("quotes/0/freight", Num("1000000000000001"))),
        "out_of_range",
    ),
    (
        "decimal above 10^15 fractional literal",
        edited(("quotes/0/freight", Num("1000000000000000.5"))),
        "out_of_range",
    ),
    ("quantity 0", edited(("quantity", Num("0"))), "out_of_range"),
    ("packSize 0 string", edited(("quotes/0/packSize", "0")), "out_of_range"),
    ("packSize 0.000000", edited(("quotes/0/packSize", "0.000000")), "out_of_range"),
    ("quantity above 10^9", edited(("quantity", Num("1000000001"))), "out_of_range"),
    ("leadDays above 10^9 string", edited(("quotes/0/leadDays", "1000000001")), "out_of_range"),
    ("maxLeadDays above 10^9", edited(("maxLeadDays", "1000000000.000001")), "not_integer"),
    ("delta 0", edited(("sensitivityDelta", Num("0"))), "out_of_range"),
    ("delta 0.000000", edited(("sensitivityDelta", "0.000000")), "out_of_range"),
    ("delta 1", edited(("sensitivityDelta", "1")), "out_of_range"),
    ("delta 1.0 literal", edited(("sensitivityDelta", Num("1.0"))), "out_of_range"),
    ("delta 1.5", edited(("sensitivityDelta", Num("1.5"))), "out_of_range"),
    ("fractional quantity literal", edited(("quantity", Num("5.5"))), "not_integer"),
    ("fractional quantity string", edited(("quantity", "5.5")), "not_integer"),
    ("packSize 5.000001", edited(("quotes/0/packSize", "5.000001")), "not_integer"),
]


@pytest.mark.parametrize(("case", "request_", "code"), EXPRESSIBLE, ids=[c[0] for c in EXPRESSIBLE])
def test_expressible_invalid_requests_are_rejected_by_both(
    case: str, request_: Any, code: str
) -> None:
    raw = as_bytes(request_)
    output = calculate(raw).output
    assert output["status"] == "invalid_input"
    assert code in {error["code"] for error in output["limitations"]}
    assert result_errors(output) == []
    assert not REQUEST_VALIDATOR.is_valid(parsed(raw)), f"the schema accepts: {case}"


# ---- what JSON Schema cannot express: rejected by the tool alone, as documented --------------


def _duplicate_key() -> bytes:
    text = encode(base_request())
    return text.replace('"quantity":1000', '"quantity":1000,"quantity":1000').encode("utf-8")


NOT_EXPRESSIBLE: list[tuple[str, Any, str]] = [
    ("duplicate key", _duplicate_key(), "duplicate_key"),
    ("minus zero literal", edited(("quotes/0/freight", Num("-0"))), "negative_value"),
    ("exponent literal", edited(("quotes/0/freight", Num("1e3"))), "exponent_not_allowed"),
    ("exponent literal 1E0", edited(("schemaVersion", Num("1E0"))), "exponent_not_allowed"),
    (
        "seven-decimal literal",
        edited(("quotes/0/packPrice", Num("1.0000000"))),
        "too_many_decimals",
    ),
    (
        "49-character literal",
        edited(("quotes/0/packPrice", Num("0." + "0" * 46 + "1"))),
        "number_too_long",
    ),
    ("duplicate supplierId", edited(("quotes/1/supplierId", "A")), "duplicate_supplier_id"),
    (
        "weights sum zero",
        edited(("weights", {"cost": "0", "delivery": "0", "quality": Num("0")})),
        "weights_sum_zero",
    ),
    ("scale minimum = maximum", edited(("qualityScale/maximum", "1")), "invalid_quality_scale"),
    (
        "minimumQualityScore without scale",
        edited(("qualityScale", DELETE)),
        "requires_quality_scale",
    ),
    ("minimumQualityScore outside scale", edited(("minimumQualityScore", "6")), "out_of_range"),
    ("qualityScore outside scale", edited(("quotes/0/qualityScore", "0.5")), "out_of_range"),
    ("delta without weights", edited(("weights", DELETE)), "requires_weights"),
]


@pytest.mark.parametrize(
    ("case", "request_", "code"), NOT_EXPRESSIBLE, ids=[c[0] for c in NOT_EXPRESSIBLE]
)
def test_inexpressible_rules_are_the_tools_alone(case: str, request_: Any, code: str) -> None:
    raw = as_bytes(request_)
    output = calculate(raw).output
    assert output["status"] == "invalid_input"
    assert code in {error["code"] for error in output["limitations"]}
    assert result_errors(output) == []
    assert schema_errors(raw) == [], f"now expressible? update NOT_EXPRESSED: {case}"


# ---- every output fits the result schema -----------------------------------------------------


def test_internal_error_and_bad_argv_outputs_fit() -> None:
    assert result_errors(render_internal_error()) == []
    assert result_errors(render_errors((FieldError("invalid_arguments", ""),))) == []


def test_hundred_errors_fit() -> None:
    quote = {name: "x" for name in base_quote()}
    raw = as_bytes({**base_request(), "quotes": [dict(quote) for _ in range(30)]})
    output = calculate(raw).output
    assert len(output["limitations"]) == 100
    assert result_errors(output) == []


def test_parse_errors_fit() -> None:
    for raw in (b"", b"{", b"\xef\xbb\xbf{}", b'{"a":NaN}', b'{"a":"\\ud800"}', b" " * 262145):
        output = calculate(raw).output
        assert output["status"] == "invalid_input"
        assert result_errors(output) == []


Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Mutation:
    def apply(output: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        node: Any = output
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(last) if isinstance(node, list) else last] = value

    return apply


RESULT_MUTATIONS: dict[str, Mutation] = {
    "number instead of decimal string": _set("normalizedQuotes/0/packSize", 100),
    "exponent in a decimal string": _set("normalizedQuotes/0/landedTotal", "3.7E+2"),
    "ratio with 2 places": _set("normalizedQuotes/0/costPerDeliveredUnit", "0.37"),
    "score above 1": _set("ranking/0/score", "1.500000"),
    "rank 0": _set("ranking/0/rank", 0),
    "unknown limitation code": lambda out: out["limitations"].append({"code": "x", "message": "y"}),
    "an always-limitation missing": lambda out: out["limitations"].pop(0),
    "error entry in a calculation": _set(
        "limitations/0", {"code": "unknown_key", "path": "", "message": "m"}
    ),
    "extra root key": _set("receipt", "r"),
    "certified suppliers": _set("quality/certifiedSuppliers", True),
    "network used": _set("networkUsed", True),
    "unknown status": _set("status", "tool_unavailable"),
    "invalid_input with quotes": _set("status", "invalid_input"),
    "unknown constraint": _set("normalizedQuotes/0/constraints/0/constraint", "maxPrice"),
    "unknown conflict": _set("normalizedQuotes/0/conflicts", ["unit_mismatch"]),
    "missing key in a quote": lambda out: out["normalizedQuotes"][0].pop("freight"),
}


@pytest.mark.parametrize("name", sorted(RESULT_MUTATIONS))
def test_result_schema_rejects_broken_outputs(name: str) -> None:
    output = calculate((EXAMPLES / "01-example-from-brief.request.json").read_bytes()).output
    assert result_errors(output) == []
    broken = copy.deepcopy(output)
    RESULT_MUTATIONS[name](broken)
    assert result_errors(broken), name


def test_result_schema_rejects_broken_error_outputs() -> None:
    good = render_errors((FieldError("unknown_key", "/quotes/0"),))
    assert result_errors(good) == []
    for code, path in (
        ("made_up", ""),
        ("unknown_key", "/quotes/0/extra"),
        ("unknown_key", "quotes"),
    ):
        broken = copy.deepcopy(good)
        broken["limitations"][0].update(code=code, path=path)
        assert result_errors(broken), (code, path)
