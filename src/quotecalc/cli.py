"""The command line (CONTRACT §2): ``calculate.py --input-json - [--trace]``.

stdin: one request (at most 262144 bytes are accepted; 262145 are read to tell). stdout: one
JSON object and a newline. stderr: empty, unless ``--trace`` asks for one JSON line per stage.
Exit 0 completed/partial, 2 invalid_input (also bad argv, answered without reading stdin), 1
internal_error.
"""

from __future__ import annotations

import json
import sys
from typing import BinaryIO

from .api import Result, calculate
from .context import FieldError
from .pipeline import TraceEntry
from .render import EXIT_CODES, render_errors
from .stages.parse import MAX_INPUT_BYTES


def _usage_error() -> Result:
    output = render_errors((FieldError("invalid_arguments", ""),))
    return Result(output, EXIT_CODES["invalid_input"])


def _trace_line(entry: TraceEntry) -> bytes:
    line = {
        "stage": entry.stage,
        "outcome": entry.outcome,
        "reason": entry.reason,
        "summary": entry.summary,
        "ms": f"{entry.nanoseconds / 1_000_000:.3f}",
    }
    return (json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def parse_argv(argv: list[str]) -> dict[str, str] | None:
    """The options, or ``None`` for a command line the contract does not accept."""
    options: dict[str, str] = {}
    rest = list(argv)
    while rest:
        flag = rest.pop(0)
        if flag == "--input-json" and rest and rest[0] == "-" and "input" not in options:
            options["input"] = rest.pop(0)
        elif flag == "--trace" and "trace" not in options:
            options["trace"] = "yes"
        else:
            return None
    return options if "input" in options else None


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Run one call; returns the exit code."""
    options = parse_argv(argv)
    if options is None:
        result = _usage_error()
    else:
        raw = stdin.read(MAX_INPUT_BYTES + 1)
        result = calculate(raw, trace="trace" in options)
        for entry in result.trace:
            stderr.write(_trace_line(entry))
    stdout.write(result.to_json())
    stdout.flush()
    return result.exit_code


def run() -> int:
    """The process entry point: standard streams, and no traceback ever reaches stdout."""
    try:
        return main(sys.argv[1:], sys.stdin.buffer, sys.stdout.buffer, sys.stderr.buffer)
    except Exception:  # noqa: BLE001 - last resort: still one JSON object, exit 1
        from .render import render_internal_error

        sys.stdout.buffer.write(Result(render_internal_error(), 1).to_json())
        sys.stdout.buffer.flush()
        return 1
