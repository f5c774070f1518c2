"""The event's reasons, limitations and errors in words (issues 26, 35): where a path points
in the request, a converted figure's place, each reason code with whom and what it names."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .request import day_count, lead_days
from .words import WORDS

_IDS: Final = {"suppliers": "supplierId", "items": "itemId", "offers": "itemId"}


def place_in_words(path: str, request: Any, lang: str) -> str:
    """Where ``path`` points in an event request, in words: ``packPrice`` of offer 2 (nuts)
    of supplier 1 (A); the request's own ids name its entries where the text has them."""
    words = WORDS[lang]
    steps = [part.replace("~1", "/").replace("~0", "~") for part in path.split("/")[1:]]
    parts: list[str] = []
    node = request
    index = 0
    while index < len(steps):
        step = steps[index]
        child = node.get(step) if isinstance(node, dict) else None
        number = steps[index + 1] if index + 1 < len(steps) else ""
        if f"entry.{step}" in words and number.isdigit():
            entry = (
                child[int(number)] if isinstance(child, list) and int(number) < len(child) else None
            )
            shown = words[f"entry.{step}"].format(number=int(number) + 1)
            # Only suppliers, items and offers have ids; a price break's (or a tier's) text under
            # some key is not its name, whatever the key.
            id_key = _IDS.get(step)
            ident = entry.get(id_key) if id_key is not None and isinstance(entry, dict) else None
            if isinstance(ident, str):
                shown = f"{shown} ({ident})" if lang == "en" else f"{shown}（{ident}）"
            parts.append(shown)
            node, index = entry, index + 2
            continue
        parts.append(f"`{step}`")
        node, index = child, index + 1
    if not parts:
        return words["the_request"]
    # English reads inside out ("x of offer 2 of supplier 1"), Chinese outside in.
    return words["of"].join(reversed(parts) if lang == "en" else parts)


def error_place(error: Mapping[str, Any], request: Any, lang: str) -> str:
    """One error's place in words; an ``unknown_key`` error names the keys it is about."""
    path = str(error.get("path") or "")
    where = place_in_words(path, request, lang)
    if error.get("code") != "unknown_key":
        return where
    from ...core.event_rules import EVENT_ROOT_FIELDS
    from ..fieldnames import unknown_keys

    keys = unknown_keys(request, path, EVENT_ROOT_FIELDS)
    if not keys:
        return where
    return WORDS[lang]["join_clauses"].join(
        WORDS[lang]["key_in"].format(key=key, place=where) for key in keys
    )


def field_in_words(words: Mapping[str, str], name: str, lang: str) -> str:
    """A field of the event request in words: its row's (a supplier's or offer's field is
    worded as a quote's, the root ones by the event's root rows: issue 39), else the event's
    own words for the few no row words, else its name."""
    from ...core.event_rules import EVENT_ROOT_FIELDS
    from ..fieldnames import field_words

    found = field_words(lang, name, "quotes") or field_words(lang, name, root=EVENT_ROOT_FIELDS)
    return found or words.get(f"field.{name}", name)


def figure_words(key: str, supplier: Any, lang: str) -> str:
    """A converted figure's place in words: ``freight``; ``pack price of offer 1 (bolts)``;
    ``pack price of price break 2 of offer 1 (bolts)``; the request's ids name the offers."""
    words = WORDS[lang]
    steps = key.split("/")
    parts: list[str] = []
    node = supplier
    index = 0
    while index + 1 < len(steps):
        step, number = steps[index], steps[index + 1]
        child = node.get(step) if isinstance(node, dict) else None
        if f"entry.{step}" not in words or not number.isdigit():
            break
        entry = child[int(number)] if isinstance(child, list) and int(number) < len(child) else None
        shown = words[f"entry.{step}"].format(number=int(number) + 1)
        ident = entry.get("itemId") if step == "offers" and isinstance(entry, dict) else None
        if isinstance(ident, str):
            shown = f"{shown} ({ident})" if lang == "en" else f"{shown}（{ident}）"
        parts.append(shown)
        node, index = entry, index + 2
    name = field_in_words(words, "/".join(steps[index:]), lang)
    if not parts:
        return name
    place = words["of"].join(reversed(parts) if lang == "en" else parts)
    return words["field_of"].format(field=name, place=place).removeprefix("the ")


def reason_in_words(reason: Mapping[str, Any], request: Any, lang: str) -> str:
    """One reason of the event document in the page's words (the document's own message for
    a code the words do not know)."""
    words = WORDS[lang]
    code = str(reason.get("code"))
    who, item, field = reason.get("supplierId"), reason.get("itemId"), reason.get("field")
    supplier = "" if who is None else str(who)
    if code == "event_supplier_excluded":
        value = day_count(lead_days(request).get(str(who)))
        limit = day_count(request.get("maxLeadDays")) if isinstance(request, dict) else None
        if value is None or limit is None:
            return words["reason.event_supplier_excluded_bare"].format(supplier=supplier)
        return words["reason.event_supplier_excluded"].format(
            supplier=supplier,
            value=words["days"].format(days=value),
            limit=words["days"].format(days=limit),
        )
    if code == "event_offer_not_comparable":
        offer = words["offer_of_supplier" if who is not None else "offer_of"].format(
            supplier=supplier, item=item
        )
        return words["reason.event_offer_not_comparable"].format(offer=offer)
    if code == "event_missing_value":
        if who is not None and item is not None:
            place = words["offer_of_supplier"].format(supplier=supplier, item=item)
        elif who is not None:
            place = words["supplier_named"].format(who=who)
        elif item is not None:
            place = words["item_named"].format(who=item)
        else:
            place = words["the_request"]
        name = field_in_words(words, str(field), lang) if field is not None else "-"
        what = words["field_of"].format(field=name, place=place)
        return words["reason.event_missing_value"].format(what=what)
    if code == "event_constraint_unknown":
        return words["reason.event_constraint_unknown"].format(supplier=supplier or "-")
    if code == "event_infeasible":
        if item is None:
            return words["reason.event_infeasible_bare"]
        return words["reason.event_infeasible"].format(item=words["item_named"].format(who=item))
    found = words.get(f"reason.{code}")
    return found if found is not None else str(reason.get("message", code))


def limitation_in_words(limitation: Mapping[str, Any], lang: str) -> str:
    """A limitation in the page's words: the comparison's words for the same code."""
    from ..wording import LIMITATION_TEXT

    code = str(limitation.get("code"))
    return LIMITATION_TEXT[lang].get(code) or str(limitation.get("message", code))


def unworded(entry: Mapping[str, Any], lang: str) -> str | None:
    """The code of a reason or limitation that has no words of ours (shown beside the
    document's message, as the only name it has); ``None`` when it has words, so a page for
    people shows the sentence alone (issue 40, item 7)."""
    from ..wording import LIMITATION_TEXT

    code = str(entry.get("code"))
    if f"reason.{code}" in WORDS[lang] or code in LIMITATION_TEXT[lang]:
        return None
    return code
