"""The readable plan's tables and lists (issue 25): the plan line by line, each supplier
alone, and the price breaks each order reaches or misses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cells import clean
from ..layout import Table
from .base import Reader


def break_items(read: Reader, who: str, breaks: Sequence[Mapping[str, Any]]) -> list[str]:
    if not breaks:
        return [read.say("break_none", who=who)]
    shown = []
    for entry in breaks:
        values = {
            "who": who,
            "minimum": str(entry["minimumQuantity"]),
            "price": read.money(entry["packPrice"]),
        }
        if entry["applies"]:
            shown.append(read.say("break_applies", **values))
        elif entry["reached"]:
            shown.append(read.say("break_passed", **values))
        else:
            shown.append(read.say("break_missed", short=str(entry["shortBy"]), **values))
    return shown


def order_breaks(read: Reader, who: str, order: Mapping[str, Any]) -> list[str]:
    """A single source's order: the break that applies and the next one, as the document
    gives them (``breakApplied``, ``nextBreak``)."""
    applied, following = order["breakApplied"], order["nextBreak"]
    shown = []
    if applied is not None:
        shown.append(
            read.say(
                "break_applies", who=who, minimum=str(applied), price=read.money(order["packPrice"])
            )
        )
    if following is not None:
        shown.append(
            read.say(
                "break_missed",
                who=who,
                minimum=str(following["minimumQuantity"]),
                price=read.money(following["packPrice"]),
                short=str(following["shortBy"]),
            )
        )
    return shown or [read.say("break_none", who=who)]


def lines_table(read: Reader, best: Mapping[str, Any]) -> Table:
    # What a buyer decides on first (packs, units, total, per unit, days), then the breakdown:
    # on a phone the first columns are the ones on screen.
    keys = (
        "supplier", "packs", "delivered", "landed", "per_unit", "lead", "pack_price",
        "goods_subtotal", "freight", "other_fees",
    )  # fmt: skip
    rows = [
        (
            clean(str(line["supplierId"])),
            str(line["packs"]),
            str(line["deliveredQuantity"]),
            read.money(line["landedTotal"]),
            read.money(line["costPerDeliveredUnit"]),
            read.lead(line["leadDays"]),
            read.money(line["packPrice"]),
            read.money(line["goodsSubtotal"]),
            read.money(line["freight"]),
            read.money(line["otherFees"]),
        )
        for line in best["lines"]
    ]
    blank = ""  # not a value of the plan as a whole (not unknown)
    rows.append(
        (
            read.words["total_row"],
            blank,
            str(best["deliveredQuantity"]),
            read.money(best["landedTotal"]),
            read.money(best["costPerDeliveredUnit"]),
            read.lead(best["leadDays"]),
            blank,
            blank,
            blank,
            blank,
        )
    )
    headers = tuple(read.words[f"col.{key}"] for key in keys)
    return Table(headers, tuple(rows), frozenset(range(1, 10)))


def _order_cell(read: Reader, order: Mapping[str, Any] | None) -> str:
    if order is None:
        return read.words["unknown"]
    return read.say("order_cell", packs=str(order["packs"]), total=read.money(order["landedTotal"]))


def _per_unit(read: Reader, order: Mapping[str, Any] | None) -> str:
    return read.words["unknown"] if order is None else read.money(order["costPerDeliveredUnit"])


def single_table(read: Reader, plan: Mapping[str, Any]) -> Table:
    keys = ("supplier", "at_need", "next_break", "cheapest", "saving", "per_unit", "lead")
    rows = []
    for entry in plan["singleSource"]:
        at_need = entry["atNeed"]
        cheapest = entry["cheapest"]
        if at_need["deliverable"]:
            need_cell = _order_cell(read, at_need)
        else:
            # Not a price anyone can buy at: what the supplier can deliver instead.
            need_cell = read.say(
                "cannot_deliver",
                units=read.lead(entry["capacityQuantity"]),
                packs=read.lead(entry["capacityPacks"]),
            )
        following = at_need["nextBreak"] if at_need["deliverable"] else None
        next_cell = (
            read.words["unknown"]
            if following is None
            else read.say(
                "next_cell",
                minimum=str(following["minimumQuantity"]),
                price=read.money(following["packPrice"]),
                short=str(following["shortBy"]),
            )
        )
        rows.append(
            (
                clean(str(entry["supplierId"])),
                need_cell,
                next_cell,
                _order_cell(read, cheapest),
                read.money(entry["saving"]),
                _per_unit(read, cheapest),
                read.lead(entry["leadDays"]),
            )
        )
    headers = tuple(read.words[f"col.{key}"] for key in keys)
    return Table(headers, tuple(rows), frozenset({4, 5, 6}))
