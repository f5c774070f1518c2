"""The access log: one JSON line per request (``docs/http.md``, operations).

Each line holds the request id, the method, the route (the operation table's path, or
``"unmatched"``: the client's path is never echoed), the status, body bytes in (read,
including bytes drained and dropped) and out, the duration and the outcome: ``answered``
when the app's answer was sent, otherwise the transport error code (``overloaded``,
``unsupported_media_type``, ...) or ``client_disconnected`` when the client went away before
the answer was sent (the line is written either way).

Plain Python; the lines go to the ``quotecalc.http.access`` logger (stderr unless the
operator configures logging otherwise).
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Final

LOGGER_NAME: Final = "quotecalc.http.access"
UNMATCHED: Final = "unmatched"
ANSWERED: Final = "answered"
DISCONNECTED: Final = "client_disconnected"


class Access:
    """What one request did, filled in by the edge and the endpoint while it runs (mutable on
    purpose: it is the request's own scratch record, never shared)."""

    __slots__ = (
        "body_asked",
        "bytes_in",
        "bytes_out",
        "method",
        "outcome",
        "pool",
        "request_id",
        "route",
        "status",
    )

    def __init__(self, request_id: str, method: str, route: str) -> None:
        self.request_id = request_id
        self.method = method
        self.route = route
        self.status = 0
        self.bytes_in = 0
        self.bytes_out = 0
        self.outcome = ANSWERED
        # The admission pool the request was admitted by (or refused from): light unless
        # its route or its body made it heavy (issue 39).
        self.pool = "light"
        # Whether the app asked for the body: the server sends "100 Continue" to a client that
        # expects it only then, so an early answer before it needs no draining.
        self.body_asked = False


def access_line(access: Access, seconds: float) -> str:
    """The record as one compact JSON object (no newline)."""
    return json.dumps(
        {
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "requestId": access.request_id,
            "method": access.method,
            "route": access.route,
            "status": access.status,
            "bytesIn": access.bytes_in,
            "bytesOut": access.bytes_out,
            "durationMs": round(seconds * 1000, 3),
            "outcome": access.outcome,
        },
        separators=(",", ":"),
    )


def access_logger() -> logging.Logger:
    """The access logger, with one plain stderr handler unless one is configured already."""
    logger = logging.getLogger(LOGGER_NAME)
    if logger.level == logging.NOTSET:  # an access line is INFO: on unless turned down
        logger.setLevel(logging.INFO)
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
    return logger
