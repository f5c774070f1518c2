"""``POST /quotecalc/intake`` (issue 28): a sheet in (the form, or the file as the body), the
intake's request document (200) or error document (422) out, as JSON, as
``python -m quotecalc.intake`` prints them."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final

from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import Response

from ..admission import Admission
from ..edge import NO_STORE, early, outcome
from ..limits import Limits
from ..operations import Page
from .fields import UPLOAD, root_options
from .requests import FORM_MEDIA, SHEET_MEDIA, media_of, read_form, with_body
from .responses import overloaded, page_error
from .sheet import read_sheet_notes, request_bytes
from .words import lang_of

Endpoint = Callable[[Request], Awaitable[Response]]
NOTES_HEADER: Final = "Quotecalc-Intake-Notes"
# The form's own names, also accepted in the query of a sheet sent as the body.
QUERY_FIELDS: Final = frozenset(
    {"sheet_name", *(f"weight_{n}" for n in ("cost", "delivery", "quality"))}
    | {f"scale_{part}" for part in ("definition", "minimum", "maximum")}
)
_PLAIN_NAME: Final = re.compile(r"[a-z_]{1,40}")


def _option_name(name: str) -> str:
    """An unknown parameter's name when it is a plain name (``--`` form for the table),
    else nothing: no other text of the request is echoed."""
    return "--" + name.replace("_", "-") if _PLAIN_NAME.fullmatch(name) else ""


def intake_endpoint(row: Page, limits: Limits, admission: Admission) -> Endpoint:
    """``POST /quotecalc/intake``: a sheet in (the form, or the file as the body), the
    intake's request document (200) or error document (422) out, as JSON."""

    def work(fields: Mapping[str, Any], strict: bool) -> tuple[int, bytes, str]:
        from ...intake.errors import IntakeError, error_document
        from ...intake.options import http_options

        lang = lang_of(fields)
        _, refused = http_options(fields, strict=strict)
        refused = [name for name in refused if name not in QUERY_FIELDS and name != UPLOAD]
        if refused:  # a switch that is not on/off, or (query) a name that is no option
            wrong = [IntakeError("invalid_option", "", _option_name(name)) for name in refused]
            return 422, error_document(wrong, lang, "http"), ""
        if UPLOAD not in fields:
            return 422, error_document([IntakeError("no_quotes", "")], lang, "http"), ""
        data, suffix = fields[UPLOAD]
        built, errors, notes = read_sheet_notes(data, suffix, root_options(fields))
        if errors is not None:
            return 422, errors, ""
        return 200, request_bytes(built), notes

    async def intake(request: Request) -> Response:
        media = media_of(request)
        if media not in FORM_MEDIA and media not in SHEET_MEDIA:
            return await early(request, page_error("unsupported_form_type"), limits)

        async def answer(raw: bytes) -> Response:
            if media in SHEET_MEDIA:
                fields: dict[str, Any] = dict(request.query_params)
                if raw:
                    fields[UPLOAD] = (raw, SHEET_MEDIA[media])
            else:
                try:
                    fields = await read_form(request, raw)
                except (MultiPartException, HTTPException):  # no boundary: not a form
                    return page_error("unsupported_form_type")
            strict = media in SHEET_MEDIA
            ran = await admission.run(lambda _: work(fields, strict), raw)
            if ran is None:
                outcome(request.scope, "overloaded")
                return overloaded(limits)
            status, body, notes = ran[0]
            headers = {**NO_STORE, NOTES_HEADER: notes} if notes else NO_STORE
            return Response(body, status, headers, "application/json")

        return await with_body(request, row, limits, admission, answer)

    return intake
