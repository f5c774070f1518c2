"""Shared helpers of the HTTP service tests: the example requests and a raw ASGI driver.

The driver calls the app exactly as a server does (scope, ``receive``, ``send``) so a test
controls the body chunk by chunk -- stall, disconnect, endless streams -- and can count how
much of the body the app asked for.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import anyio
import attrs
import pytest

from conftest import EXAMPLES, ROOT

HAS_HTTP = all(importlib.util.find_spec(name) for name in ("starlette", "uvicorn", "httpx"))
needs_http = pytest.mark.skipif(
    not HAS_HTTP, reason="the optional http extra is not installed (pip install '.[http]')"
)
JSON = "application/json"
EXAMPLE_PATHS = sorted(EXAMPLES.glob("*.request.json")) + sorted(
    (ROOT / "examples").glob("*.request.json")
)


def example_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name.removesuffix('.request.json')}"


@attrs.frozen
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    receives: int  # how many times the app called receive()


async def asgi(
    app: Any,
    method: str,
    path: str,
    *,
    chunks: Iterable[bytes] = (),
    headers: Iterable[tuple[str, str]] = (),
    stall: bool = False,
    disconnect: bool = False,
) -> Reply:
    """One request through the ASGI app. ``chunks`` is the body, one ``http.request`` message
    each; after it the driver stalls forever (``stall``), reports a disconnect
    (``disconnect``) or ends the body."""
    iterator: Iterator[bytes] = iter(chunks)
    received = 0
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal received
        received += 1
        chunk = next(iterator, None)
        if chunk is not None:
            return {"type": "http.request", "body": chunk, "more_body": True}
        if stall:
            await anyio.sleep_forever()
        if disconnect:
            return {"type": "http.disconnect"}
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    start = sent[0]
    assert start["type"] == "http.response.start"
    body = b"".join(m.get("body", b"") for m in sent[1:])
    names = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in start["headers"]]
    assert len({k for k, _ in names}) == len(names), f"repeated header in {names}"
    return Reply(start["status"], dict(names), body, received)


def call(app: Any, method: str, path: str, **options: Any) -> Reply:
    """:func:`asgi` from synchronous test code."""

    async def run() -> Reply:
        return await asgi(app, method, path, **options)

    return anyio.run(run)
