"""The library entry point: ``calculate(raw) -> Result`` (CONTRACT §2, §14)."""

from __future__ import annotations

import json
from typing import Any, Final

import attrs

from .core.records import Record
from .engine.pipeline import DEFAULT_PIPELINE, Pipeline, TraceEntry
from .engine.render import EXIT_CODES, render, render_internal_error

# What ``json.dumps(output, ensure_ascii=False, separators=(",", ":"))`` writes, with the
# encoder built once instead of on every call. Without the circular-reference check: a result
# object is built fresh by the renderer from dicts, lists and scalars, so it has no cycle
# (shared component objects are not cycles), and the check cost a set insert and delete per
# container, ~2,000 per 100-quote result (≈ 13 % of the encoding). A cycle in a hand-made
# Result would end in RecursionError instead of ValueError.
_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


@attrs.frozen(eq=False, repr=False)
class Result(Record):
    """One calculation: the result object, its exit code, and the stage trace if asked for."""

    output: dict[str, Any]
    exit_code: int
    trace: tuple[TraceEntry, ...] = ()

    @property
    def status(self) -> str:
        return str(self.output["status"])

    def to_json(self) -> bytes:
        """The exact stdout bytes: one compact UTF-8 JSON object and a newline."""
        return (_ENCODER.encode(self.output) + "\n").encode("utf-8")


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
    raw = request_input(raw)
    try:
        if trace:
            ctx, entries = pipeline.run_traced(raw)
        else:
            ctx, entries = pipeline.run(raw), ()
        output = render(ctx)
    except Exception:  # noqa: BLE001 - the contract's internal_error: one JSON object, exit 1
        return Result(render_internal_error(), EXIT_CODES["internal_error"])
    return Result(output, EXIT_CODES[output["status"]], entries)
