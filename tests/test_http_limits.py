"""The production bounds of the real service (issue 19): ``python -m quotecalc.http`` (granian)
on 127.0.0.1 in its own process group, driven by raw sockets and asyncio streams.

- early answers (413 and 415 decided before the body is used) are never lost: oversized and
  wrong-type bodies at concurrency 64 against ``--workers 2``, each client still writing its
  body when the answer is decided, every answer received with the CLI's bytes;
- slow heads (one byte at a time) are closed within ``--header-timeout`` while ``/healthz``
  answers; a head over ``--max-header-bytes`` is 431 however its bytes arrive;
- ``--max-connections``: a further connection waits until one closes;
- the access log on stderr (one JSON line per request, a client disconnect included) and
  ``/metrics`` summed over both workers;
- what the server answers itself (a malformed request line): 400, and why it is not JSON.

Every server is killed as a process group; afterwards nothing of it runs or listens. Every
wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from http_support import HAS_HTTP, JSON, Server, assert_all_gone

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)

from conftest import EXAMPLES, ROOT, run_cli

LIMIT = 262144
BATCH_LIMIT = 2097152
CALC = "/quotecalc/calculate"
BATCH = "/quotecalc/calculate-batch"
UNSUPPORTED = b'{"schemaVersion":1,"error":{"code":"unsupported_media_type","message":"The request body must be sent as application/json."}}\n'  # noqa: E501


@pytest.fixture(autouse=True, scope="module")
def no_server_left() -> Iterator[None]:
    """Torn down after every other fixture of the module: no server process is left and
    nothing listens on any port a test of this module used."""
    yield
    assert_all_gone()


@pytest.fixture(scope="module")
def two_workers() -> Iterator[Server]:
    running = Server("--workers", "2", "--header-timeout", "1")
    try:
        yield running
    finally:
        running.stop()
        running.assert_gone()


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines if line)}
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    return int(status_line.split()[1]), headers, body


async def _send_while_answered(
    port: int, path: str, headers: list[str], body: bytes, chunked: bool
) -> tuple[int, bytes] | str:
    """Write the head, then the body 64 KiB at a time (flushing each), and read the answer.
    A write that fails is a lost answer, as for a client library that stops at the first
    failed write: exactly what a reset of an undrained connection does to it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        lines = [f"POST {path} HTTP/1.1", "Host: t", *headers]
        lines.append("Transfer-Encoding: chunked" if chunked else f"Content-Length: {len(body)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        try:
            for start in range(0, len(body), 65536):
                piece = body[start : start + 65536]
                writer.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
                await writer.drain()
            if chunked:
                writer.write(b"0\r\n\r\n")
                await writer.drain()
        except OSError as exc:
            return f"write failed: {type(exc).__name__}"
        try:
            status, _, answer = await asyncio.wait_for(_read_response(reader), 30)
        except (OSError, asyncio.IncompleteReadError) as exc:
            return f"read failed: {type(exc).__name__}"
        return status, answer
    finally:
        writer.close()


def test_early_answers_are_never_lost_at_concurrency_64(two_workers: Server) -> None:
    """128 requests, 64 at a time: 413 by Content-Length (single and batch), 413 of a chunked
    stream, 415 by media type and 415 by a repeated Content-Type; 0 lost, each answer the
    CLI's too-large result (or the fixed 415 object)."""
    too_large = run_cli(b" " * (LIMIT + 1)).stdout
    batch_too_large = run_cli(b" " * (BATCH_LIMIT + 1), "--input-batch", "-").stdout
    json_type = [f"Content-Type: {JSON}"]
    cases: list[tuple[str, list[str], bytes, bool, tuple[int, bytes]]] = [
        (CALC, json_type, b" " * 300_000, False, (413, too_large)),
        (BATCH, json_type, b" " * (BATCH_LIMIT + 50_000), False, (413, batch_too_large)),
        (CALC, json_type, b" " * 400_000, True, (413, too_large)),
        (CALC, ["Content-Type: text/plain"], b"{}" * 60_000, False, (415, UNSUPPORTED)),
        (CALC, [*json_type, "Content-Type: text/plain"], b" " * 200_000, False, (415, UNSUPPORTED)),
    ]
    plan = [cases[index % len(cases)] for index in range(128)]
    gate = asyncio.Semaphore(64)

    async def one(case: tuple[str, list[str], bytes, bool, tuple[int, bytes]]) -> bool:
        path, headers, body, chunked, expected = case
        async with gate:
            return (
                await _send_while_answered(two_workers.port, path, headers, body, chunked)
                == expected
            )

    async def run_all() -> list[bool]:
        return await asyncio.wait_for(asyncio.gather(*(one(case) for case in plan)), 120)

    started = time.monotonic()
    answered = asyncio.run(run_all())
    assert answered.count(False) == 0, f"{answered.count(False)} of {len(plan)} lost or wrong"
    assert time.monotonic() - started < 120


def _slow_head(port: int, started: float, bound: float) -> float | None:
    """Send a request head one byte every 0.1 s; when the server closed it (None: open at
    ``bound``)."""
    with socket.create_connection(("127.0.0.1", port), timeout=bound) as sock:
        sock.settimeout(0.1)
        head = b"POST /quotecalc/calculate HTTP/1.1\r\nHost: t\r\nX-Slow: " + b"a" * 10_000
        for byte in head:
            if time.monotonic() - started > bound:
                return None
            try:
                sock.send(bytes([byte]))
                if sock.recv(1024) == b"":
                    return time.monotonic() - started
            except TimeoutError:
                continue
            except OSError:
                return time.monotonic() - started
    return None


def test_slow_heads_are_closed_within_the_header_timeout_while_healthz_answers(
    two_workers: Server,
) -> None:
    """20 connections dribbling their heads against ``--header-timeout 1``: each is closed
    after 1 s (within 3 s), and ``/healthz`` keeps answering on new connections meanwhile."""
    from concurrent.futures import ThreadPoolExecutor

    started = time.monotonic()
    with ThreadPoolExecutor(20) as pool:
        slow = [pool.submit(_slow_head, two_workers.port, started, 6.0) for _ in range(20)]
        health = []
        for _ in range(5):
            time.sleep(0.2)
            begun = time.monotonic()
            with two_workers.connect(timeout=5) as sock:
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                reply = sock.recv(64)
            health.append((reply[:12], time.monotonic() - begun))
        closed = [future.result(timeout=15) for future in slow]
    assert all(when is not None and 0.9 <= when <= 3.0 for when in closed), closed
    assert all(line == b"HTTP/1.1 200" and took < 2.0 for line, took in health), health


@pytest.mark.parametrize(("size", "status"), [(12_000, b"200"), (20_000, b"431")])
@pytest.mark.parametrize("step", [None, 1000, 100])
def test_the_head_size_limit_does_not_depend_on_how_the_bytes_arrive(
    two_workers: Server, size: int, status: bytes, step: int | None
) -> None:
    """``--max-header-bytes`` 16384 (the default): a 12,000-byte head is answered and a
    20,000-byte one is 431, in one write or in 1000- or 100-byte writes."""
    base = b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: "
    head = base + b"a" * (size - len(base) - 4) + b"\r\n\r\n"
    assert len(head) == size
    with two_workers.connect() as sock:
        try:
            for start in range(0, size, step or size):
                sock.sendall(head[start : start + (step or size)])
        except OSError:
            pass  # the server answered and closed before the whole head was written
        assert sock.recv(64).split(b" ")[1] == status


def test_a_connection_over_the_cap_waits_for_one_to_close() -> None:
    """``--max-connections 2``: two idle keep-alive connections hold the worker's slots; a
    third connection is answered only once the header timeout (1 s) has closed them."""
    running = Server("--max-connections", "2", "--header-timeout", "1")
    try:
        idle = []
        for _ in range(2):
            sock = running.connect()
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            assert sock.recv(64).startswith(b"HTTP/1.1 200")
            idle.append(sock)
        begun = time.monotonic()
        with running.connect(timeout=10) as third:
            third.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            assert third.recv(64).startswith(b"HTTP/1.1 200")
        waited = time.monotonic() - begun
        for sock in idle:
            sock.close()
        assert 0.5 <= waited <= 5, waited
    finally:
        running.stop()
        running.assert_gone()


def _log_lines(server: Server) -> list[dict[str, Any]]:
    return [json.loads(line) for line in server.read_log().splitlines() if line.startswith("{")]


def test_access_log_and_metrics_over_both_workers(two_workers: Server) -> None:
    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    expected = run_cli(raw).stdout
    request = (
        f"POST {CALC} HTTP/1.1\r\nHost: t\r\nContent-Type: {JSON}\r\nX-Request-Id: log-77\r\n"
        f"Content-Length: {len(raw)}\r\nConnection: close\r\n\r\n"
    ).encode() + raw
    with two_workers.connect() as sock:
        sock.sendall(request)
        assert sock.recv(16).startswith(b"HTTP/1.1 200")
    with two_workers.connect() as sock:  # gone mid-body
        sock.sendall(
            f"POST {CALC} HTTP/1.1\r\nHost: t\r\nContent-Type: {JSON}\r\nX-Request-Id: gone-78\r\n"
            "Content-Length: 1000\r\n\r\n{".encode()
        )
    # the whole body of a batch that takes a while (24 requests of 100 quotes, the largest a
    # batch holds: a batch of small requests could be answered before the close is seen), then
    # gone before its answer
    example = json.loads((ROOT / "examples" / "multi-supplier.request.json").read_bytes())
    quotes = example["quotes"]
    example["quotes"] = [{**quotes[n % len(quotes)], "supplierId": f"S{n:03d}"} for n in range(100)]
    item = json.dumps(example, separators=(",", ":")).encode()
    batch = b'{"requests":[' + b",".join([item] * 24) + b"]}"
    with two_workers.connect() as sock:
        sock.sendall(
            f"POST {BATCH} HTTP/1.1\r\nHost: t\r\nContent-Type: {JSON}\r\n"
            f"X-Request-Id: late-79\r\nContent-Length: {len(batch)}\r\n\r\n".encode()
            + batch
        )
    for _ in range(40):  # fresh connections: both workers answer some
        with two_workers.connect() as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            sock.recv(1024)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        lines = {line["requestId"]: line for line in _log_lines(two_workers)}
        if {"log-77", "gone-78", "late-79"} <= set(lines):
            break
        time.sleep(0.1)
    line = lines["log-77"]
    assert (line["route"], line["status"], line["outcome"]) == (CALC, 200, "answered")
    assert (line["bytesIn"], line["bytesOut"]) == (len(raw), len(expected))
    assert lines["gone-78"]["outcome"] == "client_disconnected"
    assert lines["late-79"]["outcome"] == "client_disconnected", lines["late-79"]
    # The access line and the metrics are written just after the answer is sent: wait until
    # the count of /healthz lines stands still before comparing it with a scrape.
    counted = -1
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        healthz = [line for line in _log_lines(two_workers) if line["route"] == "/healthz"]
        if len(healthz) == counted:
            break
        counted = len(healthz)
        time.sleep(0.3)
    assert len(healthz) >= 40
    scraped = set()
    for _ in range(6):  # whichever worker answers the scrape, it counts both workers' answers
        with two_workers.connect() as sock:
            sock.sendall(b"GET /metrics HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            text = b""
            while chunk := sock.recv(65536):
                text += chunk
        for row in text.decode().splitlines():
            if row.startswith('quotecalc_http_requests_total{route="/healthz",status="200"}'):
                scraped.add(float(row.rpartition(" ")[2]))
    assert scraped == {float(len(healthz))}, (scraped, len(healthz))


def test_what_the_server_answers_itself(two_workers: Server) -> None:
    """A request line that is not HTTP never reaches the app: the server's own 400, with no
    body (docs/http.md, what the server answers itself)."""
    with two_workers.connect() as sock:
        sock.sendall(b"NOT A REQUEST\r\n\r\n")
        reply = sock.recv(1024)
    assert reply.startswith(b"HTTP/1.1 400")
    assert reply.endswith(b"\r\n\r\n")  # no body
