"""Ctrl-C during a bulk job: the driver stops the job, the workers never see the signal.

A terminal sends SIGINT to its whole foreground process group: the driver and the worker
processes it started. Workers that took it as a ``KeyboardInterrupt`` died mid-task, printed
Dask's tracebacks and were restarted by their nannies while the driver was closing them. So:

- the worker processes never take SIGINT: the cluster is started with SIGINT blocked in the
  driver (:func:`deferred`), so its event-loop thread, which spawns the workers, and the
  workers themselves keep it blocked, and each worker ignores it from its preload hook
  (:func:`dask_setup`) on; the driver alone decides when they stop (it closes the cluster);
- in the driver, SIGINT is noted (:class:`InterruptGuard`) and wakes the driver's wait for
  answers, which stops the job at once (as soon as the cluster has started, if pressed
  while it starts): never inside a Dask call, and a second Ctrl-C cannot break the clean-up.

Standard library only: the workers import this module as their preload, before any task.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, Final

PRELOAD: Final = __name__
"""The module a worker of the embedded cluster imports at start (its ``dask_setup`` hook)."""


def in_main_thread() -> bool:
    """Signal handlers can be set only there (a notebook's run from a thread keeps Python's)."""
    return threading.current_thread() is threading.main_thread()


@contextmanager
def deferred() -> Iterator[None]:
    """SIGINT blocked in this thread while the body runs, then the previous mask restored (a
    SIGINT sent to this thread meanwhile is delivered then; one sent to the process goes to
    another thread that does not block it, if any). Threads started meanwhile (the cluster's
    event loop) inherit the block for good, and so do the processes they spawn (the workers:
    a signal mask survives ``exec``), so the workers never take SIGINT, even while they
    start. Outside the main thread it changes nothing."""
    if not in_main_thread() or not hasattr(signal, "pthread_sigmask"):  # Windows has none
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class InterruptGuard:
    """While active (a context manager, main thread only), SIGINT only sets
    :attr:`interrupted` (later ones change nothing); the driver raises ``KeyboardInterrupt``
    at its own checkpoints (:meth:`check`). Raised by Python's handler inside a Dask call
    that waits for the event loop, it made Dask log a traceback (``distributed.utils.sync``
    cancels a future it has not assigned yet). The guard restores the handler it found."""

    def __init__(self) -> None:
        self.interrupted = False
        self.previous: Any = None
        self.active = False
        self.wakers: list[Callable[[], None]] = []
        """Called (in the main thread) on Ctrl-C: each wakes a wait, e.g. puts ``None`` in
        a ``queue.SimpleQueue`` (whose ``put`` may be called from a signal handler)."""

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        self.interrupted = True
        for wake in self.wakers:
            wake()

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` once Ctrl-C was pressed."""
        if self.interrupted:
            raise KeyboardInterrupt

    def __enter__(self) -> InterruptGuard:
        if in_main_thread():
            self.previous = signal.signal(signal.SIGINT, self._on_interrupt)
            self.active = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.active:
            signal.signal(signal.SIGINT, self.previous)
            self.active = False


def dask_setup(worker: object) -> None:
    """Dask's preload hook, run in each worker process of the embedded cluster as it starts
    (in its main thread): ignore SIGINT, the driver stops the worker."""
    if in_main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a bulk job before its output was complete; the target was not written.

    ``lines`` answers (``size`` bytes) had been written to the temporary file ``partial``
    (``None`` when nothing had been); ``removed`` says whether it was deleted, ``reason`` why
    it could not be. A ``KeyboardInterrupt``, so that code which stops on Ctrl-C still does."""

    def __init__(
        self,
        lines: int = 0,
        partial: str | None = None,
        size: int = 0,
        *,
        removed: bool = False,
        reason: str = "",
    ) -> None:
        super().__init__(lines, partial)
        self.lines = lines
        self.partial = partial
        self.size = size
        self.removed = removed
        self.reason = reason
