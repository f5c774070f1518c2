"""The progress line and the summary on stderr (plain text, no library).

On a terminal the progress line is redrawn in place (at most every :data:`TTY_EVERY`
seconds); otherwise (a log file, a CI job) one line is printed every :data:`LOG_EVERY`
seconds. ``--quiet`` prints neither. The estimate of the time left is by bytes: the input's
size is known before the job starts, its line count is not.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final, TextIO

import attrs

from ..core.records import Record
from .interrupts import Interrupted

TTY_EVERY: Final = 0.2
LOG_EVERY: Final = 5.0
STATUS_ORDER: Final[tuple[str, ...]] = ("completed", "partial", "invalid_input", "internal_error")


@attrs.frozen(eq=False, repr=False)
class Snapshot(Record):
    """Where a job stands: lines written, input bytes covered, of how many, since when."""

    lines: int
    done_bytes: int
    total_bytes: int
    seconds: float


@attrs.frozen(eq=False, repr=False)
class Summary(Record):
    """What a finished job did. ``statuses`` are (status, lines) in the contract's order;
    ``slowest_line`` is 1-based (0 when the file held no line) and ``slowest_ns`` its time in
    the worker; ``seconds`` is the wall time of the whole job, cluster start included."""

    lines: int
    statuses: tuple[tuple[str, int], ...]
    slowest_line: int
    slowest_ns: int
    seconds: float
    partitions: int
    workers: int
    output: str


def clock_text(seconds: float) -> str:
    """``H:MM:SS`` for a duration."""
    whole = max(int(seconds + 0.5), 0)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def progress_text(snap: Snapshot) -> str:
    """``quotecalc.bulk: 12,345 lines (41.0%), 1,234 lines/s, ETA 0:00:47``."""
    rate = snap.lines / snap.seconds if snap.seconds > 0 else 0.0
    share = snap.done_bytes / snap.total_bytes if snap.total_bytes else 1.0
    if 0 < share < 1 and snap.seconds > 0:
        eta = clock_text(snap.seconds * (1 - share) / share)
    else:
        eta = "0:00:00" if share >= 1 else "?"
    return (
        f"quotecalc.bulk: {snap.lines:,} lines ({100 * share:.1f}%), {rate:,.0f} lines/s, ETA {eta}"
    )


def summary_text(summary: Summary) -> str:
    """The lines printed at the end: totals, counts by status, the slowest line, wall time."""
    rate = summary.lines / summary.seconds if summary.seconds > 0 else 0.0
    known = dict(summary.statuses)
    names = [name for name in STATUS_ORDER if name in known]
    names += sorted(set(known) - set(STATUS_ORDER))
    counts = ", ".join(f"{name} {known[name]:,}" for name in names) or "no lines"
    if summary.slowest_line:
        whole, rest = divmod(summary.slowest_ns // 1000, 1000)
        slowest = f"line {summary.slowest_line:,} ({whole}.{rest:03d} ms)"
    else:
        slowest = "none"
    return (
        f"quotecalc.bulk: {summary.lines:,} lines in {summary.seconds:.1f} s"
        f" ({rate:,.0f} lines/s; {summary.partitions} partitions, {summary.workers} workers)\n"
        f"  statuses: {counts}\n"
        f"  slowest: {slowest}\n"
        f"  wrote {summary.output}\n"
    )


class ProgressPrinter:
    """A callback for :func:`quotecalc.bulk.run` that prints :func:`progress_text` to a
    stream, redrawn in place on a terminal, else a line every :data:`LOG_EVERY` seconds."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.every = TTY_EVERY if self.tty else LOG_EVERY
        self.clock = clock
        self.last = clock()
        self.drawn = False

    def __call__(self, snap: Snapshot) -> None:
        now = self.clock()
        if now - self.last < self.every:
            return
        self.last = now
        if self.tty:
            self.stream.write("\r\x1b[K" + progress_text(snap))
            self.drawn = True
        else:
            self.stream.write(progress_text(snap) + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the redrawn line so the summary starts on its own."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def size_text(size: int) -> str:
    """A file size for people: bytes below 1 KiB, else KiB, MiB or GiB with one decimal."""
    if size < 1024:
        return f"{size:,} bytes"
    value = float(size)
    for unit in ("KiB", "MiB", "GiB"):
        value /= 1024
        if value < 1024 or unit == "GiB":
            break
    return f"{value:,.1f} {unit}"


def interrupted_text(stopped: Interrupted, target: str) -> str:
    """The one line printed after Ctrl-C: how far the job got, what became of the temporary
    output, and that the target was not written."""
    if stopped.partial is None:
        done = "interrupted before any answer was written"
    elif stopped.removed:
        done = (
            f"interrupted after {stopped.lines:,} lines; removed their answers"
            f" ({size_text(stopped.size)}, {stopped.partial})"
        )
    else:
        done = (
            f"interrupted after {stopped.lines:,} lines; kept their answers"
            f" ({size_text(stopped.size)}) in {stopped.partial}, which could not be removed:"
            f" {stopped.reason}"
        )
    return f"quotecalc.bulk: {done}; {target} was not written\n"
