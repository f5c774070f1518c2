"""The award for people (issues 26, 35): the title, the answer, the status in words and the
sections, unescaped; the text and HTML renderers only lay it out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .answer import answer_parts, arrival_sentence
from .figures import Money
from .reasons import limitation_in_words, reason_in_words, unworded
from .request import NO_REQUEST
from .sections import (
    EventSection,
    EventView,
    Listed,
    award_sections,
    baseline_section,
    conversion_sections,
    error_sections,
)
from .words import WORDS


def _status(document: Mapping[str, Any], lang: str) -> tuple[str, str]:
    words = WORDS[lang]
    status = str(document.get("status"))
    label = words.get(f"status.{status}", status)
    return words["status_line"].format(status=label), words.get(f"outcome.{status}", "")


def _title(document: Mapping[str, Any], lang: str) -> str:
    words = WORDS[lang]
    if document.get("status") in ("invalid_input", "internal_error"):
        return words["page_title_invalid"]
    shown = document.get("award")
    if shown is None:
        return words["page_title_none"]
    who = [str(entry["supplierId"]) for entry in shown["suppliers"]]
    return words["page_title"].format(who=words["and"].join(who))


def event_view(
    document: Mapping[str, Any], currency: str | None, lang: str, request: Any = NO_REQUEST
) -> EventView:
    """The award for people in ``lang``, unescaped (the renderers escape every text):
    ``request`` is the request's JSON when its text is known (lead days, ids in words, errors
    where they are)."""
    if lang not in WORDS:
        raise ValueError(f"unsupported language: {lang}")
    words = WORDS[lang]
    money = Money(currency)
    known = None if request is NO_REQUEST else request
    award, comparison = answer_parts(document, currency, lang, str)
    answer = [award] if comparison is None else [award, comparison]
    arrives = arrival_sentence(document, known, lang, str)
    if arrives is not None:
        answer.append(arrives)
    status, explanation = _status(document, lang)
    sections: list[EventSection] = []
    if document.get("status") in ("invalid_input", "internal_error"):
        if document.get("status") == "invalid_input":
            sections.extend(error_sections(document, request, lang))
    else:
        shown = document.get("award")
        if shown is not None:
            sections.extend(award_sections(shown, known, lang, money))
        if document.get("baselines") is not None:
            sections.append(baseline_section(document, known, lang, money))
        sections.extend(conversion_sections(document, known, lang, money))
        if document.get("reasons"):
            listed = tuple(
                Listed(reason_in_words(r, known, lang), unworded(r, lang))
                for r in document["reasons"]
            )
            sections.append(EventSection("event-reasons", words["reasons"], items=listed))
    limitations = document.get("limitations") or ()
    if limitations:
        listed = tuple(
            Listed(limitation_in_words(item, lang), unworded(item, lang)) for item in limitations
        )
        sections.append(EventSection("event-limitations", words["limitations"], items=listed))
    if document.get("award") is not None:
        note = (
            words["money_note"].format(currency=currency, places=money.places)
            if currency is not None
            else words["money_note_none"].format(places=money.places)
        )
        first = sections[0]
        sections[0] = first._replace(paragraphs=(note, *first.paragraphs))
    return EventView(_title(document, lang), tuple(answer), status, explanation, tuple(sections))
