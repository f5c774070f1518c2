"""The page's endpoints (issues 21, 34, 35, 39): ``GET /`` (the form), ``POST /quotecalc/report``
(the report or the errors; the download button's workbook), ``POST /quotecalc/form`` (the
filled form), the template workbooks, and ``POST /quotecalc/intake`` (:mod:`.intake_route`),
one route per row of :data:`quotecalc.http.operations.PAGES`.

Every POST is an entry of the one edge path (:mod:`quotecalc.http.serve`): its body read once
under the same limits, the form read, then its work admitted by the cost class the form tells
(:func:`.dispatch.cost_class`; a download's, its kind's) into the calculation routes' own
pools, with the same deadline, ``Retry-After``, disconnect watch and metrics.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...kinds import Entry as KindEntry
from ...kinds import detect_kind
from ..edge import NO_STORE, error_response, outcome
from ..operations import PAGES, STATUS_BY_EXIT_CODE, Calculated, Page
from ..serve import Entry, Pools, Work, endpoint
from .dispatch import cost_class, report
from .errors_html import error_page
from .fields import asks_for_workbook, form_frame, kept_values
from .form_html import form_page
from .intake_route import intake_entry
from .kinds import PAGE_KINDS
from .requests import FORM_MEDIA, form_of, refused_media, too_large
from .responses import html_response
from .templates import TEMPLATE_KINDS
from .words import LANGS, lang_of
from .workbook import XLSX_MEDIA, workbook_headers

Endpoint = Callable[[Request], Awaitable[Response]]


def form_endpoint(row: Page) -> Endpoint:
    """``GET /``: the form, in the ``lang`` of the query."""

    async def form(request: Request) -> Response:
        return html_response(200, form_page(lang_of(request.query_params), row.body_limit))

    return form


def page_response(done: Calculated) -> Response:
    """A report page from its worker's answer (:class:`.dispatch.PageAnswer`)."""
    return html_response(STATUS_BY_EXIT_CODE[done.exit_code], done.to_json().decode("utf-8"))


def download(fields: Mapping[str, Any]) -> Work | Response:
    """The download button's post (issue 35): the workbook of the posted request, the CLI's
    ``--format xlsx`` bytes, in the pool of its kind's cost class (a plan's or an event's is
    the same search as its page: heavy, issue 34); no request, the page saying so (422)."""
    sent = str(fields.get("request") or "").strip().encode("utf-8")
    lang = lang_of(fields)
    if not sent:
        return html_response(422, error_page(lang, []))
    kind = detect_kind(sent, among=PAGE_KINDS)
    headers = workbook_headers(kind.name, lang)

    def respond(done: Calculated) -> Response:
        return Response(done.to_json(), STATUS_BY_EXIT_CODE[done.exit_code], headers, XLSX_MEDIA)

    return Work(kind.cost, KindEntry(kind.name, "xlsx", lang), sent, respond)


def report_entry(row: Page) -> Entry:
    """``POST /quotecalc/report``: the form in, the HTML report (or every error of the
    submission) out, worked out by :func:`.dispatch.report` in the pool of the submission's
    cost class (issue 39): a pasted event or plan, an event workbook, a comparison (its best
    plan beside it) are heavy; a conversion is light."""

    async def work(request: Request, raw: bytes) -> Work | Response:
        fields = await form_of(request, raw)
        if isinstance(fields, Response):
            return fields
        if asks_for_workbook(fields):  # the report's download button (issue 35)
            return download(fields)
        return Work(cost_class(fields), report, form_frame(fields, row.body_limit), page_response)

    return Entry(row.body_limit, refused_media(FORM_MEDIA), too_large, work)


def refill_entry(row: Page) -> Entry:
    """``POST /quotecalc/form``: the form filled with the posted values (issue 35): what a
    report page's "change the inputs" sends back. Nothing is calculated."""

    async def work(request: Request, raw: bytes) -> Response:
        fields = await form_of(request, raw)
        if isinstance(fields, Response):
            return fields
        return html_response(200, form_page(lang_of(fields), row.body_limit, kept_values(fields)))

    return Entry(row.body_limit, refused_media(FORM_MEDIA), too_large, work)


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


def page_routes(pools: Pools) -> list[Route]:
    """One route per row of :data:`.operations.PAGES`, its POST entries served over the
    calculation routes' pools (one body budget, one set of slots of each class per worker)."""
    made: list[Route] = []
    for row in PAGES:
        if row.kind == "form":
            served = form_endpoint(row)
        elif row.kind == "refill":
            served = endpoint(refill_entry(row), pools)
        elif row.kind == "report":
            served = endpoint(report_entry(row), pools)
        elif row.kind == "template":
            served = template_endpoint(row)
        else:
            served = endpoint(intake_entry(row), pools)
        made.append(Route(row.path, served, methods=[row.method]))
    return made
