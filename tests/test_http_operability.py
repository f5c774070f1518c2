"""The HTTP service's operability in process (issue 19): the body budget taken before a body is
read, readiness apart from liveness, one JSON access-log line per request and the Prometheus
metrics, through the raw ASGI driver (``http_support.asgi``).

Expected counts, fields and values are written out here from the documented behaviour
(``docs/http.md``), not read from the code's tables.
"""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

import anyio
import pytest

from http_support import HAS_HTTP, JSON, Reply, asgi, call

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)

from conftest import EXAMPLES
from quotecalc import Result, calculate
from quotecalc.http.app import create_app
from quotecalc.http.limits import Limits, Settings
from quotecalc.http.operations import Calculation

CALC = "/quotecalc/calculate"
BATCH_LIMIT = 2097152
RAW = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
OVERLOADED = b'{"schemaVersion":1,"error":{"code":"overloaded","message":"Too many calculations in flight; retry later."}}\n'  # noqa: E501


def blocking_row(limit: int) -> tuple[Calculation, threading.Event, threading.Event]:
    """A calculation row whose calculation blocks until released (the state no request can
    reach on its own)."""
    release, started = threading.Event(), threading.Event()

    def slow(raw: bytes) -> Result:
        started.set()
        release.wait(10)
        return calculate(raw)

    return Calculation(CALC, "slow", "", "", limit, slow, "Request", "Result"), release, started


def test_the_body_budget_is_taken_before_the_body_is_read() -> None:
    """Budget = one maximal batch body (2097153 bytes). A chunked call on a route whose limit
    is the batch limit reserves all of it; a second call of 100 announced bytes then waits
    ``queue_timeout`` without a byte of its body read, is answered 503 after its body was
    drained, and a third call after the first is answered normally."""
    row, release, started = blocking_row(BATCH_LIMIT)
    limits = Limits(body_budget=BATCH_LIMIT + 1, queue_timeout=0.3, max_in_flight=4)
    app = create_app(Settings(limits), calculations=(row,))
    replies: dict[str, Reply] = {}
    reads_before_answer: list[int] = []

    async def first() -> None:
        replies["first"] = await asgi(
            app, "POST", CALC, chunks=[RAW], headers=[("content-type", JSON)]
        )

    async def second() -> None:
        body = b" " * 100
        received = 0

        async def receive() -> dict[str, Any]:
            nonlocal received
            received += 1
            return {"type": "http.request", "body": body, "more_body": False}

        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                reads_before_answer.append(received)
            sent.append(message)

        scope = {
            "type": "http",
            "method": "POST",
            "path": CALC,
            "raw_path": CALC.encode(),
            "query_string": b"",
            "root_path": "",
            "scheme": "http",
            "http_version": "1.1",
            "headers": [(b"content-type", JSON.encode()), (b"content-length", b"100")],
        }
        await app(scope, receive, send)
        status = sent[0]["status"]
        replies["second"] = Reply(
            status, {}, b"".join(m.get("body", b"") for m in sent[1:]), received
        )

    async def scenario() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(first)
            while not started.is_set():
                await anyio.sleep(0.01)
            await second()
            release.set()
        replies["third"] = await asgi(
            app, "POST", CALC, chunks=[RAW], headers=[("content-type", JSON)]
        )

    anyio.run(scenario)
    assert (replies["second"].status, replies["second"].body) == (503, OVERLOADED)
    assert reads_before_answer == [1]  # the one body message, drained after the wait
    assert (replies["first"].status, replies["first"].body) == (200, calculate(RAW).to_json())
    assert (replies["third"].status, replies["third"].body) == (200, calculate(RAW).to_json())


def test_readiness_is_saturated_while_every_slot_is_busy_and_liveness_stays_ok() -> None:
    row, release, started = blocking_row(262144)
    app = create_app(Settings(Limits(max_in_flight=1, queue_timeout=5)), calculations=(row,))
    seen: dict[str, Reply] = {}

    async def first() -> None:
        seen["first"] = await asgi(
            app, "POST", CALC, chunks=[RAW], headers=[("content-type", JSON)]
        )

    async def scenario() -> None:
        seen["idle"] = await asgi(app, "GET", "/readyz")
        async with anyio.create_task_group() as group:
            group.start_soon(first)
            while not started.is_set():
                await anyio.sleep(0.01)
            seen["busy"] = await asgi(app, "GET", "/readyz")
            seen["health"] = await asgi(app, "GET", "/healthz")
            release.set()
        seen["after"] = await asgi(app, "GET", "/readyz")

    anyio.run(scenario)
    ready = {"schemaVersion": 1, "status": "ready", "inFlight": 0, "maxInFlight": 1, "waiting": 0}
    # the heavy pool's part (issue 34), its defaults: idle while only light work runs
    ready["heavy"] = {
        "status": "ready",
        "inFlight": 0,
        "maxInFlight": 1,
        "waiting": 0,
        "maxWaiting": 2,
    }
    assert (seen["idle"].status, json.loads(seen["idle"].body)) == (200, ready)
    busy = {**ready, "status": "saturated", "inFlight": 1}
    assert (seen["busy"].status, json.loads(seen["busy"].body)) == (503, busy)
    assert seen["busy"].headers["cache-control"] == "no-store"
    assert seen["health"].status == 200
    assert (seen["after"].status, json.loads(seen["after"].body)) == (200, ready)
    assert seen["first"].status == 200


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(json.loads(record.getMessage()))


@pytest.fixture
def access_lines() -> Any:
    """The access log's lines, from a handler on its own logger (it does not propagate)."""
    logger = logging.getLogger("quotecalc.http.access")
    handler = _Lines()
    logger.addHandler(handler)
    try:
        yield lambda: handler.lines
    finally:
        logger.removeHandler(handler)


def test_one_access_line_per_request_with_its_fields(access_lines: Any) -> None:
    app = create_app()
    answer = calculate(RAW).to_json()
    call(
        app,
        "POST",
        CALC,
        chunks=[RAW[:500], RAW[500:]],
        headers=[("content-type", JSON), ("x-request-id", "po-1")],
    )
    call(
        app,
        "POST",
        CALC,
        chunks=[b"{}"],
        headers=[("content-type", "text/plain"), ("x-request-id", "po-2")],
    )
    call(app, "GET", "/zq-secret-path", headers=[("x-request-id", "po-3")])
    call(
        app,
        "POST",
        CALC,
        chunks=[b"{"],
        headers=[("content-type", JSON), ("content-length", "10"), ("x-request-id", "po-4")],
        disconnect=True,
    )
    lines = access_lines()
    assert [line["requestId"] for line in lines] == ["po-1", "po-2", "po-3", "po-4"]
    first = lines[0]
    assert set(first) == {
        "time",
        "requestId",
        "method",
        "route",
        "status",
        "bytesIn",
        "bytesOut",
        "durationMs",
        "outcome",
    }
    assert (first["method"], first["route"], first["status"]) == ("POST", CALC, 200)
    assert (first["bytesIn"], first["bytesOut"], first["outcome"]) == (
        len(RAW),
        len(answer),
        "answered",
    )
    assert first["durationMs"] >= 0
    assert (lines[1]["status"], lines[1]["outcome"], lines[1]["bytesIn"]) == (
        415,
        "unsupported_media_type",
        2,
    )
    # the client's path is never echoed: an unknown route is "unmatched"
    assert (lines[2]["route"], lines[2]["status"], lines[2]["outcome"]) == (
        "unmatched",
        404,
        "not_found",
    )
    assert (lines[3]["outcome"], lines[3]["bytesIn"]) == ("client_disconnected", 1)


def _samples(text: str) -> dict[str, float]:
    """``name{labels} value`` lines of the exposition format (comments left out)."""
    found = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            found[name] = float(value)
    return found


def test_metrics_count_requests_by_route_and_status() -> None:
    app = create_app(Settings(Limits(max_in_flight=1, queue_timeout=0.05)))
    for _ in range(3):
        call(app, "POST", CALC, chunks=[RAW], headers=[("content-type", JSON)])
    call(app, "POST", CALC, chunks=[b"{}"], headers=[("content-type", "text/plain")])
    call(app, "GET", "/nope")
    call(
        app,
        "POST",
        CALC,
        chunks=[b"{"],
        headers=[("content-type", JSON), ("content-length", "5")],
        disconnect=True,
    )
    reply = call(app, "GET", "/metrics")
    assert reply.status == 200
    assert reply.headers["content-type"].startswith("text/plain")
    samples = _samples(reply.body.decode())
    assert samples[f'quotecalc_http_requests_total{{route="{CALC}",status="200"}}'] == 3
    assert samples[f'quotecalc_http_requests_total{{route="{CALC}",status="415"}}'] == 1
    assert samples['quotecalc_http_requests_total{route="unmatched",status="404"}'] == 1
    assert samples[f'quotecalc_http_request_duration_seconds_count{{route="{CALC}"}}'] == 5
    assert samples["quotecalc_http_queue_wait_seconds_count"] == 3
    assert samples["quotecalc_http_client_disconnects_total"] == 1
    assert samples["quotecalc_http_overloaded_total"] == 0
    assert samples["quotecalc_http_in_flight"] == 1  # the scrape itself


def test_metrics_count_503s() -> None:
    row, release, started = blocking_row(262144)
    app = create_app(Settings(Limits(max_in_flight=1, queue_timeout=0.1)), calculations=(row,))

    async def first() -> None:
        await asgi(app, "POST", CALC, chunks=[RAW], headers=[("content-type", JSON)])

    async def scenario() -> Reply:
        async with anyio.create_task_group() as group:
            group.start_soon(first)
            while not started.is_set():
                await anyio.sleep(0.01)
            await asgi(app, "POST", CALC, chunks=[RAW], headers=[("content-type", JSON)])
            release.set()
        return await asgi(app, "GET", "/metrics")

    samples = _samples(anyio.run(scenario).body.decode())
    assert samples["quotecalc_http_overloaded_total"] == 1
    assert samples[f'quotecalc_http_requests_total{{route="{CALC}",status="503"}}'] == 1


def _messages(*messages: dict[str, Any]) -> Any:
    queue = list(messages)
    asked = []

    async def receive() -> dict[str, Any]:
        asked.append(1)
        return queue.pop(0)

    return receive, asked


@pytest.mark.parametrize(
    ("announced", "messages", "ended", "asked"),
    [
        # announced over the limit: nothing is read, the connection must close
        (11, [], False, 0),
        # a body that ends within the limit: drained, the connection stays open
        (None, [{"type": "http.request", "body": b"x" * 10, "more_body": False}], True, 1),
        (
            10,
            [
                {"type": "http.request", "body": b"x" * 4, "more_body": True},
                {"type": "http.request", "body": b"x" * 6, "more_body": False},
            ],
            True,
            2,
        ),
        # longer than the limit: reading stops once past it
        (
            None,
            [
                {"type": "http.request", "body": b"x" * 6, "more_body": True},
                {"type": "http.request", "body": b"x" * 6, "more_body": True},
                {"type": "http.request", "body": b"x", "more_body": False},
            ],
            False,
            2,
        ),
        # ends exactly one byte past the limit: not drained within it
        (None, [{"type": "http.request", "body": b"x" * 11, "more_body": False}], False, 1),
        # the client went away
        (None, [{"type": "http.disconnect"}], False, 1),
    ],
)
def test_drain_reads_at_most_the_limit(
    announced: int | None, messages: list[dict[str, Any]], ended: bool, asked: int
) -> None:
    from quotecalc.http.edge import drain

    receive, calls = _messages(*messages)

    async def run() -> bool:
        return await drain(receive, announced, 10, 5.0)

    assert anyio.run(run) is ended
    assert len(calls) == asked


def test_drain_gives_up_after_the_timeout() -> None:
    from quotecalc.http.edge import drain

    async def receive() -> dict[str, Any]:
        await anyio.sleep_forever()
        raise AssertionError("unreachable")

    async def run() -> bool:
        return await drain(receive, None, 10, 0.05)

    assert anyio.run(run) is False


def test_a_client_gone_while_its_call_is_calculated_is_logged(access_lines: Any) -> None:
    """The body arrived whole, then the client went away: the call still runs (its answer
    is what the server then drops) and the access line says ``client_disconnected``."""
    app = create_app()
    headers = [("content-type", JSON), ("x-request-id", "late-1")]
    reply = call(app, "POST", CALC, chunks=[RAW], headers=headers, gone_after_body=True)
    assert (reply.status, reply.body) == (200, calculate(RAW).to_json())
    (line,) = access_lines()
    assert (line["requestId"], line["status"], line["outcome"]) == (
        "late-1",
        200,
        "client_disconnected",
    )
    call(
        app, "POST", CALC, chunks=[RAW], headers=[("content-type", JSON), ("x-request-id", "stay")]
    )
    assert access_lines()[1]["outcome"] == "answered"
