"""Admission of calculations into one worker (``docs/http.md``, limits): a body-bytes budget
taken *before* the body is read, then a calculation slot.

- :meth:`Admission.reserve` holds ``n`` bytes of the worker's body budget for one request
  (its announced ``Content-Length``, or the route's limit + 1 for a chunked body) until the
  answer is sent: the bodies a worker holds in memory never exceed the budget, however many
  clients send at once;
- :meth:`Admission.run` runs the calculation in a worker thread once one of the
  ``max_in_flight`` slots is free, so the event loop (``/healthz``, ``/readyz``, other
  connections) stays responsive.

Each wait is bounded by ``queue_timeout``; a request that cannot be admitted in time is
answered 503 by the caller. The counters feed ``/readyz`` and the metrics.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

from .limits import Limits

T = TypeVar("T")


class Admission:
    """One worker's budget and slots (shared by every calculation route)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.free_bytes = limits.body_budget
        self.in_flight = 0
        self.waiting = 0
        self._wakeups: list[anyio.Event] = []
        self._slots = anyio.Semaphore(limits.max_in_flight)
        self._threads = anyio.CapacityLimiter(limits.max_in_flight)

    @property
    def saturated(self) -> bool:
        """Every slot busy, or a request waiting for budget or a slot: a new call would wait."""
        return self.in_flight >= self.limits.max_in_flight or self.waiting > 0

    async def reserve(self, size: int) -> float | None:
        """Hold ``size`` bytes of the budget; the seconds waited, or ``None`` if they did not
        free within ``queue_timeout`` (then nothing is held)."""
        started = time.perf_counter()
        self.waiting += 1
        try:
            with anyio.move_on_after(self.limits.queue_timeout):
                # One event loop per worker: no lock is needed between the test and the take.
                while self.free_bytes < size:
                    wakeup = anyio.Event()
                    self._wakeups.append(wakeup)
                    await wakeup.wait()
                self.free_bytes -= size
                return time.perf_counter() - started
        finally:
            self.waiting -= 1
        return None

    def release(self, size: int) -> None:
        """Give ``size`` reserved bytes back and wake the requests waiting for budget
        (synchronous, so a cancelled request still gives its bytes back)."""
        self.free_bytes += size
        wakeups, self._wakeups = self._wakeups, []
        for wakeup in wakeups:
            wakeup.set()

    async def run(self, function: Callable[[bytes], T], raw: bytes) -> tuple[T, float] | None:
        """``function(raw)`` off the event loop and the seconds waited for its slot, or
        ``None`` if no slot freed within ``queue_timeout``."""
        started = time.perf_counter()
        acquired = False
        self.waiting += 1
        try:
            with anyio.move_on_after(self.limits.queue_timeout):
                await self._slots.acquire()
                acquired = True
        finally:
            self.waiting -= 1
        if not acquired:
            return None
        waited = time.perf_counter() - started
        self.in_flight += 1
        try:
            answer = await anyio.to_thread.run_sync(function, raw, limiter=self._threads)
        finally:
            self.in_flight -= 1
            self._slots.release()
        return answer, waited
