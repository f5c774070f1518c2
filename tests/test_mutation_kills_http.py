"""Mutation kills for the HTTP service (issue 14): what the subprocess tests pin down, in process.

``python -m quotecalc.http``'s own tests start a child interpreter (``test_http_contract``,
``test_http_server``), which mutmut cannot see; these call ``quotecalc.http.__main__`` and
the edge directly. ``granian.Granian`` is replaced by a recorder only to see what the command
line asks of it (starting a real server is ``test_http_server``'s job); every expected value is the
documented default or bound (``docs/http.md``), not what the code printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, ClassVar

import pytest

import quotecalc.http
from quotecalc.http import INSTALL_HINT
from quotecalc.http import __main__ as http_main
from quotecalc.http.limits import GRACEFUL_SHUTDOWN_SECONDS, SETTINGS_ENV, Limits, Settings

pytest.importorskip("granian")
pytest.importorskip("prometheus_client")
pytest.importorskip("starlette")


def test_parser_defaults_are_the_documented_ones() -> None:
    args = http_main.parser().parse_args([])
    assert vars(args) == {
        "host": "127.0.0.1",
        "port": 8000,
        "workers": 1,
        "max_in_flight": 8,
        "queue_timeout": 5.0,
        "read_timeout": 10.0,
        "body_budget": 16 * 1024 * 1024,
        "drain_limit": 256 * 1024 * 1024,
        "max_connections": 256,
        "header_timeout": 5.0,
        "max_header_bytes": 16384,
        "cors_origin": [],
        # issue 34: the heavy pool's (docs/http.md)
        "heavy_max_in_flight": 1,
        "heavy_queue": 2,
        "heavy_deadline": 30.0,
        "heavy_retry_after": 30,
    }
    assert http_main.parser().prog == "python -m quotecalc.http"


def test_parser_reads_every_option() -> None:
    argv = ["--host", "0.0.0.0", "--port", "65535", "--workers", "3", "--max-in-flight", "1"]
    argv += ["--queue-timeout", "0.001", "--read-timeout", "2.5"]
    argv += ["--cors-origin", "https://a.example", "--cors-origin", "https://b.example"]
    argv += ["--heavy-max-in-flight", "2", "--heavy-queue", "0", "--heavy-deadline", "0.5"]
    argv += ["--heavy-retry-after", "7"]
    args = http_main.parser().parse_args(argv)
    assert vars(args) == {
        "host": "0.0.0.0",
        "port": 65535,
        "workers": 3,
        "max_in_flight": 1,
        "queue_timeout": 0.001,
        "read_timeout": 2.5,
        "body_budget": 16 * 1024 * 1024,
        "drain_limit": 256 * 1024 * 1024,
        "max_connections": 256,
        "header_timeout": 5.0,
        "max_header_bytes": 16384,
        "cors_origin": ["https://a.example", "https://b.example"],
        "heavy_max_in_flight": 2,
        "heavy_queue": 0,
        "heavy_deadline": 0.5,
        "heavy_retry_after": 7,
    }


@pytest.mark.parametrize(
    ("kind", "low", "high", "text", "value"),
    [
        (int, 0, 65535, "0", 0),
        (int, 0, 65535, "65535", 65535),
        (int, 1, None, "1", 1),
        (int, 1, None, "1000000", 1000000),
        (float, 0.001, None, "0.001", 0.001),
    ],
)
def test_bounded_accepts_its_closed_range(
    kind: Any, low: float, high: float | None, text: str, value: float
) -> None:
    assert http_main._bounded(kind, low, high)(text) == value


@pytest.mark.parametrize(
    ("kind", "low", "high", "text", "message"),
    [
        (int, 0, 65535, "65536", "out of range: '65536'"),
        (int, 0, 65535, "-1", "out of range: '-1'"),
        (int, 1, None, "0", "out of range: '0'"),
        (float, 0.001, None, "0.0009", "out of range: '0.0009'"),
        (int, 0, 65535, "http", "not a number: 'http'"),
        (float, 0.001, None, "soon", "not a number: 'soon'"),
    ],
)
def test_bounded_refuses_with_a_reason(
    kind: Any, low: float, high: float | None, text: str, message: str
) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        http_main._bounded(kind, low, high)(text)
    assert str(caught.value) == message


def test_bad_argv_is_argparse_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        http_main.main(["--port", "70000"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m quotecalc.http")
    assert "out of range: '70000'" in err


class _Recorder:
    """Stands in for ``granian.Granian``: records what it was built with and that it served."""

    calls: ClassVar[list[tuple[tuple[Any, ...], dict[str, Any]]]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append((args, kwargs))

    def serve(self) -> None:
        self.calls.append(
            (("served",), {"metrics_dir": os.environ.get("PROMETHEUS_MULTIPROC_DIR")})
        )


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> type[_Recorder]:
    import granian

    monkeypatch.setattr(_Recorder, "calls", [])
    monkeypatch.setattr(granian, "Granian", _Recorder)
    monkeypatch.delenv(SETTINGS_ENV, raising=False)
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    return _Recorder


def test_main_runs_granian_with_the_settings(recorder: type[_Recorder]) -> None:
    from granian.constants import HTTPModes, Interfaces

    argv = ["--host", "127.0.0.2", "--port", "1", "--workers", "2", "--max-in-flight", "3"]
    argv += ["--queue-timeout", "0.5", "--read-timeout", "4", "--cors-origin", "https://x.example"]
    argv += ["--body-budget", "3000000", "--drain-limit", "0", "--max-connections", "7"]
    argv += ["--header-timeout", "2.5", "--max-header-bytes", "9000"]
    assert http_main.main(argv) == 0
    (args, kwargs), (served, seen) = recorder.calls
    assert args == ("quotecalc.http.app:app_from_environment",)
    settings = kwargs.pop("http1_settings")
    assert (settings.header_read_timeout, settings.max_buffer_size) == (2500, 9000)
    kwargs.pop("log_dictconfig")
    assert kwargs == {
        "address": "127.0.0.2",
        "port": 1,
        "interface": Interfaces.ASGI,
        "factory": True,
        "workers": 2,
        "http": HTTPModes.http1,
        "websockets": False,
        "backpressure": 7,
        "workers_kill_timeout": GRACEFUL_SHUTDOWN_SECONDS,
        "respawn_failed_workers": True,
    }
    assert GRACEFUL_SHUTDOWN_SECONDS == 30
    # the workers' metrics directory existed while serving and is removed afterwards
    assert served == ("served",) and seen["metrics_dir"]
    assert not os.path.exists(seen["metrics_dir"])
    assert "PROMETHEUS_MULTIPROC_DIR" not in os.environ
    settings_seen = Settings.from_json(os.environ[SETTINGS_ENV])
    expected = Settings(
        Limits(
            read_timeout=4.0,
            max_in_flight=3,
            queue_timeout=0.5,
            body_budget=3000000,
            drain_limit=0,
        ),
        ("https://x.example",),
    )
    assert settings_seen == expected
    assert type(settings_seen.limits.max_in_flight) is int


def test_main_defaults_reach_the_worker(
    recorder: type[_Recorder], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["quotecalc.http"])
    assert http_main.main() == 0
    kwargs = recorder.calls[0][1]
    assert (kwargs["address"], kwargs["port"], kwargs["workers"]) == ("127.0.0.1", 8000, 1)
    assert kwargs["backpressure"] == 256
    assert kwargs["http1_settings"].header_read_timeout == 5000
    assert kwargs["http1_settings"].max_buffer_size == 16384
    assert Settings.from_json(os.environ[SETTINGS_ENV]) == Settings()


def test_an_operator_metrics_directory_is_kept(
    recorder: type[_Recorder], monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    assert http_main.main([]) == 0
    assert recorder.calls[1][1]["metrics_dir"] == str(tmp_path)
    assert tmp_path.is_dir()


def test_missing_extra_is_the_hint_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "granian", None)
    assert http_main.main([]) == 1
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", INSTALL_HINT + "\n")


def test_a_missing_module_of_quotecalc_itself_is_not_hidden(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(quotecalc.http, "app", raising=False)
    monkeypatch.setitem(sys.modules, "quotecalc.http.app", None)
    with pytest.raises(ModuleNotFoundError) as caught:
        http_main.main([])
    assert caught.value.name == "quotecalc.http.app"


def test_the_openapi_document_built_now_is_the_committed_file() -> None:
    """``openapi_bytes()`` is cached and ``test_http_contract`` builds its document at import
    time, both before any mutant is switched on; this builds it inside the test."""
    from conftest import ROOT
    from quotecalc.http.openapi import OPENAPI_PATH, openapi_document
    from quotecalc.schema import serialise

    assert serialise(openapi_document()) == (ROOT / OPENAPI_PATH).read_bytes()


def test_app_from_environment_reads_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from starlette.testclient import TestClient

    from quotecalc.http.app import app_from_environment

    origin = "https://x.example"
    monkeypatch.setenv(SETTINGS_ENV, Settings(Limits(), (origin,)).to_json())
    with TestClient(app_from_environment()) as client:
        answer = client.get("/healthz", headers={"Origin": origin})
    assert answer.status_code == 200
    assert answer.headers["access-control-allow-origin"] == origin
    monkeypatch.delenv(SETTINGS_ENV)
    with TestClient(app_from_environment()) as client:
        answer = client.get("/healthz", headers={"Origin": origin})
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers


def error_of(response: Any) -> tuple[int, str]:
    return response.status_code, json.loads(response.body)["error"]["code"]


def test_router_errors_become_transport_errors() -> None:
    import asyncio

    from starlette.exceptions import HTTPException
    from starlette.requests import Request

    from quotecalc.http.app import http_error, server_error

    def request() -> Request:
        return Request({"type": "http", "headers": []})

    async def answers() -> list[Any]:
        return [
            await http_error(request(), HTTPException(404)),
            await http_error(request(), HTTPException(405, headers={"Allow": "POST"})),
            await http_error(request(), HTTPException(400)),
            await http_error(request(), RuntimeError("not an HTTP error")),
            await server_error(request(), RuntimeError("bug")),
        ]

    not_found, not_allowed, other, foreign, bug = asyncio.run(answers())
    assert error_of(not_found) == (404, "not_found") and "allow" not in not_found.headers
    assert error_of(not_allowed) == (405, "method_not_allowed")
    assert not_allowed.headers["allow"] == "POST"
    assert error_of(other) == (500, "server_error")
    assert error_of(foreign) == (500, "server_error")
    assert error_of(bug) == (500, "server_error")
    assert bug.headers["connection"] == "close"
    assert "connection" not in foreign.headers


def test_help_says_what_each_option_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        http_main.main(["--help"])
    assert caught.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    for phrase in (
        "usage: python -m quotecalc.http",
        "] Serve quotecalc over HTTP: POST /quotecalc/calculate and friends (docs/http.md). ",
        "--version show program's version number and exit",
        "--host HOST address to bind (loopback unless you say otherwise) (default: 127.0.0.1)",
        "--workers WORKERS worker processes (default: 1)",
        "--max-in-flight MAX_IN_FLIGHT calculations running at once per worker (default: 8)",
        "--queue-timeout QUEUE_TIMEOUT seconds a calculation waits for its body budget, and"
        " again for a slot, before 503 (default: 5.0)",
        "--read-timeout READ_TIMEOUT seconds a request body may take to arrive before 408"
        " (default: 10.0)",
        "--body-budget BYTES request-body bytes one worker holds at once, reserved before a"
        " body is read (default: 16777216)",
        "--max-connections MAX_CONNECTIONS open connections per worker",
        "--header-timeout HEADER_TIMEOUT seconds the request head may take",
        "--max-header-bytes BYTES size of the request head (request line and headers);"
        " larger is 431 (default: 16384)",
        "--cors-origin ORIGIN allow this browser origin (repeatable; no CORS at all by default)",
    ):
        assert phrase in text, phrase


@pytest.mark.parametrize(
    "argv",
    [
        ["--port", "65536"],
        ["--port", "-1"],
        ["--port", "0"],
        ["--workers", "0"],
        ["--max-connections", "0"],
        ["--header-timeout", "60.001"],
        ["--header-timeout", "0.0009"],
        ["--max-header-bytes", "8191"],
        ["--body-budget", "2097152"],
        ["--drain-limit", "-1"],
        ["--max-in-flight", "0"],
        ["--queue-timeout", "0.0009"],
        ["--read-timeout", "0.0009"],
        ["--queue-timeout", "0"],
    ],
)
def test_each_option_keeps_its_bound(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        http_main.parser().parse_args(argv)
    assert caught.value.code == 2
    assert f"out of range: '{argv[1]}'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "key", "value"),
    [
        (["--port", "1"], "port", 1),
        (["--workers", "1"], "workers", 1),
        (["--max-connections", "1"], "max_connections", 1),
        (["--header-timeout", "60"], "header_timeout", 60),
        (["--header-timeout", "0.001"], "header_timeout", 0.001),
        (["--max-header-bytes", "8192"], "max_header_bytes", 8192),
        (["--body-budget", "2097153"], "body_budget", 2097153),
        (["--drain-limit", "0"], "drain_limit", 0),
        (["--max-in-flight", "1"], "max_in_flight", 1),
        (["--queue-timeout", "0.001"], "queue_timeout", 0.001),
        (["--read-timeout", "0.001"], "read_timeout", 0.001),
    ],
)
def test_each_option_accepts_its_least_value(argv: list[str], key: str, value: float) -> None:
    assert getattr(http_main.parser().parse_args(argv), key) == value


def test_health_is_one_compact_line_never_cached() -> None:
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    with TestClient(create_app()) as client:
        answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.content == (
        b'{"schemaVersion":1,"status":"ok","tool":"quotecalc","toolVersion":"0.1.0"}\n'
    )
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["content-type"] == "application/json"


def test_main_without_argv_reads_sys_argv_after_the_program_name(
    recorder: type[_Recorder], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["quotecalc.http", "--port", "1234"])
    assert http_main.main() == 0
    assert recorder.calls[0][1]["port"] == 1234


def test_a_body_of_exactly_the_limit_with_its_length_is_calculated() -> None:
    from conftest import EXAMPLES
    from http_support import call
    from quotecalc import calculate
    from quotecalc.http.app import create_app
    from quotecalc.stages.parse import MAX_INPUT_BYTES

    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    padded = raw + b" " * (MAX_INPUT_BYTES - len(raw))
    headers = [("content-type", "application/json"), ("content-length", str(len(padded)))]
    reply = call(create_app(), "POST", "/quotecalc/calculate", chunks=[padded], headers=headers)
    assert (reply.status, reply.body) == (200, calculate(raw).to_json())
    assert reply.headers["cache-control"] == "no-store"
    assert "connection" not in reply.headers  # the whole body was read


def test_a_client_gone_mid_body_gets_the_row_and_the_connection_closed() -> None:
    from http_support import call
    from quotecalc.http.app import create_app
    from quotecalc.http.errors import ERRORS

    headers = [("content-type", "application/json"), ("content-length", "1000")]
    reply = call(
        create_app(),
        "POST",
        "/quotecalc/calculate",
        chunks=[b'{"schema'],
        headers=headers,
        disconnect=True,
    )
    assert (reply.status, reply.body) == (400, ERRORS["client_disconnected"].body())
    assert reply.headers["connection"] == "close"
    assert reply.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    ("method", "request_headers", "allowed"),
    [
        ("GET", "x-request-id", True),
        ("POST", "content-type, x-request-id", True),
        ("DELETE", "content-type", False),
        ("PUT", "", False),
        ("POST", "x-other", False),
    ],
)
def test_cors_preflight_allows_the_documented_methods_and_headers(
    method: str, request_headers: str, allowed: bool
) -> None:
    """docs/http.md: with an origin configured, browsers may GET and POST and send
    Content-Type and X-Request-Id; nothing else."""
    from http_support import call
    from quotecalc.http.app import create_app

    origin = "https://erp.example.test"
    app = create_app(Settings(cors_origins=(origin,)))
    headers = [("origin", origin), ("access-control-request-method", method)]
    if request_headers:
        headers.append(("access-control-request-headers", request_headers))
    reply = call(app, "OPTIONS", "/quotecalc/calculate", headers=headers)
    assert reply.status == (200 if allowed else 400)
    if allowed:
        assert reply.headers["access-control-allow-origin"] == origin
        methods = {m.strip() for m in reply.headers["access-control-allow-methods"].split(",")}
        assert methods == {"GET", "POST"}


def test_a_row_answers_an_over_limit_body_with_the_calculators_own_413() -> None:
    """``Calculation.answer`` on limit + 1 bytes (what the edge hands over at most), called
    directly: ``too_large()`` is cached, so the edge's tests may never run it again."""
    from quotecalc import calculate
    from quotecalc.batch import calculate_batch
    from quotecalc.http.operations import CALCULATE, CALCULATE_BATCH, Answer

    over = b"{" * (CALCULATE.body_limit + 1)
    assert CALCULATE.answer(over) == Answer(413, calculate(over).to_json())
    assert json.loads(calculate(over).to_json())["limitations"][0]["code"] == "input_too_large"
    over_batch = b" " * (CALCULATE_BATCH.body_limit + 1)
    assert CALCULATE_BATCH.answer(over_batch) == Answer(413, calculate_batch(over_batch).to_json())
    exact = b" " * CALCULATE.body_limit
    assert CALCULATE.answer(exact) == Answer(422, calculate(exact).to_json())


def test_a_body_message_without_a_body_key_is_empty() -> None:
    """ASGI: ``body`` is optional in ``http.request`` and defaults to ``b""``."""
    import anyio

    from quotecalc.http.edge import read_body

    messages = iter(
        [
            {"type": "http.request", "more_body": True},
            {"type": "http.request", "body": b"{}", "more_body": True},
            {"type": "http.request"},
        ]
    )

    async def receive() -> Any:
        return next(messages)

    async def read() -> bytes:
        return await read_body(receive, 10, 5.0)

    assert anyio.run(read) == b"{}"


def test_request_id_passes_other_scopes_through_untouched() -> None:
    """The lifespan (and any non-HTTP scope) reaches the app as it came, with the server's
    own receive and send."""
    import anyio

    from quotecalc.http.edge import Edge
    from quotecalc.http.metrics import Metrics

    seen: list[tuple[Any, Any, Any]] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.append((scope, receive, send))

    async def receive() -> Any:
        return {"type": "lifespan.startup"}

    async def send(message: Any) -> None:
        return None

    scope = {"type": "lifespan", "asgi": {"version": "3.0"}}

    async def run() -> None:
        await Edge(inner, Metrics(), frozenset())(scope, receive, send)

    anyio.run(run)
    assert seen == [(scope, receive, send)]


def test_read_body_keeps_limit_plus_one_bytes_of_an_overshooting_chunk() -> None:
    import anyio

    from quotecalc.http.edge import read_body

    async def receive() -> Any:
        return {"type": "http.request", "body": b"x" * 25, "more_body": True}

    async def read() -> bytes:
        return await read_body(receive, 10, 5.0)

    assert anyio.run(read) == b"x" * 11


@pytest.mark.parametrize(
    "content_type",
    ["application/json; charset=Xutf-8X", 'application/json; charset="utf-8X"'],
)
def test_only_quotes_are_stripped_from_the_charset(content_type: str) -> None:
    from quotecalc.http.limits import accepts_media_type

    assert not accepts_media_type(content_type)
    assert accepts_media_type('application/json; charset="utf-8"')


def test_request_id_is_added_to_a_start_message_without_headers() -> None:
    """ASGI: ``headers`` is optional in ``http.response.start``."""
    import anyio

    from quotecalc.http.edge import Edge
    from quotecalc.http.metrics import Metrics

    sent: list[Any] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 204})
        await send({"type": "http.response.body", "body": b""})

    async def receive() -> Any:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": "/", "headers": [(b"x-request-id", b"abc")]}

    async def run() -> None:
        await Edge(inner, Metrics(), frozenset())(scope, receive, send)

    anyio.run(run)
    assert sent == [
        {
            "type": "http.response.start",
            "status": 204,
            "headers": [(b"cache-control", b"no-store"), (b"x-request-id", b"abc")],
        },
        {"type": "http.response.body", "body": b""},
    ]


def test_lift_rewrites_only_references() -> None:
    from quotecalc.http.openapi import lift

    schema = {
        "$schema": "x",
        "const": "#/$defs/a",
        "properties": {"p": {"$ref": "#/$defs/a"}, "q": {"$ref": "other.json#/$defs/a"}},
        "$defs": {"a": {"enum": ["#/$defs/a"]}},
    }
    assert lift("X", schema) == {
        "X": {
            "const": "#/$defs/a",
            "properties": {
                "p": {"$ref": "#/components/schemas/X_a"},
                "q": {"$ref": "other.json#/$defs/a"},
            },
        },
        "X_a": {"enum": ["#/$defs/a"]},
    }


def test_cors_exposes_exactly_the_request_id() -> None:
    from http_support import call
    from quotecalc.http.app import create_app

    origin = "https://erp.example.test"
    app = create_app(Settings(cors_origins=(origin,)))
    reply = call(app, "GET", "/healthz", headers=[("origin", origin)])
    exposed = reply.headers["access-control-expose-headers"]
    assert {name.strip().lower() for name in exposed.split(",")} == {"x-request-id"}
