"""The Starlette app: a route table of small endpoints built from :mod:`.operations`.

Every POST entry -- each calculation row here, the page's in :mod:`.page.routes` -- is served
by the one edge path of :mod:`.serve` (``docs/http.md``): its head checks (415, 400), the
announced length (413), its body held (a heavy route's place, else the body budget: 503),
read once with its timeout (408) and limit (413), then admitted by its cost class -- a light
calculation in a slot of a worker thread, a heavy one (issue 34: its row's ``cost_class``) in
a heavy slot of a killable worker subprocess, answered within ``heavy_deadline`` seconds of
its arrival or 503 ``deadline_exceeded`` -- its client watched. An answer decided before the
body was read is sent after the body was drained (:func:`.edge.drain`). Unknown routes, a
trailing slash included, and other methods are 404 and 405 from the transport error table
(no redirects); the outermost :class:`.edge.Edge` adds ``X-Request-Id`` and ``no-store`` to
every response and writes the access log and the metrics; CORS only when origins are
configured, its preflight answered as JSON too.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Final

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp

from .admission import Admission, HeavyAdmission
from .edge import CLOSE, Edge, error_response, json_response, outcome
from .limits import SETTINGS_ENV, Settings, accepts_media_type
from .metrics import CONTENT_TYPE, Metrics
from .openapi import openapi_bytes
from .operations import (
    CALCULATIONS,
    HEALTH,
    METRICS,
    OPENAPI,
    READY,
    Answer,
    Calculation,
    health_document,
    heavy_readiness,
    readiness_document,
)
from .page.routes import page_routes
from .page.words import LANGS
from .serve import Entry, Pools, Work, endpoint
from .workbooks import wants_workbook

Endpoint = Callable[[Request], Awaitable[Response]]
ERROR_BY_STATUS: Final = {404: "not_found", 405: "method_not_allowed"}
PREFLIGHT_BODY: Final = b'{"schemaVersion":1,"status":"ok"}\n'


def _json(document: dict[str, object]) -> bytes:
    return (json.dumps(document, separators=(",", ":")) + "\n").encode("ascii")


def refused_head(calculation: Calculation) -> Callable[[Request], Response | None]:
    """A calculation's head checks (:attr:`.serve.Entry.refused`): not one JSON content type
    (415), or a ``lang`` that is neither en nor zh on a route with a workbook (400, issue
    35)."""

    def refused(request: Request) -> Response | None:
        types = request.headers.getlist("content-type")
        if len(types) != 1 or not accepts_media_type(types[0]):
            outcome(request.scope, "unsupported_media_type")
            return error_response("unsupported_media_type")
        if calculation.workbook is not None and request.query_params.get("lang", "en") not in LANGS:
            outcome(request.scope, "unsupported_language")
            return error_response("unsupported_language")
        return None

    return refused


def answer_response(answer: Answer) -> Response:
    """A calculation's answer: its exact bytes, its status, its media type and headers."""
    if answer.media_type != "application/json":
        return Response(answer.body, answer.status, dict(answer.headers), answer.media_type)
    return json_response(answer.status, answer.body)


def calculation_entry(calculation: Calculation) -> Entry:
    """A calculation row as an entry of the one edge path (:mod:`.serve`): raw body in, the
    calculator's exact bytes out (or, for ``Accept`` the XLSX media type, the CLI's workbook),
    in the pool of the row's cost class; over the limit, the calculator's own
    ``input_too_large`` answer (413)."""

    def too_large(request: Request) -> Response:
        answer = calculation.too_large()
        return json_response(answer.status, answer.body)

    async def work(request: Request, raw: bytes) -> Work:
        if calculation.workbook is not None and wants_workbook(request.headers):
            lang = request.query_params.get("lang", "en")
            return Work(
                calculation.cost_class,
                calculation.workbook_entry(lang),
                raw,
                lambda done: answer_response(
                    calculation.workbook_answer_of(lang, done.exit_code, done.to_json())
                ),
            )
        return Work(
            calculation.cost_class,
            calculation.run,
            raw,
            lambda done: answer_response(
                calculation.answer_of(raw, done.exit_code, done.to_json())
            ),
        )

    return Entry(
        calculation.body_limit,
        refused_head(calculation),
        too_large,
        work,
        calculation.cost_class,
    )


def document_endpoints(
    admission: Admission, metrics: Metrics, heavy: HeavyAdmission | None = None
) -> dict[str, Endpoint]:
    """The GET routes by path: the OpenAPI document, liveness, readiness, metrics."""

    async def openapi(request: Request) -> Response:
        """The OpenAPI document, the same bytes as the committed ``docs/openapi.json``."""
        return json_response(200, openapi_bytes())

    async def healthz(request: Request) -> Response:
        """Liveness: the process answers (whatever its load)."""
        return json_response(200, _json(health_document()))

    async def readyz(request: Request) -> Response:
        """Readiness: 503 while this worker is saturated (a new light calculation would
        wait); the heavy pool's state beside it, which does not change the status."""
        heavy_part = None
        if heavy is not None:
            heavy_part = heavy_readiness(
                ready=not heavy.saturated,
                in_flight=heavy.in_flight,
                max_in_flight=heavy.limits.heavy_max_in_flight,
                waiting=heavy.waiting,
                max_waiting=heavy.limits.heavy_queue,
            )
        document = readiness_document(
            ready=not admission.saturated,
            in_flight=admission.in_flight,
            max_in_flight=admission.limits.max_in_flight,
            waiting=admission.waiting,
            heavy=heavy_part,
        )
        return json_response(200 if document["status"] == "ready" else 503, _json(document))

    async def metrics_text(request: Request) -> Response:
        return Response(metrics.exposition(), media_type=CONTENT_TYPE)

    return {
        OPENAPI.path: openapi,
        HEALTH.path: healthz,
        READY.path: readyz,
        METRICS.path: metrics_text,
    }


async def http_error(request: Request, exc: Exception) -> Response:
    """404 and 405 from the router as transport errors (``Allow`` kept on 405)."""
    if not isinstance(exc, HTTPException):
        return error_response("server_error")
    headers = {"Allow": exc.headers["Allow"]} if exc.headers and "Allow" in exc.headers else None
    code = ERROR_BY_STATUS.get(exc.status_code, "server_error")
    outcome(request.scope, code)
    return error_response(code, headers)


async def server_error(request: Request, exc: Exception) -> Response:
    """A bug in the service itself (never the calculator, which answers internal_error)."""
    outcome(request.scope, "server_error")
    return error_response("server_error", CLOSE)


class JsonCors(CORSMiddleware):
    """Starlette's CORS middleware with its preflight answered as JSON (the same headers)."""

    def preflight_response(self, request_headers: Headers) -> Response:
        plain = super().preflight_response(request_headers)
        headers = {
            name: value
            for name, value in plain.headers.items()
            if name not in ("content-type", "content-length")
        }
        if plain.status_code == 200:
            return json_response(200, PREFLIGHT_BODY, headers)
        return error_response("cors_not_allowed", headers)


def routes(
    settings: Settings,
    admission: Admission,
    metrics: Metrics,
    calculations: tuple[Calculation, ...] = CALCULATIONS,
    heavy: HeavyAdmission | None = None,
) -> list[Route]:
    """The route table: one endpoint per row of :mod:`.operations`, every POST entry (the
    calculations' and the page's) served by the one path of :mod:`.serve` over one worker's
    pools (one light admission, one heavy)."""
    heavy = heavy or HeavyAdmission(settings.limits, metrics)
    pools = Pools(settings.limits, metrics, admission, heavy)
    table = [
        Route(row.path, endpoint(calculation_entry(row), pools), methods=["POST"])
        for row in calculations
    ]
    for path, document in document_endpoints(admission, metrics, heavy).items():
        table.append(Route(path, document, methods=["GET"]))
    table.extend(page_routes(pools))  # the analyst's page (issue 21)
    return table


def _closing(heavy: HeavyAdmission) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """The app's lifespan: the idle heavy subprocesses are stopped at shutdown (they also
    exit on their own when the worker's pipes close or the worker dies)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            heavy.close()

    return lifespan


def create_app(
    settings: Settings | None = None, calculations: tuple[Calculation, ...] = CALCULATIONS
) -> ASGIApp:
    """The ASGI app for one worker (``calculations``: the rows to serve; tests substitute
    rows to reach the states no request can, such as a calculation that blocks)."""
    settings = settings or Settings()
    metrics = Metrics()
    admission = Admission(settings.limits, metrics)
    heavy = HeavyAdmission(settings.limits, metrics)
    middleware = []
    if settings.cors_origins:
        middleware.append(
            Middleware(
                JsonCors,
                allow_origins=list(settings.cors_origins),
                allow_methods=["GET", "POST"],
                allow_headers=["Content-Type", "X-Request-Id"],
                expose_headers=["X-Request-Id"],
            )
        )
    table = routes(settings, admission, metrics, calculations, heavy)
    app = Starlette(
        routes=table,
        middleware=middleware,
        exception_handlers={HTTPException: http_error, Exception: server_error},
        lifespan=_closing(heavy),
    )
    app.router.redirect_slashes = False  # a trailing slash is another path: 404, no redirect
    return Edge(app, metrics, frozenset(route.path for route in table), settings.limits)


def app_from_environment() -> ASGIApp:
    """The server's factory in every worker: the settings the command line put in the
    environment (:data:`.limits.SETTINGS_ENV`), or the defaults."""
    text = os.environ.get(SETTINGS_ENV)
    return create_app(Settings.from_json(text) if text else Settings())
