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

``--effort standard|proof`` (with ``--plan`` or ``--event``; issue 38): the same as writing
``"effort"`` in the request (its root row's flag, ``kinds/flags.py``); a request that states
another value is refused with ``invalid_arguments``, never guessed.

The kinds' options, their ``--format`` values, their flags and the usage are read from the kind
table (:mod:`quotecalc.kinds`, issue 39), which the fixed call never loads.

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
from typing import TYPE_CHECKING, BinaryIO, Final

if TYPE_CHECKING:
    from .kinds import RequestKind

from .api import Result, calculate
from .core.context import FieldError
from .core.limits import MAX_INPUT_BYTES
from .engine.pipeline import TraceEntry
from .engine.render import EXIT_CODES, TOOL, TOOL_VERSION, render_errors

_CHUNK = 65536
LANGS = ("en", "zh")
FORMATS = ("json", "text", "svg", "html", "xlsx")
Rendered = tuple[bytes, int]
INPUT_FLAGS = ("--input-json", "--input-jsonl", "--input-batch")
HELP_ARGV = (["--help"], ["-h"])
VERSION_ARGV = ["--version"]
_WIDTH = 90
_COLUMN = 25  # where an option's description starts
_HEAD = """\
Compares supplier quotes for one purchase, exactly. One JSON request on stdin, one JSON
result on stdout; exit 0 completed or partial, 2 invalid_input, 1 internal_error.
The same command: python -m quotecalc, python -B scripts/calculate.py (from a checkout).

  --input-json -         read one request from stdin (the fixed host call)
  --input-jsonl -        one request per stdin line, one result line per request
  --input-batch -        one {"requests": [...]} body (1-24 requests), one {"results": [...]}
  --trace                one JSON line per pipeline stage on stderr; stdout unchanged
"""
_TAIL = """\
  --format json|text|svg|html|xlsx
                         text: a readable report; svg: the weight map; html: one page;
                         xlsx: a workbook to forward, the answer first (binary on stdout;
                         needs the xlsx extra)
  --lang en|zh           the language of text, svg, html and xlsx (default en)
{print_schema}
  --help, -h             print this help
  --version              print the version (quotecalc 0.1.0)

Any other command line is one invalid_arguments error (exit 2), stdin unread, and one
line on stderr naming the problem.
Documentation: README.md (English and Chinese) and docs/ in the source distribution.
"""


def _kinds() -> tuple[RequestKind, ...]:
    """The kind table (:mod:`quotecalc.kinds`), imported on first use: the fixed call never
    loads it."""
    from .kinds import KINDS

    return KINDS


def schema_names() -> tuple[str, ...]:
    """The ``--print-schema`` names: each kind's request and answer schema, in the table's
    order, the batch's after the comparison's (:data:`quotecalc.kinds.SCHEMAS`)."""
    from .kinds import SCHEMAS

    return tuple(SCHEMAS)


def _option(name: str, text: str) -> str:
    """One option of the usage: its name, then its description from column 25, wrapped at
    90 (a name too long for the column stands on a line of its own)."""
    import textwrap

    lines = textwrap.wrap(text, _WIDTH - _COLUMN)
    head = f"  {name}"
    shown = [" " * _COLUMN + line for line in lines]
    if len(head) < _COLUMN - 1:
        shown[0] = head.ljust(_COLUMN) + lines[0]
    else:
        shown.insert(0, head)
    return "\n".join(shown)


def _fill(parts: list[str], separator: str, first: str, later: str) -> str:
    """``parts`` joined by ``separator`` after ``first``, as many on a line as fit in 95, each
    further line starting with ``later`` (a part is never split)."""
    lines = [first + parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + len(separator) + len(part) > _WIDTH + 5:
            lines.append(later + part)
        else:
            lines[-1] += separator + part
    return "\n".join(lines)


_SYNOPSIS: Final = "       quotecalc "
_FOLLOW: Final = " " * 32  # under the first option after "quotecalc --input-json - "


def _synopsis(kind: RequestKind) -> str:
    """A kind's usage line: its option, its flags and its formats, wrapped at 90."""
    flag = kind.doors.cli_flag
    words = ["--input-json -", *([flag] if flag else []), "[--trace]"]
    words += [f"[--{rule.name} {'|'.join(rule.choices)}]" for rule in kind.flags]
    if kind.formats:
        words += [f"[--format {'|'.join(kind.cli_formats)}]", "[--lang en|zh]"]
    return _fill(words, " ", _SYNOPSIS, _FOLLOW)


def usage() -> str:
    """The command line's usage (``--help``), its kinds, flags, formats and schema names read
    from the kind table: a new kind is listed with no edit here."""
    kinds = _kinds()
    names = schema_names()
    lines = [_synopsis(kind) for kind in kinds]
    lines[0] = "usage: " + lines[0].lstrip()
    lines += [
        _SYNOPSIS + "--input-jsonl - [--trace]",
        _SYNOPSIS + "--input-batch -",
        _fill(list(names), "|", _SYNOPSIS + "--print-schema ", _FOLLOW + "|"),
        _SYNOPSIS + "--help",
        _SYNOPSIS + "--version",
        "",
    ]
    options = [_option(k.doors.cli_flag, k.help) for k in kinds if k.doors.cli_flag]
    flagged = {rule.name: rule for kind in kinds for rule in kind.flags}
    for name, rule in flagged.items():
        assert rule.doors is not None and rule.doors.hint is not None
        given = [k.doors.cli_flag for k in kinds if rule in k.flags and k.doors.cli_flag]
        text = (
            f"{rule.doors.hint.en} (with {', '.join(given)}: the same as writing {name} in the"
            " request; a request that states another value is refused)"
        )
        options.append(_option(f"--{name} {'|'.join(rule.choices)}", text))
    listing = ", ".join(names)
    print_schema = _option("--print-schema NAME", f"print a published JSON Schema ({listing})")
    return (
        "\n".join(lines)
        + "\n"
        + _HEAD
        + "\n".join(options)
        + "\n"
        + _TAIL.format(print_schema=print_schema)
    )


def __getattr__(name: str) -> object:
    """``USAGE`` and ``SCHEMAS``, computed from the kind table on first use (the fixed call
    never loads the table)."""
    if name == "USAGE":
        return usage()
    if name == "SCHEMAS":
        return schema_names()
    raise AttributeError(name)


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
            return f"--print-schema takes one of {', '.join(schema_names())}, alone"
        elif flag in field_flags():
            problem = _field_problem(flag, rest.pop(0) if rest else None, argv)
            if problem:
                return problem
        elif flag != "--trace" and flag not in kind_flags():
            return f"unknown option {shown}"
    if not seen & set(INPUT_FLAGS):
        return "no input: give --input-json - (or --input-jsonl -, --input-batch -)"
    given = [kind_flags()[flag] for flag in argv if flag in kind_flags()]
    if len(given) == 1 and given[0].cli_formats and "--format" in seen:
        chosen, formats = argv[argv.index("--format") + 1], given[0].cli_formats
        if chosen not in formats:
            return f"{given[0].doors.cli_flag} takes --format {', '.join(formats)}, not {chosen}"
    return "these options do not go together"


def _field_problem(flag: str, value: str | None, argv: list[str]) -> str | None:
    """What is wrong with a root-field flag and its value (``--effort proof``), if anything:
    a value not among its row's names, or no kind of the command line that takes it."""
    kinds = [kind for kind in _kinds() if any(f"--{rule.name}" == flag for rule in kind.flags)]
    rule = next(rule for rule in kinds[0].flags if f"--{rule.name}" == flag)
    if value not in rule.choices:
        return f"{flag} takes one of {', '.join(rule.choices)}"
    if not any(kind.doors.cli_flag in argv for kind in kinds):
        return f"{flag} goes with {', '.join(str(kind.doors.cli_flag) for kind in kinds)}"
    return None


def kind_flags() -> dict[str, RequestKind]:
    """The kinds' options (``--analysis``, ``--plan``, ...), read from the kind table
    (:mod:`quotecalc.kinds`) on first use: the fixed call never loads the table."""
    return {kind.doors.cli_flag: kind for kind in _kinds() if kind.doors.cli_flag is not None}


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
            options["kind"] = flag
        elif flag in field_flags() and FIELD + flag[2:] not in options and rest:
            options[FIELD + flag[2:]] = rest.pop(0)
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
        formats = kind_flags()[options["kind"]].cli_formats
        if options["input"] != "--input-json":
            return None
        if "format" in options and options["format"] not in formats:
            return None
    if given_fields(options) and not _fields_fit(options):
        return None
    return options


FIELD = "field:"  # an option that writes a root field (its flag), in the parsed options


def field_flags() -> dict[str, RequestKind]:
    """Every kind's root-field flags (``--effort``), each with a kind that takes it: read from
    the kind table only when the command line has an option the fixed call does not."""
    return {f"--{rule.name}": kind for kind in _kinds() for rule in kind.flags}


def given_fields(options: dict[str, str]) -> dict[str, str]:
    """The root fields the command line's flags write (name -> value)."""
    return {key[len(FIELD) :]: value for key, value in options.items() if key.startswith(FIELD)}


def _fields_fit(options: dict[str, str]) -> bool:
    """Each flag is one of its kind's, with one of its row's names (issue 38)."""
    flag = options.get("kind")
    if flag is None:
        return False
    rules = {rule.name: rule for rule in kind_flags()[flag].flags}
    return all(
        name in rules and value in rules[name].choices
        for name, value in given_fields(options).items()
    )


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


def batch(stdin: BinaryIO, stdout: BinaryIO) -> int:
    """``--input-batch -``: one batch body in, one batch document out (``quotecalc.batch``,
    loaded only here so the fixed call never imports it)."""
    from .batch import MAX_BATCH_BYTES, calculate_batch

    answer = calculate_batch(stdin.read(MAX_BATCH_BYTES + 1))
    stdout.write(answer.to_json())
    stdout.flush()
    return answer.exit_code


def _kind(options: dict[str, str]) -> RequestKind:
    """The kind a command line asks for: its option's row, else the comparison's."""
    from .kinds import COMPARISON

    flag = options.get("kind")
    return COMPARISON if flag is None else kind_flags()[flag]


class Refused(Exception):
    """A command line refused once stdin was read: the line for stderr."""


def _with_fields(kind: RequestKind, raw: bytes, options: dict[str, str]) -> bytes:
    """The request with the fields its flags write (``--effort proof`` is ``"effort":
    "proof"`` in the request, :func:`quotecalc.kinds.flags.with_flags`); a request that states
    another value is refused (:class:`Refused`), never guessed."""
    given = given_fields(options)
    if not given:
        return raw
    from .kinds.flags import FlagDisagrees, with_flags

    try:
        return with_flags(raw, given, kind.body_limit)
    except FlagDisagrees as clash:
        written = json.dumps(clash.written, ensure_ascii=False)[:40]
        raise Refused(
            f"--{clash.name} {clash.given} and the request's {clash.name} {written} disagree;"
            f" give one"
        ) from None


def write_kind(
    kind: RequestKind,
    options: dict[str, str],
    stdin: BinaryIO,
    stdout: BinaryIO,
    stderr: BinaryIO,
) -> int:
    """A kind's option (``--analysis``, ``--plan``, ``--convert``, ``--event``) or a readable
    format (``--format text|svg|html``): one request in (at most the row's limit, plus one
    byte to tell), its document out (the row's run) or its readable format (the row's
    presenter, which runs what it shows; the comparison's read its weight analysis), the run's
    trace on stderr. Everything here is the row's, loaded only here, never on the fixed call's
    JSON path."""
    raw = _with_fields(kind, stdin.read(kind.body_limit + 1), options)
    fmt = options.get("format", "json")
    trace = "trace" in options
    if fmt == "json":
        answer = kind.run(raw, trace=trace)
        body, exit_code, entries = answer.to_json(), answer.exit_code, answer.trace
    else:
        body, exit_code, entries = kind.present(fmt, raw, options.get("lang", "en"), trace=trace)
    for entry in entries:
        stderr.write(trace_line(entry))
    stdout.write(body)
    stdout.flush()
    return exit_code


def write_workbook(
    kind: RequestKind, stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO, options: dict[str, str]
) -> int:
    """``--format xlsx``: the workbook of the comparison or of a kind's document, the answer
    first, as bytes on stdout (the row's ``xlsx`` presenter, loaded only here; ``docs/xlsx.md``).
    Exit code as for JSON. Without the ``xlsx`` extra: one line on stderr and exit 1, stdout
    empty."""
    raw = _with_fields(kind, stdin.read(kind.body_limit + 1), options)
    try:
        import xlsxwriter  # noqa: F401 - the extra's writer, checked before any work
    except ImportError:
        stderr.write(
            b"quotecalc: --format xlsx needs the xlsx extra: pip install 'quotecalc[xlsx]'\n"
        )
        stderr.flush()
        return 1
    shown = kind.present("xlsx", raw, options.get("lang", "en"))
    stdout.write(shown.body)
    stdout.flush()
    return shown.exit_code


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Run one command line; returns the exit code."""
    if argv in HELP_ARGV:
        stdout.write(usage().encode("utf-8"))
        stdout.flush()
        return 0
    if argv == VERSION_ARGV:
        stdout.write(f"{TOOL} {TOOL_VERSION}\n".encode("ascii"))
        stdout.flush()
        return 0
    if len(argv) == 2 and argv[0] == "--print-schema" and argv[1] in schema_names():
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
    try:
        if options.get("format") == "xlsx":
            return write_workbook(_kind(options), stdin, stdout, stderr, options)
        if "kind" in options or options.get("format", "json") != "json":
            return write_kind(_kind(options), options, stdin, stdout, stderr)
    except Refused as refused:
        result = usage_error()
        stdout.write(result.to_json())
        stdout.flush()
        stderr.write(f"quotecalc: {refused}; see quotecalc --help\n".encode())
        stderr.flush()
        return result.exit_code
    raw = stdin.read(MAX_INPUT_BYTES + 1)
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
