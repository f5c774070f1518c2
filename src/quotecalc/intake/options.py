"""Every option of the intake and its spelling on each door (``docs/intake.md``, "Options").

One table (:data:`OPTIONS`): each option is a keyword of :func:`quotecalc.intake.intake`,
``--name-with-dashes`` on the command line and ``name_with_underscores`` over HTTP (a query
parameter of ``POST /quotecalc/intake``, or a form field). A switch is given alone on the
command line and as ``name=true`` (``1``, ``yes``, ``on``; ``false``, ``0``, ``no``, ``off`` or
empty for off) over HTTP.

Messages and hints are written once, in the command line's spelling; :func:`door_text`
rewrites them for the door they are shown on, so a GBK file sent over HTTP is told
``encoding=gb18030``, never a flag that does not exist there.
"""

# The event option names its sheets in Chinese too.
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

import attrs

DOORS: Final = ("cli", "http")
_ON: Final = frozenset({"true", "1", "yes", "on"})
_OFF: Final = frozenset({"false", "0", "no", "off", ""})


@attrs.frozen
class Option:
    """One option: its keyword, whether it is a switch, and what it does."""

    name: str
    switch: bool
    description: str

    @property
    def cli(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def http(self) -> str:
        return self.name

    def spelled(self, door: str) -> str:
        return self.http if door == "http" else self.cli


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
    Option("quantity", False, "The request's quantity (root field, passed as given)."),
    Option("currency", False, "The request's currency (root field, passed as given)."),
    Option("specification", False, "The request's specification (root field)."),
    Option("weights", False, "The weights: cost=W,delivery=W,quality=W (root field)."),
    Option("quality_scale", False, "The quality scale: DEFINITION;MIN;MAX (root field)."),
    Option("max_lead_days", False, "The longest acceptable lead time (root field)."),
    Option("minimum_quality_score", False, "The lowest acceptable quality score (root field)."),
    Option("sensitivity_delta", False, "The sensitivity analysis's step (root field)."),
    Option(
        "event",
        True,
        "Read a workbook of a sourcing event (sheets Items and Offers, optional Suppliers,"
        " Exchange rates, Balances; or 物料, 报价, 供应商, 汇率, 预付余额) into an event"
        " request (docs/event.md). Workbooks only; with it the root options are currency,"
        " max_lead_days, max_suppliers and as_of.",
    ),
    Option("max_suppliers", False, "The event's most suppliers awarded (root field). Events only."),
    Option("as_of", False, "The event's date for prepaid balances, YYYY-MM-DD. Events only."),
)
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
