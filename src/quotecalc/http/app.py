"""The Starlette app: a route table of small endpoints built from :mod:`.operations`.

Every calculation route runs the same edge, in this order (``docs/http.md``): media type (415:
exactly one accepted ``Content-Type``), announced length (413), the body budget (503), body
read with its timeout (408) and limit (413), a calculation slot (503), then the calculator off
the event loop. A heavy route (issue 34: its row's ``cost_class``) takes a place in the heavy
queue instead of the body budget (503 at once when none is free), then a heavy slot, and runs
in a worker subprocess; it is answered within ``heavy_deadline`` seconds of its arrival or gets
503 ``deadline_exceeded`` (the subprocess is killed). An answer decided before the body was
read is sent after the body was drained (:func:`.edge.drain`). Unknown routes, a trailing slash
included, and other methods are 404 and 405 from the transport error table (no redirects); the
outermost :class:`.edge.Edge` adds ``X-Request-Id`` and ``no-store`` to every response and
writes the access log and the metrics; CORS only when origins are configured, its preflight
answered as JSON too.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from decimal import Decimal
from typing import Any, Final

import anyio
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp

from .access import DISCONNECTED
from .admission import Admission, HeavyAdmission
from .edge import (
    CLOSE,
    BodyTimeout,
    Edge,
    access_of,
    announced_length,
    early,
    error_response,
    json_response,
    outcome,
    read_body,
)
from .limits import SETTINGS_ENV, Limits, Settings, accepts_media_type
from .metrics import CONTENT_TYPE, Metrics
from .openapi import openapi_bytes
from .operations import (
    CALCULATIONS,
    HEALTH,
    HEAVY,
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

Endpoint = Callable[[Request], Awaitable[Response]]
ERROR_BY_STATUS: Final = {404: "not_found", 405: "method_not_allowed"}
PREFLIGHT_BODY: Final = b'{"schemaVersion":1,"status":"ok"}\n'


def _json(document: dict[str, object]) -> bytes:
    return (json.dumps(document, separators=(",", ":")) + "\n").encode("ascii")


async def refused_at_the_door(
    request: Request, calculation: Calculation, limits: Limits
) -> Response | None:
    """The answer that ends a calculation before admission (light or heavy alike): not one
    JSON content type (415), or a ``Content-Length`` over the route's limit (the calculator's
    own ``input_too_large`` answer, 413), or a ``lang`` that is neither en nor zh on a route
    with a workbook (400, issue 35); ``None`` to go on."""
    types = request.headers.getlist("content-type")
    if len(types) != 1 or not accepts_media_type(types[0]):
        outcome(request.scope, "unsupported_media_type")
        return await early(request, error_response("unsupported_media_type"), limits)
    length = announced_length(request.headers)
    if length is not None and length > calculation.body_limit:
        answer = calculation.too_large()
        return await early(request, json_response(answer.status, answer.body), limits)
    if calculation.workbook is not None and request.query_params.get("lang", "en") not in LANGS:
        outcome(request.scope, "unsupported_language")
        return await early(request, error_response("unsupported_language"), limits)
    return None


async def body_within_limit(
    request: Request, calculation: Calculation, limits: Limits
) -> bytes | Response:
    """An admitted calculation's body, read within the route's limit and the read timeout,
    or the answer that ends it (timeout, client gone, or over the limit: 413)."""
    try:
        raw = await read_body(request.receive, calculation.body_limit, limits.read_timeout)
    except BodyTimeout:
        outcome(request.scope, "request_timeout")
        return error_response("request_timeout", CLOSE)
    except ClientDisconnect:
        outcome(request.scope, DISCONNECTED)
        return error_response("client_disconnected", CLOSE)
    if len(raw) > calculation.body_limit:
        answer = calculation.too_large()
        return await early(request, json_response(answer.status, answer.body), limits)
    return raw


def calculation_endpoint(
    calculation: Calculation, limits: Limits, admission: Admission, metrics: Metrics
) -> Endpoint:
    """The endpoint of one calculation row: raw body in, the calculator's exact bytes out."""
    overloaded_headers = {"Retry-After": str(limits.retry_after)}

    async def calculate(request: Request) -> Response:
        refused = await refused_at_the_door(request, calculation, limits)
        if refused is not None:
            return refused
        length = announced_length(request.headers)
        size = calculation.body_limit + 1 if length is None else length
        waited = await admission.reserve(size)
        if waited is None:
            metrics.queue_wait.observe(limits.queue_timeout)
            outcome(request.scope, "overloaded")
            return await early(request, error_response("overloaded", overloaded_headers), limits)
        try:
            return await admitted(request, waited)
        finally:
            admission.release(size)

    async def admitted(request: Request, waited: float) -> Response:
        raw = await body_within_limit(request, calculation, limits)
        if isinstance(raw, Response):
            return raw
        lang = request.query_params.get("lang", "en")
        if calculation.workbook is not None and wants_workbook(request.headers):
            ran = await calculated_unless_gone(
                request, raw, lambda body: calculation.workbook_answer(body, lang)
            )
        else:
            ran = await calculated_unless_gone(request, raw, calculation.answer)
        if ran is None:
            metrics.queue_wait.observe(waited + limits.queue_timeout)
            outcome(request.scope, "overloaded")
            return error_response("overloaded", overloaded_headers)
        calculated, slot_wait = ran
        metrics.queue_wait.observe(waited + slot_wait)
        if calculated.media_type != "application/json":
            return Response(
                calculated.body,
                calculated.status,
                dict(calculated.headers),
                calculated.media_type,
            )
        return json_response(calculated.status, calculated.body)

    async def calculated_unless_gone(
        request: Request, raw: bytes, answer_of: Callable[[bytes], Answer]
    ) -> tuple[Answer, float] | None:
        """The calculation, while the connection is watched: a client gone before its answer
        is marked ``client_disconnected`` in the access log (the call still runs to its end
        in its thread; the answer is then dropped by the server)."""
        async with anyio.create_task_group() as group:
            group.start_soon(watch_disconnect, request)
            ran = await admission.run(answer_of, raw)
            group.cancel_scope.cancel()
        return ran

    return calculate


def wants_workbook(headers: Headers) -> bool:
    """Whether ``Accept`` asks for the XLSX workbook (issue 35): its media type listed with a
    quality above 0 (and JSON not preferred to it). Anything else is the JSON answer."""
    from ..export import MEDIA_TYPE

    def quality(media: str) -> Decimal:
        best = Decimal(0)
        for part in ",".join(headers.getlist("accept")).split(","):
            name, *params = (piece.strip() for piece in part.split(";"))
            if name.lower() != media:
                continue
            q = Decimal(1)
            for param in params:
                key, _, value = param.partition("=")
                if key.strip().lower() == "q":
                    try:
                        q = Decimal(value.strip())
                    except ArithmeticError:
                        q = Decimal(0)
                    if not q.is_finite():
                        q = Decimal(0)
            best = max(best, q)
        return best

    wanted = quality(MEDIA_TYPE)
    return wanted > 0 and wanted >= quality("application/json")


def heavy_endpoint(
    calculation: Calculation, limits: Limits, heavy: HeavyAdmission, metrics: Metrics
) -> Endpoint:
    """The endpoint of one heavy calculation row: the same edge and the same bytes as
    :func:`calculation_endpoint`, admitted by the heavy pool and bounded by its deadline."""
    retry = {"Retry-After": str(limits.heavy_retry_after)}

    async def calculate(request: Request) -> Response:
        deadline = anyio.current_time() + limits.heavy_deadline
        refused = await refused_at_the_door(request, calculation, limits)
        if refused is not None:
            return refused
        if not heavy.take_place():
            outcome(request.scope, "overloaded")
            return await early(request, error_response("overloaded", retry), limits)
        try:
            return await admitted(request, deadline)
        finally:
            heavy.leave()

    async def admitted(request: Request, deadline: float) -> Response:
        raw = await body_within_limit(request, calculation, limits)
        if isinstance(raw, Response):
            return raw
        lang = request.query_params.get("lang", "en")
        entry: Callable[[bytes], Any] = calculation.run
        workbook = calculation.workbook is not None and wants_workbook(request.headers)
        if workbook:
            # the workbook runs the same search: in the heavy pool too (issues 34 and 35)
            from ..export.entries import ENTRIES

            entry = ENTRIES[(str(calculation.workbook), lang)]
        ran: tuple[int, bytes] | None = None
        async with anyio.create_task_group() as group:

            async def watch() -> None:
                # a client gone stops its work (the subprocess is killed): nobody will read it
                if await disconnected(request):
                    group.cancel_scope.cancel()

            group.start_soon(watch)
            ran = await heavy.run(entry, raw, deadline)
            group.cancel_scope.cancel()
        if ran is None:
            if access_gone(request):
                return error_response("client_disconnected", CLOSE)
            outcome(request.scope, "deadline_exceeded")
            return error_response("deadline_exceeded", retry)
        if workbook:
            made = calculation.workbook_answer_of(lang, *ran)
            return Response(made.body, made.status, dict(made.headers), made.media_type)
        answer = calculation.answer_of(raw, *ran)
        return json_response(answer.status, answer.body)

    return calculate


def access_gone(request: Request) -> bool:
    record = access_of(request.scope)
    return record is not None and record.outcome == DISCONNECTED


async def disconnected(request: Request) -> bool:
    """Whether the client went away (one ``receive`` after the body ended: only a disconnect
    can come; a server that repeats the body's end instead ends the watch with ``False``)."""
    message = await request.receive()
    if message["type"] == "http.disconnect":
        outcome(request.scope, DISCONNECTED)
        return True
    return False


async def watch_disconnect(request: Request) -> None:
    """One ``receive`` after the body ended: only a disconnect can come (a server that
    repeats the body's end instead ends the watch)."""
    message = await request.receive()
    if message["type"] == "http.disconnect":
        outcome(request.scope, DISCONNECTED)


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
    """The route table: one endpoint per row of :mod:`.operations` (one admission shared by
    all light calculation routes, one by the heavy ones)."""
    heavy = heavy or HeavyAdmission(settings.limits, metrics)
    table = [
        Route(
            row.path,
            heavy_endpoint(row, settings.limits, heavy, metrics)
            if row.cost_class == HEAVY
            else calculation_endpoint(row, settings.limits, admission, metrics),
            methods=["POST"],
        )
        for row in calculations
    ]
    for path, endpoint in document_endpoints(admission, metrics, heavy).items():
        table.append(Route(path, endpoint, methods=["GET"]))
    table.extend(page_routes(settings.limits, admission, heavy))  # the analyst's page (issue 21)
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
    pools = {row.path: row.cost_class for row in calculations}
    return Edge(app, metrics, frozenset(route.path for route in table), settings.limits, pools)


def app_from_environment() -> ASGIApp:
    """The server's factory in every worker: the settings the command line put in the
    environment (:data:`.limits.SETTINGS_ENV`), or the defaults."""
    text = os.environ.get(SETTINGS_ENV)
    return create_app(Settings.from_json(text) if text else Settings())
