"""The driver of a bulk job: partitions out, answers back in input order, one output file.

The driver never holds the input: workers read their own byte ranges (:mod:`.task`). It keeps
at most :func:`window` ranges submitted and not yet written, and writes each range's answers
as soon as every range before it is written (a reorder buffer bounded in ranges), so its
memory is bounded by the window times one task's answers (the partition's, at most about
:data:`~.lines.MAX_ANSWER_BYTES`), never by the file size. The output goes to a temporary
name beside the target and is renamed to the target only once every line is written; on any
failure the temporary file is left as it is and :class:`BulkError` names it (an empty one is
removed).

When the workers share the driver's file system (the embedded cluster, or ``same_machine``),
each task writes its answers to a file of its own in a private temporary folder and returns
only their counts; the driver appends each file to the output in order and deletes it, and
removes the folder at the end, whatever the end (after the embedded cluster is closed, so
that no task writes into it any more). Unless a partition size is given, partitions are cut
as the job goes (:func:`~.lines.automatic_size`): large first, small last.
"""

from __future__ import annotations

import heapq
import logging
import os
import queue
import shutil
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from multiprocessing import resource_tracker
from typing import Any, Final

import attrs
import dask
from distributed import Client, LocalCluster

from ..core.records import Record
from . import interrupts
from .kinds import KINDS
from .lines import MAX_ANSWER_BYTES, automatic_size
from .progress import Snapshot, Summary
from .task import PartitionResult, answer_range

WORKER_WAIT_SECONDS: Final = 60.0
CHECK_SECONDS: Final = 1.0
"""How often the driver looks for Ctrl-C while it waits for the cluster, should the signal
not wake it (its handler wakes the wait for answers at once; polling more often would cost
the driver a wake-up, and its thread the GIL, for nothing)."""
RETRIES: Final = 2
LOOPBACK_ANY_PORT: Final = "127.0.0.1:0"
COPY_CHUNK: Final = 1 << 20
"""How much of a task's answer file the driver copies at a time."""
FOLDER_PREFIX: Final = "quotecalc-bulk-"


class BulkError(Exception):
    """An I/O or cluster failure: the job did not write its output. ``partial`` is the
    temporary file holding what was written (the first lines' answers, in order), or
    ``None`` when nothing was."""

    def __init__(self, message: str, partial: str | None = None) -> None:
        super().__init__(message)
        self.partial = partial


def local_workers() -> int:
    """One worker process per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def window(workers: int) -> int:
    """Partitions in flight: two per worker keep every worker busy while one is written."""
    return 2 * max(workers, 1)


WAITING_FILES_PER_WORKER: Final = 8
"""Answered partitions that may wait in their files for an earlier one, per worker."""


def backlog(workers: int, files: bool) -> int:
    """Partitions submitted or answered and not yet written. Answers held in the driver's
    memory count against the window itself; answers waiting in files (on disk) may be more
    (:data:`WAITING_FILES_PER_WORKER` per worker): partitions shrink as the job goes, so
    several later ones finish while an earlier, larger one runs, and counting them against
    the window left a worker idle with nothing submitted (decision 28.46)."""
    return WAITING_FILES_PER_WORKER * max(workers, 1) if files else window(workers)


CLUSTER_CONFIG: Final[dict[str, object]] = {
    # The workers' statistical profiler samples the running task every 10 ms and keeps an
    # hour of samples for the dashboard, which is off: its history grows with the job.
    "distributed.worker.profile.enabled": False,
    # Every process of the cluster checks its event loop for blocking every 20 ms and samples
    # CPU, memory and network every 0.5 s: idle, that was 3 % of a core in the driver and
    # 1.8 % in each worker (docs/performance.md), all taken from the calculation.
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
    # The driver submits two tasks per worker and no more: there is nothing to steal, and
    # the stealing extension wakes the scheduler every 100 ms to look.
    "distributed.scheduler.work-stealing": False,
    # Nothing is replicated or spilled: the active memory manager's 2 s round finds nothing,
    # and the client need not ask for the scheduler's worker list every 2 s.
    "distributed.scheduler.active-memory-manager.start": False,
    "distributed.client.scheduler-info-interval": "10s",
}
"""Dask settings of the embedded cluster (``--scheduler`` clusters keep their own)."""

SCHEDULER_CHECKS: Final[tuple[str, ...]] = ("idle-timeout", "no-workers-timeout")
"""The embedded scheduler's periodic checks that no setting slows: four times a second each,
for timeouts the embedded cluster does not set (about 0.2 % of a core in the driver, idle)."""
SCHEDULER_CHECK_MS: Final = 5000.0


def local_cluster(workers: int) -> LocalCluster:
    """The embedded cluster: ``workers`` single-threaded worker processes on loopback,
    with :data:`CLUSTER_CONFIG` and the scheduler's :data:`SCHEDULER_CHECKS` every 5 s.

    The scheduler always serves HTTP (health, metrics) even without the dashboard, by default
    on port 8787: here on a free loopback port, so that two jobs never meet. Each worker
    ignores Ctrl-C from its preload hook on (:mod:`.interrupts`; :func:`connected` starts the
    cluster with SIGINT blocked, so that the workers never take it, even while starting)."""
    with dask.config.set(CLUSTER_CONFIG):
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=LOOPBACK_ANY_PORT,
            scheduler_kwargs={"dashboard": False},
            silence_logs=logging.ERROR,
            preload=[interrupts.PRELOAD],
        )
    checks = getattr(getattr(cluster, "scheduler", None), "periodic_callbacks", {})
    for name in SCHEDULER_CHECKS:
        if name in checks:  # read by the event loop when it next schedules the check
            checks[name].callback_time = SCHEDULER_CHECK_MS
    return cluster


@contextmanager
def connected(
    workers: int | None, scheduler: str | None, client: Client | None
) -> Iterator[Client]:
    """The client to run on: the caller's, one for ``scheduler``, or an embedded local
    cluster of ``workers`` processes (loopback, no dashboard) closed afterwards."""
    if client is not None:
        yield client
        return
    if scheduler is not None:
        with Client(scheduler, set_as_default=False) as remote:
            yield remote
        return
    # Started here, before SIGINT is blocked: starting it later, from the thread that spawns
    # the workers, would unblock SIGINT in that thread (multiprocessing.resource_tracker).
    if os.name == "posix":
        resource_tracker.ensure_running()
    with ExitStack() as stack:
        # A Ctrl-C while the cluster starts is delivered once both are on the stack, which
        # then closes them: no worker is left behind, and none takes the signal.
        with interrupts.deferred(), dask.config.set(CLUSTER_CONFIG):  # the client's too
            cluster = stack.enter_context(local_cluster(workers or local_workers()))
            local = stack.enter_context(Client(cluster, set_as_default=False))
        yield local


def run(
    source: str,
    target: str,
    *,
    kind: str = "result",
    workers: int | None = None,
    scheduler: str | None = None,
    client: Client | None = None,
    partition_bytes: int | None = None,
    progress: Callable[[Snapshot], None] | None = None,
    storage_options: dict[str, Any] | None = None,
    answer_bytes: int = MAX_ANSWER_BYTES,
    same_machine: bool | None = None,
) -> Summary:
    """Answer every line of the JSONL file ``source`` into ``target`` (see the package
    docstring). Raises :class:`BulkError` on an I/O or cluster failure, ``ValueError`` for
    an unknown kind or a partition size below 1 (before any file is opened).
    ``same_machine`` (default: only for the embedded cluster) says that the workers can
    write files the driver reads, in this machine's temporary folder."""
    import fsspec.core

    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
    if (partition_bytes is not None and partition_bytes < 1) or answer_bytes < 1:
        raise ValueError("partition_bytes and answer_bytes must be at least 1")
    if same_machine is None:
        same_machine = client is None and scheduler is None
    began = time.monotonic()
    options = storage_options or {}
    with interrupts.InterruptGuard() as guard:
        try:
            in_fs, in_path = fsspec.core.url_to_fs(source, **options)
            if not in_fs.isfile(in_path):
                raise BulkError(f"{source}: not a file")
            size = int(in_fs.size(in_path))
            url = in_fs.unstrip_protocol(in_path)
            out_fs, out_path = fsspec.core.url_to_fs(target, **options)
            partial = f"{out_path}.{uuid.uuid4().hex[:12]}.part"
            out = out_fs.open(partial, "wb")
        except OSError as exc:
            raise BulkError(f"cannot open: {exc}") from exc
        written = Written()
        folder: str | None = None
        try:
            if same_machine:
                folder = tempfile.mkdtemp(prefix=FOLDER_PREFIX)
            with out, connected(workers, scheduler, client) as active:
                _wait_for_a_worker(active, guard)
                count = len(active.scheduler_info()["workers"])
                job = Job(
                    url, kind, options, partition_bytes, count, size, began, answer_bytes, folder
                )
                totals = _write_in_order(
                    active,
                    job,
                    out=out,
                    limit=window(count),
                    backlog=backlog(count, folder is not None),
                    progress=progress,
                    written=written,
                    guard=guard,
                )
            guard.check()
            out_fs.mv(partial, out_path)
        except Exception as exc:  # any failure of I/O or of the cluster, as one BulkError
            kept = _kept_if_written(out_fs, partial)
            if isinstance(exc, BulkError):
                raise BulkError(str(exc), kept) from exc.__cause__
            raise BulkError(f"{type(exc).__name__}: {exc}", kept) from exc
        except KeyboardInterrupt:  # Ctrl-C: the cluster is closed; the output was not asked for
            raise _removed(out_fs, partial, written.lines) from None
        finally:
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
    lines, statuses, slowest_line, slowest_ns, partitions = totals
    return Summary(
        lines,
        tuple(sorted(statuses.items())),
        slowest_line,
        slowest_ns,
        time.monotonic() - began,
        partitions,
        count,
        target,
    )


def _kept_if_written(fs: Any, partial: str) -> str | None:
    """The temporary file's name if it holds anything; an empty one is removed."""
    try:
        if fs.size(partial):
            return partial
        fs.rm(partial)
    except OSError:
        pass
    return None


def _removed(fs: Any, partial: str, lines: int) -> interrupts.Interrupted:
    """After Ctrl-C: the temporary file removed, and what it held (its name kept, with the
    reason, if it cannot be removed)."""
    size = 0
    try:
        size = int(fs.size(partial))
        fs.rm(partial)
    except FileNotFoundError:  # already gone
        return interrupts.Interrupted(lines)
    except OSError as exc:
        return interrupts.Interrupted(lines, partial, size, reason=str(exc))
    if not size:  # an empty file said nothing: nothing to report
        return interrupts.Interrupted(lines)
    return interrupts.Interrupted(lines, partial, size, removed=True)


@attrs.define
class Written:
    """How many lines the driver has written so far (read after an interrupt)."""

    lines: int = 0


@attrs.frozen(eq=False, repr=False)
class Job(Record):
    """What every partition task is given, and what the progress line measures against.
    ``partition_bytes`` is ``None`` for automatic sizes (:func:`~.lines.automatic_size`
    over ``workers``); ``folder`` the temporary folder of the answer files, ``None`` when
    the answers come back in the results."""

    url: str
    kind: str
    options: dict[str, Any]
    partition_bytes: int | None
    workers: int
    size: int
    began: float
    answer_bytes: int
    folder: str | None

    def cut(self, start: int) -> tuple[int, int]:
        """The next partition, from ``start`` (below the file's size)."""
        if self.partition_bytes is None:
            length = automatic_size(self.size - start, self.workers)
        else:
            length = self.partition_bytes
        return start, min(start + length, self.size)

    def answer_file(self, start: int) -> str | None:
        """Where the task of the range from ``start`` writes its answers (ranges never share
        a start; a retry rewrites its range's file), ``None`` for the results."""
        return None if self.folder is None else os.path.join(self.folder, f"{start}.jsonl")


@attrs.define
class Ranges:
    """The ranges still to submit, first offset first: the rests that tasks handed on (a
    heap; each precedes every range not yet cut), then partitions cut from ``cursor``."""

    job: Job
    rests: list[tuple[int, int]] = attrs.field(factory=list)
    cursor: int = 0
    partitions: int = 0

    def left(self) -> bool:
        """Whether any range is still to submit."""
        return bool(self.rests) or self.cursor < self.job.size

    def take(self) -> tuple[int, int]:
        """The next range to submit (only while :meth:`left`)."""
        if self.rests:
            return heapq.heappop(self.rests)
        start, self.cursor = self.job.cut(self.cursor)
        self.partitions += 1
        return start, self.cursor


def _wait_for_a_worker(client: Client, guard: interrupts.InterruptGuard) -> None:
    """Wait until a worker has joined (at most :data:`WORKER_WAIT_SECONDS`), stopping at
    Ctrl-C within :data:`CHECK_SECONDS`."""
    guard.check()
    deadline = time.monotonic() + WORKER_WAIT_SECONDS
    while True:
        try:
            client.wait_for_workers(1, timeout=CHECK_SECONDS / 4)
        except TimeoutError as exc:
            guard.check()
            if time.monotonic() >= deadline:
                raise BulkError("no worker joined the cluster") from exc
        else:
            guard.check()
            return


def _submit(client: Client, job: Job, start: int, end: int, key: str) -> Any:
    """One task: answer the lines that start in ``[start, end)``, retried on an error."""
    return client.submit(
        answer_range,
        job.url,
        start,
        end,
        job.kind,
        job.options,
        answer_bytes=job.answer_bytes,
        path=job.answer_file(start),
        key=key,
        retries=RETRIES,
        pure=False,
    )


def _next_finished(finished: queue.SimpleQueue[Any], guard: interrupts.InterruptGuard) -> Any:
    """The next finished task, ``None`` if none came within :data:`CHECK_SECONDS`; raises
    ``KeyboardInterrupt`` after Ctrl-C."""
    try:
        future = finished.get(timeout=CHECK_SECONDS)
    except queue.Empty:
        future = None
    guard.check()
    return future


def _write_in_order(
    client: Client,
    job: Job,
    *,
    out: Any,
    limit: int,
    backlog: int,
    progress: Callable[[Snapshot], None] | None,
    written: Written,
    guard: interrupts.InterruptGuard,
) -> tuple[int, Counter[str], int, int, int]:
    """Keep at most ``limit`` ranges submitted and not answered, and at most ``backlog``
    submitted or answered and not yet written; write each answer when it starts where the
    output has reached (counting its lines in ``written``), and return (lines, statuses,
    slowest line, its nanoseconds, partitions cut). Ctrl-C (``guard``) wakes it and stops
    it, its tasks cancelled.

    Partitions are cut from the file in order as there is room (:meth:`Job.cut`). When a task
    hands the rest of its range on (:class:`~.task.PartitionResult` ``stop``), that rest
    waits in a heap by offset and, preceding every range not yet cut, runs next. Finished
    tasks arrive through a queue this thread sleeps on (Ctrl-C puts ``None`` in it), so that
    Ctrl-C is noticed here, not inside a Dask call."""
    token = uuid.uuid4().hex[:8]
    finished: queue.SimpleQueue[Any] = queue.SimpleQueue()
    running: dict[Any, int] = {}
    ready: dict[int, PartitionResult] = {}
    plan = Ranges(job)
    offset = lines = done_bytes = slowest_line = tasks = 0
    slowest_ns = -1
    statuses: Counter[str] = Counter()

    def fill() -> None:
        nonlocal tasks
        while plan.left() and len(running) < limit and len(running) + len(ready) < backlog:
            start, end = plan.take()
            future = _submit(client, job, start, end, f"quotecalc-bulk-{token}-{tasks}")
            running[future] = start
            future.add_done_callback(finished.put)
            tasks += 1

    guard.wakers.append(lambda: finished.put(None))
    fill()
    try:
        while running:
            future = _next_finished(finished, guard)
            if future is None:
                continue
            part: PartitionResult = future.result()
            del running[future]
            future.release()
            if part.stop < part.end:
                heapq.heappush(plan.rests, (part.stop, part.end))
            ready[part.start] = part
            while offset in ready:
                part = ready.pop(offset)
                _append(part, out)
                if part.slowest[1] > slowest_ns:
                    slowest_ns, slowest_line = part.slowest[1], lines + part.slowest[0] + 1
                lines += part.lines
                written.lines = lines
                statuses.update(dict(part.statuses))
                done_bytes += part.stop - part.start
                offset = part.stop
            if progress is not None:
                progress(Snapshot(lines, done_bytes, job.size, time.monotonic() - job.began))
            fill()
    except BaseException:
        client.cancel(list(running))  # nothing of this job keeps running
        raise
    if plan.left() or ready or offset != job.size:
        raise RuntimeError(f"the answers stopped at byte {offset} of {job.size}")
    return lines, statuses, slowest_line, max(slowest_ns, 0), plan.partitions


def _copy(answers: Any, out: Any) -> int:
    """Copy the open file ``answers`` to the end of ``out``; the bytes copied. In the kernel
    (``os.sendfile``) when ``out`` is a local file, else through this process."""
    copied = 0
    try:
        target = out.fileno() if hasattr(os, "sendfile") else None
    except (AttributeError, OSError, ValueError):  # not a local file (io.UnsupportedOperation)
        target = None
    if target is not None:
        out.flush()  # what ``out`` buffered goes first
        try:
            while sent := os.sendfile(target, answers.fileno(), copied, COPY_CHUNK):
                copied += sent
        except OSError:
            if copied:  # part of it is in the output already: no second try
                raise
        else:
            return copied
    while chunk := answers.read(COPY_CHUNK):
        out.write(chunk)
        copied += len(chunk)
    return copied


def _append(part: PartitionResult, out: Any) -> None:
    """Write a task's answers to the output: from the result, or copied from its answer file
    (then deleted). A file of another size than the task wrote is a failure, never output."""
    if part.path is None:
        out.write(part.output)
        return
    with open(part.path, "rb") as answers:
        copied = _copy(answers, out)
    os.remove(part.path)
    if copied != part.size:
        raise BulkError(f"{part.path}: {copied} bytes of answers where the task wrote {part.size}")
