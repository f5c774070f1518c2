"""The readable plan of one purchase-plan document: the answer and the sections, in order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cells import clean
from .answer import alternative_sentence, arrival, headline
from .base import PlanView, Reader, Section, single_by_id
from .notes import (
    balances_section,
    conversions_section,
    errors_section,
    limitations_section,
    reason_words,
    status_line,
)
from .tables import break_items, lines_table, order_breaks, single_table


def with_plan(
    read: Reader, document: Mapping[str, Any], plan: Mapping[str, Any]
) -> tuple[list[str], list[Section]]:
    answer: list[str] = []
    sections: list[Section] = []
    best = plan.get("best")
    currency = clean(str(plan["currency"]))
    most = plan.get("maxSuppliers")
    if most is None:
        limit = read.say("limit_any")
    elif str(most) == "1":
        limit = read.say("limit_one")
    else:
        limit = read.say("limit_some", count=str(most))
    bought = read.say(
        "bought",
        quantity=str(plan["quantity"]),
        item=clean(str(plan["specification"])),
        currency=currency,
        limit=limit,
    )
    alternative = alternative_sentence(read, plan)
    balances = plan.get("balances")
    covered = (
        None
        if balances is None
        else read.say(
            "balances_cover",
            covered=str(balances["unitsFromBalances"]),
            as_of=clean(str(balances["asOf"])),
            to_buy=str(balances["unitsToBuy"]),
        )
    )
    if best is not None:
        answer.append(headline(read, plan, best))
        answer.extend(line for line in (covered, bought) if line is not None)
        answer.append(
            read.say(
                "delivered",
                delivered=str(best["deliveredQuantity"]),
                over=str(best["overbuyQuantity"]),
                per_unit=read.money(best["costPerDeliveredUnit"]),
                currency=currency,
            )
        )
        answer.append(arrival(read, best))
        sections.append(
            Section("lines", read.words["section.lines"], table=lines_table(read, best))
        )
        breaks = [
            item
            for line in best["lines"]
            for item in break_items(read, clean(str(line["supplierId"])), line["breaks"])
        ]
        sections.append(Section("breaks", read.words["section.breaks"], items=tuple(breaks)))
    else:
        reasons = document["reasons"]
        first = reason_words(read, reasons[0]) if reasons else read.words["unknown"]
        answer.append(read.say("no_best", reason=first))
        answer.extend(line for line in (covered, bought) if line is not None)
        if alternative is not None:
            alone = single_by_id(plan)[str(plan["bestSingleSource"])]["cheapest"]
            answer.append(
                read.say(
                    "single_best",
                    who=clean(str(plan["bestSingleSource"])),
                    packs=str(alone["packs"]),
                    pack_word=read.pack_word(str(alone["packs"])),
                    total=read.money(alone["landedTotal"]),
                    currency=currency,
                    per_unit=read.money(alone["costPerDeliveredUnit"]),
                )
            )
        sections.append(
            Section(
                "reasons",
                read.words["section.reasons"],
                items=tuple(reason_words(read, r) for r in reasons),
            )
        )
    if alternative is not None:
        alone_id = str(plan["bestSingleSource"])
        alone = single_by_id(plan)[alone_id]["cheapest"]
        sections.append(
            Section(
                "alternative",
                read.words["section.alternative"],
                paragraphs=(alternative,),
                items=tuple(order_breaks(read, clean(alone_id), alone)),
            )
        )
    sections.append(
        Section(
            "single",
            read.words["section.single"],
            paragraphs=(read.words["single_note"],),
            table=single_table(read, plan),
        )
    )
    return answer, sections


def plan_view(
    document: Mapping[str, Any], lang: str = "en", raw: bytes | str | None = None
) -> PlanView:
    """The readable plan of one purchase-plan document (``PlanDocument.output``)."""
    plan = document.get("plan")
    read = Reader(lang, plan)
    status = str(document["status"])
    reasons = document.get("reasons") or []
    sections: list[Section] = []
    if status == "invalid_input":
        answer = [read.say("invalid", count=str(len(reasons)))]
        sections.append(errors_section(read, reasons, raw))
    elif status == "internal_error":
        answer = [read.say("internal")]
    elif plan is None:
        answer = [read.say("no_plan", count=str(len(reasons)))]
        sections.append(
            Section(
                "reasons",
                read.words["section.reasons"],
                items=tuple(reason_words(read, r) for r in reasons),
            )
        )
    else:
        answer, found = with_plan(read, document, plan)
        sections.extend(found)
        extra = (balances_section(read, plan), conversions_section(read, document))
        sections.extend(section for section in extra if section is not None)
    if status not in ("invalid_input", "internal_error"):
        sections.append(limitations_section(read, document.get("limitations") or []))
    item = None if plan is None else plan.get("specification")
    title = read.words["title_plain"] if item is None else read.say("title", item=clean(str(item)))
    return PlanView(lang, title, tuple(answer), status_line(read, status), tuple(sections))
