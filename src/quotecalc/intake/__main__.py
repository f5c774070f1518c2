"""``python -m quotecalc.intake``: a spreadsheet to a request, or to a result (``docs/intake.md``).

Command lines::

    python -m quotecalc.intake FILE [--sheet NAME] [--encoding ENC] [--delimiter D]
        [--quantity N] [--currency C] [--specification S] [--weights cost=W,delivery=W,quality=W]
        [--quality-scale "DEFINITION;MIN;MAX"] [--max-lead-days N]
        [--minimum-quality-score N] [--sensitivity-delta D] [--calculate]
    python -m quotecalc.intake --template zh|en [--xlsx]

stdout holds exactly one thing: the request (compact JSON line, exit 0), with ``--calculate``
the calculator's result instead (the bytes ``calculate(request).to_json()`` gives, with the
CLI's exit codes 0/2/1), the template file, or the intake error document
``{"schemaVersion":1,"errors":[{"code","cell","message"}]}`` (exit 2; exit 1 for
``internal_error``). Notes (rounded float tails) go to stderr, one JSON line each. Each
option is given at most once; ``--delimiter \\t`` means a tab.
"""

from __future__ import annotations

import sys
from typing import BinaryIO, Final

from .errors import IntakeError, error_document, note_line

VALUE_OPTIONS: Final = {
    "--sheet": "sheet",
    "--encoding": "encoding",
    "--delimiter": "delimiter",
    "--quantity": "quantity",
    "--currency": "currency",
    "--specification": "specification",
    "--weights": "weights",
    "--quality-scale": "quality_scale",
    "--max-lead-days": "max_lead_days",
    "--minimum-quality-score": "minimum_quality_score",
    "--sensitivity-delta": "sensitivity_delta",
}
TEMPLATE_LANGS: Final = ("zh", "en")


def parse_argv(argv: list[str]) -> tuple[str | None, dict[str, str], set[str]] | None:
    """``(file, options, flags)``, or ``None`` for a command line outside the forms above."""
    path: str | None = None
    options: dict[str, str] = {}
    flags: set[str] = set()
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        if arg in VALUE_OPTIONS and VALUE_OPTIONS[arg] not in options and rest:
            options[VALUE_OPTIONS[arg]] = rest.pop(0)
        elif arg == "--template" and "template" not in options and rest:
            options["template"] = rest.pop(0)
        elif arg in ("--calculate", "--xlsx") and arg not in flags:
            flags.add(arg)
        elif not arg.startswith("--") and path is None:
            path = arg
        else:
            return None
    if "template" in options:
        if path is not None or len(options) > 1 or flags - {"--xlsx"}:
            return None
        return None if options["template"] not in TEMPLATE_LANGS else (None, options, flags)
    if path is None or "--xlsx" in flags:
        return None
    if options.get("delimiter") == "\\t":
        options["delimiter"] = "\t"
    return path, options, flags


def _fail(stdout: BinaryIO, code: str) -> int:
    stdout.write(error_document([IntakeError(code, "")]))
    return 1 if code == "internal_error" else 2


def main(argv: list[str], stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Run one command line; returns the exit code."""
    parsed = parse_argv(argv)
    if parsed is None:
        return _fail(stdout, "invalid_arguments")
    path, options, flags = parsed
    if path is None:
        from .template import template_bytes

        try:
            data = template_bytes(options["template"], xlsx="--xlsx" in flags)
        except ModuleNotFoundError as exc:  # the XLSX template needs the optional extra
            if (exc.name or "").partition(".")[0] != "openpyxl":
                raise
            return _fail(stdout, "xlsx_support_missing")
        stdout.write(data)
        return 0
    from . import intake
    from .request import request_bytes

    result = intake(path, **options)
    for note in result.notes:
        stderr.write(note_line(note))
    if result.request is None:
        stdout.write(error_document(result.errors))
        return 2
    raw = request_bytes(result.request)
    if "--calculate" not in flags:
        stdout.write(raw)
        return 0
    from .. import calculate

    calculation = calculate(raw)
    stdout.write(calculation.to_json())
    return calculation.exit_code


def run() -> int:
    """The process entry point: no traceback ever reaches stdout."""
    try:
        code = main(sys.argv[1:], sys.stdout.buffer, sys.stderr.buffer)
    except Exception:  # noqa: BLE001 - last resort: still one JSON document, exit 1
        code = _fail(sys.stdout.buffer, "internal_error")
    sys.stdout.buffer.flush()
    return code


if __name__ == "__main__":
    sys.exit(run())
