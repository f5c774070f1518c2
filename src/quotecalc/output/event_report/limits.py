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
        if award:
            return {
                str(i["itemId"]): n
                for i in award["items"]
                if (n := _count(i["quantity"])) is not None
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


def alone_reasons(document: Mapping[str, Any], request: Any, lang: str) -> tuple[str, ...]:
    """Why the best single supplier has no award: for each supplier that takes part, the items
    it has no offer for that takes part, else an item its capacity cannot cover. Nothing when
    the baseline has an award, or without the request's text."""
    entry = (document.get("baselines") or {}).get("singleSupplier") or {}
    if entry.get("award") is not None or entry.get("reason") != "baseline_infeasible":
        return ()
    if not isinstance(request, dict):
        return ()
    words = WORDS[lang]
    needs = _needs(document, request)
    whole, offers_out = _left_out(document.get("reasons") or ())
    found: list[str] = []
    for supplier, entry_of in suppliers_of(request).items():
        if supplier in whole:
            continue
        offers = offers_of(entry_of)
        wanted = [item for item, need in needs.items() if need > 0]
        lacking = [i for i in wanted if i not in offers or (supplier, i) in offers_out]
        if lacking:
            found.append(
                words["alone_lacks"].format(who=supplier, items=words["and"].join(lacking))
            )
            continue
        for item in wanted:
            capacity = _count(offers[item].get("capacityPacks"))
            size = _count(offers[item].get("packSize"))
            if capacity is not None and size is not None and capacity * size < needs[item]:
                found.append(
                    words["alone_capacity"].format(
                        who=supplier,
                        item=item,
                        packs=grouped(str(capacity)),
                        size=grouped(str(size)),
                        need=grouped(str(needs[item])),
                    )
                )
                break
    return tuple(found)
