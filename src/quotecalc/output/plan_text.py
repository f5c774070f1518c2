"""The readable purchase plan as terminal text (``--plan --format text``, issue 25).

Lays out :func:`quotecalc.output.plan_view.plan_view` only: the answer first (its headline
the first line), then the status and the sections, tables bordered and aligned by display
width (:func:`quotecalc.output.cells.table`). Nothing is computed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cells import table
from .plan_view import plan_view


def render_plan_text(document: Mapping[str, Any], lang: str = "en") -> str:
    """The text of one purchase-plan document in ``lang`` (``en`` or ``zh``); ends with a
    newline."""
    view = plan_view(document, lang)
    lines = [*view.answer, "", view.status]
    for section in view.sections:
        lines.extend(["", f"== {section.heading} =="])
        lines.extend(section.paragraphs)
        lines.extend(f"- {item}" for item in section.items)
        if section.table is not None:
            shown = section.table
            lines.extend(table(shown.headers, shown.rows, shown.numeric))
    return "\n".join(lines) + "\n"
