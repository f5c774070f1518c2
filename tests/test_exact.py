"""White-box tests of ``quotecalc.core.exact`` (CONTRACT §7, §13).

- ``format_ratio``: the one display rounding, ROUND_HALF_UP to exactly 6 places (§13);
- ``Ratio.of``: exact quotient of exact numbers;
- ``format_exact``: plain notation keeping a Decimal's own digits (§13, §16 "Output details");
- ``scaled_integer``: value * 10^places as an int, refusing to drop digits;
- ``EXACT``: enough precision for 10^9 packs * 10^15 price with 6 decimals, trapping Inexact.
"""

from __future__ import annotations

import decimal
from decimal import Decimal
from fractions import Fraction

import pytest

from quotecalc.core.exact import EXACT, Ratio, format_exact, format_ratio, scaled_integer

# ---- format_ratio: half-up at the 7th decimal ----

FORMAT_RATIO: list[tuple[int, int, str]] = [
    # (numerator, denominator, expected) -- the arithmetic in the comment
    (0, 5, "0.000000"),
    (1, 1, "1.000000"),
    (7, 7, "1.000000"),
    (1, 3, "0.333333"),  # 0.3333333... -> 7th digit 3, down
    (2, 3, "0.666667"),  # 0.6666666... -> 7th digit 6, up
    (1, 8, "0.125000"),  # exact
    (43, 50, "0.860000"),  # 0.86 exact
    # exactly half at the 7th decimal: half-up goes away from zero (not to even)
    (5, 10**7, "0.000001"),  # 0.0000005 -> 0.000001
    (1, 2 * 10**6, "0.000001"),  # same value, unreduced differently
    (15, 10**7, "0.000002"),  # 0.0000015 -> 0.000002
    (25, 10**7, "0.000003"),  # 0.0000025 -> 0.000003 (half-even would give 0.000002)
    (12345675, 10**7, "1.234568"),  # 1.2345675 -> 1.234568
    (12345665, 10**7, "1.234567"),  # 1.2345665 -> 1.234567 (half-even: 1.234566)
    (9999995, 10**7, "1.000000"),  # 0.9999995 -> carries into the units
    # just below / just above half
    (4999999, 10**13, "0.000000"),  # 0.0000004999999 -> down
    (5000001, 10**13, "0.000001"),  # 0.0000005000001 -> up
    (99999949, 10**8, "0.999999"),  # 0.99999949 -> down
    # large values keep every integer digit
    (10**30 + 1, 1, "1000000000000000000000000000001.000000"),
    (10**24 - 1000 + 2 * 10**15, 10**9, "1000000001999999.999999"),
]


@pytest.mark.parametrize(("numerator", "denominator", "expected"), FORMAT_RATIO)
def test_format_ratio_half_up_to_six_places(
    numerator: int, denominator: int, expected: str
) -> None:
    assert format_ratio(Ratio(numerator, denominator)) == expected


def test_format_ratio_ignores_how_the_fraction_is_written() -> None:
    # 1/3, 2/6 and 1000/3000 are the same number.
    shown = {format_ratio(Ratio(n, d)) for n, d in [(1, 3), (2, 6), (1000, 3000)]}
    assert shown == {"0.333333"}


# ---- Ratio.of: exact quotients ----

RATIO_OF: list[tuple[Decimal | int, Decimal | int, Fraction]] = [
    (Decimal("35.00"), 3, Fraction(35, 3)),
    (Decimal("35.00"), 12, Fraction(35, 12)),
    (Decimal("0.5"), Decimal("0.25"), Fraction(2)),
    (7, 2, Fraction(7, 2)),
    (Decimal("1.5"), 4, Fraction(3, 8)),
    (0, 9, Fraction(0)),
    (Decimal("0.000001"), 10**9, Fraction(1, 10**15)),
    # landed 335.50 over 108 delivered units: 33550/100/108 = 671/216
    (Decimal("335.50"), 108, Fraction(671, 216)),
]


@pytest.mark.parametrize(("numerator", "denominator", "expected"), RATIO_OF)
def test_ratio_of_is_the_exact_quotient(
    numerator: Decimal | int, denominator: Decimal | int, expected: Fraction
) -> None:
    ratio = Ratio.of(numerator, denominator)
    assert isinstance(ratio.numerator, int)
    assert isinstance(ratio.denominator, int)
    assert ratio.denominator > 0
    assert Fraction(ratio.numerator, ratio.denominator) == expected


def test_ratio_of_never_goes_through_float() -> None:
    # 0.1 / 3 = 1/30 exactly; float(0.1) is 0.1000000000000000055..., which would not be.
    ratio = Ratio.of(Decimal("0.1"), 3)
    assert Fraction(ratio.numerator, ratio.denominator) == Fraction(1, 30)


# ---- format_exact: plain notation, own digits ----

FORMAT_EXACT: list[tuple[Decimal | int, str]] = [
    (Decimal("35.00"), "35.00"),
    (Decimal("0.000000"), "0.000000"),
    (Decimal("0.55"), "0.55"),
    (Decimal("0.550"), "0.550"),
    (Decimal("1000000000000000"), "1000000000000000"),
    (Decimal("999999999999999.999999"), "999999999999999.999999"),
    (Decimal("1E+3"), "1000"),  # no exponent in the output (§13)
    (Decimal("1E-7"), "0.0000001"),
    (5, "5"),
    (0, "0"),
    (10**18, "1000000000000000000"),
]


@pytest.mark.parametrize(("value", "expected"), FORMAT_EXACT)
def test_format_exact_plain_notation(value: Decimal | int, expected: str) -> None:
    assert format_exact(value) == expected


def test_format_exact_of_an_exact_product_keeps_all_digits() -> None:
    # 0.50 * 1.1 = 0.550 (two + one fractional digits); 9 * 35.00 = 315.00.
    assert format_exact(EXACT.multiply(Decimal("0.50"), Decimal("1.1"))) == "0.550"
    assert format_exact(EXACT.multiply(Decimal(9), Decimal("35.00"))) == "315.00"


# ---- scaled_integer ----

SCALED: list[tuple[Decimal | int, int, int]] = [
    (Decimal("1.5"), 6, 1500000),
    (Decimal("35.00"), 6, 35000000),
    (Decimal("0.000001"), 6, 1),
    (Decimal("1.0000000"), 6, 1000000),  # trailing zeros are not extra digits
    (7, 6, 7000000),
    (0, 12, 0),
    (Decimal("0.125"), 12, 125 * 10**9),
    (Decimal("0.333333333333"), 12, 333333333333),
    (Decimal("1000000000000000"), 6, 10**21),
]


@pytest.mark.parametrize(("value", "places", "expected"), SCALED)
def test_scaled_integer(value: Decimal | int, places: int, expected: int) -> None:
    result = scaled_integer(value, places)
    assert type(result) is int
    assert result == expected


@pytest.mark.parametrize(
    ("value", "places"),
    [(Decimal("0.0000001"), 6), (Decimal("0.333"), 2), (Decimal("0.1234567"), 6)],
)
def test_scaled_integer_refuses_to_drop_digits(value: Decimal, places: int) -> None:
    with pytest.raises(ArithmeticError):
        scaled_integer(value, places)


# ---- EXACT ----


def test_exact_context_traps_inexact_and_rounded() -> None:
    assert EXACT.traps[decimal.Inexact]
    assert EXACT.traps[decimal.Rounded]


def test_exact_product_at_the_extremes() -> None:
    # 10^9 packs * 999999999999999.999999 = 10^9 * (10^15 - 10^-6) = 10^24 - 10^3
    product = EXACT.multiply(Decimal(10**9), Decimal("999999999999999.999999"))
    assert Fraction(product) == Fraction(10**24 - 10**3)
    # plus freight 10^15 and fees 10^15: 10^24 - 10^3 + 2 * 10^15
    landed = EXACT.add(EXACT.add(product, Decimal(10**15)), Decimal(10**15))
    assert Fraction(landed) == Fraction(10**24 - 10**3 + 2 * 10**15)


def test_exact_product_that_28_digits_would_round() -> None:
    # 999999999 packs * 999999999999999.999999
    #   = (10^9 - 1) * (10^15 - 10^-6) = 10^24 - 10^15 - 10^3 + 10^-6
    #   = 999999998999999999999000.000001: 30 significant digits, none of them zero at the end.
    packs, price = Decimal(10**9 - 1), Decimal("999999999999999.999999")
    expected = Fraction(10**24 - 10**15 - 10**3) + Fraction(1, 10**6)
    assert Fraction(EXACT.multiply(packs, price)) == expected
    # The premise of §7: Decimal's default 28 digits cannot hold it.
    narrow = decimal.Context(prec=28, traps=[decimal.Inexact])
    with pytest.raises(decimal.Inexact):
        narrow.multiply(packs, price)


def test_exact_raises_instead_of_rounding() -> None:
    # 1/3 has no finite decimal expansion.
    with pytest.raises(decimal.Inexact):
        EXACT.divide(Decimal(1), Decimal(3))
    # 60 nines + 0.1 needs 61 significant digits.
    with pytest.raises(decimal.Inexact):
        EXACT.add(Decimal("9" * 60), Decimal("0.1"))
