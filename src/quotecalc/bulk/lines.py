"""Byte-range partitions of a JSONL file, each line cut exactly as ``--input-jsonl -`` cuts it.

The command line reads stdin with ``readline`` in binary: a line is everything up to a
``b"\\n"`` (a ``\\r`` before it stays in the line, as does a byte-order mark or any byte that
is not UTF-8), the last line may lack its newline, a blank line is an empty request, and
nothing follows the last newline. A line over the request limit is kept as its first
``MAX_INPUT_BYTES + 1`` bytes (enough to be answered ``input_too_large``) and the rest is read
and dropped. :func:`lines_in_range` yields the same byte strings, each kept to ``kept`` bytes:
the job's kind's limit plus one (``bulk.kinds.KEPT``; an event's is 4194305, issue 34).

A partition is a nominal byte range ``[start, end)``; it owns every line whose *first byte*
lies in that range, so consecutive ranges that cover the file yield every line exactly once,
in order, wherever the range bounds fall (inside a line, on a newline, past a long line).
It reads in chunks and keeps at most ``kept`` bytes of one line, so its memory does not depend
on the line lengths or the file size.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO, Final

from ..core.limits import MAX_INPUT_BYTES

KEPT: Final = MAX_INPUT_BYTES + 1
"""The bytes kept of a line, as the command line keeps them."""
CHUNK: Final = 1 << 16
LARGEST_PARTITION: Final = 1 << 22
"""The first partitions of an automatic job: 4 MiB, about 1.3 s of one worker on the example
requests, whose answers (about 3.5 times the requests) stay under :data:`MAX_ANSWER_BYTES`.
Dask costs about 10 ms of CPU per task on this machine (``docs/performance.md``): under 1 %
of such a task, 3 % of a 1 MiB one."""
SMALLEST_PARTITION: Final = 1 << 18
"""The last partitions of an automatic job: 256 KiB, about 0.08 s of one worker, so that the
workers finish within about that of one another."""
MAX_ANSWER_BYTES: Final = 1 << 24
"""Answers one task holds before it hands the rest of its range on (16 MiB): a partition of
short lines (a blank line is 1 byte, its answer 357) would otherwise hold hundreds of times
its own size."""
NEWLINE: Final = b"\n"


def ranges(size: int, partition_bytes: int) -> list[tuple[int, int]]:
    """The nominal ranges covering a file of ``size`` bytes, ``partition_bytes`` each."""
    if partition_bytes < 1:
        raise ValueError("partition_bytes must be at least 1")
    return [
        (start, min(start + partition_bytes, size)) for start in range(0, size, partition_bytes)
    ]


def automatic_size(remaining: int, workers: int) -> int:
    """The next partition's size when none is given: a share of what is left, so that early
    partitions are large (few tasks: Dask's cost per task) and the last ones small (the
    workers finish together): ``remaining / (2 * workers)``, rounded up, within
    [:data:`SMALLEST_PARTITION`, :data:`LARGEST_PARTITION`] (guided self-scheduling)."""
    share = -(-remaining // (2 * max(workers, 1)))
    return max(SMALLEST_PARTITION, min(LARGEST_PARTITION, share))


def lines_in_range(
    stream: BinaryIO, start: int, end: int, *, kept: int = KEPT, chunk: int = CHUNK
) -> Iterator[tuple[bytes, int]]:
    """Each line whose first byte lies in ``[start, end)``, without its newline, cut to
    ``kept`` bytes, with the offset just past it (past its newline: where the next line
    starts; the file's size for a last line without one). ``stream`` must be seekable;
    reading goes past ``end`` only to finish the last line."""
    base = max(start - 1, 0)  # a line starts at start iff the byte before it is a newline
    stream.seek(base)
    skipping = start > 0
    parts: list[bytes] = []
    held = 0
    open_line = False
    while True:
        data = stream.read(chunk)
        if not data:
            break
        index, size = 0, len(data)
        while index < size:
            newline = data.find(NEWLINE, index)
            if skipping:  # the line in progress at start belongs to the range before
                if newline < 0:
                    break
                skipping = False
            else:
                stop = size if newline < 0 else newline
                if held < kept:
                    piece = data[index : min(stop, index + kept - held)]
                    parts.append(piece)
                    held += len(piece)
                if newline < 0:
                    open_line = True
                    break
                yield b"".join(parts), base + newline + 1
                parts, held, open_line = [], 0, False
            index = newline + 1
            if base + index >= end:
                return
        base += size
    if open_line:
        yield b"".join(parts), base
