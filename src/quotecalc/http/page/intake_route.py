"""``POST /quotecalc/intake`` (issue 28): a sheet in (the form, or the file as the body), the
intake's request document (200) or error document (422) out, as JSON, as
``python -m quotecalc.intake`` prints them; an entry of the one edge path
(:mod:`quotecalc.http.serve`), its reading light work."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

import attrs
from starlette.requests import Request
from starlette.responses import Response

from ..edge import NO_STORE
from ..operations import LIGHT, STATUS_BY_EXIT_CODE, Calculated, Page
from ..serve import Entry, Work
from .dispatch import EXIT_CODE_BY_STATUS
from .fields import UPLOAD, root_options
from .requests import FORM_MEDIA, SHEET_MEDIA, form_of, media_of, refused_media, too_large
from .sheet import read_sheet_notes, request_bytes
from .words import lang_of

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


@attrs.frozen
class IntakeAnswer:
    """The intake's answer: the exit code of its status, its JSON document, and its notes
    for the ``Quotecalc-Intake-Notes`` header (empty: none)."""

    exit_code: int
    body: bytes
    notes: str

    def to_json(self) -> bytes:
        return self.body


def intake_answer(fields: Mapping[str, Any], strict: bool) -> IntakeAnswer:
    """The intake on the sheet of ``fields`` with their options (``strict``: every parameter
    must be an option, as for a sheet sent as the body)."""
    from ...intake.errors import IntakeError, error_document
    from ...intake.options import http_options

    lang = lang_of(fields)
    refused_code = EXIT_CODE_BY_STATUS[422]
    _, refused = http_options(fields, strict=strict)
    refused = [name for name in refused if name not in QUERY_FIELDS and name != UPLOAD]
    if refused:  # a switch that is not on/off, or (query) a name that is no option
        wrong = [IntakeError("invalid_option", "", _option_name(name)) for name in refused]
        return IntakeAnswer(refused_code, error_document(wrong, lang, "http"), "")
    if UPLOAD not in fields:
        nothing = [IntakeError("no_quotes", "")]
        return IntakeAnswer(refused_code, error_document(nothing, lang, "http"), "")
    data, suffix = fields[UPLOAD]
    built, errors, notes = read_sheet_notes(data, suffix, root_options(fields))
    if errors is not None:
        return IntakeAnswer(refused_code, errors, "")
    return IntakeAnswer(EXIT_CODE_BY_STATUS[200], request_bytes(built), notes)


def intake_response(done: Calculated) -> Response:
    """The intake's answer as JSON, its notes (if any) in their header."""
    notes = done.notes if isinstance(done, IntakeAnswer) else ""
    headers = {**NO_STORE, NOTES_HEADER: notes} if notes else NO_STORE
    return Response(
        done.to_json(), STATUS_BY_EXIT_CODE[done.exit_code], headers, "application/json"
    )


def intake_entry(row: Page) -> Entry:
    """``POST /quotecalc/intake``: the form, or the sheet itself as the body with the options
    in the query; the intake's answer is light work."""

    async def work(request: Request, raw: bytes) -> Work | Response:
        media = media_of(request)
        if media in SHEET_MEDIA:
            fields: dict[str, Any] = dict(request.query_params)
            if raw:
                fields[UPLOAD] = (raw, SHEET_MEDIA[media])
        else:
            form = await form_of(request, raw)
            if isinstance(form, Response):
                return form
            fields = form
        strict = media in SHEET_MEDIA
        return Work(LIGHT, lambda _: intake_answer(fields, strict), raw, intake_response)

    return Entry(row.body_limit, refused_media((*FORM_MEDIA, *SHEET_MEDIA)), too_large, work)
