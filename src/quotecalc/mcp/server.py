"""The MCP stdio server: a table of tools, each a thin adapter over the calculator (issues #6,
#10).

Built on the official MCP Python SDK's low-level ``Server`` so that each tool's ``inputSchema``,
``outputSchema`` and annotations are exactly its published descriptor and each call's result is
exactly the calculator's. :data:`TOOLS` is the table, one row per tool (descriptor + handler):
one per request kind of the kind table (:mod:`quotecalc.kinds`: each row's own descriptor,
answered by :func:`call_kind`, the row's run) and the batch's; adding a kind adds its tool:

- ``compare_quotes`` (:func:`quotecalc.schema.mcp_tool`, ``docs/tool/mcp-tool.json``):
  serialises the arguments (:func:`quotecalc.mcp.request.request_bytes`), runs
  :func:`quotecalc.calculate` and returns its result object as ``structuredContent`` and, for
  clients without structured output, the same JSON (the CLI's stdout without its newline) as
  one text block. ``isError`` is true for ``invalid_input`` (the fixed error list, nothing of
  the input echoed) and ``internal_error``; ``completed`` and ``partial`` are results, not
  errors.
- ``compare_quotes_batch`` (:func:`quotecalc.schema.mcp_batch_tool`,
  ``docs/tool/mcp-tool-batch.json``): the arguments ``{"requests": [...]}`` are written back
  by the same writer (each request exactly as the single tool would write it) and answered by
  :func:`quotecalc.batch.calculate_batch`, the path of the CLI's ``--input-batch -``.
  ``structuredContent`` is the batch document; ``isError`` only when the whole batch was
  refused (or a bug): an invalid request inside an answered batch is a result in its place.
- ``analyze_weights`` (:func:`quotecalc.schema.mcp_analysis_tool`,
  ``docs/tool/mcp-tool-analysis.json``, issue 11): the same arguments as ``compare_quotes``,
  answered by :func:`quotecalc.analyze` -- the weight-analysis document, exactly the CLI's
  ``--input-json - --analysis`` -- with ``isError`` for the same two statuses.

- ``plan_purchase`` (:func:`quotecalc.schema.mcp_plan_tool`, ``docs/tool/mcp-tool-plan.json``,
  issue 20): a plan request (the same writer), answered by :func:`quotecalc.plan` -- the
  purchase-plan document, exactly the CLI's ``--input-json - --plan`` -- with ``isError`` for
  the same two statuses.
- ``award_event`` (:func:`quotecalc.schema.mcp_event_tool`, ``docs/tool/mcp-tool-event.json``,
  issue 26): an event request (the same writer), answered by :func:`quotecalc.award` -- the
  event-award document, exactly the CLI's ``--input-json - --event`` -- with ``isError`` for
  the same two statuses.

- ``convert_quotes`` (:func:`quotecalc.schema.mcp_convert_tool`,
  ``docs/tool/mcp-tool-convert.json``, issue 27): a convert request (the same writer), answered
  by :func:`quotecalc.convert` -- the converted-comparison document, exactly the CLI's
  ``--input-json - --convert`` -- with ``isError`` for the same two statuses.

``tools/list`` answers the table's descriptors in order. An unknown tool name is a protocol
error (``-32602``) that does not echo the name.

The SDK does not validate arguments here (the calculator's own validation is the contract)
and the server keeps no state: each call is computed from the call alone. The calculation
reads no file and opens no socket; the server adds only the SDK's stdio transport (which
points fd 0 at the null device while serving) and turns off the SDK's default OpenTelemetry
middleware, so it records no trace spans a telemetry exporter could ship.

Written for the SDK's 2.x low-level API (handlers passed to ``Server(...)``); tested with 2.3.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from typing import Any, Final, NamedTuple

import anyio
from mcp import types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

from .. import __version__
from ..batch import calculate_batch
from ..kinds import KINDS, RequestKind, run_kind
from ..schema import mcp_batch_tool
from .guard import GuardedLines
from .request import request_bytes

__all__ = [
    "TOOLS",
    "ToolRow",
    "build_server",
    "call_batch_result",
    "call_kind",
    "call_result",
    "list_result",
    "run",
    "serve",
    "tool",
]

# Statuses a host's model should read as "the call needs correcting / did not work".
ERROR_STATUSES: Final = frozenset({"invalid_input", "internal_error"})

_DESCRIPTOR: Final[dict[str, Any]] = KINDS[0].contract().mcp_tool()
TOOL_NAME: Final[str] = str(_DESCRIPTOR["name"])
_BATCH_DESCRIPTOR: Final[dict[str, Any]] = mcp_batch_tool()

Arguments = dict[str, Any] | None


def _answer(output: dict[str, Any], stdout: bytes, is_error: bool) -> types.CallToolResult:
    text = stdout.decode("utf-8")[:-1]  # the CLI's stdout without its newline
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=text)],
        structured_content=output,
        is_error=is_error,
    )


def call_kind(kind: RequestKind, arguments: Arguments) -> types.CallToolResult:
    """One ``tools/call`` of a kind's tool (``compare_quotes``, ``analyze_weights``,
    ``plan_purchase``, ``award_event``, ``convert_quotes``: the kind table's names):
    the row's run on the arguments as JSON (written by
    :func:`~quotecalc.mcp.request.request_bytes`), so the answer is the CLI's for those bytes
    with the kind's option."""
    answer = run_kind(kind, request_bytes(arguments))
    return _answer(answer.output, answer.to_json(), answer.status in ERROR_STATUSES)


def call_result(arguments: Arguments) -> types.CallToolResult:
    """One ``tools/call`` of ``compare_quotes``: ``calculate()`` on the arguments as JSON."""
    return call_kind(KINDS[0], arguments)


def call_batch_result(arguments: Arguments) -> types.CallToolResult:
    """One ``tools/call`` of ``compare_quotes_batch``: ``calculate_batch()`` on the arguments
    as JSON, so each request is the bytes the single tool would calculate."""
    answer = calculate_batch(request_bytes(arguments))
    return _answer(answer.output, answer.to_json(), answer.exit_code != 0)


class ToolRow(NamedTuple):
    """One tool: its published descriptor, the handler that answers its calls, and the entry
    point on raw bytes it calls (what :mod:`.guard` runs on the raw arguments of a call the
    SDK cannot parse, issue 34)."""

    descriptor: dict[str, Any]
    handler: Callable[[Arguments], types.CallToolResult]
    entry: Callable[[bytes], Any]

    @property
    def name(self) -> str:
        return str(self.descriptor["name"])

    def tool(self) -> types.Tool:
        """The descriptor as the SDK's ``Tool`` (a fresh copy on every call)."""
        return types.Tool.model_validate(copy.deepcopy(self.descriptor), by_alias=True)


def _kind_tool(kind: RequestKind) -> ToolRow:
    # The lambda looks call_kind up when called, so that wrapping it (as the no-file/no-socket
    # audit test does) wraps every kind's tool. The descriptor is the row's own.
    descriptor = _DESCRIPTOR if kind is KINDS[0] else kind.contract().mcp_tool()
    return ToolRow(
        descriptor,
        lambda arguments: call_kind(kind, arguments),
        lambda raw: run_kind(kind, raw),
    )


# The table: one row per tool, in tools/list order: each kind's of the kind table, in its
# order, the batch after the comparison it batches.
TOOLS: Final[tuple[ToolRow, ...]] = (
    _kind_tool(KINDS[0]),
    ToolRow(
        _BATCH_DESCRIPTOR,
        lambda arguments: call_batch_result(arguments),  # noqa: PLW0108
        calculate_batch,
    ),
    *(_kind_tool(kind) for kind in KINDS[1:]),
)
_BY_NAME: Final = {row.name: row for row in TOOLS}


def tool() -> types.Tool:
    """The ``compare_quotes`` descriptor as the SDK's ``Tool`` (a fresh copy on every call)."""
    return TOOLS[0].tool()


def list_result() -> types.ListToolsResult:
    return types.ListToolsResult(tools=[row.tool() for row in TOOLS])


async def _on_list_tools(
    ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return list_result()


async def _on_call_tool(
    ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
) -> types.CallToolResult:
    row = _BY_NAME.get(params.name)
    if row is None:
        raise MCPError(code=types.INVALID_PARAMS, message="Unknown tool")
    return row.handler(params.arguments)


def build_server() -> Server[Any]:
    """A low-level SDK server answering ``tools/list`` and ``tools/call`` only."""
    server: Server[Any] = Server(
        "quotecalc",
        version=__version__,
        title=str(_DESCRIPTOR["title"]),
        on_list_tools=_on_list_tools,
        on_call_tool=_on_call_tool,
    )
    server.middleware = []  # no default OpenTelemetry middleware (see the module docstring)
    return server


def _claimed_stdin() -> tuple[Any, Callable[[], None] | None]:
    """The wire's stdin, fd 0 pointed at the null device meanwhile, as the SDK's transport
    does when it reads stdin itself (its own claim, so the two never both hold fd 0); the
    process's stdin buffer as is with an SDK that lacks it."""
    try:
        from mcp.server.stdio import _claim_fd, _open_stdin_diversion
    except ImportError:  # another SDK release: the wire read in place
        return sys.stdin.buffer, None
    return _claim_fd(0, sys.stdin, "rb", _open_stdin_diversion)


async def serve() -> None:
    """Serve MCP over this process's stdin/stdout until the client closes stdin; every line
    reaches the SDK through :class:`.guard.GuardedLines`, which answers the lines the SDK's
    parser refuses (issue 34)."""
    server = build_server()
    source, release = _claimed_stdin()
    guard = GuardedLines(anyio.wrap_file(source), {row.name: row.entry for row in TOOLS})
    try:
        async with stdio_server(stdin=guard) as (read_stream, write_stream):  # type: ignore[arg-type]
            guard.attach(write_stream)
            await server.run(read_stream, write_stream, server.create_initialization_options())
    finally:
        if release is not None:
            release()


def run() -> None:
    anyio.run(serve)
