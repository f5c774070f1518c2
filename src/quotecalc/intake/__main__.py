"""``python -m quotecalc.intake``: a spreadsheet to a request, or to a result (``docs/intake.md``).

Command lines (:data:`USAGE`)::

    python -m quotecalc.intake FILE [reading options] [root options] [--calculate]
    python -m quotecalc.intake --event WORKBOOK [event options] [--calculate]
    python -m quotecalc.intake --template zh|en [--xlsx | --event]
    python -m quotecalc.intake --help [--lang zh|en]
    python -m quotecalc.intake --version

stdout holds exactly one thing: the request (compact JSON line, exit 0), with ``--calculate``
the calculator's result instead (the bytes ``calculate(request).to_json()`` gives, with the
CLI's exit codes 0/2/1; with ``--event`` the event-award document, the bytes of
``calculate.py --input-json - --event``), the template file, the usage or version text
(exit 0), or the intake
error document ``{"schemaVersion":1,"errors":[{"code","cell","message",...}]}`` (exit 2;
exit 1 for ``internal_error``) in the language of ``--lang`` (English by default). Notes
(rounded float tails, what ``--trim``, ``--skip-totals``, ``--include-hidden`` did) go to
stderr, one JSON line each. Each option is given at most once; ``--delimiter \\t`` means a tab.
"""

# Chinese usage text is part of this module.
# ruff: noqa: RUF001
from __future__ import annotations

import sys
from typing import Any, BinaryIO, Final

from .errors import IntakeError, error_document, note_line
from .messages import LANGS
from .options import EVENT_ROOT, OPTIONS, QUOTE_ONLY, QUOTE_ROOT, usage_lines

# Every option that takes a value, and the switches that relax a trust rule (:data:`OPTIONS`,
# whose root options are the root rows' own).
VALUE_OPTIONS: Final = {option.cli: option.name for option in OPTIONS if not option.switch}
RELAXING_FLAGS: Final = {
    option.cli: option.name for option in OPTIONS if option.switch and option.name != "event"
}
# A flag that chooses what kind of request the file becomes (an option of every door).
MODE_FLAGS: Final = {"--event": "event"}
FLAGS: Final = ("--calculate", "--xlsx", *MODE_FLAGS, *RELAXING_FLAGS)
INFO_FLAGS: Final = frozenset({"--help", "-h", "--version"})
TEMPLATE_LANGS: Final = ("zh", "en")

_USAGE: Final = {
    "en": """\
usage: python -m quotecalc.intake FILE [options]      a .csv/.txt or .xlsx/.xlsm file to a request
       python -m quotecalc.intake --template zh|en [--xlsx | --event]
       python -m quotecalc.intake --help [--lang zh|en] | --version

reading options:
  --sheet NAME           the workbook sheet to read (default: the active visible sheet;
                         a hidden sheet only when named)
  --encoding ENC         CSV encoding (default UTF-8; Chinese Excel: gb18030)
  --delimiter D          CSV delimiter, one character (default ,; \\t for a tab)
  --lang zh|en           language of the messages (default en)
  --include-hidden       read hidden rows and columns (otherwise an error at the first one)
  --skip-totals          skip totals rows (otherwise an error naming the row)
  --trim                 remove whitespace around text (otherwise an error at the cell)
  --read-as-written      read ¥35 (a sign that can only be the row's currency) and 1,234.5
                         (thousands separators) as the number (otherwise an error at the cell)
root options (passed to the request as given):
{quote_root}
  --calculate            print the calculation's result instead of the request
sourcing events (a workbook: sheets Items and Offers, optional Suppliers, Exchange rates,
Balances; or 物料, 报价, 供应商, 汇率, 预付余额):
  --event                read the workbook as an event request (not with --sheet, a CSV
                         file or the root options above but {shared})
{event_root}
  --calculate            with --event: print the event's award instead of the request
  --template zh|en --event   a blank event workbook (its sheets and column names)

stdout: the request (exit 0), the result with --calculate (0/2/1), or the error document
(exit 2). stderr: notes, one JSON line each. See docs/intake.md.
""",
    "zh": """\
用法: python -m quotecalc.intake 文件 [选项]          把 .csv/.txt 或 .xlsx/.xlsm 文件转成请求
      python -m quotecalc.intake --template zh|en [--xlsx | --event]
      python -m quotecalc.intake --help [--lang zh|en] | --version

读取选项:
  --sheet 名称           要读取的工作表（默认：当前可见的工作表；隐藏的工作表只有点名才读）
  --encoding 编码        CSV 编码（默认 UTF-8；中文 Excel 导出的 CSV：gb18030）
  --delimiter 字符       CSV 分隔符，一个字符（默认 ,；\\t 表示制表符）
  --lang zh|en           消息的语言（默认 en）
  --include-hidden       读取隐藏的行和列（否则在第一个隐藏单元格处报错）
  --skip-totals          跳过合计行（否则报错并指出该行）
  --trim                 去除文本前后的空白（否则在该单元格处报错）
  --read-as-written      按原样读取 ¥35（只可能是该行币种的符号）和 1,234.5（千分位分隔符）
                         （否则在该单元格处报错）
请求根字段选项（按原样写入请求）:
{quote_root}
  --calculate            输出计算结果而不是请求
寻源活动（工作簿：工作表 物料、报价，可选 供应商、汇率、预付余额；
或 Items、Offers、Suppliers、Exchange rates、Balances）:
  --event                把工作簿读成寻源活动请求（不能与 --sheet、CSV 文件或上面除
                         {shared} 以外的根字段选项一起使用）
{event_root}
  --calculate            与 --event 一起：输出寻源活动的授标结果而不是请求
  --template zh|en --event   空白的寻源活动工作簿（各工作表及列名）

标准输出：请求（退出码 0）、--calculate 时的计算结果（0/2/1）或错误文档（退出码 2）。
标准错误：提示，每条一行 JSON。详见 docs/intake.md。
""",
}


_AND: Final = {"en": " and ", "zh": " 和 "}
# The root options a quote sheet and an event workbook share (--currency, --max-lead-days).
_SHARED: Final = tuple(option.cli for option in QUOTE_ROOT if option not in QUOTE_ONLY)


def _usage(lang: str) -> str:
    """The usage in ``lang``, its root options those of the root rows (issue 39)."""
    *others, last = _SHARED
    shared = _AND[lang].join((", ".join(others), last)) if others else last
    return _USAGE[lang].format(
        quote_root=usage_lines(QUOTE_ROOT, lang),
        event_root=usage_lines(EVENT_ROOT, lang),
        shared=shared,
    )


USAGE: Final = {lang: _usage(lang) for lang in _USAGE}


def _lang(argv: list[str]) -> str:
    """The ``--lang`` of a command line, even one refused (its error is then in it)."""
    for index, arg in enumerate(argv[:-1]):
        if arg == "--lang" and argv[index + 1] in LANGS:
            return argv[index + 1]
    return "en"


def parse_argv(argv: list[str]) -> tuple[str | None, dict[str, str], set[str]] | None:
    """``(file, options, flags)``, or ``None`` for a command line outside the forms above.
    ``--help`` and ``--version`` come back as flags with no file."""
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
        elif arg in (*FLAGS, *INFO_FLAGS) and arg not in flags:
            flags.add(arg)
        elif not arg.startswith("--") and path is None:
            path = arg
        else:
            return None
    if flags & INFO_FLAGS:  # alone; --help may name its language
        allowed = set() if "--version" in flags else {"lang"}
        alone = path is None and len(flags) == 1 and set(options) <= allowed
        return (None, options, flags) if alone else None
    if "template" in options:
        if path is not None or len(options) > 1 or flags - {"--xlsx", "--event"}:
            return None
        return None if options["template"] not in TEMPLATE_LANGS else (None, options, flags)
    if path is None or "--xlsx" in flags:
        return None
    if options.get("delimiter") == "\\t":
        options["delimiter"] = "\t"
    return path, options, flags


def _fail(stdout: BinaryIO, code: str, lang: str = "en") -> int:
    stdout.write(error_document([IntakeError(code, "")], lang))
    return 1 if code == "internal_error" else 2


def _template(stdout: BinaryIO, lang: str, xlsx: bool, event: bool = False) -> int:
    from .template import event_template, template_bytes

    try:  # an event's template is always a workbook
        data = event_template(lang) if event else template_bytes(lang, xlsx=xlsx)
    except ModuleNotFoundError as exc:  # the XLSX template needs the optional extra
        if (exc.name or "").partition(".")[0] != "openpyxl":
            raise
        return _fail(stdout, "xlsx_support_missing")
    stdout.write(data)
    return 0


def main(argv: list[str], stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Run one command line; returns the exit code."""
    parsed = parse_argv(argv)
    if parsed is None:
        return _fail(stdout, "invalid_arguments", _lang(argv))
    path, options, flags = parsed
    if "--version" in flags:
        from .. import __version__

        stdout.write(f"quotecalc.intake {__version__}\n".encode())
        return 0
    if flags & {"--help", "-h"}:
        stdout.write(USAGE[options.get("lang", "en")].encode())
        return 0
    if path is None:
        return _template(stdout, options["template"], "--xlsx" in flags, "--event" in flags)
    from . import intake
    from .request import request_bytes

    keywords: dict[str, Any] = dict(options)
    keywords.update({name: True for flag, name in RELAXING_FLAGS.items() if flag in flags})
    event = "--event" in flags
    result = intake(path, event=event, **keywords)
    for note in result.notes:
        stderr.write(note_line(note, result.lang))
    if result.request is None:
        stdout.write(result.error_document())
        return 2
    raw = request_bytes(result.request)
    if "--calculate" not in flags:
        stdout.write(raw)
        return 0
    if event:  # the event's own call: calculate.py --input-json - --event
        from .. import award

        awarded = award(raw)
        stdout.write(awarded.to_json())
        return awarded.exit_code
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
