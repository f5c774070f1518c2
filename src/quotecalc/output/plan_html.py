"""The readable purchase plan as one self-contained HTML page (``--plan --format html``, and
the analyst's page answering a plan request; issue 25).

Lays out :func:`quotecalc.output.plan_view.plan_view` only, in the report page's style
(:data:`quotecalc.output.pictures.html.STYLE`): the title, then the answer box (its headline
first), the status and the sections. Every text is made visible and escaped; supplier ids in
tables are bidi-isolated (:func:`quotecalc.output.pictures.markup.supplier`). No script, no
external reference. Same document and language, same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .layout import Table
from .plan_view import WORDS, plan_view
from .wording import LANG_TAGS


def _plain(text: str) -> str:
    from .pictures.text import display, escape

    return escape(display(text))


def _table(shown: Table, label: str) -> str:
    from .pictures.markup import supplier, table

    rows = [
        [supplier(cell) if index in shown.ids else _plain(cell) for index, cell in enumerate(row)]
        for row in shown.rows
    ]
    return table(shown.headers, rows, shown.numeric, label)


def render_plan_html(
    document: Mapping[str, Any], lang: str = "en", raw: bytes | str | None = None
) -> str:
    """The page of one purchase-plan document in ``lang`` (``en`` or ``zh``); ends with a
    newline."""
    # The pictures package is loaded by the picture formats only (tests/test_pictures_imports).
    from .pictures.html import STYLE
    from .pictures.markup import items, paragraph, section

    view = plan_view(document, lang, raw)
    heading = _plain(WORDS[lang]["heading"])
    answer = "".join(
        paragraph(_plain(sentence), "winner" if index == 0 else "")
        for index, sentence in enumerate(view.answer)
    )
    parts = [
        f'<section id="answer" class="answer" aria-label="{heading}">\n{answer}</section>\n',
        paragraph(_plain(view.status), "status"),
    ]
    for shown in view.sections:
        body = "".join(paragraph(_plain(text)) for text in shown.paragraphs)
        body += items(_plain(item) for item in shown.items)
        if shown.table is not None:
            body += _table(shown.table, shown.heading)
        parts.append(section(f"plan-{shown.key}", shown.heading, body))
    title = _plain(view.title)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{LANG_TAGS[lang]}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title} · quotecalc</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{title}</h1>\n" + "".join(parts) + "</main>\n</body>\n</html>\n"
    )
