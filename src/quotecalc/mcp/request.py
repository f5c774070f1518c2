"""A tool call's arguments as the request bytes :func:`quotecalc.calculate` reads.

The MCP SDK hands the server the call's ``arguments`` already parsed from the host's JSON: an
object of str, int, float, bool, None, lists and objects. This module writes them back as one
compact UTF-8 JSON object without adding, removing or judging anything -- the calculator
validates the request itself, exactly as on the command line.

Numbers: the SDK parses a JSON number with a fraction or exponent into a binary ``float``, so
its original text is gone before the server sees it. A float is written as the shortest decimal
that reads back as the same float (Python's ``repr``), in positional form: ``0.00001`` rather
than ``1e-05`` (which the calculator would reject as ``exponent_not_allowed`` although the host
sent no exponent). That recovers the *value* the host wrote whenever it had at most 15
significant digits, never its written form (``185.00`` comes back as ``185.0``); longer numbers
may already have been rounded by the float parse. Hosts should send
money and other exact values as decimal strings (``"35.50"``), which pass through untouched
(``docs/mcp.md``).

Strings are written as UTF-8 (not ``\\uXXXX`` escapes) so that the request's size is what the
host sent; only a string holding a lone surrogate, which UTF-8 cannot carry, is written with
escapes so that the calculator reports it as ``invalid_string``, as it would from stdin. The
writer is iterative: no nesting depth can exhaust the Python stack.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from decimal import Decimal
from typing import Final

__all__ = ["request_bytes"]

# A digit-string chunk for ints longer than Python's int-to-str limit (sys.int_info).
_CHUNK_DIGITS: Final = 1000
_CHUNK: Final = 10**_CHUNK_DIGITS


def _string(text: str) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: keep it visible to the parse stage
        return json.dumps(text, ensure_ascii=True)
    return json.dumps(text, ensure_ascii=False)


def _int_text(value: int) -> str:
    try:
        return str(value)
    except ValueError:  # more digits than int-to-str allows: convert in exact chunks
        sign, rest, chunks = ("-" if value < 0 else ""), abs(value), []
        while rest >= _CHUNK:
            rest, low = divmod(rest, _CHUNK)
            chunks.append(str(low).zfill(_CHUNK_DIGITS))
        return sign + str(rest) + "".join(reversed(chunks))


def _float_text(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    text = repr(value)
    if "e" in text or "E" in text:
        return format(Decimal(text), "f")
    return text


def _scalar(value: object) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return _int_text(value)
    if isinstance(value, float):
        return _float_text(value)
    if isinstance(value, str):
        return _string(value)
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def _encode(value: object) -> str:
    out: list[str] = []
    # (is_literal_text, item): literal text is copied, anything else is a value to write.
    stack: list[tuple[bool, object]] = [(False, value)]
    while stack:
        literal, item = stack.pop()
        if literal:
            out.append(str(item))
        elif isinstance(item, Mapping):
            parts: list[tuple[bool, object]] = [(True, "{")]
            for index, (key, member) in enumerate(item.items()):
                if not isinstance(key, str):
                    raise TypeError(f"not a JSON object key: {type(key).__name__}")
                parts.append((True, ("," if index else "") + _string(key) + ":"))
                parts.append((False, member))
            parts.append((True, "}"))
            stack.extend(reversed(parts))
        elif isinstance(item, list | tuple):
            parts = [(True, "[")]
            for index, element in enumerate(item):
                if index:
                    parts.append((True, ","))
                parts.append((False, element))
            parts.append((True, "]"))
            stack.extend(reversed(parts))
        else:
            out.append(_scalar(item))
    return "".join(out)


def request_bytes(arguments: Mapping[str, object] | None) -> bytes:
    """The call's arguments as one compact UTF-8 JSON object (``{}`` when the call has none).

    Raises ``TypeError`` only for a value no JSON parser produces (the SDK never passes one).
    """
    return _encode({} if arguments is None else arguments).encode("utf-8")
