"""The MCP stdio server: a table of tools, each a thin adapter over the calculator (issues #6,
#10).

Built on the official MCP Python SDK's low-level ``Server`` so that each tool's ``inputSchema``,
``outputSchema`` and annotations are exactly its published descriptor and each call's result is
exactly the calculator's. :data:`TOOLS` is the table, one row per tool (descriptor + handler);
adding a tool is adding a row:

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
from ..analysis.document import analyze
from ..api import calculate
from ..batch import calculate_batch
from ..planning.conversion import convert
from ..planning.document import plan
from ..planning.event_document import award
from ..schema import (
    mcp_analysis_tool,
    mcp_batch_tool,
    mcp_convert_tool,
    mcp_event_tool,
    mcp_plan_tool,
    mcp_tool,
)
from .guard import GuardedLines
from .request import request_bytes

__all__ = [
    "TOOLS",
    "ToolRow",
    "build_server",
    "call_analysis_result",
    "call_batch_result",
    "call_convert_result",
    "call_event_result",
    "call_plan_result",
    "call_result",
    "list_result",
    "run",
    "serve",
    "tool",
]

# Statuses a host's model should read as "the call needs correcting / did not work".
ERROR_STATUSES: Final = frozenset({"invalid_input", "internal_error"})

_DESCRIPTOR: Final[dict[str, Any]] = mcp_tool()
TOOL_NAME: Final[str] = str(_DESCRIPTOR["name"])

Arguments = dict[str, Any] | None


def _answer(output: dict[str, Any], stdout: bytes, is_error: bool) -> types.CallToolResult:
    text = stdout.decode("utf-8")[:-1]  # the CLI's stdout without its newline
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=text)],
        structured_content=output,
        is_error=is_error,
    )


def call_result(arguments: Arguments) -> types.CallToolResult:
    """One ``tools/call`` of ``compare_quotes``: ``calculate()`` on the arguments as JSON."""
    result = calculate(request_bytes(arguments))
    return _answer(result.output, result.to_json(), result.status in ERROR_STATUSES)


def call_batch_result(arguments: Arguments) -> types.CallToolResult:
    """One ``tools/call`` of ``compare_quotes_batch``: ``calculate_batch()`` on the arguments
    as JSON, so each request is the bytes the single tool would calculate."""
    answer = calculate_batch(request_bytes(arguments))
    return _answer(answer.output, answer.to_json(), answer.exit_code != 0)


def call_analysis_result(arguments: Arguments) -> types.CallToolResult:
    """One ``tools/call`` of ``analyze_weights``: ``analyze()`` on the arguments as JSON (the
    bytes ``compare_quotes`` would calculate), so the answer is the CLI's ``--analysis``."""
    analysis = analyze(request_bytes(arguments))
    return _answer(analysis.output, analysis.to_json(), analysis.output["status"] in ERROR_STATUSES)


def call_plan_result(arguments: Arguments) -> types.CallToolResult:
    """One ``tools/call`` of ``plan_purchase``: ``plan()`` on the arguments as JSON (written as
    ``compare_quotes`` writes them), so the answer is the CLI's ``--plan``."""
    planned = plan(request_bytes(arguments))
    return _answer(planned.output, planned.to_json(), planned.output["status"] in ERROR_STATUSES)


def call_event_result(arguments: Arguments) -> types.CallToolResult:
    """One ``tools/call`` of ``award_event``: ``award()`` on the arguments as JSON (written as
    ``compare_quotes`` writes them), so the answer is the CLI's ``--event``."""
    awarded = award(request_bytes(arguments))
    return _answer(awarded.output, awarded.to_json(), awarded.status in ERROR_STATUSES)


def call_convert_result(arguments: Arguments) -> types.CallToolResult:
    """One ``tools/call`` of ``convert_quotes``: ``convert()`` on the arguments as JSON (written
    as ``compare_quotes`` writes them), so the answer is the CLI's ``--convert``."""
    answer = convert(request_bytes(arguments))
    return _answer(answer.output, answer.to_json(), answer.output["status"] in ERROR_STATUSES)


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


# The table: one row per tool, in tools/list order. The lambdas look the module function up
# when called, so that wrapping it (as the no-file/no-socket audit test does) wraps the tool.
TOOLS: Final[tuple[ToolRow, ...]] = (
    ToolRow(_DESCRIPTOR, lambda arguments: call_result(arguments), calculate),  # noqa: PLW0108
    ToolRow(
        mcp_batch_tool(),
        lambda arguments: call_batch_result(arguments),  # noqa: PLW0108
        calculate_batch,
    ),
    ToolRow(
        mcp_analysis_tool(),
        lambda arguments: call_analysis_result(arguments),  # noqa: PLW0108
        analyze,
    ),
    ToolRow(
        mcp_plan_tool(),
        lambda arguments: call_plan_result(arguments),  # noqa: PLW0108
        plan,
    ),
    ToolRow(
        mcp_event_tool(),
        lambda arguments: call_event_result(arguments),  # noqa: PLW0108
        award,
    ),
    ToolRow(
        mcp_convert_tool(),
        lambda arguments: call_convert_result(arguments),  # noqa: PLW0108
        convert,
    ),
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
