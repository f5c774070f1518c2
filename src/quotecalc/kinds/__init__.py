"""The table of request kinds (issues 34, 39), a layer of its own just below the doors.

Each kind of request is one row (:class:`~.row.RequestKind`): its names at every door, its body
limit and cost class, how a body of it is told apart, and the callables the doors call -- its
runner (pipeline factory, renderer, internal error: :mod:`quotecalc.engine.run`), a presenter
per readable format, its contract builders and its route's prose. The rows import the
documents, outputs, workbooks and contract builders they name for real (each when called), so
import-linter sees every dependency and the layers contract lists this layer above all of
them. The CLI, the HTTP routes, the OpenAPI document, the MCP tools, the bulk kinds, the
published schemas and tool files, the analyst's page and the heavy worker all iterate
:data:`KINDS`; adding a kind is adding a row (``docs/extending.md``). The fixed call never
imports this package.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

import attrs

from ..engine.render import Document
from .comparison import ANALYSIS, COMPARISON
from .convert import CONVERT
from .event import EVENT
from .plan import PLAN
from .row import Contract, Doors, Marks, Presenter, RequestKind, RouteText, Shown, reading
from .table import DETECTION, KINDS

__all__ = [
    "ANALYSIS",
    "BY_NAME",
    "COMPARISON",
    "CONVERT",
    "DETECTION",
    "EVENT",
    "KINDS",
    "PLAN",
    "SCHEMAS",
    "Contract",
    "Doors",
    "Entry",
    "Marks",
    "Presenter",
    "RequestKind",
    "RouteText",
    "Shown",
    "detect_kind",
    "entry",
    "reading",
    "run_kind",
    "schema_bytes",
    "workbook",
]

BY_NAME: Final[dict[str, RequestKind]] = {kind.name: kind for kind in KINDS}
JsonBuilder = Callable[[], dict[str, Any]]


def run_kind(
    kind: RequestKind, raw: bytes, *, trace: bool = False, pipeline: Any = None
) -> Document:
    """The document of one request of ``kind`` (:meth:`RequestKind.run`). Never raises."""
    return kind.run(raw, trace=trace, pipeline=pipeline)


# ---- the published schemas by their --print-schema names -----------------------------------


def _batch(name: str) -> JsonBuilder:
    def build() -> dict[str, Any]:
        from ..contract import batch_schema

        built: dict[str, Any] = getattr(batch_schema, f"batch_{name}_schema")()
        return built

    return build


def _schema(kind: RequestKind, side: str) -> JsonBuilder:
    def build() -> dict[str, Any]:
        contract = kind.contract()
        built = contract.request_schema() if side == "request" else contract.result_schema()
        return built

    return build


def _schemas() -> dict[str, JsonBuilder]:
    """Each kind's request and answer schema by its ``--print-schema`` name, in the table's
    order (each name once), the batch's after the comparison it batches."""
    found: dict[str, JsonBuilder] = {}
    for index, kind in enumerate(KINDS):
        found.setdefault(kind.doors.request_schema, _schema(kind, "request"))
        found.setdefault(kind.doors.result_schema, _schema(kind, "result"))
        if index == 0:
            found["batch-request"] = _batch("request")
            found["batch-result"] = _batch("result")
    return found


SCHEMAS: Final = _schemas()
"""The published schemas by their ``--print-schema`` names (``docs/schema/<name>.schema.json``)."""


def schema_bytes(name: str) -> bytes:
    """The committed bytes of a schema by its ``--print-schema`` name (``docs/schema/``)."""
    from ..contract.files import serialise

    build = SCHEMAS.get(name)
    if build is None:
        raise ValueError(f"unknown schema {name!r}: expected one of {sorted(SCHEMAS)}")
    return serialise(build())


# ---- telling a body's kind ------------------------------------------------------------------


def _names(rows: tuple[Any, ...]) -> set[str]:
    return {rule.name for rule in rows}


def _marked(marks: Marks, loaded: dict[str, Any]) -> bool:
    if marks.all_of and all(name in loaded for name in marks.all_of):
        return True
    if not _names(marks.root_rows()).isdisjoint(loaded):
        return True
    quotes = loaded.get("quotes")
    names = _names(marks.quote_rows())
    if not names or not isinstance(quotes, list):
        return False
    return any(isinstance(quote, dict) and not names.isdisjoint(quote) for quote in quotes)


def detect_kind(
    body: bytes, among: tuple[RequestKind, ...] = KINDS, default: RequestKind = COMPARISON
) -> RequestKind:
    """Which of the kinds ``among`` a body is: the first of :data:`DETECTION` in ``among``
    whose :class:`Marks` the body's root object carries, else ``default`` (also for a body
    that is not a JSON object: the kind's own validation then says what is wrong). Never
    raises; it only chooses the kind, it validates nothing."""
    try:
        loaded = json.loads(body.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return default
    if not isinstance(loaded, dict):
        return default
    for kind in DETECTION:
        if kind in among and kind.marks is not None and _marked(kind.marks, loaded):
            return kind
    return default


# ---- what a heavy worker runs -----------------------------------------------------------------

ENTRY: Final = "kind"


@attrs.frozen
class Entry:
    """A kind's run, or one of its readable formats in one language, as an entry point on raw
    bytes the heavy worker subprocess imports by :attr:`target` (``kind:event``,
    ``kind:event:html:zh``; ``http/worker.py``)."""

    kind: str
    format: str | None = None
    lang: str = "en"

    @property
    def target(self) -> str:
        shown = (self.format, self.lang) if self.format is not None else ()
        return ":".join((ENTRY, self.kind, *shown))

    def __call__(self, raw: bytes) -> Document | Shown:
        kind = BY_NAME[self.kind]
        if self.format is None:
            return kind.run(raw)
        return kind.present(self.format, raw, self.lang)


def entry(target: str) -> Entry | None:
    """The entry a worker target names (``kind:<name>[:<format>:<lang>]``), else ``None``."""
    prefix, _, rest = target.partition(":")
    if prefix != ENTRY:
        return None
    name, _, shown = rest.partition(":")
    fmt, _, lang = shown.partition(":")
    return Entry(name, fmt or None, lang or "en")


def workbook(kind: str, raw: bytes, lang: str = "en") -> Shown:
    """The workbook of one request of the kind ``kind`` in ``lang``: its row's ``xlsx``
    presenter (the CLI's ``--format xlsx`` bytes and exit code; needs the ``xlsx`` extra)."""
    return BY_NAME[kind].present("xlsx", raw, lang)
