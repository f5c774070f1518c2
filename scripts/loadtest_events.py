"""Hard sourcing events as request bytes (issue 34): the award bench's generated events
(``scripts/bench_event.py``, 50 items x 20 suppliers by default) written as the event request
``POST /quotecalc/event`` and ``--input-json - --event`` read (``docs/event.md``).

Not a module of the package; ``scripts/loadtest.py`` and the load tests import it from this
folder. The writer is the inverse of the event stage's model builder: one supplier per vendor
(CNY, its fees, minimum order value and spend tiers), one offer per line (the line's item, pack
size, minimum packs, pack price, breaks as ``minimumQuantity``/``packPrice``, capacity), one
item per need.
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_event import generate

CURRENCY = "CNY"


def _money(value: Decimal) -> str:
    return format(value, "f")


def event_document(seed: int, items: int = 50, suppliers: int = 20) -> dict[str, Any]:
    """The request of the bench's event ``seed`` (the same event ``best_award`` is timed on)."""
    event = generate(seed, items, suppliers)
    offers: list[list[dict[str, Any]]] = [[] for _ in event.vendors]
    for line in event.lines:
        need = event.needs[line.need]
        offer: dict[str, Any] = {
            "itemId": need.item_id,
            "specification": f"spec-{need.item_id}",
            "packSize": line.pack_size,
            "minimumPacks": line.minimum_packs,
            "packPrice": _money(line.pack_price),
        }
        if line.breaks:
            offer["priceBreaks"] = [
                {"minimumQuantity": quantity, "packPrice": _money(price)}
                for quantity, price in line.breaks
            ]
        if line.capacity is not None:
            offer["capacityPacks"] = line.capacity
        offers[line.vendor].append(offer)
    suppliers_out = []
    for index, vendor in enumerate(event.vendors):
        if not offers[index]:
            continue
        supplier: dict[str, Any] = {
            "supplierId": vendor.supplier_id,
            "currency": CURRENCY,
            "freight": _money(vendor.freight),
            "otherFees": _money(vendor.other_fees),
        }
        if vendor.minimum_order_value is not None:
            supplier["minimumOrderValue"] = _money(vendor.minimum_order_value)
        if vendor.tiers:
            supplier["spendDiscounts"] = [
                {"minimumSpend": _money(spend), "percent": _money(percent)}
                for spend, percent in vendor.tiers
            ]
        supplier["offers"] = offers[index]
        suppliers_out.append(supplier)
    document: dict[str, Any] = {
        "schemaVersion": 1,
        "currency": CURRENCY,
        "items": [
            {
                "itemId": need.item_id,
                "specification": f"spec-{need.item_id}",
                "quantity": need.quantity,
                **({"maxSuppliers": need.max_suppliers} if need.max_suppliers else {}),
            }
            for need in event.needs
        ],
        "suppliers": suppliers_out,
    }
    if event.max_suppliers is not None:
        document["maxSuppliers"] = event.max_suppliers
    return document


def event_bytes(seed: int, items: int = 50, suppliers: int = 20) -> bytes:
    """:func:`event_document` as indented UTF-8 JSON (indented like a hand-written file)."""
    return json.dumps(event_document(seed, items, suppliers), indent=2).encode("utf-8")
