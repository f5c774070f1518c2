"""The library entry point: ``calculate(raw) -> Result`` (CONTRACT §2, §14), the comparison
kind's run (``quotecalc.kinds``) on the fixed call's own pipeline, without loading the
kind table."""

from __future__ import annotations

from .engine.pipeline import DEFAULT_PIPELINE, Pipeline
from .engine.render import Document, internal_error_result, rendered_result, run_document

Result = Document
"""The comparison's answer: the one :class:`~quotecalc.engine.render.Document` type of every
request kind (issue 34), under the name the library has always published."""


def request_input(raw: bytes | str, caller: str = "calculate") -> bytes:
    """The request's bytes: ``bytes`` as given, a ``str`` encoded as UTF-8.

    A ``str`` holding a lone surrogate has no UTF-8 form; it is encoded with
    ``surrogatepass``, whose bytes are not UTF-8, so the request is ``invalid_encoding`` -- an
    input error, as those bytes would be on stdin. Any other type (``bytearray``,
    ``memoryview``, ``None``, a parsed ``dict``...) is the caller's bug: ``TypeError``.
    """
    if isinstance(raw, bytes):
        return raw if type(raw) is bytes else bytes(raw)
    if isinstance(raw, str):
        return raw.encode("utf-8", "surrogatepass")
    raise TypeError(f"{caller}() takes the request as bytes or str, not {type(raw).__name__}")


def calculate(
    raw: bytes | str, *, trace: bool = False, pipeline: Pipeline = DEFAULT_PIPELINE
) -> Result:
    """Run the whole contract on one request: its bytes, or its text (a ``str``, encoded as
    UTF-8; see :func:`request_input`). Raises ``TypeError`` for any other type, a caller's
    bug. Never raises for any request: a bug in quotecalc becomes an ``internal_error``
    result (exit 1) with nothing of the input in it."""
    return run_document(
        pipeline, rendered_result, internal_error_result, request_input(raw), trace=trace
    )
