"""A page request as the edge path reads it (issues 21, 39): the media types a page entry
accepts (:func:`refused_media`, 415 ``unsupported_form_type`` otherwise), its answer to a body
over its limit (:func:`too_large`, 413 ``payload_too_large``), and the form's fields from the
body the path has read (:func:`form_of`)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, Final

from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import Response

from ...core.limits import MAX_EVENT_BYTES
from ..edge import outcome
from .fields import UPLOAD
from .responses import page_error

FORM_MEDIA: Final = ("multipart/form-data", "application/x-www-form-urlencoded")
SHEET_MEDIA: Final = {
    "text/csv": ".csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
}


def media_of(request: Request) -> str:
    """The request's media type, lower case, without parameters."""
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def refused(request: Request, code: str) -> Response:
    """One of the page's own transport errors, marked as the request's outcome."""
    outcome(request.scope, code)
    return page_error(code)


def refused_media(accepted: Collection[str]) -> Callable[[Request], Response | None]:
    """A page entry's head check: 415 ``unsupported_form_type`` unless its media type is one
    of ``accepted``."""

    def check(request: Request) -> Response | None:
        return None if media_of(request) in accepted else refused(request, "unsupported_form_type")

    return check


def too_large(request: Request) -> Response:
    """A page entry's answer to a body over its limit: 413 ``payload_too_large``."""
    return refused(request, "payload_too_large")


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


async def form_of(request: Request, raw: bytes) -> dict[str, Any] | Response:
    """The form's fields, or 415 ``unsupported_form_type`` for a body that is no form (a
    multipart body without its boundary, a malformed one)."""
    try:
        return await read_form(request, raw)
    except (MultiPartException, HTTPException):
        return refused(request, "unsupported_form_type")
