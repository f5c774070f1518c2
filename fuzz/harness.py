"""Coverage-guided fuzz harness for quotecalc (issue #7), built on atheris (libFuzzer).

Run from the repository root (atheris: ``pip install atheris``)::

    python fuzz/harness.py [libFuzzer/atheris options] [corpus dirs]
    nice -n 10 python fuzz/harness.py -atheris_runs=1000000 -max_total_time=4200 \
        -max_len=32768 -timeout=10 -rss_limit_mb=2048 -dict=fuzz/json.dict \
        -artifact_prefix=fuzz/ -print_final_stats=1 fuzz/corpus fuzz/seeds

(the long run of ``docs/testing.md``: 1,000,000 executions, 0 findings).

The seed directory ``fuzz/seeds/``, when given, is rebuilt on every start from the shared
examples, the repository's examples, the JSONTestSuite corpus and generated requests (see
:func:`seed_inputs`); ``fuzz/corpus/`` is libFuzzer's working corpus. Neither is in git.

Other modes, none of which needs atheris:

- ``python fuzz/harness.py --build-seeds``: only write ``fuzz/seeds/``;
- ``python fuzz/harness.py --replay PATH...``: run the checks over files/directories and print
  the count (use it under ``coverage run`` for a coverage figure of a corpus); ``fuzz/seeds``
  is rebuilt first when named, and a missing path or no input at all is exit status 2.

One input is checked by :func:`check_input`. A *finding* (raised as :class:`Finding`) is:

1. an exception escaping ``calculate()`` or the CLI's ``main()``, or an ``internal_error``
   result (the contract's "a bug");
2. stdout that is not exactly one compact UTF-8 JSON object and ``\\n``, or that breaks the
   fixed envelope (root keys and order, constants, integers only at ``schemaVersion``/``rank``);
3. an exit code that does not match the status (0 completed/partial, 2 invalid_input);
4. two runs of the same input giving different bytes (the library, then the CLI: the CLI's
   stdout must equal the library's bytes, its exit code the library's, its stderr empty);
5. an ``invalid_input`` output holding text from the input: every error must be exactly
   ``{code, path, message}`` with a contract code, a pointer built only from contract field
   names and indices, and that code's one fixed message; and no string of the input (key or
   value, 6+ code points) may appear in the output unless it is itself part of that fixed
   vocabulary (a key such as ``packPrice`` legitimately appears in a path).

The custom mutator is JSON-aware (:func:`mutate`): it parses the input leniently (duplicate
keys and number texts kept), edits the tree (contract field names, number forms at every
boundary, string lengths at every limit, surrogates, CJK, whitespace, deep nesting, duplicated
quotes, spliced values) and writes it back in a random style; otherwise it inserts tokens of
``fuzz/json.dict`` or defers to libFuzzer's byte mutator.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import json
import random
import re
import shutil
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO, Final, NamedTuple

ROOT: Final = Path(__file__).resolve().parent.parent
FUZZ_DIR: Final = ROOT / "fuzz"
SEEDS_DIR: Final = FUZZ_DIR / "seeds"
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from quotecalc.core.constraint_rules import listed_root_fields  # noqa: E402
from quotecalc.core.fields import QUALITY_SCALE_FIELDS as scale_rows  # noqa: E402
from quotecalc.core.fields import QUOTE_FIELDS as quote_rows  # noqa: E402
from quotecalc.core.fields import WEIGHT_FIELDS as weight_rows  # noqa: E402

try:
    import atheris  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # the smoke test and --replay run without it
    atheris = None

FIXED_ARGV: Final = ["--input-json", "-"]
MAX_INPUT_BYTES: Final = 262144

# ---- the contract's fixed vocabulary (CONTRACT §3, §4.3, §4.4) ----

ENVELOPE_KEYS: Final = (
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
)
EXIT_FOR_STATUS: Final = {"completed": 0, "partial": 0, "invalid_input": 2}
ERROR_CODES: Final = frozenset(
    {
        "input_too_large",
        "invalid_encoding",
        "invalid_json",
        "invalid_string",
        "non_finite_number",
        "duplicate_key",
        "unknown_key",
        "missing_required",
        "null_not_allowed",
        "invalid_type",
        "invalid_number_format",
        "exponent_not_allowed",
        "too_many_decimals",
        "number_too_long",
        "negative_value",
        "out_of_range",
        "not_integer",
        "string_too_long",
        "empty_string",
        "invalid_currency",
        "unsupported_schema_version",
        "duplicate_supplier_id",
        "weights_sum_zero",
        "invalid_quality_scale",
        "requires_quality_scale",
        "requires_weights",
        "invalid_arguments",
    }
)
# The field names are the rows' own (issue 39: a new root field or constraint is one row, and
# its name may then appear in an error's path); the codes and keys above are written out.
ROOT_FIELDS: Final = tuple(rule.name for rule in listed_root_fields())
QUOTE_FIELDS: Final = tuple(rule.name for rule in quote_rows)
WEIGHT_FIELDS: Final = tuple(rule.name for rule in weight_rows)
SCALE_FIELDS: Final = tuple(rule.name for rule in scale_rows)
FIELD_NAMES: Final = tuple(dict.fromkeys(ROOT_FIELDS + QUOTE_FIELDS + WEIGHT_FIELDS + SCALE_FIELDS))
_POINTER: Final = re.compile("(?:/(?:" + "|".join(FIELD_NAMES) + "|0|[1-9][0-9]*))*")
MIN_ECHO_CHARS: Final = 6
_FUZZING = False  # atheris.Mutate() may only be called once atheris.Fuzz() runs


class Finding(AssertionError):
    """One input broke the contract's process guarantees (see the module docstring)."""


# ---- the target ----


class Targets(NamedTuple):
    """What one input is run through: the library call, the CLI's ``main`` and the messages."""

    calculate: Callable[[bytes], Any]
    cli_main: Callable[[list[str], BinaryIO, BinaryIO, BinaryIO], int]
    messages: Mapping[str, str]


def quotecalc_targets() -> Targets:
    """The real targets (imported on first use, so that ``main`` can instrument them)."""
    from quotecalc import calculate
    from quotecalc.cli import main
    from quotecalc.core.codes import ERROR_MESSAGES

    return Targets(calculate, main, ERROR_MESSAGES)


def _strict_object(raw: bytes) -> dict[str, Any]:
    """The one JSON object of a stdout, or a Finding."""
    if not raw.endswith(b"\n") or raw.count(b"\n") != 1:
        raise Finding("stdout is not exactly one line ending in a newline")
    try:
        text = raw[:-1].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Finding("stdout is not UTF-8") from exc

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) != len(pairs):
            raise Finding("stdout has a duplicate key")
        return result

    def no_constant(literal: str) -> Any:
        raise Finding(f"stdout holds {literal}")

    try:
        value = json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)
    except ValueError as exc:
        raise Finding("stdout is not one JSON value") from exc
    if not isinstance(value, dict):
        raise Finding("stdout is not a JSON object")
    if json.dumps(value, ensure_ascii=False, separators=(",", ":")) != text:
        raise Finding("stdout is not one compact JSON object")
    return value


def _check_numbers(node: Any, key: str = "") -> None:
    """No float anywhere; JSON integers only at ``schemaVersion`` and ``rank`` (§13)."""
    pending: list[tuple[str, Any]] = [(key, node)]
    while pending:
        name, value = pending.pop()
        if isinstance(value, float):
            raise Finding(f"a float in the output at {name!r}")
        if isinstance(value, int) and not isinstance(value, bool):
            if name not in ("schemaVersion", "rank"):
                raise Finding(f"a JSON integer in the output at {name!r}")
        elif isinstance(value, dict):
            pending.extend(value.items())
        elif isinstance(value, list):
            pending.extend((name, item) for item in value)


def _check_envelope(output: dict[str, Any]) -> None:
    if tuple(output) != ENVELOPE_KEYS:
        raise Finding("the root keys are not the contract's, in its order")
    if output["schemaVersion"] != 1 or isinstance(output["schemaVersion"], bool):
        raise Finding("schemaVersion is not 1")
    if output["tool"] != "quotecalc" or output["toolVersion"] != "0.1.0":
        raise Finding("tool or toolVersion is wrong")
    if output["networkUsed"] is not False or output["filesModified"] is not False:
        raise Finding("networkUsed/filesModified is not false")
    quality = output["quality"]
    if not isinstance(quality, dict) or list(quality) != ["scale", "issues", "certifiedSuppliers"]:
        raise Finding("quality is not {scale, issues, certifiedSuppliers}")
    if quality["certifiedSuppliers"] is not False:
        raise Finding("certifiedSuppliers is not false")
    _check_numbers(output)


# ---- the no-echo check ----


_STRING_LITERAL: Final = re.compile(r'"((?:[^"\\]|\\.)*)"', re.DOTALL)
_INDEX_LIKE: Final = re.compile("[0-9/]*")


def input_strings(data: bytes) -> set[str]:
    """Every key and string value of the input, raw and unescaped, of 6+ code points.

    A string literal is found by its quotes, so this also works on input that is not valid
    JSON. Strings made only of digits and ``/`` are left out: an array index in a path may
    spell them by coincidence, and paths are checked on their own (contract names only).
    """
    text = data.decode("utf-8", errors="replace")
    found: set[str] = set()
    for match in _STRING_LITERAL.finditer(text):
        literal = match.group(1)
        found.add(literal)
        with contextlib.suppress(ValueError):
            found.add(json.loads(f'"{literal}"', strict=False))
    return {
        item for item in found if len(item) >= MIN_ECHO_CHARS and not _INDEX_LIKE.fullmatch(item)
    }


def _output_strings(node: Any) -> Iterator[str]:
    pending = [node]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            pending.extend(value)
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)


def _fixed_vocabulary(messages: Mapping[str, str]) -> str:
    words = [*ENVELOPE_KEYS, *FIELD_NAMES, *ERROR_CODES, *messages.values()]
    words += ["quotecalc", "0.1.0", "invalid_input", "code", "path", "message", "scale", "issues"]
    words += ["certifiedSuppliers"]
    return "\n".join(words)


def _check_invalid_input(data: bytes, output: dict[str, Any], messages: Mapping[str, str]) -> None:
    fixed: dict[str, Any] = {
        "normalizedQuotes": [],
        "ranking": None,
        "sensitivity": [],
        "quality": {"scale": None, "issues": [], "certifiedSuppliers": False},
    }
    for key, value in fixed.items():
        if output[key] != value:
            raise Finding(f"invalid_input with a non-empty {key}")
    errors = output["limitations"]
    if not isinstance(errors, list) or not 1 <= len(errors) <= 100:
        raise Finding("invalid_input without 1-100 errors")
    seen: list[tuple[str, str]] = []
    for error in errors:
        if not isinstance(error, dict) or list(error) != ["code", "path", "message"]:
            raise Finding("an error is not exactly {code, path, message}")
        code, path, message = error["code"], error["path"], error["message"]
        if code not in ERROR_CODES:
            raise Finding("an error code outside the contract's set")
        if not isinstance(path, str) or not _POINTER.fullmatch(path):
            raise Finding("an error path not built from contract field names and indices")
        if message != messages.get(code):
            raise Finding("an error message that is not its code's fixed text")
        seen.append((path, code))
    if seen != sorted(set(seen)):
        raise Finding("errors not unique and sorted by (path, code)")
    vocabulary = _fixed_vocabulary(messages)
    paths = {error["path"] for error in errors}  # already proven to hold no input text
    shown = [value for value in _output_strings(output) if value not in paths]
    for text in input_strings(data):
        if text in vocabulary:
            continue
        if any(text in value for value in shown):
            raise Finding("an invalid_input output echoes text from the input")


# ---- one input ----


def check_input(data: bytes, targets: Targets | None = None) -> None:
    """Raise :class:`Finding` when ``data`` breaks one of the module docstring's guarantees.

    The input runs twice: through ``calculate()`` and through the CLI's ``main()`` with the
    fixed argv; the second run's stdout must be byte-identical to the first's.
    """
    calculate, cli_main, messages = targets or quotecalc_targets()
    try:
        first = calculate(data)
        stdout = first.to_json()
    except Exception as exc:
        raise Finding(f"an exception escaped calculate(): {type(exc).__name__}") from exc
    output = _strict_object(stdout)
    if output != first.output:
        raise Finding("Result.output differs from its own stdout bytes")
    _check_envelope(output)
    status = output["status"]
    if status == "internal_error":
        raise Finding("internal_error: an exception inside the pipeline")
    if status not in EXIT_FOR_STATUS:
        raise Finding("an unknown status")
    if first.exit_code != EXIT_FOR_STATUS[status]:
        raise Finding("the exit code does not match the status")
    if status == "invalid_input":
        _check_invalid_input(data, output, messages)
    cli_out, cli_err = io.BytesIO(), io.BytesIO()
    try:
        code = cli_main(list(FIXED_ARGV), io.BytesIO(data), cli_out, cli_err)
    except Exception as exc:
        raise Finding(f"an exception escaped cli.main(): {type(exc).__name__}") from exc
    if cli_out.getvalue() != stdout:
        raise Finding("two runs gave different bytes (the CLI's stdout vs calculate())")
    if code != first.exit_code:
        raise Finding("the CLI's exit code differs from calculate()'s")
    if cli_err.getvalue():
        raise Finding("the CLI wrote to stderr without a debugging flag")


# ---- the JSON-aware mutator ----


class Num:
    """A number literal kept as its text (any text: the mutator may write invalid JSON)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class Obj:
    """A JSON object as its list of pairs: duplicate keys and order survive."""

    __slots__ = ("pairs",)

    def __init__(self, pairs: list[tuple[str, Any]] | list[list[Any]]) -> None:
        self.pairs = [list(pair) for pair in pairs]


NUMBER_TEXTS: Final = (
    "0", "1", "2", "5", "-0", "-1", "1.0", "5.0", "5.5", "0.1", "0.5", "0.25", "0.999999",
    "1.000000", "1.0000000", "0.0000001", "35.00", ".5", "5.", "05", "00", "+5", "1e3", "1E3",
    "1e0", "1e-3", "1.5e+2", "-1e3", "NaN", "Infinity", "-Infinity", "1,000", "0x10", "1_000",
    "999999999", "1000000000", "1000000001", "1000000000.0", "1000000000.5",
    "999999999999999.999999", "1000000000000000", "1000000000000000.000000",
    "1000000000000000.000001", "1000000000000001", "9" * 48, "9" * 49, "1" + "0" * 47,
    "0." + "0" * 46, "1" * 4300, "-" + "9" * 48,
)  # fmt: skip
NUMBER_STRINGS: Final = (
    *NUMBER_TEXTS, "", " 5", "5 ", "inf", "-inf", "nan", "sNaN", "+Infinity", "INFINITY",
    "-abc", "-.5", "abc", "\u0661\u0662", "\uff15", "1\u00a0", "\u22125", "5e", "e5", "1..0",
)  # fmt: skip
CJK: Final = "\u87ba\u6813\u4e0d\u9508\u94a2\u516d\u89d2"
STRING_TEXTS: Final = (
    "", " ", "\t\n ", "\u3000", "\u200b", "A", "CNY", "cny", "EUR", "USD", "US$", "CN",
    "CNYY", "\uff23\uff2e\uff39", "CNY\n", "M6 bolt", "M6 bolt ", "m6 bolt", "1-5 audit",
    CJK, "\ud83d\ude00", "\ud800", "\udc00", "\ud800x", "\x00", "SECRET-TOKEN-42",
    "/quotes/0", "The input", "packPrice", "supplierId",
    "S" * 64, "S" * 65, "x" * 256, "x" * 257, "d" * 512, "d" * 513, "e" * 2000, "e" * 2001,
    CJK * 9, "\ud83d\ude00" * 64, " " * 300,
)  # fmt: skip
EXTRA_KEYS: Final = (
    "zz", "", "__proto__", "SchemaVersion", "packprice", "quotes ", "supplierID", "Quotes",
    "SECRET-KEY-NAME",
)  # fmt: skip
TEXT_TOKENS: Final = (
    b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\", b"\\u", b"\\ud800", b"\\udc00",
    b"\\ud83d\\ude00", b"\\u0000", b"\\n", b"null", b"true", b"false", b"NaN", b"-Infinity",
    b"1e3", b"-0", b"[[[[[[[[", b"{{{{", b'{"a":', b"]]]]", b" ", b"\t", b"\r\n", b"\x00",
    b"\xef\xbb\xbf", b"\xff", b"\xc3", b"\xed\xa0\x80", b"/* */", b"//", b"'", b",]", b",}",
    "\u2028".encode(), CJK.encode(),
)  # fmt: skip


def _valid_number(rng: random.Random) -> str:
    """A plain decimal that passes the number form: 0, boundaries, or random magnitudes."""
    roll = rng.random()
    if roll < 0.2:
        return rng.choice(("0", "1", "1000000000", "1000000000000000", "0.000001", "0.5"))
    whole = str(rng.randint(0, 10 ** rng.randint(0, 15)))
    if roll < 0.6:
        return whole
    return f"{whole}.{rng.randint(0, 999999):0{rng.randint(6, 6)}d}"[
        : len(whole) + rng.randint(2, 7)
    ]


def _random_number(rng: random.Random) -> Num | str:
    roll = rng.random()
    if roll < 0.3:
        return Num(_valid_number(rng)) if roll < 0.15 else _valid_number(rng)
    if roll < 0.65:
        return Num(rng.choice(NUMBER_TEXTS))
    return rng.choice(NUMBER_STRINGS)


def _random_scalar(rng: random.Random) -> Any:
    roll = rng.random()
    if roll < 0.4:
        return _random_number(rng)
    if roll < 0.8:
        return rng.choice(STRING_TEXTS)
    return rng.choice((None, True, False, [], Obj([])))


def random_quote(rng: random.Random, index: int, spec: str, currency: str) -> Obj:
    """A (mostly) valid quote with random values at and between the contract's bounds."""
    pairs: list[tuple[str, Any]] = [
        ("supplierId", f"S{index:03d}" if rng.random() < 0.9 else rng.choice(STRING_TEXTS)),
        ("specification", spec if rng.random() < 0.9 else rng.choice(STRING_TEXTS)),
        ("currency", currency if rng.random() < 0.9 else "EUR"),
        ("packSize", Num(str(rng.choice((1, 3, 7, 100, 250, 10**9))))),
        ("minimumPacks", Num(str(rng.choice((0, 1, 5, 20, 10**9))))),
        ("packPrice", f"{rng.randint(0, 500)}.{rng.randint(0, 99):02d}"),
        ("freight", rng.choice(("0", "20", "10.5", "1000000000000000"))),
        ("otherFees", rng.choice(("0", "15.5", "0.000001"))),
        ("leadDays", Num(str(rng.randint(0, 40)))),
    ]
    if rng.random() < 0.6:
        pairs.append(("qualityScore", Num(str(rng.randint(1, 5)))))
    if rng.random() < 0.5:
        pairs.append(("qualityEvidence", "audit"))
    if rng.random() < 0.6:
        pairs.append(("qualityDefinition", "1-5 audit" if rng.random() < 0.9 else "other"))
    rng.shuffle(pairs)
    drop = rng.random()
    if drop < 0.3:
        pairs.pop(rng.randrange(len(pairs)))
    return Obj(pairs)


def random_request(rng: random.Random) -> Obj:
    """A request in the shape of the contract, mostly valid, with its options at random."""
    spec = rng.choice(("M6 bolt", CJK, "x" * 256))
    currency = rng.choice(("CNY", "EUR"))
    count = rng.choice((1, 2, 3, 4, 5, 8, 100)) if rng.random() < 0.95 else 101
    pairs: list[tuple[str, Any]] = [
        ("schemaVersion", Num(rng.choice(("1", "1", "1.0")))),
        ("quotes", [random_quote(rng, index, spec, currency) for index in range(count)]),
        ("quantity", Num(str(rng.choice((1, 999, 1000, 12345, 10**9))))),
        ("currency", currency),
        ("specification", spec),
    ]
    if rng.random() < 0.8:
        weights = [("cost", Num("0.5")), ("delivery", "0.3"), ("quality", rng.choice(("0", "0.2")))]
        pairs.append(("weights", Obj(weights)))
    if rng.random() < 0.7:
        scale = [("definition", "1-5 audit"), ("minimum", Num("1")), ("maximum", "5")]
        pairs.append(("qualityScale", Obj(scale)))
    if rng.random() < 0.5:
        pairs.append(("maxLeadDays", Num(str(rng.randint(0, 40)))))
    if rng.random() < 0.4:
        pairs.append(("minimumQualityScore", rng.choice(("1", "3", "4.5"))))
    if rng.random() < 0.6:
        pairs.append(("sensitivityDelta", rng.choice(("0.1", "0.25", "0.5", "0.999999"))))
    rng.shuffle(pairs)
    return Obj(pairs)


def parse_lenient(data: bytes) -> Any:
    """The tree of ``data`` (:class:`Obj`, list, :class:`Num`, str, bool, None), or raise."""
    text = data.decode("utf-8")
    decoder = json.JSONDecoder(
        object_pairs_hook=Obj, parse_int=Num, parse_float=Num, parse_constant=Num, strict=False
    )
    return decoder.decode(text)


class _Style:
    def __init__(self, rng: random.Random) -> None:
        self.ascii = rng.random() < 0.3
        self.spaced = rng.random() < 0.2
        self.budget = MAX_TREE_CHARS


def _write(node: Any, style: _Style, out: list[str]) -> None:
    style.budget -= 1 + len(
        node.text if isinstance(node, Num) else node if isinstance(node, str) else ""
    )
    if style.budget < 0:
        raise ValueError("tree too large to write")
    if isinstance(node, Num):
        out.append(node.text)
    elif isinstance(node, str):
        out.append(json.dumps(node, ensure_ascii=style.ascii))
    elif isinstance(node, Obj):
        out.append("{")
        for index, (key, value) in enumerate(node.pairs):
            if index:
                out.append(", " if style.spaced else ",")
            out.append(json.dumps(key, ensure_ascii=style.ascii))
            out.append(": " if style.spaced else ":")
            _write(value, style, out)
        out.append("}")
    elif isinstance(node, list):
        out.append("[")
        for index, value in enumerate(node):
            if index:
                out.append(", " if style.spaced else ",")
            _write(value, style, out)
        out.append("]")
    else:
        out.append(json.dumps(node))


def dump_tree(node: Any, rng: random.Random) -> bytes:
    """The bytes of a tree; lone surrogates written raw become (invalid) surrogate bytes."""
    out: list[str] = []
    _write(node, _Style(rng), out)
    return "".join(out).encode("utf-8", errors="surrogatepass")


Slot = tuple[Any, Any]  # (container, index into it); for Obj the index is into .pairs


MAX_TREE_SLOTS: Final = 100_000
MAX_TREE_CHARS: Final = 1 << 20


def _slots(tree: Any) -> list[Slot]:
    """Every value's place in the tree (the root is wrapped in a one-element list).

    Duplicated items are shared, so a few duplications of duplications could make the tree
    exponentially large: past :data:`MAX_TREE_SLOTS` the mutation is abandoned.
    """
    holder = [tree]
    found: list[Slot] = [(holder, 0)]
    pending = [tree]
    while pending:
        if len(found) > MAX_TREE_SLOTS:
            raise ValueError("tree too large to mutate")
        node = pending.pop()
        if isinstance(node, Obj):
            for pair in node.pairs:
                found.append((pair, 1))
                pending.append(pair[1])
        elif isinstance(node, list):
            for index, item in enumerate(node):
                found.append((node, index))
                pending.append(item)
    return found


def _tweak_number(text: str, rng: random.Random) -> str:
    edits: tuple[Callable[[str], str], ...] = (
        lambda t: "-" + t,
        lambda t: t + "e3",
        lambda t: t + ".0000000",
        lambda t: t + ".000001",
        lambda t: t + "0",
        lambda t: "0" + t,
        lambda t: t[:-1] or "0",
        lambda t: t + "0" * 48,
        lambda t: str(int(t) + rng.choice((-1, 1))) if t.isdigit() and len(t) < 60 else t,
        lambda t: t.replace(".", ""),
        lambda t: " " + t,
    )
    return rng.choice(edits)(text)


def _tweak_string(text: str, rng: random.Random, tree_strings: list[str]) -> str:
    edits: tuple[Callable[[str], str], ...] = (
        lambda t: t + " ",
        lambda t: t.upper(),
        lambda t: t.lower(),
        lambda t: t[:-1],
        lambda t: (t or "x") * rng.choice((2, 64, 257, 2001)),
        lambda t: t + rng.choice(("\ud800", "\udfff", "\u0301", CJK, "\x00")),
        lambda t: rng.choice(tree_strings) if tree_strings else t,
    )
    return rng.choice(edits)(text)


def _edit_container(node: Any, rng: random.Random) -> bool:
    """Add, drop, rename, duplicate or reorder members of an object or array in place."""
    op = rng.randrange(6)
    if isinstance(node, Obj):
        if op <= 1 or not node.pairs:
            key = rng.choice(FIELD_NAMES if rng.random() < 0.8 else EXTRA_KEYS)
            if node.pairs and rng.random() < 0.2:
                key = rng.choice(node.pairs)[0]  # a duplicate key
            node.pairs.insert(rng.randint(0, len(node.pairs)), [key, _random_scalar(rng)])
        elif op == 2:
            node.pairs.pop(rng.randrange(len(node.pairs)))
        elif op == 3:
            rng.choice(node.pairs)[0] = rng.choice(FIELD_NAMES + EXTRA_KEYS)
        else:
            rng.shuffle(node.pairs)
        return True
    if isinstance(node, list) and node:
        if op <= 2:
            item = rng.choice(node)
            copies = rng.choice((1, 1, 2, 99, 100))
            node.extend(item for _ in range(copies))  # shared: identical duplicates
            del node[101 + rng.randrange(3) :]
        elif op <= 4:
            node.pop(rng.randrange(len(node)))
        else:
            rng.shuffle(node)
        return True
    return False


def _edit_value(node: Any, rng: random.Random, slots: list[Slot]) -> Any:
    """A replacement for one value: a tweak, a type flip, deeper nesting or a splice."""
    op = rng.randrange(7)
    if op == 0:
        return _random_scalar(rng)
    if op == 1 and isinstance(node, Num):
        return Num(_tweak_number(node.text, rng))
    if op == 1 and isinstance(node, str):
        return _valid_number(rng) if rng.random() < 0.5 else _tweak_string(node, rng, [])
    if op == 2 and isinstance(node, str):
        strings = [value for box, at in slots if isinstance(value := box[at], str)]
        return _tweak_string(node, rng, strings)
    if op == 3:  # flip the type of a number or a string
        if isinstance(node, Num):
            return node.text
        if isinstance(node, str) and len(node) <= 60:
            return Num(node)
    if op == 4:  # nest deeper
        wrapped = node
        for _ in range(rng.choice((1, 2, 50, 500, 900))):
            wrapped = [wrapped] if rng.random() < 0.5 else Obj([("a", wrapped)])
        return wrapped
    if op == 5:  # splice a copy of another value of the same tree here
        other_container, other_index = rng.choice(slots)
        return copy.deepcopy(other_container[other_index])
    return _random_number(rng)


def _mutate_tree(tree: Any, rng: random.Random) -> Any:
    root = tree
    for _ in range(rng.choice((1, 1, 1, 2, 3, 4))):
        slots = _slots(root)
        container, index = rng.choice(slots)
        node = container[index]
        if rng.random() < 0.6 or not _edit_container(node, rng):
            container[index] = _edit_value(node, rng, slots)
        root = slots[0][0][0]
    return root


def _mutate_text(data: bytes, rng: random.Random) -> bytes:
    token = rng.choice(TEXT_TOKENS)
    at = rng.randint(0, len(data))
    op = rng.randrange(4)
    if op == 0:
        return data[:at] + token + data[at:]
    if op == 1:
        end = min(len(data), at + rng.randint(1, 8))
        return data[:at] + token + data[end:]
    if op == 2:
        return data[:at]
    return data[:at] + token * rng.randint(2, 64) + data[at:]


def mutate(data: bytes, max_size: int, seed: int) -> bytes:
    """The custom mutator: a JSON-aware edit, a token edit, or libFuzzer's own byte edit."""
    rng = random.Random(seed)
    roll = rng.random()
    result: bytes | None = None
    if roll < 0.06:
        result = dump_tree(random_request(rng), rng)
    elif roll < 0.68:
        try:
            result = dump_tree(_mutate_tree(parse_lenient(data), rng), rng)
        except (ValueError, RecursionError):
            result = None
    elif roll < 0.85:
        result = _mutate_text(data, rng)
    if result is None or len(result) > max_size:
        if _FUZZING:
            return bytes(atheris.Mutate(data, max_size))
        result = _mutate_text(data, rng)
    return result[:max_size]


# ---- seeds ----


def _number_form_seeds() -> Iterator[bytes]:
    """One request per number form and numeric field, plus each string at each text field."""
    base = (
        b'{"schemaVersion":1,"quantity":1000,"currency":"CNY","specification":"M6 bolt",'
        b'"weights":{"cost":"0.5","delivery":"0.3","quality":"0.2"},'
        b'"qualityScale":{"definition":"1-5 audit","minimum":1,"maximum":5},'
        b'"maxLeadDays":20,"minimumQualityScore":"2","sensitivityDelta":"0.2","quotes":['
        b'{"supplierId":"A","specification":"M6 bolt","currency":"CNY","packSize":100,'
        b'"minimumPacks":0,"packPrice":"35.00","freight":"20","otherFees":"0","leadDays":7,'
        b'"qualityScore":4,"qualityDefinition":"1-5 audit"},'
        b'{"supplierId":"B","specification":"M6 bolt","currency":"CNY","packSize":250,'
        b'"minimumPacks":5,"packPrice":"80","freight":"0","otherFees":"15.5","leadDays":14,'
        b'"qualityScore":"5","qualityDefinition":"1-5 audit"}]}'
    )
    rng = random.Random(7)
    for field in ("packPrice", "packSize", "leadDays", "quantity", "sensitivityDelta"):
        for text in rng.sample(NUMBER_TEXTS, 12):
            tree = parse_lenient(base)
            for container, index in _slots(tree):
                value = container[index]
                if isinstance(value, Obj):
                    for pair in value.pairs:
                        if pair[0] == field:
                            pair[1] = Num(text) if rng.random() < 0.5 else text
            yield dump_tree(tree, rng)
    yield base


def seed_inputs() -> dict[str, bytes]:
    """Every seed by a stable file name: the shared examples (``tests/data/examples`` is the
    repository's copy), ``examples/``, JSONTestSuite, generated and number-form requests."""
    seeds: dict[str, bytes] = {}
    sources = [
        ("example", ROOT / "tests" / "data" / "examples", "*.request.json"),
        ("repo-example", ROOT / "examples", "*.json"),
        ("jsontestsuite", ROOT / "tests" / "data" / "jsontestsuite" / "test_parsing", "*.json"),
    ]
    for prefix, folder, pattern in sources:
        if folder.is_dir():
            for path in sorted(folder.glob(pattern)):
                seeds[f"{prefix}-{path.name}"] = path.read_bytes()
    rng = random.Random(2025)
    for index in range(100):
        seeds[f"generated-{index:03d}.json"] = dump_tree(random_request(rng), rng)
    for index, raw in enumerate(_number_form_seeds()):
        seeds[f"numberform-{index:03d}.json"] = raw
    return seeds


def build_seeds(folder: Path = SEEDS_DIR) -> int:
    """Rewrite ``folder`` with :func:`seed_inputs` (deduplicated by content)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    unique: dict[bytes, str] = {}
    for name, raw in seed_inputs().items():
        unique.setdefault(raw, name)
    for raw, name in unique.items():
        digest = hashlib.sha1(raw).hexdigest()[:8]  # a file name, not security
        (folder / f"{Path(name).stem}-{digest}.json").write_bytes(raw)
    return len(unique)


def replay(paths: list[str]) -> int:
    """Check every file under ``paths``; print the count; exit status 1 on a finding.

    ``fuzz/seeds`` among the paths is rebuilt first (as for a fuzzing run), so the documented
    command works on a fresh clone. A missing path, or paths holding no file at all, is exit
    status 2: a replay of nothing must not look like a replay that found nothing.
    """
    files = []
    for name in paths:
        path = Path(name)
        if path.resolve() == SEEDS_DIR:
            build_seeds()
        if not path.exists():
            print(f"--replay: no such file or directory: {name}", file=sys.stderr)
            return 2
        files.extend(sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path])
    if not files:
        print("--replay: no input to replay (give files or non-empty folders)", file=sys.stderr)
        return 2
    count = 0
    for path in files:
        try:
            data = path.read_bytes()
        except FileNotFoundError:  # a live corpus: libFuzzer replaced the file meanwhile
            continue
        try:
            check_input(data)
        except Finding as finding:
            print(f"FINDING {path}: {finding}")
            return 1
        count += 1
    print(f"replayed {count} inputs, 0 findings")
    return 0


def main(argv: list[str]) -> int:
    if argv[1:2] == ["--build-seeds"]:
        print(f"{build_seeds()} seeds in {SEEDS_DIR}")
        return 0
    if argv[1:2] == ["--replay"]:
        return replay(argv[2:])
    if atheris is None:
        print("atheris is not installed: pip install atheris", file=sys.stderr)
        return 2
    if any(Path(arg).resolve() == SEEDS_DIR for arg in argv[1:] if not arg.startswith("-")):
        build_seeds()  # only when fuzz/seeds is one of the corpus directories
    with atheris.instrument_imports(include=["quotecalc"]):
        import quotecalc.cli  # noqa: F401 - instrumented for coverage feedback
    atheris.Setup(argv, check_input, custom_mutator=mutate)
    global _FUZZING  # noqa: PLW0603 - set once, right before fuzzing starts
    _FUZZING = True
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
