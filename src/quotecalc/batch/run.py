"""``calculate_batch(raw) -> BatchResult``: a batch body's one answer (issue #10).

- ``answered`` (exit 0): ``{"results": [...]}``, one result per request in order, each exactly
  ``calculate(request_bytes).output`` -- an invalid request is an ``invalid_input`` result in
  its place and never stops the others;
- ``invalid_input`` (exit 2): the body is not such a batch; the answer is one ``invalid_input``
  result object shaped like the command line's (fixed codes and messages, pointers ``""`` or
  ``/requests``), and ``too_large`` tells a body over :data:`MAX_BATCH_BYTES` (HTTP 413);
- ``internal_error`` (exit 1): a bug in quotecalc; the command line's internal-error object.
"""

from __future__ import annotations

import json
from typing import Any, Final

import attrs

from ..api import calculate
from ..core.codes import BATCH_ERROR_MESSAGES, ERROR_MESSAGES
from ..core.context import FieldError
from ..engine.render import EXIT_CODES, envelope, render_internal_error
from .body import check_body
from .split import split_items

ANSWERED: Final = "answered"
EXIT_ANSWERED: Final = 0
_MESSAGES: Final = {**ERROR_MESSAGES, **BATCH_ERROR_MESSAGES}


@attrs.frozen
class BatchResult:
    """A batch call's one JSON document, its exit code and status, and whether the body was
    refused for its size alone."""

    output: dict[str, Any]
    exit_code: int
    status: str
    too_large: bool = False

    def to_json(self) -> bytes:
        """One compact UTF-8 JSON object and a newline, like ``Result.to_json()``."""
        text = json.dumps(self.output, ensure_ascii=False, separators=(",", ":"))
        return (text + "\n").encode("utf-8")


def render_body_errors(errors: tuple[FieldError, ...]) -> dict[str, Any]:
    """The ``invalid_input`` object for a body that is not a batch: fixed codes, the batch's
    own pointers and the fixed messages, nothing of the body."""
    limitations = [
        {"code": error.code, "path": error.path, "message": _MESSAGES[error.code]}
        for error in errors
    ]
    return envelope("invalid_input", limitations=limitations)


def calculate_batch(raw: bytes) -> BatchResult:
    """Answer one batch body. Never raises: a bug is one ``internal_error`` object, exit 1."""
    try:
        checked = check_body(raw)
        if isinstance(checked, tuple):
            return BatchResult(
                render_body_errors(checked),
                EXIT_CODES["invalid_input"],
                "invalid_input",
                too_large=checked[0].code == "batch_too_large",
            )
        items = split_items(raw)
        if len(items) != checked:  # the scanner and the parse stage disagree: a bug
            raise AssertionError("batch split does not match the parsed body")
        results = [calculate(item).output for item in items]
    except Exception:  # noqa: BLE001 - the contract's internal_error: one JSON object, exit 1
        return BatchResult(render_internal_error(), EXIT_CODES["internal_error"], "internal_error")
    return BatchResult({"results": results}, EXIT_ANSWERED, ANSWERED)
