"""Text cells of the terminal tables: display width, escaping and the bordered table.

- Tables are aligned by terminal display width, not ``len``: East Asian Wide and Fullwidth
  characters count 2 columns, combining marks 0, everything else 1. Every row of a table has
  the same display width and no line ends in a space.
- Text that came from the request (supplier ids, the quality scale's definition) is printed
  with control, format, surrogate and line/paragraph separator characters escaped
  (``\\u001b``), so it cannot move the cursor, recolour the terminal or break a line; the
  column rule ``|`` and the characters that look like one (:data:`COLUMN_RULES`, e.g. the
  fullwidth U+FF5C and the box-drawing U+2502) are escaped too, so no cell adds a column;
  and so is the backslash that starts an escape, so two different texts never print alike
  (``A|B`` is ``A\\u007cB``, the literal text ``A\\u007cB`` is ``A\\u005cu007cB``).
  :func:`table` refuses a cell holding a rule or a line break (a bug, never input).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

_ESCAPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# The table's column rule and the characters a reader takes for one.
COLUMN_RULES: Final = frozenset("|\u00a6\u01c0\u2223\u23d0\u2502\u2503\u2551\uff5c\uffe8")
_ESCAPE: Final = "\\"


def display_width(text: str) -> int:
    """Terminal columns of ``text``: East Asian Wide/Fullwidth 2, combining marks 0, else 1."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def clean(text: str) -> str:
    """``text`` with control, format, surrogate and line/paragraph separator characters, column
    rules (:data:`COLUMN_RULES`) and the backslash written as ``\\uXXXX`` escapes, so input
    text can neither act on the terminal nor break a table, and stays unambiguous."""
    parts: list[str] = []
    for char in text:
        if (
            char in COLUMN_RULES
            or char == _ESCAPE
            or unicodedata.category(char) in _ESCAPED_CATEGORIES
        ):
            code = ord(char)
            parts.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            parts.append(char)
    return "".join(parts)


def _pad(cell: str, width: int, right: bool) -> str:
    fill = " " * (width - display_width(cell))
    return fill + cell if right else cell + fill


def table(
    headers: Sequence[str], rows: Sequence[Sequence[str]], right: frozenset[int]
) -> list[str]:
    """A bordered table; columns in ``right`` are right-aligned. All rows (header, rule and
    body) have the same display width. A cell holding a column rule or a line break is a bug
    (input text is :func:`clean` first): ``ValueError``."""
    for row in [headers, *rows]:
        for cell in row:
            if any(char in COLUMN_RULES or char in "\n\r" for char in cell):
                raise ValueError(
                    f"a table cell must not hold a column rule or line break: {cell!r}"
                )
    widths = [
        max(display_width(row[column]) for row in [headers, *rows])
        for column in range(len(headers))
    ]

    def line(cells: Sequence[str], align: bool) -> str:
        padded = [
            _pad(cell, width, align and column in right)
            for column, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "| " + " | ".join(padded) + " |"

    rule = "|" + "|".join("-" * (width + 2) for width in widths) + "|"
    return [line(headers, False), rule, *(line(row, True) for row in rows)]
