"""One partition's work, run in a Dask worker: read its lines, answer each, return the bytes.

The function is a plain top-level callable over plain values (the input URL, the byte range,
the kind, where to put the answers), so Dask can retry it on another worker: it has no state,
and answering the same range twice gives the same bytes (into the same file, rewritten from
its start, when the answers go to a file).

Where the answers go: back to the driver inside the task's result (any cluster), or, when the
driver shares the worker's file system (the embedded cluster), into a file the driver named,
written line by line as ``--input-jsonl -`` writes stdout; the result then carries only the
counts. The file route spares pickling the answers, two loopback transfers (worker to
scheduler to client) and unpickling them: about a twentieth of the job's CPU
(``docs/performance.md``, issue 28 round three).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any, Final

import attrs

from ..core.records import Record
from .kinds import KEPT, KINDS
from .lines import MAX_ANSWER_BYTES, lines_in_range


@attrs.frozen(eq=False, repr=False)
class PartitionResult(Record):
    """The output of the lines that start in ``[start, stop)``, in order, and what the
    summary needs. ``stop`` is ``end`` when the range is done, else the offset of the first
    line not answered (the task held :data:`~.lines.MAX_ANSWER_BYTES` of answers): the rest,
    ``[stop, end)``, is another task's.

    ``slowest`` is ``(index of the line within the result, nanoseconds)``, ``(-1, -1)``
    when it holds no line. ``path`` is the file that holds the output when the task was given
    one (``output`` is then empty), ``None`` when ``output`` holds it; ``size`` is the
    output's length in bytes either way."""

    output: bytes
    lines: int
    statuses: tuple[tuple[str, int], ...]
    slowest: tuple[int, int]
    start: int
    stop: int
    end: int
    path: str | None = None
    size: int = 0


FILE_BUFFER: Final = 1 << 16
"""The answer file's write buffer: a write call per about 20 answers."""


def answer_range(
    url: str,
    start: int,
    end: int,
    kind: str,
    storage_options: dict[str, Any] | None = None,
    *,
    answer_bytes: int = MAX_ANSWER_BYTES,
    path: str | None = None,
) -> PartitionResult:
    """Answer the lines that start in ``[start, end)`` of the file at ``url``, stopping
    after a line once the answers hold ``answer_bytes`` or more while lines remain. The
    answers are returned in the result, or written to the local file ``path`` (created or
    emptied) when one is given."""
    import fsspec

    answer = KINDS[kind]
    clock = time.perf_counter_ns
    chunks: list[bytes] = []
    put: Callable[[bytes], object] = chunks.append
    counts: Counter[str] = Counter()
    slowest = (-1, -1)
    held = lines = 0
    stop = end
    with ExitStack() as stack:
        stream = stack.enter_context(fsspec.open(url, "rb", **(storage_options or {})))
        if path is not None:
            put = stack.enter_context(open(path, "wb", buffering=FILE_BUFFER)).write
        for index, (raw, after) in enumerate(lines_in_range(stream, start, end, kept=KEPT[kind])):
            began = clock()
            text, status = answer(raw)
            took = clock() - began
            put(text)
            lines += 1
            counts[status] += 1
            if took > slowest[1]:
                slowest = (index, took)
            held += len(text)
            if held >= answer_bytes and after < end:
                stop = after
                break
    return PartitionResult(
        b"".join(chunks),
        lines,
        tuple(sorted(counts.items())),
        slowest,
        start,
        stop,
        end,
        path,
        held,
    )
