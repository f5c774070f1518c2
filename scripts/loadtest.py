"""Load and fault test of the HTTP service (issues #10, 19; not in CI): every answer checked.

Run from the repository root with the ``http`` extra installed:

    python -B scripts/loadtest.py [--requests 20000] [--concurrency 64] [--workers 2]

1. builds a pool of distinct requests (``--pool``, default 400): completed, partial and
   invalid, 1 to 100 quotes each, from a fixed seed;
2. computes the expected answer of every pool request once through the real CLI, in one
   ``--input-jsonl -`` process (each line is exactly what the single call prints; proven by
   ``tests/test_batch.py``), and its HTTP status from its result's status;
3. mixes them with every other answer the service gives a client (:data:`MIX`, about 12 %):
   413 by ``Content-Length`` and by a chunked stream, 415 by media type and by a repeated
   ``Content-Type``, 404 for a trailing slash, 405, and clients that hang up mid-body;
4. starts ``python -B -m quotecalc.http --workers N`` on a free 127.0.0.1 port in its own
   process group, warms it up, and reads the server's RSS (supervisor plus workers);
5. sends ``--requests`` requests of the mix at ``--concurrency`` over keep-alive connections
   (a minimal HTTP/1.1 client on asyncio streams, so the client spends little of the CPU it
   shares with the server), comparing each response's status and body bytes with the
   expected answer; a request without an answer (a failed write or read) is *lost*;
6. then 200 (``--batch-clients``) maximal batch bodies at once, with the server's peak RSS,
   and 200 (``--slow-clients``) connections sending their head a byte a second while
   ``/healthz`` is asked twice a second;
7. stops the server (SIGTERM), counts the access log's outcomes, times ``calculate()`` in
   process on the same mix with as many processes as workers, and prints the figures:
   lost, mismatches, statuses, requests/s, p50/p99 latency, the throughput ratio, RSS.

With ``--kill-worker SECONDS`` (issue 28) step 5 is run once, without quarters, and one worker
is killed with SIGKILL that many seconds into it; ``/healthz`` is then asked on a fresh
connection every 20 ms until it answers, and the supervisor's children are watched until the
dead worker's replacement runs. Step 6 is skipped. The figures add the kill's time, the first
answer after it, the replacement's time and the requests lost; the exit status is then 0 when
nothing mismatched, at most ``--concurrency`` requests were lost (one in flight per
connection) and the service answered again within 2 s.

With ``--events N`` (issue 34) the run is instead: the server started with its default
settings (``python -B -m quotecalc.http`` and nothing else), ``N`` hard sourcing events (the
award bench's 50 items x 20 suppliers, ``scripts/loadtest_events.py``, seeds 1..N, compact
JSON) sent at once over ``POST /quotecalc/event`` by a foreign client (httpx's async client),
while the fixed call (``examples/multi-supplier.request.json``) and ``/healthz`` are each sent
every 0.2 s for ``--light-seconds`` (40). Targets: every fixed call answered 200 with the
CLI's bytes within 1 s, every ``/healthz`` within 1 s, every event answered 200 with an award
or 503 with ``Retry-After`` within 60 s (none hangs, none 500). Exit status 0 when all hold.

Exit status 0 only when nothing was lost and nothing mismatched.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
from loadtest_client import CALC, JSON_TYPE, Case, Connection, combine, drive, edge_cases, mix
from quotecalc import calculate

ROOT = Path(__file__).resolve().parent.parent
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


def start_server(workers: int, max_in_flight: int) -> tuple[subprocess.Popen[bytes], str, Any]:
    """The server in its own process group, its stderr (the access log) in a file."""
    port = free_port()
    argv = [sys.executable, "-B", "-m", "quotecalc.http", "--port", str(port)]
    argv += ["--workers", str(workers), "--max-in-flight", str(max_in_flight)]
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed by the caller
    proc = subprocess.Popen(
        argv,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
        stderr=log,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return proc, url, log
        except httpx.TransportError:
            time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


def _in_process(bodies: list[bytes]) -> float:
    """CPU seconds of ``calculate()`` over ``bodies`` in this process."""
    started = time.process_time()
    for body in bodies:
        calculate(body).to_json()
    return time.process_time() - started


def in_process_seconds(cases: list[Case], workers: int) -> tuple[float, float]:
    """Wall and CPU seconds ``workers`` processes take to run ``calculate()`` on every
    calculation of the mix (the 413 bodies included, cut at limit + 1 like the edge): the
    service's work without the service."""
    bodies = [case.body[:262145] for case in cases if case.kind.startswith(("calc", "too"))]
    shares = [bodies[index::workers] for index in range(workers)]
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        started = time.perf_counter()
        cpu = sum(pool.map(_in_process, shares))
        return time.perf_counter() - started, cpu


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and all its descendants (``/proc``)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for process in descendants(pid):
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks


async def maximal_batches(url: str, body: bytes, clients: int, pid: int) -> dict[str, Any]:
    """``clients`` connections each sending one maximal batch body at once; the server's RSS
    sampled every 20 ms throughout."""
    host, port = url.removeprefix("http://").split(":")
    case = Case("batch", "POST", "/quotecalc/calculate-batch", JSON_TYPE, body, None)
    statuses: dict[str, int] = {}
    peak = [rss_mib(pid)]
    done = asyncio.Event()

    async def sample() -> None:
        while not done.is_set():
            peak.append(rss_mib(pid))
            await asyncio.sleep(0.02)

    async def one() -> None:
        connection = Connection(host, int(port))
        try:
            status, _ = await connection.send(case)
            key = str(status)
        except (OSError, asyncio.IncompleteReadError, ValueError, KeyError) as exc:
            key = type(exc).__name__
        finally:
            connection.close()
        statuses[key] = statuses.get(key, 0) + 1

    sampler = asyncio.create_task(sample())
    started = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(clients)))
    done.set()
    await sampler
    return {
        "clients": clients,
        "body_bytes": len(body),
        "statuses": statuses,
        "seconds": round(time.perf_counter() - started, 2),
        "rss_mib_before": round(peak[0], 1),
        "rss_mib_peak": round(max(peak), 1),
    }


async def slowloris(url: str, clients: int, bound: float) -> dict[str, Any]:
    """``clients`` connections sending their request head one byte a second, and ``/healthz``
    asked twice a second meanwhile: when each slow connection was closed, how health fared."""
    host, port = url.removeprefix("http://").split(":")
    started = time.perf_counter()
    closed: list[float] = []

    async def slow() -> None:
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(f"POST {CALC} HTTP/1.1\r\nHost: {host}\r\nX-Slow: ".encode())
        try:
            while time.perf_counter() - started < bound:
                writer.write(b"a")
                await writer.drain()
                try:
                    if await asyncio.wait_for(reader.read(1024), 1.0) == b"":
                        closed.append(time.perf_counter() - started)
                        return
                except TimeoutError:
                    continue
        except OSError:
            closed.append(time.perf_counter() - started)
        finally:
            writer.close()

    async def health() -> list[float]:
        times = []
        while time.perf_counter() - started < min(bound, 8):
            begun = time.perf_counter()
            reader, writer = await asyncio.open_connection(host, int(port))
            writer.write(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            line = await asyncio.wait_for(reader.readline(), 10)
            writer.close()
            times.append(1000 * (time.perf_counter() - begun) if b" 200 " in line else -1.0)
            await asyncio.sleep(0.5)
        return times

    *_, times = await asyncio.gather(*(slow() for _ in range(clients)), health())
    return {
        "clients": clients,
        "closed": len(closed),
        "closed_after_s": [round(min(closed), 2), round(max(closed), 2)] if closed else None,
        "healthz_answered": sum(1 for t in times if t >= 0),
        "healthz_failed": sum(1 for t in times if t < 0),
        "healthz_max_ms": round(max(times), 1) if times else None,
    }


def maximal_batch_body(requests: list[bytes]) -> bytes:
    """A 24-item batch padded with spaces to exactly the batch byte limit."""
    items: list[bytes] = []
    for item in requests:
        if len(items) == 24 or sum(map(len, items)) + len(item) + 100 > 2_097_152:
            break
        items.append(item)
    body = b'{"requests":[' + b",".join(items) + b"]}"
    return body + b" " * (2_097_152 - len(body))


def children(pid: int) -> set[int]:
    """The direct children of ``pid`` (granian's workers of the supervisor)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(child) for child in (task / "children").read_text().split())
    return found


async def healthz_once(host: str, port: int) -> bool:
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 1)
    except (TimeoutError, OSError):
        return False
    try:
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        await writer.drain()
        return (await asyncio.wait_for(reader.read(12), 1)) == b"HTTP/1.1 200"
    except (TimeoutError, OSError):
        return False
    finally:
        writer.close()


async def drive_with_a_kill(
    url: str, cases: list[Case], concurrency: int, supervisor: int, after: float
) -> dict[str, Any]:
    """The mix, with one worker killed (SIGKILL) ``after`` seconds into it: the run's figures
    plus the kill's, the first ``/healthz`` answer after it and the replacement's time."""
    host, port = url.removeprefix("http://").split(":")
    started = time.perf_counter()

    async def kill() -> dict[str, Any]:
        await asyncio.sleep(after)
        before = children(supervisor)
        victim = min(before)
        os.kill(victim, signal.SIGKILL)
        killed = time.perf_counter()
        failed_probes, answered = 0, None
        while time.perf_counter() - killed < 30:  # a service that never comes back: None
            if await healthz_once(host, int(port)):
                answered = time.perf_counter()
                break
            failed_probes += 1
            await asyncio.sleep(0.02)
        replaced = None
        while time.perf_counter() - killed < 30:
            now = children(supervisor)
            if len(now) == len(before) and victim not in now:
                replaced = time.perf_counter()
                break
            await asyncio.sleep(0.02)
        return {
            "killed_at_s": round(killed - started, 2),
            "healthz_answered_after_s": None if answered is None else round(answered - killed, 3),
            "healthz_failed_probes": failed_probes,
            "worker_replaced_after_s": None if replaced is None else round(replaced - killed, 2),
            "workers_after": len(children(supervisor)),
        }

    run, killing = await asyncio.gather(drive(url, cases, concurrency), kill())
    elapsed = time.perf_counter() - started
    figures = combine([run], elapsed)
    figures["kill"] = killing
    return figures


def serve_and_drive(
    args: argparse.Namespace, requests: list[bytes], warm: list[Case], cases: list[Case]
) -> dict[str, Any]:
    """Start the server, run the mix, the maximal batches and the slow heads; the figures."""
    proc, url, log = start_server(args.workers, args.max_in_flight)
    try:
        warmup = asyncio.run(drive(url, warm, args.concurrency))
        rss_before = rss_mib(proc.pid)
        if args.kill_worker is not None:
            started = time.perf_counter()
            figures = asyncio.run(
                drive_with_a_kill(url, cases, args.concurrency, proc.pid, args.kill_worker)
            )
            elapsed = time.perf_counter() - started
            figures["rss_mib_after"] = round(rss_mib(proc.pid), 1)
            figures["load_average_during"] = os.getloadavg()
            figures["server_alive_after"] = proc.poll() is None
            return finish(proc, log, figures, warmup=warmup, rss_before=rss_before, elapsed=elapsed)
        # The run is driven in quarters with the RSS read after each, so a leak shows as a
        # trend rather than hiding in one before/after pair; the quarters are back to back.
        step = -(-len(cases) // 4)
        quarters, rss_trend = [], []
        cpu_before, client_before = cpu_seconds(proc.pid), time.process_time()
        started = time.perf_counter()
        for start in range(0, len(cases), step):
            part = cases[start : start + step]
            quarters.append(asyncio.run(drive(url, part, args.concurrency)))
            rss_trend.append(round(rss_mib(proc.pid), 1))
        elapsed = time.perf_counter() - started
        figures = combine(quarters, elapsed)
        figures["server_cpu_seconds"] = round(cpu_seconds(proc.pid) - cpu_before, 2)
        figures["client_cpu_seconds"] = round(time.process_time() - client_before, 2)
        load_during = os.getloadavg()
        batches = asyncio.run(
            maximal_batches(url, maximal_batch_body(requests), args.batch_clients, proc.pid)
        )
        slow = asyncio.run(slowloris(url, args.slow_clients, 12.0))
    except BaseException:
        stop(proc)
        log.close()
        raise
    figures["rss_mib_after_each_quarter"] = rss_trend
    figures["maximal_batches"] = batches
    figures["slowloris"] = slow
    figures["load_average_during"] = load_during
    return finish(proc, log, figures, warmup=warmup, rss_before=rss_before, elapsed=elapsed)


def stop(proc: subprocess.Popen[bytes]) -> int | None:
    """SIGTERM, then the whole process group killed whatever happened; the exit status."""
    proc.send_signal(signal.SIGTERM)
    try:
        status: int | None = proc.wait(40)
    except subprocess.TimeoutExpired:
        status = None
    with contextlib.suppress(ProcessLookupError):  # nothing of the group outlives the run
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)
    return status


def finish(
    proc: subprocess.Popen[bytes],
    log: Any,
    figures: dict[str, Any],
    *,
    warmup: dict[str, Any],
    rss_before: float,
    elapsed: float,
) -> dict[str, Any]:
    """Stop the server, count the access log's outcomes and add the common figures."""
    figures["exit_status_after_sigterm"] = stop(proc)
    log.seek(0)
    outcomes: dict[str, int] = {}
    for line in log.read().decode(errors="replace").splitlines():
        if line.startswith("{"):
            outcome = json.loads(line)["outcome"]
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        elif line.startswith("[") and ("worker" in line or "Unexpected" in line):
            figures.setdefault("server_log", []).append(line)
    log.close()
    figures["warmup"] = warmup
    figures["rss_mib_before"] = round(rss_before, 1)
    figures["access_log_outcomes"] = dict(sorted(outcomes.items()))
    figures["elapsed"] = elapsed
    return figures


def start_default_server() -> tuple[subprocess.Popen[bytes], str, Any]:
    """``python -B -m quotecalc.http`` with no option but the port: the default settings."""
    port = free_port()
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed by the caller
    proc = subprocess.Popen(
        [sys.executable, "-B", "-m", "quotecalc.http", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
        stderr=log,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return proc, url, log
        except httpx.TransportError:
            time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def heavy_and_light(
    url: str, events: list[bytes], fixed: bytes, expected: bytes, seconds: float
) -> dict[str, Any]:
    """The events at once and the light calls on a 0.2 s clock (each call its own task, so a
    slow answer never delays the next send); every answer timed and checked."""
    light: list[tuple[int, float, bool]] = []
    health: list[tuple[int, float]] = []
    heavy: list[dict[str, Any]] = []
    limits = httpx.Limits(max_connections=len(events) + 64, max_keepalive_connections=64)
    headers = {"Content-Type": "application/json"}
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=120) as client:

        async def event(raw: bytes) -> None:
            started = time.perf_counter()
            try:
                reply = await client.post("/quotecalc/event", content=raw, headers=headers)
            except httpx.HTTPError as exc:
                heavy.append(
                    {"error": type(exc).__name__, "seconds": time.perf_counter() - started}
                )
                return
            elapsed = time.perf_counter() - started
            record: dict[str, Any] = {"status": reply.status_code, "seconds": elapsed}
            if reply.status_code == 200:
                record["award"] = reply.json().get("award") is not None
                record["documentStatus"] = reply.json().get("status")
            elif reply.status_code == 503:
                record["code"] = reply.json()["error"]["code"]
                record["retryAfter"] = reply.headers.get("retry-after")
            heavy.append(record)

        async def fixed_call() -> None:
            started = time.perf_counter()
            try:
                reply = await client.post("/quotecalc/calculate", content=fixed, headers=headers)
                light.append(
                    (reply.status_code, time.perf_counter() - started, reply.content == expected)
                )
            except httpx.HTTPError:
                light.append((0, time.perf_counter() - started, False))

        async def healthz() -> None:
            started = time.perf_counter()
            try:
                reply = await client.get("/healthz")
                health.append((reply.status_code, time.perf_counter() - started))
            except httpx.HTTPError:
                health.append((0, time.perf_counter() - started))

        async with asyncio.TaskGroup() as group:
            for raw in events:
                group.create_task(event(raw))
            await asyncio.sleep(0.5)  # the events are in before the clock starts
            begun = time.perf_counter()
            tick = 0
            while time.perf_counter() - begun < seconds:
                group.create_task(fixed_call())
                group.create_task(healthz())
                tick += 1
                await asyncio.sleep(max(0.0, begun + tick * 0.2 - time.perf_counter()))
    light_seconds = [t for _, t, _ in light]
    return {
        "light_calls": len(light),
        "light_200_with_cli_bytes": sum(1 for status, _, same in light if status == 200 and same),
        "light_within_1s": sum(1 for t in light_seconds if t <= 1.0),
        "light_p50_ms": round(1000 * _percentile(light_seconds, 0.5), 1),
        "light_p99_ms": round(1000 * _percentile(light_seconds, 0.99), 1),
        "light_max_ms": round(1000 * max(light_seconds, default=0.0), 1),
        "healthz_calls": len(health),
        "healthz_200_within_1s": sum(1 for status, t in health if status == 200 and t <= 1.0),
        "healthz_max_ms": round(1000 * max((t for _, t in health), default=0.0), 1),
        "events": sorted(heavy, key=lambda r: r["seconds"]),
    }


def events_run(args: argparse.Namespace) -> int:
    """The ``--events`` run (module docstring): its figures, and 0 when every target held."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from loadtest_events import event_document

    events = [
        json.dumps(event_document(seed), separators=(",", ":")).encode()
        for seed in range(1, args.events + 1)
    ]
    fixed = (ROOT / "examples" / "multi-supplier.request.json").read_bytes()
    expected = subprocess.run(
        [sys.executable, "-B", "scripts/calculate.py", "--input-json", "-"],
        input=fixed,
        capture_output=True,
        cwd=ROOT,
        check=True,
    ).stdout
    print(f"{len(events)} events, {sum(map(len, events))} bytes in all")
    print("load average before:", os.getloadavg())
    reaped_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc, url, log = start_default_server()
    try:
        started = time.perf_counter()
        figures = asyncio.run(heavy_and_light(url, events, fixed, expected, args.light_seconds))
        figures["elapsed_s"] = round(time.perf_counter() - started, 1)
        figures["load_average_after"] = os.getloadavg()
        figures["readyz_after"] = httpx.get(url + "/readyz", timeout=5).json()
        metrics = httpx.get(url + "/metrics", timeout=5).text
        figures["metrics"] = [
            line
            for line in metrics.splitlines()
            if line.startswith(("quotecalc_http_deadline", "quotecalc_http_rejected"))
        ]
    finally:
        figures_status = stop(proc)
        log.close()
    figures["exit_status_after_sigterm"] = figures_status
    # Once the server is reaped its CPU is in RUSAGE_CHILDREN, its workers' and their heavy
    # subprocesses' (killed at the deadline, reaped by the worker) included.
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures["service_cpu_seconds_all_processes"] = round(
        reaped.ru_utime + reaped.ru_stime - reaped_before.ru_utime - reaped_before.ru_stime, 1
    )
    for record in figures["events"]:
        record["seconds"] = round(record["seconds"], 2)
    print(json.dumps(figures, indent=2))
    events_ok = all(
        record.get("seconds", 99) <= 60
        and (
            (record.get("status") == 200 and record.get("award"))
            or (record.get("status") == 503 and record.get("retryAfter"))
        )
        for record in figures["events"]
    ) and len(figures["events"]) == len(events)
    ok = (
        events_ok
        and figures["light_200_with_cli_bytes"] == figures["light_calls"]
        and figures["light_within_1s"] == figures["light_calls"]
        and figures["healthz_200_within_1s"] == figures["healthz_calls"]
    )
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


def main() -> int:
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parse.add_argument("--requests", type=int, default=20000)
    parse.add_argument("--concurrency", type=int, default=64)
    parse.add_argument("--workers", type=int, default=2)
    parse.add_argument("--max-in-flight", type=int, default=8)
    parse.add_argument("--pool", type=int, default=400)
    parse.add_argument("--seed", type=int, default=10)
    parse.add_argument("--warmup", type=int, default=1000)
    parse.add_argument("--batch-clients", type=int, default=200)
    parse.add_argument("--slow-clients", type=int, default=200)
    parse.add_argument(
        "--kill-worker",
        type=float,
        default=None,
        metavar="SECONDS",
        help="kill -9 one worker this many seconds into the run (issue 28)",
    )
    parse.add_argument(
        "--events",
        type=int,
        default=None,
        metavar="N",
        help="issue 34: N hard events at once while the fixed call runs every 0.2 s",
    )
    parse.add_argument("--light-seconds", type=float, default=40.0)
    args = parse.parse_args()
    if args.events is not None:
        return events_run(args)

    requests = pool(args.pool, args.seed)
    started = time.perf_counter()
    answers = expected_answers(requests)
    too_large = expected_answers([b" " * 262145])[0][1]
    statuses = [status for status, _ in answers]
    print(
        f"pool: {len(requests)} distinct requests"
        f" ({statuses.count(200)} answered 200, {statuses.count(422)} 422),"
        f" {min(len(json.loads(r)['quotes']) for r in requests)}-"
        f"{max(len(json.loads(r)['quotes']) for r in requests)} quotes;"
        f" expected answers from one CLI --input-jsonl run in {time.perf_counter() - started:.1f} s"
    )
    print("load average before:", os.getloadavg())
    rng = random.Random(args.seed + 1)
    edges = edge_cases(too_large)
    warm = mix(rng, args.warmup, requests, answers, edges)
    cases = mix(rng, args.requests, requests, answers, edges)

    if args.kill_worker is not None:
        return kill_run(args, requests, warm, cases)
    # calculate() in process on the same mix, timed before and after the service's run (the
    # machine is shared: the mean of the two is the rate the ratio is taken against).
    in_process_before, cpu_in_process = in_process_seconds(cases, args.workers)
    figures = serve_and_drive(args, requests, warm, cases)
    in_process_after, cpu_after = in_process_seconds(cases, args.workers)
    in_process = (in_process_before + in_process_after) / 2
    figures["in_process_seconds_before_after"] = [
        round(in_process_before, 2),
        round(in_process_after, 2),
    ]
    # On a shared machine wall-clock rates depend on how many processes compete (the service
    # runs three: two workers and the client); CPU seconds for the same work do not.
    in_process_cpu = (cpu_in_process + cpu_after) / 2
    figures["in_process_cpu_seconds"] = round(in_process_cpu, 2)
    figures["cpu_ratio"] = round(in_process_cpu / figures["server_cpu_seconds"], 2)
    calculations = sum(1 for case in cases if case.kind.startswith(("calc", "too")))
    figures["in_process_seconds_same_mix"] = round(in_process, 2)
    figures["in_process_requests_per_second"] = round(calculations / in_process, 1)
    figures["throughput_ratio"] = round(in_process / figures.pop("elapsed"), 2)
    warmup = figures.pop("warmup")
    warm_figures = combine([warmup], warmup["seconds"])
    figures["warmup"] = {key: warm_figures[key] for key in ("answered", "lost", "mismatches")}
    figures["workers"] = args.workers
    figures["concurrency"] = args.concurrency
    figures["requests"] = args.requests
    print(json.dumps(figures, indent=2))
    bad = figures["lost"] + figures["mismatches"]
    bad += figures["warmup"]["lost"] + figures["warmup"]["mismatches"]
    return 0 if bad == 0 else 1


def kill_run(
    args: argparse.Namespace, requests: list[bytes], warm: list[Case], cases: list[Case]
) -> int:
    """The run with one worker killed: its figures, and 0 when the service survived it."""
    figures = serve_and_drive(args, requests, warm, cases)
    warmup = figures.pop("warmup")
    warm_figures = combine([warmup], warmup["seconds"])
    figures["warmup"] = {key: warm_figures[key] for key in ("answered", "lost", "mismatches")}
    figures.pop("elapsed")
    figures["workers"] = args.workers
    figures["concurrency"] = args.concurrency
    figures["requests"] = args.requests
    print(json.dumps(figures, indent=2))
    kill = figures["kill"]
    survived = (
        figures["mismatches"] == 0
        and figures["lost"] <= args.concurrency
        and kill["healthz_answered_after_s"] is not None
        and kill["healthz_answered_after_s"] <= 2.0
        and kill["worker_replaced_after_s"] is not None
        and figures["server_alive_after"]
        and figures["exit_status_after_sigterm"] == 0
    )
    return 0 if survived else 1


if __name__ == "__main__":
    sys.exit(main())
