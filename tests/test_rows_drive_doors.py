"""One row per field drives every door (issue 39).

A root field row carries what the doors show and take of it (``FieldDoors``: its words in
English and Chinese, its hint, its schema note, its intake option, its form label); the
intake's options, usage and refusals, the analyst's form, the fields named in words, the
answer's hints, the schemas' notes and the README's tables read the rows, never a list of
their own. These tests check each door against the rows (the README's tables:
``tests/test_readme.py``).
"""

from __future__ import annotations

import re

import pytest

from quotecalc.core.constraint_rules import CONSTRAINT_RULES, listed_root_fields
from quotecalc.core.event_rules import EVENT_ROOT_FIELDS
from quotecalc.core.fields import FieldRule, Kind
from quotecalc.intake import options as intake_options

FIXED_ROWS = listed_root_fields()


def _snake(name: str) -> str:
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def _optioned(rows: tuple[FieldRule, ...]) -> list[FieldRule]:
    return [rule for rule in rows if rule.doors is not None and rule.doors.option is not None]


@pytest.mark.parametrize("rule", FIXED_ROWS, ids=lambda rule: rule.name)
def test_every_root_row_of_the_request_says_what_the_doors_show(rule: FieldRule) -> None:
    doors = rule.doors
    assert doors is not None
    assert doors.words is not None and doors.words.en and doors.words.zh
    assert doors.hint is not None and doors.hint.en and doors.hint.zh
    assert doors.note
    if rule.name not in ("schemaVersion", "quotes"):  # the two no option sets
        assert doors.option == _snake(rule.name) and doors.option_text


def test_the_constraints_are_listed_before_the_sensitivity_delta() -> None:
    """The contract's table (§4.3) and every door: the request's rows, the constraints, then
    the analysis option; the validator (and the 0.1.0 schema) appends the constraints."""
    names = [rule.name for rule in FIXED_ROWS]
    assert names[-1] == "sensitivityDelta"
    assert names[-1 - len(CONSTRAINT_RULES) : -1] == [rule.name for rule in CONSTRAINT_RULES]


def test_rows_sharing_an_option_agree_on_it() -> None:
    """The fixed request's and the event's rows of one option (``currency``,
    ``max_lead_days``) are one option of the intake: the same text and label."""
    fixed = {rule.doors.option: rule.doors for rule in _optioned(FIXED_ROWS) if rule.doors}
    shared = 0
    for rule in _optioned(EVENT_ROOT_FIELDS):
        assert rule.doors is not None
        other = fixed.get(rule.doors.option)
        if other is not None:
            shared += 1
            assert (other.option_text, other.label) == (rule.doors.option_text, rule.doors.label)
    assert shared == 2


def test_the_intakes_options_are_the_rows() -> None:
    from quotecalc.intake import EVENT_ONLY, QUOTE_ONLY
    from quotecalc.intake.__main__ import USAGE, VALUE_OPTIONS
    from quotecalc.intake.request import ROOT_OPTIONS

    root = [option for option in intake_options.OPTIONS if option.field is not None]
    fixed = [option.field for option in root[: len(_optioned(FIXED_ROWS))]]
    assert fixed == _optioned(FIXED_ROWS)
    assert {r.doors.option: r.name for r in _optioned(FIXED_ROWS) if r.doors} == ROOT_OPTIONS
    event = {r.doors.option for r in _optioned(EVENT_ROOT_FIELDS) if r.doors}
    quote = set(ROOT_OPTIONS)
    assert set(QUOTE_ONLY) == quote - event and set(EVENT_ONLY) == event - quote
    assert [option.name for option in root] == list(ROOT_OPTIONS) + list(EVENT_ONLY)
    for option in root:
        assert VALUE_OPTIONS[option.cli] == option.name
        for lang in ("en", "zh"):
            assert intake_options.usage_of(option, lang) in USAGE[lang]


def test_the_forms_root_fields_are_the_rows() -> None:
    pytest.importorskip("starlette")
    from quotecalc.http.page import ROOT_FIELDS
    from quotecalc.http.page_html import TEXT_FIELDS, field_label, form_page

    scalars = [o for o in intake_options.QUOTE_ROOT if o.field and o.field.kind != Kind.OBJECT]
    assert tuple(option.name for option in scalars) == ROOT_FIELDS
    shown = [*scalars, *intake_options.EVENT_ONLY]
    for lang in ("en", "zh"):
        page = form_page(lang, 1024 * 1024)
        for option in shown:
            assert option.name in TEXT_FIELDS
            label = field_label(lang, option)
            choice = option.field is not None and option.field.kind is Kind.CHOICE
            control = "select" if choice else 'input type="text"'
            assert f'<label>{label}<{control} name="{option.name}"' in page


def test_fields_are_named_in_words_by_their_rows() -> None:
    from quotecalc.output.fieldnames import field_words

    for rule in FIXED_ROWS:
        assert rule.doors is not None and rule.doors.words is not None
        for lang in ("en", "zh"):
            assert field_words(lang, rule.name) == rule.doors.words.of(lang)
    assert field_words("en", "noSuchField") is None


def test_the_answers_hints_name_every_constraint() -> None:
    from quotecalc.output.answer import constraint_words

    for lang in ("en", "zh"):
        said = constraint_words(lang)
        for rule in CONSTRAINT_RULES:
            doors = rule.field.doors
            assert doors is not None and doors.words is not None and doors.checks is not None
            assert doors.words.of(lang) in said["limits"]
            assert doors.checks.of(lang) in said["checked"]
    assert constraint_words("en") == {
        "limits": "the maximum lead days or the minimum quality score",
        "checked": "lead days and quality score",
    }


def test_the_schemas_notes_are_the_rows() -> None:
    from quotecalc.schema import FIELD_NOTES, request_schema

    properties = request_schema()["properties"]
    for rule in FIXED_ROWS:
        assert rule.doors is not None and rule.doors.note is not None
        assert properties[rule.name]["description"].startswith(rule.doors.note + " ")
        assert FIELD_NOTES[rule.name] == rule.doors.note


def test_the_fuzz_harness_knows_the_rows_names() -> None:
    import importlib.util

    from conftest import ROOT

    spec = importlib.util.spec_from_file_location("rows_fuzz", ROOT / "fuzz" / "harness.py")
    assert spec is not None and spec.loader is not None
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    assert tuple(rule.name for rule in FIXED_ROWS) == harness.ROOT_FIELDS
