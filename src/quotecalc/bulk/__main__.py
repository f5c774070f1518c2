"""``python -m quotecalc.bulk IN.jsonl OUT.jsonl``: a bulk job from the command line.

Exit 0 once every line was answered (whatever the statuses); 1 on an I/O or cluster failure
(one message on stderr, the output only under its temporary name) or without the extra;
2 for a command line it does not accept (argparse's usage message on stderr); 130 after
Ctrl-C (SIGINT): the cluster closed, the temporary output removed, and one line on stderr
that says so (never a traceback, whenever Ctrl-C comes: while importing Dask, starting the
cluster, answering or closing).
"""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Final

from .. import __version__
from . import INSTALL_HINT
from .interrupts import Interrupted, in_main_thread
from .kinds import KINDS
from .lines import LARGEST_PARTITION, SMALLEST_PARTITION

EXIT_INTERRUPTED: Final = 130  # 128 + SIGINT, as a shell reports it


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(
        prog="python -m quotecalc.bulk",
        description=(
            "Answer every line of a JSONL file of requests with Dask, in input order, each"
            " output line byte for byte what `quotecalc --input-jsonl -` prints for it."
        ),
    )
    parse.add_argument("source", metavar="IN.jsonl", help="a local path or an fsspec URL")
    parse.add_argument("target", metavar="OUT.jsonl", help="a local path or an fsspec URL")
    parse.add_argument(
        "--kind",
        choices=tuple(KINDS),
        default="result",
        help=(
            "result: the result object (default); analysis: the weight-analysis document;"
            " plan: the purchase plan of a plan request; event: the award of an event request;"
            " convert: the converted comparison"
        ),
    )
    where = parse.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=_positive,
        help="worker processes of the embedded local cluster (default: one per core)",
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on this Dask scheduler (tcp://host:8786)"
    )
    parse.add_argument(
        "--partition-bytes",
        type=_positive,
        metavar="B",
        help=(
            "input bytes per partition (default: sized as the job goes, from"
            f" {LARGEST_PARTITION} down to {SMALLEST_PARTITION} at the end)"
        ),
    )
    parse.add_argument("--quiet", action="store_true", help="no progress line, no summary")
    parse.add_argument("--version", action="version", version=f"quotecalc {__version__}")
    return parse


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return _run(args)
    except KeyboardInterrupt as exc:  # anywhere: importing Dask, starting, answering, closing
        # What is left is to print and exit: a second Ctrl-C must not turn into a traceback.
        if in_main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        from .progress import interrupted_text

        stopped = exc if isinstance(exc, Interrupted) else Interrupted()
        sys.stderr.write(interrupted_text(stopped, args.target))
        sys.stderr.flush()
        return EXIT_INTERRUPTED


def _run(args: argparse.Namespace) -> int:
    try:
        from .job import BulkError, run
    except ModuleNotFoundError as exc:  # the extra or one of its dependencies is missing
        if (exc.name or "").partition(".")[0] == "quotecalc":
            raise
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    from .progress import ProgressPrinter, summary_text

    printer = None if args.quiet else ProgressPrinter(sys.stderr)
    try:
        summary = run(
            args.source,
            args.target,
            kind=args.kind,
            workers=args.workers,
            scheduler=args.scheduler,
            partition_bytes=args.partition_bytes,
            progress=printer,
        )
    except BulkError as exc:
        if printer is not None:
            printer.close()
        where = f"; what was written is in {exc.partial}" if exc.partial else ""
        print(f"quotecalc.bulk: failed: {exc}{where}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C: the cluster is closed, the temporary output removed
        if printer is not None:
            printer.close()
        raise
    if printer is not None:
        printer.close()
        sys.stderr.write(summary_text(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
