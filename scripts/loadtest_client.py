"""The client side of ``scripts/loadtest.py`` (issue 19): a minimal HTTP/1.1 connection, the
request mix with every answer a client can get, and the driver that checks every answer.

Not a module of the package and not run in CI; ``loadtest.py`` imports it from this folder.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from typing import Any

import attrs

CALC = "/quotecalc/calculate"


class Connection:
    """One keep-alive HTTP/1.1 connection written by hand on asyncio streams: far less client
    CPU than a full client library, which matters when the client shares the server's cores.
    Responses are Content-Length framed (the service never sends another framing). A body is
    written whole and flushed before the answer is read, as a client library does: if the
    server reset the connection under it, the write (or the read) fails and the answer is
    lost -- exactly what the load test counts."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        return self.streams

    async def send(self, case: Case) -> tuple[int, bytes]:
        reader, writer = await self.open()
        lines = [f"{case.method} {case.path} HTTP/1.1", f"Host: {self.host}", *case.headers]
        if case.chunked:
            lines.append("Transfer-Encoding: chunked")
            body = (
                b"".join(
                    b"%x\r\n%s\r\n" % (len(case.body[i : i + 65536]), case.body[i : i + 65536])
                    for i in range(0, len(case.body), 65536)
                )
                + b"0\r\n\r\n"
            )
        else:
            lines.append(f"Content-Length: {len(case.body)}")
            body = case.body
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        await writer.drain()
        status_line, *heads = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {
            k.lower(): v.strip() for k, _, v in (line.partition(":") for line in heads if line)
        }
        content = await reader.readexactly(int(headers["content-length"]))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return int(status_line.split()[1]), content

    async def abandon(self, case: Case) -> None:
        """Send the head and half the body, then close: a client that disconnects."""
        _, writer = await self.open()
        head = (
            f"{case.method} {case.path} HTTP/1.1\r\nHost: {self.host}\r\n"
            + "".join(line + "\r\n" for line in case.headers)
            + f"Content-Length: {len(case.body)}\r\n\r\n"
        )
        writer.write(head.encode("latin-1") + case.body[: len(case.body) // 2])
        await writer.drain()
        self.close()

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


@attrs.frozen
class Case:
    """One request of the mix and the answer it must get (``None``: a client that hangs up
    mid-body, never answered)."""

    kind: str
    method: str
    path: str
    headers: tuple[str, ...]
    body: bytes
    expected: tuple[int, bytes] | None
    chunked: bool = False


def transport_error(code: str, message: str) -> bytes:
    document = {"schemaVersion": 1, "error": {"code": code, "message": message}}
    return (json.dumps(document, separators=(",", ":")) + "\n").encode()


UNSUPPORTED = transport_error(
    "unsupported_media_type", "The request body must be sent as application/json."
)
NOT_FOUND = transport_error("not_found", "No such route.")
NOT_ALLOWED = transport_error("method_not_allowed", "This route does not accept this method.")
OVERLOADED = transport_error("overloaded", "Too many calculations in flight; retry later.")
JSON_TYPE = ("Content-Type: application/json",)
# The share of each kind of request in the mix (per mille); the rest are pool calculations.
MIX = (
    ("too_large_length", 40),
    ("too_large_chunked", 15),
    ("wrong_type", 25),
    ("repeated_type", 15),
    ("trailing_slash", 15),
    ("wrong_method", 10),
    ("disconnect", 15),
)


def edge_cases(too_large: bytes) -> dict[str, Case]:
    """The requests that never reach the calculator, or reach it over the limit."""
    return {
        "too_large_length": Case(
            "too_large_length", "POST", CALC, JSON_TYPE, b" " * 300_000, (413, too_large)
        ),
        "too_large_chunked": Case(
            "too_large_chunked", "POST", CALC, JSON_TYPE, b" " * 400_000, (413, too_large), True
        ),
        "wrong_type": Case(
            "wrong_type",
            "POST",
            CALC,
            ("Content-Type: text/plain",),
            b"{}" * 25_000,
            (415, UNSUPPORTED),
        ),
        "repeated_type": Case(
            "repeated_type",
            "POST",
            CALC,
            (*JSON_TYPE, "Content-Type: application/json"),
            b" " * 1000,
            (415, UNSUPPORTED),
        ),
        "trailing_slash": Case(
            "trailing_slash", "POST", CALC + "/", JSON_TYPE, b"{}", (404, NOT_FOUND)
        ),
        "wrong_method": Case("wrong_method", "PUT", CALC, JSON_TYPE, b"{}", (405, NOT_ALLOWED)),
        "disconnect": Case("disconnect", "POST", CALC, JSON_TYPE, b" " * 20_000, None),
    }


def mix(
    rng: random.Random,
    count: int,
    requests: list[bytes],
    answers: list[tuple[int, bytes]],
    edges: dict[str, Case],
) -> list[Case]:
    """``count`` cases drawn from the pool and the edge cases by :data:`MIX`."""
    cases = []
    for _ in range(count):
        roll = rng.randrange(1000)
        for kind, share in MIX:
            if roll < share:
                cases.append(edges[kind])
                break
            roll -= share
        else:
            index = rng.randrange(len(requests))
            cases.append(
                Case("calculation", "POST", CALC, JSON_TYPE, requests[index], answers[index])
            )
    return cases


async def drive(
    url: str, cases: list[Case], concurrency: int, also: tuple[int, bytes] | None = None
) -> dict[str, Any]:
    """Send ``cases`` over ``concurrency`` keep-alive connections; every answer compared with
    its expected status and bytes (``also``: a second answer accepted, the 503 of an
    overload phase)."""
    host, port = url.removeprefix("http://").split(":")
    queue: asyncio.Queue[Case] = asyncio.Queue()
    for case in cases:
        queue.put_nowait(case)
    latencies: list[float] = []
    counts = {"sent": 0, "answered": 0, "lost": 0, "mismatches": 0, "disconnects_sent": 0}
    statuses: dict[int, int] = {}
    lost_by_kind: dict[str, int] = {}

    async def worker() -> None:
        connection = Connection(host, int(port))
        try:
            while True:
                try:
                    case = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                if case.expected is None:
                    try:
                        await connection.abandon(case)
                        counts["disconnects_sent"] += 1
                    except OSError:
                        connection.close()
                    continue
                counts["sent"] += 1
                started = time.perf_counter()
                try:
                    status, content = await connection.send(case)
                except (OSError, asyncio.IncompleteReadError, ValueError, KeyError):
                    counts["lost"] += 1
                    lost_by_kind[case.kind] = lost_by_kind.get(case.kind, 0) + 1
                    connection.close()
                    continue
                latencies.append(time.perf_counter() - started)
                counts["answered"] += 1
                statuses[status] = statuses.get(status, 0) + 1
                if (status, content) != case.expected and (status, content) != also:
                    counts["mismatches"] += 1
        finally:
            connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - started
    return {
        **counts,
        "statuses": statuses,
        "lost_by_kind": lost_by_kind,
        "latencies": latencies,
        "seconds": elapsed,
    }


def combine(parts: list[dict[str, Any]], elapsed: float) -> dict[str, Any]:
    """The figures of several back-to-back runs as one."""
    latencies = sorted(value for part in parts for value in part["latencies"])
    keys = ("sent", "answered", "lost", "mismatches", "disconnects_sent")
    counts = {key: sum(part[key] for part in parts) for key in keys}
    statuses: dict[int, int] = {}
    lost_by_kind: dict[str, int] = {}
    for part in parts:
        for status, count in part["statuses"].items():
            statuses[status] = statuses.get(status, 0) + count
        for kind, count in part["lost_by_kind"].items():
            lost_by_kind[kind] = lost_by_kind.get(kind, 0) + count
    return {
        **counts,
        "lost_by_kind": lost_by_kind,
        "http_statuses": dict(sorted(statuses.items())),
        "seconds": round(elapsed, 2),
        "requests_per_second": round((counts["sent"] + counts["disconnects_sent"]) / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1)
        if latencies
        else None,
    }
