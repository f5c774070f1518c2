"""White-box table tests of ``quotecalc.core.numberform.read_number_text`` (CONTRACT §4.2, §16).

Every accepted text must become the exact Decimal written in it (its own digits kept), and
every defect exactly one code, by the §16 precedence:
number_too_long > non_finite_number > negative_value > exponent_not_allowed >
too_many_decimals > invalid_number_format.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from quotecalc.core.numberform import MAX_NUMBER_CHARS, read_number_text

# ---- accepted forms: 0 or [1-9][0-9]*, optionally "." and 1 to 6 digits (§4.2) ----

# Expected values as exact fractions (no Decimal context can round them).
ACCEPTED: list[tuple[str, Fraction]] = [
    ("0", Fraction(0)),
    ("5", Fraction(5)),
    ("10", Fraction(10)),
    ("35.00", Fraction(35)),
    ("0.5", Fraction(1, 2)),
    ("0.000001", Fraction(1, 10**6)),
    ("0.000000", Fraction(0)),
    ("123456.123456", Fraction(123456123456, 10**6)),
    ("1000000000000000", Fraction(10**15)),
    ("1000000000", Fraction(10**9)),
    # 48 characters is still allowed (the limit is "longer than 48"): 48 ones.
    ("1" * 48, Fraction(int("1" * 48))),
    # 41 nines + "." + 6 digits = 48 characters: (10^41 - 1) + 123456/10^6.
    ("9" * 41 + ".123456", Fraction(10**41 - 1) + Fraction(123456, 10**6)),
]


@pytest.mark.parametrize(("text", "expected"), ACCEPTED)
def test_accepted_form_is_the_exact_decimal(text: str, expected: Fraction) -> None:
    value = read_number_text(text)
    assert isinstance(value, Decimal)
    assert Fraction(value) == expected


@pytest.mark.parametrize(
    ("text", "digits", "exponent"),
    [
        # Decimal("35.00") keeps both zeros: coefficient 3500, exponent -2.
        ("35.00", (3, 5, 0, 0), -2),
        ("0.000000", (0,), -6),
        ("1.500000", (1, 5, 0, 0, 0, 0, 0), -6),
        ("7", (7,), 0),
    ],
)
def test_accepted_form_keeps_its_own_digits(
    text: str, digits: tuple[int, ...], exponent: int
) -> None:
    value = read_number_text(text)
    assert isinstance(value, Decimal)
    sign, got_digits, got_exponent = value.as_tuple()
    assert (sign, got_digits, got_exponent) == (0, digits, exponent)
    assert format(value, "f") == text


def test_limit_is_48_characters() -> None:
    assert MAX_NUMBER_CHARS == 48


# ---- defects: one code each ----

DEFECTS: list[tuple[str, str]] = [
    # number_too_long: more than 48 characters, checked before anything else.
    ("1" * 49, "number_too_long"),
    ("0." + "0" * 47, "number_too_long"),  # 49 characters
    ("9" * 5000, "number_too_long"),
    # non_finite_number: [+-]?(inf|infinity|nan|snan), case-insensitive (§16).
    ("NaN", "non_finite_number"),
    ("nan", "non_finite_number"),
    ("NAN", "non_finite_number"),
    ("sNaN", "non_finite_number"),
    # Case-insensitive means ASCII letters only: the dotless i and the long s, which Unicode
    # case folding would turn into "i" and "s", are plain garbage.
    ("\u0131nf", "invalid_number_format"),
    ("\u017fnan", "invalid_number_format"),
    ("inf", "non_finite_number"),
    ("Inf", "non_finite_number"),
    ("Infinity", "non_finite_number"),
    ("INFINITY", "non_finite_number"),
    ("+inf", "non_finite_number"),
    ("+Infinity", "non_finite_number"),
    # negative_value: a leading "-", including "-0" (§4.2) and "-" + garbage (§16).
    ("-0", "negative_value"),
    ("-5", "negative_value"),
    ("-1.5", "negative_value"),
    ("-abc", "negative_value"),
    ("-.5", "negative_value"),
    ("-", "negative_value"),
    ("-05", "negative_value"),
    # exponent_not_allowed
    ("1e3", "exponent_not_allowed"),
    ("1E3", "exponent_not_allowed"),
    ("1e+3", "exponent_not_allowed"),
    ("1.5e-2", "exponent_not_allowed"),
    ("0e0", "exponent_not_allowed"),
    # too_many_decimals: more than 6 fractional digits, even zeros.
    ("1.0000000", "too_many_decimals"),
    ("0.1234567", "too_many_decimals"),
    ("5.00000000", "too_many_decimals"),
    # invalid_number_format: anything else outside the grammar (§4.2 list).
    ("+5", "invalid_number_format"),
    ("05", "invalid_number_format"),
    ("00", "invalid_number_format"),
    (".5", "invalid_number_format"),
    ("5.", "invalid_number_format"),
    ("", "invalid_number_format"),
    (" 5", "invalid_number_format"),
    ("5 ", "invalid_number_format"),
    ("5\n", "invalid_number_format"),
    ("1,000", "invalid_number_format"),
    ("1_000", "invalid_number_format"),
    ("1.2.3", "invalid_number_format"),
    ("0x10", "invalid_number_format"),
    ("abc", "invalid_number_format"),
    ("1e", "invalid_number_format"),
    ("\u0661", "invalid_number_format"),  # ARABIC-INDIC DIGIT ONE: not [0-9]
    ("\uff15", "invalid_number_format"),  # FULLWIDTH DIGIT FIVE: not [0-9]
    ("nan1", "invalid_number_format"),
]


@pytest.mark.parametrize(("text", "code"), DEFECTS)
def test_defect_gets_its_code(text: str, code: str) -> None:
    assert read_number_text(text) == code


# ---- precedence: a text with two defects gets the higher one (§16) ----

PRECEDENCE: list[tuple[str, str, str]] = [
    # (text, the defects it has, the code expected)
    ("-" + "1" * 48, "too_long+negative (49 chars)", "number_too_long"),
    ("1e" + "1" * 47, "too_long+exponent (49 chars)", "number_too_long"),
    ("1." + "0" * 47, "too_long+decimals (49 chars)", "number_too_long"),
    ("+" + "1" * 48, "too_long+invalid (49 chars)", "number_too_long"),
    ("-inf", "non_finite+negative", "non_finite_number"),
    ("-Infinity", "non_finite+negative", "non_finite_number"),
    ("-NaN", "non_finite+negative", "non_finite_number"),
    ("-snan", "non_finite+negative", "non_finite_number"),
    ("-1e3", "negative+exponent", "negative_value"),
    ("-1.0000000", "negative+decimals", "negative_value"),
    ("-abc", "negative+invalid", "negative_value"),
    ("-.5", "negative+invalid", "negative_value"),
    ("1.0000000e3", "exponent+decimals", "exponent_not_allowed"),
    ("+1e3", "exponent+invalid(+)", "exponent_not_allowed"),
    ("05e3", "exponent+invalid(leading zero)", "exponent_not_allowed"),
    ("+1.1234567", "decimals+invalid(+)", "too_many_decimals"),
    ("05.1234567", "decimals+invalid(leading zero)", "too_many_decimals"),
]


@pytest.mark.parametrize(("text", "defects", "code"), PRECEDENCE)
def test_precedence_between_defects(text: str, defects: str, code: str) -> None:
    assert read_number_text(text) == code, defects


@pytest.mark.parametrize("length", [48, 49])
def test_48_vs_49_characters(length: int) -> None:
    text = "1" * length
    value = read_number_text(text)
    if length == 48:
        assert isinstance(value, Decimal)
        assert Fraction(value) == (10**48 - 1) // 9  # 48 ones
    else:
        assert value == "number_too_long"


def test_long_fraction_at_48_is_too_many_decimals_not_too_long() -> None:
    # "0." + 46 zeros = 48 characters: not too long, but 46 > 6 fractional digits.
    text = "0." + "0" * 46
    assert len(text) == 48
    assert read_number_text(text) == "too_many_decimals"
