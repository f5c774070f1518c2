"""The analyst's page on the HTTP service (issue 21; ``docs/http.md``): no JavaScript needed.

- ``GET /``: a form to upload a CSV or XLSX quote sheet (read by the intake,
  :func:`quotecalc.intake.read`: its rules, limits and messages) with the root fields, or to
  paste a request; ``?lang=zh`` for Chinese.
- ``POST /quotecalc/report`` (the form's action, ``multipart/form-data``): the HTML report
  of that request (:func:`quotecalc.output.pictures.html_page`, the answer first, with the
  best purchase plan of :func:`quotecalc.planning.document.plan` for the same bytes), with
  the calculation's status (200, 422, 500); a pasted plan request (price breaks, capacities,
  ``maxSuppliers``) is answered with its readable plan instead
  (:func:`quotecalc.output.plan_html.render_plan_html`, the bytes of ``--plan --format
  html``), with the plan's status; a sheet the intake cannot read answers a page listing
  each error's cell and message (422).
- ``POST /quotecalc/intake``: the same form, or the sheet itself as the body
  (``text/csv`` or the XLSX media type, the options as query parameters), answering the
  intake's request document as JSON (200, its notes in the ``Quotecalc-Intake-Notes``
  header) or its error document (422). Every option of the intake's command line has its
  HTTP form (:mod:`quotecalc.intake.options`), and every hint names the HTTP form.

The edge is the calculation routes' own (:mod:`.edge`): the announced length and the body
read against the row's limit (413), the read timeout (408), the in-flight bound (503),
``X-Request-Id``, ``Cache-Control: no-store``; nothing of the input is echoed in an error.
A page also carries a Content-Security-Policy that allows no script and no fetch.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Final

from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from ..analysis.document import analyze
from ..engine.kinds import EVENT, KINDS, PLAN, detect_kind
from ..planning.document import plan
from .admission import Admission
from .edge import (
    CLOSE,
    NO_STORE,
    BodyTimeout,
    announced_length,
    early,
    error_response,
    json_response,
    outcome,
    read_body,
)
from .errors import TransportError
from .limits import Limits
from .operations import PAGES, STATUS_BY_EXIT_CODE, Page
from .page_html import error_page, form_page

Endpoint = Callable[[Request], Awaitable[Response]]
LANGS: Final = ("en", "zh")
PAGE_HEADERS: Final = {
    **NO_STORE,
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self';"
        " base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
}
FORM_MEDIA: Final = ("multipart/form-data", "application/x-www-form-urlencoded")
SHEET_MEDIA: Final = {
    "text/csv": ".csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
}
ROOT_FIELDS: Final = (
    "quantity",
    "currency",
    "specification",
    "max_lead_days",
    "minimum_quality_score",
    "sensitivity_delta",
)
SUFFIXES: Final = (".csv", ".txt", ".xlsx", ".xlsm")
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


UPLOAD: Final = "\x00upload"  # the uploaded sheet's key: no form field can be named so
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


def _page_error(code: str) -> Response:
    error = PAGE_ERRORS[code]
    return json_response(error.status, error.body(), {**NO_STORE, **CLOSE})


def _lang(values: Mapping[str, Any]) -> str:
    lang = str(values.get("lang") or "en")
    return lang if lang in LANGS else "en"


def _media(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def _html(status: int, text: str) -> Response:
    return Response(text.encode("utf-8"), status, PAGE_HEADERS, "text/html; charset=utf-8")


def root_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """The intake's root options from the form's fields (blank means not given): the plain
    ones by name, the weights from ``weight_cost`` / ``weight_delivery`` /
    ``weight_quality``, the quality scale from ``scale_definition`` / ``scale_minimum`` /
    ``scale_maximum``, ``sheet_name`` for a workbook's sheet and ``encoding`` for a CSV's
    (the form offers GB18030 for a Chinese Excel's GBK CSV). A blank weight beside filled
    ones is 0."""
    text = {key: str(value).strip() for key, value in values.items() if isinstance(value, str)}
    options: dict[str, Any] = {key: text[key] for key in ROOT_FIELDS if text.get(key)}
    weights = {
        name: text[f"weight_{name}"]
        for name in ("cost", "delivery", "quality")
        if text.get(f"weight_{name}")
    }
    if weights:
        # A blank weight beside filled ones is 0 (docs/decisions.md 29.3): the form has a
        # field per dimension, and leaving one empty means "do not weigh it".
        options["weights"] = {
            name: weights.get(name, "0") for name in ("cost", "delivery", "quality")
        }
    scale = {part: text.get(f"scale_{part}", "") for part in ("definition", "minimum", "maximum")}
    if any(scale.values()):
        options["quality_scale"] = scale
    if text.get("sheet_name"):
        options["sheet"] = text["sheet_name"]
    from ..intake.options import http_options

    # The intake's own options by their HTTP names (issue 28): encoding, include_hidden, ...
    keywords, _ = http_options(values)
    options.update({key: value for key, value in keywords.items() if key not in options})
    options["lang"] = _lang(values)  # the intake's messages in the page's language
    return options


def read_sheet(data: bytes, suffix: str, options: Mapping[str, Any]) -> tuple[Any, bytes | None]:
    """The intake on one uploaded sheet: ``(request, None)`` or ``(None, error document)``."""
    request, errors, _ = read_sheet_notes(data, suffix, options)
    return request, errors


def read_sheet_notes(
    data: bytes, suffix: str, options: Mapping[str, Any]
) -> tuple[Any, bytes | None, str]:
    """The intake on one uploaded sheet: ``(request, None, notes header)`` or ``(None, error
    document, "")``, its hints spelled for HTTP. The bytes go to a private temporary file
    (the intake reads paths) that is removed."""
    from ..intake import intake
    from ..intake.errors import IntakeError, error_document, notes_header

    lang = options["lang"]
    if suffix not in SUFFIXES:
        return None, error_document([IntakeError("unsupported_file_type", "")], lang, "http"), ""
    # Each reading option is for one kind of file: the form sends them all.
    drop = "sheet" if suffix in (".csv", ".txt") else "encoding"
    options = {key: value for key, value in options.items() if key != drop}
    with tempfile.TemporaryDirectory(prefix="quotecalc-") as folder:
        path = Path(folder) / f"sheet{suffix}"
        path.write_bytes(data)
        result = intake(path, door="http", **options)
    if result.request is None:
        return None, result.error_document(), ""
    return result.request, None, notes_header(result.notes, lang) if result.notes else ""


def _request_bytes(request: Mapping[str, Any]) -> bytes:
    return (json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


Handler = Callable[[bytes], Awaitable[Response]]


def _overloaded(limits: Limits) -> Response:
    return error_response("overloaded", {"Retry-After": str(limits.retry_after)})


async def _with_body(
    request: Request, row: Page, limits: Limits, admission: Admission, handle: Handler
) -> Response:
    """``handle(body)`` under the same edge rules as the calculation routes: the body's bytes
    are reserved from the worker's budget before it is read, an early answer (413, 503) is
    sent once the unread body was drained, and the reservation is released at the end."""
    length = announced_length(request.headers)
    if length is not None and length > row.body_limit:
        return await early(request, _page_error("payload_too_large"), limits)
    size = row.body_limit + 1 if length is None else length
    if await admission.reserve(size) is None:
        outcome(request.scope, "overloaded")
        return await early(request, _overloaded(limits), limits)
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
            return await early(request, _page_error("payload_too_large"), limits)
        return await handle(raw)
    finally:
        admission.release(size)


async def _form(request: Request, raw: bytes) -> dict[str, Any]:
    """The form's fields from the body already read (uploads as bytes, with their suffix)."""
    sent = False

    async def replay() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": raw, "more_body": False}

    fields: dict[str, Any] = {}
    async with Request(request.scope, replay).form(max_files=1, max_fields=32) as form:
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                data = await value.read()
                if data:
                    fields[UPLOAD] = (data, Path(value.filename or "").suffix.lower())
            elif key != "sheet_file":  # an empty file input arrives as text
                fields[key] = value
    return fields


def form_endpoint(row: Page) -> Endpoint:
    """``GET /``: the form, in the ``lang`` of the query."""

    async def form(request: Request) -> Response:
        return _html(200, form_page(_lang(request.query_params), row.body_limit))

    return form


PAGE_KINDS: Final = tuple(kind for kind in KINDS if kind.doors.page_label is not None)
"""The kinds the page answers a body of (the comparison with its report, the plan, the
event's award), told apart by :func:`quotecalc.engine.kinds.detect_kind`."""


def _event_page(raw: bytes, lang: str) -> tuple[int, str]:
    """A sourcing event (issue 26): its award for people, as ``--event --format html``."""
    from ..output.event_report import event_currency, render_event_html
    from ..planning.event_document import award

    awarded = award(raw)
    page = render_event_html(awarded.output, awarded.exit_code, event_currency(raw), lang, raw)
    return STATUS_BY_EXIT_CODE[awarded.exit_code], page


def report_endpoint(row: Page, limits: Limits, admission: Admission) -> Endpoint:
    """``POST /quotecalc/report``: the form in, the HTML report (or the intake's errors) out."""

    def work(fields: Mapping[str, Any]) -> tuple[int, str]:
        from ..output.answer import purchase_of
        from ..output.pictures import html_page

        lang = _lang(fields)
        pasted = str(fields.get("request") or "").strip()
        if pasted:
            raw = pasted.encode("utf-8")
            kind = detect_kind(raw, among=PAGE_KINDS)
            if kind is EVENT:
                return _event_page(raw, lang)
            if kind is PLAN:
                # A plan request (issue 25): its readable plan, as --plan --format html.
                from ..output.plan_html import render_plan_html

                planned_only = plan(raw)
                page = render_plan_html(planned_only.output, lang, raw)
                return STATUS_BY_EXIT_CODE[planned_only.exit_code], page
        elif UPLOAD in fields:
            data, suffix = fields[UPLOAD]
            built, errors = read_sheet(data, suffix, root_options(fields))
            if errors is not None:
                return 422, error_page(lang, json.loads(errors)["errors"])
            raw = _request_bytes(built)
            # An event workbook read with event=true (issue 26).
            if detect_kind(raw, among=PAGE_KINDS) is EVENT:
                return _event_page(raw, lang)
        else:
            return 422, error_page(lang, [])
        done = analyze(raw)
        assert done.result is not None  # the analysis row always renders the plain result
        planned = None
        if done.result["status"] in ("completed", "partial"):
            # The best purchase plan beside the answer (issue 20): the planner's own document.
            planned = plan(raw).output
        page = html_page(done.result, done.output, lang, purchase_of(raw), planned, raw=raw)
        return STATUS_BY_EXIT_CODE[done.exit_code], page

    async def report(request: Request) -> Response:
        if _media(request) not in FORM_MEDIA:
            return await early(request, _page_error("unsupported_form_type"), limits)

        async def answer(raw: bytes) -> Response:
            try:
                fields = await _form(request, raw)
            except (MultiPartException, HTTPException):  # no boundary: not a form
                return _page_error("unsupported_form_type")
            ran = await admission.run(lambda _: work(fields), raw)
            if ran is None:
                outcome(request.scope, "overloaded")
                return _overloaded(limits)
            return _html(*ran[0])

        return await _with_body(request, row, limits, admission, answer)

    return report


def intake_endpoint(row: Page, limits: Limits, admission: Admission) -> Endpoint:
    """``POST /quotecalc/intake``: a sheet in (the form, or the file as the body), the
    intake's request document (200) or error document (422) out, as JSON."""

    def work(fields: Mapping[str, Any], strict: bool) -> tuple[int, bytes, str]:
        from ..intake.errors import IntakeError, error_document
        from ..intake.options import http_options

        lang = _lang(fields)
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
        return 200, _request_bytes(built), notes

    async def intake(request: Request) -> Response:
        media = _media(request)
        if media not in FORM_MEDIA and media not in SHEET_MEDIA:
            return await early(request, _page_error("unsupported_form_type"), limits)

        async def answer(raw: bytes) -> Response:
            if media in SHEET_MEDIA:
                fields: dict[str, Any] = dict(request.query_params)
                if raw:
                    fields[UPLOAD] = (raw, SHEET_MEDIA[media])
            else:
                try:
                    fields = await _form(request, raw)
                except (MultiPartException, HTTPException):  # no boundary: not a form
                    return _page_error("unsupported_form_type")
            strict = media in SHEET_MEDIA
            ran = await admission.run(lambda _: work(fields, strict), raw)
            if ran is None:
                outcome(request.scope, "overloaded")
                return _overloaded(limits)
            status, body, notes = ran[0]
            headers = {**NO_STORE, NOTES_HEADER: notes} if notes else NO_STORE
            return Response(body, status, headers, "application/json")

        return await _with_body(request, row, limits, admission, answer)

    return intake


def page_routes(limits: Limits, admission: Admission) -> list[Route]:
    """One route per row of :data:`.operations.PAGES` (the calculation routes' admission
    shared: one body budget and one set of calculation slots per worker)."""
    made: list[Route] = []
    for row in PAGES:
        if row.kind == "form":
            endpoint = form_endpoint(row)
        elif row.kind == "report":
            endpoint = report_endpoint(row, limits, admission)
        else:
            endpoint = intake_endpoint(row, limits, admission)
        made.append(Route(row.path, endpoint, methods=[row.method]))
    return made
