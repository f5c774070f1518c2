"""The HTTP service's edges, round two (issue 28): a real ``python -m quotecalc.http`` on
127.0.0.1 driven by raw sockets, asyncio streams and httpx, plus the metrics in process.

- ``Expect: 100-continue``: the 413, 415 and 503 decided before the body arrive before the
  client sends it (no "100 Continue" first), with ``Connection: close``;
- without it, a standard client -- one that writes its whole body, then reads -- gets the
  early answer (413 over a route's limit, the intake's 10 MiB included; 503 of the body
  budget) after its body was read and dropped, never a reset;
- a transfer coding other than ``chunked`` alone is refused with the JSON error (501); a
  malformed ``Content-Length`` is answered by the server itself (400, empty: the app never
  sees the request, ``docs/http.md``);
- a client that half-closes its socket after its request (``shutdown(SHUT_WR)``): granian
  does not let hyper keep a half-closed connection, so it gets no answer -- recorded as a
  strict expected failure, with a guard that fails the day granian offers the setting
  (``docs/decisions.md`` 28.50-28.53);
- ``/metrics`` counts clients that hung up before their answer under
  ``status="client_disconnected"``, not under a status that was never sent.

Every server is killed as a process group; nothing of it runs or listens afterwards. Every
wait is bounded.
"""

from __future__ import annotations

import asyncio
import dataclasses
import gzip
import inspect
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from http_support import HAS_HTTP, JSON, Server, assert_all_gone, call

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)

from starlette.datastructures import Headers

from conftest import EXAMPLES, run_cli
from quotecalc.http import metrics
from quotecalc.http.app import create_app
from quotecalc.http.edge import expects_continue, transfer_codings, undecoded_coding
from quotecalc.http.limits import Limits, Settings

CALC = "/quotecalc/calculate"
BATCH = "/quotecalc/calculate-batch"
INTAKE = "/quotecalc/intake"
LIMIT = 262144
INTAKE_LIMIT = 10 * 1024 * 1024 + 64 * 1024  # the intake's 10 MiB file and the form's fields
CSV = "text/csv"
RAW = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
UNSUPPORTED = b'{"schemaVersion":1,"error":{"code":"unsupported_media_type","message":"The request body must be sent as application/json."}}\n'  # noqa: E501
TOO_LARGE_PAGE = b'{"schemaVersion":1,"error":{"code":"payload_too_large","message":"The body is larger than this route accepts."}}\n'  # noqa: E501
OVERLOADED = b'{"schemaVersion":1,"error":{"code":"overloaded","message":"Too many calculations in flight; retry later."}}\n'  # noqa: E501
UNDECODED = b'{"schemaVersion":1,"error":{"code":"unsupported_transfer_coding","message":"The request body must be sent as is or with Transfer-Encoding: chunked alone; no other transfer coding is decoded."}}\n'  # noqa: E501


@pytest.fixture(autouse=True, scope="module")
def no_server_left() -> Iterator[None]:
    yield
    assert_all_gone()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server("--read-timeout", "3", "--queue-timeout", "0.5")
    try:
        yield running
    finally:
        running.stop()
        running.assert_gone()


def head(path: str, **headers: str) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def read_all(sock: socket.socket, timeout: float = 5) -> bytes:
    """Everything the server sends until it closes (or ``timeout`` passes: then the bytes so
    far and a marker)."""
    sock.settimeout(timeout)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        return data + b"<still open>"
    except ConnectionResetError:
        return data + b"<reset>"
    return data


def parse(data: bytes) -> tuple[int, dict[str, str], bytes]:
    head_bytes, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head_bytes.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


# ---- Expect: 100-continue -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "headers", "status", "expected"),
    [
        (CALC, {"Content-Type": JSON, "Content-Length": str(LIMIT + 1)}, 413, None),
        (CALC, {"Content-Type": "text/plain", "Content-Length": "3000"}, 415, UNSUPPORTED),
        (INTAKE, {"Content-Type": CSV, "Content-Length": str(INTAKE_LIMIT + 1)}, 413, None),
        (INTAKE, {"Content-Type": CSV, "Content-Length": "11000000"}, 413, TOO_LARGE_PAGE),
        (BATCH, {"Content-Type": "text/csv", "Content-Length": "2000000"}, 415, UNSUPPORTED),
    ],
    ids=["413-calculate", "415-calculate", "413-intake-by-one", "413-intake-11MB", "415-batch"],
)
def test_expect_100_continue_gets_its_early_answer_before_sending_the_body(
    server: Server, path: str, headers: dict[str, str], status: int, expected: bytes | None
) -> None:
    with server.connect() as sock:
        sock.sendall(head(path, Expect="100-continue", **headers))
        data = read_all(sock)  # the body is never sent
    assert not data.startswith(b"HTTP/1.1 100"), data[:200]
    got, answer_headers, body = parse(data)
    assert got == status, data[:300]
    if expected is None:  # the calculate route's 413 is the CLI's own answer
        expected = run_cli(b" " * (LIMIT + 1)).stdout if path == CALC else TOO_LARGE_PAGE
    assert body == expected  # then the server closed: no "<still open>" marker
    assert answer_headers["connection"] == "close"


def test_expect_100_continue_still_gets_100_when_the_body_is_wanted(server: Server) -> None:
    with server.connect() as sock:
        sock.sendall(
            head(
                CALC,
                Expect="100-continue",
                **{"Content-Type": JSON, "Content-Length": str(len(RAW))},
            )
        )
        sock.settimeout(5)
        assert sock.recv(64) == b"HTTP/1.1 100 Continue\r\n\r\n"
        sock.sendall(RAW + b"\r\n")  # nothing after the body is read as part of it
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        status, headers, body = parse(data)
        while len(body) < int(headers["content-length"]):
            body += sock.recv(65536)
    assert (status, body) == (200, run_cli(RAW).stdout)


def test_expect_100_continue_gets_its_503_before_sending_the_body() -> None:
    """One request holds the whole body budget (it announced 2,000,000 bytes and sends none);
    the next one, expecting 100-continue, waits ``--queue-timeout`` for budget and gets its
    503 without having sent a byte of its body."""
    server = Server("--body-budget", "2097153", "--queue-timeout", "0.3", "--read-timeout", "5")
    try:
        with server.connect() as holder, server.connect() as sock:
            holder.sendall(head(BATCH, **{"Content-Type": JSON, "Content-Length": "2000000"}))
            time.sleep(0.3)  # the holder's reservation is taken before the next one asks
            sock.sendall(
                head(
                    CALC,
                    Expect="100-continue",
                    **{"Content-Type": JSON, "Content-Length": "200000"},
                )
            )
            data = read_all(sock)
        status, headers, body = parse(data)
        assert (status, body) == (503, OVERLOADED), data[:300]
        assert (headers["retry-after"], headers["connection"]) == ("1", "close")
    finally:
        server.stop()
        server.assert_gone()


# ---- without Expect: the answer after the body was dropped -----------------------------------


def test_httpx_gets_the_413_of_an_upload_over_the_intake_limit(server: Server) -> None:
    """An 11 MB sheet (over the intake's 10 MiB): httpx writes it whole, then reads."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for _ in range(3):
            response = client.post(
                INTAKE, content=b"a,b\n" * 2_750_000, headers={"Content-Type": CSV}
            )
            assert (response.status_code, response.content) == (413, TOO_LARGE_PAGE)
        # over the calculation route's limit and the old 4 MiB drain limit
        response = client.post(CALC, content=b" " * 5_000_000, headers={"Content-Type": JSON})
        assert (response.status_code, response.content) == (413, run_cli(b" " * 5_000_000).stdout)


def test_an_asyncio_client_gets_the_413_of_an_upload_over_the_intake_limit(
    server: Server,
) -> None:
    async def upload() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        try:
            body = b"x" * 11_000_000
            writer.write(head(INTAKE, **{"Content-Type": CSV, "Content-Length": str(len(body))}))
            writer.write(body)
            await writer.drain()
            return await asyncio.wait_for(reader.readuntil(b"}\n"), 10)
        finally:
            writer.close()

    for _ in range(3):
        status, _, body = parse(asyncio.run(upload()))
        assert (status, body) == (413, TOO_LARGE_PAGE)


def test_concurrent_large_uploads_get_their_503_not_a_broken_pipe(server: Server) -> None:
    """Eight 9 MB sheets at once from asyncio clients (each writes its whole body, then
    reads, and stops at a failed write as aiohttp does): the worker's 16 MiB body budget
    admits one at a time, the others wait ``--queue-timeout`` (0.5 s) and get 503 once their
    body was dropped. Every client gets an answer."""
    body = b"x" * 9_000_000  # one 9 MB field: the intake refuses it at once

    async def upload() -> int | str:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        try:
            writer.write(head(INTAKE, **{"Content-Type": CSV, "Content-Length": str(len(body))}))
            writer.write(body)
            await writer.drain()
            status, _, answer = parse(await asyncio.wait_for(reader.readuntil(b"}\n"), 30))
        except (OSError, asyncio.IncompleteReadError) as error:
            return type(error).__name__
        finally:
            writer.close()
        if status == 503:
            assert answer == OVERLOADED
        return status

    async def everyone() -> list[int | str]:
        return list(await asyncio.gather(*(upload() for _ in range(8))))

    statuses = asyncio.run(everyone())
    assert 503 in statuses, statuses
    assert set(statuses) <= {422, 503}, statuses


# ---- transfer codings and what the server answers itself ------------------------------------


def chunked(body: bytes) -> bytes:
    return b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)


@pytest.mark.parametrize(
    "coding", ["gzip, chunked", "GZIP,chunked", "deflate, chunked", "chunked, chunked"]
)
def test_a_transfer_coding_other_than_chunked_is_refused_as_json(
    server: Server, coding: str
) -> None:
    """``gzip, chunked`` was read as plain JSON (the server removes only the chunked
    framing); now 501 with the JSON error, and the connection stays usable."""
    payload = gzip.compress(RAW) if "chunked," not in coding else RAW
    with server.connect() as sock:
        sock.sendall(
            head(CALC, **{"Content-Type": JSON, "Transfer-Encoding": coding}) + chunked(payload)
        )
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        data = read_all(sock)
    first, _, rest = data.partition(b"}\n")
    status, headers, body = parse(first + b"}\n")
    if status == 400 and not body:  # hyper itself refuses a repeated chunked (RFC 9112 6.3)
        assert coding == "chunked, chunked"
        return
    assert (status, body) == (501, UNDECODED), data[:300]
    assert headers["content-type"] == JSON and headers["cache-control"] == "no-store"
    assert rest.startswith(b"HTTP/1.1 200"), rest[:100]


def test_an_undecoded_coding_with_expect_is_refused_before_the_body(server: Server) -> None:
    with server.connect() as sock:
        sock.sendall(
            head(
                CALC,
                Expect="100-continue",
                **{"Content-Type": JSON, "Transfer-Encoding": "gzip, chunked"},
            )
        )
        status, headers, body = parse(read_all(sock))
    assert (status, body, headers["connection"]) == (501, UNDECODED, "close")


@pytest.mark.parametrize(
    "header",
    [
        "Content-Length: abc",
        "Content-Length: -1",
        "Content-Length: 1, 2",
        "Transfer-Encoding: gzip",
    ],
)
def test_a_malformed_framing_is_answered_by_the_server_itself(server: Server, header: str) -> None:
    """What granian's HTTP core refuses before any ASGI code runs: 400 with an empty body and
    the connection closed (no hook hands it to the app; ``docs/http.md``)."""
    with server.connect() as sock:
        request = f"POST {CALC} HTTP/1.1\r\nHost: t\r\nContent-Type: {JSON}\r\n{header}\r\n\r\n{{}}"
        sock.sendall(request.encode())
        status, headers, body = parse(read_all(sock))
    assert (status, body, headers["connection"]) == (400, b"", "close")


# ---- half-close ----------------------------------------------------------------------------


def _many_quotes() -> bytes:
    """The example with 100 quotes: long enough to compute that the server has read the
    client's end of stream before the answer is ready, every time (with one quote the answer
    sometimes wins that race, and the test must not depend on it)."""
    body = json.loads(RAW)
    first = body["quotes"][0]
    body["quotes"] = [{**first, "supplierId": f"S{index:03d}"} for index in range(100)]
    return json.dumps(body).encode()


@pytest.mark.xfail(
    strict=True,
    reason="granian 2.8.9 builds hyper's HTTP/1 connections without half_close and has no"
    " setting for it: an EOF read after the request ends the connection before the answer"
    " (docs/decisions.md 28.50)",
)
def test_a_client_that_half_closes_gets_its_answer(server: Server) -> None:
    raw = _many_quotes()
    answers = 0
    for _ in range(5):
        with server.connect() as sock:
            sock.sendall(
                head(CALC, **{"Content-Type": JSON, "Content-Length": str(len(raw))}) + raw
            )
            sock.shutdown(socket.SHUT_WR)
            data = read_all(sock)
        if data.startswith(b"HTTP/1.1 200"):
            _, _, body = parse(data)
            answers += body == run_cli(raw).stdout
    assert answers == 5


def test_granian_still_offers_no_half_close_setting() -> None:
    """Why the test above is an expected failure, checked on the granian installed: its
    ``HTTP1Settings`` -- the only HTTP/1 options it hands to hyper -- and its ``Granian``
    arguments have nothing for half-close (``docs/decisions.md`` 28.50). The day a release
    adds one, this fails: pass it in ``__main__.py`` and make the test above a plain test."""
    from granian import Granian
    from granian.http import HTTP1Settings

    names = {field.name for field in dataclasses.fields(HTTP1Settings)}
    names |= set(inspect.signature(Granian).parameters)
    assert "http1_settings" in names  # what is searched is there
    assert sorted(name for name in names if "half" in name or "eof" in name) == []


# ---- metrics ---------------------------------------------------------------------------------


def samples(text: str) -> dict[str, float]:
    found = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            found[name] = float(value)
    return found


def test_metrics_count_clients_gone_mid_body_under_their_own_label() -> None:
    app = create_app(Settings(Limits()))
    headers = [("content-type", JSON), ("content-length", "1000")]
    for _ in range(2):
        call(app, "POST", CALC, chunks=[b"{" * 100], headers=headers, disconnect=True)
    # gone while its call is calculated: its 200 was never sent either
    full = [("content-type", JSON), ("content-length", str(len(RAW)))]
    call(app, "POST", CALC, chunks=[RAW], headers=full, gone_after_body=True)
    call(app, "POST", CALC, chunks=[RAW], headers=full)
    # gone while its early 415 waited for the body to be dropped
    wrong = [("content-type", "text/plain"), ("content-length", "1000")]
    call(app, "POST", CALC, chunks=[b"{" * 100], headers=wrong, disconnect=True)
    found = samples(call(app, "GET", "/metrics").body.decode())
    gone = f'quotecalc_http_requests_total{{route="{CALC}",status="client_disconnected"}}'
    assert found[gone] == 4
    for status in ("400", "415"):
        assert f'quotecalc_http_requests_total{{route="{CALC}",status="{status}"}}' not in found
    assert found[f'quotecalc_http_requests_total{{route="{CALC}",status="200"}}'] == 1
    assert found["quotecalc_http_client_disconnects_total"] == 4


def test_metrics_of_a_real_server_count_a_hang_up_under_its_own_label(server: Server) -> None:
    with server.connect() as sock:
        sock.sendall(head(CALC, **{"Content-Type": JSON, "Content-Length": "1000"}) + b"{" * 10)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        text = httpx.get(server.url + "/metrics", timeout=5).text
        found = samples(text)
        key = f'quotecalc_http_requests_total{{route="{CALC}",status="client_disconnected"}}'
        if found.get(key, 0) >= 1:
            break
        time.sleep(0.05)
    assert found.get(key, 0) >= 1, [line for line in text.splitlines() if "requests_total" in line]
    assert f'quotecalc_http_requests_total{{route="{CALC}",status="400"}}' not in found


# ---- the rules in process --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([], False),
        (["100-continue"], True),
        (["100-Continue "], True),
        (["200-ok"], False),
        (["200-ok", "100-continue"], True),
    ],
)
def test_expects_continue(values: list[str], expected: bool) -> None:
    headers = Headers(raw=[(b"expect", value.encode()) for value in values])
    assert expects_continue(headers) is expected


@pytest.mark.parametrize(
    ("values", "codings", "undecoded"),
    [
        ([], [], False),
        (["chunked"], ["chunked"], False),
        (["Chunked"], ["chunked"], False),
        (["gzip, chunked"], ["gzip", "chunked"], True),
        (["gzip", "chunked"], ["gzip", "chunked"], True),
        (["chunked, chunked"], ["chunked", "chunked"], True),
        (["identity"], ["identity"], True),
        ([" , chunked"], ["chunked"], False),
    ],
)
def test_transfer_codings(values: list[str], codings: list[str], undecoded: bool) -> None:
    headers = Headers(raw=[(b"transfer-encoding", value.encode()) for value in values])
    assert transfer_codings(headers) == codings
    assert undecoded_coding(headers) is undecoded


def test_early_answers_with_expect_are_sent_before_any_receive() -> None:
    app = create_app(Settings(Limits()))
    cases = [
        ([("content-type", "text/plain"), ("content-length", "3000")], 415),
        ([("content-type", JSON), ("content-length", str(LIMIT + 1))], 413),
        ([("content-type", JSON), ("transfer-encoding", "gzip, chunked")], 501),
    ]
    for headers, status in cases:
        expecting = call(
            app, "POST", CALC, headers=[*headers, ("expect", "100-continue")], stall=True
        )
        assert (expecting.status, expecting.receives) == (status, 0)
        assert expecting.headers["connection"] == "close"
        # without Expect the same answer comes after the body was read and dropped
        plain = call(app, "POST", CALC, chunks=[b" " * 3000], headers=headers)
        assert (plain.status, plain.body, plain.receives) == (status, expecting.body, 2)
        assert "connection" not in plain.headers
    assert json.loads(expecting.body)["error"]["code"] == "unsupported_transfer_coding"


def test_an_undecoded_coding_is_refused_on_every_path() -> None:
    app = create_app(Settings(Limits()))
    for method, path in (("GET", "/healthz"), ("POST", "/nope"), ("POST", INTAKE)):
        reply = call(app, method, path, headers=[("transfer-encoding", "br, chunked")])
        assert (reply.status, reply.body) == (501, UNDECODED)


def test_forget_dead_workers_removes_only_dead_live_gauges(tmp_path: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # reaped: the pid runs no more
    zombie = subprocess.Popen([sys.executable, "-c", "pass"])
    deadline = time.monotonic() + 10
    while metrics.alive(zombie.pid) and time.monotonic() < deadline:
        time.sleep(0.01)  # exited, not reaped: a zombie is dead
    names = [
        f"gauge_livesum_{dead.pid}.db",
        f"gauge_liveall_{zombie.pid}.db",
        f"gauge_livesum_{os.getpid()}.db",
        f"counter_{dead.pid}.db",
        f"gauge_all_{dead.pid}.db",
        f"histogram_{zombie.pid}.db",
    ]
    for name in names:
        (tmp_path / name).write_bytes(b"")
    try:
        assert metrics.forget_dead_workers(str(tmp_path)) == sorted([dead.pid, zombie.pid])
    finally:
        zombie.wait()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names[2:])
    assert metrics.alive(os.getpid()) and not metrics.alive(dead.pid)
