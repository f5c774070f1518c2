"""Small HTML builders shared by the page's sections: every piece of text goes through
:func:`cell` or :func:`supplier` (made visible, escaped), so no user text reaches the page raw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from ..cells import display_width
from .text import display, escape

UNKNOWN: Final = "-"
SHORT_ID: Final = 24  # fits a 390 px screen in bold 14 px text


def text(value: Any) -> str:
    """A value as escaped text; ``None`` (unknown) as ``-``."""
    return UNKNOWN if value is None else escape(display(str(value)))


def supplier(value: Any) -> str:
    """A supplier id, escaped and bidi-isolated. An id of at most :data:`SHORT_ID` display
    columns never breaks (not at a hyphen, not between CJK characters); a longer one may
    wrap anywhere rather than overflow a narrow screen."""
    shown = UNKNOWN if value is None else display(str(value))
    kind = "id" if display_width(shown) <= SHORT_ID else "id long"
    return f'<bdi class="{kind}">{escape(shown)}</bdi>'


def cell(content: str, numeric: bool = False) -> str:
    """A ``<td>`` around already-escaped content."""
    return f'<td class="num">{content}</td>' if numeric else f"<td>{content}</td>"


def table(
    headers: Sequence[str],
    rows: Iterable[Sequence[str]],
    numeric: frozenset[int] = frozenset(),
    label: str = "",
) -> str:
    """A table; ``headers`` are plain words (escaped here), cells already escaped HTML. Its
    scroll region (a wide table on a narrow screen) is a labelled region reachable by the
    keyboard (``tabindex="0"``), named ``label`` or the first header."""
    head = "".join(
        f'<th scope="col" class="num">{escape(h)}</th>'
        if index in numeric
        else f'<th scope="col">{escape(h)}</th>'
        for index, h in enumerate(headers)
    )
    body = "".join(
        "<tr>" + "".join(cell(c, index in numeric) for index, c in enumerate(row)) + "</tr>\n"
        for row in rows
    )
    return (
        f'<div class="wide" tabindex="0" role="region" aria-label="{escape(label or headers[0])}">'
        f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n"
        "</table></div>\n"
    )


def paragraph(words: str, css_class: str = "") -> str:
    """A paragraph of already-escaped content."""
    attribute = f' class="{css_class}"' if css_class else ""
    return f"<p{attribute}>{words}</p>\n"


def items(entries: Iterable[str]) -> str:
    """A bullet list of already-escaped entries (nothing for no entries)."""
    listed = "".join(f"<li>{entry}</li>\n" for entry in entries)
    return f"<ul>\n{listed}</ul>\n" if listed else ""


def section(key: str, heading: str, body: str) -> str:
    """One ``<section>`` with its heading (plain words, escaped here)."""
    return f'<section id="{key}">\n<h2>{escape(heading)}</h2>\n{body}</section>\n'
