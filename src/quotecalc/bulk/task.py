"""One partition's work, run in a Dask worker: read its lines, answer each, return the bytes.

The function is a plain top-level callable over plain values (the input URL, the byte range,
the kind), so Dask can retry it on another worker: it has no state and no side effect, and
answering the same range twice gives the same bytes.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import attrs

from ..core.records import Record
from .kinds import KINDS
from .lines import MAX_ANSWER_BYTES, lines_in_range


@attrs.frozen(eq=False, repr=False)
class PartitionResult(Record):
    """The output of the lines that start in ``[start, stop)``, in order, and what the
    summary needs. ``stop`` is ``end`` when the range is done, else the offset of the first
    line not answered (the task held :data:`~.lines.MAX_ANSWER_BYTES` of answers): the rest,
    ``[stop, end)``, is another task's.

    ``slowest`` is ``(index of the line within the result, nanoseconds)``, ``(-1, -1)``
    when it holds no line."""

    output: bytes
    lines: int
    statuses: tuple[tuple[str, int], ...]
    slowest: tuple[int, int]
    start: int
    stop: int
    end: int


def answer_range(
    url: str,
    start: int,
    end: int,
    kind: str,
    storage_options: dict[str, Any] | None = None,
    *,
    answer_bytes: int = MAX_ANSWER_BYTES,
) -> PartitionResult:
    """Answer the lines that start in ``[start, end)`` of the file at ``url``, stopping
    after a line once the answers hold ``answer_bytes`` or more while lines remain."""
    import fsspec

    answer = KINDS[kind]
    clock = time.perf_counter_ns
    chunks: list[bytes] = []
    counts: Counter[str] = Counter()
    slowest = (-1, -1)
    held = 0
    stop = end
    with fsspec.open(url, "rb", **(storage_options or {})) as stream:
        for index, (raw, after) in enumerate(lines_in_range(stream, start, end)):
            began = clock()
            text, status = answer(raw)
            took = clock() - began
            chunks.append(text)
            counts[status] += 1
            if took > slowest[1]:
                slowest = (index, took)
            held += len(text)
            if held >= answer_bytes and after < end:
                stop = after
                break
    return PartitionResult(
        b"".join(chunks),
        len(chunks),
        tuple(sorted(counts.items())),
        slowest,
        start,
        stop,
        end,
    )
