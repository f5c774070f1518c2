"""Cross-cutting limits, applied once at the edge (``docs/http.md``): body reading, media
type, in-flight bound and the request id. Needs Starlette (the ``http`` extra).

Body reading follows the CLI's stdin rule: a body is read until it ends or holds limit + 1
bytes, whichever comes first, and no further; a ``Content-Length`` over the limit is
answered before any body byte is read. Answers sent without reading the whole body carry
``Connection: close``, so the server drops the rest instead of draining it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final, TypeVar

import anyio
import anyio.to_thread
from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ERRORS
from .limits import Limits, request_id

T = TypeVar("T")

NO_STORE: Final = {"Cache-Control": "no-store"}
CLOSE: Final = {"Connection": "close"}


class BodyTimeout(Exception):
    """The body did not arrive within the read timeout."""


def json_response(status: int, body: bytes, headers: Mapping[str, str] | None = None) -> Response:
    """Exact bytes as ``application/json`` (JSON is UTF-8 by definition: no charset)."""
    return Response(body, status_code=status, headers=headers, media_type="application/json")


def error_response(code: str, headers: Mapping[str, str] | None = None) -> Response:
    """One row of the transport error table (:mod:`.errors`) as a response."""
    error = ERRORS[code]
    return json_response(error.status, error.body(), headers)


def announced_length(headers: Headers) -> int | None:
    """The ``Content-Length``, if sent (the server has already refused a malformed one)."""
    value = headers.get("content-length")
    return int(value) if value is not None and value.isdigit() else None


async def read_body(receive: Receive, limit: int, timeout: float) -> bytes:
    """The body, or its first ``limit`` + 1 bytes if it is longer (then reading stops).

    Raises :class:`BodyTimeout` when the body takes longer than ``timeout`` seconds and
    Starlette's ``ClientDisconnect`` when the client goes away first.
    """
    body = bytearray()
    with anyio.move_on_after(timeout) as scope:
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise ClientDisconnect()
            body += message.get("body", b"")
            if len(body) > limit:
                return bytes(body[: limit + 1])
            if not message.get("more_body", False):
                return bytes(body)
    if scope.cancelled_caught:
        raise BodyTimeout()
    raise AssertionError("unreachable: the loop only returns or raises")


class InFlight:
    """At most ``max_in_flight`` calculations at once, each run in a worker thread so the
    event loop (and ``/healthz``) stays responsive; a call waits up to ``queue_timeout``
    seconds for a slot."""

    def __init__(self, limits: Limits) -> None:
        self._slots = anyio.Semaphore(limits.max_in_flight)
        self._threads = anyio.CapacityLimiter(limits.max_in_flight)
        self._wait = limits.queue_timeout

    async def run(self, function: Callable[[bytes], T], raw: bytes) -> T | None:
        """``function(raw)`` off the event loop, or ``None`` if no slot freed in time."""
        acquired = False
        with anyio.move_on_after(self._wait):
            await self._slots.acquire()
            acquired = True
        if not acquired:
            return None
        try:
            return await anyio.to_thread.run_sync(function, raw, limiter=self._threads)
        finally:
            self._slots.release()


class RequestId:
    """ASGI middleware (outermost): every response carries ``X-Request-Id``, the caller's if
    acceptable (:func:`.limits.request_id`), else a generated one."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        values = [
            value.decode("latin-1") for name, value in scope["headers"] if name == b"x-request-id"
        ]
        header = (b"x-request-id", request_id(values).encode("ascii"))

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), header]}
            await send(message)

        await self.app(scope, receive, send_with_id)
