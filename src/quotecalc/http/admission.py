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

Heavy calculations (issue 34, :class:`HeavyAdmission`) are admitted apart: a place among
``heavy_max_in_flight + heavy_queue`` taken before the body is read (none free: 503 at once),
a slot of their own, and a deadline; each runs in a worker subprocess
(:class:`.worker.Subprocess`) that is killed when the deadline passes, so the work stops and
light calculations never wait behind it.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
import anyio.to_thread

from .limits import Limits
from .metrics import Metrics
from .worker import Subprocess, WorkerGone, target_of

__all__ = ["Admission", "HeavyAdmission", "WorkerGone"]

T = TypeVar("T")


class Admission:
    """One worker's budget and slots (shared by every calculation route)."""

    def __init__(self, limits: Limits, metrics: Metrics | None = None) -> None:
        self.limits = limits
        self.metrics = metrics
        self.free_bytes = limits.body_budget
        self._in_flight = 0
        self._waiting = 0
        self._wakeups: list[anyio.Event] = []
        self._slots = anyio.Semaphore(limits.max_in_flight)
        self._threads = anyio.CapacityLimiter(limits.max_in_flight)

    @property
    def in_flight(self) -> int:
        return self._in_flight

    @in_flight.setter
    def in_flight(self, value: int) -> None:
        self._in_flight = value
        if self.metrics is not None:
            self.metrics.pool_in_flight.labels("light").set(value)

    @property
    def waiting(self) -> int:
        return self._waiting

    @waiting.setter
    def waiting(self, value: int) -> None:
        self._waiting = value
        if self.metrics is not None:
            self.metrics.pool_waiting.labels("light").set(value)

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


class HeavyAdmission:
    """One worker's heavy calculations: places, slots, deadline, and the idle subprocesses
    kept for the next call (at most one per slot)."""

    def __init__(self, limits: Limits, metrics: Metrics | None = None) -> None:
        self.limits = limits
        self.metrics = metrics
        self.held = 0  # places taken: waiting or running
        self.in_flight = 0
        self._slots = anyio.Semaphore(limits.heavy_max_in_flight)
        # Abandoned threads end as soon as their subprocess is killed; room for them too.
        self._threads = anyio.CapacityLimiter(2 * limits.heavy_max_in_flight + 1)
        self._idle: list[Subprocess] = []
        self._warm: dict[str, None] = {}  # the entry points run so far, in order
        # an app dropped without its shutdown (built in process, as the tests do) leaves none
        weakref.finalize(self, _kill_all, self._idle)

    @property
    def places(self) -> int:
        return self.limits.heavy_max_in_flight + self.limits.heavy_queue

    @property
    def waiting(self) -> int:
        return self.held - self.in_flight

    @property
    def saturated(self) -> bool:
        """Every slot busy or a request waiting: a new heavy call would wait (or be refused)."""
        return self.in_flight >= self.limits.heavy_max_in_flight or self.waiting > 0

    def _publish(self) -> None:
        if self.metrics is not None:
            self.metrics.pool_in_flight.labels("heavy").set(self.in_flight)
            self.metrics.pool_waiting.labels("heavy").set(self.waiting)

    def take_place(self) -> bool:
        """A place in the heavy queue, if one is free (then :meth:`leave` gives it back)."""
        if self.held >= self.places:
            return False
        self.held += 1
        self._publish()
        return True

    def leave(self) -> None:
        self.held -= 1
        self._publish()

    async def run(
        self, function: Callable[[bytes], Any], raw: bytes, deadline: float, waited: float = 0.0
    ) -> tuple[int, bytes] | None:
        """``(exit code, bytes)`` of ``function(raw)`` run in a worker subprocess, or ``None``
        when ``deadline`` (``anyio.current_time()``) passed first -- waiting for a slot or
        running, then the subprocess was killed. Cancelled (the client went away), the
        subprocess is killed too. :class:`WorkerGone` if it died on its own. The queue wait
        observed is the slot's plus ``waited`` (seconds the request already waited for its
        body budget)."""
        acquired = False
        started = anyio.current_time()
        with anyio.move_on_after(deadline - started):
            await self._slots.acquire()
            acquired = True
        if self.metrics is not None:
            self.metrics.queue_wait.observe(waited + anyio.current_time() - started)
        if not acquired:
            return None
        self.in_flight += 1
        self._publish()
        answer: tuple[int, bytes] | None = None
        target = target_of(function)
        self._warm[target] = None
        worker = self._take_idle() or Subprocess(tuple(self._warm))
        try:
            with anyio.move_on_after(deadline - anyio.current_time()):
                answer = await anyio.to_thread.run_sync(
                    worker.call,
                    target,
                    raw,
                    abandon_on_cancel=True,
                    limiter=self._threads,
                )
        finally:
            if answer is not None:
                self._idle.append(worker)
            else:  # the deadline, a cancellation or a crash: the work stops with the process
                with anyio.CancelScope(shield=True):
                    await anyio.to_thread.run_sync(worker.kill)
                    # its replacement imports while nothing waits for it
                    self._idle.append(Subprocess(tuple(self._warm)))
            self.in_flight -= 1
            self._slots.release()
            self._publish()
        return answer

    def _take_idle(self) -> Subprocess | None:
        """An idle subprocess still running (one that died idle is reaped and dropped)."""
        while self._idle:
            worker = self._idle.pop()
            if worker.process.poll() is None:
                return worker
        return None

    def close(self) -> None:
        """Stop the idle subprocesses (the app is shutting down)."""
        _kill_all(self._idle)


def _kill_all(idle: list[Subprocess]) -> None:
    while idle:
        idle.pop().kill()
