"""``python -m quotecalc.http``: serve the HTTP service with uvicorn (``docs/http.md``).

Loopback by default. A command line it does not accept: argparse's usage message on stderr,
exit 2. Without the optional extra: one line on stderr saying how to install it, exit 1.
SIGTERM or Ctrl-C stops accepting connections and finishes the calls in flight (uvicorn's
graceful shutdown, bounded by :data:`.limits.GRACEFUL_SHUTDOWN_SECONDS`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from . import INSTALL_HINT
from .limits import GRACEFUL_SHUTDOWN_SECONDS, SETTINGS_ENV, Limits, Settings

DEFAULTS = Limits()


def _bounded(
    kind: Callable[[str], float], low: float, high: float | None = None
) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"out of range: {text!r}")
        return value

    return parse


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(
        prog="python -m quotecalc.http",
        description="Serve quotecalc over HTTP: POST /quotecalc/calculate and friends.",
    )
    parse.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback)")
    parse.add_argument("--port", type=_bounded(int, 0, 65535), default=8000)
    parse.add_argument("--workers", type=_bounded(int, 1), default=1, help="worker processes")
    parse.add_argument(
        "--max-in-flight",
        type=_bounded(int, 1),
        default=DEFAULTS.max_in_flight,
        help="calculations running at once per worker",
    )
    parse.add_argument(
        "--queue-timeout",
        type=_bounded(float, 0.001),
        default=DEFAULTS.queue_timeout,
        help="seconds a calculation waits for a slot before 503",
    )
    parse.add_argument(
        "--read-timeout",
        type=_bounded(float, 0.001),
        default=DEFAULTS.read_timeout,
        help="seconds a request body may take to arrive before 408",
    )
    parse.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="allow this browser origin (repeatable; no CORS at all by default)",
    )
    return parse


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        import uvicorn

        from . import app  # noqa: F401 - fails here, not in a worker, without Starlette
    except ModuleNotFoundError as exc:  # the extra or one of its dependencies is missing
        if (exc.name or "").partition(".")[0] == "quotecalc":
            raise
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    limits = Limits(
        read_timeout=args.read_timeout,
        max_in_flight=int(args.max_in_flight),
        queue_timeout=args.queue_timeout,
    )
    os.environ[SETTINGS_ENV] = Settings(limits, tuple(args.cors_origin)).to_json()
    uvicorn.run(
        "quotecalc.http.app:app_from_environment",
        factory=True,
        host=args.host,
        port=int(args.port),
        workers=int(args.workers),
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
        server_header=False,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
