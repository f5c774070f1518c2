"""The HTTP service as deployed (issues #10, 19): ``python -m quotecalc.http`` (granian) on
127.0.0.1 in its own process group, driven by a real HTTP client (httpx) and by raw sockets
where the test must control the bytes on the wire.

- byte identity with the real CLI (``conftest.run_cli``) for every example, single and batch,
  and for the analysis route with the CLI's ``--analysis``;
- 413 before the body is used (``Content-Length`` over the limit) and while streaming (an
  endless chunked body: the server answers and closes the connection, so the sender's writes
  fail instead of being drained forever);
- 415 / 404 / 405, and 408 for a body that stalls past ``--read-timeout 1``;
- a client that disconnects mid-body, after which ``/healthz`` and calculations still answer;
- SIGTERM with a call in flight: the call is finished and answered, new connections are
  refused, and the process then shuts down.

The production bounds are in ``tests/test_http_limits.py``. Every server is one process
group, killed whole; after each, no process of it is left and nothing listens on its port.
Every wait is bounded.
"""

from __future__ import annotations

import signal
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from http_support import EXAMPLE_PATHS, HAS_HTTP, JSON, Server, assert_all_gone, example_id

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)

import httpx

from conftest import EXAMPLES, run_cli

LIMIT = 262144
CALC = "/quotecalc/calculate"
ANALYSIS = "/quotecalc/analyze"


@pytest.fixture(autouse=True, scope="module")
def no_server_left() -> Iterator[None]:
    """Torn down after every other fixture of the module: no server process is left and
    nothing listens on any port a test of this module used."""
    yield
    assert_all_gone()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server("--read-timeout", "1")
    try:
        yield running
    finally:
        running.stop()
        running.assert_gone()


@pytest.fixture(scope="module")
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as session:
        yield session


def read_response(sock: socket.socket, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 response read off a raw socket (Content-Length framed)."""
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise AssertionError(f"connection closed before a response: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    while len(body) < int(headers["content-length"]):
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(status_line.split()[1]), headers, body


def closed_by_peer(sock: socket.socket, timeout: float = 10) -> bool:
    sock.settimeout(timeout)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True


def head(path: str, **headers: str) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


# ---- byte identity with the CLI ----------------------------------------------------------------

STATUS = {0: 200, 2: 422, 1: 500}


@pytest.mark.parametrize("path", EXAMPLE_PATHS, ids=example_id)
def test_every_example_matches_the_cli(client: httpx.Client, path: Any) -> None:
    raw = path.read_bytes()
    cli = run_cli(raw)
    response = client.post(CALC, content=raw, headers={"Content-Type": JSON})
    assert response.content == cli.stdout
    assert response.status_code == STATUS[cli.exit_code]
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-request-id"]


def test_batch_matches_the_cli(client: httpx.Client) -> None:
    items = [path.read_bytes().strip() for path in EXAMPLE_PATHS]
    body = b'{"requests":[' + b",".join(items) + b"]}"
    cli = run_cli(body, "--input-batch", "-")
    response = client.post(
        "/quotecalc/calculate-batch", content=body, headers={"Content-Type": JSON}
    )
    assert (response.status_code, response.content) == (200, cli.stdout)
    singles = [run_cli(item).stdout[:-1] for item in items[:3]]
    assert response.content.startswith(b'{"results":[' + b",".join(singles) + b",")


def test_over_the_limit_matches_the_cli(client: httpx.Client) -> None:
    raw = b" " * (LIMIT + 1)
    response = client.post(CALC, content=raw, headers={"Content-Type": JSON})
    assert (response.status_code, response.content) == (413, run_cli(raw).stdout)


@pytest.mark.parametrize("path", EXAMPLE_PATHS, ids=example_id)
def test_every_example_analysis_matches_the_cli(client: httpx.Client, path: Any) -> None:
    raw = path.read_bytes()
    cli = run_cli(raw, "--input-json", "-", "--analysis")  # validated against its schema
    response = client.post(ANALYSIS, content=raw, headers={"Content-Type": JSON})
    assert response.content == cli.stdout
    assert response.status_code == STATUS[cli.exit_code]
    assert response.headers["cache-control"] == "no-store"


def test_analysis_over_the_limit_matches_the_cli(client: httpx.Client) -> None:
    raw = b" " * (LIMIT + 1)
    cli = run_cli(raw, "--input-json", "-", "--analysis")
    response = client.post(ANALYSIS, content=raw, headers={"Content-Type": JSON})
    assert (response.status_code, response.content) == (413, cli.stdout)
    assert [reason["code"] for reason in cli.output["reasons"]] == ["input_too_large"]


# ---- 413 without reading the body ---------------------------------------------------------------


def test_announced_length_is_answered_before_the_body_is_sent(server: Server) -> None:
    with server.connect() as sock:
        sock.sendall(head(CALC, **{"Content-Type": JSON, "Content-Length": str(LIMIT + 1)}))
        status, headers, body = read_response(sock)
        assert status == 413
        assert body == run_cli(b" " * (LIMIT + 1)).stdout
        assert headers["connection"] == "close"
        assert closed_by_peer(sock)


def test_endless_chunked_body_is_cut_and_the_connection_closed(server: Server) -> None:
    """The sender writes 64 KiB chunks forever and never ends the body; the server drops
    the rest up to its drain bounds (256 MiB, the read timeout: 1 s here), answers 413 and
    closes, so the sender's writes start failing. Had the server drained the body for ever
    (keep-alive), the sender would still be writing when the test gives up."""
    chunk = b"10000\r\n" + b" " * 65536 + b"\r\n"
    stopped = threading.Event()
    sent = [0]
    with server.connect() as sock:
        sock.sendall(head(CALC, **{"Content-Type": JSON, "Transfer-Encoding": "chunked"}))

        def send_forever() -> None:
            try:
                while sent[0] < 32768 * 65536:  # a bound for the test itself: 2 GiB
                    sock.sendall(chunk)
                    sent[0] += 65536
            except OSError:
                stopped.set()

        sender = threading.Thread(target=send_forever, daemon=True)
        sender.start()
        status, headers, body = read_response(sock)
        assert status == 413
        assert body == run_cli(b" " * (LIMIT + 1)).stdout
        assert headers["connection"] == "close"
        assert stopped.wait(20), f"the server kept reading: {sent[0]} bytes accepted"
        sender.join(5)


# ---- transport errors ---------------------------------------------------------------------------


def test_transport_errors(client: httpx.Client) -> None:
    assert (
        client.post(CALC, content=b"{}", headers={"Content-Type": "text/plain"}).status_code == 415
    )
    assert client.get("/nope").status_code == 404
    response = client.get(CALC)
    assert (response.status_code, response.headers["allow"]) == (405, "POST")
    assert response.json() == {
        "schemaVersion": 1,
        "error": {
            "code": "method_not_allowed",
            "message": "This route does not accept this method.",
        },
    }


def test_stalled_body_is_408_after_the_read_timeout(server: Server) -> None:
    with server.connect() as sock:
        sock.sendall(head(CALC, **{"Content-Type": JSON, "Content-Length": "100"}) + b'{"schema')
        started = time.monotonic()
        status, _, body = read_response(sock)
        elapsed = time.monotonic() - started
    assert status == 408
    assert b'"request_timeout"' in body
    assert 0.8 <= elapsed < 5, elapsed


def test_client_disconnect_mid_body_then_the_server_still_answers(
    server: Server, client: httpx.Client
) -> None:
    for _ in range(3):
        with server.connect() as sock:
            sock.sendall(
                head(CALC, **{"Content-Type": JSON, "Content-Length": "1000"}) + b"{" * 100
            )
    assert client.get("/healthz").status_code == 200
    raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
    response = client.post(CALC, content=raw, headers={"Content-Type": JSON})
    assert (response.status_code, response.content) == (200, run_cli(raw).stdout)


# ---- graceful shutdown ---------------------------------------------------------------------------


@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_finishes_the_call_in_flight(workers: str) -> None:
    """Half a body sent, SIGTERM, then the other half: the call is answered in full, the
    listening socket is closed at once and the server then exits 0 with every worker."""
    raw = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
    expected = run_cli(raw).stdout
    running = Server("--workers", workers)
    try:
        with running.connect() as sock:
            sock.sendall(head(CALC, **{"Content-Type": JSON, "Content-Length": str(len(raw))}))
            sock.sendall(raw[: len(raw) // 2])
            time.sleep(0.3)
            running.proc.send_signal(signal.SIGTERM)
            time.sleep(0.5)
            with pytest.raises(OSError):
                socket.create_connection(("127.0.0.1", running.port), timeout=2).close()
            assert running.proc.poll() is None, "exited with a call in flight"
            sock.sendall(raw[len(raw) // 2 :])
            status, _, body = read_response(sock)
        assert (status, body) == (200, expected)
        assert running.proc.wait(15) == 0
        log = running.read_log()
        assert "Shutting down granian" in log
        assert log.count("Stopped worker-") == int(workers)
        running.assert_gone()
    finally:
        running.stop()
        running.assert_gone()


def test_two_workers_answer() -> None:
    running = Server("--workers", "2")
    try:
        raw = (EXAMPLES / "02-no-weights-completed.request.json").read_bytes()
        with httpx.Client(base_url=running.url, timeout=30) as session:
            answers = {
                session.post(CALC, content=raw, headers={"Content-Type": JSON}).content
                for _ in range(10)
            }
        assert answers == {run_cli(raw).stdout}
    finally:
        running.stop()
        running.assert_gone()
