"""Conversions the buyer states (issue 27, ``docs/conversions.md``): exchange rates in the
``--convert`` comparison and in plan requests, the rate's range, and prepaid balances.

Every expected figure is worked out by hand in the comments; the properties compare a converted
request with the same request written in the target currency by the test itself.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quotecalc
from quotecalc.core.conversion_rules import Span
from quotecalc.solvers.rate_interval import Line, cheapest_spans

ROOT = Path(__file__).resolve().parent.parent
RATE_USD = {"from": "USD", "to": "CNY", "rate": "7.1234", "asOf": "2026-11-30", "source": "bank"}


def quote(sid: str, currency: str = "CNY", **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "supplierId": sid,
        "specification": "M6 bolt",
        "currency": currency,
        "packSize": 100,
        "minimumPacks": 0,
        "packPrice": "35.00",
        "freight": "40",
        "otherFees": "0",
        "leadDays": 5,
    }
    body.update(changes)
    return body


def request(*quotes: dict[str, Any], **root: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "schemaVersion": 1,
        "quantity": 1000,
        "currency": "CNY",
        "specification": "M6 bolt",
        "quotes": list(quotes),
    }
    body.update(root)
    return body


def converted(body: dict[str, Any]) -> dict[str, Any]:
    output: dict[str, Any] = quotecalc.convert(json.dumps(body).encode()).output
    return output


def planned(body: dict[str, Any]) -> dict[str, Any]:
    output: dict[str, Any] = quotecalc.plan(json.dumps(body).encode()).output
    return output


def by_id(output: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {q["supplierId"]: q for q in output["result"]["normalizedQuotes"]}


# ---- the --convert comparison ----


def test_a_usd_quote_is_converted_exactly_and_keeps_its_origin() -> None:
    # WEST: 10 packs x 4.80 USD + 5 USD freight = 53 USD; at 7.1234: packPrice 34.192320,
    # freight 35.6170, otherFees 0.0000, goods 341.923200, landed 377.540200 CNY.
    body = request(quote("NORTH"), quote("WEST", "USD", packPrice="4.80", freight="5"))
    output = converted({**body, "exchangeRates": [RATE_USD]})
    assert output["kind"] == "converted-comparison" and output["status"] == "completed"
    west = by_id(output)["WEST"]
    assert (west["currency"], west["packPrice"], west["freight"]) == ("CNY", "34.192320", "35.6170")
    assert (west["goodsSubtotal"], west["landedTotal"]) == ("341.923200", "377.540200")
    assert output["conversions"] == [
        {
            "supplierId": "WEST",
            "currency": "USD",
            "original": {"packPrice": "4.80", "freight": "5", "otherFees": "0"},
            "convertedAt": RATE_USD,
        }
    ]
    codes = [entry["code"] for entry in output["result"]["limitations"]]
    assert "converted_at_given_rates" in codes and "no_conversion" not in codes


def test_the_rate_range_where_the_cheapest_stays_cheapest() -> None:
    # WEST costs 53 USD in all, NORTH 390 CNY: WEST is cheaper while 53 r <= 390, i.e. up to
    # r = 390/53 = 7.358490566..., shown 7.358491; above it NORTH takes over. Below there is no
    # end (a lower rate only makes WEST cheaper).
    body = request(quote("NORTH"), quote("WEST", "USD", packPrice="4.80", freight="5"))
    output = converted({**body, "exchangeRates": [RATE_USD]})
    (entry,) = output["rateSensitivity"]
    assert entry["rate"] == "7.1234"
    assert entry["cheapest"] == [
        {
            "supplierId": "WEST",
            "low": None,
            "lowTakenBy": [],
            "high": {"rate": "7.358491", "exact": "390/53"},
            "highTakenBy": ["NORTH"],
        }
    ]


@pytest.mark.parametrize(
    ("rate", "cheapest"),
    [
        # Just below and above 390/53: the winner changes exactly there; at it, a tie.
        ("7.3584905660", "WEST"),  # 53 x 7.3584905660 = 389.9999999980 < 390
        ("7.3584905661", "NORTH"),  # 53 x 7.3584905661 = 390.0000000033 > 390
    ],
)
def test_the_winner_changes_exactly_at_the_crossing(rate: str, cheapest: str) -> None:
    body = request(quote("NORTH"), quote("WEST", "USD", packPrice="4.80", freight="5"))
    output = converted({**body, "exchangeRates": [{**RATE_USD, "rate": rate}]})
    totals = {sid: Decimal(q["landedTotal"]) for sid, q in by_id(output).items()}
    assert min(totals, key=lambda sid: totals[sid]) == cheapest
    assert [span["supplierId"] for span in output["rateSensitivity"][0]["cheapest"]] == [cheapest]


def test_a_rate_that_changes_the_winner_and_one_that_does_not() -> None:
    # NORTH 390 CNY. EAST: 10 packs x 5 EUR + 0 = 50 EUR: at 7.5 it is 375 CNY (EAST wins), at
    # 8 it is 400 CNY (NORTH wins). Weights on cost only make the ranking follow the totals.
    body = request(
        quote("NORTH"),
        quote("EAST", "EUR", packPrice="5", freight="0"),
        weights={"cost": 1, "delivery": 0, "quality": 0},
    )
    rate = {"from": "EUR", "to": "CNY", "asOf": "2026-11-30", "source": "bank"}
    low = converted({**body, "exchangeRates": [{**rate, "rate": "7.5"}]})
    high = converted({**body, "exchangeRates": [{**rate, "rate": "8"}]})
    assert low["result"]["ranking"][0]["supplierId"] == "EAST"
    assert high["result"]["ranking"][0]["supplierId"] == "NORTH"


def test_only_the_stated_direction_no_inverse_no_cross_rate() -> None:
    # A CNY->USD rate does not convert a USD quote into CNY (no inverse); USD->EUR and EUR->CNY
    # do not make USD->CNY (no cross rate): WEST stays not comparable, the rates unused.
    body = request(quote("NORTH"), quote("WEST", "USD"))
    rates = [
        {"from": "CNY", "to": "USD", "rate": "0.14", "asOf": "2026-11-30", "source": "s"},
        {"from": "USD", "to": "EUR", "rate": "0.9", "asOf": "2026-11-30", "source": "s"},
        {"from": "EUR", "to": "CNY", "rate": "7.8", "asOf": "2026-11-30", "source": "s"},
    ]
    output = converted({**body, "exchangeRates": rates})
    assert output["status"] == "partial"
    assert by_id(output)["WEST"]["comparable"] is False
    assert output["conversions"] == [] and output["rateSensitivity"] == []
    assert output["unusedRates"] == rates
    codes = [entry["code"] for entry in output["result"]["limitations"]]
    assert "no_conversion" in codes and "converted_at_given_rates" not in codes


@pytest.mark.parametrize(
    ("rates", "errors"),
    [
        ([{**RATE_USD, "to": "USD"}], [("same_currency_pair", "/exchangeRates/0/to")]),
        ([RATE_USD, {**RATE_USD, "rate": "7"}], [("duplicate_rate_pair", "/exchangeRates/1")]),
        (
            [{**RATE_USD, "rate": "7.12345678901"}],
            [("too_many_rate_decimals", "/exchangeRates/0/rate")],
        ),
        ([{**RATE_USD, "rate": "0"}], [("out_of_range", "/exchangeRates/0/rate")]),
        ([{**RATE_USD, "asOf": "2026-02-30"}], [("invalid_date", "/exchangeRates/0/asOf")]),
        ([{**RATE_USD, "source": ""}], [("empty_string", "/exchangeRates/0/source")]),
        ([{**RATE_USD, "via": "EUR"}], [("unknown_key", "/exchangeRates/0")]),
        ([], [("out_of_range", "/exchangeRates")]),
    ],
)
def test_bad_rates_are_refused_with_their_paths(
    rates: list[dict[str, Any]], errors: list[tuple[str, str]]
) -> None:
    output = converted({**request(quote("NORTH")), "exchangeRates": rates})
    assert output["status"] == "invalid_input" and output["conversions"] is None
    assert [(e["code"], e["path"]) for e in output["result"]["limitations"]] == errors
    assert "7.12345678901" not in json.dumps(output)  # nothing of the input echoed


def test_the_fixed_call_still_refuses_exchange_rates() -> None:
    raw = json.dumps({**request(quote("NORTH")), "exchangeRates": [RATE_USD]}).encode()
    output = quotecalc.calculate(raw).output
    assert output["status"] == "invalid_input"
    assert [(e["code"], e["path"]) for e in output["limitations"]] == [("unknown_key", "")]


def test_the_fixed_call_never_loads_the_conversion_modules() -> None:
    code = (
        "import sys, quotecalc; quotecalc.calculate(sys.stdin.buffer.read());"
        "print(sorted(m for m in sys.modules if m.startswith('quotecalc')"
        " and ('conver' in m or 'rate_' in m)))"
    )
    raw = json.dumps(request(quote("NORTH"))).encode()
    out = subprocess.run(
        [sys.executable, "-B", "-c", code], input=raw, capture_output=True, check=True, timeout=60
    )
    assert out.stdout.strip() == b"[]"


def test_convert_through_the_real_cli_is_the_library_answer() -> None:
    body = request(quote("NORTH"), quote("WEST", "USD", packPrice="4.80", freight="5"))
    raw = json.dumps({**body, "exchangeRates": [RATE_USD]}).encode()
    out = subprocess.run(
        [
            sys.executable,
            "-B",
            str(ROOT / "scripts/calculate.py"),
            "--input-json",
            "-",
            "--convert",
        ],
        input=raw,
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert out.returncode == 0 and out.stdout == quotecalc.convert(raw).to_json()
    bad = subprocess.run(
        [
            sys.executable,
            "-B",
            str(ROOT / "scripts/calculate.py"),
            "--input-json",
            "-",
            "--convert",
        ],
        input=b"{",
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert bad.returncode == 2 and json.loads(bad.stdout)["status"] == "invalid_input"


# ---- properties ----


def _usd(rng: random.Random, sid: str) -> dict[str, Any]:
    return quote(
        sid,
        "USD",
        packSize=rng.choice([1, 10, 25, 100]),
        minimumPacks=rng.randint(0, 5),
        packPrice=f"{rng.randint(1, 900)}.{rng.randint(0, 99):02d}",
        freight=str(rng.randint(0, 50)),
        otherFees=f"{rng.randint(0, 9)}.5",
    )


def _in_cny(body: dict[str, Any], rate: Decimal) -> dict[str, Any]:
    """The request with every USD quote written in CNY at ``rate`` by the test itself."""
    out = copy.deepcopy(body)
    out.pop("exchangeRates", None)
    for q in out["quotes"]:
        if q["currency"] == "USD":
            q["currency"] = "CNY"
            for name in ("packPrice", "freight", "otherFees"):
                q[name] = str(Decimal(q[name]) * rate)
            for entry in q.get("priceBreaks", ()):
                entry["packPrice"] = str(Decimal(entry["packPrice"]) * rate)
    return out


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_rate_one_changes_no_figure(seed: int) -> None:
    rng = random.Random(seed)
    body = request(quote("NORTH"), _usd(rng, "WEST"), _usd(rng, "EAST"))
    one = converted({**body, "exchangeRates": [{**RATE_USD, "rate": "1"}]})
    plain = quotecalc.calculate(json.dumps(_in_cny(body, Decimal(1))).encode()).output
    for mine, theirs in zip(
        one["result"]["normalizedQuotes"], plain["normalizedQuotes"], strict=True
    ):
        for name in ("packPrice", "freight", "otherFees", "goodsSubtotal", "landedTotal"):
            assert Decimal(mine[name]) == Decimal(theirs[name])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["7.1234", "0.1372", "6.9", "7"]))
def test_a_plan_with_usd_quotes_at_r_is_the_plan_with_prices_times_r(seed: int, rate: str) -> None:
    rng = random.Random(seed)
    quotes = [quote("NORTH", packPrice=f"{rng.randint(1, 90)}.00", capacityPacks=rng.randint(1, 8))]
    for sid in ("EAST", "WEST"):
        usd = _usd(rng, sid)
        usd["priceBreaks"] = [{"minimumQuantity": 400, "packPrice": usd["packPrice"]}]
        usd["capacityPacks"] = rng.randint(1, 12)
        quotes.append(usd)
    body = request(*quotes, maxSuppliers=rng.choice([2, 3]))
    mine = planned({**body, "exchangeRates": [{**RATE_USD, "rate": rate}]})
    theirs = planned(_in_cny(body, Decimal(rate)))
    assert mine["status"] == theirs["status"]
    if theirs["plan"] is None or theirs["plan"]["best"] is None:
        assert mine["plan"] == theirs["plan"]
        return
    best, expected = mine["plan"]["best"], theirs["plan"]["best"]
    assert [(x["supplierId"], x["packs"]) for x in best["lines"]] == [
        (x["supplierId"], x["packs"]) for x in expected["lines"]
    ]
    assert Decimal(best["landedTotal"]) == Decimal(expected["landedTotal"])
    assert best["proven"] is expected["proven"] is True


# ---- the rate spans alone ----


def test_spans_of_parallel_tied_and_rising_lines() -> None:
    # A: 100 + 0 t; B: 0 + 20 t; C: 0 + 25 t. At t = 4: A 100, B 80, C 100 -> B cheapest.
    # B vs A: 20 t <= 100 -> t <= 5 (A above). B vs C: 20 t <= 25 t for every t > 0: no end.
    lines = [
        Line("A", Fraction(100), Fraction(0)),
        Line("B", Fraction(0), Fraction(20)),
        Line("C", Fraction(0), Fraction(25)),
    ]
    assert cheapest_spans(lines, Fraction(4)) == (Span("B", None, (), Fraction(5), ("A",)),)
    # At t = 5, A and B tie: A stays cheapest from 5 up (no upper end); B from below up to 5.
    spans = cheapest_spans(lines, Fraction(5))
    assert [s.supplier_id for s in spans] == ["A", "B"]
    assert (spans[0].low, spans[0].low_takers, spans[0].high) == (Fraction(5), ("B",), None)
    assert (spans[1].high, spans[1].high_takers) == (Fraction(5), ("A",))


# ---- prepaid balances (plan requests) ----

AS_OF = "2026-12-01"


def test_a_valid_balance_covers_part_of_the_need_and_an_expired_one_is_listed() -> None:
    # Need 1000. NORTH's 300 units expire on asOf (still usable that day); SOUTH's 500 expired
    # the day before. 700 to buy: NORTH alone 7 packs = 245.00 + 40 = 285.00; allocated goods
    # 245.00 x 700 / 700 = 245.000000, nothing left over.
    body = request(
        quote("NORTH"),
        quote("SOUTH", packPrice="40.00"),
        asOf=AS_OF,
        balances=[
            {"supplierId": "NORTH", "units": 300, "expiresAt": "2026-12-01"},
            {"supplierId": "SOUTH", "units": 500, "expiresAt": "2026-11-30"},
        ],
    )
    output = planned(body)
    plan = output["plan"]
    assert output["status"] == "completed" and plan["quantity"] == "700"
    assert [(x["supplierId"], x["packs"]) for x in plan["best"]["lines"]] == [("NORTH", "7")]
    assert plan["best"]["landedTotal"] == "285.00"
    assert plan["balances"] == {
        "asOf": AS_OF,
        "unitsFromBalances": "300",
        "unitsToBuy": "700",
        "allocatedGoodsCost": "245.000000",
        "leftoverUnits": "0",
        "balances": [
            {
                "supplierId": "NORTH",
                "units": "300",
                "expiresAt": AS_OF,
                "status": "used",
                "unitsUsed": "300",
            },
            {
                "supplierId": "SOUTH",
                "units": "500",
                "expiresAt": "2026-11-30",
                "status": "expired",
                "unitsUsed": "0",
            },
        ],
    }


def test_the_allocated_cost_of_a_pack_bought_past_the_need() -> None:
    # The example: a 5,000-unit pack for 10.00, 3,000 needed: 6.00 allocated, 2,000 left.
    body = request(
        quote("A", packSize=5000, packPrice="10.00", freight="0"),
        quantity=4000,
        asOf=AS_OF,
        balances=[{"supplierId": "A", "units": 1000, "expiresAt": "2027-01-01"}],
    )
    plan = planned(body)["plan"]
    assert plan["balances"]["unitsToBuy"] == "3000"
    assert plan["balances"]["allocatedGoodsCost"] == "6.000000"
    assert plan["balances"]["leftoverUnits"] == "2000"


def test_balances_covering_the_whole_need_buy_nothing() -> None:
    body = request(
        quote("NORTH"),
        asOf=AS_OF,
        balances=[
            {"supplierId": "NORTH", "units": 600, "expiresAt": "2027-01-01"},
            {"supplierId": "NORTH", "units": 600, "expiresAt": "2027-01-01"},
        ],
    )
    output = planned(body)
    plan = output["plan"]
    assert output["status"] == "completed" and plan["quantity"] == "0"
    assert plan["best"]["lines"] == [] and plan["best"]["landedTotal"] == "0"
    assert [b["unitsUsed"] for b in plan["balances"]["balances"]] == ["600", "400"]
    assert plan["balances"]["allocatedGoodsCost"] == "0.000000"


def test_a_balance_without_as_of_gives_no_plan() -> None:
    body = request(
        quote("NORTH"), balances=[{"supplierId": "NORTH", "units": 10, "expiresAt": AS_OF}]
    )
    output = planned(body)
    assert output["status"] == "partial" and output["plan"] is None
    assert [(r["code"], r.get("field")) for r in output["reasons"]] == [
        ("plan_balance_expiry_unknown", "asOf")
    ]


def test_a_balance_of_an_excluded_quote_is_ignored_and_an_unknown_supplier_refused() -> None:
    body = request(
        quote("NORTH"),
        quote("SLOW", leadDays=30),
        maxLeadDays=10,
        asOf=AS_OF,
        balances=[{"supplierId": "SLOW", "units": 500, "expiresAt": "2027-01-01"}],
    )
    plan = planned(body)["plan"]
    assert plan["quantity"] == "1000"
    assert plan["balances"]["balances"][0]["status"] == "quote_not_usable"
    bad = planned({**body, "balances": [{"supplierId": "NOBODY", "units": 5, "expiresAt": AS_OF}]})
    assert bad["status"] == "invalid_input"
    assert [(r["code"], r["path"]) for r in bad["reasons"]] == [
        ("unknown_balance_supplier", "/balances/0/supplierId")
    ]


def test_plan_with_a_rate_lists_conversions_and_says_so() -> None:
    body = request(quote("NORTH"), quote("WEST", "USD", packPrice="4.80", freight="5"))
    output = planned({**body, "exchangeRates": [RATE_USD]})
    assert output["conversions"][0]["supplierId"] == "WEST"
    assert output["unusedRates"] == []
    assert [x["supplierId"] for x in output["plan"]["best"]["lines"]] == ["WEST"]
    assert output["plan"]["best"]["landedTotal"] == "377.540200"
    codes = [entry["code"] for entry in output["limitations"]]
    assert "converted_at_given_rates" in codes and "no_conversion" not in codes
    # Without exchangeRates the plan document has no conversion keys at all (its bytes as before).
    assert "conversions" not in planned(request(quote("NORTH")))


def test_plan_documents_with_conversions_and_balances_match_the_plan_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from quotecalc.contract.plan_schema import plan_schema

    validator = jsonschema.Draft202012Validator(plan_schema())
    west = quote("WEST", "USD", packPrice="4.80", freight="5")
    cases = [
        {**request(quote("NORTH"), west), "exchangeRates": [{**RATE_USD, "rate": "7.0000000001"}]},
        request(
            quote("NORTH"),
            asOf=AS_OF,
            balances=[{"supplierId": "NORTH", "units": 1000, "expiresAt": AS_OF}],
        ),
        request(quote("NORTH"), balances=[{"supplierId": "NORTH", "units": 1, "expiresAt": AS_OF}]),
        {**request(quote("NORTH")), "exchangeRates": [{**RATE_USD, "rate": "7.00000000001"}]},
    ]
    for body in cases:
        errors = [error.message for error in validator.iter_errors(planned(body))]
        assert errors == [], errors


# ---- exchange rates in sourcing events (issue 26's request) ----


def test_an_event_supplier_in_usd_at_a_stated_rate_is_awarded_as_its_cny_twin() -> None:
    # examples/event.request.json has B in CNY: freight 100.00, bolts at 47.00 a pack. The same
    # B in USD at USD->CNY 8: freight 12.5 and 5.875 a pack (x 8 = 100.0 and 47.000). The award
    # must be the example's, and B's figures its own converted ones.
    example = json.loads((ROOT / "examples/event.request.json").read_text())
    twin = copy.deepcopy(example)
    (b,) = [s for s in twin["suppliers"] if s["supplierId"] == "B"]
    b.update(currency="USD", freight="12.5", otherFees="0")
    b["offers"][0]["packPrice"] = "5.875"
    rate = {"from": "USD", "to": "CNY", "rate": "8", "asOf": "2026-11-30", "source": "bank"}
    twin["exchangeRates"] = [rate]
    mine = quotecalc.award(json.dumps(twin).encode()).output
    theirs = quotecalc.award(json.dumps(example).encode()).output
    assert mine["status"] == theirs["status"] == "completed"
    assert Decimal(mine["award"]["landedTotal"]) == Decimal(theirs["award"]["landedTotal"])
    assert [(x["supplierId"], x["itemId"], x["packs"]) for x in mine["award"]["lines"]] == [
        (x["supplierId"], x["itemId"], x["packs"]) for x in theirs["award"]["lines"]
    ]
    assert mine["conversions"] == [
        {
            "supplierId": "B",
            "currency": "USD",
            "original": {"freight": "12.5", "otherFees": "0", "offers/0/packPrice": "5.875"},
            "convertedAt": rate,
        }
    ]
    codes = [entry["code"] for entry in mine["limitations"]]
    assert "converted_at_given_rates" in codes and "no_conversion" not in codes
    # Without the rate B is in another currency: listed as not comparable, as before.
    del twin["exchangeRates"]
    plain = quotecalc.award(json.dumps(twin).encode()).output
    assert "conversions" not in plain
    assert any(r["code"] == "event_offer_not_comparable" for r in plain["reasons"])


def test_event_rates_are_validated_like_plan_rates() -> None:
    example = json.loads((ROOT / "examples/event.request.json").read_text())
    bad = {**example, "exchangeRates": [{**RATE_USD, "to": "USD"}, {**RATE_USD, "asOf": "x"}]}
    output = quotecalc.award(json.dumps(bad).encode()).output
    assert output["status"] == "invalid_input"
    assert [(r["code"], r["path"]) for r in output["reasons"]] == [
        ("same_currency_pair", "/exchangeRates/0/to"),
        ("invalid_date", "/exchangeRates/1/asOf"),
    ]


def test_converted_event_documents_match_the_event_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from quotecalc.contract.event_schema import event_schema

    validator = jsonschema.Draft202012Validator(event_schema())
    example = json.loads((ROOT / "examples/event.request.json").read_text())
    (b,) = [s for s in example["suppliers"] if s["supplierId"] == "B"]
    b["currency"] = "USD"
    rates = [
        {"from": "USD", "to": "CNY", "rate": "7.0000000001", "asOf": "2026-11-30", "source": "b"},
        {"from": "EUR", "to": "CNY", "rate": "7.8", "asOf": "2026-11-30", "source": "b"},
    ]
    for body in ({**example, "exchangeRates": rates}, {**example, "exchangeRates": [{}]}):
        output = quotecalc.award(json.dumps(body).encode()).output
        errors = [error.message for error in validator.iter_errors(output)]
        assert errors == [], errors


def _plan_text(body: dict[str, Any], lang: str) -> str:
    out = subprocess.run(
        [
            sys.executable,
            "-B",
            str(ROOT / "scripts/calculate.py"),
            "--input-json",
            "-",
            "--plan",
            "--format",
            "text",
            "--lang",
            lang,
        ],
        input=json.dumps(body).encode(),
        capture_output=True,
        check=True,
        timeout=60,
    )
    return out.stdout.decode("utf-8")


def test_the_readable_plan_says_where_converted_figures_and_balances_come_from() -> None:
    body = request(
        quote("NORTH"),
        quote("WEST", "USD", packPrice="4.80", freight="5"),
        asOf=AS_OF,
        balances=[
            {"supplierId": "NORTH", "units": 300, "expiresAt": AS_OF},
            {"supplierId": "WEST", "units": 500, "expiresAt": "2026-11-30"},
        ],
        exchangeRates=[RATE_USD],
    )
    english = _plan_text(body, "en")
    assert (
        "- WEST: quoted in USD (packPrice 4.80, freight 5 and otherFees 0), converted at 7.1234"
        " USD→CNY (bank, 2026-11-30)." in english
    )
    assert "- NORTH: 300 units, expiring 2026-12-01: 300 units used." in english
    assert "- WEST: 500 units, expiring 2026-11-30: expired before 2026-12-01, not used." in english
    chinese = _plan_text(body, "zh")
    assert (
        "- WEST：原报价币种 USD（packPrice 4.80、freight 5、otherFees 0），"  # noqa: RUF001
        "按 7.1234 USD→CNY 换算（bank，2026-11-30）。" in chinese  # noqa: RUF001
    )
    assert "- NORTH：300 件，2026-12-01 到期：使用 300 件。" in chinese  # noqa: RUF001


# ---- prepaid balances in sourcing events ----


def _event() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((ROOT / "examples/event.request.json").read_text())
    return loaded


def _awarded(body: dict[str, Any]) -> dict[str, Any]:
    output: dict[str, Any] = quotecalc.award(json.dumps(body).encode()).output
    return output


def _lines(output: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(x["supplierId"], x["itemId"], x["packs"]) for x in output["award"]["lines"]]


def test_an_event_balance_takes_units_off_its_items_need() -> None:
    # A's balance of 400 bolts (usable on asOf: it expires that day) covers 400 of the 1,000
    # bolts; W's 500 washers expired the day before; D's bolts are D's, but D (45 lead days,
    # maxLeadDays 30) takes no part. The award must be the one of the same event with 600
    # bolts and no balances, which the test writes itself.
    with_balance = {
        **_event(),
        "asOf": "2026-12-01",
        "balances": [
            {"supplierId": "A", "itemId": "bolts", "units": 400, "expiresAt": "2026-12-01"},
            {"supplierId": "W", "itemId": "washers", "units": 500, "expiresAt": "2026-11-30"},
            {"supplierId": "D", "itemId": "bolts", "units": 500, "expiresAt": "2027-01-01"},
        ],
    }
    smaller = _event()
    (bolts,) = [item for item in smaller["items"] if item["itemId"] == "bolts"]
    bolts["quantity"] = 600
    mine, theirs = _awarded(with_balance), _awarded(smaller)
    assert mine["status"] == theirs["status"] == "completed"
    assert _lines(mine) == _lines(theirs)
    assert mine["award"]["landedTotal"] == theirs["award"]["landedTotal"]
    assert [(b["status"], b["unitsUsed"]) for b in mine["balances"]["balances"]] == [
        ("used", "400"),
        ("expired", "0"),
        ("quote_not_usable", "0"),
    ]
    assert "balances" not in theirs


def test_event_balances_covering_an_item_drop_it_and_covering_all_buy_nothing() -> None:
    body = {
        **_event(),
        "asOf": "2026-12-01",
        "balances": [
            {"supplierId": "A", "itemId": "bolts", "units": 1000, "expiresAt": "2027-01-01"}
        ],
    }
    without = _event()
    without["items"] = [item for item in without["items"] if item["itemId"] != "bolts"]
    for supplier in without["suppliers"]:
        supplier["offers"] = [o for o in supplier["offers"] if o["itemId"] != "bolts"]
    without["suppliers"] = [s for s in without["suppliers"] if s["offers"]]
    mine, theirs = _awarded(body), _awarded(without)
    assert _lines(mine) == _lines(theirs)
    assert mine["award"]["landedTotal"] == theirs["award"]["landedTotal"]
    bolts = [item for item in mine["award"]["items"] if item["itemId"] == "bolts"]
    assert bolts == [
        {
            "itemId": "bolts",
            "quantity": "0",
            "deliveredQuantity": "0",
            "overbuyQuantity": "0",
            "suppliers": [],
        }
    ]
    everything = [
        {"supplierId": "A", "itemId": item, "units": 5000, "expiresAt": "2027-01-01"}
        for item in ("bolts", "nuts", "washers")
    ]
    nothing = _awarded({**body, "balances": everything})
    assert nothing["status"] == "completed"
    assert nothing["award"]["lines"] == [] and nothing["award"]["landedTotal"] == "0"


def test_event_balances_without_as_of_block_and_unknown_ids_are_refused() -> None:
    balance = {"supplierId": "A", "itemId": "bolts", "units": 1, "expiresAt": "2027-01-01"}
    blocked = _awarded({**_event(), "balances": [balance]})
    assert blocked["status"] == "partial" and blocked["award"] is None
    assert ("event_balance_expiry_unknown", "asOf") in [
        (r["code"], r.get("field")) for r in blocked["reasons"]
    ]
    bad = _awarded(
        {
            **_event(),
            "asOf": "2026-12-01",
            "balances": [{**balance, "supplierId": "NOBODY", "itemId": "screws"}],
        }
    )
    assert bad["status"] == "invalid_input"
    assert [(r["code"], r["path"]) for r in bad["reasons"]] == [
        ("unknown_balance_item", "/balances/0/itemId"),
        ("unknown_balance_supplier", "/balances/0/supplierId"),
    ]


def test_event_documents_with_balances_match_the_event_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from quotecalc.contract.event_schema import event_schema

    validator = jsonschema.Draft202012Validator(event_schema())
    balance = {"supplierId": "A", "itemId": "bolts", "units": 400, "expiresAt": "2027-01-01"}
    for body in (
        {**_event(), "asOf": "2026-12-01", "balances": [balance]},
        {**_event(), "balances": [balance]},
    ):
        errors = [error.message for error in validator.iter_errors(_awarded(body))]
        assert errors == [], errors


def test_the_event_report_says_where_converted_figures_and_balances_come_from() -> None:
    raw = (ROOT / "tests/data/event_conversions.request.json").read_bytes()
    for fmt in ("text", "html"):
        out = subprocess.run(
            [
                sys.executable,
                "-B",
                str(ROOT / "scripts/calculate.py"),
                "--input-json",
                "-",
                "--event",
                "--format",
                fmt,
            ],
            input=raw,
            capture_output=True,
            check=True,
            timeout=120,
        ).stdout.decode("utf-8")
        assert "Converted at the rates given" in out and "Prepaid balances" in out
        assert "1 USD = 8 CNY" in out and "bank, 2026-11-30" in out
        # Issue 35: each figure in words (no JSON path); issue 39: USD's figures in the one
        # money format, USD's two places (12.5 -> 12.50, 0 -> 0.00), 5.875 keeping its three.
        for figure, quoted in (
            ("freight", "12.50 USD"),
            ("other fees", "0.00 USD"),
            ("pack price of offer 1 (bolts)", "5.875 USD"),
        ):
            assert figure in out and quoted in out
        assert "offers/0/packPrice" not in out
    text = subprocess.run(
        [
            sys.executable,
            "-B",
            str(ROOT / "scripts/calculate.py"),
            "--input-json",
            "-",
            "--event",
            "--format",
            "text",
        ],
        input=raw,
        capture_output=True,
        check=True,
        timeout=120,
    ).stdout.decode("utf-8")
    assert "| A        | bolts |   400 | 2026-12-01 | used              |  400 |" in text


def test_a_balance_beside_a_refused_supplier_id_is_one_error_never_a_crash() -> None:
    # Found by the HTTP door's schemathesis run: a quote without its supplierId beside balances
    # crashed the balance rule (internal_error). Now the quote's own error is the answer; no
    # balance is called unknown when the ids it could name were refused.
    body = request(
        {k: v for k, v in quote("NORTH").items() if k != "supplierId"},
        asOf=AS_OF,
        balances=[{"supplierId": "NORTH", "units": 1, "expiresAt": AS_OF}],
    )
    output = planned(body)
    assert output["status"] == "invalid_input"
    assert [(r["code"], r["path"]) for r in output["reasons"]] == [
        ("missing_required", "/quotes/0/supplierId")
    ]
    event = _event()
    del event["suppliers"][0]["supplierId"]
    event |= {
        "asOf": AS_OF,
        "balances": [{"supplierId": "A", "itemId": "nuts", "units": 1, "expiresAt": AS_OF}],
    }
    answered = _awarded(event)
    assert [(r["code"], r["path"]) for r in answered["reasons"]] == [
        ("missing_required", "/suppliers/0/supplierId")
    ]
