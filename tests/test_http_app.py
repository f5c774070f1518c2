"""The HTTP service in process (issue #10): the ASGI app driven through httpx's ASGI transport
and a raw ASGI driver (``http_support.asgi``), without a server.

- every example, byte for byte: the response body is ``calculate(raw).to_json()`` and the
  status is the one the status table gives its result;
- the edge, in order: 415 before any body byte is read, 413 from ``Content-Length`` before any
  body byte is read, 413 cutting an endless chunked body after limit + 1 bytes, 408 for a
  stalled body, a client that disconnects mid-body, 503 + ``Retry-After`` when every slot is
  busy, with ``/healthz`` answering meanwhile (the calculation runs off the event loop);
- 404 and 405 as fixed transport errors that echo nothing; the headers (request id, cache,
  CORS only when configured).

Expected statuses and error bodies are written out here, not read from the code's tables.
"""

from __future__ import annotations

import itertools
import json
import threading
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from http_support import EXAMPLE_PATHS, HAS_HTTP, JSON, Reply, asgi, call, example_id

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)

import httpx

from conftest import EXAMPLES, ROOT
from quotecalc import Result, analyze, calculate
from quotecalc.analysis.document import analyze as weight_analysis
from quotecalc.batch import calculate_batch
from quotecalc.engine.pipeline import Pipeline
from quotecalc.http.app import create_app
from quotecalc.http.limits import DRAIN_LIMIT, Limits, Settings
from quotecalc.http.operations import ANALYZE, CALCULATE, Calculation

LIMIT = 262144
CALC = "/quotecalc/calculate"
HTTP_STATUS = {"completed": 200, "partial": 200, "invalid_input": 422, "internal_error": 500}
MARKER = "zq-marker-77b1"


def error_body(code: str, message: str) -> bytes:
    return (
        json.dumps({"schemaVersion": 1, "error": {"code": code, "message": message}})
        .replace(", ", ",")
        .replace(": ", ":")
        .encode()
        + b"\n"
    )


NOT_FOUND = error_body("not_found", "No such route.")
NOT_ALLOWED = error_body("method_not_allowed", "This route does not accept this method.")
UNSUPPORTED = error_body(
    "unsupported_media_type", "The request body must be sent as application/json."
)
TIMEOUT = error_body("request_timeout", "The request body did not arrive within the read timeout.")
OVERLOADED = error_body("overloaded", "Too many calculations in flight; retry later.")


def _post(app: Any, raw: bytes, content_type: str = JSON) -> httpx.Response:
    async def run() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.post(CALC, content=raw, headers={"Content-Type": content_type})

    return anyio.run(run)


@pytest.fixture
def app() -> Any:
    # One app per test, not per module: mutmut maps a test to the functions it calls, and
    # the endpoints are built by create_app(); a shared app hid every later test from it.
    return create_app()


# ---- the calculator's answer, byte for byte ---------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLE_PATHS, ids=example_id)
def test_every_example_is_byte_identical_to_calculate(app: Any, path: Path) -> None:
    raw = path.read_bytes()
    expected = calculate(raw)
    response = _post(app, raw)
    assert response.content == expected.to_json()
    assert response.status_code == HTTP_STATUS[expected.status]
    assert response.headers["content-type"] == JSON
    assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (b'{"schemaVersion":1,"schemaVersion":1}', 422),  # duplicate key: seen only on bytes
        (b"\xef\xbb\xbf{}", 422),  # a byte-order mark
        (b"", 422),
        (b'{"schemaVersion":1e0}', 422),  # literal form
        ("\u00e9".encode("latin-1"), 422),  # not UTF-8
    ],
)
def test_raw_bytes_reach_the_parser(app: Any, raw: bytes, status: int) -> None:
    response = _post(app, raw)
    assert response.status_code == status
    assert response.content == calculate(raw).to_json()


class _Broken:
    name = "broken"

    def __call__(self, ctx: Any) -> Any:
        raise RuntimeError(MARKER)

    def summary(self, ctx: Any) -> dict[str, object]:
        return {}


def test_internal_error_is_500_with_the_result_object() -> None:
    broken = Pipeline(stages=(_Broken(),))  # type: ignore[arg-type]

    def run(raw: bytes) -> Result:
        return calculate(raw, pipeline=broken)

    row = Calculation(
        path=CALC,
        operation_id="broken",
        summary="",
        description="",
        body_limit=LIMIT,
        run=run,
        request_component="Request",
        result_component="Result",
    )
    raw = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
    response = _post(create_app(calculations=(row,)), raw)
    assert response.status_code == 500
    assert response.content == run(raw).to_json()
    assert json.loads(response.content)["status"] == "internal_error"
    assert MARKER.encode() not in response.content


# ---- the edge ---------------------------------------------------------------------------------

ACCEPTED = ["application/json", "Application/JSON", "application/json; charset=utf-8"]
ACCEPTED += ['application/json;charset="UTF-8"']
REFUSED = [None, "text/plain", "application/json; charset=latin-1", "application/x-ndjson"]
REFUSED += ["application/json; foo=bar", "application/json; charset=utf-8; q=1", "json"]
REFUSED += ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]


@pytest.mark.parametrize("content_type", ACCEPTED)
def test_accepted_content_types(app: Any, content_type: str) -> None:
    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    reply = call(app, "POST", CALC, chunks=[raw], headers=[("content-type", content_type)])
    assert (reply.status, reply.body) == (200, calculate(raw).to_json())


@pytest.mark.parametrize("content_type", REFUSED)
def test_other_content_types_are_415_after_the_body_is_drained(
    app: Any, content_type: str | None
) -> None:
    """415 is decided from the header; the body (one chunk and its end: two receives) is read
    and dropped first, so the answer arrives and the connection stays open."""
    headers = [] if content_type is None else [("content-type", content_type)]
    reply = call(app, "POST", CALC, chunks=[b"{}"], headers=headers)
    assert (reply.status, reply.body, reply.receives) == (415, UNSUPPORTED, 2)
    assert "connection" not in reply.headers
    assert reply.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "types", [[JSON, JSON], [JSON, "text/plain"], ["text/plain", JSON], [JSON, ""]]
)
def test_a_repeated_content_type_is_415(app: Any, types: list[str]) -> None:
    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    headers = [("content-type", value) for value in types]
    reply = call(app, "POST", CALC, chunks=[raw], headers=headers)
    assert (reply.status, reply.body) == (415, UNSUPPORTED)


def test_a_body_announced_over_the_drain_limit_is_not_read() -> None:
    app = create_app(Settings(Limits(drain_limit=1000)))
    headers = [("content-type", "text/plain"), ("content-length", "1001")]
    reply = call(app, "POST", CALC, chunks=[b" " * 1001], headers=headers, stall=True)
    assert (reply.status, reply.body, reply.receives) == (415, UNSUPPORTED, 0)
    assert reply.headers["connection"] == "close"


def _too_large_body() -> bytes:
    return calculate(b"{" * (LIMIT + 1)).to_json()


def test_announced_length_over_the_limit_is_413_and_the_body_drained(app: Any) -> None:
    """LIMIT + 1 = 4 * 65536 + 1 bytes announced and sent: nothing is parsed, the five
    chunks and the end (six receives) are dropped, then 413 on an open connection."""
    headers = [("content-type", JSON), ("content-length", str(LIMIT + 1))]
    reply = call(app, "POST", CALC, chunks=[b"{" * 65536] * 4 + [b"{"], headers=headers)
    assert (reply.status, reply.receives) == (413, 6)
    assert reply.body == _too_large_body()
    assert json.loads(reply.body)["limitations"][0]["code"] == "input_too_large"
    assert "connection" not in reply.headers


def test_announced_length_over_the_drain_limit_is_413_before_reading() -> None:
    app = create_app(Settings(Limits(drain_limit=LIMIT)))
    headers = [("content-type", JSON), ("content-length", str(LIMIT + 1))]
    reply = call(app, "POST", CALC, chunks=[b" " * 65536] * 5, headers=headers, stall=True)
    assert (reply.status, reply.receives) == (413, 0)
    assert reply.body == _too_large_body()
    assert reply.headers["connection"] == "close"


def test_chunked_body_is_cut_after_limit_plus_one_bytes(app: Any) -> None:
    """An endless body in 64 KiB chunks: the app keeps ceil((limit + 1) / 65536) = 5 chunks,
    then drops at most the drain limit (256 MiB = 4096 chunks; the 4097th passes it) and
    answers with the connection closed; it never asks for another chunk."""

    def endless() -> Any:
        while True:
            yield b" " * 65536

    reply = call(app, "POST", CALC, chunks=endless(), headers=[("content-type", JSON)])
    assert DRAIN_LIMIT == 4096 * 65536
    assert (reply.status, reply.receives) == (413, 5 + 4097)
    assert reply.body == _too_large_body()
    assert reply.headers["connection"] == "close"


def test_exactly_the_limit_is_calculated(app: Any) -> None:
    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    padded = raw + b" " * (LIMIT - len(raw))
    reply = call(
        app,
        "POST",
        CALC,
        chunks=[padded[:100000], padded[100000:]],
        headers=[("content-type", JSON)],
    )
    assert len(padded) == LIMIT
    assert (reply.status, reply.body) == (200, calculate(raw).to_json())


def test_stalled_body_is_408() -> None:
    app = create_app(Settings(Limits(read_timeout=0.2)))
    reply = call(
        app, "POST", CALC, chunks=[b'{"schema'], headers=[("content-type", JSON)], stall=True
    )
    assert (reply.status, reply.body) == (408, TIMEOUT)
    assert reply.headers["connection"] == "close"


def test_client_disconnect_mid_body_is_not_a_crash(app: Any) -> None:
    headers = [("content-type", JSON), ("content-length", "1000")]
    reply = call(app, "POST", CALC, chunks=[b'{"schema'], headers=headers, disconnect=True)
    assert reply.status == 400
    assert json.loads(reply.body)["error"]["code"] == "client_disconnected"


def test_busy_slots_answer_503_and_health_stays_responsive() -> None:
    """One slot, held by a calculation blocked in its worker thread: a second call waits
    ``queue_timeout`` and gets 503 with Retry-After, while ``/healthz`` answers at once."""
    release, started = threading.Event(), threading.Event()

    def slow(raw: bytes) -> Result:
        started.set()
        release.wait(10)
        return calculate(raw)

    row = Calculation(CALC, "slow", "", "", LIMIT, slow, "Request", "Result")
    app = create_app(Settings(Limits(max_in_flight=1, queue_timeout=0.3)), calculations=(row,))
    raw = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
    replies: dict[str, Reply] = {}

    async def first() -> None:
        replies["first"] = await asgi(
            app, "POST", CALC, chunks=[raw], headers=[("content-type", JSON)]
        )

    async def scenario() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(first)
            while not started.is_set():
                await anyio.sleep(0.01)
            replies["health"] = await asgi(app, "GET", "/healthz")
            replies["second"] = await asgi(
                app, "POST", CALC, chunks=[raw], headers=[("content-type", JSON)]
            )
            release.set()

    anyio.run(scenario)
    assert replies["health"].status == 200
    assert (replies["second"].status, replies["second"].body) == (503, OVERLOADED)
    assert replies["second"].headers["retry-after"] == "1"
    assert (replies["first"].status, replies["first"].body) == (200, calculate(raw).to_json())


# ---- routes, methods, documents ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "status", "body"),
    [
        ("GET", f"/{MARKER}", 404, NOT_FOUND),
        ("POST", f"/quotecalc/{MARKER}", 404, NOT_FOUND),
        ("GET", CALC, 405, NOT_ALLOWED),
        ("PUT", CALC, 405, NOT_ALLOWED),
        ("DELETE", "/healthz", 405, NOT_ALLOWED),
        ("POST", "/openapi.json", 405, NOT_ALLOWED),
        ("OPTIONS", CALC, 405, NOT_ALLOWED),  # no CORS configured: no preflight either
    ],
)
def test_unknown_route_and_method(
    app: Any, method: str, path: str, status: int, body: bytes
) -> None:
    reply = call(app, method, path, headers=[("content-type", JSON), ("origin", "http://x.test")])
    assert (reply.status, reply.body) == (status, body)
    assert MARKER.encode() not in reply.body
    assert not any(name.startswith("access-control-") for name in reply.headers)
    if status == 405:
        assert reply.headers["allow"]


def test_healthz(app: Any) -> None:
    reply = call(app, "GET", "/healthz")
    assert reply.status == 200
    assert json.loads(reply.body) == {
        "schemaVersion": 1,
        "status": "ok",
        "tool": "quotecalc",
        "toolVersion": "0.1.0",
    }


def test_openapi_is_the_committed_file(app: Any) -> None:
    reply = call(app, "GET", "/openapi.json")
    assert reply.status == 200
    assert reply.body == (ROOT / "docs" / "openapi.json").read_bytes()
    assert reply.headers["content-type"] == JSON


# ---- headers ----------------------------------------------------------------------------------

GOOD_IDS = ["a", "req-42", " padded inside ", "x" * 128, "~!@#$%^&*()_+{}|:<>?", "0" * 1]
BAD_IDS = ["", "x" * 129, "caf\u00e9", "tab\there", "line\x7f"]


@pytest.mark.parametrize("value", GOOD_IDS)
@pytest.mark.parametrize("path", [CALC, "/healthz", "/nope"])
def test_request_id_is_echoed(app: Any, value: str, path: str) -> None:
    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    headers = [("content-type", JSON), ("x-request-id", value)]
    method = "POST" if path == CALC else "GET"
    reply = call(app, method, path, chunks=[raw], headers=headers)
    assert reply.headers["x-request-id"] == value


@pytest.mark.parametrize("values", [[v] for v in BAD_IDS] + [["a", "b"]])
def test_unacceptable_request_id_is_replaced(app: Any, values: list[str]) -> None:
    headers = [("x-request-id", value) for value in values]
    first = call(app, "GET", "/healthz", headers=headers).headers["x-request-id"]
    second = call(app, "GET", "/healthz", headers=headers).headers["x-request-id"]
    for generated in (first, second):
        assert len(generated) == 32 and all(c in "0123456789abcdef" for c in generated)
        assert generated not in values
    assert first != second


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/openapi.json"),
        ("GET", "/nope"),
        ("GET", "/healthz"),
        ("HEAD", "/healthz"),
        ("GET", "/readyz"),
        ("GET", "/metrics"),
        ("PUT", CALC),
        ("POST", CALC + "/"),
    ],
)
def test_every_response_carries_no_store_and_a_request_id(app: Any, method: str, path: str) -> None:
    reply = call(app, method, path, headers=[("content-type", JSON)])
    assert reply.headers["cache-control"] == "no-store"
    assert reply.headers["x-request-id"]


@pytest.mark.parametrize("path", [CALC + "/", "/healthz/", "/quotecalc/analyze/", "//healthz"])
def test_no_redirects_a_trailing_slash_is_404(app: Any, path: str) -> None:
    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    for method in ("GET", "POST"):
        reply = call(app, method, path, chunks=[raw], headers=[("content-type", JSON)])
        assert (reply.status, reply.body) == (404, NOT_FOUND)
        assert "location" not in reply.headers
        assert reply.headers["content-type"] == JSON


def test_cors_only_when_configured() -> None:
    origin = "https://erp.example.test"
    app = create_app(Settings(cors_origins=(origin,)))
    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    headers = [("content-type", JSON), ("origin", origin)]
    reply = call(app, "POST", CALC, chunks=[raw], headers=headers)
    assert reply.headers["access-control-allow-origin"] == origin
    assert "x-request-id" in reply.headers["access-control-expose-headers"].lower()
    assert reply.body == calculate(raw).to_json()
    preflight = [
        ("origin", origin),
        ("access-control-request-method", "POST"),
        ("access-control-request-headers", "content-type"),
    ]
    allowed = call(app, "OPTIONS", CALC, headers=[*preflight, ("x-request-id", "pf-1")])
    assert (allowed.status, allowed.body) == (200, b'{"schemaVersion":1,"status":"ok"}\n')
    assert allowed.headers["content-type"] == JSON
    assert allowed.headers["x-request-id"] == "pf-1"
    assert allowed.headers["cache-control"] == "no-store"
    assert allowed.headers["access-control-allow-origin"] == origin
    refused = call(app, "OPTIONS", CALC, headers=[("origin", "https://evil.test"), *preflight[1:]])
    assert refused.status == 400
    assert refused.body == error_body(
        "cors_not_allowed", "This cross-origin request is not allowed."
    )
    assert refused.headers["content-type"] == JSON
    assert refused.headers["x-request-id"]
    other = call(
        app, "POST", CALC, chunks=[raw], headers=[*headers[:1], ("origin", "https://evil.test")]
    )
    assert "access-control-allow-origin" not in other.headers


def test_the_default_row_is_the_cli_contract() -> None:
    assert (CALCULATE.path, CALCULATE.body_limit) == (CALC, LIMIT)


# ---- the batch route ---------------------------------------------------------------------------

BATCH = "/quotecalc/calculate-batch"
BATCH_LIMIT = 2_097_152


def _batch_post(app: Any, raw: bytes) -> Reply:
    return call(app, "POST", BATCH, chunks=[raw], headers=[("content-type", JSON)])


def test_batch_of_every_example_matches_single_calls_item_by_item(app: Any) -> None:
    """The examples' own bytes, pasted into one body (so literal forms survive): the answer is
    ``{"results": [...]}`` whose items are, byte for byte, the single calls' results."""
    items = [path.read_bytes().strip() for path in EXAMPLE_PATHS]
    assert 1 < len(items) <= 24
    body = b'{"requests":[' + b",".join(items) + b"]}"
    reply = _batch_post(app, body)
    singles = [calculate(item).to_json()[:-1] for item in items]
    assert reply.status == 200
    assert reply.body == b'{"results":[' + b",".join(singles) + b"]}\n"
    assert reply.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "body",
    [b"", b"[]", b'{"requests":[]}', b'{"requests":null}', b'{"requests":{}}', b'{"x":1}'],
)
def test_batch_body_that_is_not_a_batch_is_one_422(app: Any, body: bytes) -> None:
    reply = _batch_post(app, body)
    assert reply.status == 422
    answer = json.loads(reply.body)
    assert answer["status"] == "invalid_input"
    assert reply.body == calculate_batch(body).to_json()


def test_batch_over_24_items_is_422(app: Any) -> None:
    item = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes().strip()
    reply = _batch_post(app, b'{"requests":[' + b",".join([item] * 25) + b"]}")
    assert reply.status == 422
    assert [e["code"] for e in json.loads(reply.body)["limitations"]] == ["out_of_range"]


def test_batch_too_large_by_length_and_by_stream(app: Any) -> None:
    expected = calculate_batch(b" " * (BATCH_LIMIT + 1))
    assert expected.too_large
    headers = [("content-type", JSON), ("content-length", str(BATCH_LIMIT + 1))]
    undrained = create_app(Settings(Limits(drain_limit=0)))
    announced = call(undrained, "POST", BATCH, headers=headers, stall=True)
    assert (announced.status, announced.receives, announced.body) == (413, 0, expected.to_json())

    def endless() -> Any:
        while True:
            yield b" " * 65536

    streamed = call(app, "POST", BATCH, chunks=endless(), headers=[("content-type", JSON)])
    assert (streamed.status, streamed.body) == (413, expected.to_json())
    # the first limit + 1 bytes, then at most the drain limit (256 MiB: 4097 chunks) dropped
    assert streamed.receives == -(-(BATCH_LIMIT + 1) // 65536) + 4097


def test_batch_refuses_other_content_types(app: Any) -> None:
    reply = call(app, "POST", BATCH, chunks=[b"{}"], headers=[("content-type", "text/plain")])
    assert (reply.status, reply.body) == (415, UNSUPPORTED)


@pytest.mark.parametrize(
    "definition",
    sorted((ROOT / "docs" / "tool").glob("tool-definition*.json")),
    ids=lambda p: p.name,
)
def test_every_tool_definition_route_is_served(app: Any, definition: Path) -> None:
    """Each published ToolDefinition's method and path is a route of the app (a host calls
    exactly what it names); an empty object answers the calculator's invalid_input."""
    document = json.loads(definition.read_bytes())
    assert document["method"] == "POST"
    reply = call(app, "POST", document["path"], chunks=[b"{}"], headers=[("content-type", JSON)])
    assert reply.status == 422
    assert json.loads(reply.body)["status"] == "invalid_input"


def test_a_fault_of_the_service_is_server_error_without_details() -> None:
    """A runner that raises (never the calculator, which answers internal_error itself) is
    the fixed server_error object: nothing of the exception, the request id still set."""

    def crash(raw: bytes) -> Result:
        raise RuntimeError(MARKER)

    row = Calculation(CALC, "crash", "", "", LIMIT, crash, "Request", "Result")
    app = create_app(calculations=(row,))

    async def run() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.post(CALC, content=b"{}", headers={"Content-Type": JSON})

    response = anyio.run(run)
    expected = error_body(
        "server_error", "The HTTP service failed before the calculator could answer."
    )
    assert (response.status_code, response.content) == (500, expected)
    assert MARKER not in response.text
    assert response.headers["x-request-id"]


# ---- the analysis route (issue 11) -------------------------------------------------------------

ANALYSIS = "/quotecalc/analyze"


def _analysis_post(app: Any, raw: bytes) -> Reply:
    return call(app, "POST", ANALYSIS, chunks=[raw], headers=[("content-type", JSON)])


def test_the_analysis_row_is_the_cli_contract() -> None:
    from quotecalc.kinds import Entry

    assert (ANALYZE.path, ANALYZE.body_limit) == (ANALYSIS, LIMIT)
    # The route runs the analysis row (issues 34, 39), as analyze() does.
    assert ANALYZE.run == Entry("analysis")


@pytest.mark.parametrize("path", EXAMPLE_PATHS, ids=example_id)
def test_every_example_analysis_is_byte_identical_to_analyze(app: Any, path: Path) -> None:
    raw = path.read_bytes()
    expected = analyze(raw)
    reply = _analysis_post(app, raw)
    assert reply.body == expected.to_json()
    assert reply.status == HTTP_STATUS[expected.output["status"]]
    assert json.loads(reply.body)["kind"] == "weight-analysis"
    assert reply.headers["content-type"] == JSON
    assert reply.headers["cache-control"] == "no-store"


@pytest.mark.parametrize(
    "raw", [b'{"schemaVersion":1,"schemaVersion":1}', b"", b'{"schemaVersion":1e0}', b"[]"]
)
def test_analysis_raw_bytes_reach_the_parser(app: Any, raw: bytes) -> None:
    reply = _analysis_post(app, raw)
    assert (reply.status, reply.body) == (422, analyze(raw).to_json())


def test_analysis_too_large_by_length_and_by_stream(app: Any) -> None:
    """Over the limit: 413 with the analysis document of the CLI's input_too_large result,
    announced (nothing read) or streamed (cut after limit + 1 bytes)."""
    expected = analyze(b" " * (LIMIT + 1)).to_json()
    document = json.loads(expected)
    assert (document["kind"], document["status"], document["analysis"]) == (
        "weight-analysis",
        "invalid_input",
        None,
    )
    assert [reason["code"] for reason in document["reasons"]] == ["input_too_large"]
    headers = [("content-type", JSON), ("content-length", str(LIMIT + 1))]
    undrained = create_app(Settings(Limits(drain_limit=0)))
    announced = call(undrained, "POST", ANALYSIS, headers=headers, stall=True)
    assert (announced.status, announced.receives, announced.body) == (413, 0, expected)

    def endless() -> Any:
        while True:
            yield b" " * 65536

    streamed = call(app, "POST", ANALYSIS, chunks=endless(), headers=[("content-type", JSON)])
    assert (streamed.status, streamed.receives, streamed.body) == (413, 5 + 4097, expected)


def test_analysis_internal_error_is_500_with_the_document() -> None:
    broken = Pipeline(stages=(_Broken(),))  # type: ignore[arg-type]

    def run(raw: bytes) -> Any:
        return weight_analysis(raw, pipeline=broken)

    row = Calculation(ANALYSIS, "broken", "", "", LIMIT, run, "Request", "Analysis")
    raw = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
    reply = _analysis_post(create_app(calculations=(row,)), raw)
    assert (reply.status, reply.body) == (500, run(raw).to_json())
    assert json.loads(reply.body)["status"] == "internal_error"
    assert MARKER.encode() not in reply.body


def test_analysis_refuses_other_content_types(app: Any) -> None:
    reply = call(app, "POST", ANALYSIS, chunks=[b"{}"], headers=[("content-type", "text/plain")])
    assert (reply.status, reply.body, reply.receives) == (415, UNSUPPORTED, 2)


# ---- every kind of answer conforms to the OpenAPI document ------------------------------------


def _documented(path: str, status: int, body: bytes) -> None:
    """``body`` validates against the schema the OpenAPI document gives for ``status`` on
    ``path`` (references resolved inside the document itself)."""
    from jsonschema import Draft202012Validator

    document = json.loads((ROOT / "docs" / "openapi.json").read_bytes())
    response = document["paths"][path]["post"]["responses"][str(status)]
    schema = response["content"][JSON]["schema"]
    validator = Draft202012Validator({**schema, "components": document["components"]})
    errors = [error.message for error in validator.iter_errors(json.loads(body))]
    assert not errors, errors[:3]


def test_edge_answers_conform_to_the_document(app: Any) -> None:
    """The answers schemathesis cannot provoke (413, 415, 408, 503) and one of each
    calculator status, on both calculation routes, are the documented objects."""
    json_type = [("content-type", JSON)]
    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    for path, limit in ((CALC, LIMIT), (BATCH, BATCH_LIMIT), (ANALYSIS, LIMIT)):
        too_large = [("content-type", JSON), ("content-length", str(limit + 1))]
        replies = [
            call(app, "POST", path, headers=too_large),
            call(app, "POST", path, chunks=[b"{}"], headers=[("content-type", "text/plain")]),
            call(app, "POST", path, chunks=[b"{}"], headers=json_type),
            call(
                create_app(Settings(Limits(read_timeout=0.05))),
                "POST",
                path,
                chunks=[b"{"],
                headers=json_type,
                stall=True,
            ),
        ]
        body = b'{"requests":[' + raw + b"]}" if path == BATCH else raw
        replies.append(call(app, "POST", path, chunks=[body], headers=json_type))
        assert sorted(reply.status for reply in replies) == [200, 408, 413, 415, 422]
        for reply in replies:
            _documented(path, reply.status, reply.body)
    _documented(CALC, 503, OVERLOADED)
    broken = calculate(b"{}", pipeline=Pipeline(stages=(_Broken(),)))  # type: ignore[arg-type]
    _documented(CALC, 500, broken.to_json())
    broken_analysis = weight_analysis(b"{}", pipeline=Pipeline(stages=(_Broken(),)))  # type: ignore[arg-type]
    _documented(ANALYSIS, 500, broken_analysis.to_json())


# ---- property: any bytes, in any chunks, reach calculate() unchanged ----------------------------

_SAMPLES = [path.read_bytes() for path in EXAMPLE_PATHS]
_BODIES = st.one_of(
    st.binary(max_size=2000),
    st.sampled_from(_SAMPLES),
    st.builds(
        lambda raw, cut, junk: raw[:cut] + junk + raw[cut:],
        st.sampled_from(_SAMPLES),
        st.integers(0, 400),
        st.binary(max_size=8),
    ),
)
_APP = create_app()


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=_BODIES, cuts=st.lists(st.integers(0, 3000), max_size=6))
def test_any_body_in_any_chunks_is_answered_as_calculate(body: bytes, cuts: list[int]) -> None:
    points = sorted({0, len(body), *(cut for cut in cuts if cut < len(body))})
    chunks = [body[start:end] for start, end in itertools.pairwise(points)]
    reply = call(_APP, "POST", CALC, chunks=chunks, headers=[("content-type", JSON)])
    expected = calculate(body)
    assert (reply.status, reply.body) == (HTTP_STATUS[expected.status], expected.to_json())
