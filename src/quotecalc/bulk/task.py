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
from .lines import lines_in_range


@attrs.frozen(eq=False, repr=False)
class PartitionResult(Record):
    """The output of one byte range: its lines' answers in order, and what the summary needs.

    ``slowest`` is ``(index of the line within the partition, nanoseconds)``, ``(-1, -1)``
    when the partition holds no line."""

    output: bytes
    lines: int
    statuses: tuple[tuple[str, int], ...]
    slowest: tuple[int, int]
    span: int


def answer_range(
    url: str, start: int, end: int, kind: str, storage_options: dict[str, Any] | None = None
) -> PartitionResult:
    """Answer every line that starts in ``[start, end)`` of the file at ``url``."""
    import fsspec

    answer = KINDS[kind]
    clock = time.perf_counter_ns
    chunks: list[bytes] = []
    counts: Counter[str] = Counter()
    slowest = (-1, -1)
    with fsspec.open(url, "rb", **(storage_options or {})) as stream:
        for index, raw in enumerate(lines_in_range(stream, start, end)):
            began = clock()
            text, status = answer(raw)
            took = clock() - began
            chunks.append(text)
            counts[status] += 1
            if took > slowest[1]:
                slowest = (index, took)
    return PartitionResult(
        b"".join(chunks), len(chunks), tuple(sorted(counts.items())), slowest, end - start
    )
