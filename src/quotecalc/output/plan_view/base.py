"""The readable plan's parts: the view's types and the reader of one language and one
document (its words, its currency)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from ..layout import Table
from ..people import money
from ..wording import area

LANGUAGES: Final = ("en", "zh")
WORDS: Final = area("plan")
"""The plan's words (the catalog's ``plan.`` and the shared ones)."""


class Section(NamedTuple):
    """One section: its key (an HTML id), heading, paragraphs, list items and table."""

    key: str
    heading: str
    paragraphs: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    table: Table | None = None


class PlanView(NamedTuple):
    """The readable plan: title, the answer (headline first), status line, sections."""

    lang: str
    title: str
    answer: tuple[str, ...]
    status: str
    sections: tuple[Section, ...]


class Reader:
    """The words of one language and the currency of one document's money."""

    def __init__(self, lang: str, plan: Mapping[str, Any] | None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language: {lang}")
        self.lang = lang
        self.words = WORDS[lang]
        currency = None if plan is None else plan.get("currency")
        self.currency = None if currency is None else str(currency)

    def say(self, key: str, **values: str) -> str:
        return self.words[key].format(**values)

    def money(self, value: Any) -> str:
        """An amount in the one money format (:func:`quotecalc.output.people.money`)."""
        return self.words["unknown"] if value is None else money(str(value), self.currency)

    def pack_word(self, packs: str) -> str:
        return self.words["pack" if packs == "1" else "packs"]

    def join(self, parts: Sequence[str]) -> str:
        if len(parts) < 2:
            return "".join(parts)
        return self.words["join"].join(parts[:-1]) + self.words["and"] + parts[-1]

    def lead(self, days: Any) -> str:
        return self.words["unknown"] if days is None else str(days)


def single_by_id(plan: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {str(entry["supplierId"]): entry for entry in plan["singleSource"]}
