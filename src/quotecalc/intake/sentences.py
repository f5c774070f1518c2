"""The intake's errors as the buyer's page says them (issue 40; ``docs/intake.md``, "On the
page").

The page shows a buyer the errors of the sheet the buyer just uploaded, so each one names its
column by the header the buyer wrote and its cell (``E 列「单价（元）」第 3 行``, ``Column E
“单价（元）”, row 3``), says what is wrong and how to fix it, in English or Chinese, without
a code, a JSON key or a command-line option (the form's checkbox is named by its label). The
JSON documents (the command line's stdout, ``POST /quotecalc/intake``) keep their fixed
message per code and echo nothing of a cell: there the header is the cell reference, the
accepted name to write is ``suggestion`` and the header table's explanation is ``question`` or
``reason`` (``docs/decisions.md`` 40.6).

Each entry is the JSON entry (``IntakeError.as_dict`` for HTTP) with its ``message`` replaced
by the sentence and a ``fix``: what to do, in the page's words (the page shows it as the
error's "what to do"), for the column names and marks of :data:`_FIXES` and the codes whose
hint is missing or names a command-line option (``fixes.PAGE_FIXES``).
"""

# Chinese text is this module's subject.
# ruff: noqa: RUF001, RUF002
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Final

from .errors import IntakeError, report
from .fixes import PAGE_FIXES
from .header_table import EXPLANATIONS, QUOTE_HEADERS, Column, Words
from .messages import TEXTS

# The page's checkbox for the option read_as_written (http/page_html.py shows this label).
OPTION_LABEL: Final = {
    "en": "Read ¥ and 1,234.5 as written",
    "zh": "按原样读取 ¥ 和 1,234.5",
}
_CELL: Final = re.compile(r"(?:.*!)?([A-Z]+)([0-9]+)")


def where(error: IntakeError, lang: str) -> str:
    """The error's column by its header and its row (``""`` for an error without a named
    column: a row, the file, a blank header)."""
    found = _CELL.fullmatch(error.cell)
    if not error.column or found is None:
        return ""
    letters, row = found.groups()
    if lang == "zh":
        place = f"{letters} 列「{error.column}」"
        return place if row == "1" else f"{place}第 {row} 行"
    place = f"Column {letters} “{error.column}”"
    return place if row == "1" else f"{place}, row {row}"


def _suggested(error: IntakeError) -> str:
    return str(dict(error.details).get("suggestion", ""))


def _quoted(name: str, lang: str) -> str:
    return f"「{name}」" if lang == "zh" else f"“{name}”"


def _rename(error: IntakeError, lang: str) -> str:
    name = _suggested(error)
    if not name:
        return ""
    return f"请改为{_quoted(name, lang)}。" if lang == "zh" else f"Rename it {_quoted(name, lang)}."


def _unknown_column(error: IntakeError, lang: str) -> str:
    explained = EXPLANATIONS[error.explain].text(lang) if error.explain else ""
    fix = _joined(lang, _rename(error, lang), explained)
    if fix:
        return fix
    return "请改用模板中的列名。" if lang == "zh" else "Use a column name of the template."


def _ambiguous_column(error: IntakeError, lang: str) -> str:
    return EXPLANATIONS[error.explain].text(lang)


def _unknown_unit(error: IntakeError, lang: str) -> str:
    base = _suggested(error) or ("包价" if lang == "zh" else "Pack price")
    if lang == "zh":
        example = _quoted(base + "（万元）", lang)
        return (
            f"可用的单位：万元（×10000）、千元（×1000）、元（×1），例如{example}；"
            "或去掉单位，按报价本身的币种填写。"
        )
    return (
        "Known units: 万元 (×10000), kCNY or CNY thousand (×1000), CNY or 元 (×1), for example"
        f" {_quoted(base + ' (kCNY)', lang)}; or drop the unit and give the quote's own currency."
    )


def _tick(lang: str) -> str:
    label = OPTION_LABEL[lang]
    return f"或在表单上勾选“{label}”。" if lang == "zh" else f"Or tick “{label}” on the form."


def _joined(lang: str, *parts: str) -> str:
    """Sentences one after the other (no space between Chinese sentences)."""
    return ("" if lang == "zh" else " ").join(part for part in parts if part)


# The two marks read_as_written may read: what to do, then the checkbox where it would read.
_MARK_FIXES: Final = {
    "currency_symbol": Words(
        "Delete the sign; the currency goes in the currency column (or the form's currency).",
        "请删除货币符号，币种写在币种列（或表单的币种）。",
    ),
    "thousands_separator": Words(
        "Delete the separators (1234.5, not 1,234.5).",
        "请删除千分位分隔符（写 1234.5，不写 1,234.5）。",
    ),
}


def _mark(error: IntakeError, lang: str) -> str:
    fix = _MARK_FIXES[error.code].text(lang)
    return _joined(lang, fix, _tick(lang)) if error.option else fix


def _unit_in_value(error: IntakeError, lang: str) -> str:
    column = QUOTE_HEADERS.read(error.column) if error.column else None
    if isinstance(column, Column) and column.unit is not None:  # 包价(万元) and 0.36万
        if lang == "zh":
            return "列名已经给出了单位：请按列名中的单位只写数字，单元格里不要再写单位。"
        return (
            "The column's name already gives its unit: write the number in that unit alone,"
            " without a unit in the cell."
        )
    name = _suggested(error)
    if name:
        if lang == "zh":
            return (
                f"请只写数字，并把列名改为{_quoted(name, lang)}：这样的列名可以接受，"
                "会按该单位读取。"
            )
        return (
            f"Write the number alone and name the column {_quoted(name, lang)}: that name is"
            " accepted and read at its unit."
        )
    if lang == "zh":
        return "请只写数字；金额列可以在列名中写单位（例如“包价（万元）”），其他列请写完整的数。"
    return (
        "Write the number alone; a money column may give its unit in its name (for example"
        " “包价（万元）”), elsewhere write the whole number."
    )


def _hint(error: IntakeError, lang: str) -> str:
    return TEXTS[error.code].hint(lang)


_FIXES: Final[dict[str, Callable[[IntakeError, str], str]]] = {
    "unknown_column": _unknown_column,
    "ambiguous_column": _ambiguous_column,
    "unknown_header_unit": _unknown_unit,
    "currency_symbol": _mark,
    "thousands_separator": _mark,
    "unit_in_value": _unit_in_value,
    "unit_price_needs_pack_size": _hint,
}


# What is wrong, where the code's fixed message speaks of fields or lists alternatives that
# the page's fix says precisely.
_WHAT: Final = {
    "unknown_column": Words(
        "The column name is not one the sheet reader knows, so the column is not read.",
        "这个列名无法识别，该列不会被读取。",
    ),
    "ambiguous_column": Words(
        "The column name can mean more than one thing; it is not guessed.",
        "这个列名可以有不止一种含义；不会猜测。",
    ),
    "unknown_header_unit": Words(
        "The unit in brackets is not one the sheet reader knows; the column is not read at a"
        " guessed scale.",
        "括号里的单位无法识别；不会按猜测的比例读取该列。",
    ),
}


def sentence(error: IntakeError, lang: str) -> str:
    """The error's message for the page: its place by the buyer's header, then what is
    wrong (the code's fixed message, or the page's own words for a column name)."""
    message = TEXTS[error.code].message(lang)
    if error.code in _WHAT and error.column:
        message = _WHAT[error.code].text(lang)
    place = where(error, lang)
    if not place:
        return message
    return f"{place}：{message}" if lang == "zh" else f"{place}: {message}"


def page_entries(errors: Iterable[IntakeError], lang: str) -> list[dict[str, str | int]]:
    """The errors as the page shows them (module docstring), each once, in position order."""
    entries: list[dict[str, str | int]] = []
    for error in report(errors):
        entry = error.as_dict(lang, "http")
        entry["message"] = sentence(error, lang)
        fix = _FIXES.get(error.code)
        if fix is not None:
            entry["fix"] = fix(error, lang)
        elif error.code in PAGE_FIXES:
            entry["fix"] = PAGE_FIXES[error.code].text(lang)
        entries.append(entry)
    return entries


def page_document(errors: Iterable[IntakeError], lang: str) -> bytes:
    """The page's entries as one JSON document (the error document's shape)."""
    document = {"schemaVersion": 1, "errors": page_entries(errors, lang)}
    return (json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
