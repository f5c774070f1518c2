"""Load and fault test of the HTTP service (issue #10; not in CI): every answer checked.

Run from the repository root with the ``http`` extra installed:

    python -B scripts/loadtest.py [--requests 20000] [--concurrency 64] [--workers 2]

1. builds a pool of distinct requests (``--pool``, default 400): completed, partial and
   invalid, 1 to 100 quotes each, from a fixed seed;
2. computes the expected answer of every pool request once through the real CLI, in one
   ``--input-jsonl -`` process (each line is exactly what the single call prints; proven by
   ``tests/test_batch.py``), and its HTTP status from its result's status;
3. starts ``python -B -m quotecalc.http --workers N`` on a free 127.0.0.1 port (or uses
   ``--url``), warms it up, and reads the server's RSS (supervisor plus workers);
4. sends ``--requests`` requests drawn from the pool at ``--concurrency`` over keep-alive
   connections (a minimal HTTP/1.1 client on asyncio streams, so the client spends little
   of the CPU it shares with the server), comparing each response's status and body bytes
   with the CLI's answer;
5. reads the RSS again, stops the server (SIGTERM) and prints the figures: transport errors,
   mismatches, lost requests (sent but never answered), requests/s, p50/p99 latency, RSS.

Exit status 0 only when there were no transport errors, no mismatches and nothing lost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
CALC = "/quotecalc/calculate"
STATUS = {"completed": 200, "partial": 200, "invalid_input": 422, "internal_error": 500}
SPEC = "M8x30 hex bolt, A2-70 stainless, DIN 933"
SCALE = "supplier audit score 1-5"
KINDS = ("completed", "partial", "invalid")


def quote(rng: random.Random, index: int) -> dict[str, Any]:
    return {
        "supplierId": f"S-{index:03d}",
        "specification": SPEC,
        "currency": "EUR",
        "packSize": rng.randint(1, 500),
        "minimumPacks": rng.randint(0, 6),
        "packPrice": f"{rng.randint(1, 9999)}.{rng.randint(0, 99):02d}",
        "freight": str(rng.randint(0, 900)),
        "otherFees": f"{rng.randint(0, 80)}.50",
        "leadDays": rng.randint(1, 60),
        "qualityEvidence": "ISO 9001 certificate (claimed)",
        "qualityScore": rng.randint(1, 5),
        "qualityDefinition": SCALE,
    }


def request(rng: random.Random, kind: str, quotes: int) -> bytes:
    """One compact request of the given kind; partial and invalid differ from a completed
    one in a way the calculator must find (an omitted core field or a currency mismatch; a
    negative price, an unknown key or a duplicate supplier id)."""
    document: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": rng.randint(1, 20000),
        "currency": "EUR",
        "specification": SPEC,
        "weights": {"cost": "0.5", "delivery": "0.3", "quality": "0.2"},
        "qualityScale": {"definition": SCALE, "minimum": 1, "maximum": 5},
        "maxLeadDays": 45,
        "sensitivityDelta": "0.25",
        "quotes": [quote(rng, index) for index in range(quotes)],
    }
    victim = document["quotes"][rng.randrange(quotes)]
    if kind == "partial":
        if rng.random() < 0.5:
            del victim["freight"]
        else:
            victim["currency"] = "USD"
    elif kind == "invalid":
        choice = rng.randrange(3)
        if choice == 2 and quotes > 1:
            first, second = rng.sample(range(quotes), 2)
            document["quotes"][second]["supplierId"] = document["quotes"][first]["supplierId"]
        elif choice == 1:
            victim["discount"] = "5"
        else:
            victim["packPrice"] = "-1"
    return json.dumps(document, separators=(",", ":")).encode()


def pool(size: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    requests: set[bytes] = set()
    while len(requests) < size:
        requests.add(request(rng, rng.choice(KINDS), rng.randint(1, 100)))
    return sorted(requests)


def expected_answers(requests: list[bytes]) -> list[tuple[int, bytes]]:
    """Each request's (HTTP status, body) from one real ``--input-jsonl -`` process."""
    proc = subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py", "--input-jsonl", "-"],
        input=b"\n".join(requests) + b"\n",
        capture_output=True,
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    lines = proc.stdout.split(b"\n")[:-1]
    assert len(lines) == len(requests), "the CLI did not answer every line"
    return [(STATUS[json.loads(line)["status"]], line + b"\n") for line in lines]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def descendants(pid: int) -> list[int]:
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(parents.get(current, []))
    return found


def rss_mib(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MiB."""
    total = 0
    for process in descendants(pid):
        try:
            for line in Path(f"/proc/{process}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def start_server(workers: int, max_in_flight: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    argv = [sys.executable, "-B", "-m", "quotecalc.http", "--port", str(port)]
    argv += ["--workers", str(workers), "--max-in-flight", str(max_in_flight)]
    proc = subprocess.Popen(
        argv,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Connection:
    """One keep-alive HTTP/1.1 connection written by hand on asyncio streams: far less client
    CPU than a full client library, which matters when the client shares the server's cores.
    Responses are Content-Length framed (the service never sends another framing)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        writer.write(head.encode("ascii") + body)
        await writer.drain()
        status_line, *lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        headers = {
            k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines if line)
        }
        content = await reader.readexactly(int(headers["content-length"]))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return int(status_line.split()[1]), content

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def drive(
    url: str,
    requests: list[bytes],
    answers: list[tuple[int, bytes]],
    order: list[int],
    concurrency: int,
) -> dict[str, Any]:
    host, port = url.removeprefix("http://").split(":")
    queue: asyncio.Queue[int] = asyncio.Queue()
    for index in order:
        queue.put_nowait(index)
    latencies: list[float] = []
    counts = {"answered": 0, "transport_errors": 0, "mismatches": 0}
    statuses: dict[int, int] = {}

    async def worker() -> None:
        connection = Connection(host, int(port))
        try:
            while True:
                try:
                    index = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                started = time.perf_counter()
                try:
                    status, content = await connection.post(CALC, requests[index])
                except (OSError, asyncio.IncompleteReadError, ValueError, KeyError):
                    counts["transport_errors"] += 1
                    connection.close()
                    continue
                latencies.append(time.perf_counter() - started)
                counts["answered"] += 1
                statuses[status] = statuses.get(status, 0) + 1
                if (status, content) != answers[index]:
                    counts["mismatches"] += 1
        finally:
            connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - started
    return {
        **counts,
        "sent": len(order),
        "statuses": statuses,
        "latencies": latencies,
        "seconds": elapsed,
    }


def combine(parts: list[dict[str, Any]], elapsed: float) -> dict[str, Any]:
    """The figures of several back-to-back runs as one."""
    latencies = sorted(value for part in parts for value in part["latencies"])
    counts = {
        key: sum(part[key] for part in parts)
        for key in ("sent", "answered", "transport_errors", "mismatches")
    }
    statuses: dict[int, int] = {}
    for part in parts:
        for status, count in part["statuses"].items():
            statuses[status] = statuses.get(status, 0) + count
    return {
        **counts,
        "lost": counts["sent"] - counts["answered"] - counts["transport_errors"],
        "http_statuses": dict(sorted(statuses.items())),
        "seconds": round(elapsed, 2),
        "requests_per_second": round(counts["sent"] / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1)
        if latencies
        else None,
    }


def main() -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--requests", type=int, default=20000)
    parse.add_argument("--concurrency", type=int, default=64)
    parse.add_argument("--workers", type=int, default=2)
    parse.add_argument("--max-in-flight", type=int, default=8)
    parse.add_argument("--pool", type=int, default=400)
    parse.add_argument("--seed", type=int, default=10)
    parse.add_argument("--warmup", type=int, default=1000)
    args = parse.parse_args()

    requests = pool(args.pool, args.seed)
    started = time.perf_counter()
    answers = expected_answers(requests)
    statuses = [status for status, _ in answers]
    print(
        f"pool: {len(requests)} distinct requests"
        f" ({statuses.count(200)} answered 200, {statuses.count(422)} 422),"
        f" {min(len(json.loads(r)['quotes']) for r in requests)}-"
        f"{max(len(json.loads(r)['quotes']) for r in requests)} quotes;"
        f" expected answers from one CLI --input-jsonl run in {time.perf_counter() - started:.1f} s"
    )
    kinds = [json.loads(body)["status"] for _, body in answers]
    print("result statuses in the pool:", {k: kinds.count(k) for k in sorted(set(kinds))})

    proc, url = start_server(args.workers, args.max_in_flight)
    try:
        rng = random.Random(args.seed + 1)
        warm = [rng.randrange(len(requests)) for _ in range(args.warmup)]
        warmup = asyncio.run(drive(url, requests, answers, warm, args.concurrency))
        rss_before = rss_mib(proc.pid)
        order = [rng.randrange(len(requests)) for _ in range(args.requests)]
        # The run is driven in quarters with the RSS read after each, so a leak shows as a
        # trend rather than hiding in one before/after pair; the quarters are back to back.
        step = -(-len(order) // 4)
        quarters, rss_trend = [], []
        started = time.perf_counter()
        for start in range(0, len(order), step):
            part = order[start : start + step]
            quarters.append(asyncio.run(drive(url, requests, answers, part, args.concurrency)))
            rss_trend.append(round(rss_mib(proc.pid), 1))
        elapsed = time.perf_counter() - started
        figures = combine(quarters, elapsed)
        rss_after = rss_trend[-1]
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
    warm_figures = combine([warmup], warmup["seconds"])
    figures["warmup"] = {
        key: warm_figures[key] for key in ("answered", "transport_errors", "mismatches", "lost")
    }
    figures["rss_mib_before"] = round(rss_before, 1)
    figures["rss_mib_after"] = round(rss_after, 1)
    figures["rss_mib_after_each_quarter"] = rss_trend
    figures["workers"] = args.workers
    figures["concurrency"] = args.concurrency
    figures["requests"] = args.requests
    print(json.dumps(figures, indent=2))
    bad = figures["transport_errors"] + figures["mismatches"] + figures["lost"]
    bad += sum(figures["warmup"][k] for k in ("transport_errors", "mismatches", "lost"))
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
