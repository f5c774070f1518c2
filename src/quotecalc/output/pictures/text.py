"""Text of the pictures: the words they use (en/zh), and how user text is made safe to show.

The words are the catalog's (:mod:`quotecalc.output.wording`: the shared ones, dimension names,
limitation and error texts, and the ``picture.`` words only a picture says).

User text (supplier ids, scale definitions) is arbitrary: it may hold ``<``, ``&``, quotes,
control or bidi-override characters, right-to-left letters, or be 64 characters long. It is
shown after :func:`display`: control, format, surrogate and separator characters become
visible ``\\uXXXX`` escapes (the report's own rule), and so does every character XML 1.0
cannot carry (``U+FFFE``, ``U+FFFF``); then it is shortened with :func:`shorten` where space is
tight (the legend and the HTML tables show it whole) and finally escaped for XML/HTML.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from ..answer import WORDS as ANSWER_WORDS
from ..cells import clean, display_width
from ..fieldnames import field_words
from ..wording import DIMENSION_TEXT, ERROR_TEXT, LIMITATION_TEXT, area

LANGUAGES: Final = ("en", "zh")
ELLIPSIS: Final = "…"
# First-strong isolate / pop directional isolate: a right-to-left id cannot reorder the
# commas and words around it.
ISOLATE_START: Final = "\u2068"
ISOLATE_END: Final = "\u2069"

WORDS: Final = area("picture")
"""The pictures' words (the catalog's ``picture.`` and the shared ones)."""

# Characters XML 1.0 cannot carry even as references (beyond what ``clean`` escapes).
_NOT_XML: Final = re.compile("[\ufffe\uffff]")


def check_lang(lang: str) -> str:
    """``lang`` itself, or :class:`ValueError` for a language the pictures do not speak."""
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language: {lang}")
    return lang


def display(text: str) -> str:
    """User text made visible and XML-safe (before escaping): see the module docstring."""
    return _NOT_XML.sub(lambda match: f"\\u{ord(match.group()):04x}", clean(text))


def shorten(text: str, columns: int) -> str:
    """``text`` cut to at most ``columns`` display columns, ending in ``…`` when cut."""
    if display_width(text) <= columns:
        return text
    kept: list[str] = []
    width = display_width(ELLIPSIS)
    for char in text:
        char_width = display_width(char)
        if width + char_width > columns:
            break
        kept.append(char)
        width += char_width
    return "".join(kept) + ELLIPSIS


def escape(text: str) -> str:
    """XML/HTML escaping for text and attribute values (``& < > " '``)."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def isolate(text: str) -> str:
    """``text`` wrapped in a bidi isolate."""
    return f"{ISOLATE_START}{text}{ISOLATE_END}"


def ids_label(ids: list[str], columns: int) -> str:
    """Supplier ids joined by ``, ``, each made visible and isolated; shortened to
    ``columns`` display columns as a whole (isolates are zero-width and kept balanced)."""
    shown: list[str] = []
    used = 0
    for position, supplier in enumerate(ids):
        text = display(supplier)
        separator = 2 if position else 0
        room = columns - used - separator
        if room <= display_width(ELLIPSIS):
            shown.append(ELLIPSIS)
            break
        cut = shorten(text, room)
        shown.append(isolate(cut))
        used += separator + display_width(cut)
        if cut != text:
            break
    return ", ".join(shown)


def _tokens(text: str) -> list[str]:
    """Words, single spaces, and each wide character on its own (a line may break there)."""
    tokens: list[str] = []
    word = ""
    for char in text:
        wide = display_width(char) == 2
        if char.isspace() or wide:
            if word:
                tokens.append(word)
                word = ""
            tokens.append(" " if char.isspace() else char)
        else:
            word += char
    if word:
        tokens.append(word)
    return tokens


def _prefix(token: str, columns: int) -> str:
    """The longest prefix of ``token`` at most ``columns`` wide (at least one character)."""
    width = 0
    for index, char in enumerate(token):
        width += display_width(char)
        if width > columns:
            return token[: max(index, 1)]
    return token


def wrap(text: str, columns: int) -> list[str]:
    """Greedy line wrapping by display width: at spaces, or beside any wide (CJK) character;
    a word longer than a line is split."""
    lines: list[str] = []
    current = ""
    for word in _tokens(text):
        token = word
        if token == " ":
            if current and not current.endswith(" "):
                current += " "
            continue
        while display_width(token) > columns:
            if current.strip():
                lines.append(current.rstrip())
                current = ""
            head = _prefix(token, columns)
            lines.append(head)
            token = token[len(head) :]
        if current.strip() and display_width(current + token) > columns:
            lines.append(current.rstrip())
            current = ""
        current += token
    if current.strip():
        lines.append(current.rstrip())
    return lines


def dimension_name(lang: str, dimension: str) -> str:
    """A dimension's localised name (``cost`` / ``成本``); an unknown one shown as itself."""
    return DIMENSION_TEXT[lang].get(dimension, display(dimension))


def reason_words(lang: str, reason: Mapping[str, Any]) -> str:
    """One reason object of the analysis document (a limitation or an error) in plain words,
    as the text report words it."""
    code = str(reason.get("code"))
    template = LIMITATION_TEXT[lang].get(code)
    if template is None:
        return ERROR_TEXT[lang].get(code, display(code))
    field = reason.get("field")
    dimension = reason.get("dimension")
    return template.format(
        field="-" if field is None else field_name(lang, str(field), reason.get("supplierId")),
        dimension="-" if dimension is None else dimension_name(lang, str(dimension)),
    )


def field_name(lang: str, field: str, supplier_id: Any = None) -> str:
    """A request field in words (a quote's field when the reason names a supplier), or the
    field's name made visible when the words table does not know it."""
    scope = "root" if supplier_id is None else "quotes"
    return field_words(lang, field, scope) or field_words(lang, field) or display(field)


def separator(lang: str) -> str:
    """The list separator of ``lang``: ``, `` or ``、``."""
    return ANSWER_WORDS[lang]["join"]


def join(lang: str, parts: list[str]) -> str:
    """Parts of a list joined the language's way (``, `` or ``、``)."""
    return separator(lang).join(parts)


def share_words(lang: str, region: Mapping[str, Any]) -> str:
    """A winning region's share for people, the same in the legend and the table: "only at
    a point" / "only on a line" for a region without area, "less than 0.1 %" for a share that
    would round to 0.0, else the percentage."""
    from fractions import Fraction

    from ..people import percent

    if Fraction(region["areaShareExact"]) == 0:
        return WORDS[lang]["at_point" if len(region["vertices"]) == 1 else "on_line"]
    shown = percent(region["areaShareExact"], lang)
    if shown.startswith("0.0") and shown[3] in " %":
        return WORDS[lang]["below_tenth"]
    return shown
