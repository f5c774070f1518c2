"""The driver of a bulk job: partitions out, answers back in input order, one output file.

The driver never holds the input: workers read their own byte ranges (:mod:`.task`). It keeps
at most :func:`window` ranges submitted and not yet written, and writes each range's answers
as soon as every range before it is written (a reorder buffer bounded in ranges), so its
memory is bounded by the window times one task's answers (the partition's, at most about
:data:`~.lines.MAX_ANSWER_BYTES`), never by the file size. The output goes to a temporary
name beside the target and is renamed to the target only once every line is written; on any
failure the temporary file is left as it is and :class:`BulkError` names it (an empty one is
removed).
"""

from __future__ import annotations

import heapq
import logging
import os
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final

import attrs
import dask
from distributed import Client, LocalCluster, as_completed

from ..core.records import Record
from .kinds import KINDS
from .lines import DEFAULT_PARTITION_BYTES, MAX_ANSWER_BYTES, ranges
from .progress import Snapshot, Summary
from .task import PartitionResult, answer_range

WORKER_WAIT_SECONDS: Final = 60.0
RETRIES: Final = 2
LOOPBACK_ANY_PORT: Final = "127.0.0.1:0"


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


def local_cluster(workers: int) -> LocalCluster:
    """The embedded cluster: ``workers`` single-threaded worker processes on loopback.

    The scheduler always serves HTTP (health, metrics) even without the dashboard, by default
    on port 8787: here on a free loopback port, so that two jobs never meet. The workers'
    statistical profiler (a stack sample of the running task every 10 ms, kept for an hour,
    shown only on the dashboard) is off: its history grows with the job's duration."""
    with dask.config.set({"distributed.worker.profile.enabled": False}):
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=LOOPBACK_ANY_PORT,
            scheduler_kwargs={"dashboard": False},
            silence_logs=logging.ERROR,
        )


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
    with (
        local_cluster(workers or local_workers()) as cluster,
        Client(cluster, set_as_default=False) as local,
    ):
        yield local


def run(
    source: str,
    target: str,
    *,
    kind: str = "result",
    workers: int | None = None,
    scheduler: str | None = None,
    client: Client | None = None,
    partition_bytes: int = DEFAULT_PARTITION_BYTES,
    progress: Callable[[Snapshot], None] | None = None,
    storage_options: dict[str, Any] | None = None,
    answer_bytes: int = MAX_ANSWER_BYTES,
) -> Summary:
    """Answer every line of the JSONL file ``source`` into ``target`` (see the package
    docstring). Raises :class:`BulkError` on an I/O or cluster failure, ``ValueError`` for
    an unknown kind or a partition size below 1 (before any file is opened)."""
    import fsspec.core

    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
    if partition_bytes < 1 or answer_bytes < 1:
        raise ValueError("partition_bytes and answer_bytes must be at least 1")
    began = time.monotonic()
    options = storage_options or {}
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
    parts = ranges(size, partition_bytes)
    try:
        with out, connected(workers, scheduler, client) as active:
            try:
                active.wait_for_workers(1, timeout=WORKER_WAIT_SECONDS)
            except TimeoutError as exc:
                raise BulkError("no worker joined the cluster") from exc
            count = len(active.scheduler_info()["workers"])
            job = Job(url, kind, options, tuple(parts), size, began, answer_bytes)
            totals = _write_in_order(active, job, out=out, limit=window(count), progress=progress)
        out_fs.mv(partial, out_path)
    except Exception as exc:  # any failure of I/O or of the cluster, as one BulkError
        kept = _kept_if_written(out_fs, partial)
        if isinstance(exc, BulkError):
            raise BulkError(str(exc), kept) from exc.__cause__
        raise BulkError(f"{type(exc).__name__}: {exc}", kept) from exc
    except BaseException:  # KeyboardInterrupt: as a failure, but raised as it is
        _kept_if_written(out_fs, partial)
        raise
    lines, statuses, slowest_line, slowest_ns = totals
    return Summary(
        lines,
        tuple(sorted(statuses.items())),
        slowest_line,
        slowest_ns,
        time.monotonic() - began,
        len(parts),
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


@attrs.frozen(eq=False, repr=False)
class Job(Record):
    """What every partition task is given, and what the progress line measures against."""

    url: str
    kind: str
    options: dict[str, Any]
    parts: tuple[tuple[int, int], ...]
    size: int
    began: float
    answer_bytes: int


def _write_in_order(
    client: Client,
    job: Job,
    *,
    out: Any,
    limit: int,
    progress: Callable[[Snapshot], None] | None,
) -> tuple[int, Counter[str], int, int]:
    """Keep at most ``limit`` ranges submitted or answered and not yet written, write each
    answer when it starts where the output has reached, and return (lines, statuses,
    slowest line, its nanoseconds).

    Ranges wait in a heap by offset, so the next one to write is always the first submitted:
    when a task hands the rest of its range on (:class:`~.task.PartitionResult` ``stop``),
    that rest goes into the heap and, preceding every range after it, runs next."""
    token = uuid.uuid4().hex[:8]
    pending = as_completed(loop=client.loop)
    running: dict[Any, int] = {}
    ready: dict[int, PartitionResult] = {}
    todo = list(job.parts)  # sorted by offset: already a heap
    offset = lines = done_bytes = slowest_line = tasks = 0
    slowest_ns = -1
    statuses: Counter[str] = Counter()

    def fill() -> None:
        nonlocal tasks
        while todo and len(running) + len(ready) < limit:
            start, end = heapq.heappop(todo)
            future = client.submit(
                answer_range,
                job.url,
                start,
                end,
                job.kind,
                job.options,
                answer_bytes=job.answer_bytes,
                key=f"quotecalc-bulk-{token}-{tasks}",
                retries=RETRIES,
                pure=False,
            )
            running[future] = start
            pending.add(future)
            tasks += 1

    fill()
    try:
        for future in pending:
            part: PartitionResult = future.result()
            del running[future]
            future.release()
            if part.stop < part.end:
                heapq.heappush(todo, (part.stop, part.end))
            ready[part.start] = part
            while offset in ready:
                part = ready.pop(offset)
                out.write(part.output)
                if part.slowest[1] > slowest_ns:
                    slowest_ns, slowest_line = part.slowest[1], lines + part.slowest[0] + 1
                lines += part.lines
                statuses.update(dict(part.statuses))
                done_bytes += part.stop - part.start
                offset = part.stop
            if progress is not None:
                progress(Snapshot(lines, done_bytes, job.size, time.monotonic() - job.began))
            fill()
    except BaseException:
        client.cancel(list(running))  # nothing of this job keeps running
        raise
    if todo or ready or offset != job.size:
        raise RuntimeError(f"the answers stopped at byte {offset} of {job.size}")
    return lines, statuses, slowest_line, max(slowest_ns, 0)
