"""The service's bounds and settings, checked once at the edge (``docs/http.md``, limits).

- body size: the calculator's own input limit per route (262144 bytes for one calculation);
  a larger ``Content-Length`` is answered before any body byte is read, and a chunked body is
  cut while streaming once it holds limit + 1 bytes (the CLI reads stdin the same way);
- ``read_timeout``: seconds the whole body may take to arrive (then 408);
- ``body_budget``: bytes of request bodies one worker holds at once; a calculation reserves
  its announced length (a chunked body: the route's limit + 1) *before* its body is read, so
  peak memory follows this setting, not the number of clients;
- ``max_in_flight``: calculations running at once per worker process; a further call waits
  up to ``queue_timeout`` seconds for a slot (and as long again for its body budget), then
  gets 503 with ``Retry-After``;
- heavy work (issue 34: the routes whose :attr:`.operations.Calculation.cost_class` is
  ``heavy``, the event award and the purchase plan) is admitted apart from light work, so it
  never takes a light route's slot or body budget: ``heavy_max_in_flight`` run at once per
  worker, each in a worker subprocess of its own; up to ``heavy_queue`` more wait (holding
  their body, at most the route's limit + 1 bytes each); a further one is answered 503 at
  once; every heavy request is answered within ``heavy_deadline`` seconds of its arrival or
  gets 503 ``deadline_exceeded`` with ``Retry-After: heavy_retry_after`` (its subprocess is
  killed: the work really stops);
- ``drain_limit``: an answer decided before the body was read (413, 415, 501, 503) is sent
  only after the rest of the body, up to this many bytes, was read and dropped, so that
  closing the connection never resets it under the client's feet (the kernel answers unread
  data with a reset, and a client still sending loses the answer). 256 MiB by default: far
  past every route's limit (the intake's 10 MiB upload included), so a client that sends a
  too-large file gets its 413 instead of a reset; dropping it costs a worker about a second
  of one core (``docs/performance.md``). A client that sends ``Expect: 100-continue`` is
  answered before it sends its body and needs no draining;
- the server's own bounds (:class:`ServerLimits`): connections per worker, the time the
  request head may take, the size of the head;
- ``request_id``: an ``X-Request-Id`` of 1-128 printable ASCII characters (0x20-0x7E) is
  echoed, anything else replaced by a generated one.

Plain Python: the command line and the worker processes exchange :class:`Settings` as JSON
in one environment variable, because the server starts its workers by import string.
"""

from __future__ import annotations

import json
import uuid
from typing import Final

import attrs

from ..core.limits import MAX_BATCH_BYTES

SETTINGS_ENV: Final = "QUOTECALC_HTTP_SETTINGS"
MAX_REQUEST_ID_CHARS: Final = 128
GRACEFUL_SHUTDOWN_SECONDS: Final = 30
# The largest body any route reads (the batch door's limit + 1): the budget must hold one.
LARGEST_BODY: Final = MAX_BATCH_BYTES + 1
# Unread body bytes dropped before an early answer (issue 28: 4 MiB lost the 413 of every
# upload over it, the intake's own 10 MiB limit included).
DRAIN_LIMIT: Final = 256 * 1024 * 1024


@attrs.frozen
class Limits:
    """The bounds one worker enforces (each configurable on the command line)."""

    read_timeout: float = attrs.field(default=10.0, validator=attrs.validators.gt(0))
    max_in_flight: int = attrs.field(default=8, validator=attrs.validators.gt(0))
    queue_timeout: float = attrs.field(default=5.0, validator=attrs.validators.gt(0))
    retry_after: int = attrs.field(default=1, validator=attrs.validators.gt(0))
    body_budget: int = attrs.field(
        default=16 * 1024 * 1024, validator=attrs.validators.ge(LARGEST_BODY)
    )
    drain_limit: int = attrs.field(default=DRAIN_LIMIT, validator=attrs.validators.ge(0))
    heavy_max_in_flight: int = attrs.field(default=1, validator=attrs.validators.gt(0))
    heavy_queue: int = attrs.field(default=2, validator=attrs.validators.ge(0))
    heavy_deadline: float = attrs.field(default=30.0, validator=attrs.validators.gt(0))
    heavy_retry_after: int = attrs.field(default=30, validator=attrs.validators.gt(0))


@attrs.frozen
class ServerLimits:
    """The bounds the HTTP server itself enforces per worker, before the app sees a request
    (granian's hyper core, ``docs/decisions.md``): open connections (further ones wait in the
    listen backlog), seconds the request head may take to arrive (then the connection is
    closed, idle keep-alive connections included), and bytes of the request head (then 431),
    fixed however the bytes arrive."""

    max_connections: int = attrs.field(default=256, validator=attrs.validators.gt(0))
    header_timeout: float = attrs.field(
        default=5.0, validator=[attrs.validators.ge(0.001), attrs.validators.le(60)]
    )
    max_header_bytes: int = attrs.field(default=16384, validator=attrs.validators.ge(8192))


@attrs.frozen
class Settings:
    """What a worker needs to build its app: the limits and the allowed CORS origins."""

    limits: Limits = Limits()
    cors_origins: tuple[str, ...] = attrs.field(default=(), converter=tuple)

    def to_json(self) -> str:
        return json.dumps(attrs.asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Settings:
        data = json.loads(text)
        return cls(Limits(**data["limits"]), tuple(data["cors_origins"]))


def request_id(values: list[str]) -> str:
    """The id to answer with: the caller's single ``X-Request-Id`` if it is 1-128 printable
    ASCII characters, otherwise a fresh random one (never an altered copy of the caller's)."""
    if len(values) == 1:
        value = values[0]
        if 0 < len(value) <= MAX_REQUEST_ID_CHARS and all(" " <= char <= "~" for char in value):
            return value
    return uuid.uuid4().hex


MEDIA_TYPE: Final = "application/json"


def accepts_media_type(content_type: str | None) -> bool:
    """Whether a calculation body's ``Content-Type`` is accepted: ``application/json``, in any
    letter case, with no parameter but an optional ``charset=utf-8`` (JSON is UTF-8 only,
    RFC 8259 §8.1; any other parameter or charset is refused rather than guessed at)."""
    if content_type is None:
        return False
    media_type, *parameters = (part.strip() for part in content_type.split(";"))
    if media_type.lower() != MEDIA_TYPE or len(parameters) > 1:
        return False
    for parameter in parameters:
        name, _, value = parameter.partition("=")
        if name.strip().lower() != "charset" or value.strip().strip('"').lower() != "utf-8":
            return False
    return True
