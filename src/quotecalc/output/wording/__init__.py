"""The one word catalog of what people read (issue 39), English (``en``) and Chinese (``zh``).

Every page, text report, picture and workbook takes its words from here, so no two of them
word a fact differently ("Landed total" is 到岸总价 everywhere). Data only: one :class:`Word`
row per key, in the modules of this package by who says it (:mod:`.codes`, :mod:`.shared`,
:mod:`.comparison`, :mod:`.pictures`, :mod:`.plan`, :mod:`.event`, :mod:`.workbook`,
:mod:`.places`), assembled once into :data:`CATALOG`.

One set of keys. A key is ``<family>.<code>`` for the words of a code the documents carry
(``error.invalid_json``, ``limitation.fees_as_given``, ``status.partial``), ``<area>.<name>``
for what one reader alone says (``plan.buy``, ``event.award``), and a plain name for a word
readers share (``col.landed``, ``limitations``, ``join``). The assembly refuses a key defined
twice, a row without both languages, and the same English words under two keys (a word
defined twice: the drift this catalog ends); ``tests/test_wording.py`` says so too.

Readers look words up through:

- :data:`WORDS` (``WORDS[lang][key]``) and :func:`say`;
- :func:`area`: the words of one reader by their short names (``area("plan")["en"]["buy"]``
  is ``plan.buy``), with every shared word under its own key;
- :func:`codes`: a family by code (``codes("error")["zh"]["invalid_json"]``), the form the
  doors read (:data:`ERROR_TEXT`, :data:`LIMITATION_TEXT`); an unknown code is shown as
  itself by the reader.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final

from . import codes as _codes
from . import comparison, event, form, pictures, places, plan, shared, workbook
from .word import Word

LANGUAGES: Final = ("en", "zh")
LANG_TAGS: Final = {"en": "en", "zh": "zh-Hans"}
"""Each language's tag, for a page's ``lang`` and a picture's ``xml:lang``."""
UNKNOWN: Final = "-"
AREAS: Final = (
    "report",
    "answer",
    "analysis",
    "conversion",
    "picture",
    "place",
    "plan",
    "event",
    "workbook",
    "form",
)
"""The readers with words of their own (``<area>.<name>``)."""
FAMILIES: Final = (
    "status",
    "explain",
    "dimension",
    "direction",
    "constraint",
    "limitation",
    "error",
    "issue",
    "reason",
)
"""The code families (``<family>.<code>``)."""
_LETTER: Final = re.compile(r"[A-Za-z]")


def catalog(rows: Iterable[Word]) -> dict[str, Word]:
    """The rows by key, refusing (``ValueError``) a key defined twice, a row without both
    languages and the same English words under two keys (a separator without a letter, such
    as ``", "``, may stand under several)."""
    found: dict[str, Word] = {}
    english: dict[str, str] = {}
    for row in rows:
        if row.key in found:
            raise ValueError(f"the key {row.key!r} is defined twice")
        if not row.en or not row.zh:
            raise ValueError(f"the key {row.key!r} lacks a language")
        if _LETTER.search(row.en):
            if row.en in english:
                raise ValueError(f"{row.en!r} is defined twice: {english[row.en]}, {row.key}")
            english[row.en] = row.key
        found[row.key] = row
    return found


ROWS: Final[tuple[Word, ...]] = (
    *_codes.ROWS,
    *shared.ROWS,
    *comparison.ROWS,
    *pictures.ROWS,
    *plan.ROWS,
    *event.ROWS,
    *workbook.ROWS,
    *places.ROWS,
    *form.ROWS,
)
CATALOG: Final = catalog(ROWS)
WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    lang: {row.key: row[1 + LANGUAGES.index(lang)] for row in ROWS} for lang in LANGUAGES
}


def say(lang: str, key: str, **values: str) -> str:
    """The words of ``key`` in ``lang``, their placeholders filled with ``values``."""
    return WORDS[lang][key].format(**values)


def _shared(key: str) -> bool:
    return key.split(".", 1)[0] not in AREAS


def area(name: str) -> dict[str, dict[str, str]]:
    """The words of one reader (:data:`AREAS`), per language: its own by their short names
    (``plan.buy`` as ``buy``) and every shared word and code under its full key. A short name
    that is also a shared key is refused."""
    if name not in AREAS:
        raise ValueError(f"no words of {name!r}")
    prefix = f"{name}."
    found: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        words = {key: text for key, text in WORDS[lang].items() if _shared(key)}
        for key, text in WORDS[lang].items():
            if key.startswith(prefix):
                short = key.removeprefix(prefix)
                if short in words:
                    raise ValueError(f"{key!r} is also the shared key {short!r}")
                words[short] = text
        found[lang] = words
    return found


def codes(family: str) -> dict[str, dict[str, str]]:
    """The words of one code family (:data:`FAMILIES`), per language, by code."""
    if family not in FAMILIES:
        raise ValueError(f"no code family {family!r}")
    prefix = f"{family}."
    return {
        lang: {
            key.removeprefix(prefix): text
            for key, text in WORDS[lang].items()
            if key.startswith(prefix)
        }
        for lang in LANGUAGES
    }


def status_words(lang: str, status: str) -> tuple[str, str]:
    """A status in words and what it means (the comparison's explanation; a bug's is its
    error's words); an unknown status as itself, without an explanation."""
    words = WORDS[lang]
    label = words.get(f"status.{status}", status)
    explanation = words.get(f"explain.{status}") or words.get(f"error.{status}", "")
    return label, explanation


for _name in AREAS:  # every reader's view is well formed (no short name is a shared key)
    area(_name)

# The code families read by code, as the doors and readers look them up.
ERROR_TEXT: Final = codes("error")
LIMITATION_TEXT: Final = codes("limitation")
ISSUE_TEXT: Final = codes("issue")
DIMENSION_TEXT: Final = codes("dimension")
DIRECTION_TEXT: Final = codes("direction")
CONSTRAINT_STATUS_TEXT: Final = codes("constraint")
REASON_TEXT: Final = codes("reason")

__all__ = [
    "AREAS",
    "CATALOG",
    "CONSTRAINT_STATUS_TEXT",
    "DIMENSION_TEXT",
    "DIRECTION_TEXT",
    "ERROR_TEXT",
    "FAMILIES",
    "ISSUE_TEXT",
    "LANGUAGES",
    "LANG_TAGS",
    "LIMITATION_TEXT",
    "REASON_TEXT",
    "ROWS",
    "UNKNOWN",
    "WORDS",
    "Word",
    "area",
    "catalog",
    "codes",
    "say",
    "status_words",
]
