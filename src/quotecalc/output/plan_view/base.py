"""The readable plan's parts: the view's types and the reader of one language and one
document (its words, its money places)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from ..cells import clean
from ..layout import Table
from ..people import money_places, pad
from ..plan_words import WORDS

LANGUAGES: Final = ("en", "zh")
ORDER_MONEY: Final = ("packPrice", "goodsSubtotal", "landedTotal")
LINE_MONEY: Final = ("packPrice", "goodsSubtotal", "freight", "otherFees", "landedTotal")


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
    """The words of one language and the money places of one document."""

    def __init__(self, lang: str, plan: Mapping[str, Any] | None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language: {lang}")
        self.lang = lang
        self.words = WORDS[lang]
        self.places = money_places(amounts(plan)) if plan is not None else 0

    def say(self, key: str, **values: str) -> str:
        return self.words[key].format(**values)

    def money(self, value: Any) -> str:
        return self.words["unknown"] if value is None else clean(pad(str(value), self.places))

    def pack_word(self, packs: str) -> str:
        return self.words["pack" if packs == "1" else "packs"]

    def join(self, parts: Sequence[str]) -> str:
        if len(parts) < 2:
            return "".join(parts)
        return self.words["join"].join(parts[:-1]) + self.words["join_last"] + parts[-1]

    def lead(self, days: Any) -> str:
        return self.words["unknown"] if days is None else str(days)


def amounts(plan: Mapping[str, Any]) -> list[str | None]:
    """Every money string of the plan, for one number of places across it."""
    found: list[str | None] = []
    for entry in plan["singleSource"]:
        for order in (entry["atNeed"], entry["cheapest"]):
            if order is not None:
                found.extend(order[key] for key in ORDER_MONEY)
                if order["nextBreak"] is not None:
                    found.append(order["nextBreak"]["packPrice"])
        found.append(entry["saving"])
    best = plan.get("best")
    if best is not None:
        for line in best["lines"]:
            found.extend(line[key] for key in LINE_MONEY)
            found.extend(b["packPrice"] for b in line["breaks"])
        found.extend((best["landedTotal"], best["lowerBound"], best["savingVsSingleSource"]))
    return found


def single_by_id(plan: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {str(entry["supplierId"]): entry for entry in plan["singleSource"]}
