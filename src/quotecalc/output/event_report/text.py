"""The event award as a terminal report (``--event --format text``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cells import clean, table
from .request import NO_REQUEST
from .view import event_view
from .words import WORDS


def render_event_text(
    document: Mapping[str, Any],
    exit_code: int,
    currency: str | None,
    lang: str,
    raw: bytes | None = None,
) -> str:
    """The terminal report, laid out like the comparison's: the answer first, then the title
    and the status (with the exit code), then the sections. Ends with a newline."""
    from ..fieldnames import load

    words = WORDS[lang]
    view = event_view(document, currency, lang, NO_REQUEST if raw is None else load(raw))
    status = str(document.get("status"))
    lines = [clean(sentence) for sentence in view.answer]
    lines += [
        "",
        words["title"].format(version=clean(str(document.get("toolVersion")))),
        words["status_exit"].format(
            status=words.get(f"status.{status}", clean(status)), exit=exit_code
        ),
    ]
    if view.explanation:
        lines.append(view.explanation)
    for shown in view.sections:
        lines += ["", f"== {shown.heading} =="]
        lines += [clean(text) for text in shown.paragraphs]
        lines += [
            f"- {clean(entry.words)}" + ("" if entry.code is None else f" [{clean(entry.code)}]")
            for entry in shown.items
        ]
        if shown.table is not None:
            cells = [[clean(cell) for cell in row] for row in shown.table.rows]
            lines += table(list(shown.table.headers), cells, shown.table.numeric)
    return "\n".join(lines) + "\n"
