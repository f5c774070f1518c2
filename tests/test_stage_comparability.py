"""White-box tests of the comparability gate (CONTRACT §6, §16 "Quality and constraints").

A quote is comparable iff the root ``specification`` and ``currency`` are present and the
quote's own values are present and exactly equal to them (no trimming, case folding or
Unicode normalisation). Conflicts name the quote's own problems; a missing root field is not
a per-quote conflict. The order of ``conflicts`` carries no meaning (§16), so they are
compared as sets.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest

from quotecalc.core.context import Comparability, Context, Request
from quotecalc.stages.comparability import ComparabilityGate, assess

SPEC = "M6 bolt"
CUR = "CNY"
ROOT: dict[str, Any] = {"specification": SPEC, "currency": CUR}

ASSESS: list[tuple[dict[str, Any], dict[str, Any], bool, set[str]]] = [
    # (root, quote, comparable, conflicts)
    (ROOT, {"specification": SPEC, "currency": CUR}, True, set()),
    (ROOT, {"specification": "m6 bolt", "currency": CUR}, False, {"specification_mismatch"}),
    (ROOT, {"specification": "M6 bolt ", "currency": CUR}, False, {"specification_mismatch"}),
    (ROOT, {"specification": " M6 bolt", "currency": CUR}, False, {"specification_mismatch"}),
    (ROOT, {"specification": SPEC, "currency": "USD"}, False, {"currency_mismatch"}),
    (
        ROOT,
        {"specification": "M8 bolt", "currency": "USD"},
        False,
        {"specification_mismatch", "currency_mismatch"},
    ),
    (ROOT, {"currency": CUR}, False, {"specification_missing"}),
    (ROOT, {"specification": SPEC}, False, {"currency_missing"}),
    (ROOT, {}, False, {"specification_missing", "currency_missing"}),
    (ROOT, {"currency": "USD"}, False, {"specification_missing", "currency_mismatch"}),
    (
        ROOT,
        {"specification": "x", "leadDays": 3},
        False,
        {"specification_mismatch"} | {"currency_missing"},
    ),
    # root field absent: not comparable, but no per-quote conflict for the root's absence
    ({"currency": CUR}, {"specification": SPEC, "currency": CUR}, False, set()),
    ({"specification": SPEC}, {"specification": SPEC, "currency": CUR}, False, set()),
    ({}, {"specification": SPEC, "currency": CUR}, False, set()),
    # ... and no mismatch either: there is nothing to compare with
    ({"specification": SPEC}, {"specification": SPEC, "currency": "USD"}, False, set()),
    # the quote's own absence is still its conflict
    ({}, {"currency": CUR}, False, {"specification_missing"}),
    ({}, {}, False, {"specification_missing", "currency_missing"}),
]


@pytest.mark.parametrize(("root", "quote", "comparable", "conflicts"), ASSESS)
def test_assess(
    root: dict[str, Any], quote: dict[str, Any], comparable: bool, conflicts: set[str]
) -> None:
    result = assess(MappingProxyType(root), MappingProxyType(quote))
    assert result.comparable is comparable
    assert set(result.conflicts) == conflicts
    assert len(result.conflicts) == len(conflicts)


@pytest.mark.parametrize(
    ("root_spec", "quote_spec"),
    [
        ("caf\u00e9", "cafe\u0301"),  # NFC vs NFD: different strings
        ("\uff2d6", "M6"),  # FULLWIDTH M vs M
        ("STRASSE", "stra\u00dfe"),  # case folding would make them equal
        ("M6\u00a0bolt", "M6 bolt"),  # no-break space vs space
    ],
)
def test_exact_string_equality_only(root_spec: str, quote_spec: str) -> None:
    root = MappingProxyType({"specification": root_spec, "currency": CUR})
    quote = MappingProxyType({"specification": quote_spec, "currency": CUR})
    assert assess(root, quote) == Comparability(False, ("specification_mismatch",))


def test_other_fields_play_no_part() -> None:
    # no conversion of any kind: pack sizes, prices etc. do not affect comparability
    root = MappingProxyType({**ROOT, "quantity": 100})
    quote = MappingProxyType({**ROOT, "supplierId": "A", "packSize": 12, "packPrice": None})
    assert assess(root, quote) == Comparability(True, ())


def request(root: dict[str, Any], *quotes: dict[str, Any]) -> Request:
    return Request(
        fields=MappingProxyType(root),
        quotes=tuple(MappingProxyType(quote) for quote in quotes),
    )


def test_stage_gives_one_result_per_quote_in_input_order() -> None:
    req = request(
        ROOT,
        {"supplierId": "A", "specification": SPEC, "currency": CUR},
        {"supplierId": "B", "specification": SPEC, "currency": "EUR"},
        {"supplierId": "C", "currency": CUR},
        {"supplierId": "D", "specification": SPEC, "currency": CUR},
    )
    before = Context(raw=b"", request=req)
    ctx = ComparabilityGate()(before)
    assert ctx.comparability == (
        Comparability(True, ()),
        Comparability(False, ("currency_mismatch",)),
        Comparability(False, ("specification_missing",)),
        Comparability(True, ()),
    )
    # nothing else changed, and the context it got is untouched
    assert ctx.request is req
    assert ctx.halt is None
    assert ctx.packs == ()
    assert before.comparability == ()


def test_stage_with_root_field_missing_marks_every_quote() -> None:
    req = request(
        {"currency": CUR},
        {"supplierId": "A", "specification": SPEC, "currency": CUR},
        {"supplierId": "B", "currency": CUR},
    )
    ctx = ComparabilityGate()(Context(raw=b"", request=req))
    assert ctx.comparability == (
        Comparability(False, ()),
        Comparability(False, ("specification_missing",)),
    )


def test_stage_name() -> None:
    assert ComparabilityGate().name == "comparability"
