"""The workbook's words (issue 35): the catalog's (:mod:`quotecalc.output.wording`) ``workbook.``
words (sheet titles, figures, notes) and the shared ones (columns, statuses), English and
Chinese.

The sentences of the answer and the words of each limitation are the reports' own
(:mod:`quotecalc.output.answer`, :mod:`quotecalc.output.plan_view`,
:mod:`quotecalc.output.event_report`): the workbook shows what the page and the text report
say.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..output.fieldnames import field_words
from ..output.wording import (
    DIMENSION_TEXT,
    ERROR_TEXT,
    LIMITATION_TEXT,
    REASON_TEXT,
    area,
)
from ..output.wording import status_words as status_and_meaning

WORDS: Final = area("workbook")


def say(lang: str, key: str) -> str:
    """Our words for ``key`` in ``lang``."""
    return WORDS[lang][key]


def yes_no(lang: str, flag: object) -> str:
    """``yes``/``no`` in ``lang`` for a JSON boolean (anything else: its text)."""
    if isinstance(flag, bool):
        return WORDS[lang]["yes" if flag else "no"]
    return "-" if flag is None else str(flag)


def status_words(lang: str, status: str) -> str:
    """The status and its explanation, as the reports word them."""
    label, explanation = status_and_meaning(lang, status)
    if not explanation:
        return label
    return f"{label}：{explanation}" if lang == "zh" else f"{label}: {explanation}"  # noqa: RUF001


def limitation_words(lang: str, item: Mapping[str, Any]) -> str:
    """One limitation or reason in words: the reports' wording of its code (with its field
    and dimension), else the document's own message."""
    code = str(item.get("code"))
    if code.startswith("plan_") and code in REASON_TEXT[lang]:  # {what}: whom and which field
        what = ", ".join(str(item[key]) for key in ("supplierId", "field") if item.get(key))
        return REASON_TEXT[lang][code].format(what=what or "-")
    template = LIMITATION_TEXT[lang].get(code) or ERROR_TEXT[lang].get(code)
    if template is None:
        return str(item.get("message") or code)
    try:
        dimension = str(item.get("dimension") or "-")
        return template.format(
            field=field_in_words(lang, item.get("field"), item.get("supplierId") is not None)
            or "-",
            dimension=DIMENSION_TEXT[lang].get(dimension, dimension),
        )
    except (KeyError, IndexError):
        return str(item.get("message") or code)


def field_in_words(lang: str, name: Any, quoted: bool = False) -> str:
    """A field a limitation names, in words (a quote's field when ``quoted``, else a root
    one, as the pages word it), else as written; ``""`` for none."""
    if name is None or name == "":
        return ""
    field = str(name)
    scoped = field_words(lang, field, "quotes") if quoted else None
    return scoped or field_words(lang, field) or field_words(lang, field, "quotes") or field
