"""The MCP stdio server: one tool, ``calculate()`` behind it, nothing else (issue #6).

Built on the official MCP Python SDK's low-level ``Server`` so that the tool's ``inputSchema``,
``outputSchema`` and annotations are exactly the published descriptor
(:func:`quotecalc.schema.mcp_tool`, committed as ``docs/tool/mcp-tool.json``) and the call's
result is exactly the calculator's:

- ``tools/list`` answers the one descriptor;
- ``tools/call`` serialises the arguments (:func:`quotecalc.mcp.request.request_bytes`), runs
  :func:`quotecalc.calculate` and returns its result object as ``structuredContent`` and, for
  clients without structured output, the same JSON (the CLI's stdout without its newline) as
  one text block. ``isError`` is true for ``invalid_input`` (the fixed error list, nothing of
  the input echoed) and ``internal_error``; ``completed`` and ``partial`` are results, not
  errors. An unknown tool name is a protocol error (``-32602``) that does not echo the name.

The SDK does not validate arguments here (the calculator's own validation is the contract)
and the server keeps no state: each call is ``calculate(bytes)`` from the call alone. The
calculation reads no file and opens no socket; the server adds only the SDK's stdio transport
(which points fd 0 at the null device while serving) and turns off the SDK's default
OpenTelemetry middleware, so it records no trace spans a telemetry exporter could ship.

Written for the SDK's 2.x low-level API (handlers passed to ``Server(...)``); tested with 2.3.
"""

from __future__ import annotations

import copy
from typing import Any, Final

import anyio
from mcp import types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

from .. import __version__
from ..api import calculate
from ..schema import mcp_tool
from .request import request_bytes

__all__ = ["build_server", "call_result", "list_result", "run", "serve", "tool"]

# Statuses a host's model should read as "the call needs correcting / did not work".
ERROR_STATUSES: Final = frozenset({"invalid_input", "internal_error"})

_DESCRIPTOR: Final[dict[str, Any]] = mcp_tool()
TOOL_NAME: Final[str] = str(_DESCRIPTOR["name"])


def tool() -> types.Tool:
    """The published descriptor as the SDK's ``Tool`` (a fresh copy on every call)."""
    return types.Tool.model_validate(copy.deepcopy(_DESCRIPTOR), by_alias=True)


def list_result() -> types.ListToolsResult:
    return types.ListToolsResult(tools=[tool()])


def call_result(arguments: dict[str, Any] | None) -> types.CallToolResult:
    """One ``tools/call`` of the quotecalc tool: ``calculate()`` on the arguments as JSON."""
    result = calculate(request_bytes(arguments))
    text = result.to_json().decode("utf-8")[:-1]  # the CLI's stdout without its newline
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=text)],
        structured_content=result.output,
        is_error=result.status in ERROR_STATUSES,
    )


async def _on_list_tools(
    ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return list_result()


async def _on_call_tool(
    ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
) -> types.CallToolResult:
    if params.name != TOOL_NAME:
        raise MCPError(code=types.INVALID_PARAMS, message="Unknown tool")
    return call_result(params.arguments)


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


async def serve() -> None:
    """Serve MCP over this process's stdin/stdout until the client closes stdin."""
    server = build_server()
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run() -> None:
    anyio.run(serve)
