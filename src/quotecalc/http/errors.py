"""The transport error table: answers for requests that never reach the calculator.

Each row is a fixed code, HTTP status and fixed message; the body is always
``{"schemaVersion": 1, "error": {"code", "message"}}`` and nothing of the request (path,
method, header, body) is echoed. A request that does reach the calculator is answered with
the calculator's own result object instead (``docs/http.md``, status mapping).
"""

from __future__ import annotations

import json
from typing import Final

import attrs

from ..engine.render import SCHEMA_VERSION


@attrs.frozen
class TransportError:
    """One row of the table."""

    code: str
    status: int
    message: str

    def body(self) -> bytes:
        """The response body: one compact JSON object and a newline, like a result."""
        document = {
            "schemaVersion": SCHEMA_VERSION,
            "error": {"code": self.code, "message": self.message},
        }
        return (json.dumps(document, separators=(",", ":")) + "\n").encode("ascii")


TRANSPORT_ERRORS: Final = (
    # Sent to a client that closed its connection mid-body, so in practice never received;
    # it exists so that the access log and the app's own answer say what happened.
    TransportError(
        "client_disconnected", 400, "The client closed the connection before the body ended."
    ),
    TransportError("cors_not_allowed", 400, "This cross-origin request is not allowed."),
    # issue 35: the workbook's language, the one query parameter a calculation route reads
    TransportError("unsupported_language", 400, "The lang query parameter must be en or zh."),
    TransportError("not_found", 404, "No such route."),
    TransportError("method_not_allowed", 405, "This route does not accept this method."),
    TransportError(
        "request_timeout", 408, "The request body did not arrive within the read timeout."
    ),
    TransportError(
        "unsupported_media_type", 415, "The request body must be sent as application/json."
    ),
    TransportError(
        "server_error", 500, "The HTTP service failed before the calculator could answer."
    ),
    # RFC 9112 section 6.1: a transfer coding the server does not understand is 501.
    TransportError(
        "unsupported_transfer_coding",
        501,
        "The request body must be sent as is or with Transfer-Encoding: chunked alone;"
        " no other transfer coding is decoded.",
    ),
    TransportError("overloaded", 503, "Too many calculations in flight; retry later."),
    # issue 34: a heavy calculation (event, plan) not answered within the service's deadline;
    # its work was stopped.
    TransportError(
        "deadline_exceeded",
        503,
        "The calculation did not finish within the service's deadline and was stopped;"
        " retry later.",
    ),
)
ERRORS: Final = {error.code: error for error in TRANSPORT_ERRORS}
