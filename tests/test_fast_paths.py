"""The leaner paths of the second performance pass (docs/performance.md, decisions 103-108).

Each fast path must give exactly what the path it short-cuts gives; the expected values are
computed here independently (Fractions, Decimal, the full readers):

- ``exact``: the column forms (``format_ratios``, ``format_ratio_column``, ``format_exacts``,
  ``scaled_integers``) against an independent half-up rounding and plain notation;
- ``validate``: a column reader either declines (``None``) or accepts exactly the values the
  full reader accepts; well-formed values are always taken by it; reading an array's objects
  by column gives what reading each object gives;
- a number literal (``JsonNumber``) is never text, on the quick path or the full one;
- ``Ranking``: the compact record lists the same facts as one ``RankEntry`` per position;
- ``Result.to_json``: the encoder without the circular-reference check writes what
  ``json.dumps`` writes, objects shared across rankings included.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quotecalc import calculate
from quotecalc.core.context import FieldError, RankEntry, ScoreTable
from quotecalc.core.exact import (
    Ratio,
    format_exacts,
    format_ratio,
    format_ratio_column,
    format_ratios,
    scaled_integers,
)
from quotecalc.core.fields import QUOTE_FIELDS
from quotecalc.stages.parse import JsonNumber, parse_json
from quotecalc.stages.scoring import rank
from quotecalc.stages.validate import (
    COLUMN_READERS,
    SCALAR_READERS,
    Rejected,
    _read_by_column,
    read_fields,
)

# ---- exact: the column forms ----


def half_up(fraction: Fraction) -> str:
    """ROUND_HALF_UP to 6 places by Decimal's own rounding (independent of exact.py).

    At 200 digits the quotient cannot land on the wrong side of a half: with denominators up
    to 10^40, a value that is not exactly half way is at least 10^-47 away from it.
    """
    with localcontext(prec=200):
        quotient = Decimal(fraction.numerator) / Decimal(fraction.denominator)
        return str(quotient.quantize(Decimal("0.000001"), rounding=ROUND_HALF_UP))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=10**40), min_size=0, max_size=8),
    st.integers(min_value=1, max_value=10**40),
)
def test_format_ratios_is_format_ratio_of_each(numerators: list[int], denominator: int) -> None:
    texts = format_ratios(numerators, denominator)
    assert texts == [half_up(Fraction(n, denominator)) for n in numerators]
    assert texts == [format_ratio(Ratio(n, denominator)) for n in numerators]


def test_format_ratio_column_keeps_none_in_place() -> None:
    column = [Ratio(1, 3), None, Ratio(2, 3), None, Ratio(5, 10**7)]
    assert format_ratio_column(column) == ["0.333333", None, "0.666667", None, "0.000001"]
    assert format_ratio_column([]) == []
    assert format_ratio_column([None, None]) == [None, None]


def test_format_exacts_keeps_digits_and_none() -> None:
    values: list[Decimal | int | None] = [Decimal("35.00"), 0, None, Decimal("0.000001"), 10**9]
    assert format_exacts(values) == ["35.00", "0", None, "0.000001", "1000000000"]


EXACTS = st.one_of(
    st.none(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.decimals(allow_nan=True, allow_infinity=True).filter(lambda value: not value.is_snan()),
    st.sampled_from([Decimal("1E+2"), Decimal("0E-7"), Decimal("1E-7"), Decimal("-0.00")]),
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.lists(EXACTS, max_size=6), st.lists(st.decimals(places=6), max_size=6)))
def test_format_exacts_is_plain_notation_of_each(values: list[Decimal | int | None]) -> None:
    expected = [
        None if value is None else str(value) if isinstance(value, int) else format(value, "f")
        for value in values
    ]
    assert format_exacts(values) == expected
    assert format_exacts(iter(values)) == expected


@given(st.lists(st.decimals(min_value=0, max_value=10**15, places=6), max_size=6))
def test_scaled_integers_is_exact(values: list[Decimal]) -> None:
    assert scaled_integers(values, 6) == [int(value * 10**6) for value in values]


def test_scaled_integers_refuses_to_drop_digits_anywhere_in_the_column() -> None:
    with pytest.raises(ArithmeticError):
        scaled_integers([Decimal("1.5"), Decimal("0.0000001")], 6)


# ---- validate: column readers against the full readers ----

NUMBER_TEXTS = st.one_of(
    st.from_regex(r"-?(0|[1-9][0-9]{0,20})(\.[0-9]{0,8})?([eE][+-]?[0-9]{1,3})?", fullmatch=True),
    st.sampled_from(["", " ", "00", "01", "1.", ".5", "NaN", "Infinity", "1_000", "\u0661", "+1"]),
    st.text(max_size=60),
)
RAWS = st.builds(
    lambda text, literal: JsonNumber(text) if literal else text, NUMBER_TEXTS, st.booleans()
)
ROWS = [rule for rule in QUOTE_FIELDS if rule.kind in COLUMN_READERS]


def rule_named(name: str) -> Any:
    return next(rule for rule in QUOTE_FIELDS if rule.name == name)


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(ROWS), st.lists(RAWS, min_size=1, max_size=4))
def test_a_column_reader_accepts_only_what_the_full_reader_accepts(
    rule: Any, raws: list[object]
) -> None:
    read = COLUMN_READERS[rule.kind](rule, raws)
    full = [SCALAR_READERS[rule.kind](rule, raw) for raw in raws]
    if read is None:
        return
    assert len(read) == len(raws)
    for value, expected in zip(read, full, strict=True):
        assert not isinstance(expected, Rejected)
        assert value == expected and type(value) is type(expected)
        assert str(value) == str(expected)  # the same digits (35.00 stays 35.00)


@pytest.mark.parametrize(
    ("name", "raw", "expected"),
    [
        ("packPrice", "35.00", Decimal("35.00")),
        ("packPrice", JsonNumber("0.5"), Decimal("0.5")),
        ("packSize", JsonNumber("100"), 100),
        ("packSize", "100", 100),
        ("leadDays", JsonNumber("0"), 0),
        ("supplierId", "A-1", "A-1"),
        ("currency", "CNY", "CNY"),
    ],
)
def test_well_formed_values_take_the_column_path(name: str, raw: object, expected: object) -> None:
    rule = rule_named(name)
    read = COLUMN_READERS[rule.kind](rule, [raw, raw])
    assert read is not None
    assert read == [expected, expected] and type(read[0]) is type(expected)


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("packSize", JsonNumber("12.0")),  # accepted as 12, but only by the full reader
        ("packSize", JsonNumber("0")),  # positive: out of range
        ("packPrice", "1e3"),
        ("packPrice", "-1"),
        ("supplierId", " "),
        ("supplierId", JsonNumber("5")),  # a number literal is not text
        ("currency", "cny"),
        ("currency", "ÀBC"),
        ("currency", JsonNumber("123")),
        ("packPrice", None),
        ("packPrice", True),
        # two plain numbers in one text: the column is matched as one text, line by line
        ("packPrice", "1\n2"),
        ("packSize", "1\n2"),
        ("packPrice", "\n"),
        ("supplierId", ""),
        ("supplierId", "A" * 200),
        ("currency", "CN"),
        ("currency", "CNYY"),
        ("currency", "C1Y"),
    ],
)
def test_one_unusual_value_sends_the_column_to_the_full_readers(name: str, raw: object) -> None:
    rule = rule_named(name)
    good = {"packSize": "1", "packPrice": "1", "supplierId": "A", "currency": "CNY"}[name]
    assert COLUMN_READERS[rule.kind](rule, [good, raw, good]) is None
    assert COLUMN_READERS[rule.kind](rule, [good, good]) is not None


def test_bounds_of_a_column_are_checked_at_both_ends() -> None:
    rule = rule_named("packSize")  # positive integer up to 10^9
    assert COLUMN_READERS[rule.kind](rule, ["5", "1000000000", "1"]) == [5, 10**9, 1]
    assert COLUMN_READERS[rule.kind](rule, ["5", "1000000001", "1"]) is None
    assert COLUMN_READERS[rule.kind](rule, ["5", "0", "1"]) is None


FIELD_VALUES: dict[str, list[object]] = {
    "supplierId": ["A", "B", "", 5, None],
    "specification": ["bolt", " ", JsonNumber("1")],
    "currency": ["CNY", "cny"],
    "packSize": [JsonNumber("100"), "100", JsonNumber("12.0"), JsonNumber("0"), "x"],
    "minimumPacks": [JsonNumber("0"), JsonNumber("3")],
    "packPrice": ["35.00", JsonNumber("1.5"), "1e3", None],
    "freight": ["0", "-1"],
    "otherFees": ["0"],
    "leadDays": [JsonNumber("5"), JsonNumber("1.5")],
    "qualityEvidence": ["audit"],
    "qualityScore": ["3.5", JsonNumber("4")],
    "qualityDefinition": ["audit 1-5"],
    "unknownKey": [1],
}
# Mostly the first (well-formed) value of each field, so that whole arrays are often well
# formed and the column path is taken; now and then another value, absent fields, an unknown
# key.
PICK = st.one_of(st.just(0), st.just(0), st.just(0), st.integers(min_value=0, max_value=4))
QUOTES = st.lists(
    st.dictionaries(st.sampled_from(sorted(FIELD_VALUES)), PICK, max_size=len(FIELD_VALUES)).map(
        lambda picks: {
            name: FIELD_VALUES[name][index % len(FIELD_VALUES[name])]
            for name, index in {"supplierId": 0, **picks}.items()
            if name != "unknownKey" or index == 4
        }
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=400, deadline=None)
@given(QUOTES)
def test_reading_by_column_is_reading_each_object(elements: list[dict[str, Any]]) -> None:
    by_column = _read_by_column(QUOTE_FIELDS, elements)
    errors: list[FieldError] = []
    one_by_one = [read_fields(QUOTE_FIELDS, element, "/quotes/0", errors) for element in elements]
    if by_column is None:
        return
    assert errors == []
    assert [dict(values) for values in by_column] == [dict(values) for values in one_by_one]
    # The same key order (row order) as well.
    assert [list(values) for values in by_column] == [list(values) for values in one_by_one]


def test_well_formed_quotes_are_read_by_column() -> None:
    elements: list[dict[str, Any]] = [
        {"supplierId": "A", "packPrice": "1.50", "leadDays": JsonNumber("3")},
        {"supplierId": "B", "packPrice": JsonNumber("2")},
    ]
    read = _read_by_column(QUOTE_FIELDS, elements)
    assert read is not None
    assert [dict(values) for values in read] == [
        {"supplierId": "A", "packPrice": Decimal("1.50"), "leadDays": 3},
        {"supplierId": "B", "packPrice": Decimal("2")},
    ]
    assert _read_by_column(QUOTE_FIELDS, [*elements, {"packPrice": "1"}]) is None  # no id
    assert _read_by_column(QUOTE_FIELDS, [*elements, {"supplierId": "C", "x": 1}]) is None
    assert _read_by_column(QUOTE_FIELDS, [*elements, []]) is None


def test_a_number_literal_in_text_fields_is_invalid_type() -> None:
    document = parse_json(b'{"supplierId":5,"specification":1.5,"currency":123}')
    assert isinstance(document, dict)
    assert isinstance(document["supplierId"], JsonNumber)
    assert document["supplierId"].text == "5" and type(document["supplierId"].text) is str
    errors: list[FieldError] = []
    values = read_fields(QUOTE_FIELDS, document, "/quotes/0", errors)
    assert "supplierId" not in values and "currency" not in values
    assert {(error.code, error.path) for error in errors} >= {
        ("invalid_type", "/quotes/0/supplierId"),
        ("invalid_type", "/quotes/0/specification"),
        ("invalid_type", "/quotes/0/currency"),
    }


# ---- Ranking: the compact record and the entries it stands for ----

COMPONENTS = tuple(MappingProxyType({"cost": Ratio(n, 4)}) for n in (4, 1, 3, 1, 0))
TABLE = ScoreTable(
    supplier_ids=("E", "D", "C", "B", "A"),
    dimensions=("cost",),
    terms=((4, 1, 3, 1, 0),),
    denominator=4,
    components=COMPONENTS,
)


def test_ranking_holds_order_dense_ranks_and_distinct_scores() -> None:
    weights = MappingProxyType(
        {"cost": Decimal("1"), "delivery": Decimal("0"), "quality": Decimal("0")}
    )
    ranking = rank(TABLE, weights)
    # Totals (weights scaled by 10^12): E 4, C 3, B and D 1 (tie, by code point B < D), A 0.
    assert ranking.supplier_ids == ("E", "C", "B", "D", "A")
    assert ranking.order == (0, 2, 3, 1, 4)
    assert ranking.ranks == (1, 2, 3, 3, 4)
    unit = 10**12
    assert ranking.scores == (4 * unit, 3 * unit, 1 * unit, 0)
    assert ranking.denominator == unit * 4
    assert ranking.components is TABLE.components
    entries = list(ranking)
    assert len(ranking) == 5
    assert [entries[p] == ranking[p] for p in range(5)] == [True] * 5
    expected = [
        ("E", 1, Fraction(1)),
        ("C", 2, Fraction(3, 4)),
        ("B", 3, Fraction(1, 4)),
        ("D", 3, Fraction(1, 4)),
        ("A", 4, Fraction(0)),
    ]
    assert [
        (e.supplier_id, e.rank, Fraction(e.score.numerator, e.score.denominator)) for e in entries
    ] == expected
    assert all(isinstance(entry, RankEntry) for entry in entries)
    assert [entry.components for entry in entries] == [COMPONENTS[i] for i in (0, 2, 3, 1, 4)]
    # Tied candidates share one score object, as the per-entry ranking did.
    assert entries[2].score is entries[3].score


def test_same_order_compares_ranks_and_supplier_ids() -> None:
    cost = MappingProxyType(
        {"cost": Decimal("1"), "delivery": Decimal("0"), "quality": Decimal("0")}
    )
    doubled = MappingProxyType(
        {"cost": Decimal("2"), "delivery": Decimal("0"), "quality": Decimal("0")}
    )
    base, again = rank(TABLE, cost), rank(TABLE, doubled)
    # Doubling every weight changes no score: numerators and denominator both double.
    assert base.same_order(again)
    assert again.scores == tuple(2 * total for total in base.scores)
    assert again.denominator == 2 * base.denominator
    untied = ScoreTable(
        supplier_ids=TABLE.supplier_ids,
        dimensions=("cost",),
        terms=((4, 2, 3, 1, 0),),
        denominator=4,
        components=COMPONENTS,
    )
    # D moves above B: the same ids in a different order and different ranks.
    assert not base.same_order(rank(untied, cost))


# ---- to_json: the encoder without the circular-reference check ----


def test_to_json_writes_what_json_dumps_writes_shared_objects_included() -> None:
    raw = json.dumps(
        {
            "schemaVersion": 1,
            "quantity": 10,
            "currency": "CNY",
            "specification": "螺栓 M8",
            "weights": {"cost": "1", "delivery": "0", "quality": "0"},
            "sensitivityDelta": "0.1",
            "quotes": [
                {
                    "supplierId": supplier,
                    "specification": "螺栓 M8",
                    "currency": "CNY",
                    "packSize": 10,
                    "minimumPacks": 1,
                    "packPrice": price,
                    "freight": "0",
                    "otherFees": "0",
                    "leadDays": 3,
                }
                for supplier, price in (("甲", "10"), ("乙", "12.5"))
            ],
        },
        ensure_ascii=False,
    ).encode()
    result = calculate(raw)
    ranking = result.output["ranking"]
    # The base ranking and the scenarios share each candidate's components object.
    scenario = result.output["sensitivity"][0]["ranking"]
    assert ranking[0]["components"] is scenario[0]["components"]
    expected = json.dumps(result.output, ensure_ascii=False, separators=(",", ":"))
    assert result.to_json() == (expected + "\n").encode("utf-8")
    assert "甲" in result.to_json().decode("utf-8")
