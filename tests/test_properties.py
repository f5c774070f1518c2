"""Hypothesis properties of the whole calculator (library and, for a few, the real CLI).

- any bytes / any JSON value / any object built from the real field names: no exception,
  exactly one JSON object line, exit code matching the status, byte-identical on a rerun;
- an invalid request never echoes text taken from the input;
- valid requests keep the pack-count and cost identities and a dense, ordered ranking.
"""

from __future__ import annotations

import itertools
import json
import string
from decimal import Decimal, Inexact, localcontext
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, run_cli
from quotecalc import calculate

SETTINGS = settings(
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CLI_SETTINGS = settings(
    deadline=None,
    max_examples=15,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

ROOT_KEYS = [
    "schemaVersion",
    "tool",
    "toolVersion",
    "status",
    "normalizedQuotes",
    "ranking",
    "sensitivity",
    "quality",
    "limitations",
    "networkUsed",
    "filesModified",
]
EXIT = {"completed": 0, "partial": 0, "invalid_input": 2}
ROOT_FIELDS = [
    "schemaVersion",
    "quotes",
    "quantity",
    "currency",
    "specification",
    "weights",
    "qualityScale",
    "maxLeadDays",
    "minimumQualityScore",
    "sensitivityDelta",
]
QUOTE_FIELDS = [
    "supplierId",
    "specification",
    "currency",
    "packSize",
    "minimumPacks",
    "packPrice",
    "freight",
    "otherFees",
    "leadDays",
    "qualityEvidence",
    "qualityScore",
    "qualityDefinition",
]
# tests/data copies of the shared examples
EXAMPLE_BYTES = [p.read_bytes() for p in sorted(EXAMPLES.glob("*.request.json"))]


class Raw(str):
    """Text emitted as-is into the JSON document (a number literal such as 1.50)."""


def encode(value: Any) -> str:
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k)}:{encode(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(encode(v) for v in value) + "]"
    return json.dumps(value)


def _reject_constant(name: str) -> None:
    raise AssertionError(f"non-JSON constant {name} in output")


def check_result(raw: bytes) -> dict[str, Any]:
    """Run the library twice; check the process-level invariants; return the output."""
    res = calculate(raw)
    data = res.to_json()
    assert isinstance(data, bytes)
    assert data.endswith(b"\n")
    assert data.count(b"\n") == 1
    out = json.loads(data.decode("utf-8"), parse_constant=_reject_constant)
    assert isinstance(out, dict)
    assert out == res.output
    assert list(out) == ROOT_KEYS
    assert out["status"] in EXIT, out["status"]
    assert res.exit_code == EXIT[out["status"]]
    assert out["networkUsed"] is False and out["filesModified"] is False
    assert out["quality"]["certifiedSuppliers"] is False
    if out["status"] == "invalid_input":
        assert out["normalizedQuotes"] == []
        assert out["ranking"] is None
        assert out["sensitivity"] == []
        assert out["quality"] == {"scale": None, "issues": [], "certifiedSuppliers": False}
        errors = out["limitations"]
        assert 1 <= len(errors) <= 100
        for err in errors:
            assert set(err) == {"code", "path", "message"}, err
            assert all(isinstance(v, str) for v in err.values()), err
        pairs = [(e["path"], e["code"]) for e in errors]
        assert pairs == sorted(pairs)
        assert len(set(pairs)) == len(pairs)
    # (c) deterministic: the same input gives byte-identical output
    assert calculate(raw).to_json() == data
    return out


# --------------------------------------------------------------------------- (a) bytes

NASTY_BYTES = [
    b"",
    b"\xef\xbb\xbf{}",
    b"[" * 100000,
    b'{"a":' * 50000,
    b"{" + b'"quotes":' * 3 + b"}",
    b'{"schemaVersion":1,"quotes":[' + b"9" * 5000 + b"]}",
    b'{"schemaVersion":' + b"9" * 5000 + b"}",
    b'{"schemaVersion":1e999999999}',
    b'{"schemaVersion":NaN}',
    b'{"schemaVersion":"\\ud800"}',
    b" " * 262145,
    b"\x00\xff\xfe",
]


@st.composite
def mutated_example(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(EXAMPLE_BYTES)))
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, max(len(data) - 1, 0)))
        action = draw(st.sampled_from(["flip", "insert", "delete", "truncate"]))
        if action == "flip" and data:
            data[pos] = draw(st.integers(0, 255))
        elif action == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=4))
        elif action == "delete" and data:
            del data[pos]
        else:
            del data[pos:]
    return bytes(data)


@SETTINGS
@given(st.one_of(st.binary(max_size=3000), mutated_example()))
def test_arbitrary_bytes_never_crash(raw: bytes) -> None:
    check_result(raw)


def test_nasty_bytes_are_invalid_input() -> None:
    for raw in NASTY_BYTES:
        out = check_result(raw)
        assert out["status"] == "invalid_input", raw[:40]


# --------------------------------------------------------------------------- (b) JSON values

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=20),
    st.sampled_from(["\ud800", "NaN", "1e3", "-0", "0.0000001", "05", "CNY", "M6 bolt"]),
)
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(st.text(max_size=10), children, max_size=5),
    ),
    max_leaves=40,
)


@SETTINGS
@given(json_values)
def test_arbitrary_json_values_never_crash(value: Any) -> None:
    check_result(json.dumps(value).encode("utf-8"))


def _number_texts() -> st.SearchStrategy[Any]:
    plain = st.builds(
        lambda whole, frac: str(whole) + ("." + frac if frac else ""),
        st.integers(0, 2 * 10**15),
        st.text("0123456789", max_size=8),
    )
    odd = st.sampled_from(
        ["-1", "-0", "1e3", "1E3", "NaN", "inf", "05", "+5", " 5", "", "1,000", ".5", "5."]
    )
    literals = st.sampled_from(["-1", "-0", "1e3", "1E3", "-0.0", "1.0000000", "1e-7"])
    return st.one_of(
        plain,
        odd,
        plain.map(Raw),
        literals.map(Raw),
        st.integers(-(10**10), 10**10),
    )


field_value = st.one_of(
    _number_texts(),
    st.text(max_size=12),
    st.sampled_from(["CNY", "USD", "cny", "M6 bolt", "  ", "d", "x" * 300]),
    st.booleans(),
    st.none(),
    st.lists(st.integers(0, 5), max_size=2),
)


@st.composite
def _plausible(draw: st.DrawFn, key: str) -> Any:
    """A value that is valid for the field more often than not, else anything."""
    valid: dict[str, st.SearchStrategy[Any]] = {
        "schemaVersion": st.sampled_from([1, Raw("1.0")]),
        "quantity": int_field(1, 10**9).map(lambda t: t[1]),
        "currency": st.sampled_from(["CNY", "USD"]),
        "specification": st.sampled_from(["M6 bolt", "M8 nut"]),
        "maxLeadDays": int_field(0, 30).map(lambda t: t[1]),
        "minimumQualityScore": dec_field(max_int=5),
        "sensitivityDelta": st.sampled_from(["0.1", "0.5", Raw("0.25")]),
        "supplierId": ids,
        "packSize": int_field(1, 10**9).map(lambda t: t[1]),
        "minimumPacks": int_field(0, 10**9).map(lambda t: t[1]),
        "packPrice": dec_field(),
        "freight": dec_field(),
        "otherFees": dec_field(),
        "leadDays": int_field(0, 60).map(lambda t: t[1]),
        "qualityEvidence": st.just("claimed"),
        "qualityScore": dec_field(max_int=5),
        "qualityDefinition": st.sampled_from(["1-5", "other"]),
        "cost": dec_field(max_int=3),
        "delivery": dec_field(max_int=3),
        "quality": dec_field(max_int=3),
        "definition": st.sampled_from(["1-5", "other"]),
        "minimum": st.sampled_from(["0", Raw("1")]),
        "maximum": st.sampled_from(["5", Raw("5.0"), "0"]),
    }
    if key in valid and draw(st.integers(0, 15)) < 15:  # hypothesis favours 0
        return draw(valid[key])
    return draw(field_value)


@st.composite
def field_objects(draw: st.DrawFn) -> Any:
    def obj(keys: list[str], required: list[str]) -> dict[str, Any]:
        chosen = draw(st.lists(st.sampled_from(keys), unique=True, max_size=len(keys)))
        if draw(st.integers(0, 3)) < 3:  # hypothesis favours 0: mostly complete objects
            chosen = [k for k in keys if k in required or k in chosen]
        result = {k: draw(_plausible(k)) for k in chosen}
        if draw(st.integers(0, 7)) == 7:
            result["extra"] = draw(field_value)
        return result

    count = 0 if draw(st.integers(0, 7)) == 7 else draw(st.integers(1, 4))
    quotes = [obj(QUOTE_FIELDS, ["supplierId"]) for _ in range(count)]
    root = obj(ROOT_FIELDS, ["schemaVersion", "quotes"])
    if "quotes" in root and draw(st.integers(0, 3)) < 3:
        root["quotes"] = quotes
    if "weights" in root and draw(st.integers(0, 3)) < 3:
        root["weights"] = obj(["cost", "delivery", "quality"], ["cost", "delivery", "quality"])
    if "qualityScale" in root and draw(st.integers(0, 3)) < 3:
        scale_keys = ["definition", "minimum", "maximum"]
        root["qualityScale"] = obj(scale_keys, scale_keys)
    return root


@SETTINGS
@given(field_objects())
def test_objects_with_real_field_names_never_crash(value: dict[str, Any]) -> None:
    check_result(encode(value).encode("utf-8"))


# --------------------------------------------------------------------------- (e) valid requests


@st.composite
def dec_text(draw: st.DrawFn, max_int: int = 10**15) -> str:
    whole = draw(st.one_of(st.integers(0, min(1000, max_int)), st.integers(0, max_int)))
    frac = "" if whole >= max_int else draw(st.text("0123456789", max_size=6))
    return str(whole) + ("." + frac if frac else "")


@st.composite
def dec_field(draw: st.DrawFn, max_int: int = 10**15) -> Any:
    text = draw(dec_text(max_int))
    return Raw(text) if draw(st.booleans()) else text


@st.composite
def int_field(draw: st.DrawFn, low: int, high: int) -> tuple[int, Any]:
    value = draw(st.one_of(st.integers(low, min(high, 1000)), st.integers(low, high)))
    form = draw(st.sampled_from(["int", "str", "dot0", "dot6"]))
    if form == "int":
        return value, value
    if form == "str":
        return value, str(value)
    if form == "dot0":
        return value, Raw(f"{value}.0")
    return value, f"{value}.000000"


ids = st.text(
    alphabet=st.characters(codec="utf-8"),
    min_size=1,
    max_size=8,
).filter(lambda s: not s.isspace())


@st.composite
def valid_requests(draw: st.DrawFn) -> tuple[bytes, dict[str, Any]]:
    quantity, quantity_json = draw(int_field(1, 10**9))
    has_scale = draw(st.booleans())
    all_scored = draw(st.booleans())
    supplier_ids = draw(st.lists(ids, min_size=1, max_size=6, unique=True))
    quotes = []
    for sid in supplier_ids:
        q: dict[str, Any] = {
            "supplierId": sid,
            "specification": "M6 bolt",
            "currency": "CNY",
            "packSize": draw(int_field(1, 10**9))[1],
            "minimumPacks": draw(int_field(0, 10**9))[1],
            "packPrice": draw(dec_field()),
            "freight": draw(dec_field()),
            "otherFees": draw(dec_field()),
            "leadDays": draw(int_field(0, 10**9))[1],
        }
        if draw(st.booleans()):
            q["qualityEvidence"] = "claimed audit"
        if has_scale and (all_scored or draw(st.booleans())):
            q["qualityScore"] = draw(dec_field(max_int=10))
            q["qualityDefinition"] = "panel 0-10"
        quotes.append(q)
    req: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": quantity_json,
        "currency": "CNY",
        "specification": "M6 bolt",
        "quotes": quotes,
    }
    if has_scale:
        req["qualityScale"] = {"definition": "panel 0-10", "minimum": "0", "maximum": 10}
    if draw(st.integers(0, 3)) > 0:
        weight = st.one_of(st.just("0"), dec_field(max_int=10))
        weights = {d: draw(weight) for d in ("cost", "delivery", "quality")}
        if all(Decimal(str(w)) == 0 for w in weights.values()):
            weights["cost"] = "1"
        req["weights"] = weights
        if draw(st.booleans()):
            delta = draw(st.integers(1, 999999))
            req["sensitivityDelta"] = f"0.{delta:06d}".rstrip("0")
    if draw(st.booleans()):
        req["maxLeadDays"] = draw(int_field(0, 10**9 if draw(st.booleans()) else 1000))[1]
    keys = list(req)
    order = draw(st.permutations(keys))
    req = {k: req[k] for k in order}
    return encode(req).encode("utf-8"), {"quantity": quantity, "request": req}


def _check_pack_identities(out: dict[str, Any], quantity: int) -> None:
    with localcontext() as ctx:
        ctx.prec = 200
        ctx.traps[Inexact] = True
        for q in out["normalizedQuotes"]:
            assert q["comparable"] is True
            pack_size = int(q["packSize"])
            moq = int(q["minimumPacks"])
            required = int(q["packsRequired"])
            purchased = int(q["packsPurchased"])
            delivered = int(q["deliveredQuantity"])
            assert required == -(-quantity // pack_size)  # ceil, in integers
            assert purchased == max(required, moq)
            assert purchased >= moq
            assert delivered >= quantity
            assert purchased * pack_size == delivered
            assert int(q["overbuyQuantity"]) == delivered - quantity
            goods = Decimal(q["goodsSubtotal"])
            assert goods == purchased * Decimal(q["packPrice"])
            landed = Decimal(q["landedTotal"])
            assert landed == goods + Decimal(q["freight"]) + Decimal(q["otherFees"])


def _check_ranking(ranking: list[dict[str, Any]], eligible: set[str]) -> None:
    assert {e["supplierId"] for e in ranking} == eligible
    assert len(ranking) == len(eligible)
    ranks = [e["rank"] for e in ranking]
    assert set(ranks) == set(range(1, max(ranks) + 1))
    for prev, cur in itertools.pairwise(ranking):
        assert Decimal(prev["score"]) >= Decimal(cur["score"])
        assert cur["rank"] in (prev["rank"], prev["rank"] + 1)
        if cur["rank"] == prev["rank"]:
            assert prev["score"] == cur["score"]
            assert prev["supplierId"] < cur["supplierId"]


@SETTINGS
@given(valid_requests())
def test_valid_requests_keep_identities(case: tuple[bytes, dict[str, Any]]) -> None:
    raw, meta = case
    out = check_result(raw)
    assert out["status"] == "completed", out["limitations"]
    _check_pack_identities(out, meta["quantity"])
    req = meta["request"]
    eligible = {
        q["supplierId"] for q in out["normalizedQuotes"] if q["constraintStatus"] == "eligible"
    }
    ranking = out["ranking"]
    if "weights" not in req:
        assert ranking is None
    if ranking is not None:
        _check_ranking(ranking, eligible)
        base = [(e["rank"], e["supplierId"]) for e in ranking]
        sens = out["sensitivity"]
        if "sensitivityDelta" in req:
            positive = [d for d, w in req["weights"].items() if Decimal(str(w)) > 0]
            assert [s["dimension"] for s in sens] == [d for d in positive for _ in (0, 1)]
            assert [s["direction"] for s in sens] == ["increase", "decrease"] * len(positive)
            for s in sens:
                _check_ranking(s["ranking"], eligible)
                changed = [(e["rank"], e["supplierId"]) for e in s["ranking"]] != base
                assert s["rankingChanged"] is changed
        else:
            assert sens == []
    else:
        assert out["sensitivity"] == []


# --------------------------------------------------------------------------- (d) no echo


@st.composite
def marked_invalid_requests(draw: st.DrawFn) -> tuple[bytes, str]:
    marker = "Qz" + draw(st.text(string.ascii_letters, min_size=8, max_size=16))
    quotes: list[Any] = [
        {
            "supplierId": marker + "A",
            "specification": marker,
            "currency": "CNY",
            "packSize": 100,
            "minimumPacks": 0,
            "packPrice": "35.00",
            "freight": "20",
            "otherFees": "0",
            "leadDays": 7,
            "qualityEvidence": "evidence " + marker,
            "qualityScore": 3,
            "qualityDefinition": marker,
        },
        {"supplierId": marker + "B", "specification": "M6 bolt"},
    ]
    req: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": 1000,
        "currency": "CNY",
        "specification": marker,
        "weights": {"cost": "1", "delivery": "1", "quality": "0"},
        "qualityScale": {"definition": marker, "minimum": 0, "maximum": 5},
        "quotes": quotes,
    }
    error = draw(
        st.sampled_from(
            [
                "unknown_root",
                "unknown_quote",
                "unknown_weights",
                "unknown_scale",
                "bad_currency",
                "bad_number",
                "negative",
                "null",
                "duplicate_id",
                "schema",
                "long_spec",
                "bad_quote_type",
            ]
        )
    )
    if error == "unknown_root":
        req[marker] = marker
    elif error == "unknown_quote":
        quotes[0][marker] = 1
    elif error == "unknown_weights":
        req["weights"][marker] = "1"
    elif error == "unknown_scale":
        req["qualityScale"][marker] = marker
    elif error == "bad_currency":
        quotes[1]["currency"] = marker
    elif error == "bad_number":
        quotes[1]["packPrice"] = "12" + marker
    elif error == "negative":
        quotes[1]["freight"] = Raw("-5")
    elif error == "null":
        quotes[1]["leadDays"] = None
    elif error == "duplicate_id":
        quotes[1]["supplierId"] = quotes[0]["supplierId"]
    elif error == "schema":
        req["schemaVersion"] = 2
    elif error == "long_spec":
        quotes[1]["specification"] = marker * 40
    else:
        quotes.append(marker)
    return encode(req).encode("utf-8"), marker


@SETTINGS
@given(marked_invalid_requests())
def test_invalid_output_never_echoes_input_text(case: tuple[bytes, str]) -> None:
    raw, marker = case
    out = check_result(raw)
    assert out["status"] == "invalid_input"
    text = calculate(raw).to_json().decode("utf-8")
    assert marker not in text
    assert marker.lower() not in text.lower()


# --------------------------------------------------------------------------- real CLI


@CLI_SETTINGS
@given(
    st.one_of(
        valid_requests().map(lambda case: case[0]),
        field_objects().map(lambda v: encode(v).encode("utf-8")),
        st.binary(max_size=500),
    )
)
@example(b"")
@example(b"\xff")
def test_cli_process_invariants(raw: bytes) -> None:
    proc = run_cli(raw)
    assert proc.stderr == b""
    out = proc.output  # exactly one line ending in "\n", parses as JSON
    assert isinstance(out, dict)
    assert list(out) == ROOT_KEYS
    assert out["status"] in EXIT
    assert proc.exit_code == EXIT[out["status"]]
    assert proc.stdout == calculate(raw).to_json()
