"""The one word catalog (issue 39, ``quotecalc.output.wording``): one set of keys, both
languages complete, no word defined twice, every code the documents carry in words, and no
word table of its own left in a reader."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from conftest import ROOT
from quotecalc.analysis.document import BLOCKING_CODES
from quotecalc.core.codes import (
    CONVERSION_ERROR_MESSAGES,
    CONVERSION_LIMITATION_MESSAGES,
    ERROR_MESSAGES,
    INTERNAL_ERROR_CODE,
    LIMITATION_MESSAGES,
)
from quotecalc.core.event_rules import EVENT_ERROR_MESSAGES, EVENT_MESSAGES, NOT_PROVEN
from quotecalc.core.plan_rules import PLAN_MESSAGES
from quotecalc.output.wording import (
    AREAS,
    CATALOG,
    FAMILIES,
    LANGUAGES,
    ROWS,
    WORDS,
    Word,
    area,
    catalog,
    codes,
    say,
    status_words,
)

PACKAGE = ROOT / "src" / "quotecalc"


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_row_has_one_key_and_both_languages() -> None:
    assert len(CATALOG) == len(ROWS)  # no key defined twice
    for row in ROWS:
        assert row.en and row.zh, row.key
        assert set(WORDS) == set(LANGUAGES)
        assert WORDS["en"][row.key] == row.en and WORDS["zh"][row.key] == row.zh


def test_both_languages_fill_the_same_placeholders() -> None:
    # Both are filled with the same values; Chinese may leave out a word it does not need (a
    # plural: 包 is one pack and many), never ask for one the English does not.
    for row in ROWS:
        assert placeholders(row.zh) <= placeholders(row.en), row.key
        assert placeholders(row.en) - placeholders(row.zh) <= {"pack_word"}, row.key


def test_no_word_is_defined_twice() -> None:
    # The drift the issue found: "Landed total" was 到岸总价 on one page and 到岸总额 on another.
    english = [row.en for row in ROWS if re.search("[A-Za-z]", row.en)]
    assert len(english) == len(set(english))
    views = [area(name) for name in AREAS]
    assert {view["zh"]["col.landed"] for view in views} == {"到岸总价"}


@pytest.mark.parametrize(
    ("rows", "problem"),
    [
        ((Word("a", "A", "甲"), Word("a", "B", "乙")), "defined twice"),
        ((Word("a", "A", ""),), "lacks a language"),
        ((Word("a", "", "甲"),), "lacks a language"),
        ((Word("a", "Landed total", "到岸总价"), Word("b", "Landed total", "到岸总额")), "twice"),
    ],
)
def test_the_catalog_refuses_a_key_or_word_twice_and_a_missing_language(
    rows: tuple[Word, ...], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        catalog(rows)


def test_a_separator_may_stand_under_several_keys() -> None:
    assert len(catalog((Word("a", ", ", "、"), Word("b", ", ", "；")))) == 2  # noqa: RUF001


def test_every_code_the_documents_carry_has_words() -> None:
    for lang in LANGUAGES:
        errors = codes("error")[lang]
        assert set(errors) == {
            *ERROR_MESSAGES,
            *CONVERSION_ERROR_MESSAGES,
            *EVENT_ERROR_MESSAGES,
            INTERNAL_ERROR_CODE,
        }
        limitations = codes("limitation")[lang]
        reasons = codes("reason")[lang]
        assert {*LIMITATION_MESSAGES, *CONVERSION_LIMITATION_MESSAGES, NOT_PROVEN} <= set(
            limitations
        )
        assert set(BLOCKING_CODES) <= set(limitations)
        for code in PLAN_MESSAGES:
            assert code in reasons or code in limitations, code
        events = area("event")[lang]
        for code in EVENT_MESSAGES:
            assert code in reasons or code in limitations or code in events, code
        assert codes("issue")[lang]  # each quality issue and conflict: tests/test_report.py
        for status in ("completed", "partial", "invalid_input", "internal_error"):
            label, explanation = status_words(lang, status)
            assert label and explanation
        assert status_words(lang, "internal_error")[1] == errors["internal_error"]


def test_the_views_give_each_reader_its_words_and_the_shared_ones() -> None:
    plan = area("plan")
    assert plan["en"]["buy"] == WORDS["en"]["plan.buy"]
    assert plan["zh"]["col.landed"] == say("zh", "col.landed") == "到岸总价"
    assert "plan.buy" not in plan["en"] and "event.award" not in plan["en"]
    assert codes("error")["zh"]["invalid_json"] == WORDS["zh"]["error.invalid_json"]
    assert say("en", "days", days="7") == "7 days"
    for family in FAMILIES:
        assert codes(family)["en"], family
    with pytest.raises(ValueError, match="no words"):
        area("nobody")
    with pytest.raises(ValueError, match="no code family"):
        codes("nothing")


def _word_tables(path: Path) -> list[int]:
    """Lines of dict literals keyed by both languages: a word table of a reader's own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = {key.value for key in node.keys if isinstance(key, ast.Constant)}
            if {"en", "zh"} <= keys:
                found.append(node.lineno)
    return found


def test_no_reader_keeps_a_word_table_of_its_own() -> None:
    # Every page, text report, picture and workbook reads the catalog. The field words
    # (output/fieldnames.FIELD_WORDS, rows of another shape) move onto the field rows.
    readers = [
        *(PACKAGE / "output").rglob("*.py"),
        *(PACKAGE / "export").rglob("*.py"),
        *(PACKAGE / "http" / "page").rglob("*.py"),  # the analyst's page too (issue 39)
    ]
    assert len(readers) > 30
    owned = {
        path: _word_tables(path)
        for path in readers
        if "wording" not in path.relative_to(PACKAGE).parts
    }
    assert {path: lines for path, lines in owned.items() if lines} == {}
