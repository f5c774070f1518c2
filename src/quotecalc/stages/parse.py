"""Stage 1, parse: bytes to one strict JSON value (CONTRACT §4.1, §16 "Parse stage").

Rules, in the order they are checked: at most 262144 bytes (``input_too_large``); UTF-8 with
no byte-order mark (``invalid_encoding``); one strict RFC 8259 value (``invalid_json``, also
for nesting deeper than 256 levels, refused before decoding); no ``NaN``/``Infinity``
literal (``non_finite_number``); no duplicate key at any depth (``duplicate_key``); no
unpaired surrogate escape (``invalid_string``); the top-level value is an object
(``invalid_type``). Every parse error has path ``""`` and halts the pipeline.

Number literals are kept as their source text (:class:`JsonNumber`) so that the validator can
apply the number-form rules (§4.2) to exactly what was written, and Python's ``int`` digit
limit and ``float`` are never involved.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Final

import attrs

from ..core.context import Context, FieldError, Halt
from ..core.limits import MAX_INPUT_BYTES, MAX_NESTING
from ..core.records import Record

_BOM: Final = b"\xef\xbb\xbf"
# The patterns below serve only inputs with \u escapes or many brackets, so each is compiled
# on first use (``re`` caches it) rather than on every process start.
_SURROGATE: Final = "[\ud800-\udfff]"
# A string, or an unterminated one up to the end; possessive, so no input can make it
# backtrack (a quadratic pattern here was a fuzz finding).
_STRING: Final = r'(?s)"(?:[^"\\]++|\\.)*+"?'
_NOT_BRACKET: Final = r"[^\[\]{}]+"
_NESTING_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonNumber:
    """A JSON number literal, as written (``-0``, ``1e3`` and ``35.00`` stay distinguishable)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"JsonNumber({self.text!r})"


class ObjectPairs(list[tuple[str, object]]):
    """A JSON object as its ``(key, value)`` pairs in source order, repeated keys kept
    (:func:`decode_json` with ``keep_duplicates``); a list subclass, so ``{}`` and ``[]``
    stay distinguishable."""

    __slots__ = ()


class _Rejected(Exception):
    """Raised from inside the JSON decoder's hooks to abandon the decode with a code."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _object_without_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _Rejected("duplicate_key")
    return result


def _reject_constant(_literal: str) -> object:
    raise _Rejected("non_finite_number")


_DECODER: Final = json.JSONDecoder(
    object_pairs_hook=_object_without_duplicates,
    parse_float=JsonNumber,
    parse_int=JsonNumber,
    parse_constant=_reject_constant,
    strict=True,
)
# The same rules, but objects stay lists of (key, value) pairs and may repeat a key.
_PAIRS_DECODER: Final = json.JSONDecoder(
    object_pairs_hook=ObjectPairs,
    parse_float=JsonNumber,
    parse_int=JsonNumber,
    parse_constant=_reject_constant,
    strict=True,
)


def _has_lone_surrogate(document: object) -> bool:
    # Iterative: the document may be nested as deep as the decoder allowed.
    surrogate = re.compile(_SURROGATE)
    pending = [document]
    while pending:
        node = pending.pop()
        if isinstance(node, str):
            if surrogate.search(node):
                return True
        elif isinstance(node, dict):
            for key, value in node.items():
                if surrogate.search(key):
                    return True
                pending.append(value)
        elif isinstance(node, list):
            pending.extend(node)
    return False


def nesting_too_deep(text: str, limit: int = MAX_NESTING) -> bool:
    """Whether any point of ``text`` lies more than ``limit`` (:data:`MAX_NESTING`) brackets
    deep."""
    # Cheap test first: fewer opening brackets than the limit cannot nest past it.
    if text.count("[") + text.count("{") <= limit:
        return False
    brackets = re.sub(_NOT_BRACKET, "", re.sub(_STRING, "", text))
    # initial=0: brackets may all sit inside strings, leaving none (also a fuzz finding).
    steps = map(_NESTING_STEP.__getitem__, brackets)
    return max(accumulate(steps, initial=0)) > limit


def _decode(text: str, decoder: json.JSONDecoder = _DECODER) -> object:
    """Decode ``text`` (at most :data:`MAX_NESTING` deep) whatever the caller's stack depth.

    The C decoder counts nesting against Python's recursion limit from the caller's depth, so
    a caller already deep in its own stack could fail where a shallow one succeeds. Should
    that happen, the decode is repeated on a fresh thread, whose count starts at zero: the
    same bytes always get the same answer.
    """
    try:
        return decoder.decode(text)
    except RecursionError:
        pass
    import threading

    outcome: list[object] = []

    def decode() -> None:
        try:
            outcome.append(decoder.decode(text))
        except BaseException as failure:  # noqa: BLE001 - handed back to the caller's thread
            outcome.append(failure)

    worker = threading.Thread(target=decode, name="quotecalc-decode")
    worker.start()
    worker.join()
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def decode_json(
    raw: bytes,
    *,
    max_bytes: int = MAX_INPUT_BYTES,
    max_nesting: int = MAX_NESTING,
    keep_duplicates: bool = False,
) -> object | FieldError:
    """The first rules of this stage, in order: at most ``max_bytes`` bytes, UTF-8 without a
    byte-order mark, at most ``max_nesting`` deep, one strict JSON value without ``NaN`` or
    ``Infinity`` and -- unless ``keep_duplicates`` -- without a repeated key.

    With ``keep_duplicates`` every object is decoded as its :class:`ObjectPairs`, so
    a door that wraps several requests in one body (``quotecalc.batch``) can check the body's
    syntax with this stage's own rules and leave each request's keys to the request's own
    calculation. :func:`parse_json` is this with the defaults plus the last two rules.
    """
    if len(raw) > max_bytes:
        return FieldError("input_too_large", "")
    if raw.startswith(_BOM):
        return FieldError("invalid_encoding", "")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return FieldError("invalid_encoding", "")
    if nesting_too_deep(text, max_nesting):
        return FieldError("invalid_json", "")
    try:
        return _decode(text, _PAIRS_DECODER if keep_duplicates else _DECODER)
    except _Rejected as rejected:
        return FieldError(rejected.code, "")
    except (ValueError, RecursionError, MemoryError):
        return FieldError("invalid_json", "")


def parse_json(raw: bytes, max_bytes: int = MAX_INPUT_BYTES) -> object | FieldError:
    """The JSON value of ``raw``, or the parse error that stops the pipeline; ``max_bytes``
    is the request kind's size limit (the event request's is its own, issue 26)."""
    document = decode_json(raw, max_bytes=max_bytes)
    if isinstance(document, FieldError):
        return document
    # A surrogate can only come from a \u escape: valid UTF-8 text cannot hold one.
    if b"\\u" in raw and _has_lone_surrogate(document):
        return FieldError("invalid_string", "")
    if not isinstance(document, dict):
        return FieldError("invalid_type", "")
    return document


@attrs.frozen(eq=False, repr=False)
class Parse(Record):
    """Bytes to a JSON object; halts with the one parse error it met."""

    name: str = "parse"
    max_bytes: int = MAX_INPUT_BYTES

    def __call__(self, ctx: Context) -> Context:
        parsed = parse_json(ctx.raw, self.max_bytes)
        if isinstance(parsed, FieldError):
            return attrs.evolve(
                ctx, errors=(parsed,), halt=Halt(self.name, f"parse error: {parsed.code}")
            )
        return attrs.evolve(ctx, document=parsed)

    def summary(self, ctx: Context) -> dict[str, object]:
        return {"bytes": len(ctx.raw), "error": ctx.errors[0].code if ctx.errors else None}
