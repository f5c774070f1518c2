"""The HTML page of the converted comparison (issue 27): ``--convert --format html``.

Imported only by the CLI, inside a function, like every picture. The comparison's own page
(:func:`quotecalc.output.pictures.html_page`, without the weight map,
which the converted comparison does not compute) with the conversion sentences after its answer
and a section listing every converted figure beside its provenance; the words and rows are
:mod:`.conversion_text`'s, escaped for HTML. Nothing is computed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..conversion_text import HEADERS, WORDS, Document, answer_lines, figure_rows, unused_lines
from .html import html_page
from .markup import items, paragraph, section, table
from .text import escape


def conversion_section(document: Document, lang: str) -> str:
    """The sentences (answer first), the table of converted figures and the unused rates."""
    if document.get("conversions") is None:
        return ""
    words = WORDS[lang]
    body = "".join(paragraph(line) for line in answer_lines(document, lang, escape))
    rows = figure_rows(document, lang, escape)
    if rows:
        headers = [words[key] for key in HEADERS]
        body += table(headers, rows, frozenset({2, 3}), words["conversions"])
    else:
        body += paragraph(escape(words["none"]))
    body += items(unused_lines(document, lang, escape))
    return section("conversions", words["conversions"], body)


def converted_page(document: Document, lang: str, purchase: Mapping[str, Any] | None) -> str:
    """One self-contained HTML page of a converted-comparison document."""
    return html_page(
        document["result"],
        {"analysis": None},
        lang,
        purchase,
        after_answer=conversion_section(document, lang),
        weight_map_shown=False,
    )
