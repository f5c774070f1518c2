"""The batch schemas (issue #10): ``{"requests": [...]}`` in, ``{"results": [...]}`` out.

Both embed the single-call schemas unchanged, so a batch item is exactly a request and a batch
result exactly a result: the request schema goes under ``$defs/request``; the result schema's
own ``$defs`` are lifted to the root (their ``#/$defs/...`` references then still resolve) and
its body goes under ``$defs/result``. A body that is not a batch is answered with one
``invalid_input`` object (``$defs/batchError``) whose codes are ``codes.BATCH_BODY_ERRORS``
and whose pointers are ``""`` or ``/requests``; a bug, with the single call's internal-error
object. The limits come from :mod:`quotecalc.core.limits`.
"""

from __future__ import annotations

from typing import Final

from ..core.codes import BATCH_BODY_ERRORS
from ..core.limits import MAX_BATCH_BYTES, MAX_BATCH_ITEMS, MAX_INPUT_BYTES
from ..engine.render import SCHEMA_VERSION, TOOL, TOOL_VERSION
from .request_schema import request_schema
from .result_schema import result_schema
from .tables import DIALECT, GENERATED, JsonObject

BODY_ERROR_PATHS: Final = ("", "/requests")
_OUTER_KEYS: Final = ("$schema", "$comment")


def _ref(name: str) -> JsonObject:
    return {"$ref": f"#/$defs/{name}"}


def _closed(properties: JsonObject) -> JsonObject:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _embedded(schema: JsonObject) -> JsonObject:
    return {key: value for key, value in schema.items() if key not in _OUTER_KEYS}


def batch_request_schema() -> JsonObject:
    """The batch body: one object whose only key ``requests`` holds 1-24 requests."""
    description = (
        f"One {TOOL} {TOOL_VERSION} batch: 1 to {MAX_BATCH_ITEMS} calculation requests, at most"
        f" {MAX_BATCH_BYTES} bytes of UTF-8 JSON in all (each request also at most"
        f" {MAX_INPUT_BYTES} bytes). Each request is calculated from its own source text, exactly"
        " as a single call would be, and answered in order; an invalid request is an"
        " invalid_input result in its place and never stops the others. Send money as decimal"
        ' strings ("185.00"). A key repeated inside a request is that request\'s duplicate_key;'
        " a key repeated at the top refuses the whole batch."
    )
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} batch request",
        "description": description,
        "type": "object",
        "properties": {
            "requests": {
                "description": "The requests, each one calculation request object.",
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_BATCH_ITEMS,
                "items": _ref("request"),
            }
        },
        "required": ["requests"],
        "additionalProperties": False,
        "$defs": {"request": _embedded(request_schema())},
    }


def _batch_error() -> JsonObject:
    empty_quality = {
        "allOf": [_ref("quality")],
        "properties": {"scale": {"type": "null"}, "issues": {"maxItems": 0}},
    }
    return {
        "description": (
            "The body is not a batch: one invalid_input object shaped like a single call's, its"
            " errors at the batch's own pointers (fixed codes and messages, nothing echoed)."
        ),
        **_closed(
            {
                "schemaVersion": {"const": SCHEMA_VERSION},
                "tool": {"const": TOOL},
                "toolVersion": {"const": TOOL_VERSION},
                "status": {"const": "invalid_input"},
                "normalizedQuotes": {"type": "array", "maxItems": 0},
                "ranking": {"type": "null"},
                "sensitivity": {"type": "array", "maxItems": 0},
                "quality": empty_quality,
                "limitations": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 2,
                    "items": _closed(
                        {
                            "code": {"enum": list(BATCH_BODY_ERRORS)},
                            "path": {"enum": list(BODY_ERROR_PATHS)},
                            "message": {
                                "description": "The one fixed sentence of the code.",
                                "type": "string",
                                "minLength": 1,
                            },
                        }
                    ),
                },
                "networkUsed": {"const": False},
                "filesModified": {"const": False},
            }
        ),
    }


def batch_result_schema() -> JsonObject:
    """The batch answer: the results in request order, or one whole-batch error object."""
    single = result_schema()
    defs = single.pop("$defs")
    description = (
        f'The one answer of a {TOOL} {TOOL_VERSION} batch call: either {{"results": [...]}},'
        " one result per request in request order, each exactly the single call's result for"
        " that request's own source text (an invalid request is an invalid_input result in its"
        " place), or -- when the body is not a batch -- one invalid_input object for the whole"
        " body (batchError), or the single call's internal_error object."
    )
    answered = {
        "description": "The batch was answered: one result per request, in order.",
        **_closed(
            {
                "results": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": MAX_BATCH_ITEMS,
                    "items": _ref("result"),
                }
            }
        ),
    }
    internal = {
        "description": "A bug in quotecalc: the single call's internal_error object.",
        "allOf": [_ref("result")],
        "properties": {"status": {"const": "internal_error"}},
    }
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} batch result",
        "description": description,
        "type": "object",
        "oneOf": [answered, _ref("batchError"), internal],
        "$defs": {**defs, "result": _embedded(single), "batchError": _batch_error()},
    }
