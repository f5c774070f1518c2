"""``python -m quotecalc.http``: serve the HTTP service with granian (``docs/http.md``).

Loopback by default. ``--help`` lists every option with its default; ``--version`` prints the
tool and its version. A command line it does not accept: argparse's usage and one line naming
the problem on stderr, exit 2. Without the optional extra: one line on stderr saying how to
install it, exit 1. SIGTERM or Ctrl-C stops accepting connections and finishes the calls in
flight (granian's graceful shutdown, bounded by :data:`.limits.GRACEFUL_SHUTDOWN_SECONDS`).

The server is granian (issue 19, ``docs/decisions.md``): its hyper core bounds what the app
cannot see -- open connections per worker, the time and the size of the request head. The app
stays a plain ASGI app (:func:`.app.app_from_environment`), built in each worker from the
settings this process puts in the environment.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from typing import Any

from ..engine.render import TOOL, TOOL_VERSION
from . import INSTALL_HINT
from .access import LOGGER_NAME
from .limits import (
    GRACEFUL_SHUTDOWN_SECONDS,
    LARGEST_BODY,
    SETTINGS_ENV,
    Limits,
    ServerLimits,
    Settings,
)

DEFAULTS = Limits()
SERVER_DEFAULTS = ServerLimits()
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
APP = "quotecalc.http.app:app_from_environment"


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
        description="Serve quotecalc over HTTP: POST /quotecalc/calculate and friends"
        " (docs/http.md).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    add = parse.add_argument
    add("--version", action="version", version=f"{TOOL} {TOOL_VERSION}")
    add("--host", default="127.0.0.1", help="address to bind (loopback unless you say otherwise)")
    # No port 0: granian would bind a free port without saying which.
    add("--port", type=_bounded(int, 1, 65535), default=8000, help="TCP port")
    add("--workers", type=_bounded(int, 1), default=1, help="worker processes")
    add(
        "--max-in-flight",
        type=_bounded(int, 1),
        default=DEFAULTS.max_in_flight,
        help="calculations running at once per worker",
    )
    add(
        "--queue-timeout",
        type=_bounded(float, 0.001),
        default=DEFAULTS.queue_timeout,
        help="seconds a calculation waits for its body budget, and again for a slot, before 503",
    )
    add(
        "--read-timeout",
        type=_bounded(float, 0.001),
        default=DEFAULTS.read_timeout,
        help="seconds a request body may take to arrive before 408",
    )
    add(
        "--body-budget",
        type=_bounded(int, LARGEST_BODY),
        default=DEFAULTS.body_budget,
        metavar="BYTES",
        help="request-body bytes one worker holds at once, reserved before a body is read",
    )
    add(
        "--drain-limit",
        type=_bounded(int, 0),
        default=DEFAULTS.drain_limit,
        metavar="BYTES",
        help="unread body bytes dropped before an early answer (413/415/503) so it arrives",
    )
    add(
        "--heavy-max-in-flight",
        type=_bounded(int, 1),
        default=DEFAULTS.heavy_max_in_flight,
        help="heavy calculations (event, plan) running at once per worker, each in a subprocess",
    )
    add(
        "--heavy-queue",
        type=_bounded(int, 0),
        default=DEFAULTS.heavy_queue,
        help="heavy calculations waiting for a slot per worker; one more is answered 503 at once",
    )
    add(
        "--heavy-deadline",
        type=_bounded(float, 0.001),
        default=DEFAULTS.heavy_deadline,
        help="seconds from a heavy request's arrival to its answer; then 503 and its work stops",
    )
    add(
        "--heavy-retry-after",
        type=_bounded(int, 1),
        default=DEFAULTS.heavy_retry_after,
        help="the Retry-After seconds of a heavy route's 503",
    )
    add(
        "--max-connections",
        type=_bounded(int, 1),
        default=SERVER_DEFAULTS.max_connections,
        help="open connections per worker (further ones wait in the listen backlog)",
    )
    add(
        "--header-timeout",
        type=_bounded(float, 0.001, 60),
        default=SERVER_DEFAULTS.header_timeout,
        help="seconds the request head may take (idle keep-alive included), then closed",
    )
    add(
        "--max-header-bytes",
        type=_bounded(int, 8192),
        default=SERVER_DEFAULTS.max_header_bytes,
        metavar="BYTES",
        help="size of the request head (request line and headers); larger is 431",
    )
    add(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="allow this browser origin (repeatable; no CORS at all by default)",
    )
    return parse


def log_config() -> dict[str, Any]:
    """granian's log and the access log (one JSON line per request), both on stderr."""
    stream = {"class": "logging.StreamHandler", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "generic": {"format": "[%(levelname)s] %(message)s"},
            "plain": {"format": "%(message)s"},
        },
        "handlers": {
            "console": {**stream, "formatter": "generic"},
            "access": {**stream, "formatter": "plain"},
        },
        "loggers": {
            "_granian": {"handlers": ["console"], "level": "INFO", "propagate": False},
            LOGGER_NAME: {"handlers": ["access"], "level": "INFO", "propagate": False},
        },
    }


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    # Metrics of every worker in one directory (prometheus-client's multiprocess mode), set
    # before prometheus-client is first imported, since the workers may be forked from this
    # process; removed at exit unless the operator chose the directory.
    own_metrics_dir = MULTIPROC_ENV not in os.environ
    if own_metrics_dir:
        os.environ[MULTIPROC_ENV] = tempfile.mkdtemp(prefix="quotecalc-metrics-")
    try:
        return serve(args)
    finally:
        if own_metrics_dir:
            shutil.rmtree(os.environ.pop(MULTIPROC_ENV), ignore_errors=True)


def serve(args: argparse.Namespace) -> int:
    """Start granian with the app and the bounds of the command line; returns at shutdown."""
    try:
        from granian import Granian
        from granian.constants import HTTPModes, Interfaces
        from granian.http import HTTP1Settings

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
        body_budget=int(args.body_budget),
        drain_limit=int(args.drain_limit),
        heavy_max_in_flight=int(args.heavy_max_in_flight),
        heavy_queue=int(args.heavy_queue),
        heavy_deadline=args.heavy_deadline,
        heavy_retry_after=int(args.heavy_retry_after),
    )
    os.environ[SETTINGS_ENV] = Settings(limits, tuple(args.cors_origin)).to_json()
    Granian(
        APP,
        address=args.host,
        port=int(args.port),
        interface=Interfaces.ASGI,
        factory=True,
        workers=int(args.workers),
        http=HTTPModes.http1,
        websockets=False,
        backpressure=int(args.max_connections),
        http1_settings=HTTP1Settings(
            header_read_timeout=max(1, round(args.header_timeout * 1000)),
            max_buffer_size=int(args.max_header_bytes),
        ),
        log_dictconfig=log_config(),
        workers_kill_timeout=GRACEFUL_SHUTDOWN_SECONDS,
        respawn_failed_workers=True,
    ).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
