"""The batch body's own rules: one strict JSON object ``{"requests": [...]}`` with 1 to
:data:`MAX_BATCH_ITEMS` requests and at most :data:`MAX_BATCH_BYTES` bytes (docs/limits.md).

The syntax is checked by the parse stage itself (:func:`quotecalc.stages.parse.decode_json`):
the same UTF-8, byte-order-mark, strict-JSON, non-finite and nesting rules as a single request,
with objects kept as their key/value pairs so that a key repeated *inside* a request is left
to that request's own calculation (``duplicate_key`` in its result, as on the command line).
What the body itself breaks is answered with the validator's codes and pointers of the batch's
one field, ``/requests``; nothing of the body is echoed.
"""

from __future__ import annotations

from typing import Final

from ..core.context import FieldError
from ..core.limits import MAX_BATCH_BYTES, MAX_BATCH_ITEMS, MAX_BATCH_NESTING
from ..stages.parse import ObjectPairs, decode_json

__all__ = [
    "MAX_BATCH_BYTES",
    "MAX_BATCH_ITEMS",
    "REQUESTS",
    "REQUESTS_PATH",
    "check_body",
]

REQUESTS: Final = "requests"
REQUESTS_PATH: Final = "/requests"


def check_body(raw: bytes) -> int | tuple[FieldError, ...]:
    """The number of requests in a well-formed batch body, or the errors of the body.

    Order: size (``batch_too_large``), then the parse stage's syntax rules (path ``""``), then
    the top value is an object (``invalid_type``) without a repeated key (``duplicate_key``),
    then ``requests`` is present (``missing_required``), not null (``null_not_allowed``), an
    array (``invalid_type``) of 1 to 24 items (``out_of_range``), and no other key is present
    (``unknown_key`` at ``""``), the last two reported together as the validator would.
    """
    if len(raw) > MAX_BATCH_BYTES:
        return (FieldError("batch_too_large", ""),)
    document = decode_json(
        raw, max_bytes=MAX_BATCH_BYTES, max_nesting=MAX_BATCH_NESTING, keep_duplicates=True
    )
    if isinstance(document, FieldError):
        return (document,)
    if not isinstance(document, ObjectPairs):
        return (FieldError("invalid_type", ""),)
    keys = [key for key, _ in document]
    if len(set(keys)) != len(keys):
        return (FieldError("duplicate_key", ""),)
    values = dict(document)
    errors: list[FieldError] = []
    requests = values.get(REQUESTS, ...)
    if requests is ...:
        errors.append(FieldError("missing_required", REQUESTS_PATH))
    elif requests is None:
        errors.append(FieldError("null_not_allowed", REQUESTS_PATH))
    elif not isinstance(requests, list) or isinstance(requests, ObjectPairs):
        errors.append(FieldError("invalid_type", REQUESTS_PATH))
    elif not 1 <= len(requests) <= MAX_BATCH_ITEMS:
        errors.append(FieldError("out_of_range", REQUESTS_PATH))
    if set(keys) - {REQUESTS}:
        errors.append(FieldError("unknown_key", ""))
    if errors:
        return tuple(errors)
    assert isinstance(requests, list)
    return len(requests)
