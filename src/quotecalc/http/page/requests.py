"""A page request read at the edge (issue 21): its media type, its body under the calculation
routes' own rules (budget, read timeout, limit), and the form's fields from the body already
read."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Final

from starlette.datastructures import UploadFile
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from ...core.limits import MAX_EVENT_BYTES
from ..admission import Admission
from ..edge import (
    CLOSE,
    BodyTimeout,
    announced_length,
    early,
    error_response,
    outcome,
    read_body,
)
from ..limits import Limits
from ..operations import Page
from .fields import UPLOAD
from .responses import overloaded, page_error

FORM_MEDIA: Final = ("multipart/form-data", "application/x-www-form-urlencoded")
SHEET_MEDIA: Final = {
    "text/csv": ".csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
}


def media_of(request: Request) -> str:
    """The request's media type, lower case, without parameters."""
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


Handler = Callable[[bytes], Awaitable[Response]]


async def with_body(
    request: Request, row: Page, limits: Limits, admission: Admission, handle: Handler
) -> Response:
    """``handle(body)`` under the same edge rules as the calculation routes: the body's bytes
    are reserved from the worker's budget before it is read, an early answer (413, 503) is
    sent once the unread body was drained, and the reservation is released at the end."""
    length = announced_length(request.headers)
    if length is not None and length > row.body_limit:
        return await early(request, page_error("payload_too_large"), limits)
    size = row.body_limit + 1 if length is None else length
    if await admission.reserve(size) is None:
        outcome(request.scope, "overloaded")
        return await early(request, overloaded(limits), limits)
    try:
        try:
            raw = await read_body(request.receive, row.body_limit, limits.read_timeout)
        except BodyTimeout:
            outcome(request.scope, "request_timeout")
            return error_response("request_timeout", CLOSE)
        except ClientDisconnect:
            outcome(request.scope, "client_disconnected")
            return error_response("client_disconnected", CLOSE)
        if len(raw) > row.body_limit:
            return await early(request, page_error("payload_too_large"), limits)
        return await handle(raw)
    finally:
        admission.release(size)


async def read_form(request: Request, raw: bytes) -> dict[str, Any]:
    """The form's fields from the body already read (uploads as bytes, with their suffix)."""
    sent = False

    async def replay() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": raw, "more_body": False}

    fields: dict[str, Any] = {}
    # A field may hold a whole event request (4 MiB; the download button posts it back,
    # issue 35): Starlette's default part limit of 1 MiB would refuse it as "not a form".
    part = MAX_EVENT_BYTES + 1
    async with Request(request.scope, replay).form(
        max_files=1, max_fields=64, max_part_size=part
    ) as form:
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                data = await value.read()
                if data:
                    fields[UPLOAD] = (data, Path(value.filename or "").suffix.lower())
            elif key != "sheet_file":  # an empty file input arrives as text
                fields[key] = value
    return fields
