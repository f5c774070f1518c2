"""Every MCP message gets an answer (issue 34, ``docs/mcp.md``): a reader in front of the SDK's
stdio transport.

The SDK parses each line with pydantic's JSON parser; a line it cannot parse -- arguments
nested a few hundred levels deep, an integer of thousands of digits (Python's int-digit limit),
bytes that are not JSON -- is handed to the session as an exception and dropped, so the client
waits for ever. :class:`GuardedLines` tries the SDK's own parse on each line first and passes
every line it accepts through unchanged; a line it refuses is answered here, at once:

- a ``tools/call`` whose ``id`` and tool ``name`` can be read: the tool's entry point run on
  the raw bytes of its ``arguments`` (cut from the line, nothing re-parsed), so the answer is
  the CLI's document for those bytes -- ``invalid_json`` for the nesting, ``number_too_long``
  for the long integer -- as an ``isError`` result (:func:`raw_call`);
- any other request whose ``id`` can be read: JSON-RPC error ``-32600`` (invalid request);
- a line whose ``id`` cannot be read: ``-32700`` (parse error) with ``id: null``, as JSON-RPC
  2.0 asks; a notification (no ``id``) is not answered, as JSON-RPC forbids.

The scanner (:func:`members`) walks the bytes iteratively: no depth or number can exhaust it.
Nothing of the message is echoed but its ``id``.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterable, AsyncIterator, Callable, Mapping
from typing import Any, Final, Protocol

import anyio
from anyio.streams.memory import MemoryObjectSendStream
from mcp import types
from mcp.shared.message import SessionMessage

__all__ = ["GuardedLines", "answer_refused", "members"]

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
# An id longer than this is not read back (ids are short strings or integers).
MAX_ID_BYTES: Final = 256
_WHITESPACE: Final = b" \t\r\n"
_CLOSE: Final = {ord("{"): ord("}"), ord("["): ord("]")}


class Entry(Protocol):
    """What a tool's entry point returns (a result, a batch result, a document)."""

    @property
    def exit_code(self) -> int: ...

    @property
    def output(self) -> dict[str, Any]: ...

    def to_json(self) -> bytes: ...


def _skip_space(raw: bytes, index: int) -> int:
    while index < len(raw) and raw[index] in _WHITESPACE:
        index += 1
    return index


def _string_end(raw: bytes, index: int) -> int:
    """The index after the string starting at ``raw[index] == '"'``."""
    index += 1
    while index < len(raw):
        byte = raw[index]
        if byte == ord("\\"):
            index += 2
            continue
        if byte == ord('"'):
            return index + 1
        index += 1
    raise ValueError("unterminated string")


def _value_end(raw: bytes, index: int) -> int:
    """The index after the JSON value starting at ``index`` (iterative: any depth)."""
    if index >= len(raw):
        raise ValueError("no value")
    first = raw[index]
    if first == ord('"'):
        return _string_end(raw, index)
    if first in _CLOSE:
        stack = [_CLOSE[first]]
        index += 1
        while stack:
            if index >= len(raw):
                raise ValueError("unterminated value")
            byte = raw[index]
            if byte == ord('"'):
                index = _string_end(raw, index)
                continue
            if byte in _CLOSE:
                stack.append(_CLOSE[byte])
            elif byte in (ord("}"), ord("]")) and byte != stack.pop():
                raise ValueError("mismatched bracket")
            index += 1
        return index
    start = index
    while index < len(raw) and raw[index] not in b",]}" and raw[index] not in _WHITESPACE:
        index += 1
    if index == start:
        raise ValueError("no value")
    return index


def members(raw: bytes, start: int = 0) -> dict[str, tuple[int, int]]:
    """The members of the JSON object at ``raw[start:]`` (after whitespace): each key and the
    span of its raw value; the last of a repeated key wins, as in the SDK's parse.
    ``ValueError`` when it is not an object or is cut short."""
    index = _skip_space(raw, start)
    if index >= len(raw) or raw[index] != ord("{"):
        raise ValueError("not an object")
    found: dict[str, tuple[int, int]] = {}
    index = _skip_space(raw, index + 1)
    if index < len(raw) and raw[index] == ord("}"):
        return found
    while True:
        if index >= len(raw) or raw[index] != ord('"'):
            raise ValueError("no key")
        key_end = _string_end(raw, index)
        key = json.loads(raw[index:key_end])
        index = _skip_space(raw, key_end)
        if index >= len(raw) or raw[index] != ord(":"):
            raise ValueError("no colon")
        value_start = _skip_space(raw, index + 1)
        value_end = _value_end(raw, value_start)
        found[key] = (value_start, value_end)
        index = _skip_space(raw, value_end)
        if index < len(raw) and raw[index] == ord(","):
            index = _skip_space(raw, index + 1)
            continue
        if index < len(raw) and raw[index] == ord("}"):
            return found
        raise ValueError("no comma or end")


def _small(raw: bytes, span: tuple[int, int] | None) -> Any:
    """The short JSON value at ``span`` (``None`` if absent, too long or not JSON)."""
    if span is None or span[1] - span[0] > MAX_ID_BYTES:
        return None
    try:
        return json.loads(raw[span[0] : span[1]])
    except ValueError:
        return None


def _error(request_id: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


def raw_call(entry: Callable[[bytes], Entry], arguments: bytes) -> dict[str, Any]:
    """A ``tools/call`` result of ``entry`` on the arguments' raw bytes: the CLI's document as
    ``structuredContent`` and as text, ``isError`` unless it completed or is partial."""
    answer = entry(arguments)
    result = types.CallToolResult(
        content=[types.TextContent(type="text", text=answer.to_json().decode("utf-8")[:-1])],
        structured_content=answer.output,
        is_error=answer.exit_code != 0,
    )
    dumped: dict[str, Any] = result.model_dump(by_alias=True, exclude_unset=True, mode="json")
    return dumped


def answer_refused(
    raw: bytes, entries: Mapping[str, Callable[[bytes], Entry]]
) -> dict[str, Any] | None:
    """The reply to a line the SDK refused (see the module docstring), ``None`` for a
    notification."""
    try:
        envelope = members(raw)
    except ValueError:
        return _error(None, PARSE_ERROR, "Parse error")
    if "id" not in envelope:
        return None
    request_id = _small(raw, envelope["id"])
    if isinstance(request_id, bool) or not isinstance(request_id, (int, str)):
        return _error(None, PARSE_ERROR, "Parse error")
    method = _small(raw, envelope.get("method"))
    if method == "tools/call" and "params" in envelope:
        try:
            params = members(raw, envelope["params"][0])
        except ValueError:
            params = {}
        entry = entries.get(str(_small(raw, params.get("name"))))
        span = params.get("arguments")
        if entry is not None and span is not None:
            result = raw_call(entry, raw[span[0] : span[1]])
            return {"jsonrpc": "2.0", "id": request_id, "result": result}
    return _error(request_id, INVALID_REQUEST, "Invalid request")


class GuardedLines:
    """The lines of the wire the SDK can parse, as text (what its reader iterates over); every
    other line is answered by :func:`answer_refused`, sent into the SDK's own write stream
    (:meth:`attach`) so that its writer puts it on the wire between whole messages.

    The refused line's tool runs inline, on the event loop: a line the SDK refuses is one the
    calculator refuses at its parse or its validation (deeper than its nesting limit, a number
    longer than 48 characters, not JSON), so no search can start from it."""

    def __init__(
        self, source: AsyncIterable[bytes], entries: Mapping[str, Callable[[bytes], Entry]]
    ) -> None:
        self.source = source
        self.entries = entries
        self._replies: MemoryObjectSendStream[SessionMessage] | None = None
        self._attached = anyio.Event()

    def attach(self, replies: MemoryObjectSendStream[SessionMessage]) -> None:
        """The SDK's write stream, once the transport has started."""
        self._replies = replies
        self._attached.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        async for raw in self.source:
            text = raw.decode("utf-8", errors="replace")  # as the SDK's own reader decodes
            if not raw.strip():
                continue
            try:
                types.jsonrpc_message_adapter.validate_json(text, by_name=False)
            except Exception:  # noqa: BLE001 - whatever the SDK's parse refuses is answered here
                reply = answer_refused(raw, self.entries)
                if reply is not None:
                    await self._attached.wait()
                    assert self._replies is not None
                    message = types.jsonrpc_message_adapter.validate_python(reply)
                    try:
                        await self._replies.send(SessionMessage(message))
                    except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                        return  # the session has ended: nobody reads replies any more
                continue
            yield text
