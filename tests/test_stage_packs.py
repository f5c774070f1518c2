"""White-box tests of the pack-count stage (CONTRACT §7, §5, §6).

- packsRequired = ceil(q / packSize)
- packsPurchased = max(packsRequired, minimumPacks)
- deliveredQuantity = packsPurchased * packSize
- overbuyQuantity = deliveredQuantity - q

Each value is None when an input it depends on is missing; a non-comparable quote gets none.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest

from quotecalc.core.context import Comparability, Context, PackCounts, Request
from quotecalc.stages.packs import PackCountStage, count_packs

COUNTS: list[tuple[int, int, int, tuple[int, int, int, int]]] = [
    # (q, packSize, minimumPacks) -> (required, purchased, delivered, overbuy)
    # 12 * 8 = 96 < 100 <= 108 = 12 * 9: 9 packs, 108 units, 8 over
    (100, 12, 0, (9, 9, 108, 8)),
    # 100 / 10 = 10 exactly: nothing over
    (100, 10, 0, (10, 10, 100, 0)),
    # MOQ 20 packs beats the 9 needed: 20 * 12 = 240, 240 - 100 = 140 over
    (100, 12, 20, (9, 20, 240, 140)),
    # MOQ equal to the need: no change
    (100, 12, 9, (9, 9, 108, 8)),
    # MOQ below the need: the need wins
    (100, 12, 3, (9, 9, 108, 8)),
    # one unit from a 1000-pack: 1 pack, 999 over
    (1, 1000, 0, (1, 1, 1000, 999)),
    (7, 7, 1, (1, 1, 7, 0)),
    # 3 * 333333333 = 999999999 < 10^9: 333333334 packs, 1000000002 units, 2 over
    (10**9, 3, 0, (333333334, 333333334, 1000000002, 2)),
    (10**9, 1, 10**9, (10**9, 10**9, 10**9, 0)),
    # 1 pack needed, MOQ 10^9 packs of 10^9: 10^18 delivered, 10^18 - 10^9 over
    (10**9, 10**9, 10**9, (1, 10**9, 10**18, 10**18 - 10**9)),
]


@pytest.mark.parametrize(("quantity", "pack_size", "minimum_packs", "expected"), COUNTS)
def test_count_packs(
    quantity: int, pack_size: int, minimum_packs: int, expected: tuple[int, int, int, int]
) -> None:
    assert count_packs(quantity, pack_size, minimum_packs) == PackCounts(*expected)


@pytest.mark.parametrize(
    ("quantity", "pack_size", "minimum_packs", "expected"),
    [
        # minimumPacks omitted: packsRequired is known (ceil(100/12) = 9), the rest is not
        (100, 12, None, PackCounts(packs_required=9)),
        # quantity or packSize omitted: nothing is known (never read as 0)
        (None, 12, 0, PackCounts()),
        (100, None, 0, PackCounts()),
        (None, None, None, PackCounts()),
    ],
)
def test_count_packs_with_missing_inputs(
    quantity: int | None, pack_size: int | None, minimum_packs: int | None, expected: PackCounts
) -> None:
    assert count_packs(quantity, pack_size, minimum_packs) == expected


def test_zero_minimum_packs_is_a_value_not_a_missing_one() -> None:
    # minimumPacks 0 is valid (§4.3): everything is known
    assert count_packs(5, 2, 0) == PackCounts(3, 3, 6, 1)
    assert count_packs(5, 2, None) == PackCounts(3, None, None, None)


def test_results_are_exact_ints() -> None:
    counts = count_packs(10**9, 7, 0)
    # 7 * 142857142 = 999999994 < 10^9 <= 1000000001 = 7 * 142857143
    assert counts == PackCounts(142857143, 142857143, 1000000001, 1)
    assert all(
        type(value) is int
        for value in (
            counts.packs_required,
            counts.packs_purchased,
            counts.delivered_quantity,
            counts.overbuy_quantity,
        )
    )


def context(root: dict[str, Any], quotes: list[dict[str, Any]], comparable: list[bool]) -> Context:
    req = Request(
        fields=MappingProxyType(root),
        quotes=tuple(MappingProxyType(quote) for quote in quotes),
    )
    gates = tuple(
        Comparability(flag, () if flag else ("specification_mismatch",)) for flag in comparable
    )
    return Context(raw=b"", request=req, comparability=gates)


def test_stage_counts_comparable_quotes_only() -> None:
    quotes = [
        {"supplierId": "A", "packSize": 12, "minimumPacks": 0},
        {"supplierId": "B", "packSize": 12, "minimumPacks": 0},  # not comparable
        {"supplierId": "C", "packSize": 25, "minimumPacks": 5},
        {"supplierId": "D", "packSize": 10},  # minimumPacks omitted
    ]
    ctx = PackCountStage()(context({"quantity": 100}, quotes, [True, False, True, True]))
    assert ctx.packs == (
        PackCounts(9, 9, 108, 8),
        PackCounts(),  # non-comparable: no normalisation at all (§6)
        # ceil(100 / 25) = 4 < MOQ 5: 5 packs, 125 units, 25 over
        PackCounts(4, 5, 125, 25),
        PackCounts(packs_required=10),
    )


def test_stage_without_root_quantity() -> None:
    quotes = [{"supplierId": "A", "packSize": 12, "minimumPacks": 0}]
    ctx = PackCountStage()(context({}, quotes, [True]))
    assert ctx.packs == (PackCounts(),)


def test_stage_leaves_the_rest_of_the_context() -> None:
    before = context(
        {"quantity": 1}, [{"supplierId": "A", "packSize": 1, "minimumPacks": 0}], [True]
    )
    ctx = PackCountStage()(before)
    assert ctx.packs == (PackCounts(1, 1, 1, 0),)
    assert before.packs == ()
    assert ctx.request is before.request
    assert ctx.comparability is before.comparability
    assert ctx.costs == ()
    assert ctx.halt is None


def test_stage_name() -> None:
    assert PackCountStage().name == "packs"
