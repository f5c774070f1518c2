"""The page of a submission's errors (issues 21, 35): every error of the sheet and of the
form's fields in one table, each with its place in words and what to do, above the form filled
with what was typed. The intake's messages are its own fixed texts; nothing of the sheet is
shown back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

from .form_html import control_id, form_body
from .html import document, escape
from .marks import SHEET, controls_of
from .templates import hint_links
from .words import WORDS


def page_hint(lang: str, error: Mapping[str, str]) -> str:
    """What to do about one intake error, in the page's words: the form's own field where
    the intake's hint names a command-line option (``--encoding``, ``--sheet``), else the
    intake's hint unless it speaks to a program or the command line (then none)."""
    if error.get("fix"):  # the intake's own words for the page (intake/sentences.py)
        return str(error["fix"])
    own = WORDS[lang].get(f"hint.{error['code']}")
    if own is not None:
        return own
    hint = error.get("hint", "")
    return "" if _DEVELOPER.search(hint) else hint


# A hint for a program or the command line: an option, a route, a key (issue 40, item 7).
_DEVELOPER: Final = re.compile(r"--|python -m|GET /|[A-Za-z]+=|[a-z]+_[a-z_]+")


_WHOLE_ROW: Final = re.compile(r"(?:(.*)!)?([0-9]+):\1?[0-9]+")


def cell_words(lang: str, code: str, cell: str) -> str:
    """A cell reference as a person reads it: a whole row ``7:7`` is "row 7" ("line 7" for a
    line that does not decode), never a ratio; ``C7`` and ``Sheet1!C7`` as they are."""
    words = WORDS[lang]
    found = _WHOLE_ROW.fullmatch(cell)
    if found is None:
        return cell or words["whole_file"]
    shown = words["line" if code == "undecodable_text" else "row"].format(n=found.group(2))
    return f"{found.group(1)}!{shown}" if found.group(1) else shown


def one_undecodable(errors: Sequence[Mapping[str, str]]) -> list[dict[str, str]]:
    """The errors with every ``undecodable_text`` but the first dropped: one file has one
    encoding, so the hint is given once, at the first line that does not decode, with the
    number of other such lines (``more``)."""
    kept: list[dict[str, str]] = []
    first: dict[str, str] | None = None
    more = 0
    for error in errors:
        if error.get("code") == "undecodable_text":
            if first is None:
                first = dict(error)
                kept.append(first)
            else:
                more += 1
            continue
        kept.append(dict(error))
    if first is not None and more:
        first["more"] = str(more)
    return kept


def _linked(where: str, error: Mapping[str, str]) -> str:
    """An error's place, a link to the form's control it is about (issue 40, item 5)."""
    control = error.get("field")
    return f'<a href="#{control_id(control)}">{where}</a>' if control else where


def _error_row(lang: str, number: int, error: Mapping[str, str]) -> str:
    """One error: its place (linking to its control), its message and what to do; its code
    only as the row's ``data-code``, for programs (decision 40.64: no code words shown)."""
    words = WORDS[lang]
    head = f'<tr id="error-{number}" data-code="{escape(error["code"])}">'
    if error.get("place"):  # a form field's error: its place already in words (escaped)
        return (
            f"{head}<td>{_linked(error['place'], error)}</td>"
            f"<td>{escape(error['message'])}</td><td>{escape(page_hint(lang, error))}</td></tr>\n"
        )
    where = escape(cell_words(lang, error["code"], error["cell"]))
    if error.get("more"):
        where = escape(words["more_lines"]).format(first=where, more=error["more"])
    cell = f'<code class="id">{where}</code>'
    return (
        f"{head}<td>{_linked(cell, error)}</td>"
        f"<td>{escape(error['message'])}</td>"
        f"<td>{escape(page_hint(lang, error))}{hint_links(lang, error)}</td></tr>\n"
    )


def control_marks(lang: str, errors: Sequence[Mapping[str, str]]) -> dict[str, str]:
    """The words shown under each control an error is about: a form field's own errors (its
    message and what to do), the file field's the number of the sheet's errors above."""
    words = WORDS[lang]
    marks: dict[str, str] = {}
    for control, numbers in controls_of(errors).items():
        if control == SHEET:
            marks[control] = words["sheet_errors"].format(n=len(numbers))
            continue
        said = []
        for number in numbers:
            error = errors[number - 1]
            hint = page_hint(lang, error)
            said.append(error["message"] + (" " if lang == "en" and hint else "") + hint)
        marks[control] = words["list_join"].join(said)
    return marks


def error_page(
    lang: str,
    errors: Sequence[Mapping[str, str]],
    values: Mapping[str, str] | None = None,
    limit: int = 0,
) -> str:
    """The submission's errors (each ``{"code", "cell", "message"}``; a form field's error also
    has ``place``, its field in words; an error about a control of the form has ``field``, its
    name) listed at the top, each linking to its control, above the form filled with
    ``values`` (what was typed, issue 35) with each such control marked (issue 40); no errors
    means nothing was sent."""
    words = WORDS[lang]
    shown = one_undecodable(errors)
    if not shown:
        body = f'<p class="answer">{escape(words["nothing"])}</p>\n'
    else:
        rows = "".join(_error_row(lang, n, error) for n, error in enumerate(shown, 1))
        label = escape(words["errors_title"])
        body = (
            f'<div class="answer"><p class="winner">{escape(words["errors_intro"])}</p></div>\n'
            f'<div class="wide" tabindex="0" role="region" aria-label="{label}">'
            f'<table class="errors">\n<thead><tr><th scope="col">{escape(words["col.field"])}</th>'
            f'<th scope="col">{escape(words["col.message"])}</th>'
            f'<th scope="col">{escape(words["col.hint"])}</th></tr></thead>\n'
            f"<tbody>\n{rows}</tbody>\n</table></div>\n"
        )
    body += (
        f'<nav class="again" aria-label="{escape(words["again_nav"])}">'
        f'<a href="/?lang={lang}">{escape(words["new"])}</a></nav>\n'
    )
    marks = control_marks(lang, shown)
    body += f"<h2>{escape(words['again'])}</h2>\n" + form_body(lang, limit, values or {}, marks)
    # A sheet read but a field wrong is no unreadable sheet: the title says which.
    sheet = not shown or any(error.get("field") in (None, SHEET) for error in shown)
    return document(lang, words["errors_title" if sheet else "form_errors_title"], body)
