"""The byte-identity baseline: a fixed set of requests and what the CLI printed for each.

The baseline was recorded from commit 19cd0a8, before the performance work of issue 13, so
that every later change of the engine can be checked against the bytes the product printed
*before* it (``tests/test_byte_identity.py``), never against its own output. The cases:

- every request of ``tests/data/examples`` and ``examples/``;
- every file of the JSONTestSuite corpus (``tests/data/jsontestsuite/test_parsing``);
- the worst-case inputs of ``scripts/bench.py`` (copied here as they were at 19cd0a8, so that
  changing the bench never changes the baseline) and of ``tests/test_worst_cases.py``;
- 240 requests from a seeded generator (:func:`generated`): completed, partial and invalid,
  1 to 100 quotes, ties, both constraints, sensitivity, numbers at their limits, number
  literals and strings, non-ASCII ids, and many errors at once.

For each case the baseline holds the sha256 of the input (so a drift of the generator is
reported as such, not as an output change), the exit code, stdout, and the ``--trace`` lines
without their ``ms`` timings; for the examples and every fourth generated case also the
``--format text`` report in both languages. Outputs up to 2048 bytes are stored as text,
larger ones as their sha256 (the file stays small).

The text reports were recorded once more at 8afa89f (main after the weight analysis of issue
11 added its section to ranked reports, before the performance work was merged); every JSON
output and trace of that run was identical to 19cd0a8's, and it added the new example
``examples/weight-analysis.request.json``.

Record the baseline again only on purpose (a deliberate output change, read the diff)::

    python tests/byte_identity.py
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
BASELINE = DATA / "byte_identity" / "baseline.json"
INLINE_LIMIT = 2048
LIMIT = 262144
SEED = 13
GENERATED = 240


# ---- the worst inputs of scripts/bench.py, as they were at 19cd0a8 ----

BENCH_SPEC = "M8x30 hex bolt, A2-70 stainless, DIN 933"
BENCH_SCALE = "supplier audit score 1-5"


def bench_full_request(quotes: int, *, evidence: str = "audit report 2025") -> bytes:
    """``scripts/bench.py``'s complete request (weights, both constraints, scale, delta)."""
    return json.dumps(
        {
            "schemaVersion": 1,
            "quantity": 12000,
            "currency": "CNY",
            "specification": BENCH_SPEC,
            "weights": {"cost": "0.5", "delivery": "0.3", "quality": "0.2"},
            "qualityScale": {"definition": BENCH_SCALE, "minimum": "1", "maximum": "5"},
            "maxLeadDays": 40,
            "minimumQualityScore": "1",
            "sensitivityDelta": "0.1",
            "quotes": [
                {
                    "supplierId": f"SUPPLIER-{index:03d}",
                    "specification": BENCH_SPEC,
                    "currency": "CNY",
                    "packSize": 100 + 25 * (index % 9),
                    "minimumPacks": index % 7,
                    "packPrice": f"{30 + index % 17}.{(index * 37) % 100:02d}",
                    "freight": f"{(index * 13) % 400}.50",
                    "otherFees": f"{index % 5}",
                    "leadDays": 5 + (index * 7) % 30,
                    "qualityEvidence": evidence,
                    "qualityScore": f"{1 + index % 4}.{index % 10}",
                    "qualityDefinition": BENCH_SCALE,
                }
                for index in range(quotes)
            ],
        },
        separators=(",", ":"),
    ).encode()


def bench_inputs() -> dict[str, bytes]:
    """The bench's full requests and its worst 262144-byte inputs."""
    escapes_count = (LIMIT - 20) // 8
    bad_quote = (
        '{"supplierId":"","specification":"","currency":"x","packSize":"-1","minimumPacks":"1e3",'
        '"packPrice":"NaN","freight":true,"otherFees":[],"leadDays":5.5,"qualityScore":"1.0000000",'
        '"qualityEvidence":" ","qualityDefinition":"","zz":1}'
    )
    many_errors = ('{"schemaVersion":1,"quotes":[' + ",".join([bad_quote] * 600) + "]}").encode()
    found = {
        "bench: 100 quotes": bench_full_request(100),
        "bench: 10 quotes": bench_full_request(10),
        "bench: 1 quote": bench_full_request(1),
        "bench: deep nesting": b"[" * LIMIT,
        "bench: 131k numbers": b'{"a":[' + b"0," * ((LIMIT - 10) // 2) + b"0]}",
        "bench: 32k escapes": b'{"a":["' + b"\\u00e9" * escapes_count + b'"]}',
        "bench: 87k objects": b'{"a":[' + b"{}," * ((LIMIT - 10) // 3) + b"{}]}",
        "bench: many errors": many_errors[:LIMIT],
        "bench: 100 quotes, longest evidence": bench_full_request(100, evidence="E" * 2000),
    }
    return {name: raw for name, raw in found.items() if len(raw) <= LIMIT}


# ---- the seeded generator ----

CJK = "\u87ba\u6813\u4e0d\u9508\u94a2"
IDS = ["A", "b", "Zeta", "\u00e9t\u00e9", "\u4e59", "\U0001f600", "ALPHA", "alpha", "x-1", "\u00c5"]
# Values that break a field, by the kind of field they are put into.
BAD_NUMBERS = [
    "1e3",
    "-1",
    "NaN",
    "Infinity",
    "1.0000000",
    "01",
    "0x10",
    "",
    " 1",
    "1.",
    ".5",
    "+1",
    "9" * 49,
    "1000000000000001",
    True,
    [],
    {},
    None,
    "abc",
]
BAD_LITERALS = ["1e3", "-1", "1.5", "1E+2", "-0", "0.0000001", "1" + "0" * 60]
BAD_TEXTS = ["", " ", "\t\n", 1, True, [], {}, None, "x" * 3000]
BAD_CURRENCIES = ["cny", "CN", "CNYY", "\uff23NY", 1, None, "", "C N"]


class Lit(str):
    """A JSON number literal written as given (``35.00``, ``1e3``), not as a string."""

    __slots__ = ()


_LIT_MARK = "\x00lit:"
_LIT_PATTERN = re.compile('"\\\\u0000lit:([^"]*)"')


def dump(document: Any, rng: random.Random) -> bytes:
    """The document as JSON text, in one of several spacings and escapings."""

    def mark(value: Any) -> Any:
        if isinstance(value, Lit):
            return _LIT_MARK + str(value)
        if isinstance(value, dict):
            return {key: mark(item) for key, item in value.items()}
        if isinstance(value, list):
            return [mark(item) for item in value]
        return value

    ascii_only = rng.random() < 0.3
    separators = rng.choice([(",", ":"), (", ", ": ")])
    indent = 2 if rng.random() < 0.1 else None
    # The marker's NUL is escaped as \u0000 whatever ``ensure_ascii`` says.
    text = json.dumps(mark(document), ensure_ascii=ascii_only, separators=separators, indent=indent)
    return _LIT_PATTERN.sub(lambda match: match.group(1), text).encode("utf-8")


def _decimal_text(rng: random.Random, whole_max: int, places: int) -> str:
    whole = rng.randint(0, whole_max)
    if places == 0:
        return str(whole)
    return f"{whole}.{rng.randint(0, 10**places - 1):0{places}d}"


def _number(rng: random.Random, text: str, *, literal_ok: bool = True) -> Any:
    """``text`` as a JSON string or, sometimes, as a number literal."""
    return Lit(text) if literal_ok and rng.random() < 0.3 else text


def _integer(rng: random.Random, value: int) -> Any:
    roll = rng.random()
    if roll < 0.6:
        return Lit(str(value))
    if roll < 0.8:
        return str(value)
    return Lit(f"{value}.0") if roll < 0.9 else f"{value}.000"


def _ids(rng: random.Random, count: int) -> list[str]:
    ids: list[str] = []
    while len(ids) < count:
        base = rng.choice(IDS)
        candidate = f"{base}{rng.randint(0, 999)}" if rng.random() < 0.8 else base
        if rng.random() < 0.1:
            candidate = (CJK * 20)[: rng.randint(1, 64)]
        if candidate not in ids:
            ids.append(candidate)
    return ids


def _quote(  # noqa: PLR0917 - the generator's knobs
    rng: random.Random,
    supplier_id: str,
    spec: str,
    currency: str,
    definition: str,
    big: bool,
    scored: bool,
) -> dict[str, Any]:
    money_whole = 999999999999999 if big else 500
    quote: dict[str, Any] = {
        "supplierId": supplier_id,
        "specification": spec,
        "currency": currency,
        "packSize": _integer(rng, rng.choice([1, 7, 25, 100, 250, 1000, 10**9 if big else 12])),
        "minimumPacks": _integer(rng, rng.choice([0, 0, 1, 3, 50, 10**9 if big else 5])),
        "packPrice": _number(rng, _decimal_text(rng, money_whole, rng.choice([0, 1, 2, 6]))),
        "freight": _number(rng, _decimal_text(rng, money_whole, rng.choice([0, 2, 6]))),
        "otherFees": _number(rng, _decimal_text(rng, 50, rng.choice([0, 2]))),
        "leadDays": _integer(rng, rng.choice([0, 1, 5, 7, 14, 30, 60, 10**9 if big else 90])),
    }
    roll = 0.5 if scored else rng.random()
    if roll < 0.2:
        quote["qualityEvidence"] = rng.choice(["ISO 9001", "audit " + CJK, "E" * 200])
    elif roll < 0.9:
        quote["qualityEvidence"] = "audit report"
        quote["qualityScore"] = _number(
            rng, f"{rng.randint(1, 4)}.{rng.randint(0, 999999):06d}"[: rng.choice([1, 3, 8])]
        )
        quote["qualityDefinition"] = definition
    return quote


def _tie(quotes: list[dict[str, Any]], rng: random.Random) -> None:
    """Make some quotes equal to an earlier one in everything but the supplier id."""
    if len(quotes) < 2:
        return
    for _ in range(rng.randint(1, max(1, len(quotes) // 2))):
        source, target = rng.sample(range(len(quotes)), 2)
        copied = dict(quotes[source])
        copied["supplierId"] = quotes[target]["supplierId"]
        quotes[target] = copied


def _break_quotes(quotes: list[dict[str, Any]], rng: random.Random) -> None:
    """Omit core fields, mismatch specification/currency, or break the quality definition."""
    for quote in quotes:
        roll = rng.random()
        if roll < 0.15:
            del quote[rng.choice(list(quote)[1:9])]
        elif roll < 0.22:
            quote["specification"] = quote["specification"] + " "
        elif roll < 0.27:
            quote["currency"] = "USD"
        elif roll < 0.32 and "qualityScore" in quote:
            quote.pop("qualityDefinition") if rng.random() < 0.5 else quote.update(
                qualityDefinition="another scale"
            )


def _invalidate(document: dict[str, Any], rng: random.Random, count: int) -> None:
    """Put ``count`` defects into the document (every code of §4.4 is reachable)."""
    quotes = document["quotes"]
    for _ in range(count):
        roll = rng.random()
        objects = [quote for quote in quotes if isinstance(quote, dict)]
        quote = rng.choice(objects) if objects else {}
        if roll < 0.35:
            name = rng.choice(["packSize", "minimumPacks", "packPrice", "freight", "otherFees"])
            quote[name] = rng.choice(BAD_NUMBERS + [Lit(x) for x in BAD_LITERALS])
        elif roll < 0.45:
            quote[rng.choice(["supplierId", "specification", "qualityEvidence"])] = rng.choice(
                BAD_TEXTS
            )
        elif roll < 0.5:
            target = quote if rng.random() < 0.5 else document
            target["currency"] = rng.choice(BAD_CURRENCIES)
        elif roll < 0.55:
            quote[rng.choice(["zz", "supplierID", "\u00e9", ""])] = 1
        elif roll < 0.6:
            quote.pop("supplierId", None)
        elif roll < 0.65 and len(quotes) > 1:
            quote["supplierId"] = quotes[0].get("supplierId", "A")
        elif roll < 0.7:
            document["weights"] = {"cost": "0", "delivery": Lit("0"), "quality": "0.000"}
        elif roll < 0.74:
            document["qualityScale"] = {"definition": "d", "minimum": "5", "maximum": "1"}
        elif roll < 0.78:
            document.pop("qualityScale", None)
            document["minimumQualityScore"] = "2"
        elif roll < 0.82:
            document.pop("weights", None)
            document["sensitivityDelta"] = rng.choice(["0.1", "1", "0", "2"])
        elif roll < 0.86:
            document["schemaVersion"] = rng.choice([Lit("2"), "1", Lit("1.0"), None, Lit("1e0")])
        elif roll < 0.9:
            quotes.append(rng.choice([None, 1, "q", []]))
        elif roll < 0.94:
            document[rng.choice(["quantity", "maxLeadDays"])] = rng.choice(
                [Lit("0"), Lit("1.5"), "-3", Lit("1000000001"), None]
            )
        else:
            quote["qualityScore"] = rng.choice(["9", "-1", Lit("1e1"), "1.0000001"])


def generated_case(rng: random.Random, index: int) -> bytes:
    """One request; ``index`` picks the kind so that every kind appears many times."""
    kind = ("completed", "partial", "invalid", "ties", "big", "many_errors")[index % 6]
    count = rng.choice([1, 1, 2, 3, 5, 10, 17, 50, 100, rng.randint(1, 100)])
    if kind == "many_errors":
        count = rng.choice([50, 100, 130])
    spec = rng.choice(["M6 bolt", BENCH_SPEC, CJK, "S"])
    currency = rng.choice(["CNY", "EUR", "USD"])
    definition = rng.choice(["1-5 audit", BENCH_SCALE, "\u5ba1\u6838 1-5"])
    big = kind == "big"
    document: dict[str, Any] = {"schemaVersion": Lit("1")}
    if rng.random() < 0.95 or kind == "completed":
        document["quantity"] = _integer(rng, rng.choice([1, 99, 1000, 12000, 10**9 if big else 7]))
    document["currency"] = currency
    document["specification"] = spec
    if rng.random() < 0.8:
        weights = [rng.choice(["0", "0.5", "0.3", "0.2", "1", "0.333333", "2.5"]) for _ in "123"]
        if all(weight == "0" for weight in weights):
            weights[0] = "1"
        if big:
            weights = ["999999999999999.999999", "0.000001", "1000000000000000"]
        document["weights"] = dict(
            zip(("cost", "delivery", "quality"), (_number(rng, w) for w in weights), strict=True)
        )
    if rng.random() < 0.75:
        low, high = ("0", "1000000000000000") if big else rng.choice([("1", "5"), ("0", "10")])
        document["qualityScale"] = {
            "definition": definition,
            "minimum": _number(rng, low),
            "maximum": _number(rng, high),
        }
    if rng.random() < 0.4:
        document["maxLeadDays"] = _integer(rng, rng.choice([0, 7, 30, 45, 10**9]))
    if rng.random() < 0.4 and "qualityScale" in document:
        document["minimumQualityScore"] = _number(rng, rng.choice(["1", "2.5", "3"]))
    if rng.random() < 0.5 and "weights" in document:
        document["sensitivityDelta"] = _number(
            rng, rng.choice(["0.1", "0.5", "0.999999", "0.000001", "0.25"])
        )
    ids = _ids(rng, count)
    scored = kind in ("completed", "ties", "big") and rng.random() < 0.9
    quotes = [_quote(rng, sid, spec, currency, definition, big, scored) for sid in ids]
    if kind in ("ties", "completed") or rng.random() < 0.2:
        _tie(quotes, rng)
    if kind == "partial":
        _break_quotes(quotes, rng)
        if rng.random() < 0.2:
            del document[rng.choice(["quantity", "currency", "specification"])]
    document["quotes"] = quotes
    if kind == "invalid":
        _invalidate(document, rng, rng.choice([1, 1, 2, 3, 8]))
    elif kind == "many_errors":
        _invalidate(document, rng, rng.choice([120, 300]))
    keys = list(document)
    if rng.random() < 0.3:
        rng.shuffle(keys)
    return dump({key: document[key] for key in keys}, rng)


def generated() -> dict[str, bytes]:
    """:data:`GENERATED` requests from one seeded generator (same seed, same bytes)."""
    rng = random.Random(SEED)
    return {f"generated {index:03d}": generated_case(rng, index) for index in range(GENERATED)}


# ---- every case, and how each is recorded ----


def worst_case_inputs() -> dict[str, bytes]:
    """The inputs of ``tests/test_worst_cases.py`` (built by its own functions)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_worst_cases import WORST

    return {f"worst: {name}": build() for name, (build, _, _) in WORST.items()}


def cases() -> dict[str, bytes]:
    """Every case of the baseline, by name."""
    found: dict[str, bytes] = {}
    for path in sorted((DATA / "examples").glob("*.request.json")):
        found[f"tests/data/examples/{path.name}"] = path.read_bytes()
    for path in sorted((ROOT / "examples").glob("*.request.json")):
        found[f"examples/{path.name}"] = path.read_bytes()
    for path in sorted((DATA / "jsontestsuite" / "test_parsing").iterdir()):
        found[f"jsontestsuite/{path.name}"] = path.read_bytes()
    found.update(bench_inputs())
    found.update(worst_case_inputs())
    found.update(generated())
    return found


def wants_text(name: str) -> bool:
    """Whether the ``--format text`` reports of a case are part of the baseline."""
    if name.startswith(("tests/data/examples/", "examples/")):
        return True
    return name.startswith("generated ") and int(name.split()[1]) % 4 == 0


def run(argv: list[str], raw: bytes) -> tuple[int, bytes, bytes]:
    """``scripts/calculate.py <argv>`` in this process: (exit code, stdout, stderr)."""
    from quotecalc.cli import main

    stdout, stderr = io.BytesIO(), io.BytesIO()
    code = main(argv, io.BytesIO(raw), stdout, stderr)
    return code, stdout.getvalue(), stderr.getvalue()


def without_timings(trace: bytes) -> bytes:
    """The ``--trace`` lines with each line's ``ms`` member removed."""
    lines = []
    for line in trace.splitlines():
        entry = json.loads(line)
        del entry["ms"]
        lines.append(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(lines).encode("utf-8")


def stored(data: bytes) -> str:
    """Small outputs as their text, large ones as ``sha256:<hex>``."""
    if len(data) <= INLINE_LIMIT:
        return data.decode("utf-8")
    return "sha256:" + hashlib.sha256(data).hexdigest()


def record(raw: bytes, name: str) -> dict[str, Any]:
    """Everything the baseline holds for one case."""
    code, stdout, stderr = run(["--input-json", "-"], raw)
    assert stderr == b""
    traced_code, traced_stdout, trace = run(["--input-json", "-", "--trace"], raw)
    assert (traced_code, traced_stdout) == (code, stdout)
    entry: dict[str, Any] = {
        "input": "sha256:" + hashlib.sha256(raw).hexdigest(),
        "exit": code,
        "stdout": stored(stdout),
        "trace": stored(without_timings(trace)),
    }
    if wants_text(name):
        for lang in ("en", "zh"):
            text_code, text, _ = run(["--input-json", "-", "--format", "text", "--lang", lang], raw)
            assert text_code == code
            entry[f"text_{lang}"] = stored(text)
    return entry


def record_all() -> Iterator[tuple[str, dict[str, Any]]]:
    for name, raw in cases().items():
        yield name, record(raw, name)


def main() -> int:
    sys.path.insert(0, str(ROOT / "src"))
    baseline = dict(record_all())
    statuses: dict[str, int] = {}
    for entry in baseline.values():
        statuses[str(entry["exit"])] = statuses.get(str(entry["exit"]), 0) + 1
    BASELINE.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(baseline, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
    BASELINE.write_text(text, encoding="utf-8")
    print(f"{len(baseline)} cases, exit codes {statuses}, {len(text.encode())} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
