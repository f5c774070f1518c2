"""The command line (CONTRACT §2).

The fixed host call is ``calculate.py --input-json -``: stdin is one request (262145 bytes at
most are read, one more than the limit, to tell), stdout one JSON object and a newline, stderr
empty. Exit 0 completed/partial, 2 invalid_input, 1 internal_error.

Maintainer options, none of which changes the fixed call's stdout:

- ``--trace``: one JSON line per stage on stderr (stage, outcome, reason, summary, ms);
- ``--input-jsonl -`` instead of ``--input-json -``: each stdin line is one request and gets
  its own result line, exactly what the single call would print; exit 0 once every line was
  answered;
- ``--format text`` (with ``--input-json -``; optionally ``--lang en|zh``, default en): a
  readable report instead of the JSON object, with the exact stability intervals; exit code
  as for JSON.

``--print-schema request|result`` (alone) prints the published JSON Schema
(``docs/schema/``), generated from the same rule table the validator reads. ``--help`` or
``-h`` (alone) prints :data:`USAGE` on stdout and exits 0.

The same command is installed as the console command ``quotecalc`` and runs as
``python -m quotecalc`` (both call :func:`run`).

A command line outside these forms is one ``invalid_arguments`` error (exit 2), answered
without reading stdin.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import BinaryIO

from .api import Result, calculate
from .context import FieldError
from .pipeline import TraceEntry
from .render import EXIT_CODES, render_errors
from .stages.parse import MAX_INPUT_BYTES

_CHUNK = 65536
LANGS = ("en", "zh")
SCHEMAS = ("request", "result")
HELP_ARGV = (["--help"], ["-h"])
USAGE = """\
usage: quotecalc --input-json - [--trace] [--format json|text] [--lang en|zh]
       quotecalc --input-jsonl - [--trace]
       quotecalc --print-schema request|result
       quotecalc --help

Compares supplier quotes for one purchase, exactly. One JSON request on stdin, one JSON
result on stdout; exit 0 completed or partial, 2 invalid_input, 1 internal_error.
The same command: python -m quotecalc, python -B scripts/calculate.py (from a checkout).

  --input-json -         read one request from stdin (the fixed host call)
  --input-jsonl -        one request per stdin line, one result line per request
  --trace                one JSON line per pipeline stage on stderr; stdout unchanged
  --format json|text     text: a readable report instead of the JSON result
  --lang en|zh           the report's language (with --format text; default en)
  --print-schema NAME    print the published request or result JSON Schema
  --help, -h             print this help

Any other command line is one invalid_arguments error (exit 2), stdin unread.
Documentation: README.md (English and Chinese) and docs/ in the source distribution.
"""


def usage_error() -> Result:
    """The result of a command line the contract does not accept."""
    return Result(
        render_errors((FieldError("invalid_arguments", ""),)), EXIT_CODES["invalid_input"]
    )


def trace_line(entry: TraceEntry) -> bytes:
    """One stage of the trace as a JSON line (milliseconds as a 3-place decimal string)."""
    whole, rest = divmod(entry.nanoseconds // 1000, 1000)
    line = {
        "stage": entry.stage,
        "outcome": entry.outcome,
        "reason": entry.reason,
        "summary": entry.summary,
        "ms": f"{whole}.{rest:03d}",
    }
    return (json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def parse_argv(argv: list[str]) -> dict[str, str] | None:
    """The options, or ``None`` for a command line the contract does not accept."""
    options: dict[str, str] = {}
    rest = list(argv)
    while rest:
        flag = rest.pop(0)
        if flag in ("--input-json", "--input-jsonl") and "input" not in options:
            if not rest or rest.pop(0) != "-":
                return None
            options["input"] = flag
        elif flag == "--trace" and "trace" not in options:
            options["trace"] = "yes"
        elif flag in ("--format", "--lang") and flag[2:] not in options and rest:
            options[flag[2:]] = rest.pop(0)
        else:
            return None
    if "input" not in options or options.get("format", "json") not in ("json", "text"):
        return None
    if "lang" in options and (options.get("format") != "text" or options["lang"] not in LANGS):
        return None
    if options.get("format") == "text" and options["input"] != "--input-json":
        return None
    return options


def iter_requests(stdin: BinaryIO) -> Iterator[bytes]:
    """Yield each line of ``stdin`` (without its newline), never holding more than one
    request's worth of bytes: a line over the limit is yielded as its first 262145 bytes
    (enough to be ``input_too_large``) and the rest of it is read and dropped."""
    while True:
        line = stdin.readline(MAX_INPUT_BYTES + 2)
        if not line:
            return
        if line.endswith(b"\n"):
            yield line[:-1]
            continue
        if len(line) <= MAX_INPUT_BYTES + 1:
            yield line  # the last line, without a newline
            return
        while True:
            tail = stdin.readline(_CHUNK)
            if not tail or tail.endswith(b"\n"):
                break
        yield line[: MAX_INPUT_BYTES + 1]


def text_report(raw: bytes, result: Result, lang: str) -> bytes:
    """The ``--format text`` report; its modules load only here, never on the JSON path."""
    from .intervals import stability
    from .report import render_text

    intervals = stability(raw) if result.output["ranking"] is not None else None
    return render_text(result.output, intervals, lang).encode("utf-8")


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Run one command line; returns the exit code."""
    if argv in HELP_ARGV:
        stdout.write(USAGE.encode("utf-8"))
        stdout.flush()
        return 0
    if len(argv) == 2 and argv[0] == "--print-schema" and argv[1] in SCHEMAS:
        from .schema import schema_bytes

        stdout.write(schema_bytes(argv[1]))
        stdout.flush()
        return 0
    options = parse_argv(argv)
    if options is None:
        result = usage_error()
        stdout.write(result.to_json())
        stdout.flush()
        return result.exit_code
    trace = "trace" in options
    if options["input"] == "--input-jsonl":
        for raw in iter_requests(stdin):
            result = calculate(raw, trace=trace)
            for entry in result.trace:
                stderr.write(trace_line(entry))
            stdout.write(result.to_json())
        stdout.flush()
        return 0
    raw = stdin.read(MAX_INPUT_BYTES + 1)
    result = calculate(raw, trace=trace)
    for entry in result.trace:
        stderr.write(trace_line(entry))
    if options.get("format") == "text":
        stdout.write(text_report(raw, result, options.get("lang", "en")))
    else:
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
