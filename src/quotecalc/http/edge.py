"""Cross-cutting limits, applied once at the edge (``docs/http.md``): body reading and
draining, media type, the request id, ``no-store``, the access log and the metrics. Needs
Starlette (the ``http`` extra).

Body reading follows the CLI's stdin rule: a body is read until it ends or holds limit + 1
bytes, whichever comes first, and no further. An answer decided before the body was used (a
415, a 413 from ``Content-Length``, a 503, a 501 for a transfer coding) is sent
(:func:`early`):

- at once, with ``Connection: close``, to a client that sent ``Expect: 100-continue`` and
  whose body was not asked for: the server sends "100 Continue" only when the app reads the
  body, so that client has not sent it and gets its answer before it does;
- otherwise only after the rest of the body was read and dropped (:func:`drain`, one chunk
  at a time, bounded by ``drain_limit`` bytes and the read timeout): closing a socket that
  still holds unread bytes makes the kernel reset the connection, and a client still sending
  -- every client library writes the whole body before it reads -- then loses the answer. A
  body past either bound is not drained further: its answer carries ``Connection: close``.

A request with a transfer coding other than ``chunked`` alone (``gzip, chunked``) is refused
by :class:`Edge` before any route sees it: the server removes the chunked framing but not the
other codings, so the body the app would read is not the bytes the client meant.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Final

import anyio
from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .access import DISCONNECTED, UNMATCHED, Access, access_line, access_logger
from .errors import ERRORS
from .limits import Limits, request_id
from .metrics import Metrics

NO_STORE: Final = {"Cache-Control": "no-store"}
CLOSE: Final = {"Connection": "close"}
ACCESS_KEY: Final = "quotecalc.access"


class BodyTimeout(Exception):
    """The body did not arrive within the read timeout."""


def json_response(status: int, body: bytes, headers: Mapping[str, str] | None = None) -> Response:
    """Exact bytes as ``application/json`` (JSON is UTF-8 by definition: no charset)."""
    return Response(body, status_code=status, headers=headers, media_type="application/json")


def error_response(code: str, headers: Mapping[str, str] | None = None) -> Response:
    """One row of the transport error table (:mod:`.errors`) as a response."""
    error = ERRORS[code]
    return json_response(error.status, error.body(), headers)


def expects_continue(headers: Headers) -> bool:
    """Whether the client waits for "100 Continue" before it sends the body (RFC 9110
    section 10.1.1; the expectation is case-insensitive)."""
    return any(value.strip().lower() == "100-continue" for value in headers.getlist("expect"))


def transfer_codings(headers: Headers) -> list[str]:
    """The request's transfer codings in order, lower case (every ``Transfer-Encoding``
    header, comma-separated lists split)."""
    return [
        coding.strip().lower()
        for value in headers.getlist("transfer-encoding")
        for coding in value.split(",")
        if coding.strip()
    ]


def undecoded_coding(headers: Headers) -> bool:
    """Whether the body carries a transfer coding the service does not decode: anything but
    no coding or ``chunked`` alone (the server removes only the chunked framing)."""
    codings = transfer_codings(headers)
    return bool(codings) and codings != ["chunked"]


def announced_length(headers: Headers) -> int | None:
    """The ``Content-Length``, if sent (the server has already refused a malformed one)."""
    value = headers.get("content-length")
    return int(value) if value is not None and value.isdigit() else None


def access_of(scope: Scope) -> Access | None:
    """The request's access record (set by :class:`Edge`), if the app runs behind it."""
    record = scope.get(ACCESS_KEY)
    return record if isinstance(record, Access) else None


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


async def drain(receive: Receive, announced: int | None, limit: int, timeout: float) -> bool:
    """Read and drop the rest of a body that will not be used; whether it ended.

    A body announced over ``limit`` bytes is not touched (the answer closes the connection);
    otherwise at most ``limit`` bytes are read within ``timeout`` seconds, one chunk at a time
    (nothing is kept). ``False`` means the connection must be closed after the answer.
    """
    if announced is not None and announced > limit:
        return False
    seen = 0
    with anyio.move_on_after(timeout):
        while seen <= limit:
            message = await receive()
            if message["type"] == "http.disconnect":
                return False
            seen += len(message.get("body", b""))
            if not message.get("more_body", False):
                return seen <= limit
    return False


class Edge:
    """ASGI middleware (outermost): every response carries ``X-Request-Id`` (the caller's if
    acceptable, :func:`.limits.request_id`, else a generated one) and ``Cache-Control:
    no-store``; every request gets one access-log line and its metrics, whatever answered it
    (an endpoint, the router's 404/405, the CORS preflight, the error handler)."""

    def __init__(
        self,
        app: ASGIApp,
        metrics: Metrics,
        routes: frozenset[str],
        limits: Limits | None = None,
    ) -> None:
        self.app = app
        self.metrics = metrics
        self.routes = routes
        self.limits = limits or Limits()
        self.log = access_logger()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        values = [
            value.decode("latin-1") for name, value in scope["headers"] if name == b"x-request-id"
        ]
        rid = request_id(values)
        route = scope["path"] if scope["path"] in self.routes else UNMATCHED
        access = Access(rid, scope["method"], route)
        scope = {**scope, ACCESS_KEY: access}
        header = (b"x-request-id", rid.encode("ascii"))

        async def counting_receive() -> Message:
            access.body_asked = True
            message = await receive()
            access.bytes_in += len(message.get("body", b""))
            if message["type"] == "http.disconnect" and access.status == 0:
                # gone before its answer, whatever was being done (reading, draining,
                # calculating): the answer, if any, is never received
                access.outcome = DISCONNECTED
            return message

        async def edge_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": [*headers, header]}
                access.status = message["status"]
            elif message["type"] == "http.response.body":
                access.bytes_out += len(message.get("body", b""))
            try:
                await send(message)
            except OSError:
                access.outcome = DISCONNECTED
                raise

        self.metrics.in_flight.inc()
        try:
            request = Request(scope, counting_receive)
            if undecoded_coding(request.headers):
                access.outcome = "unsupported_transfer_coding"
                response = await early(
                    request, error_response("unsupported_transfer_coding"), self.limits
                )
                await response(scope, counting_receive, edge_send)
                return
            await self.app(scope, counting_receive, edge_send)
        finally:
            self.metrics.in_flight.dec()
            self.record(access, time.perf_counter() - started)

    def record(self, access: Access, seconds: float) -> None:
        """The request's access-log line and metrics."""
        if access.status == 0:  # nothing was sent: the client went away first
            access.outcome = DISCONNECTED
        metrics = self.metrics
        # An answer the client never received is not counted under the status it would have
        # had: a client gone mid-body or before its answer has a label of its own.
        status = DISCONNECTED if access.outcome == DISCONNECTED else str(access.status)
        metrics.requests.labels(access.route, status).inc()
        metrics.duration.labels(access.route).observe(seconds)
        if access.outcome == DISCONNECTED:
            metrics.disconnects.inc()
        elif access.outcome == "overloaded":
            metrics.overloaded.inc()
            metrics.rejected.labels(access.pool, access.route).inc()
        elif access.outcome == "deadline_exceeded":
            metrics.deadline_exceeded.labels(access.route).inc()
        self.log.info(access_line(access, seconds))


def outcome(scope: Scope, code: str) -> None:
    """Mark the request's outcome in its access record (a transport error code)."""
    record = access_of(scope)
    if record is not None:
        record.outcome = code


async def early(request: Request, response: Response, limits: Limits) -> Response:
    """``response``, decided before the body was used: at once with ``Connection: close`` to
    a client that expects "100 Continue" and was not sent it (its body was never asked for),
    otherwise once the body has been drained; if it could not be (too long, too slow, gone)
    the connection is closed after it."""
    record = access_of(request.scope)
    if expects_continue(request.headers) and record is not None and not record.body_asked:
        response.headers.update(CLOSE)
        return response
    ended = await drain(
        request.receive, announced_length(request.headers), limits.drain_limit, limits.read_timeout
    )
    if not ended:
        response.headers.update(CLOSE)
    return response
