"""The readable plan's answer (issue 25): the headline (what to buy, the total, whether it is
proven the least, the saving against the best single supplier), when it arrives, and the best
single supplier as the alternative."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..cells import clean
from .base import Reader, single_by_id


def headline(read: Reader, plan: Mapping[str, Any], best: Mapping[str, Any]) -> str:
    lines = best["lines"]
    currency = clean(str(plan["currency"]))
    orders = [
        read.say(
            "order_first" if index == 0 else "order_next",
            packs=str(line["packs"]),
            pack_word=read.pack_word(str(line["packs"])),
            who=clean(str(line["supplierId"])),
        )
        for index, line in enumerate(lines)
    ]
    if best["proven"] is True:
        proof = read.say("least_total_proven")
    elif best.get("costProven") is True:
        # The least total is proven (issue 38); only the order among equally cheap plans is
        # open: never "not proven" for a proven total.
        proof = read.say("ties_open")
    else:
        proof = read.say("unproven", bound=read.money(best["lowerBound"]), currency=currency)
    alone_id = plan.get("bestSingleSource")
    saving = best.get("savingVsSingleSource")
    if alone_id is None or saving is None:
        compare = read.say("compare_none", quantity=str(plan["quantity"]))
    else:
        alone = single_by_id(plan)[str(alone_id)]["cheapest"]
        values = {
            "who": clean(str(alone_id)),
            "packs": str(alone["packs"]),
            "pack_word": read.pack_word(str(alone["packs"])),
            "total": read.money(alone["landedTotal"]),
        }
        if Decimal(str(saving)) == 0:
            compare = read.say("compare_same", **values)
        else:
            compare = read.say("compare_saving", saving=read.money(saving), **values)
    return read.say(
        "buy",
        orders=read.join(orders),
        total=read.money(best["landedTotal"]),
        currency=currency,
        proof=proof,
        compare=compare,
    )


def arrival(read: Reader, best: Mapping[str, Any]) -> str:
    lines = best["lines"]
    days = best.get("leadDays")
    if days is None:
        unknown = [clean(str(line["supplierId"])) for line in lines if line["leadDays"] is None]
        return read.say("arrives_unknown", who=read.words["join"].join(unknown))
    slowest = [clean(str(line["supplierId"])) for line in lines if line["leadDays"] == days]
    key = "arrives_one" if len(lines) == 1 else "arrives"
    return read.say(key, days=str(days), who=read.words["join"].join(slowest))


def alternative_sentence(read: Reader, plan: Mapping[str, Any]) -> str | None:
    alone_id = plan.get("bestSingleSource")
    if alone_id is None:
        return None
    entry = single_by_id(plan)[str(alone_id)]
    order = entry["cheapest"]
    days = entry["leadDays"]
    return read.say(
        "alternative",
        who=clean(str(alone_id)),
        packs=str(order["packs"]),
        pack_word=read.pack_word(str(order["packs"])),
        delivered=str(order["deliveredQuantity"]),
        over=str(order["overbuyQuantity"]),
        total=read.money(order["landedTotal"]),
        currency=clean(str(plan["currency"])),
        per_unit=read.money(order["costPerDeliveredUnit"]),
        lead=read.say("lead_unknown") if days is None else read.say("lead_days", days=str(days)),
    )
