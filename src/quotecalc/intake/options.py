"""Every option of the intake and its spelling on each door (``docs/intake.md``, "Options").

One table (:data:`OPTIONS`): each option is a keyword of :func:`quotecalc.intake.intake`,
``--name-with-dashes`` on the command line and ``name_with_underscores`` over HTTP (a query
parameter of ``POST /quotecalc/intake``, or a form field). A switch is given alone on the
command line and as ``name=true`` (``1``, ``yes``, ``on``; ``false``, ``0``, ``no``, ``off`` or
empty for off) over HTTP.

The root options are not listed here: each is a root field row's own option
(:class:`quotecalc.core.fields.FieldDoors`, issue 39) -- the fixed request's rows in the
contract's order for a quote sheet (:data:`QUOTE_ROOT`), the event request's for an event
workbook (:data:`EVENT_ROOT`) -- so a new root field or constraint with an option is an option
of every door here, its usage line and its OpenAPI parameter, with no edit.

Messages and hints are written once, in the command line's spelling; :func:`door_text`
rewrites them for the door they are shown on, so a GBK file sent over HTTP is told
``encoding=gb18030``, never a flag that does not exist there.
"""

# The event option names its sheets in Chinese too.
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from ..core.constraint_rules import listed_root_fields
from ..core.event_rules import EVENT_ROOT_FIELDS
from ..core.fields import FieldRule, Kind

DOORS: Final = ("cli", "http")
_ON: Final = frozenset({"true", "1", "yes", "on"})
_OFF: Final = frozenset({"false", "0", "no", "off", ""})


@attrs.frozen
class Option:
    """One option: its keyword, whether it is a switch, and what it does; a root option also
    its field's row (``field``), whose value it passes on."""

    name: str
    switch: bool
    description: str
    field: FieldRule | None = None

    @property
    def cli(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def http(self) -> str:
        return self.name

    def spelled(self, door: str) -> str:
        return self.http if door == "http" else self.cli


def root_options(rows: Iterable[FieldRule]) -> tuple[Option, ...]:
    """The options of the root rows ``rows`` that have one, in their order."""
    return tuple(
        Option(rule.doors.option, False, rule.doors.option_text, rule)
        for rule in rows
        if rule.doors is not None and rule.doors.option is not None
    )


QUOTE_ROOT: Final = root_options(listed_root_fields())
"""A quote sheet's root options: the fixed request's rows, in the contract's order."""
EVENT_ROOT: Final = root_options(EVENT_ROOT_FIELDS)
"""An event workbook's root options: the event request's rows, in its order."""
_QUOTE_NAMES: Final = frozenset(option.name for option in QUOTE_ROOT)
EVENT_ONLY: Final = tuple(option for option in EVENT_ROOT if option.name not in _QUOTE_NAMES)
"""The event's root options a quote sheet refuses (``invalid_option``)."""
QUOTE_ONLY: Final = tuple(
    option for option in QUOTE_ROOT if option.name not in {o.name for o in EVENT_ROOT}
)
"""The quote sheet's root options an event workbook refuses."""


def _listed(options: tuple[Option, ...]) -> str:
    """``a, b and c``: the options' names."""
    *others, last = (option.name for option in options)
    return f"{', '.join(others)} and {last}" if others else last


OPTIONS: Final[tuple[Option, ...]] = (
    Option(
        "sheet",
        False,
        "The workbook sheet to read (default: the active visible sheet; a hidden sheet only"
        " when named). Workbooks only.",
    ),
    Option(
        "encoding",
        False,
        "The CSV file's encoding (default UTF-8 with or without a BOM; Chinese Excel's CSV:"
        " gb18030). CSV only.",
    ),
    Option("delimiter", False, "The CSV delimiter, one character (default ,). CSV only."),
    Option("lang", False, "The language of the messages: en (default) or zh."),
    Option(
        "include_hidden",
        True,
        "Read hidden rows and columns (otherwise an error at the first one). Workbooks only.",
    ),
    Option("skip_totals", True, "Skip totals rows (otherwise an error naming the row)."),
    Option("trim", True, "Remove whitespace around text (otherwise an error at the cell)."),
    Option(
        "read_as_written",
        True,
        "Read a currency sign that can only mean the row's currency (¥35 on a sheet in CNY that"
        " names no yen) and thousands separators of the 1,234,567.89 pattern as the number,"
        " each with a note (otherwise an error at the cell).",
    ),
    *QUOTE_ROOT,
    Option(
        "event",
        True,
        "Read a workbook of a sourcing event (sheets Items and Offers, optional Suppliers,"
        " Exchange rates, Balances; or 物料, 报价, 供应商, 汇率, 预付余额) into an event"
        " request (docs/event.md). Workbooks only; with it the root options are "
        + _listed(EVENT_ROOT)
        + ".",
    ),
    *EVENT_ONLY,
)
"""Every option: the reading options, a quote sheet's root options, the event switch and the
event's own root options (the order of ``--help`` and of the OpenAPI parameters)."""

# What the intake's usage writes after a root option, by its row's kind (a row may say).
_METAVARS: Final = {
    Kind.INTEGER: "N",
    Kind.DECIMAL: "D",
    Kind.CURRENCY: "C",
    Kind.TEXT: "S",
    Kind.DATE: "YYYY-MM-DD",
}


def usage_of(option: Option, lang: str) -> str:
    """A root option as the usage writes it: ``--max-lead-days N``."""
    rule = option.field
    assert rule is not None and rule.doors is not None
    given = rule.doors.metavar
    if given is not None:
        metavar = given.of(lang)
    elif rule.kind is Kind.CHOICE:
        metavar = "|".join(rule.choices)
    else:
        metavar = _METAVARS[rule.kind]
    return f"{option.cli} {metavar}"


def usage_lines(options: Iterable[Option], lang: str, width: int = 80) -> str:
    """The root options' usage, two spaces in, as many on a line as fit in ``width``."""
    lines: list[str] = []
    line = ""
    for option in options:
        shown = usage_of(option, lang)
        if line and len(line) + 2 + len(shown) > width:
            lines.append(line)
            line = ""
        line = f"{line}  {shown}"
    return "\n".join([*lines, line]) if line else ""


BY_CLI: Final[dict[str, Option]] = {option.cli: option for option in OPTIONS}
BY_NAME: Final[dict[str, Option]] = {option.name: option for option in OPTIONS}

# The command line's help command, on HTTP the OpenAPI document that describes the options.
_HELP: Final = ("python -m quotecalc.intake --help", "GET /openapi.json")
_VALUE: Final = re.compile(
    r"--("
    + "|".join(re.escape(o.cli[2:]) for o in OPTIONS if not o.switch)
    + r") ([\w.-]*[0-9][\w.-]*)"
)
_NAME: Final = re.compile(r"--(" + "|".join(re.escape(o.cli[2:]) for o in OPTIONS) + r")\b")


def _http_name(match: re.Match[str]) -> str:
    option = BY_CLI["--" + match.group(1)]
    return f"{option.http}=true" if option.switch else f"{option.http}=..."


def door_text(text: str, door: str) -> str:
    """``text`` (a message or hint in the command line's spelling) for ``door``."""
    if door != "http":
        return text
    text = text.replace(*_HELP)
    text = _VALUE.sub(lambda m: f"{BY_CLI['--' + m.group(1)].http}={m.group(2)}", text)
    return _NAME.sub(_http_name, text)


def door_option(option: str, door: str) -> str:
    """An error's ``option`` (stored as the command line spells it) for ``door``."""
    known = BY_CLI.get(option)
    if known is not None:
        return known.spelled(door)
    if door == "http" and option.startswith("--"):  # a parameter that is no option
        return option[2:].replace("-", "_")
    return option


def http_options(
    values: Mapping[str, Any], *, strict: bool = False
) -> tuple[dict[str, Any], list[str]]:
    """The intake's keywords from HTTP fields (blank means not given) and the names of the
    fields refused: a switch that is not one of the on/off words, and with ``strict`` (the
    query of a sheet sent as the body) any name that is not an option."""
    keywords: dict[str, Any] = {}
    refused: list[str] = []
    for name, value in values.items():
        option = BY_NAME.get(name)
        if option is None:
            if strict:
                refused.append(name)
            continue
        text = str(value)
        if option.switch:
            word = text.strip().lower()
            if word in _ON:
                keywords[name] = True
            elif word not in _OFF:
                refused.append(name)
        elif text.strip():
            keywords[name] = "\t" if name == "delimiter" and text == "\\t" else text
    return keywords, refused
