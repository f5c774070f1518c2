"""Heavy work admitted apart from light work (issue 34, ``docs/http.md``, heavy work), on a real
server on 127.0.0.1 driven by a foreign client (httpx's async client).

Three hard sourcing events (the award bench's 50 items x 20 suppliers, each about a minute of
CPU) are sent at once to a server with one heavy slot, one queue place and a 2 s deadline,
while the fixed call and ``/healthz`` are asked every 0.2 s: every light call is answered 200
with the CLI's bytes and quickly, one event is refused at once (no place), the other two get
503 ``deadline_exceeded`` with ``Retry-After`` at their deadline, the subprocess that ran the
first one is killed, the metrics and ``/readyz`` say so, and a heavy subprocess dies with its
HTTP worker. The scaled-up run (12 events, 40 s, defaults) is ``scripts/loadtest.py --events``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import signal
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from http_support import (
    HAS_HTTP,
    JSON,
    Server,
    alive,
    assert_all_gone,
    heavy_workers,
    metric,
    parent_of,
)

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)

import httpx

from conftest import ROOT, run_cli
from event_support import engine_spec_present

if not engine_spec_present():
    pytest.skip("the award engine is not installed", allow_module_level=True)

EVENT = "/quotecalc/event"
CALC = "/quotecalc/calculate"
DEADLINE = 2.0
RETRY = "7"
FIXED = (ROOT / "examples" / "multi-supplier.request.json").read_bytes()
# A light call waits behind nothing: far below the 2 s a heavy call could hold it, with room
# for the shared machine the suite runs on.
LIGHT_BOUND = 1.5


def _events_module() -> ModuleType:
    path = ROOT / "scripts" / "loadtest_events.py"
    spec = importlib.util.spec_from_file_location("loadtest_events", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True, scope="module")
def no_server_left() -> Iterator[None]:
    yield
    assert_all_gone()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server(
        "--heavy-deadline",
        str(DEADLINE),
        "--heavy-queue",
        "1",
        "--heavy-retry-after",
        RETRY,
    )
    try:
        yield running
    finally:
        running.stop()
        running.assert_gone()


async def scenario(url: str, hard: bytes, group: int) -> dict[str, Any]:
    seen: dict[str, Any] = {"light": [], "health": [], "events": [], "running": set()}
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        await client.post(CALC, content=FIXED, headers={"Content-Type": JSON})  # warm

        async def event(delay: float) -> None:
            await asyncio.sleep(delay)
            started = time.perf_counter()
            reply = await client.post(EVENT, content=hard, headers={"Content-Type": JSON})
            seen["events"].append((reply, time.perf_counter() - started))

        async def light() -> None:
            for _ in range(12):  # 2.4 s of calls, one every 0.2 s, while the events run
                started = time.perf_counter()
                reply = await client.post(CALC, content=FIXED, headers={"Content-Type": JSON})
                seen["light"].append((reply, time.perf_counter() - started))
                started = time.perf_counter()
                health = await client.get("/healthz")
                seen["health"].append((health.status_code, time.perf_counter() - started))
                seen["running"] |= heavy_workers(group)
                await asyncio.sleep(0.2)

        async def readiness_meanwhile() -> None:
            await asyncio.sleep(1.0)  # one event running, one waiting, one refused
            seen["ready_meanwhile"] = await client.get("/readyz")

        # the first event surely holds the slot before the other two arrive
        await asyncio.gather(event(0), event(0.3), event(0.3), light(), readiness_meanwhile())
        seen["ready"] = await client.get("/readyz")
        seen["metrics"] = (await client.get("/metrics")).text
    return seen


def test_heavy_events_stop_at_their_deadline_while_light_calls_keep_their_latency(
    server: Server,
) -> None:
    hard = json.dumps(_events_module().event_document(1), separators=(",", ":")).encode()
    cli = run_cli(FIXED, "--input-json", "-")
    seen = asyncio.run(scenario(server.url, hard, server.proc.pid))

    assert len(seen["light"]) == 12
    for reply, seconds in seen["light"]:
        assert (reply.status_code, reply.content) == (200, cli.stdout)
        assert seconds < LIGHT_BOUND
    assert all(status == 200 and seconds < LIGHT_BOUND for status, seconds in seen["health"])

    codes = []
    for reply, seconds in seen["events"]:
        assert reply.status_code == 503
        assert reply.headers["retry-after"] == RETRY
        code = reply.json()["error"]["code"]
        codes.append(code)
        # refused at once (no place), or answered at its deadline and not much later
        assert seconds < (2.0 if code == "overloaded" else DEADLINE + 2.0)
        if code == "deadline_exceeded":
            assert seconds >= DEADLINE - 0.5
    assert sorted(codes) == ["deadline_exceeded", "deadline_exceeded", "overloaded"]

    # the subprocesses that ran the events were killed; only the replacement is left
    assert seen["running"], "no heavy subprocess was seen running"
    time.sleep(0.5)
    left = heavy_workers(server.proc.pid)
    assert len(left) <= 1
    assert not any(alive(pid) for pid in seen["running"] - left)

    # while the heavy pool was full the worker stayed ready for light work (decision 34.25)
    meanwhile = seen["ready_meanwhile"]
    assert meanwhile.status_code == 200
    assert meanwhile.json()["status"] == "ready"
    assert meanwhile.json()["heavy"] == {
        "status": "full",
        "inFlight": 1,
        "maxInFlight": 1,
        "waiting": 1,
        "maxWaiting": 1,
    }

    ready = seen["ready"].json()
    assert seen["ready"].status_code == 200
    assert ready["heavy"] == {
        "status": "ready",
        "inFlight": 0,
        "maxInFlight": 1,
        "waiting": 0,
        "maxWaiting": 1,
    }
    text = seen["metrics"]
    assert metric(text, f'quotecalc_http_deadline_exceeded_total{{route="{EVENT}"}}') == 2
    assert metric(text, f'quotecalc_http_rejected_total{{pool="heavy",route="{EVENT}"}}') == 1
    assert metric(text, 'quotecalc_http_pool_in_flight{pool="heavy"}') == 0
    assert metric(text, 'quotecalc_http_pool_waiting{pool="heavy"}') == 0


def test_a_heavy_subprocess_dies_with_its_http_worker(server: Server) -> None:
    """``kill -9`` of the HTTP worker leaves no heavy subprocess behind (it checks its parent
    twice a second); granian replaces the worker."""
    if not heavy_workers(server.proc.pid):  # this test runs alone: a call leaves its worker
        small = (ROOT / "examples" / "event.request.json").read_bytes()
        reply = httpx.post(server.url + EVENT, content=small, headers={"Content-Type": JSON})
        assert reply.status_code == 200
    deadline = time.monotonic() + 10
    while not heavy_workers(server.proc.pid) and time.monotonic() < deadline:
        time.sleep(0.1)  # the replacement started by the test above, or the call's own
    workers = heavy_workers(server.proc.pid)
    assert workers, "no heavy subprocess to orphan"
    pid = next(iter(workers))
    os.kill(parent_of(pid), signal.SIGKILL)
    deadline = time.monotonic() + 5
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(pid)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the service answers again (a new worker)
        try:
            if httpx.get(server.url + "/healthz", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.1)
    else:
        raise AssertionError("the service did not answer again")


def test_an_event_pasted_into_the_page_is_heavy_work_too(server: Server) -> None:
    """``POST /quotecalc/report`` with a pasted hard event is admitted by the heavy pool: 503
    ``deadline_exceeded`` at the deadline (not a light thread busy for a minute), and the
    fixed call answered meanwhile."""
    hard = json.dumps(_events_module().event_document(2), separators=(",", ":"))

    async def both() -> tuple[httpx.Response, float, httpx.Response, float]:
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:

            async def page() -> tuple[httpx.Response, float]:
                started = time.perf_counter()
                reply = await client.post("/quotecalc/report", files={"request": (None, hard)})
                return reply, time.perf_counter() - started

            async def light() -> tuple[httpx.Response, float]:
                await asyncio.sleep(DEADLINE / 2)
                started = time.perf_counter()
                reply = await client.post(CALC, content=FIXED, headers={"Content-Type": JSON})
                return reply, time.perf_counter() - started

            (paged, page_s), (lit, light_s) = await asyncio.gather(page(), light())
            return paged, page_s, lit, light_s

    paged, page_seconds, lit, light_seconds = asyncio.run(both())
    assert paged.status_code == 503
    assert paged.json()["error"]["code"] == "deadline_exceeded"
    assert paged.headers["retry-after"] == RETRY
    assert DEADLINE - 0.5 <= page_seconds < DEADLINE + 2.0
    assert lit.status_code == 200 and light_seconds < LIGHT_BOUND
