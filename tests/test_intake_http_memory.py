"""Issue 28: 32 concurrent uploads of small hostile workbooks to a real
``python -m quotecalc.http`` (one worker, the default 8 calculations in flight) peaked at
1,069 MiB, and the worker kept ~197 MiB when idle. Each hostile file is now refused from its
shape before openpyxl builds anything, so the service's memory stays near its idle size.

The server's resident memory (supervisor and worker: the process group) is sampled every
10 ms while the uploads run; the bound asserted is generous against noise (the measured
figures are in ``docs/intake.md``, "Safety") yet far below what one unbounded read cost."""

from __future__ import annotations

import json
import os
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from http_support import HAS_HTTP, Server, assert_all_gone

pytestmark = pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")
pytest.importorskip("openpyxl")

from intake_hostile import nested_cell, nested_part, one_large_string  # noqa: E402

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
UPLOADS = 32
ROUNDS = 2
GROWTH_BOUND_MIB = 96.0  # one unbounded read alone took 606 MiB


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server("--workers", "1")
    try:
        yield running
    finally:
        running.stop()
        assert_all_gone()


def group_rss_mib(group: int) -> float:
    """The resident memory of every process in the process group ``group``."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[2]) != group:
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1024


def upload(url: str, data: bytes) -> tuple[int, bytes]:
    request = urllib.request.Request(
        f"{url}/quotecalc/intake", data=data, headers={"Content-Type": XLSX}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_concurrent_hostile_uploads_keep_the_service_small(server: Server, tmp_path: Path) -> None:
    builds = [nested_cell(2_100_000), nested_part("docProps/core.xml", 1_500_000)]
    builds.append(one_large_string(262_000))
    files = [build(tmp_path).read_bytes() for build in builds]
    assert all(len(data) < 25_000 for data in files)
    group = os.getpgid(server.proc.pid)
    upload(server.url, files[0])  # warm the worker's imports (openpyxl) first
    idle = group_rss_mib(group)
    peak = idle
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, group_rss_mib(group))
            done.wait(0.01)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        with ThreadPoolExecutor(UPLOADS) as pool:
            bodies = [files[n % len(files)] for n in range(UPLOADS * ROUNDS)]
            answers = list(pool.map(lambda data: upload(server.url, data), bodies))
    finally:
        done.set()
        sampler.join()
    after = group_rss_mib(group)
    codes = {(status, json.loads(body)["errors"][0]["code"]) for status, body in answers}
    assert codes == {(422, "xlsx_too_complex")}
    assert peak - idle < GROWTH_BOUND_MIB, (idle, peak)
    assert after - idle < GROWTH_BOUND_MIB / 2, (idle, after)
