"""``factor in interval`` (``quotecalc.analysis.intervals.Interval.__contains__``, issue 14):
``int``, ``Fraction`` and ``Decimal`` are compared exactly, a non-finite ``Decimal`` is never a
member, ``bool``, ``float`` and every other type raise ``TypeError``; and the identity of
``docs/stability.md`` holds with the engine's own ``Decimal`` factors:
``rankingChanged == (factor not in rankingInterval)``."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES
from quotecalc import calculate
from quotecalc.analysis.intervals import Bound, Interval, table_stability
from quotecalc.engine.pipeline import DEFAULT_PIPELINE

HALF, THREE_HALVES = Fraction(1, 2), Fraction(3, 2)
# (1/2, 3/2]: open below, closed above
BOUNDED = Interval(Bound(HALF, open=True), Bound(THREE_HALVES, open=False))
# [0, +inf)
FROM_ZERO = Interval(Bound(Fraction(0), open=False), Bound(None, open=True))
# [1, 1]
DEGENERATE = Interval(Bound(Fraction(1), open=False), Bound(Fraction(1), open=False))
TINY = Decimal("1e-40")


def near(value: str, above: bool) -> Decimal:
    """``value`` plus or minus 10^-40, written out exactly."""
    step = Fraction(1, 10**40) if above else -Fraction(1, 10**40)
    exact = Fraction(value) + step
    digits = (exact * 10**40).numerator
    sign, digits = ("-" if digits < 0 else ""), abs(digits)
    whole, rest = divmod(digits, 10**40)
    return Decimal(f"{sign}{whole}.{rest:040d}")


@pytest.mark.parametrize(
    ("interval", "factor", "inside"),
    [
        (BOUNDED, 1, True),
        (BOUNDED, 2, False),
        (BOUNDED, 0, False),
        (BOUNDED, Fraction(1, 2), False),
        (BOUNDED, Fraction(3, 2), True),
        (BOUNDED, Decimal("1.25"), True),  # the example: it used to be False
        (BOUNDED, Decimal("0.5"), False),  # open end
        (BOUNDED, Decimal("0.50000"), False),
        (BOUNDED, near("0.5", above=True), True),
        (BOUNDED, Decimal("1.5"), True),  # closed end
        (BOUNDED, near("1.5", above=True), False),
        (BOUNDED, near("1.5", above=False), True),
        (BOUNDED, Decimal("15E-1"), True),
        (BOUNDED, Decimal("1E+1000"), False),
        (BOUNDED, Decimal("-1.25"), False),
        (BOUNDED, Decimal("Infinity"), False),
        (BOUNDED, Decimal("NaN"), False),
        (BOUNDED, Decimal("sNaN"), False),
        (FROM_ZERO, 0, True),
        (FROM_ZERO, -1, False),
        (FROM_ZERO, Decimal("0"), True),
        (FROM_ZERO, Decimal("-0"), True),
        (FROM_ZERO, -TINY, False),
        (FROM_ZERO, Decimal("1E+1000"), True),
        (FROM_ZERO, 10**400, True),
        (FROM_ZERO, Decimal("Infinity"), False),  # not a factor, although above every bound
        (FROM_ZERO, Decimal("-Infinity"), False),
        (FROM_ZERO, Decimal("NaN"), False),
        (DEGENERATE, 1, True),
        (DEGENERATE, Decimal("1.000000"), True),
        (DEGENERATE, near("1", above=True), False),
        (DEGENERATE, near("1", above=False), False),
        (DEGENERATE, Fraction(10**30 + 1, 10**30), False),
    ],
)
def test_membership_is_exact(interval: Interval, factor: object, inside: bool) -> None:
    assert (factor in interval) is inside
    assert (factor not in interval) is (not inside)


class _Rational:
    """Looks like a number, is none of the accepted types."""

    numerator, denominator = 1, 1


@pytest.mark.parametrize(
    "factor",
    [1.0, 1.25, float("nan"), float("inf"), True, False, "1", b"1", None, 1j, _Rational(), [1]],
    # An instance's default repr names its address, which differs between xdist workers.
    ids=lambda factor: "_Rational()" if isinstance(factor, _Rational) else repr(factor),
)
def test_other_types_raise(factor: object) -> None:
    for interval in (BOUNDED, FROM_ZERO, DEGENERATE):
        with pytest.raises(TypeError, match="int, Fraction or Decimal"):
            _ = factor in interval


class _Decimal(Decimal):
    pass


class _Int(int):
    pass


def test_subclasses_of_the_accepted_types_are_compared_exactly() -> None:
    assert _Decimal("1.25") in BOUNDED and _Decimal("0.5") not in BOUNDED
    assert _Int(1) in BOUNDED and _Int(2) not in BOUNDED


def _member(interval: Interval, value: Fraction) -> bool:
    """Membership written independently from the two bounds."""
    low, high = interval.lower, interval.upper
    assert low.value is not None
    if value < low.value or (value == low.value and low.open):
        return False
    if high.value is None:
        return True
    return value < high.value or (value == high.value and not high.open)


@st.composite
def intervals(draw: st.DrawFn) -> Interval:
    low = draw(st.fractions(min_value=0, max_value=5, max_denominator=50))
    high = draw(st.none() | st.fractions(min_value=low, max_value=6, max_denominator=50))
    return Interval(Bound(low, open=draw(st.booleans())), Bound(high, open=draw(st.booleans())))


@settings(max_examples=400, deadline=None)
@given(
    interval=intervals(),
    value=st.decimals(allow_nan=False, allow_infinity=False, min_value=-1, max_value=8)
    | st.fractions(min_value=-1, max_value=8).map(lambda f: Decimal(f.numerator) / f.denominator),
)
def test_decimal_membership_is_that_of_its_exact_fraction(
    interval: Interval, value: Decimal
) -> None:
    assert (
        (value in interval) is (Fraction(value) in interval) is _member(interval, Fraction(value))
    )


@settings(max_examples=200, deadline=None)
@given(interval=intervals(), value=st.integers(min_value=-3, max_value=9))
def test_int_membership_is_that_of_its_fraction(interval: Interval, value: int) -> None:
    assert (value in interval) is _member(interval, Fraction(value))


# ---- the identity of docs/stability.md with the engine's own factors ----------------------


def _quote(index: int, total: int, lead: int, score: int) -> dict[str, Any]:
    return {
        "supplierId": f"S{index}",
        "specification": "M6 bolt",
        "currency": "CNY",
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": str(total),
        "freight": "0",
        "otherFees": "0",
        "leadDays": lead,
        "qualityScore": score,
        "qualityDefinition": "0-3 audit",
    }


WEIGHTS = st.sampled_from(["0", "1", "0.5", "0.25", "0.2", "2", "3"]) | st.integers(
    min_value=0, max_value=2_000_000
).map(lambda n: str(Decimal(n) / 10**6))
DELTAS = st.sampled_from(["0.5", "0.25", "0.2", "0.1", "0.75", "0.999999", "0.000001"]) | (
    st.integers(min_value=1, max_value=999_999).map(lambda n: str(Decimal(n) / 10**6))
)


@st.composite
def ranked_requests(draw: st.DrawFn) -> bytes:
    count = draw(st.integers(min_value=2, max_value=6))
    quotes = [
        _quote(
            index,
            draw(st.integers(min_value=1, max_value=6)),
            draw(st.integers(min_value=0, max_value=5)),
            draw(st.integers(min_value=0, max_value=3)),
        )
        for index in range(count)
    ]
    weights = {name: draw(WEIGHTS) for name in ("cost", "delivery", "quality")}
    assume(any(Decimal(value) > 0 for value in weights.values()))
    body = {
        "schemaVersion": 1,
        "quantity": 100,
        "currency": "CNY",
        "specification": "M6 bolt",
        "weights": weights,
        "qualityScale": {"definition": "0-3 audit", "minimum": 0, "maximum": 3},
        "sensitivityDelta": draw(DELTAS),
        "quotes": quotes,
    }
    return json.dumps(body).encode()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=ranked_requests())
def test_ranking_changed_is_factor_not_in_ranking_interval(raw: bytes) -> None:
    ctx = DEFAULT_PIPELINE.run(raw)
    assert ctx.request is not None and ctx.scoring is not None
    table = ctx.scoring.table
    assert table is not None and ctx.sensitivity
    entries = {e.dimension: e for e in table_stability(table, ctx.request.fields["weights"])}
    for scenario in ctx.sensitivity:
        assert isinstance(scenario.factor, Decimal)
        inside = scenario.factor in entries[scenario.dimension].ranking
        assert scenario.ranking_changed is (not inside)
    # the same through the published result: the factor string read as a Decimal
    shown = calculate(raw).output["sensitivity"]
    assert [(Decimal(s["factor"]) not in entries[s["dimension"]].ranking) for s in shown] == [
        s["rankingChanged"] for s in shown
    ]


def _identity_holds(raw: bytes) -> list[bool]:
    """Checks the identity for every scenario of one request; returns their rankingChanged."""
    ctx = DEFAULT_PIPELINE.run(raw)
    if ctx.request is None or ctx.scoring is None:
        return []
    if ctx.scoring.table is None or ctx.scoring.ranking is None:
        return []
    weights = ctx.request.fields["weights"]
    entries = {e.dimension: e for e in table_stability(ctx.scoring.table, weights)}
    for scenario in ctx.sensitivity:
        assert scenario.ranking_changed is (
            scenario.factor not in entries[scenario.dimension].ranking
        )
    return [scenario.ranking_changed for scenario in ctx.sensitivity]


def test_identity_on_every_example_with_both_outcomes() -> None:
    changed = [
        flag
        for path in sorted(EXAMPLES.glob("*.request.json"))
        for flag in _identity_holds(path.read_bytes())
    ]
    assert True in changed and False in changed
