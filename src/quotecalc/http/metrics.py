"""Prometheus metrics of the service (``GET /metrics``, ``docs/http.md``), with
``prometheus-client`` (the ``http`` extra).

Several workers are one service: ``python -m quotecalc.http`` points
``PROMETHEUS_MULTIPROC_DIR`` at a fresh directory before the workers start, each worker writes
its values there (prometheus-client's multiprocess mode) and a scrape, whichever worker answers
it, reads them all. Without that variable (an app built in process) the app's own registry
answers. A worker that dies (``kill -9``) is replaced by the server (``docs/http.md``); its
replacement forgets the live gauges of every dead worker (:func:`forget_dead_workers`), so
the requests the dead one had in flight are not counted for ever, while its counters stay.

- ``quotecalc_http_requests_total{route,status}``: answers sent;
- ``quotecalc_http_request_duration_seconds{route}``: latency, arrival to answer;
- ``quotecalc_http_in_flight``: requests being handled now (all workers summed);
- ``quotecalc_http_queue_wait_seconds``: time a calculation waited for budget and slot;
- ``quotecalc_http_overloaded_total``: 503 answers (no budget or slot in time);
- ``quotecalc_http_client_disconnects_total``: clients gone before their answer;
- per admission pool (issue 34; ``pool`` is the route's cost class, ``light`` or ``heavy``):
  ``quotecalc_http_pool_in_flight{pool}`` and ``quotecalc_http_pool_waiting{pool}`` (the
  queue's depth), ``quotecalc_http_rejected_total{pool,route}`` (503 ``overloaded``) and
  ``quotecalc_http_deadline_exceeded_total{route}`` (503 ``deadline_exceeded``).
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Final

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

MULTIPROC_ENV: Final = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE: Final = CONTENT_TYPE_LATEST
LATENCY_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
# The files of prometheus-client's live gauges (``livesum``, ``liveall``, ...), one per pid.
LIVE_GAUGE_FILE: Final = re.compile(r"gauge_live[a-z]*_(\d+)\.db")


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs: it exists and is not a zombie (dead, not yet reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:  # no /proc (not Linux), or gone meanwhile: existence is all we know
        return True
    return stat.rpartition(")")[2].split()[0] != "Z"


def forget_dead_workers(directory: str) -> list[int]:
    """Remove the live-gauge files of processes that no longer run (prometheus-client's
    ``mark_process_dead``); the pids forgotten. Counters and histograms of a dead worker are
    kept: what it answered was answered."""
    dead = set()
    for entry in os.scandir(directory):
        matched = LIVE_GAUGE_FILE.fullmatch(entry.name)
        if matched and int(matched[1]) != os.getpid() and not alive(int(matched[1])):
            dead.add(int(matched[1]))
    for pid in sorted(dead):
        # two replacements starting at once may both remove the same file
        with contextlib.suppress(FileNotFoundError):
            mark_process_dead(pid, directory)  # type: ignore[no-untyped-call]
    return sorted(dead)


class Metrics:
    """One app's metrics (in multiprocess mode the values live in the shared directory)."""

    def __init__(self) -> None:
        self.multiprocess = bool(os.environ.get(MULTIPROC_ENV))
        if self.multiprocess:  # a worker that replaces a dead one starts with its gauge
            forget_dead_workers(os.environ[MULTIPROC_ENV])
        self.registry = CollectorRegistry()
        registry = self.registry
        self.requests = Counter(
            "quotecalc_http_requests",
            "Answers sent, by route and status.",
            ("route", "status"),
            registry=registry,
        )
        self.duration = Histogram(
            "quotecalc_http_request_duration_seconds",
            "Seconds from a request's arrival to its answer, by route.",
            ("route",),
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.in_flight = Gauge(
            "quotecalc_http_in_flight",
            "Requests being handled now.",
            registry=registry,
            multiprocess_mode="livesum",
        )
        self.queue_wait = Histogram(
            "quotecalc_http_queue_wait_seconds",
            "Seconds a calculation waited for its body budget and a calculation slot.",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.overloaded = Counter(
            "quotecalc_http_overloaded",
            "503 answers: no body budget or calculation slot freed in time.",
            registry=registry,
        )
        self.pool_in_flight = Gauge(
            "quotecalc_http_pool_in_flight",
            "Calculations running now, by admission pool (light, heavy).",
            ("pool",),
            registry=registry,
            multiprocess_mode="livesum",
        )
        self.pool_waiting = Gauge(
            "quotecalc_http_pool_waiting",
            "Calculations waiting for budget or a slot (the queue's depth), by pool.",
            ("pool",),
            registry=registry,
            multiprocess_mode="livesum",
        )
        self.rejected = Counter(
            "quotecalc_http_rejected",
            "503 overloaded answers, by admission pool and route.",
            ("pool", "route"),
            registry=registry,
        )
        self.deadline_exceeded = Counter(
            "quotecalc_http_deadline_exceeded",
            "503 deadline_exceeded answers: heavy calculations stopped at their deadline.",
            ("route",),
            registry=registry,
        )
        for pool in ("light", "heavy"):  # both pools shown from the first scrape
            self.pool_in_flight.labels(pool).set(0)
            self.pool_waiting.labels(pool).set(0)
        self.disconnects = Counter(
            "quotecalc_http_client_disconnects",
            "Clients that went away before their answer was sent.",
            registry=registry,
        )

    def exposition(self) -> bytes:
        """The text a scrape receives: every worker's values in multiprocess mode."""
        if self.multiprocess:
            registry = CollectorRegistry()
            MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
            return generate_latest(registry)
        return generate_latest(self.registry)
