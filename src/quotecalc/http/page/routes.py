"""The page's endpoints (issues 21, 34, 35): ``GET /`` (the form), ``POST /quotecalc/report``
(the report or the errors), ``POST /quotecalc/form`` (the filled form), the template
workbooks, and ``POST /quotecalc/intake`` (:mod:`.intake_route`), one route per row of
:data:`quotecalc.http.operations.PAGES`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import anyio
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...engine.kinds import EVENT, detect_kind
from ..admission import Admission, HeavyAdmission
from ..edge import NO_STORE, early, error_response, outcome
from ..limits import Limits
from ..operations import PAGES, STATUS_BY_EXIT_CODE, Page
from .dispatch import report_page
from .errors_html import error_page
from .fields import HAD_FILE, UPLOAD, asks_for_workbook, kept_values, pasted
from .form_html import form_page
from .intake_route import intake_endpoint
from .kinds import PAGE_KINDS
from .nav import with_nav
from .report import EVENT_PAGES
from .requests import FORM_MEDIA, media_of, read_form, with_body
from .responses import html_response, overloaded, page_error
from .templates import TEMPLATE_KINDS
from .words import LANGS, lang_of
from .workbook import XLSX_MEDIA, workbook_headers, workbook_of

Endpoint = Callable[[Request], Awaitable[Response]]


def form_endpoint(row: Page) -> Endpoint:
    """``GET /``: the form, in the ``lang`` of the query."""

    async def form(request: Request) -> Response:
        return html_response(200, form_page(lang_of(request.query_params), row.body_limit))

    return form


async def in_heavy_pool(  # noqa: PLR0917 - one helper of this module's two heavy paths
    request: Request,
    heavy: HeavyAdmission,
    limits: Limits,
    entry: Callable[[bytes], Any],
    raw: bytes,
    deadline: float,
) -> tuple[int, bytes] | Response:
    """``entry(raw)`` run in the heavy pool (issue 34): its exit code and bytes, or the 503
    that ends the request (no place free: ``overloaded``; past ``deadline``:
    ``deadline_exceeded``), with ``Retry-After``."""
    retry = {"Retry-After": str(limits.heavy_retry_after)}
    if not heavy.take_place():
        outcome(request.scope, "overloaded")
        return error_response("overloaded", retry)
    try:
        ran = await heavy.run(entry, raw, deadline)
    finally:
        heavy.leave()
    if ran is None:
        outcome(request.scope, "deadline_exceeded")
        return error_response("deadline_exceeded", retry)
    return ran


async def workbook_answer(
    request: Request,
    fields: Mapping[str, Any],
    raw: bytes,
    admission: Admission,
    limits: Limits,
    *,
    heavy: HeavyAdmission | None,
) -> Response:
    """The workbook of the posted request (issue 35; :mod:`.workbook`): a heavy kind's (a plan,
    an event: the same search as its page) in the heavy pool, under its place, slot and
    deadline (issue 34), any other in the light pool."""
    sent = str(fields.get("request") or "").strip().encode("utf-8")
    lang = lang_of(fields)
    if not sent:
        return html_response(422, error_page(lang, []))
    kind = detect_kind(sent, among=PAGE_KINDS)
    if heavy is not None and kind.cost == "heavy":
        from ...export.entries import ENTRIES

        deadline = anyio.current_time() + limits.heavy_deadline
        done = await in_heavy_pool(
            request, heavy, limits, ENTRIES[(kind.name, lang)], sent, deadline
        )
        if isinstance(done, Response):
            return done
        code, body = done
        headers = workbook_headers(kind.name, lang)
        return Response(body, STATUS_BY_EXIT_CODE[code], headers, XLSX_MEDIA)
    ran = await admission.run(lambda _: workbook_of(sent, lang), raw)
    if ran is None:
        outcome(request.scope, "overloaded")
        return overloaded(limits)
    status, body, headers = ran[0]
    return Response(body, status, headers, XLSX_MEDIA)


def report_endpoint(
    row: Page, limits: Limits, admission: Admission, heavy: HeavyAdmission | None = None
) -> Endpoint:
    """``POST /quotecalc/report``: the form in, the HTML report (or the intake's errors) out.
    A pasted sourcing event is heavy work (issue 34): with ``heavy`` it is awarded in the heavy
    pool, under its place, slot and deadline, as ``POST /quotecalc/event`` is."""

    async def report(request: Request) -> Response:
        deadline = anyio.current_time() + limits.heavy_deadline
        if media_of(request) not in FORM_MEDIA:
            return await early(request, page_error("unsupported_form_type"), limits)

        async def answer(raw: bytes) -> Response:
            try:
                fields = await read_form(request, raw)
            except (MultiPartException, HTTPException):  # no boundary: not a form
                return page_error("unsupported_form_type")
            if asks_for_workbook(fields):  # the report's download button (issue 35)
                return await workbook_answer(request, fields, raw, admission, limits, heavy=heavy)
            sent = pasted(fields)
            if heavy is not None and sent is not None and detect_kind(sent) is EVENT:
                return await heavy_event(fields, sent)
            ran = await admission.run(lambda _: report_page(fields, row.body_limit), raw)
            if ran is None:
                outcome(request.scope, "overloaded")
                return overloaded(limits)
            return html_response(*ran[0])

        async def heavy_event(fields: Mapping[str, Any], sent: bytes) -> Response:
            assert heavy is not None
            lang = lang_of(fields)
            values = kept_values(fields)
            if UPLOAD in fields:
                values[HAD_FILE] = "1"
            ran = await in_heavy_pool(request, heavy, limits, EVENT_PAGES[lang], sent, deadline)
            if isinstance(ran, Response):
                return ran
            code, page = ran
            return html_response(
                STATUS_BY_EXIT_CODE[code], with_nav(page.decode("utf-8"), lang, values)
            )

        return await with_body(request, row, limits, admission, answer)

    return report


def refill_endpoint(row: Page, limits: Limits, admission: Admission) -> Endpoint:
    """``POST /quotecalc/form``: the form filled with the posted values (issue 35): what a
    report page's "change the inputs" sends back. Nothing is calculated."""

    async def refill(request: Request) -> Response:
        if media_of(request) not in FORM_MEDIA:
            return await early(request, page_error("unsupported_form_type"), limits)

        async def answer(raw: bytes) -> Response:
            try:
                fields = await read_form(request, raw)
            except (MultiPartException, HTTPException):
                return page_error("unsupported_form_type")
            lang = lang_of(fields)
            return html_response(200, form_page(lang, row.body_limit, kept_values(fields)))

        return await with_body(request, row, limits, admission, answer)

    return refill


def template_endpoint(row: Page) -> Endpoint:
    """``GET /quotecalc/page/template``: a blank template workbook (the intake's own, as
    ``--template en|zh [--event]`` writes it); an unknown kind or language is 404."""

    async def template(request: Request) -> Response:
        kind = request.query_params.get("kind", "comparison")
        lang = request.query_params.get("lang", "en")
        if kind not in TEMPLATE_KINDS or lang not in LANGS:
            outcome(request.scope, "not_found")
            return error_response("not_found")
        from ...intake.template import event_template, xlsx_template

        body = event_template(lang) if kind == "event" else xlsx_template(lang)
        name = f"quotecalc-{'event' if kind == 'event' else 'quotes'}-template-{lang}.xlsx"
        headers = {
            **NO_STORE,
            "Content-Disposition": f'attachment; filename="{name}"',
            "X-Content-Type-Options": "nosniff",
        }
        return Response(body, 200, headers, XLSX_MEDIA)

    return template


def page_routes(
    limits: Limits, admission: Admission, heavy: HeavyAdmission | None = None
) -> list[Route]:
    """One route per row of :data:`.operations.PAGES` (the calculation routes' admission
    shared: one body budget and one set of calculation slots per worker)."""
    made: list[Route] = []
    for row in PAGES:
        if row.kind == "form":
            endpoint = form_endpoint(row)
        elif row.kind == "refill":
            endpoint = refill_endpoint(row, limits, admission)
        elif row.kind == "report":
            endpoint = report_endpoint(row, limits, admission, heavy)
        elif row.kind == "template":
            endpoint = template_endpoint(row)
        else:
            endpoint = intake_endpoint(row, limits, admission)
        made.append(Route(row.path, endpoint, methods=[row.method]))
    return made
