"""The request document: root options plus the sheet's quotes (``docs/intake.md``).

Root fields come from options, never from the sheet. Their values are passed on as strings
(numbers as decimal strings, which the contract accepts for every numeric field) and are
validated by the calculator, not here. Two options have a compact form that is split here:

- ``weights``: ``cost=0.5,delivery=0.3,quality=0.2`` (``name=value`` items joined by ``,``);
- ``quality_scale``: ``definition;minimum;maximum`` (split at the last two ``;``, so the
  definition may itself contain ``;``).

A compact form that cannot be split (no ``=``, a repeated name, fewer than three parts) is
``invalid_option``. Keys are written in a fixed order (the contract's root table, then
``quotes``); the output is compact UTF-8 JSON and one newline, like the calculator's own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

from .errors import IntakeError
from .options import QUOTE_ROOT

# Python keyword -> contract root field, in output order (the root rows' own options).
ROOT_OPTIONS: Final = {option.name: option.field.name for option in QUOTE_ROOT if option.field}

RootValue = str | int | Decimal | Mapping[str, Any]


def _text(value: Any) -> Any:
    return value if isinstance(value, str) else str(value)


def _weights(value: RootValue) -> dict[str, str] | None:
    if isinstance(value, Mapping):
        return {str(name): _text(item) for name, item in value.items()}
    weights: dict[str, str] = {}
    for item in str(value).split(","):
        name, equals, number = item.partition("=")
        if not equals or not name or name in weights:
            return None
        weights[name] = number
    return weights


def _quality_scale(value: RootValue) -> dict[str, str] | None:
    if isinstance(value, Mapping):
        return {str(name): _text(item) for name, item in value.items()}
    parts = str(value).rsplit(";", 2)
    if len(parts) != 3:
        return None
    definition, minimum, maximum = parts
    return {"definition": definition, "minimum": minimum, "maximum": maximum}


_SPLITTERS: Final = {"weights": _weights, "quality_scale": _quality_scale}


def root_fields(
    options: Mapping[str, RootValue | None],
) -> tuple[dict[str, Any], list[IntakeError]]:
    """The request's root fields from the given options (``None`` means not given)."""
    unknown = set(options) - set(ROOT_OPTIONS)
    if unknown:
        raise TypeError("unknown root option")
    fields: dict[str, Any] = {}
    errors: list[IntakeError] = []
    for option, name in ROOT_OPTIONS.items():
        value = options.get(option)
        if value is None:
            continue
        splitter = _SPLITTERS.get(option)
        if splitter is None:
            fields[name] = _text(value)
            continue
        split = splitter(value)
        if split is None:
            errors.append(IntakeError("invalid_option", "", "--" + option.replace("_", "-")))
        else:
            fields[name] = split
    return fields, errors


def build_request(fields: Mapping[str, Any], quotes: tuple[dict[str, str], ...]) -> dict[str, Any]:
    """The request object in the fixed key order."""
    return {"schemaVersion": 1, **fields, "quotes": [dict(quote) for quote in quotes]}


def request_bytes(request: Mapping[str, Any]) -> bytes:
    """The request as printed: compact UTF-8 JSON and a newline."""
    return (json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
