"""The page routes' answers (issue 21): an HTML page with its headers (no script, nothing
fetched), and the page routes' own transport errors beside the table of
:mod:`quotecalc.http.errors`."""

from __future__ import annotations

from typing import Final

from starlette.responses import Response

from ..edge import CLOSE, NO_STORE, json_response
from ..errors import TransportError

PAGE_HEADERS: Final = {
    **NO_STORE,
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self';"
        " base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
}
# The page routes' own transport errors, beside the table of .errors (same body shape, fixed
# words, nothing of the request echoed); kept out of that table so the calculation routes'
# OpenAPI description is unchanged.
PAGE_ERRORS: Final = {
    error.code: error
    for error in (
        TransportError("payload_too_large", 413, "The body is larger than this route accepts."),
        TransportError(
            "unsupported_form_type",
            415,
            "The body must be multipart/form-data (or, for /quotecalc/intake, text/csv or the"
            " XLSX media type).",
        ),
    )
}


def page_error(code: str) -> Response:
    """One of the page routes' own transport errors (the connection closed after it)."""
    error = PAGE_ERRORS[code]
    return json_response(error.status, error.body(), {**NO_STORE, **CLOSE})


def html_response(status: int, text: str) -> Response:
    """A page: UTF-8 HTML with the page's headers."""
    return Response(text.encode("utf-8"), status, PAGE_HEADERS, "text/html; charset=utf-8")
