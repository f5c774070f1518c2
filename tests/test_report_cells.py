"""No cell breaks a table of the text report (issue 14): a supplier id or any other input text
holding the column rule ``|``, a look-alike (:data:`quotecalc.output.report.COLUMN_RULES`), a line
break or another control character is escaped as ``\\uXXXX``, and so is the backslash, so the
escaping is unambiguous. Golden files: ``tests/data/report/separator-supplier-ids.{en,zh}.txt``
(rewrite with ``QUOTECALC_UPDATE_GOLDENS=1`` after a deliberate change, and read the diff)."""

# Fullwidth and box-drawing characters are test data here.
# ruff: noqa: RUF001

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import DATA
from quotecalc import calculate, stability
from quotecalc.output.report import (
    COLUMN_RULES,
    LANGUAGES,
    clean,
    display_width,
    render_text,
    table,
)

GOLDEN = DATA / "report"
# Each id with the escaped form the report must show (written out by hand).
IDS = {
    "A|B": "A\\u007cB",
    "| fake | row |": "\\u007c fake \\u007c row \\u007c",
    "全角｜竖线": "全角\\uff5c竖线",
    "box│drawn": "box\\u2502drawn",
    "tab\there": "tab\\u0009here",
    "line\nbreak": "line\\u000abreak",
    "back\\u007cslash": "back\\u005cu007cslash",
    "plain-B": "plain-B",
}


def _quote(index: int, sid: str) -> dict[str, Any]:
    return {
        "supplierId": sid,
        "specification": "M6 bolt",
        "currency": "CNY",
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": str(30 + 3 * index),
        "freight": "5",
        "otherFees": "0",
        "leadDays": 2 + index,
        "qualityScore": index % 4 + 1,
        "qualityDefinition": "1|5 audit",
    }


def _request(ids: list[str]) -> bytes:
    body = {
        "schemaVersion": 1,
        "quantity": 100,
        "currency": "CNY",
        "specification": "M6 bolt",
        "weights": {"cost": "0.5", "delivery": "0.3", "quality": "0.2"},
        "qualityScale": {"definition": "1|5 audit", "minimum": 1, "maximum": 5},
        "maxLeadDays": 8,
        "sensitivityDelta": "0.4",
        "quotes": [_quote(index, sid) for index, sid in enumerate(ids)],
    }
    return json.dumps(body, ensure_ascii=False).encode("utf-8")


def _report(raw: bytes, lang: str) -> str:
    output = calculate(raw).output
    return render_text(output, stability(raw) if output["ranking"] else None, lang)


def _tables(text: str) -> list[list[str]]:
    found: list[list[str]] = []
    for line in text.split("\n"):
        if not line.startswith("|"):
            if found and found[-1]:
                found.append([])
            continue
        if not found:
            found.append([])
        found[-1].append(line)
    return [rows for rows in found if rows]


def _check_tables(text: str) -> None:
    """Every row of every table: as many rules as the header, the same display width, and the
    rules in the same display columns."""
    for rows in _tables(text):
        assert len({row.count("|") for row in rows}) == 1, rows
        assert len({display_width(row) for row in rows}) == 1, rows
        columns = {
            tuple(display_width(row[:i]) for i, char in enumerate(row) if char == "|")
            for row in rows
        }
        assert len(columns) == 1, rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_golden_report_with_separators_in_supplier_ids(lang: str) -> None:
    raw = _request(list(IDS))
    output = calculate(raw).output
    assert output["status"] == "completed" and output["ranking"] is not None
    text = _report(raw, lang)
    golden = GOLDEN / f"separator-supplier-ids.{lang}.txt"
    if os.environ.get("QUOTECALC_UPDATE_GOLDENS") == "1":
        golden.write_bytes(text.encode("utf-8"))
    assert text.encode("utf-8") == golden.read_bytes()
    _check_tables(text)
    found = _tables(text)
    assert len(found) == 5  # quotes, constraints, ranking, sensitivity, stability
    for sid, shown in IDS.items():
        assert any(f"| {shown} " in row for row in found[0]), sid
    assert "1\\u007c5 audit" in text and "1|5" not in text  # the scale's definition


@pytest.mark.parametrize(("text", "shown"), list(IDS.items()))
def test_clean(text: str, shown: str) -> None:
    assert clean(text) == shown


def test_every_column_rule_is_escaped() -> None:
    assert "|" in COLUMN_RULES and "\uff5c" in COLUMN_RULES and "\u2502" in COLUMN_RULES
    for char in COLUMN_RULES:
        assert clean(char) == f"\\u{ord(char):04x}"
    assert clean("\\") == "\\u005c"
    assert clean("a/b-c+d_e") == "a/b-c+d_e"  # ordinary punctuation stays


@settings(max_examples=300, deadline=None)
@given(first=st.text(max_size=12), second=st.text(max_size=12))
def test_clean_is_unambiguous(first: str, second: str) -> None:
    """Two different texts never print alike, so an escape cannot be forged by input."""
    assert (clean(first) == clean(second)) is (first == second)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=40))
def test_clean_leaves_no_rule_or_line_break(text: str) -> None:
    shown = clean(text)
    assert not any(char in COLUMN_RULES or char in "\n\r\x0b\x0c\x85" for char in shown)


SUPPLIER_TEXT = st.text(
    alphabet=st.sampled_from([*"aZ9 -\\\t\n\r\x1b", *COLUMN_RULES, "华", "Ａ", "\u0301", "\u2028"]),
    min_size=1,
    max_size=20,
).filter(lambda text: not text.isspace())


@settings(max_examples=60, deadline=None)
@given(ids=st.lists(SUPPLIER_TEXT, min_size=1, max_size=4, unique=True))
def test_no_supplier_id_breaks_a_table(ids: list[str]) -> None:
    raw = _request(ids)
    assert calculate(raw).status == "completed"
    for lang in LANGUAGES:
        _check_tables(_report(raw, lang))


@pytest.mark.parametrize("cell", ["a|b", "a\nb", "a\rb", "a｜b"])
def test_table_refuses_a_cell_that_would_break_it(cell: str) -> None:
    with pytest.raises(ValueError, match="column rule or line break"):
        table(["h1", "h2"], [["x", cell]], frozenset())
    with pytest.raises(ValueError, match="column rule or line break"):
        table(["h1", cell], [["x", "y"]], frozenset())


def test_astral_characters_are_escaped_with_eight_digits() -> None:
    assert clean("a\U000e0001b") == "a\\U000e0001b"  # LANGUAGE TAG, a format character
    assert clean("\U0001d173") == "\\U0001d173"  # MUSICAL SYMBOL BEGIN BEAM
    assert clean("\ufeff") == "\\ufeff"  # the largest escaped code point below 0x10000 here
    assert clean("\U00010000") == "\U00010000"  # a letter: not escaped


@settings(max_examples=200, deadline=None)
@given(cells=st.lists(st.text(max_size=10), min_size=1, max_size=4))
@example(cells=["X-ray", "Xr", "plain ASCII: /-+*&^%$#@!~`'\"<>?,.;:[]{}()=_"])
def test_table_takes_every_cleaned_cell(cells: list[str]) -> None:
    shown = [clean(cell) for cell in cells]
    rows = table([f"h{index}" for index in range(len(shown))], [shown], frozenset({0}))
    assert len(rows) == 3
    assert len({display_width(row) for row in rows}) == 1
    assert all(row.count("|") == len(shown) + 1 for row in rows)
