"""Round trip: every valid example request's quotes written to CSV and to XLSX and read back
with the same root options give the example's request field for field (numbers compared as
decimals), and the same status and ranking (``docs/intake.md``)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, ROOT
from intake_helpers import write_csv
from quotecalc import calculate
from quotecalc.core.fields import QUOTE_FIELDS, Kind
from quotecalc.intake import intake
from quotecalc.intake.headers import template_names
from quotecalc.intake.request import request_bytes

NUMERIC = {rule.name for rule in QUOTE_FIELDS if rule.kind in (Kind.DECIMAL, Kind.INTEGER)}
FILES = sorted(EXAMPLES.glob("*.request.json")) + sorted((ROOT / "examples").glob("*.request.json"))
VALID = [path for path in FILES if calculate(path.read_bytes()).status != "invalid_input"]


def test_the_examples_cover_valid_and_invalid_requests() -> None:
    assert len(VALID) >= 10 and len(VALID) < len(FILES)


def load(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_bytes(), parse_float=Decimal)
    return document


def options_of(request: dict[str, Any]) -> dict[str, str]:
    """The root fields as the command line would give them."""
    options: dict[str, str] = {}
    plain = {
        "quantity": "quantity",
        "currency": "currency",
        "specification": "specification",
        "maxLeadDays": "max_lead_days",
        "minimumQualityScore": "minimum_quality_score",
        "sensitivityDelta": "sensitivity_delta",
    }
    for name, option in plain.items():
        if name in request:
            options[option] = str(request[name])
    if "weights" in request:
        options["weights"] = ",".join(f"{k}={v}" for k, v in request["weights"].items())
    if "qualityScale" in request:
        scale = request["qualityScale"]
        options["quality_scale"] = f"{scale['definition']};{scale['minimum']};{scale['maximum']}"
    return options


def same(expected: Any, actual: Any, path: str = "") -> None:
    """Field for field; numbers (JSON numbers or number strings) compared as decimals."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict) and set(actual) == set(expected), path
        for key in expected:
            same(expected[key], actual[key], f"{path}/{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), path
        for index, (left, right) in enumerate(zip(expected, actual, strict=True)):
            same(left, right, f"{path}/{index}")
    elif path.rsplit("/", 1)[-1] in NUMERIC | {
        "quantity",
        "maxLeadDays",
        "minimumQualityScore",
        "sensitivityDelta",
        "cost",
        "delivery",
        "quality",
        "minimum",
        "maximum",
        "schemaVersion",
    }:
        assert Decimal(str(actual)) == Decimal(str(expected)), path
    else:
        assert actual == expected, path


def csv_cell(quote: dict[str, Any], name: str) -> str:
    return "" if name not in quote else str(quote[name])


def xlsx_cell(quote: dict[str, Any], name: str) -> Any:
    """Numbers as numeric cells (binary floats), as a spreadsheet holds them."""
    if name not in quote:
        return None
    value = quote[name]
    if name not in NUMERIC:
        return value
    exact = Decimal(str(value))
    return int(exact) if exact == exact.to_integral_value() else float(exact)


def check(example: dict[str, Any], request: dict[str, Any]) -> None:
    same(example, request)
    expected = calculate(json.dumps(example, default=str).encode())
    actual = calculate(request_bytes(request))
    assert actual.status == expected.status
    assert actual.output["ranking"] == expected.output["ranking"]


def spaced_cells(example: dict[str, Any], prefix: str) -> list[tuple[str, str]]:
    """The cells whose text has whitespace at an end: the intake refuses them
    (``surrounding_whitespace``) instead of reading them as written."""
    names = [rule.name for rule in QUOTE_FIELDS]
    return [
        ("surrounding_whitespace", f"{prefix}{chr(ord('A') + column)}{number}")
        for number, quote in enumerate(example["quotes"], start=2)
        for column, name in enumerate(names)
        if isinstance(quote.get(name), str) and quote[name] != quote[name].strip()
    ]


def check_or_refused(example: dict[str, Any], path: Path, prefix: str) -> None:
    """The example read back, or, when some text has surrounding whitespace, exactly
    those cells refused."""
    spaced = spaced_cells(example, prefix)
    result = intake(path, **options_of(example))
    if spaced:
        assert [(error.code, error.cell) for error in result.errors] == spaced
        return
    assert result.request is not None, result.errors
    check(example, result.request)


def test_one_example_has_a_spaced_specification() -> None:
    """The refusal branch above is exercised: example 04 quotes "M6 bolt " on purpose."""
    assert sum(bool(spaced_cells(load(path), "")) for path in VALID) == 1


@pytest.mark.parametrize("path", VALID, ids=lambda path: path.name)
def test_csv_round_trip(tmp_path: Path, path: Path) -> None:
    example = load(path)
    names = [rule.name for rule in QUOTE_FIELDS]
    rows = [list(template_names("zh"))]
    rows += [[csv_cell(quote, name) for name in names] for quote in example["quotes"]]
    csv_path = write_csv(tmp_path / "quotes.csv", rows, bom=True)
    check_or_refused(example, csv_path, "")


@pytest.mark.parametrize("path", VALID, ids=lambda path: path.name)
def test_xlsx_round_trip(tmp_path: Path, path: Path) -> None:
    pytest.importorskip("openpyxl")
    from intake_helpers import write_xlsx

    example = load(path)
    names = [rule.name for rule in QUOTE_FIELDS]
    rows: list[list[Any]] = [list(template_names("en"))]
    rows += [[xlsx_cell(quote, name) for name in names] for quote in example["quotes"]]
    xlsx_path = write_xlsx(tmp_path / "quotes.xlsx", rows)
    check_or_refused(example, xlsx_path, "Sheet1!")
