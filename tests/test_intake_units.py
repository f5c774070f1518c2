"""The intake's pure parts, table-driven: header folding, cell rules, the float-tail rule,
root options and the error list (``docs/intake.md``). Expected values are worked by hand."""

# ruff: noqa: RUF001
from __future__ import annotations

from decimal import Decimal

import pytest

from quotecalc.core.fields import QUOTE_FIELDS, Kind
from quotecalc.intake.cells import OMITTED, Cell, CellKind, Mark, Marked, Problem, Value, read_cell
from quotecalc.intake.errors import (
    INTAKE_MESSAGES,
    MESSAGES,
    NOTE_MESSAGES,
    IntakeError,
    column_letters,
    error_document,
    report,
)
from quotecalc.intake.floats import displayed, float_to_text
from quotecalc.intake.headers import SYNONYMS, field_for, fold, template_names
from quotecalc.intake.request import build_request, root_fields


# ---- headers -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "field"),
    [
        ("供应商", "supplierId"),
        ("规格", "specification"),
        ("币种", "currency"),
        ("每包数量", "packSize"),
        ("最小起订包数", "minimumPacks"),
        ("包价", "packPrice"),
        ("运费", "freight"),
        ("其他费用", "otherFees"),
        ("交期（天）", "leadDays"),
        ("交期(天)", "leadDays"),
        ("质量分", "qualityScore"),
        ("质量定义", "qualityDefinition"),
        ("质量证据", "qualityEvidence"),
        ("packPrice", "packPrice"),
        ("PACKPRICE", "packPrice"),
        ("  Pack Price\t", "packPrice"),
        ("ｐａｃｋＳｉｚｅ", "packSize"),  # full-width letters
        ("\u3000供应商\u3000", "supplierId"),  # ideographic spaces around
        ("Lead time （days）", "leadDays"),
        ("Pack  price", "packPrice"),  # whitespace is no part of a column name (40.2)
        ("Pack\u3000size", "packSize"),
        ("pack_price", None),
        ("price", None),
        ("", None),
    ],
)
def test_header_names(name: str, field: str | None) -> None:
    assert field_for(name) == field


def test_fold_is_exactly_width_strip_casefold() -> None:
    assert fold("\u3000ＡＢ（ｃ）Ｄ ") == "ab(c)d"
    assert fold("Ⅻ") == "ⅻ"  # a compatibility form NFKC would change stays (only case folds)
    assert fold("①") == "①"  # NFKC would make it 1


def test_every_quote_field_has_both_languages() -> None:
    assert list(SYNONYMS) == [rule.name for rule in QUOTE_FIELDS]
    for chinese, english in SYNONYMS.values():
        assert chinese and english
    assert template_names("zh")[0] == "供应商"
    assert template_names("en")[5] == "Pack price"


# ---- the float-tail rule -------------------------------------------------------------------
TAIL = 35.199999999999996  # the double just below 35.2: 35.19999999999999573674358543939888...


@pytest.mark.parametrize(
    ("value", "number_format", "expected"),
    [
        (35, "General", ("35", False)),
        (35.0, "General", ("35", False)),
        (35.25, "0", "display_rounds_value"),  # issue 28: shows 35, not 35.25
        (35.25, "0.00", ("35.25", False)),
        (0.000001, "General", ("0.000001", False)),
        (1e16, "General", ("10000000000000000", False)),
        (-0.0, "General", ("-0", False)),  # then negative_value by the grammar
        (TAIL, "General", ("35.2", True)),  # General shows 15 significant digits: 35.2
        (TAIL, "0.00", ("35.2", True)),
        (TAIL, "#,##0.00", ("35.2", True)),
        (TAIL, "0.000000", ("35.2", True)),
        (TAIL, "0", "float_tail_not_displayed"),  # shows 35, the nearest is 35.2
        (TAIL, "0.00_);(0.00)", ("35.2", True)),  # the accounting format shows 35.20
        (TAIL, "0.00E+00", "unsupported_number_format"),
        (TAIL, "@", "unsupported_number_format"),
        (0.1 + 0.2, "General", ("0.3", True)),
        (35.1234567, "General", "float_tail_not_displayed"),  # real 7th decimal, shown
        (35.1234567, "0.000000", ("35.123457", True)),  # the format shows 35.123457
        (1 / 128, "General", "float_tail_not_displayed"),  # 0.0078125 shown in full
        (1 / 128, "0.000000", ("0.007813", True)),  # half-up, as Excel shows it
        (1e-7, "General", "float_tail_not_displayed"),
        (float("inf"), "General", "non_finite_number"),
        (float("nan"), "General", "non_finite_number"),
    ],
)
def test_float_to_text(value: float, number_format: str, expected: object) -> None:
    assert float_to_text(value, number_format) == expected


def test_displayed_rounds_to_15_digits_then_half_up() -> None:
    # 1.005 is stored as 1.00499999999999989...; Excel shows 1.01 with 0.00 (15 digits first).
    assert displayed(1.005, "0.00") == Decimal("1.01")
    assert displayed(2.5, "0") == Decimal(3)
    assert displayed(TAIL, "General") == Decimal("35.2")
    assert displayed(TAIL, "0.00;[Red]-0.00") == Decimal("35.20")
    assert displayed(TAIL, "[<100]0.00;0") is None  # a condition: not displayed here
    assert displayed(TAIL, "0." + "0" * 31) is None


# ---- cell rules ----------------------------------------------------------------------------
def marked(*marks: tuple[object, ...], rest: str | Problem) -> Marked:
    """A typed number's marks (code, text[, grouped]) and the reading of what is left."""
    return Marked(
        tuple(Mark(*mark) for mark in marks),  # type: ignore[arg-type]
        Value(rest) if isinstance(rest, str) else rest,
    )


def text(value: str) -> Cell:
    return Cell("C7", CellKind.TEXT, value)


def number(value: float | int, number_format: str = "General") -> Cell:
    return Cell("C7", CellKind.NUMBER, number=value, number_format=number_format)


@pytest.mark.parametrize(
    ("cell", "kind", "expected"),
    [
        (Cell("C7", CellKind.BLANK), Kind.DECIMAL, OMITTED),
        (text(""), Kind.DECIMAL, OMITTED),
        (text("   "), Kind.INTEGER, OMITTED),
        (text("无"), Kind.DECIMAL, OMITTED),
        (text("未知"), Kind.TEXT, OMITTED),
        (text("N/A"), Kind.DECIMAL, OMITTED),
        (text("n/a"), Kind.DECIMAL, OMITTED),
        (text(" Ｎ／Ａ "), Kind.DECIMAL, OMITTED),
        (text("-"), Kind.INTEGER, OMITTED),
        (text("—"), Kind.CURRENCY, OMITTED),
        (text("0"), Kind.DECIMAL, Value("0")),
        (text("0"), Kind.INTEGER, Value("0")),
        (text("35.00"), Kind.DECIMAL, Value("35.00")),
        (text("M6 bolt "), Kind.TEXT, Problem("surrounding_whitespace")),  # never silent
        (text("1,000"), Kind.DECIMAL, marked(("thousands_separator", ",", True), rest="1000")),
        (
            text("1,234,567.50"),
            Kind.DECIMAL,
            marked(("thousands_separator", ",", True), rest="1234567.50"),
        ),
        (
            text("0,500"),  # a leading zero group is no 1,234.5 pattern; 0500 no number
            Kind.DECIMAL,
            marked(("thousands_separator", ",", False), rest=Problem("invalid_number_format")),
        ),
        (text("1,5"), Kind.DECIMAL, Problem("invalid_number_format")),
        (text("5%"), Kind.DECIMAL, marked(("percent_sign", "%"), rest="5")),
        (text("5 ％"), Kind.DECIMAL, marked(("percent_sign", "％"), rest="5")),
        (text("¥35"), Kind.DECIMAL, marked(("currency_symbol", "¥"), rest="35")),
        (text("￥ 35.5"), Kind.DECIMAL, marked(("currency_symbol", "￥"), rest="35.5")),
        (text("$35"), Kind.DECIMAL, marked(("currency_symbol", "$"), rest="35")),
        (text("35元"), Kind.DECIMAL, marked(("currency_symbol", "元"), rest="35")),
        (text("35 €"), Kind.DECIMAL, marked(("currency_symbol", "€"), rest="35")),
        (text("0.36万"), Kind.DECIMAL, marked(("unit_in_value", "万"), rest="0.36")),
        (text("0.36万元"), Kind.DECIMAL, marked(("unit_in_value", "万元"), rest="0.36")),
        # every mark of one cell, and what the grammar says of the number left
        (
            text("￥1,234.50"),
            Kind.DECIMAL,
            marked(("currency_symbol", "￥"), ("thousands_separator", ",", True), rest="1234.50"),
        ),
        (
            text("-¥1,000%"),
            Kind.DECIMAL,
            marked(
                ("currency_symbol", "¥"),
                ("percent_sign", "%"),
                ("thousands_separator", ",", True),
                rest=Problem("negative_value"),
            ),
        ),
        (
            text("$1.2345678"),
            Kind.DECIMAL,
            marked(("currency_symbol", "$"), rest=Problem("too_many_decimals")),
        ),
        (text(" 35"), Kind.DECIMAL, Problem("surrounding_whitespace")),  # never silent
        (text("05"), Kind.INTEGER, Problem("invalid_number_format")),
        (text("-5"), Kind.DECIMAL, Problem("negative_value")),
        (text("1e3"), Kind.DECIMAL, Problem("exponent_not_allowed")),
        (text("1.0000000"), Kind.DECIMAL, Problem("too_many_decimals")),
        (text("NaN"), Kind.DECIMAL, Problem("non_finite_number")),
        (text("1" * 49), Kind.DECIMAL, Problem("number_too_long")),
        (number(35), Kind.INTEGER, Value("35")),
        (number(35.5), Kind.DECIMAL, Value("35.5")),
        (number(TAIL, "0.00"), Kind.DECIMAL, Value("35.2", rounded_tail=True)),
        (
            number(TAIL, "0"),
            Kind.DECIMAL,
            Problem("float_tail_not_displayed", (("shown", "35"), ("stored", repr(TAIL)))),
        ),
        (number(-3), Kind.DECIMAL, Problem("negative_value")),
        (number(0.05, "0%"), Kind.DECIMAL, Problem("percent_format")),
        (number(1001), Kind.TEXT, Problem("number_in_text_column")),
        (Cell("C7", CellKind.DATE), Kind.DECIMAL, Problem("date_cell")),
        (Cell("C7", CellKind.BOOLEAN), Kind.TEXT, Problem("boolean_cell")),
        (Cell("C7", CellKind.ERROR), Kind.DECIMAL, Problem("error_cell")),
        (
            Cell("C7", CellKind.FORMULA_WITHOUT_VALUE),
            Kind.DECIMAL,
            Problem("formula_without_value"),
        ),
    ],
)
def test_read_cell(cell: Cell, kind: Kind, expected: object) -> None:
    assert read_cell(cell, kind) == expected


# ---- root options --------------------------------------------------------------------------
def test_root_options_pass_through_as_strings_in_contract_order() -> None:
    fields, errors = root_fields(
        {
            "sensitivity_delta": "0.2",
            "quantity": 1000,
            "currency": "CNY",
            "weights": "cost=0.5,delivery=0.3,quality=0.2",
            "quality_scale": "audit; a;b;1;5",
            "max_lead_days": "20",
            "minimum_quality_score": Decimal("3"),
            "specification": "M6",
        }
    )
    assert not errors
    assert list(fields) == [
        "quantity",
        "currency",
        "specification",
        "weights",
        "qualityScale",
        "maxLeadDays",
        "minimumQualityScore",
        "sensitivityDelta",
    ]
    assert fields["quantity"] == "1000"
    assert fields["weights"] == {"cost": "0.5", "delivery": "0.3", "quality": "0.2"}
    assert fields["qualityScale"] == {"definition": "audit; a;b", "minimum": "1", "maximum": "5"}
    assert fields["minimumQualityScore"] == "3"
    request = build_request(fields, ({"supplierId": "A"},))
    assert next(iter(request)) == "schemaVersion" and list(request)[-1] == "quotes"


def test_python_callers_may_pass_mappings_and_numbers() -> None:
    fields, errors = root_fields(
        {
            "weights": {"cost": Decimal("0.5"), "delivery": 0, "quality": "0.5"},
            "quality_scale": {"definition": "d;e", "minimum": 1, "maximum": Decimal("5.0")},
            "max_lead_days": 20,
            "currency": None,  # not given
        }
    )
    assert not errors
    assert fields == {
        "weights": {"cost": "0.5", "delivery": "0", "quality": "0.5"},
        "qualityScale": {"definition": "d;e", "minimum": "1", "maximum": "5.0"},
        "maxLeadDays": "20",
    }


def test_unvalidated_option_values_are_left_to_the_calculator() -> None:
    fields, errors = root_fields({"quantity": "many", "weights": "cost=x,speed=1"})
    assert not errors
    assert fields == {"quantity": "many", "weights": {"cost": "x", "speed": "1"}}


@pytest.mark.parametrize(
    "options",
    [
        {"weights": "cost"},
        {"weights": "cost=1,cost=2"},
        {"weights": "=1"},
        {"weights": ""},
        {"quality_scale": "audit;1"},
        {"quality_scale": "audit"},
    ],
)
def test_malformed_compact_options(options: dict[str, str]) -> None:
    _, errors = root_fields(options)
    option = "--" + next(iter(options)).replace("_", "-")  # the error names its option
    assert errors == [IntakeError("invalid_option", "", option)]


def test_unknown_python_keyword_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        root_fields({"quantiy": "1"})


# ---- the error list ------------------------------------------------------------------------
def test_column_letters() -> None:
    assert [column_letters(n) for n in (1, 26, 27, 52, 53, 702, 703)] == [
        "A",
        "Z",
        "AA",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]


def test_errors_sorted_by_position_deduplicated_and_cut_to_100() -> None:
    errors = [
        IntakeError("unknown_column", "Sheet1!AA1"),
        IntakeError("date_cell", "Sheet1!B10"),
        IntakeError("unknown_column", "Sheet1!C1"),
        IntakeError("invalid_option", ""),
        IntakeError("undecodable_text", "3:3"),
        IntakeError("date_cell", "Sheet1!B10"),
        IntakeError("out_of_range", "B3"),
    ]
    assert report(errors) == (
        IntakeError("invalid_option", ""),
        IntakeError("unknown_column", "Sheet1!C1"),
        IntakeError("unknown_column", "Sheet1!AA1"),
        IntakeError("undecodable_text", "3:3"),
        IntakeError("out_of_range", "B3"),
        IntakeError("date_cell", "Sheet1!B10"),
    )
    many = [IntakeError("date_cell", f"B{row}") for row in range(2, 150)]
    shown = report(many)
    assert len(shown) == 100 and shown[-1].cell == "B101"


def test_every_code_has_one_message_and_the_document_shape() -> None:
    assert not set(INTAKE_MESSAGES) & set(NOTE_MESSAGES)
    for code, message in INTAKE_MESSAGES.items():
        assert code.islower() and message.endswith(".")
    document = error_document([IntakeError("too_many_rows", "Sheet1!102:102")])
    assert document == (
        b'{"schemaVersion":1,"errors":[{"code":"too_many_rows","cell":"Sheet1!102:102",'
        b'"message":"' + MESSAGES["too_many_rows"].encode() + b'"}]}\n'
    )
