"""The event award as one HTML page (``--event --format html``, the HTTP page)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..wording import LANG_TAGS
from .request import NO_REQUEST
from .view import event_view
from .words import WORDS


def render_event_html(
    document: Mapping[str, Any],
    exit_code: int,
    currency: str | None,
    lang: str,
    raw: bytes | None = None,
) -> str:
    """One self-contained HTML page built from the comparison page's parts (its style and
    markup: :mod:`quotecalc.output.pictures.markup`): the title names who is awarded, the
    answer first, the status in words, then the sections. No script, no external resource;
    no exit code (issue 29). With the request's text (``raw``), lead days are shown and an
    error is shown where it is, in words. Ends with a newline."""
    # The pictures package is loaded by the picture formats only (tests/test_pictures_imports).
    from ..fieldnames import load
    from ..pictures.html import STYLE
    from ..pictures.markup import items, paragraph, section, supplier
    from ..pictures.markup import table as html_table
    from ..pictures.text import display, escape

    del exit_code  # a page is for people: the terminal report keeps it

    def plain(value: str) -> str:
        return escape(display(value))

    request: Any = NO_REQUEST if raw is None else load(raw)
    view = event_view(document, currency, lang, request)
    heading = plain(WORDS[lang]["heading"])
    answer = "".join(
        paragraph(plain(sentence), "winner" if index == 0 else "")
        for index, sentence in enumerate(view.answer)
    )
    parts = [
        f'<section id="answer" class="answer" aria-label="{heading}">\n{answer}</section>\n',
        paragraph(plain(view.status), "status"),
    ]
    if view.explanation:
        parts.append(paragraph(plain(view.explanation), "note"))
    for shown in view.sections:
        body = "".join(paragraph(plain(text)) for text in shown.paragraphs)
        body += items(
            plain(entry.words)
            + ("" if entry.code is None else f" <code>{plain(entry.code)}</code>")
            for entry in shown.items
        )
        if shown.table is not None:
            grid = shown.table
            rows = [
                [supplier(cell) if i in grid.ids else plain(cell) for i, cell in enumerate(row)]
                for row in grid.rows
            ]
            body += html_table(grid.headers, rows, grid.numeric, shown.heading)
        parts.append(section(shown.key, shown.heading, body))
    title = plain(view.title)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{LANG_TAGS[lang]}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title} · quotecalc</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{title}</h1>\n" + "".join(parts) + "</main>\n</body>\n</html>\n"
    )
