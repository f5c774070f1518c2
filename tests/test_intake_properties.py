"""Hypothesis: any table of valid cells becomes a request the calculator accepts, and every
blank or unknown-marker cell becomes an omitted field, never a value (``docs/intake.md``)."""

# ruff: noqa: RUF001
from __future__ import annotations

import functools
import json
import os
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from intake_helpers import write_csv
from quotecalc import calculate
from quotecalc.core.fields import QUOTE_FIELDS, FieldRule, Kind
from quotecalc.intake import read
from quotecalc.intake.cells import UNKNOWN_MARKERS, invisible_at
from quotecalc.intake.headers import SYNONYMS, fold
from quotecalc.intake.request import request_bytes
from quotecalc.intake.trust import is_total_word
from quotecalc.intake.units import CNY_NAMES

RULES = {rule.name: rule for rule in QUOTE_FIELDS}


def examples(default: int) -> int:
    """Hypothesis examples: ``default``, or at most ``QUOTECALC_MUTATION_EXAMPLES`` when that is
    set -- only by the documented mutmut command (docs/testing.md), never by CI."""
    cap = os.environ.get("QUOTECALC_MUTATION_EXAMPLES")
    return min(default, int(cap)) if cap else default


@functools.cache
def request_validator() -> Any:
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "docs" / "schema" / "request.schema.json").read_bytes())
    return Draft202012Validator(schema)


UNKNOWN_CELLS = ["", " ", "\u3000", "无", "未知", "N/A", "n/a", "-", "—", "－"]


def number_text(low: int, high: int, decimals: bool) -> st.SearchStrategy[str]:
    whole = st.integers(low, high).map(str)
    if not decimals:
        return whole
    fraction = st.text("0123456789", min_size=1, max_size=6).map(lambda digits: "." + digits)
    return st.builds(lambda w, f: w + f, whole, st.one_of(st.just(""), fraction)).filter(
        lambda text: Decimal(text) <= 10**15
    )


def valid_text(max_length: int) -> st.SearchStrategy[str]:
    alphabet = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")
    # valid text: no whitespace at either end (surrounding_whitespace), no leading "=" (a CSV
    # formula) and no total word (a totals row when it is the supplier)
    return st.text(alphabet, min_size=1, max_size=min(max_length, 30)).filter(
        lambda text: (
            text == text.strip()
            and not text.startswith("=")
            and fold(text) not in UNKNOWN_MARKERS
            and not is_total_word(text)
            and invisible_at(text) is None
        )
    )


def valid_value(rule: FieldRule) -> st.SearchStrategy[str]:
    if rule.kind is Kind.INTEGER:
        low = 1 if rule.bounds is not None and rule.bounds.low == 1 else 0
        return number_text(low, 10**9, decimals=False)
    if rule.kind is Kind.DECIMAL:
        return number_text(0, 10**15, decimals=True)
    if rule.kind is Kind.CURRENCY:
        # A code as written: "RMB" names the renminbi and is read as CNY (issue 27, tested in
        # test_intake_currency_units.py), so it is not a value this property can expect back.
        codes = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=3, max_size=3)
        return codes.filter(lambda code: fold(code) not in CNY_NAMES)
    assert rule.max_length is not None
    return valid_text(rule.max_length)


def header_name(field: str) -> st.SearchStrategy[str]:
    chinese, english = SYNONYMS[field]
    names = [field, *chinese, *english]
    return st.sampled_from(names).flatmap(
        lambda name: st.sampled_from([name, name.upper(), f" {name} ", name.lower()])
    )


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[str], list[list[str]]]:
    others = [name for name in RULES if name != "supplierId"]
    fields = ["supplierId", *draw(st.lists(st.sampled_from(others), unique=True))]
    fields = draw(st.permutations(fields))
    count = draw(st.integers(1, 8))
    ids = draw(st.lists(valid_text(64), min_size=count, max_size=count, unique=True))
    rows = []
    for index in range(count):
        row = []
        for field in fields:
            if field == "supplierId":
                row.append(ids[index])
            else:
                cell = st.one_of(st.sampled_from(UNKNOWN_CELLS), valid_value(RULES[field]))
                row.append(draw(cell))
        rows.append(row)
    return fields, [[draw(header_name(field)) for field in fields], *rows]


@settings(max_examples=examples(60), deadline=None)
@given(tables())
def test_valid_cells_make_an_accepted_request(table: tuple[list[str], list[list[str]]]) -> None:
    fields, rows = table
    with tempfile.TemporaryDirectory() as folder:
        request = read(write_csv(Path(folder) / "q.csv", rows))
    result = calculate(request_bytes(request))
    assert result.status in ("completed", "partial")
    assert not list(request_validator().iter_errors(request))  # the published schema agrees
    for row, quote in zip(rows[1:], request["quotes"], strict=True):
        for field, cell in zip(fields, row, strict=True):
            if cell in UNKNOWN_CELLS:
                assert field not in quote  # omitted: never 0, never ""
                continue
            value: Any = quote[field]
            if RULES[field].kind in (Kind.INTEGER, Kind.DECIMAL):
                assert Decimal(value) == Decimal(cell)
            else:
                assert value == cell


def up_to_15_digits(decimals: bool) -> st.SearchStrategy[str]:
    """Plain decimals in range with at most 15 significant digits: every double nearest
    one of them has a shortest repr with the same value (15 digits always round-trip)."""
    return number_text(0, 10**15, decimals).filter(
        lambda text: len(text.replace(".", "").lstrip("0")) <= 15
    )


def numeric_cell(text: str) -> int | float:
    exact = Decimal(text)
    return int(exact) if exact == exact.to_integral_value() else float(exact)


@st.composite
def numeric_tables(draw: st.DrawFn) -> list[tuple[str, str | None]]:
    """One row: each numeric field a number cell (or blank), as Excel would hold it."""
    row: list[tuple[str, str | None]] = []
    for rule in QUOTE_FIELDS:
        if rule.kind not in (Kind.DECIMAL, Kind.INTEGER):
            continue
        if draw(st.booleans()):
            row.append((rule.name, None))
        elif rule.kind is Kind.INTEGER:
            low = 1 if rule.bounds is not None and rule.bounds.low == 1 else 0
            row.append((rule.name, draw(number_text(low, 10**9, decimals=False))))
        else:
            row.append((rule.name, draw(up_to_15_digits(decimals=True))))
    return row


@settings(max_examples=examples(40), deadline=None)
@given(numeric_tables())
def test_xlsx_numbers_up_to_15_digits_are_read_exactly(row: list[tuple[str, str | None]]) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    from quotecalc.intake import intake

    workbook = openpyxl.Workbook()
    workbook.active.append(["supplierId", *(name for name, _ in row)])
    workbook.active.append(
        ["A", *(None if text is None else numeric_cell(text) for _, text in row)]
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "q.xlsx"
        workbook.save(path)
        result = intake(path)
    assert result.request is not None and result.notes == ()  # no float tail at all
    quote = result.request["quotes"][0]
    for name, text in row:
        if text is None:
            assert name not in quote
        else:
            assert Decimal(quote[name]) == Decimal(text)


@settings(max_examples=examples(150), deadline=None)
@given(st.binary(max_size=400), st.sampled_from([None, "gb18030", "latin-1"]))
def test_any_bytes_as_csv_end_in_a_request_or_fixed_errors(
    data: bytes, encoding: str | None
) -> None:
    from quotecalc.intake import intake
    from quotecalc.intake.errors import MESSAGES

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "q.csv"
        path.write_bytes(data)
        result = intake(path, encoding=encoding)
    assert (result.request is None) == bool(result.errors)
    assert all(error.code in MESSAGES for error in result.errors)
    if result.request is not None:
        assert calculate(request_bytes(result.request)).status in ("completed", "partial")


@settings(max_examples=examples(80), deadline=None)
@given(
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=6),
    st.sampled_from(["packPrice", "leadDays", "currency", "supplierId"]),
)
def test_errors_never_echo_a_cell(text: str, field: str) -> None:
    from quotecalc.intake import intake
    from quotecalc.intake.errors import MESSAGES, error_document

    fixed = json.dumps(MESSAGES, ensure_ascii=False) + "Sheet1!"
    if field == "supplierId":  # a repeated supplier: duplicate_supplier_id at A3
        rows = [["supplierId"], [text], [text]]
    else:
        rows = [["supplierId", field], ["A", text], ["B", text]]
    with tempfile.TemporaryDirectory() as folder:
        result = intake(write_csv(Path(folder) / "q.csv", rows))
    document = error_document(result.errors).decode()
    for line in text.splitlines() or [text]:
        if len(line) >= 6 and line not in fixed:
            assert line not in document
