"""Which limit shapes the award (issue 40, item 4): why an item is split between suppliers,
and why no single supplier can supply everything alone.

Presentation only. Every figure shown is the document's (packs, goods subtotals, needs) or the
request's own (capacities, pack sizes, minimum order values), in the one money format; the
only arithmetic is deciding whether a supplier's capacity (``capacityPacks * packSize``
units, integers) falls short of an item's need, so that a capacity is named only where it
is the limit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..people import grouped
from .figures import Money, with_currency
from .request import offers_of, suppliers_of
from .words import WORDS


def _count(value: Any) -> int | None:
    """An integer the request or the document gives (an int, or its decimal string)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def split_reasons(
    award: Mapping[str, Any], request: Any, lang: str, money: Money
) -> tuple[str, ...]:
    """For each item the award splits between suppliers: each supplier that delivers its whole
    capacity for the item; else each supplier with a minimum order value (with its goods
    subtotal in the award); else that the split is only the cheaper award."""
    words = WORDS[lang]
    suppliers = suppliers_of(request)
    subtotals = {str(s["supplierId"]): s["goodsSubtotal"] for s in award["suppliers"]}
    found: list[str] = []
    for item in award["items"]:
        who = [str(s) for s in item["suppliers"]]
        if len(who) < 2:
            continue
        item_id = str(item["itemId"])
        capacities: list[str] = []
        minimums: list[str] = []
        for supplier in who:
            lines = [
                line
                for line in award["lines"]
                if str(line["supplierId"]) == supplier and str(line["itemId"]) == item_id
            ]
            entry = suppliers.get(supplier)
            offer = offers_of(entry).get(item_id, {})
            capacity = _count(offer.get("capacityPacks"))
            if capacity is not None and len(lines) == 1 and _count(lines[0]["packs"]) == capacity:
                capacities.append(
                    words["split_capacity"].format(
                        item=item_id, who=supplier, packs=grouped(str(capacity))
                    )
                )
            minimum = entry.get("minimumOrderValue") if isinstance(entry, dict) else None
            if minimum is not None and supplier in subtotals:
                quoted = entry.get("currency") if isinstance(entry, dict) else None
                shown = str(quoted) if isinstance(quoted, str) else money.currency
                minimums.append(
                    words["split_minimum_order"].format(
                        item=item_id,
                        who=supplier,
                        minimum=with_currency(money.quoted(minimum, shown or ""), shown),
                        goods=with_currency(money(subtotals[supplier]), money.currency),
                    )
                )
        # A reached capacity is the limit itself; a minimum order value is named only when no
        # capacity is reached (the page cannot tell how near a minimum binds).
        said = capacities or minimums
        if not said:
            said.append(words["split_cheaper"].format(item=item_id, who=words["and"].join(who)))
        found.extend(said)
    return tuple(found)


def _needs(document: Mapping[str, Any], request: Any) -> dict[str, int]:
    """Each item's need as the engine counted it (after balances): the award's or a baseline's
    items; the request's quantities when the document has none and no balance is given."""
    shown = [document.get("award")] + [
        (entry or {}).get("award") for entry in (document.get("baselines") or {}).values()
    ]
    for award in shown:
        if award and award.get("items"):
            return {
                str(i["itemId"]): n
                for i in award["items"]
                if (n := _count(i.get("quantity"))) is not None
            }
    if not isinstance(request, dict) or "balances" in request:
        return {}
    items = request.get("items")
    return {
        str(i["itemId"]): n
        for i in (items if isinstance(items, list) else ())
        if isinstance(i, dict) and (n := _count(i.get("quantity"))) is not None
    }


def _left_out(reasons: Sequence[Mapping[str, Any]]) -> tuple[set[str], set[tuple[str, str]]]:
    """The suppliers that take no part, and the (supplier, item) offers that take none."""
    whole: set[str] = set()
    offers: set[tuple[str, str]] = set()
    for reason in reasons:
        code, who, item = reason.get("code"), reason.get("supplierId"), reason.get("itemId")
        if code == "event_supplier_excluded" or (
            code == "event_offer_not_comparable" and item is None
        ):
            whole.add(str(who))
        elif code == "event_offer_not_comparable":
            offers.add((str(who), str(item)))
    return whole, offers


def _short(offer: Mapping[str, Any], need: int) -> tuple[int, int] | None:
    """An offer's capacity as (packs, pack size) when it cannot cover ``need`` units alone."""
    capacity = _count(offer.get("capacityPacks"))
    size = _count(offer.get("packSize"))
    if capacity is not None and size is not None and capacity * size < need:
        return capacity, size
    return None


def _taking_part(
    document: Mapping[str, Any], request: Any
) -> tuple[dict[str, dict[str, dict[str, Any]]], dict[str, int]]:
    """The offers that take part, by supplier and item, and each item's need above zero."""
    needs = {item: need for item, need in _needs(document, request).items() if need > 0}
    whole, offers_out = _left_out(document.get("reasons") or ())
    offers = {
        supplier: {
            item: offer
            for item, offer in offers_of(entry).items()
            if (supplier, item) not in offers_out
        }
        for supplier, entry in suppliers_of(request).items()
        if supplier not in whole
    }
    return offers, needs


def _infeasible(document: Mapping[str, Any], name: str, request: Any) -> bool:
    entry = (document.get("baselines") or {}).get(name) or {}
    return (
        isinstance(request, dict)
        and entry.get("award") is None
        and entry.get("reason") == "baseline_infeasible"
    )


def alone_reasons(document: Mapping[str, Any], request: Any, lang: str) -> tuple[str, ...]:
    """Why the baselines have no award. The best single supplier: for each supplier that takes
    part, the items it has no offer for that takes part, else the first item its capacity
    cannot cover. Each item from its cheapest supplier: each item no supplier can deliver whole
    alone, with their capacities. Nothing for a baseline with an award, or without the
    request's text; nothing about a limit the request does not show (a minimum order value,
    the most suppliers), which the table's general words cover."""
    single = _infeasible(document, "singleSupplier", request)
    per_item = _infeasible(document, "cheapestPerItem", request)
    if not (single or per_item):
        return ()
    words = WORDS[lang]
    found: list[str] = []
    offers, needs = _taking_part(document, request)
    if single:
        for supplier, mine in offers.items():
            lacking = [item for item in needs if item not in mine]
            if lacking:
                found.append(
                    words["alone_lacks"].format(who=supplier, items=words["and"].join(lacking))
                )
                continue
            for item, need in needs.items():
                short = _short(mine[item], need)
                if short is not None:
                    found.append(
                        words["alone_capacity"].format(
                            who=supplier,
                            item=item,
                            packs=grouped(str(short[0])),
                            size=grouped(str(short[1])),
                            need=grouped(str(need)),
                        )
                    )
                    break
    if per_item:
        for item, need in needs.items():
            makers = [(who, mine[item]) for who, mine in offers.items() if item in mine]
            shorts = [(who, _short(offer, need)) for who, offer in makers]
            if not makers or any(short is None for _, short in shorts):
                continue
            capacities = words["join_clauses"].join(
                words["capacity_of"].format(
                    who=who, packs=grouped(str(short[0])), size=grouped(str(short[1]))
                )
                for who, short in shorts
                if short is not None
            )
            found.append(
                words["item_alone_capacity"].format(
                    item=item, need=grouped(str(need)), capacities=capacities
                )
            )
    return tuple(found)
