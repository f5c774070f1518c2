"""The bulk door's parts that need no cluster (issue 22): the line cutter against an independent
oracle, and the progress line and summary texts. In process, standard library and hypothesis
only: these run without the ``bulk`` extra."""

from __future__ import annotations

import io
import os
import signal
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quotecalc.bulk.interrupts import Interrupted, InterruptGuard, deferred
from quotecalc.bulk.lines import (
    LARGEST_PARTITION,
    SMALLEST_PARTITION,
    automatic_size,
    lines_in_range,
    ranges,
)
from quotecalc.bulk.progress import (
    ProgressPrinter,
    Snapshot,
    Summary,
    clock_text,
    interrupted_text,
    progress_text,
    size_text,
    summary_text,
)


def oracle(data: bytes, kept: int) -> list[bytes]:
    """The lines of ``--input-jsonl -`` by another route: split on newlines, drop what
    follows the last one, keep ``kept`` bytes of each."""
    pieces = data.split(b"\n")
    if pieces[-1] == b"":
        pieces.pop()
    return [piece[:kept] for piece in pieces]


@settings(max_examples=300, deadline=None)
@given(
    data=st.lists(st.sampled_from([b"a", b"bc", b"\n", b"\r\n", b"\xff", b"\xef\xbb\xbf"])),
    kept=st.integers(1, 6),
    chunk=st.integers(1, 7),
    partition=st.integers(1, 25),
)
def test_ranges_cut_every_line_once_in_order(
    data: list[bytes], kept: int, chunk: int, partition: int
) -> None:
    raw = b"".join(data)
    got = [
        found
        for start, end in ranges(len(raw), partition)
        for found in lines_in_range(io.BytesIO(raw), start, end, kept=kept, chunk=chunk)
    ]
    assert [line for line, _ in got] == oracle(raw, kept)
    # each offset is where the next line starts: past the newline, or the end of the file
    starts = [index + 1 for index, byte in enumerate(raw) if byte == ord("\n")]
    assert [after for _, after in got] == [min(start, len(raw)) for start in starts] + (
        [len(raw)] if raw and not raw.endswith(b"\n") else []
    )


def test_ranges_cover_the_file() -> None:
    assert ranges(0, 4) == []
    assert ranges(10, 4) == [(0, 4), (4, 8), (8, 10)]
    assert ranges(8, 4) == [(0, 4), (4, 8)]
    with pytest.raises(ValueError):
        ranges(8, 0)


MIB = 1 << 20


@pytest.mark.parametrize(
    ("remaining", "workers", "size"),
    [
        (100 * MIB, 2, 4 * MIB),  # a quarter is 25 MiB: the largest partition
        (8 * MIB, 1, 4 * MIB),  # a half is exactly the largest
        (3 * MIB, 2, 786_432),  # 3 MiB / 4
        (1_000_001, 1, 500_001),  # a half, rounded up
        (1_000_000, 2, 262_144),  # a quarter is 250,000: the smallest partition
        (1, 2, 262_144),
        (10 * MIB, 0, 4 * MIB),  # no worker counted yet: as one
    ],
)
def test_automatic_size(remaining: int, workers: int, size: int) -> None:
    assert automatic_size(remaining, workers) == size


def cut_automatically(size: int, workers: int) -> list[int]:
    """The partition sizes of a file of ``size`` bytes, as the driver cuts them."""
    sizes, start = [], 0
    while start < size:
        length = min(automatic_size(size - start, workers), size - start)
        sizes.append(length)
        start += length
    return sizes


def test_automatic_partitions_of_a_3_mib_file_for_two_workers() -> None:
    """By hand: a quarter of what is left each time, 256 KiB at least, the rest last."""
    assert cut_automatically(3 * MIB, 2) == [
        786_432,  # 3,145,728 / 4
        589_824,  # 2,359,296 / 4
        442_368,  # 1,769,472 / 4
        331_776,  # 1,327,104 / 4
        262_144,  # 995,328 / 4 = 248,832: the smallest
        262_144,
        262_144,
        208_896,  # what is left
    ]


@settings(max_examples=200, deadline=None)
@given(size=st.integers(1, 1 << 31), workers=st.integers(1, 64))
def test_automatic_partitions_shrink_and_cover_the_file(size: int, workers: int) -> None:
    sizes = cut_automatically(size, workers)
    assert sum(sizes) == size
    assert sizes == sorted(sizes, reverse=True)  # large first, small last
    assert all(SMALLEST_PARTITION <= length <= LARGEST_PARTITION for length in sizes[:-1])
    # Below 2w * 4 MiB left, each cut takes 1/2w of the rest: at most 2w * ln(16) < 5.6w
    # cuts until under 2w * 256 KiB is left, then at most 2w + 1 of 256 KiB; before that, cuts
    # of 4 MiB. So the tasks are few: 34 for 96.5 MiB and 2 workers, where 1 MiB made 97.
    assert len(sizes) <= size // LARGEST_PARTITION + 8 * workers + 2


@pytest.mark.parametrize(
    ("seconds", "text"), [(0, "0:00:00"), (59.4, "0:00:59"), (59.5, "0:01:00"), (3661, "1:01:01")]
)
def test_clock_text(seconds: float, text: str) -> None:
    assert clock_text(seconds) == text


@pytest.mark.parametrize(
    ("snap", "text"),
    [
        (Snapshot(0, 0, 100, 0.0), "0 lines (0.0%), 0 lines/s, ETA ?"),
        # a quarter of the bytes in 10 s: 30 s left
        (Snapshot(2500, 25, 100, 10.0), "2,500 lines (25.0%), 250 lines/s, ETA 0:00:30"),
        (Snapshot(7, 100, 100, 2.0), "7 lines (100.0%), 4 lines/s, ETA 0:00:00"),
        (Snapshot(0, 0, 0, 1.0), "0 lines (100.0%), 0 lines/s, ETA 0:00:00"),
    ],
)
def test_progress_text(snap: Snapshot, text: str) -> None:
    assert progress_text(snap) == "quotecalc.bulk: " + text


def test_summary_text_orders_statuses_as_the_contract() -> None:
    summary = Summary(
        3001,
        (("completed", 2000), ("invalid_input", 1000), ("partial", 1)),
        1234,
        12_345_678,
        2.0,
        4,
        2,
        "out.jsonl",
    )
    assert summary_text(summary) == (
        "quotecalc.bulk: 3,001 lines in 2.0 s (1,500 lines/s; 4 partitions, 2 workers)\n"
        "  statuses: completed 2,000, partial 1, invalid_input 1,000\n"
        "  slowest: line 1,234 (12.345 ms)\n"
        "  wrote out.jsonl\n"
    )


class Terminal(io.StringIO):
    """A text stream that says it is a terminal, as stderr does in a console."""

    def isatty(self) -> bool:
        return True


def test_progress_printer_on_a_terminal_redraws_one_line() -> None:
    now = [0.0]
    stream = Terminal()
    printer = ProgressPrinter(stream, clock=lambda: now[0])
    for step in (0.1, 0.3, 0.4, 0.6):  # redrawn at most every 0.2 s
        now[0] = step
        printer(Snapshot(int(step * 10), 1, 2, step))
    printer.close()
    redraw = "\r\x1b[K"
    assert stream.getvalue() == (
        redraw
        + progress_text(Snapshot(3, 1, 2, 0.3))
        + redraw
        + progress_text(Snapshot(6, 1, 2, 0.6))
        + "\n"
    )


def test_progress_printer_off_a_terminal_prints_a_line_every_few_seconds() -> None:
    now = [0.0]
    stream = io.StringIO()
    printer = ProgressPrinter(stream, clock=lambda: now[0])
    for step in range(1, 13):  # a snapshot every second for 12 s
        now[0] = float(step)
        printer(Snapshot(step, step, 12, float(step)))
    printer.close()
    assert stream.getvalue().splitlines() == [
        progress_text(Snapshot(5, 5, 12, 5.0)),
        progress_text(Snapshot(10, 10, 12, 10.0)),
    ]


@pytest.mark.parametrize(
    ("size", "text"),
    [
        (0, "0 bytes"),
        (1023, "1,023 bytes"),
        (1024, "1.0 KiB"),
        (1536, "1.5 KiB"),
        (85 * 1024 * 1024 + 200 * 1024, "85.2 MiB"),  # 85 MiB + 200/1024 MiB = 85.195...
        (3 * 1024**3, "3.0 GiB"),
        (2048 * 1024**3, "2,048.0 GiB"),
    ],
)
def test_size_text(size: int, text: str) -> None:
    assert size_text(size) == text


@pytest.mark.parametrize(
    ("stopped", "text"),
    [
        (Interrupted(), "interrupted before any answer was written; out.jsonl was not written"),
        (
            Interrupted(12345, "out.jsonl.abc.part", 2 * 1024 * 1024, removed=True),
            "interrupted after 12,345 lines; removed their answers"
            " (2.0 MiB, out.jsonl.abc.part); out.jsonl was not written",
        ),
        (
            Interrupted(7, "out.jsonl.abc.part", 100, reason="[Errno 13] Permission denied"),
            "interrupted after 7 lines; kept their answers (100 bytes) in out.jsonl.abc.part,"
            " which could not be removed: [Errno 13] Permission denied; out.jsonl was not"
            " written",
        ),
    ],
)
def test_interrupted_text_is_one_line(stopped: Interrupted, text: str) -> None:
    assert interrupted_text(stopped, "out.jsonl") == "quotecalc.bulk: " + text + "\n"
    assert isinstance(stopped, KeyboardInterrupt)


def test_guard_notes_ctrl_c_and_raises_only_at_a_checkpoint() -> None:
    before = signal.getsignal(signal.SIGINT)
    with InterruptGuard() as guard:
        guard.check()  # nothing yet
        os.kill(os.getpid(), signal.SIGINT)
        os.kill(os.getpid(), signal.SIGINT)  # a second press changes nothing
        time.sleep(0.05)  # the handler has run: it raised nothing here
        assert guard.interrupted
        with pytest.raises(KeyboardInterrupt):
            guard.check()
    assert signal.getsignal(signal.SIGINT) is before


def test_deferred_blocks_ctrl_c_for_threads_started_inside_and_delivers_it_after() -> None:
    seen: list[bool] = []

    def blocked_here() -> None:
        seen.append(signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set()))

    # Python's handler raises KeyboardInterrupt as the block ends and delivers the signal
    with pytest.raises(KeyboardInterrupt), deferred():
        worker = threading.Thread(target=blocked_here)
        worker.start()
        worker.join()
        # to this thread: a signal to the process may go to any thread not blocking it
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
        time.sleep(0.05)
        seen.append(True)  # still here: the signal waits
    assert seen == [True, True]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
