"""Shared helpers of the HTTP service tests: the example requests, a raw ASGI driver and a
real server process.

The driver calls the app exactly as a server does (scope, ``receive``, ``send``) so a test
controls the body chunk by chunk -- stall, disconnect, endless streams -- and can count how
much of the body the app asked for.

:class:`Server` runs ``python -m quotecalc.http`` in its own process group on a free loopback
port; :meth:`Server.stop` kills the whole group (supervisor and every worker) and
:func:`listeners` reads ``/proc/net/tcp`` so a test can prove nothing is left listening.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import anyio
import attrs
import pytest

from conftest import EXAMPLES, ROOT

HAS_HTTP = all(
    importlib.util.find_spec(name)
    for name in ("starlette", "granian", "prometheus_client", "httpx")
)
needs_http = pytest.mark.skipif(
    not HAS_HTTP, reason="the optional http extra is not installed (pip install '.[http]')"
)
JSON = "application/json"
EXAMPLE_PATHS = sorted(EXAMPLES.glob("*.request.json")) + sorted(
    (ROOT / "examples").glob("*.request.json")
)


def example_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name.removesuffix('.request.json')}"


@attrs.frozen
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    receives: int  # how many times the app called receive()


async def asgi(
    app: Any,
    method: str,
    path: str,
    *,
    chunks: Iterable[bytes] = (),
    headers: Iterable[tuple[str, str]] = (),
    stall: bool = False,
    disconnect: bool = False,
    gone_after_body: bool = False,
) -> Reply:
    """One request through the ASGI app. ``chunks`` is the body, one ``http.request`` message
    each; after it the driver stalls forever (``stall``), reports a disconnect
    (``disconnect``) or ends the body -- and with ``gone_after_body`` reports a disconnect on
    any later ``receive`` (a client gone while its call is calculated)."""
    iterator: Iterator[bytes] = iter(chunks)
    received = 0
    ended = False
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal received, ended
        received += 1
        chunk = next(iterator, None)
        if chunk is not None:
            return {"type": "http.request", "body": chunk, "more_body": True}
        if stall:
            await anyio.sleep_forever()
        if disconnect:
            return {"type": "http.disconnect"}
        if gone_after_body and ended:
            return {"type": "http.disconnect"}
        ended = True
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    start = sent[0]
    assert start["type"] == "http.response.start"
    body = b"".join(m.get("body", b"") for m in sent[1:])
    names = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in start["headers"]]
    assert len({k for k, _ in names}) == len(names), f"repeated header in {names}"
    return Reply(start["status"], dict(names), body, received)


def call(app: Any, method: str, path: str, **options: Any) -> Reply:
    """:func:`asgi` from synchronous test code."""

    async def run() -> Reply:
        return await asgi(app, method, path, **options)

    return anyio.run(run)


# ---- a real server -----------------------------------------------------------------------------

START_TIMEOUT = 30.0
LISTEN = "0A"  # the TCP_LISTEN state in /proc/net/tcp


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listeners(port: int) -> int:
    """How many sockets listen on ``port`` (any address), from ``/proc/net/tcp{,6}``."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == LISTEN and int(fields[1].rsplit(":", 1)[1], 16) == port:
                count += 1
    return count


STARTED: list[Server] = []


def assert_all_gone() -> None:
    """Every server started so far has been stopped: no process of its group is left and
    nothing listens on its port (the module fixtures of the server tests call this last)."""
    for server in STARTED:
        server.assert_gone()


class Server:
    """One ``python -m quotecalc.http`` process group on a free loopback port."""

    def __init__(self, *argv: str) -> None:
        STARTED.append(self)
        self.port = free_port()
        # A file, not a pipe: a full pipe would block the server. Closed in stop().
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-B", "-m", "quotecalc.http", "--port", str(self.port), *argv],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
            stdout=subprocess.DEVNULL,
            stderr=self.log,
            start_new_session=True,
        )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                log = self.read_log()
                self.stop()
                raise RuntimeError(f"server exited: {log!r}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                    probe.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                    if probe.recv(64).startswith(b"HTTP/1.1 200"):
                        return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("server did not answer /healthz in time")

    def connect(self, timeout: float = 10) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=timeout)

    def read_log(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> None:
        """Kill the process group (supervisor and workers) and reap the supervisor."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        if not self.log.closed:
            self.log.close()

    def assert_gone(self, timeout: float = 10) -> None:
        """No process of the group is left and nothing listens on the port."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                os.killpg(self.proc.pid, 0)
            except ProcessLookupError:
                if listeners(self.port) == 0:
                    return
            time.sleep(0.05)
        raise AssertionError(f"port {self.port}: {listeners(self.port)} listener(s) left")


def heavy_workers(group: int) -> set[int]:
    """The pids of the server's heavy worker subprocesses (same process group), from
    ``/proc``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat[2]) == group and stat[0] != "Z" and b"quotecalc.http.worker" in command:
            found.add(int(entry.name))
    return found


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def metric(text: str, name: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"{name} not in the metrics")


def cpu_ticks(pid: int) -> int:
    """The process's user and system CPU time so far, in clock ticks (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def busy_heavy_workers(group: int, seconds: float = 0.3) -> set[int]:
    """The server's heavy worker subprocesses that used CPU within ``seconds``: the one
    running a call (or a replacement still importing)."""
    before = {pid: cpu_ticks(pid) for pid in heavy_workers(group)}
    time.sleep(seconds)
    return {pid for pid, ticks in before.items() if alive(pid) and cpu_ticks(pid) > ticks}


DOWNLOAD_FORM = re.compile(
    rb'<form method="post" action="/quotecalc/report" enctype="multipart/form-data"'
    rb' class="download">\n.*?</form>\n',
    re.DOTALL,
)


def without_download(page: bytes, raw: bytes | None = None) -> bytes:
    """A report page of the analyst's page without its download button (issue 35), which
    must be there exactly once, before the end of the page's main part, and, when ``raw``
    is given, post exactly those request bytes back with format=xlsx."""
    import html

    found = DOWNLOAD_FORM.findall(page)
    assert len(found) == 1, "one download button per report page"
    assert b'name="format" value="xlsx"' in found[0]
    if raw is not None:
        value = re.search(rb'name="request" value="([^"]*)"', found[0])
        assert value is not None
        assert html.unescape(value.group(1).decode("utf-8")).encode("utf-8") == raw
    stripped = DOWNLOAD_FORM.sub(b"", page, count=1)
    return stripped


ERROR_ROW = re.compile(r'<tr id="error-(\d+)" data-code="([a-z_]+)">(.*?)</tr>', re.DOTALL)


def error_rows(page: str) -> list[tuple[str, str]]:
    """The rows of an error page's table (issue 40): each error's code (the row's
    ``data-code``, no word on the page) and its cells' HTML, in order, numbered from 1."""
    found = ERROR_ROW.findall(page)
    assert [int(number) for number, _, _ in found] == list(range(1, len(found) + 1))
    return [(code, row) for _, code, row in found]
