"""How the sheet was read, on a report page (issue 35): the intake's notes, the encoding
detected, a missing pack-price column, and the calculator's "no conversion was done" said as
what it is when the intake read the sheet's units.
"""

# A note's Chinese punctuation is read on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from .errors_html import cell_words
from .html import escape
from .words import WORDS


def notes_section(
    lang: str, notes: list[dict[str, Any]], detected: str | None, built: Mapping[str, Any]
) -> str:
    """How the sheet was read, on a report page (issue 35): a missing pack-price column named
    as such, the encoding detected, each note's message and its cells."""
    words = WORDS[lang]
    items = []
    quotes = built.get("quotes")
    if isinstance(quotes, list) and quotes and not any("packPrice" in q for q in quotes):
        items.append(f"<li><strong>{escape(words['hint.no_price'])}</strong></li>")
    if detected == "gb18030":
        items.append(f"<li>{escape(words['note.encoding_detected'])}</li>")
    grouped: dict[str, tuple[str, list[str]]] = {}
    for note in notes:
        code = str(note["code"])
        message, cells = grouped.setdefault(code, (str(note["message"]), []))
        shown = cell_words(lang, code, str(note["cell"]))
        if "scale" in note:  # a column's unit: its scale and currency, from the unit table
            unit = " ".join(str(note[key]) for key in ("currency",) if note.get(key))
            shown += f" (\u00d7{note['scale']}{' ' + unit if unit else ''})"
        cells.append(shown)
    for code, (message, cells) in grouped.items():
        where = ", ".join(cells)
        items.append(
            f'<li data-code="{escape(code)}">{escape(said_on_the_page(message, lang))}'
            f' <span class="note">{escape(where)}</span></li>'
        )
    if not items:
        return ""
    return (
        f'<section id="intake-notes"><h2>{escape(words["notes_title"])}</h2>\n'
        f"<p>{escape(words['notes_intro'])}</p>\n<ul>\n" + "\n".join(items) + "\n</ul>\n"
        "</section>\n"
    )


# An option's spelling in a note (the intake's words for HTTP), and the form's control of it.
_SPELLED: Final = re.compile(r"\b([a-z]+(?:_[a-z]+)*)=(?:true|\.\.\.)")
_CONTROLS: Final = {"read_as_written": "read_as_written", "sheet": "sheet_name"}
_UNSPELLED: Final = re.compile(r"[；;] ?\x00|[ ]?[（(]\x00[）)]|\x00")


def said_on_the_page(message: str, lang: str) -> str:
    """A note's message without an option's spelling (issue 40, item 7): an option the form
    has a control of is named by the control's label (``read_as_written=true``: “Read ¥ and
    1,234.5 as written”); any other (set by a hand-made post, never by the form) is left out
    with its brackets or separator."""
    words = WORDS[lang]

    def named(found: re.Match[str]) -> str:
        control = _CONTROLS.get(found.group(1))
        if control is None:
            return "\x00"
        label = words[control]
        return f"“{label}”"

    return _UNSPELLED.sub("", _SPELLED.sub(named, message))


UNIT_NOTES: Final = frozenset({"unit_scaled", "column_unit_read", "currency_name_read"})


def conversion_words(page: str, lang: str, notes: list[dict[str, Any]]) -> str:
    """Where the intake converted units or read currency names, the calculator's "no
    conversion was done" limitation is said as what it is: the calculator converted nothing,
    the intake read the sheet's units (listed under "how the sheet was read")."""
    from ...output.wording import LIMITATION_TEXT

    if not any(note["code"] in UNIT_NOTES for note in notes):
        return page
    said = escape(LIMITATION_TEXT[lang]["no_conversion"])
    return page.replace(said, escape(WORDS[lang]["converted_by_intake"]))
