"""Every MCP call gets an answer (issue 34, ``docs/mcp.md``): ``tools/call`` lines the SDK's JSON
parser refuses -- arguments nested 300 or 5,000 deep, a 5,000-digit integer -- are answered
within a second by ``quotecalc.mcp.guard`` with the CLI's document for the arguments' raw bytes
(``invalid_json``, ``number_too_long``) as an ``isError`` result, for ``compare_quotes`` and
``award_event`` alike, and the server keeps serving. Driven with raw JSON-RPC lines on a
subprocess's stdin/stdout and with the SDK's own client. Expected documents come from the real
CLI on the same argument bytes."""

from __future__ import annotations

import functools
import importlib.util
import json
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import ROOT, CliRun
from conftest import run_cli as _run_cli
from quotecalc.mcp.guard import members

HAS_SDK = importlib.util.find_spec("mcp") is not None
needs_sdk = pytest.mark.skipif(not HAS_SDK, reason="the MCP SDK is not installed")

DEEP_300 = b'{"a":' * 300 + b"1" + b"}" * 300
DEEP_5000 = b'{"x":' + b"[" * 5000 + b"]" * 5000 + b"}"
LONG_INT = b'{"quantity":' + b"9" * 5000 + b"}"
# an event's own integer field, so that the event's validator reaches the number
LONG_EVENT_INT = b'{"maxSuppliers":' + b"9" * 5000 + b"}"
HOSTILE = {"deep_300": DEEP_300, "deep_5000": DEEP_5000, "long_int": LONG_INT}
# the CLI's error code for each (its parse's nesting limit is 256; a number over 48 characters)
CODE = {"deep_300": "invalid_json", "deep_5000": "invalid_json", "long_int": "number_too_long"}
TOOLS = {"compare_quotes": ("--input-json", "-"), "award_event": ("--input-json", "-", "--event")}
# one wire line: the example written compactly (a newline would end the JSON-RPC line)
FIXED = json.dumps(
    json.loads((ROOT / "examples" / "multi-supplier.request.json").read_bytes()),
    separators=(",", ":"),
).encode()
ANSWER_WITHIN = 1.0


@functools.cache
def run_cli(raw: bytes, *argv: str) -> CliRun:
    """The real CLI's answer, run once per (bytes, arguments) for this module."""
    return _run_cli(raw, *argv)


def test_members_walks_any_depth_without_recursion() -> None:
    """The envelope scanner reads the spans of the top-level members of a line whose values are
    nested 5,000 deep or hold a 5,000-digit number (what the SDK's parser refuses)."""
    line = b'{"id": 7, "params": {"arguments": ' + DEEP_5000 + b', "name": "x"}, "z": [1, "]"]}'
    found = members(line)
    assert sorted(found) == ["id", "params", "z"]
    start, end = found["params"]
    assert line[end - 1 : end] == b"}"
    params = members(line, start)
    assert line[slice(*params["arguments"])] == DEEP_5000
    assert line[slice(*params["name"])] == b'"x"'
    assert line[slice(*found["z"])] == b'[1, "]"]'
    with pytest.raises(ValueError, match="unterminated"):
        members(line[:-3])
    with pytest.raises(ValueError, match="not an object"):
        members(b"[1]")


class Wire:
    """``python -m quotecalc.mcp`` driven with raw JSON-RPC lines."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-B", "-m", "quotecalc.mcp"],
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT / "src")},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )

    def send(self, line: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def receive(self, timeout: float) -> dict[str, Any] | None:
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            return None
        line = self.proc.stdout.readline()
        return json.loads(line) if line else None

    def call(self, request_id: int, name: str, arguments: bytes) -> bytes:
        return (
            b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"%s","arguments":'
            % (request_id, name.encode())
            + arguments
            + b"}}"
        )

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(10)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture
def wire() -> Iterator[Wire]:
    started = Wire()
    try:
        started.send(
            json.dumps(
                {
                    "jsonrpc": "2.0",
                    "id": 0,
                    "method": "initialize",
                    "params": {
                        "protocolVersion": "2025-06-18",
                        "capabilities": {},
                        "clientInfo": {"name": "raw", "version": "1"},
                    },
                }
            ).encode()
        )
        assert started.receive(60) is not None
        started.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
        # warm: the first call imports the calculator's stages
        started.send(started.call(99, "compare_quotes", FIXED))
        assert started.receive(60) is not None
        yield started
    finally:
        started.close()
    assert started.proc.returncode == 0


@needs_sdk
def test_raw_lines_the_sdk_refuses_get_the_clis_answer_within_a_second(wire: Wire) -> None:
    request_id = 1
    for name, argv in TOOLS.items():
        for case, given in HOSTILE.items():
            arguments = LONG_EVENT_INT if (name, case) == ("award_event", "long_int") else given
            sent = time.perf_counter()
            wire.send(wire.call(request_id, name, arguments))
            reply = wire.receive(10)
            elapsed = time.perf_counter() - sent
            assert reply is not None, (name, case)
            assert elapsed < ANSWER_WITHIN, (name, case, elapsed)
            assert reply["id"] == request_id
            result = reply["result"]
            cli = run_cli(arguments, *argv)
            assert result["isError"] is True
            assert result["structuredContent"] == cli.output
            assert result["content"] == [{"type": "text", "text": cli.stdout.decode()[:-1]}]
            codes = {
                entry["code"] for entry in cli.output["limitations"] + cli.output.get("reasons", [])
            }
            assert CODE[case] in codes
            request_id += 1
    # the server keeps serving: a normal call is answered with the CLI's document
    wire.send(wire.call(request_id, "compare_quotes", FIXED))
    reply = wire.receive(10)
    assert reply is not None and reply["id"] == request_id
    assert reply["result"]["structuredContent"] == run_cli(FIXED).output
    assert reply["result"]["isError"] is False


@needs_sdk
def test_other_refused_lines_get_json_rpc_errors(wire: Wire) -> None:
    """Not JSON: -32700 with id null; another method with a readable id: -32600; a refused
    notification: no reply (JSON-RPC forbids one), so the next reply is the next call's."""
    wire.send(b'{"jsonrpc":"2.0","id":5,"method":"tools/call"')  # cut short
    assert wire.receive(10) == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32700, "message": "Parse error"},
    }
    wire.send(b'{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{"x":' + DEEP_300 + b"}}")
    assert wire.receive(10) == {
        "jsonrpc": "2.0",
        "id": "a",
        "error": {"code": -32600, "message": "Invalid request"},
    }
    wire.send(b'{"jsonrpc":"2.0","method":"notifications/x","params":{"y":' + LONG_INT + b"}}")
    wire.send(wire.call(6, "no_such_tool", DEEP_300))
    assert wire.receive(10) == {
        "jsonrpc": "2.0",
        "id": 6,
        "error": {"code": -32600, "message": "Invalid request"},
    }
    wire.send(wire.call(7, "compare_quotes", FIXED))
    reply = wire.receive(10)
    assert reply is not None and reply["id"] == 7


@needs_sdk
def test_the_sdk_client_gets_an_answer_too() -> None:
    """The SDK's own client (``ClientSession.call_tool``) sending arguments the SDK's server
    parser refuses to both tools: nested 250 deep (the SDK's client cannot write 256 or more:
    its serializer's depth limit; the raw lines above send 300 and 5,000) and a 5,000-digit
    integer. Each is answered with the CLI's document for those arguments, then a normal
    call."""
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    deep: dict[str, Any] = {"a": 1}
    for _ in range(249):
        deep = {"a": deep}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-B", "-m", "quotecalc.mcp"],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src")},
    )
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # the client must be able to write the long integer
    long_int = int("9" * 5000)

    async def main() -> list[Any]:
        answers = []
        with anyio.fail_after(120):
            async with (
                stdio_client(params) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                for name, field in (
                    ("compare_quotes", "quantity"),
                    ("award_event", "maxSuppliers"),
                ):
                    for arguments in (deep, {field: long_int}):
                        with anyio.fail_after(10):
                            answers.append(await session.call_tool(name, arguments))
                answers.append(await session.call_tool("compare_quotes", json.loads(FIXED)))
        return answers

    try:
        answers = anyio.run(main)
    finally:
        sys.set_int_max_str_digits(limit)
    deep_raw = b'{"a":' * 250 + b"1" + b"}" * 250
    hostile = [
        (TOOLS["compare_quotes"], deep_raw),
        (TOOLS["compare_quotes"], LONG_INT),
        (TOOLS["award_event"], deep_raw),
        (TOOLS["award_event"], LONG_EVENT_INT),
    ]
    assert len(answers) == len(hostile) + 1
    for answer, (argv, raw) in zip(answers, hostile, strict=False):
        assert answer.is_error is True
        assert answer.structured_content == run_cli(raw, *argv).output
    assert answers[-1].is_error is False
    assert answers[-1].structured_content == run_cli(FIXED).output
