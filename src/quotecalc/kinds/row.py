"""One row of the table of request kinds (issues 34, 39): everything that sets one kind apart,
as data and callables, read by every door.

A row holds its names at each door (:class:`Doors`), its body limit and cost class, how a
body of its kind is told apart (:class:`Marks`), its own root rows (the command line's flags
come from them), and the callables the doors call: its runner (pipeline factory, renderer,
internal-error document: :class:`quotecalc.engine.run.Runner`), a presenter per readable
format (``text``, ``html``, ``svg``, ``xlsx``: :data:`Presenter`), its contract builders
(:class:`Contract`: request and result schemas, MCP tool, ToolDefinition) and its route's
prose (:class:`RouteText`). Each callable imports what it needs when called (a real import,
so the layers contract sees it; lazily, so a door pays only for the kind and format it runs).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, NamedTuple

import attrs

from ..core.constraint_rules import CONSTRAINT_RULES, ConstraintRule
from ..core.fields import FieldRule
from ..engine.pipeline import Pipeline, TraceEntry
from ..engine.render import Document
from ..engine.run import Runner

Cost = Literal["light", "heavy"]
JsonObject = dict[str, Any]


class Shown(NamedTuple):
    """A request shown in a readable format: its bytes, the exit code of the document it
    shows (CONTRACT §2) and the trace of the run, if asked for."""

    body: bytes
    exit_code: int
    trace: tuple[TraceEntry, ...] = ()

    def to_json(self) -> bytes:
        """The bytes (the heavy worker protocol's name for an answer's bytes)."""
        return self.body


Presenter = Callable[[bytes, str, bool], Shown]
"""A readable format of a kind: ``(raw, lang, trace) -> Shown``; it runs what it shows."""


class RouteText(NamedTuple):
    """What the OpenAPI document says of a kind's route (door prose, not the kind's rule);
    ``{limit}`` in the description is the row's body limit."""

    summary: str
    description: str


class Contract(NamedTuple):
    """A kind's published contract: its request and result schemas, its MCP tool and its
    ToolDefinition, and where the two tool files are committed."""

    request_schema: Callable[[], JsonObject]
    result_schema: Callable[[], JsonObject]
    mcp_tool: Callable[[], JsonObject]
    tool_definition: Callable[[], JsonObject]
    tool_files: tuple[str, str]


class Doors(NamedTuple):
    """The names one kind has at each door (``None``: the door has no name of its own for
    it). ``cli_flag``: the option after ``--input-json -`` (none for the fixed call);
    ``http_path``/``operation_id``: its POST route; ``request_component``/
    ``result_component``: its OpenAPI components; ``mcp_tool``: its tool; ``bulk_kind``: the
    bulk job's ``--kind``; ``request_schema``/``result_schema``: its ``--print-schema`` names
    (``docs/schema/<name>.schema.json``); ``page_label``: what the analyst's page answers a
    pasted body of this kind with (``None``: the page does not answer it alone)."""

    cli_flag: str | None
    http_path: str
    operation_id: str
    request_component: str
    result_component: str
    mcp_tool: str
    bulk_kind: str
    request_schema: str
    result_schema: str
    page_label: str | None


Rows = Callable[[], tuple[FieldRule, ...]]
"""Field rows, read on first use (a core table this kind alone needs is loaded only then)."""


def no_rows() -> tuple[FieldRule, ...]:
    return ()


class Marks(NamedTuple):
    """What sets a body of this kind apart from a comparison (``detect_kind``): every root
    key of ``all_of``, or a root key named by a row of ``root_rows()``, or a key of a quote
    named by a row of ``quote_rows()``."""

    all_of: tuple[str, ...] = ()
    root_rows: Rows = no_rows
    quote_rows: Rows = no_rows


@attrs.frozen(eq=False)
class RequestKind:
    """One kind of request: one row of the table (``quotecalc.kinds.KINDS``); a row is itself
    (equal only to itself: its callables are not compared).

    - ``name``; ``body_limit``: the most bytes a request may hold (CONTRACT §4.1,
      ``docs/limits.md``); ``cost``: ``light`` or ``heavy`` (an exact search: the HTTP edge
      admits heavy work apart, ``docs/http.md``);
    - ``runner``: ``() ->`` its :class:`~quotecalc.engine.run.Runner` (imported on first use);
    - ``fields``: ``() ->`` its own root rows beyond the fixed request's (those with a flag
      are options of its command line, ``--effort``);
    - ``formats``: its readable formats beside JSON, each a :data:`Presenter` (none: its
      document only, and no ``--format`` at all);
    - ``contract``: ``() ->`` its :class:`Contract`; ``route``: its route's prose; ``help``:
      what its command-line option does (``--help``);
    - ``marks``: how a body of this kind is told apart (``None``: never, the comparison and
      the analysis read the same request);
    - ``doors``: its names at each door.
    """

    name: str
    body_limit: int
    cost: Cost
    runner: Callable[[], Runner]
    fields: Rows
    formats: Mapping[str, Presenter]
    contract: Callable[[], Contract]
    route: RouteText
    help: str
    marks: Marks | None
    doors: Doors

    @property
    def document_kind(self) -> str | None:
        """The document's ``kind`` key (the fixed result has none)."""
        return self.runner().document_kind

    @property
    def cli_formats(self) -> tuple[str, ...]:
        """The ``--format`` values its command line takes: JSON and its readable formats
        (none at all for a kind without one: its document only)."""
        return ("json", *self.formats) if self.formats else ()

    @property
    def flags(self) -> tuple[FieldRule, ...]:
        """Its root rows the command line also takes as ``--<name>`` (``FieldDoors.flag``)."""
        return tuple(rule for rule in self.fields() if rule.doors is not None and rule.doors.flag)

    def pipeline(self, constraint_rules: tuple[ConstraintRule, ...] = CONSTRAINT_RULES) -> Pipeline:
        """Its pipeline with ``constraint_rules`` (the contract's by default), built once."""
        return self.runner().pipeline(constraint_rules)

    def run(self, raw: bytes, *, trace: bool = False, pipeline: Pipeline | None = None) -> Document:
        """The document of one request of this kind (``--input-json -`` with its option).
        Never raises: a bug is the kind's ``internal_error`` document."""
        return self.runner().run(raw, trace=trace, pipeline=pipeline)

    def present(self, fmt: str, raw: bytes, lang: str = "en", *, trace: bool = False) -> Shown:
        """One request shown in the readable format ``fmt`` (one of :attr:`formats`)."""
        return self.formats[fmt](raw, lang, trace)


def reading(
    runner: Callable[[], Runner], reader: Callable[[Document, bytes, str], str | bytes]
) -> Presenter:
    """A presenter that runs the kind once and reads its document: ``reader(answer, raw,
    lang)`` gives the text (or bytes) shown; the exit code and trace are the run's."""

    def present(raw: bytes, lang: str, trace: bool) -> Shown:
        answer = runner().run(raw, trace=trace)
        shown = reader(answer, raw, lang)
        body = shown.encode("utf-8") if isinstance(shown, str) else shown
        return Shown(body, answer.exit_code, answer.trace)

    return present
