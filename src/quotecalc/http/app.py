"""The Starlette app: a route table of small endpoints built from :mod:`.operations`.

Every calculation route runs the same edge, in this order (``docs/http.md``): media type
(415), announced length (413), body read with its timeout (408) and limit (413), a slot among
the calculations in flight (503), then the calculator off the event loop. Unknown routes and
methods are 404 and 405 from the transport error table; every response carries
``X-Request-Id``; calculation answers carry ``Cache-Control: no-store``; CORS only when
origins are configured.
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable
from typing import Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp

from .edge import (
    CLOSE,
    NO_STORE,
    BodyTimeout,
    InFlight,
    RequestId,
    announced_length,
    error_response,
    json_response,
    read_body,
)
from .limits import SETTINGS_ENV, Limits, Settings, accepts_media_type
from .openapi import openapi_bytes
from .operations import CALCULATIONS, HEALTH, OPENAPI, Calculation, health_document
from .page import page_routes

Endpoint = Callable[[Request], Awaitable[Response]]
ERROR_BY_STATUS: Final = {404: "not_found", 405: "method_not_allowed"}


def calculation_endpoint(calculation: Calculation, limits: Limits, gate: InFlight) -> Endpoint:
    """The endpoint of one calculation row: raw body in, the calculator's exact bytes out."""

    async def calculate(request: Request) -> Response:
        unread = {**NO_STORE, **CLOSE}  # answers sent before the whole body was read
        if not accepts_media_type(request.headers.get("content-type")):
            return error_response("unsupported_media_type", unread)
        length = announced_length(request.headers)
        if length is not None and length > calculation.body_limit:
            answer = calculation.too_large()
            return json_response(answer.status, answer.body, unread)
        try:
            raw = await read_body(request.receive, calculation.body_limit, limits.read_timeout)
        except BodyTimeout:
            return error_response("request_timeout", unread)
        except ClientDisconnect:
            return error_response("client_disconnected", unread)
        if len(raw) > calculation.body_limit:
            answer = calculation.too_large()
            return json_response(answer.status, answer.body, unread)
        calculated = await gate.run(calculation.answer, raw)
        if calculated is None:
            return error_response(
                "overloaded", {**NO_STORE, "Retry-After": str(limits.retry_after)}
            )
        return json_response(calculated.status, calculated.body, NO_STORE)

    return calculate


async def openapi(request: Request) -> Response:
    """The OpenAPI document, the same bytes as the committed ``docs/openapi.json``."""
    return json_response(200, openapi_bytes())


async def healthz(request: Request) -> Response:
    body = json.dumps(health_document(), separators=(",", ":")) + "\n"
    return json_response(200, body.encode("ascii"), NO_STORE)


async def http_error(request: Request, exc: Exception) -> Response:
    """404 and 405 from the router as transport errors (``Allow`` kept on 405)."""
    if not isinstance(exc, HTTPException):
        return error_response("server_error")
    headers = {"Allow": exc.headers["Allow"]} if exc.headers and "Allow" in exc.headers else None
    return error_response(ERROR_BY_STATUS.get(exc.status_code, "server_error"), headers)


async def server_error(request: Request, exc: Exception) -> Response:
    """A bug in the service itself (never the calculator, which answers internal_error)."""
    return error_response("server_error", CLOSE)


def routes(settings: Settings, calculations: tuple[Calculation, ...] = CALCULATIONS) -> list[Route]:
    """The route table: one endpoint per row of :mod:`.operations` (one in-flight bound
    shared by all calculation routes)."""
    gate = InFlight(settings.limits)
    table = [
        Route(row.path, calculation_endpoint(row, settings.limits, gate), methods=["POST"])
        for row in calculations
    ]
    table.append(Route(OPENAPI.path, openapi, methods=["GET"]))
    table.append(Route(HEALTH.path, healthz, methods=["GET"]))
    table.extend(page_routes(settings.limits, gate))  # the analyst's page (issue 21)
    return table


def create_app(
    settings: Settings | None = None, calculations: tuple[Calculation, ...] = CALCULATIONS
) -> ASGIApp:
    """The ASGI app for one worker (``calculations``: the rows to serve; tests substitute
    rows to reach the states no request can, such as a calculation that blocks)."""
    settings = settings or Settings()
    middleware = []
    if settings.cors_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(settings.cors_origins),
                allow_methods=["GET", "POST"],
                allow_headers=["Content-Type", "X-Request-Id"],
                expose_headers=["X-Request-Id"],
            )
        )
    app = Starlette(
        routes=routes(settings, calculations),
        middleware=middleware,
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
    return RequestId(app)


def app_from_environment() -> ASGIApp:
    """uvicorn's factory in every worker: the settings the command line put in the
    environment (:data:`.limits.SETTINGS_ENV`), or the defaults."""
    text = os.environ.get(SETTINGS_ENV)
    return create_app(Settings.from_json(text) if text else Settings())
