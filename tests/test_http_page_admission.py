"""Every entry of the analyst's page is admitted by its cost class (issue 39, ``docs/http.md``,
"Heavy work"), on a real server (granian on 127.0.0.1) driven by foreign clients: httpx's
async client, and a raw socket for a client that goes away.

The server has one heavy place (one slot, no queue), a short deadline and its own
``Retry-After``, so each admission shows at once:

- while a hard event holds the heavy place, each heavy page entry (a pasted comparison -- its
  best plan is computed beside it --, plan or event, a ``.json`` file, an uploaded quote sheet,
  an event workbook with the event box ticked, a plan's or an event's workbook download) is
  refused 503 ``overloaded`` at once with the heavy ``Retry-After`` and counted under the heavy
  pool, while each light one (a pasted conversion, a sheet with exchange rates, a comparison's
  or a conversion's workbook, the intake, the filled form, nothing sent) is answered;
- a heavy page post runs in the heavy pool's subprocess: ``/readyz`` and the metrics show it
  in flight there (and nothing in the light pool), and it is answered 503
  ``deadline_exceeded`` with ``Retry-After`` at its deadline;
- a page client that goes away while its heavy work runs has its worker subprocess killed,
  long before the deadline.
"""

from __future__ import annotations

import asyncio
import csv
import importlib.util
import io
import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from http_support import (
    HAS_HTTP,
    JSON,
    Server,
    alive,
    assert_all_gone,
    busy_heavy_workers,
    metric,
)

if not HAS_HTTP:
    pytest.skip("the optional http extra is not installed", allow_module_level=True)
pytest.importorskip("xlsxwriter")

import httpx

from conftest import ROOT
from event_support import engine_spec_present
from event_workbook import root_options, write_xlsxwriter

if not engine_spec_present():
    pytest.skip("the award engine is not installed", allow_module_level=True)

REPORT = "/quotecalc/report"
DEADLINE = 3.0
RETRY = "7"
EXAMPLES = ROOT / "examples"
COMPARISON = (EXAMPLES / "multi-supplier.request.json").read_bytes()
PLAN = (EXAMPLES / "plan.request.json").read_bytes()
EVENT = (EXAMPLES / "event.request.json").read_bytes()
CONVERT = (EXAMPLES / "convert.request.json").read_bytes()
SHEET_HEADER = ["供应商", "规格", "币种", "每包数量", "最小起订包数", "包价", "运费", "交期天数"]
SHEET_ROWS = [
    ["宁波紧固件", "M8 螺栓", "CNY", "500", "0", "185.00", "320.00", "18"],
    ["苏州精密", "M8 螺栓", "CNY", "250", "0", "98.75", "480.00", "9"],
]
USD_ROW = ["Acme Fasteners", "M8 螺栓", "USD", "250", "0", "13.90", "67.00", "9"]
SHEET_FORM = {"quantity": "12000", "currency": "CNY", "specification": "M8 螺栓"}
RATES = {
    "rate_from_1": "USD",
    "rate_to_1": "CNY",
    "rate_1": "7.1",
    "rate_date_1": "2026-12-01",
    "rate_source_1": "bank quote",
}
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# The most a refusal may take on the shared machine: it is decided without any calculation.
AT_ONCE = 2.0
DEADLINES = f'quotecalc_http_deadline_exceeded_total{{route="{REPORT}"}}'


def _events_module() -> ModuleType:
    path = ROOT / "scripts" / "loadtest_events.py"
    spec = importlib.util.spec_from_file_location("loadtest_events", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def hard_event(seed: int) -> dict[str, Any]:
    """A 50 x 20 bench event: seconds of CPU, far past the deadline."""
    document: dict[str, Any] = _events_module().event_document(seed)
    return document


@pytest.fixture(autouse=True, scope="module")
def no_server_left() -> Iterator[None]:
    yield
    assert_all_gone()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server(
        "--heavy-deadline",
        str(DEADLINE),
        "--heavy-max-in-flight",
        "1",
        "--heavy-queue",
        "0",
        "--heavy-retry-after",
        RETRY,
    )
    try:
        yield running
    finally:
        running.stop()
        running.assert_gone()


def counted(text: str, name: str) -> float:
    """A counter's value in the exposition, 0 before its first count."""
    return (
        metric(text, name)
        if any(line.startswith(name + " ") for line in text.splitlines())
        else 0.0
    )


def sheet_csv(*extra: list[str]) -> bytes:
    """The quote sheet as a CSV (UTF-8), with ``extra`` rows after its own."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SHEET_HEADER)
    writer.writerows([*SHEET_ROWS, *extra])
    return out.getvalue().encode("utf-8")


def event_workbook(folder: Path, request: dict[str, Any]) -> tuple[bytes, dict[str, str]]:
    """An event request as the workbook a buyer uploads, and the form's fields for it (its
    root options, the event box ticked)."""
    path = write_xlsxwriter(folder / "event.xlsx", request)
    return path.read_bytes(), {**root_options(request), "event": "true"}


Post = Callable[[httpx.AsyncClient], Any]


def report(data: dict[str, str], files: dict[str, Any] | None = None) -> Post:
    """A post of the page's form to ``/quotecalc/report``."""

    def send(client: httpx.AsyncClient) -> Any:
        form_files = files or {"sheet_file": ("", b"", "application/octet-stream")}
        return client.post(REPORT, data=data, files=form_files)

    return send


def pasted(raw: bytes, **extra: str) -> Post:
    return report({"request": raw.decode("utf-8"), **extra})


def heavy_entries(folder: Path) -> dict[str, Post]:
    """Every page entry whose work is heavy."""
    workbook, event_form = event_workbook(folder, json.loads(EVENT))
    return {
        "pasted comparison (its plan beside it)": pasted(COMPARISON),
        "pasted plan": pasted(PLAN),
        "pasted event": pasted(EVENT),
        "plan as a .json file": report({}, {"sheet_file": ("plan.json", PLAN, JSON)}),
        "uploaded quote sheet": report(
            SHEET_FORM, {"sheet_file": ("quotes.csv", sheet_csv(), "text/csv")}
        ),
        "event workbook, box ticked": report(
            event_form, {"sheet_file": ("event.xlsx", workbook, XLSX)}
        ),
        "plan workbook download": pasted(PLAN, format="xlsx"),
        "event workbook download": pasted(EVENT, format="xlsx"),
    }


def light_entries() -> dict[str, tuple[Post, int]]:
    """Every page entry whose work is light (or none), with the status it is answered."""

    def intake(client: httpx.AsyncClient) -> Any:
        return client.post(
            "/quotecalc/intake", content=sheet_csv(), headers={"Content-Type": "text/csv"}
        )

    def refill(client: httpx.AsyncClient) -> Any:
        return client.post("/quotecalc/form", data=SHEET_FORM)

    sheet = {"sheet_file": ("quotes.csv", sheet_csv(USD_ROW), "text/csv")}
    return {
        "pasted conversion": (pasted(CONVERT), 200),
        "sheet with exchange rates": (report({**SHEET_FORM, **RATES}, sheet), 200),
        "comparison workbook download": (pasted(COMPARISON, format="xlsx"), 200),
        "conversion workbook download": (pasted(CONVERT, format="xlsx"), 200),
        "nothing sent": (report({}), 422),
        "intake for programs": (intake, 200),
        "filled form": (refill, 200),
    }


async def wait_for(client: httpx.AsyncClient, ready: Callable[[dict[str, Any]], bool]) -> None:
    """Poll ``/readyz`` until its document satisfies ``ready`` (bounded)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if ready((await client.get("/readyz")).json()):
            return
        await asyncio.sleep(0.02)
    raise AssertionError("/readyz never showed the expected state")


async def quiet(server: Server) -> None:
    """Until no heavy worker subprocess uses CPU (a replacement started after a kill imports
    its entry points first), so the one a call then runs in is the only busy one."""
    deadline = time.monotonic() + 15
    while busy_heavy_workers(server.proc.pid):
        assert time.monotonic() < deadline, "the heavy workers never went idle"
        await asyncio.sleep(0.05)


def test_each_page_entry_is_admitted_by_its_cost_class(server: Server, tmp_path: Path) -> None:
    heavy = heavy_entries(tmp_path)
    light = light_entries()
    blocker = json.dumps(hard_event(3), separators=(",", ":")).encode()

    async def scenario() -> dict[str, Any]:
        seen: dict[str, Any] = {"heavy": {}, "light": {}}
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
            for post, _ in light.values():  # warm the light paths' imports first
                await post(client)
            block = asyncio.create_task(
                client.post("/quotecalc/event", content=blocker, headers={"Content-Type": JSON})
            )
            await wait_for(client, lambda ready: ready["heavy"]["status"] == "full")
            for name, post in heavy.items():
                started = time.perf_counter()
                seen["heavy"][name] = (await post(client), time.perf_counter() - started)
            for name, (post, _) in light.items():
                seen["light"][name] = await post(client)
            seen["held"] = not block.done()  # all of it while the place was held
            seen["ready"] = (await client.get("/readyz")).json()
            seen["block"] = await block
            seen["metrics"] = (await client.get("/metrics")).text
        return seen

    seen = asyncio.run(scenario())
    assert seen["held"], "the hard event ended before every entry was tried"
    for name, (reply, seconds) in seen["heavy"].items():
        assert reply.status_code == 503, name
        assert reply.json()["error"]["code"] == "overloaded", name
        assert reply.headers["retry-after"] == RETRY, name  # the heavy pool's, not 1
        assert seconds < AT_ONCE, name
    for name, (_, status) in light.items():
        reply = seen["light"][name]
        assert reply.status_code == status, (name, reply.content[:200])
        assert "retry-after" not in reply.headers, name
    assert seen["ready"]["heavy"]["status"] == "full"
    assert seen["ready"]["status"] == "ready"  # the light pool is free meanwhile
    assert seen["block"].status_code == 503
    assert seen["block"].json()["error"]["code"] == "deadline_exceeded"
    text = seen["metrics"]
    rejected = f'quotecalc_http_rejected_total{{pool="heavy",route="{REPORT}"}}'
    assert metric(text, rejected) == len(heavy)
    assert f'pool="light",route="{REPORT}"' not in text


@pytest.mark.parametrize("entry", ["pasted event", "event workbook, box ticked"])
def test_heavy_page_work_runs_in_the_heavy_pool_until_its_deadline(
    server: Server, tmp_path: Path, entry: str
) -> None:
    """A hard event pasted, or uploaded as a workbook with the event box ticked: in flight in
    the heavy pool (``/readyz``, metrics, a busy worker subprocess), none in the light pool,
    then 503 ``deadline_exceeded`` with ``Retry-After`` at the deadline, counted."""
    request = hard_event(4)
    if entry == "pasted event":
        post = pasted(json.dumps(request, separators=(",", ":")).encode())
    else:
        workbook, form = event_workbook(tmp_path, request)
        post = report(form, {"sheet_file": ("event.xlsx", workbook, XLSX)})

    async def scenario() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
            seen["before"] = counted((await client.get("/metrics")).text, DEADLINES)
            await quiet(server)
            started = time.perf_counter()
            answer = asyncio.create_task(post(client))
            await wait_for(client, lambda ready: ready["heavy"]["inFlight"] == 1)
            seen["ready"] = (await client.get("/readyz")).json()
            seen["during"] = (await client.get("/metrics")).text
            seen["busy"] = busy_heavy_workers(server.proc.pid)
            seen["answer"] = await answer
            seen["seconds"] = time.perf_counter() - started
            seen["after"] = (await client.get("/metrics")).text
        return seen

    seen = asyncio.run(scenario())
    assert seen["ready"]["heavy"]["inFlight"] == 1
    assert seen["ready"]["inFlight"] == 0  # not a light thread
    assert metric(seen["during"], 'quotecalc_http_pool_in_flight{pool="heavy"}') == 1
    assert metric(seen["during"], 'quotecalc_http_pool_in_flight{pool="light"}') == 0
    assert len(seen["busy"]) == 1, "the work runs in one heavy worker subprocess"
    reply = seen["answer"]
    assert reply.status_code == 503
    assert reply.json()["error"]["code"] == "deadline_exceeded"
    assert reply.headers["retry-after"] == RETRY
    assert DEADLINE - 0.5 <= seen["seconds"] < DEADLINE + 3.0
    assert counted(seen["after"], DEADLINES) == seen["before"] + 1


def multipart(fields: dict[str, str]) -> tuple[bytes, str]:
    """A ``multipart/form-data`` body of text fields, as a browser sends the form."""
    boundary = "quotecalc-test-boundary"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
        + value.encode("utf-8")
        + b"\r\n"
        for name, value in fields.items()
    ]
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), boundary


def test_a_page_client_that_goes_away_has_its_heavy_worker_killed(server: Server) -> None:
    """A hard event pasted into the page over a raw socket, which closes once the work runs:
    the worker subprocess running it is killed (long before the deadline), the heavy slot is
    free again, and the request is counted as ``client_disconnected``."""
    body, boundary = multipart({"request": json.dumps(hard_event(5), separators=(",", ":"))})
    head = (
        f"POST {REPORT} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()

    async def until_running() -> set[int]:
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:
            await wait_for(client, lambda ready: ready["heavy"]["inFlight"] == 1)
        return busy_heavy_workers(server.proc.pid)

    asyncio.run(quiet(server))
    sock = server.connect()
    started = time.monotonic()
    try:
        sock.sendall(head + body)
        busy = asyncio.run(until_running())
        assert len(busy) == 1, busy
    finally:
        sock.shutdown(socket.SHUT_RDWR)
        sock.close()
    pid = next(iter(busy))
    while alive(pid) and time.monotonic() - started < DEADLINE:
        time.sleep(0.02)
    assert not alive(pid), "the worker outlived its client"
    assert time.monotonic() - started < DEADLINE - 0.5, "killed by the deadline, not the client"

    text = httpx.get(server.url + "/metrics", timeout=10).text
    gone = f'quotecalc_http_requests_total{{route="{REPORT}",status="client_disconnected"}}'
    assert metric(text, gone) == 1
    ready = httpx.get(server.url + "/readyz", timeout=10).json()
    assert ready["heavy"]["inFlight"] == 0
