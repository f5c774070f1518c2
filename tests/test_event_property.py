"""Properties of the event award through the whole request path (issue 26): for generated
small events, the document's award is the brute-force optimum by the stated order
(``event_standin.py``, independent of the engine), and shuffling the request's arrays changes
no byte of the answer."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import event_standin as brute
from event_support import HAS_ENGINE
from quotecalc.planning.event_document import award

if not HAS_ENGINE:
    pytest.skip("compares the engine with the stand-in", allow_module_level=True)

PRICES = st.sampled_from(["0", "1", "2.5", "3", "4.75", "6"])


@st.composite
def events(draw: Any) -> dict[str, Any]:
    n_items = draw(st.integers(1, 2))
    items = [
        {"itemId": f"i{k}", "specification": f"s{k}", "quantity": draw(st.integers(1, 6))}
        for k in range(n_items)
    ]
    if draw(st.booleans()):
        items[0]["maxSuppliers"] = 1
    suppliers = []
    for s in range(draw(st.integers(1, 3))):
        offers = []
        for k in range(n_items):
            if draw(st.integers(0, 3)) == 0:
                continue
            offer: dict[str, Any] = {
                "itemId": f"i{k}",
                "specification": f"s{k}",
                "packSize": draw(st.integers(1, 3)),
                "minimumPacks": draw(st.integers(0, 2)),
                "packPrice": draw(PRICES),
            }
            if draw(st.booleans()):
                offer["priceBreaks"] = [{"minimumQuantity": 4, "packPrice": draw(PRICES)}]
            if draw(st.integers(0, 3)) == 0:
                offer["capacityPacks"] = draw(st.integers(1, 4))
            offers.append(offer)
        if not offers:
            continue
        entry: dict[str, Any] = {
            "supplierId": "ABC"[s],
            "currency": "CNY",
            "freight": draw(st.sampled_from(["0", "2", "5"])),
            "otherFees": draw(st.sampled_from(["0", "1"])),
            "offers": offers,
        }
        if draw(st.integers(0, 2)) == 0:
            entry["minimumOrderValue"] = draw(st.sampled_from(["5", "10"]))
        if draw(st.integers(0, 2)) == 0:
            entry["spendDiscounts"] = [{"minimumSpend": "8", "percent": "10"}]
        suppliers.append(entry)
    body: dict[str, Any] = {"schemaVersion": 1, "currency": "CNY", "items": items}
    body["suppliers"] = suppliers or [
        {
            "supplierId": "A",
            "currency": "CNY",
            "freight": "0",
            "otherFees": "0",
            "offers": [
                {
                    "itemId": "i0",
                    "specification": "s0",
                    "packSize": 1,
                    "minimumPacks": 0,
                    "packPrice": "1",
                }
            ],
        }
    ]
    if draw(st.integers(0, 3)) == 0:
        body["maxSuppliers"] = 1
    return body


def _oracle(body: dict[str, Any]) -> tuple[Decimal, list[tuple[str, str, int]]] | None:
    """The brute-force optimum of the event, built here from the JSON (not by the stage)."""
    items = sorted(body["items"], key=lambda i: i["itemId"])
    need_of = {i["itemId"]: n for n, i in enumerate(items)}
    suppliers = sorted(body["suppliers"], key=lambda s: s["supplierId"])
    vendors = tuple(
        brute.Vendor(
            s["supplierId"],
            Decimal(s["freight"]),
            Decimal(s["otherFees"]),
            Decimal(s["minimumOrderValue"]) if "minimumOrderValue" in s else None,
            tuple(
                (Decimal(t["minimumSpend"]), Decimal(t["percent"]))
                for t in s.get("spendDiscounts", ())
            ),
        )
        for s in suppliers
    )
    lines = tuple(
        sorted(
            (
                brute.Line(
                    v,
                    need_of[o["itemId"]],
                    o["packSize"],
                    o["minimumPacks"],
                    Decimal(o["packPrice"]),
                    tuple(
                        (b["minimumQuantity"], Decimal(b["packPrice"]))
                        for b in o.get("priceBreaks", ())
                    ),
                    o.get("capacityPacks"),
                )
                for v, s in enumerate(suppliers)
                for o in s["offers"]
            ),
            key=lambda line: (items[line.need]["itemId"], suppliers[line.vendor]["supplierId"]),
        )
    )
    model = brute.Event(
        tuple(brute.Need(i["itemId"], i["quantity"], i.get("maxSuppliers")) for i in items),
        vendors,
        lines,
        body.get("maxSuppliers"),
    )
    found = brute._search(model, None, extra=4)
    if found is None:
        return None
    chosen = [
        (items[line.need]["itemId"], suppliers[line.vendor]["supplierId"], n)
        for line, n in zip(model.lines, found, strict=True)
        if n
    ]
    return brute.costing(model, found).landed_total, chosen


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events(), st.randoms(use_true_random=False))
def test_the_award_is_the_brute_force_optimum(
    body: dict[str, Any], shuffler: random.Random
) -> None:
    raw = json.dumps(body).encode()
    done = award(raw)
    expected = _oracle(body)
    if expected is None:
        assert done.output["award"] is None
        assert "event_infeasible" in [r["code"] for r in done.output["reasons"]]
    else:
        shown = done.output["award"]
        assert shown is not None and shown["proven"] is True
        assert Decimal(shown["landedTotal"]) == expected[0]
        got = [(x["itemId"], x["supplierId"], int(x["packs"])) for x in shown["lines"]]
        assert got == expected[1]
    shuffled = json.loads(raw)
    shuffler.shuffle(shuffled["items"])
    shuffler.shuffle(shuffled["suppliers"])
    for entry in shuffled["suppliers"]:
        shuffler.shuffle(entry["offers"])
    assert award(json.dumps(shuffled).encode()).to_json() == done.to_json()
