"""The command line (CONTRACT §2).

The fixed host call is ``calculate.py --input-json -``: stdin is one request (262145 bytes at
most are read, one more than the limit, to tell), stdout one JSON object and a newline, stderr
empty. Exit 0 completed/partial, 2 invalid_input, 1 internal_error.

Maintainer options, none of which changes the fixed call's stdout:

- ``--trace``: one JSON line per stage on stderr (stage, outcome, reason, summary, ms);
- ``--input-jsonl -`` instead of ``--input-json -``: each stdin line is one request and gets
  its own result line, exactly what the single call would print; exit 0 once every line was
  answered;
- ``--input-batch -`` instead of ``--input-json -``: stdin is one batch body
  ``{"requests": [...]}`` (1-24 requests, at most 2097152 bytes; ``docs/limits.md``) and stdout
  one ``{"results": [...]}`` object, each result exactly what the single call prints for that
  request's own bytes; exit 0 once answered, 2 when the body is not a batch (one
  ``invalid_input`` object), 1 internal_error. Not combined with ``--trace`` (one trace per
  request would have no boundaries on stderr): that command line is ``invalid_arguments``;
- ``--format text|svg|html`` (with ``--input-json -``; optionally ``--lang en|zh``, default
  en): instead of the JSON object, a readable report with the exact stability intervals and
  the weight analysis (text), the weight map as one SVG picture, or one self-contained HTML
  page (``docs/pictures.md``); exit code as for JSON.
- ``--analysis`` (with ``--input-json -``, not with ``--format``): the weight-analysis
  document (issue 11, ``docs/analysis.md``) instead of the result; exit code as for JSON.
- ``--plan`` (with ``--input-json -``, not with ``--analysis``): stdin is a plan request and
  stdout the purchase-plan document (issue 20, ``docs/plan.md``); with ``--format text|html``
  (optionally ``--lang en|zh``) the same document read for a buyer, answer first (issue 25,
  :mod:`quotecalc.output.plan_text`, :mod:`quotecalc.output.plan_html`); exit code as for
  JSON.
- ``--convert`` (with ``--input-json -``; ``--format json``, ``text`` or ``html``, alone of
  the document options): the converted comparison (issue 27, ``docs/conversions.md``), or its
  readable report (:mod:`quotecalc.output.conversion_text`); exit code as for JSON.
- ``--event`` (with ``--input-json -``; not with ``--analysis`` or ``--plan``): stdin is an
  event request (at most 4194304 bytes) and stdout the event-award document (issue 26,
  ``docs/event.md``), or with ``--format text|html [--lang en|zh]`` the award for people, the
  answer first; exit code as for JSON.

``--format xlsx`` (with ``--input-json -``, alone or with ``--plan``, ``--convert`` or ``--event``,
optionally ``--lang en|zh``; not with ``--trace``): the same document as a workbook a buyer can
forward, the answer first (issue 35, :mod:`quotecalc.export`, ``docs/xlsx.md``), as bytes on
stdout; needs the ``xlsx`` extra (without it: one line on stderr, exit 1); exit code as for JSON.

``--print-schema request|result|batch-request|batch-result|analysis|plan-request|plan|``
``event-request|event|convert-request|converted`` (alone)
prints the published JSON Schema (``docs/schema/``), generated from the same rule tables the
engine reads.
``--help`` or ``-h`` (alone) prints :data:`USAGE` on stdout and exits 0; ``--version`` (alone)
prints the tool and its version (``quotecalc 0.1.0``) and exits 0.

The same command is installed as the console command ``quotecalc`` and runs as
``python -m quotecalc`` (both call :func:`run`).

A command line outside these forms is one ``invalid_arguments`` error (exit 2), answered
without reading stdin; stdout stays that one object, and stderr gets one line naming the
problem and pointing to ``--help`` (:func:`argv_problem`) -- a path given to ``--input-json``
instead of ``-`` included.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    from .engine.kinds import RequestKind
    from .engine.render import Document

from .api import Result, calculate
from .core.context import FieldError
from .core.limits import MAX_INPUT_BYTES
from .engine.pipeline import TraceEntry
from .engine.render import EXIT_CODES, TOOL, TOOL_VERSION, render_errors

_CHUNK = 65536
LANGS = ("en", "zh")
FORMATS = ("json", "text", "svg", "html", "xlsx")
READABLE_FORMATS = ("json", "text", "html")
Rendered = tuple[bytes, int]
SCHEMAS = (
    "request",
    "result",
    "batch-request",
    "batch-result",
    "analysis",
    "plan-request",
    "plan",
    "event-request",
    "event",
    "convert-request",
    "converted",
)
INPUT_FLAGS = ("--input-json", "--input-jsonl", "--input-batch")
HELP_ARGV = (["--help"], ["-h"])
VERSION_ARGV = ["--version"]
USAGE = """\
usage: quotecalc --input-json - [--trace] [--format json|text|svg|html|xlsx] [--lang en|zh]
       quotecalc --input-json - --analysis [--trace]
       quotecalc --input-json - --plan [--trace] [--format json|text|html|xlsx] [--lang en|zh]
       quotecalc --input-json - --convert [--trace] [--format json|text|html|xlsx]
                                [--lang en|zh]
       quotecalc --input-json - --event [--trace] [--format json|text|html|xlsx] [--lang en|zh]
       quotecalc --input-jsonl - [--trace]
       quotecalc --input-batch -
       quotecalc --print-schema request|result|batch-request|batch-result|analysis
                                |plan-request|plan|event-request|event
                                |convert-request|converted
       quotecalc --help
       quotecalc --version

Compares supplier quotes for one purchase, exactly. One JSON request on stdin, one JSON
result on stdout; exit 0 completed or partial, 2 invalid_input, 1 internal_error.
The same command: python -m quotecalc, python -B scripts/calculate.py (from a checkout).

  --input-json -         read one request from stdin (the fixed host call)
  --input-jsonl -        one request per stdin line, one result line per request
  --input-batch -        one {"requests": [...]} body (1-24 requests), one {"results": [...]}
  --trace                one JSON line per pipeline stage on stderr; stdout unchanged
  --analysis             the weight-space analysis document instead of the result
  --plan                 the purchase plan of a plan request (price breaks, capacities,
                         maxSuppliers): the cheapest quantity and split, proven;
                         --format text|html reads it for a buyer, answer first
  --convert              the comparison with quotes in other currencies converted at the
                         request's exchangeRates, with each rate's provenance and range
  --event                the award of a sourcing event (items, suppliers, offers): which
                         supplier gets what, at the least landed total, proven
  --format json|text|svg|html|xlsx
                         text: a readable report; svg: the weight map; html: one page;
                         xlsx: a workbook to forward, the answer first (binary on stdout;
                         needs the xlsx extra)
  --lang en|zh           the language of text, svg, html and xlsx (default en)
  --print-schema NAME    print a published JSON Schema (request, result, batch-request,
                         batch-result, analysis, plan-request, plan, event-request,
                         event, convert-request, converted)
  --help, -h             print this help
  --version              print the version (quotecalc 0.1.0)

Any other command line is one invalid_arguments error (exit 2), stdin unread, and one
line on stderr naming the problem.
Documentation: README.md (English and Chinese) and docs/ in the source distribution.
"""


def usage_error() -> Result:
    """The result of a command line the contract does not accept."""
    return Result(
        render_errors((FieldError("invalid_arguments", ""),)), EXIT_CODES["invalid_input"]
    )


def argv_problem(argv: list[str]) -> str:
    """One line for stderr saying why :func:`parse_argv` refused ``argv`` (the first problem
    found), pointing to ``--help``; stdout keeps the one ``invalid_arguments`` object."""
    return f"quotecalc: {_first_problem(argv)}; see quotecalc --help\n"


def _first_problem(argv: list[str]) -> str:
    seen: set[str] = set()
    rest = list(argv)
    while rest:
        flag = rest.pop(0)
        shown = repr(flag[:40])
        if flag in seen:
            return f"{flag} given twice"
        seen.add(flag)
        if flag in INPUT_FLAGS:
            if len(seen & set(INPUT_FLAGS)) > 1:
                return "give one input flag only"
            value = rest.pop(0) if rest else None
            if value is None:
                return f"{flag} needs '-' (stdin)"
            if value != "-":
                return f"{flag} reads stdin only: give '-', not {value[:40]!r} (no file is read)"
        elif flag in ("--format", "--lang"):
            choices = FORMATS if flag == "--format" else LANGS
            value = rest.pop(0) if rest else None
            if value not in choices:
                return f"{flag} takes one of {', '.join(choices)}"
        elif flag in HELP_ARGV[0] + HELP_ARGV[1] + VERSION_ARGV:
            return f"{flag} is accepted only alone"
        elif flag == "--print-schema":
            return f"--print-schema takes one of {', '.join(SCHEMAS)}, alone"
        elif flag != "--trace" and flag not in kind_flags():
            return f"unknown option {shown}"
    if not seen & set(INPUT_FLAGS):
        return "no input: give --input-json - (or --input-jsonl -, --input-batch -)"
    given = [kind_flags()[flag] for flag in argv if flag in kind_flags()]
    if len(given) == 1 and given[0].doors.cli_formats and "--format" in seen:
        chosen, formats = argv[argv.index("--format") + 1], given[0].doors.cli_formats
        if chosen not in formats:
            return f"{given[0].doors.cli_flag} takes --format {', '.join(formats)}, not {chosen}"
    return "these options do not go together"


def kind_flags() -> dict[str, RequestKind]:
    """The kinds' options (``--analysis``, ``--plan``, ...), read from the kind table
    (:mod:`quotecalc.engine.kinds`) on first use: the fixed call never loads the table."""
    from .engine.kinds import KINDS

    return {kind.doors.cli_flag: kind for kind in KINDS if kind.doors.cli_flag is not None}


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
        if flag in INPUT_FLAGS and "input" not in options:
            if not rest or rest.pop(0) != "-":
                return None
            options["input"] = flag
        elif flag == "--trace" and "trace" not in options:
            options["trace"] = "yes"
        elif flag in ("--format", "--lang") and flag[2:] not in options and rest:
            options[flag[2:]] = rest.pop(0)
        elif flag.startswith("--") and flag in kind_flags() and "kind" not in options:
            options["kind"] = kind_flags()[flag].name
        else:
            return None
    if "input" not in options or options.get("format", "json") not in FORMATS:
        return None
    if "lang" in options and (
        options.get("format") in (None, "json") or options["lang"] not in LANGS
    ):
        return None
    if options.get("format", "json") != "json" and options["input"] != "--input-json":
        return None
    if options["input"] == "--input-batch" and "trace" in options:
        return None
    if options.get("format") == "xlsx" and "trace" in options:
        return None  # a workbook is one binary answer: no trace beside it
    if "kind" in options:
        # One kind at a time, from one request on stdin, in a format its row lists (the
        # weight analysis lists none: its document only).
        from .engine.kinds import BY_NAME

        formats = BY_NAME[options["kind"]].doors.cli_formats
        if options["input"] != "--input-json":
            return None
        if "format" in options and options["format"] not in formats:
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


def rendered_report(raw: bytes, fmt: str, lang: str, trace: bool, stderr: BinaryIO) -> Rendered:
    """``--format text|svg|html``: one run of the analysis pipeline gives the result and its
    weight analysis; the report, the picture or the page only reads them. Their modules load
    only here, never on the JSON path. Exit code as for JSON."""
    from .analysis.document import analyze

    analysis = analyze(raw, trace=trace)
    for entry in analysis.trace:
        stderr.write(trace_line(entry))
    document, result = analysis.output, analysis.result
    assert result is not None  # the analysis row always renders the plain result beside
    from .output.answer import purchase_of

    if fmt == "text":
        from .output.report import render_text

        ranked = document["analysis"]
        intervals = None if ranked is None else ranked["stability"]
        text = render_text(result, intervals, lang, ranked, purchase_of(raw))
    elif fmt == "svg":
        from .output.pictures import svg_picture

        text = svg_picture(document, lang)
    else:
        from .output.pictures import html_page

        text = html_page(result, document, lang, purchase_of(raw), raw=raw)
    return text.encode("utf-8"), analysis.exit_code


def batch(stdin: BinaryIO, stdout: BinaryIO) -> int:
    """``--input-batch -``: one batch body in, one batch document out (``quotecalc.batch``,
    loaded only here so the fixed call never imports it)."""
    from .batch import MAX_BATCH_BYTES, calculate_batch

    answer = calculate_batch(stdin.read(MAX_BATCH_BYTES + 1))
    stdout.write(answer.to_json())
    stdout.flush()
    return answer.exit_code


def readable(kind: RequestKind, answer: Document, raw: bytes, fmt: str, lang: str) -> bytes:
    """``--format text|html`` of a kind's document: the document read for people, answer
    first (the plan, issue 25; the converted comparison, issue 27; the event's award, issue
    26), read from the document alone (``raw`` names an invalid request's fields in words on
    a page, and gives the purchase or the currency a report shows). Its modules load only
    here, never on the JSON path."""
    document = answer.output
    if kind.name == "plan":
        if fmt == "text":
            from .output.plan_text import render_plan_text

            return render_plan_text(document, lang).encode("utf-8")
        from .output.plan_html import render_plan_html

        return render_plan_html(document, lang, raw).encode("utf-8")
    if kind.name == "convert":
        from .output.answer import purchase_of

        if fmt == "text":
            from .output.conversion_text import converted_text

            return converted_text(document, lang, purchase_of(raw)).encode("utf-8")
        from .output.pictures.conversion import converted_page

        return converted_page(document, lang, purchase_of(raw)).encode("utf-8")
    from .output.event_report import event_currency, render_event_html, render_event_text

    currency = event_currency(raw) if document["award"] is not None else None
    if fmt == "text":
        shown = render_event_text(document, answer.exit_code, currency, lang, raw)
    else:
        shown = render_event_html(document, answer.exit_code, currency, lang, raw)
    return shown.encode("utf-8")


def write_kind(
    name: str, options: dict[str, str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO
) -> int:
    """``--analysis``, ``--plan``, ``--convert``, ``--event``: one request of that kind in (at
    most its row's limit, plus one byte to tell), its document out
    (:func:`quotecalc.engine.kinds.run_kind`, loaded only here), its trace on stderr, or with
    ``--format text|html`` the document read for people (:func:`readable`)."""
    from .engine.kinds import BY_NAME, run_kind

    kind = BY_NAME[name]
    raw = stdin.read(kind.body_limit + 1)
    answer = run_kind(kind, raw, trace="trace" in options)
    for entry in answer.trace:
        stderr.write(trace_line(entry))
    fmt = options.get("format", "json")
    lang = options.get("lang", "en")
    stdout.write(answer.to_json() if fmt == "json" else readable(kind, answer, raw, fmt, lang))
    stdout.flush()
    return answer.exit_code


def write_workbook(
    stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO, options: dict[str, str]
) -> int:
    """``--format xlsx``: the workbook of the comparison, the plan (``--plan``), the converted
    comparison (``--convert``) or the event award (``--event``), the answer first, as bytes on
    stdout (:func:`quotecalc.export.workbook`, loaded only here; ``docs/xlsx.md``). Exit code
    as for JSON. Without the ``xlsx`` extra: one line on stderr and exit 1, stdout empty."""
    from .engine.kinds import BY_NAME

    kind = options.get("kind", "comparison")
    raw = stdin.read(BY_NAME[kind].body_limit + 1)
    try:
        import xlsxwriter  # noqa: F401 - the extra's writer, checked before any work
    except ImportError:
        stderr.write(
            b"quotecalc: --format xlsx needs the xlsx extra: pip install 'quotecalc[xlsx]'\n"
        )
        stderr.flush()
        return 1
    from .export import workbook

    exported = workbook(kind, raw, options.get("lang", "en"))
    stdout.write(exported.body)
    stdout.flush()
    return exported.exit_code


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Run one command line; returns the exit code."""
    if argv in HELP_ARGV:
        stdout.write(USAGE.encode("utf-8"))
        stdout.flush()
        return 0
    if argv == VERSION_ARGV:
        stdout.write(f"{TOOL} {TOOL_VERSION}\n".encode("ascii"))
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
        stderr.write(argv_problem(argv).encode("utf-8", "backslashreplace"))
        stderr.flush()
        return result.exit_code
    if options["input"] == "--input-batch":
        return batch(stdin, stdout)
    trace = "trace" in options
    if options["input"] == "--input-jsonl":
        for raw in iter_requests(stdin):
            result = calculate(raw, trace=trace)
            for entry in result.trace:
                stderr.write(trace_line(entry))
            stdout.write(result.to_json())
        stdout.flush()
        return 0
    if options.get("format") == "xlsx":
        return write_workbook(stdin, stdout, stderr, options)
    if "kind" in options:
        return write_kind(options["kind"], options, stdin, stdout, stderr)
    raw = stdin.read(MAX_INPUT_BYTES + 1)
    fmt = options.get("format", "json")
    if fmt != "json":
        report, exit_code = rendered_report(raw, fmt, options.get("lang", "en"), trace, stderr)
        stdout.write(report)
        stdout.flush()
        return exit_code
    result = calculate(raw, trace=trace)
    for entry in result.trace:
        stderr.write(trace_line(entry))
    stdout.write(result.to_json())
    stdout.flush()
    return result.exit_code


def run() -> int:
    """The process entry point: standard streams, and no traceback ever reaches stdout."""
    try:
        return main(sys.argv[1:], sys.stdin.buffer, sys.stdout.buffer, sys.stderr.buffer)
    except Exception:  # noqa: BLE001 - last resort: still one JSON object, exit 1
        from .engine.render import render_internal_error

        sys.stdout.buffer.write(Result(render_internal_error(), 1).to_json())
        sys.stdout.buffer.flush()
        return 1
