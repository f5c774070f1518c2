"""Event workbooks to event requests (issue 26, intake; ``docs/intake.md``, "Sourcing events").

Workbooks are written by xlsxwriter and by pandas (``event_workbook.py``), never by the
intake. Every example round-trips (workbook -> request equal to the original, and through
the command line the same award bytes as the original request); every event code is shown
at its cell in English and Chinese; the quote sheet's trust rules hold on every sheet.
"""

# Chinese names and full-width forms are part of what is tested.
# ruff: noqa: RUF001
from __future__ import annotations

import copy
import datetime
import json
import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from event_workbook import (
    Formula,
    root_argv,
    root_options,
    sheets,
    write_pandas,
    write_tables,
    write_xlsxwriter,
)
from http_support import without_download
from test_http_page import split_door
from test_intake_error_codes import EVENT_CODES

pytest.importorskip("openpyxl")
pytest.importorskip("xlsxwriter")

from quotecalc.intake import intake
from quotecalc.intake.messages import TEXTS

FIXTURES = (
    ROOT / "examples" / "event.request.json",
    ROOT / "tests" / "data" / "event" / "example.request.json",
    ROOT / "tests" / "data" / "event_conversions.request.json",
)
WRITERS: dict[str, Callable[[Path, Any], Path]] = {
    "xlsxwriter": write_xlsxwriter,
    "pandas": write_pandas,
}
Tables = dict[str, tuple[list[str], list[list[Any]]]]


def _run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-B", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


# ---- round trip ----


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda path: path.name)
def test_every_example_round_trips(tmp_path: Path, fixture: Path, writer: str) -> None:
    request = json.loads(fixture.read_bytes())
    path = WRITERS[writer](tmp_path / "event.xlsx", request)
    result = intake(path, event=True, **root_options(request))
    assert result.errors == ()
    assert result.request == request


def _plain(value: Any) -> Any:
    """Decimal strings as numbers: a number cell is read as its value (80.00 is 80)."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, str):
        try:
            return Decimal(value)
        except ArithmeticError:
            return value
    return value


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda path: path.name)
def test_money_typed_as_formatted_numbers_reads_the_same_values(
    tmp_path: Path, fixture: Path
) -> None:
    request = json.loads(fixture.read_bytes())
    path = write_xlsxwriter(tmp_path / "event.xlsx", request, numbers=True)
    result = intake(path, event=True, **root_options(request))
    assert result.errors == ()
    assert _plain(result.request) == _plain(request)


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda path: path.name)
def test_the_cli_request_gives_the_original_award_bytes(tmp_path: Path, fixture: Path) -> None:
    original = fixture.read_bytes()
    request = json.loads(original)
    path = write_pandas(tmp_path / "event.xlsx", request)
    read = _run("-m", "quotecalc.intake", "--event", str(path), *root_argv(request))
    assert read.returncode == 0, read.stdout
    assert json.loads(read.stdout) == request
    assert read.stdout.endswith(b"\n") and read.stdout.count(b"\n") == 1
    expected = _run("scripts/calculate.py", "--input-json", "-", "--event", stdin=original)
    from_sheet = _run("scripts/calculate.py", "--input-json", "-", "--event", stdin=read.stdout)
    assert from_sheet.stdout == expected.stdout
    assert from_sheet.returncode == expected.returncode
    both = _run("-m", "quotecalc.intake", "--event", str(path), *root_argv(request), "--calculate")
    assert (both.stdout, both.returncode) == (expected.stdout, expected.returncode)


# ---- a small event whose sheets each test changes ----


def small() -> dict[str, Any]:
    return {
        "schemaVersion": 1,
        "currency": "CNY",
        "items": [
            {"itemId": "i1", "specification": "spec-i1", "quantity": 10},
            {"itemId": "i2", "specification": "spec-i2", "quantity": 5},
        ],
        "suppliers": [
            {
                "supplierId": "A",
                "currency": "CNY",
                "freight": "1",
                "otherFees": "0",
                "offers": [
                    {
                        "itemId": "i1",
                        "specification": "spec-i1",
                        "packSize": 1,
                        "minimumPacks": 0,
                        "packPrice": "10",
                    },
                    {
                        "itemId": "i2",
                        "specification": "spec-i2",
                        "packSize": 1,
                        "minimumPacks": 0,
                        "packPrice": "20",
                    },
                ],
            },
            {
                "supplierId": "B",
                "currency": "CNY",
                "freight": "2",
                "otherFees": "0",
                "offers": [
                    {
                        "itemId": "i1",
                        "specification": "spec-i1",
                        "packSize": 1,
                        "minimumPacks": 0,
                        "packPrice": "9",
                    }
                ],
            },
        ],
    }


def tables(request: dict[str, Any] | None = None) -> Tables:
    """The sheets as the writer lays them out (a copy to change). Items: A item, B spec,
    C quantity, D max suppliers; Suppliers: A supplier, B currency, C freight, D fees,
    E minimum order value, F lead days; Offers: A supplier, B item, C spec, D pack size,
    E minimum packs, F pack price, G capacity packs. Rows 2.. in request order."""
    return copy.deepcopy(sheets(request or small()))


def read(path: Path, **options: Any) -> Any:
    return intake(path, event=True, currency="CNY", **options)


def test_the_small_event_reads_back(tmp_path: Path) -> None:
    path = write_tables(tmp_path / "e.xlsx", tables())
    assert read(path).request == small()


def _column(found: Tables, sheet: str, title: str, values: list[Any]) -> None:
    header, rows = found[sheet]
    header.append(title)
    for row, value in zip(rows, values, strict=True):
        row.append(value)


# ---- every event code at its cell ----


def _csv(folder: Path) -> tuple[Path, dict[str, Any]]:
    path = folder / "event.csv"
    path.write_text("Item,Quantity\ni1,1\n", encoding="utf-8")
    return path, {}


def _no_offers(folder: Path) -> tuple[Path, dict[str, Any]]:
    found = tables()
    del found["Offers"]
    return write_tables(folder / "e.xlsx", found), {}


def _two_item_sheets(folder: Path) -> tuple[Path, dict[str, Any]]:
    found = tables()
    found["物料"] = found["Items"]
    return write_tables(folder / "e.xlsx", found), {}


def _hidden_suppliers(folder: Path) -> tuple[Path, dict[str, Any]]:
    return write_tables(folder / "e.xlsx", tables(), hidden_sheets=("Suppliers",)), {}


def _no_item_column(folder: Path) -> tuple[Path, dict[str, Any]]:
    found = tables()
    found["Items"][0][0] = ""
    for row in found["Items"][1]:
        row[0] = None
    return write_tables(folder / "e.xlsx", found), {}


def _items_only_header(folder: Path) -> tuple[Path, dict[str, Any]]:
    found = tables()
    found["Items"] = (found["Items"][0], [])
    return write_tables(folder / "e.xlsx", found), {}


def _half_a_break(folder: Path) -> tuple[Path, dict[str, Any]]:
    found = tables()
    _column(found, "Offers", "Break 1 minimum quantity", [5, None, None])
    _column(found, "Offers", "Break 1 pack price", [None, None, None])
    return write_tables(folder / "e.xlsx", found), {}


def _freight_on_offers(values: list[Any]) -> Tables:
    found = tables()
    del found["Suppliers"]
    _column(found, "Offers", "Currency", ["CNY", "CNY", "CNY"])
    _column(found, "Offers", "Freight", values)
    _column(found, "Offers", "Other fees", ["0", "0", "0"])
    return found


def _freight_differs(folder: Path) -> tuple[Path, dict[str, Any]]:
    return write_tables(folder / "e.xlsx", _freight_on_offers(["1", "1.5", "2"])), {}


def _freight_twice(folder: Path) -> tuple[Path, dict[str, Any]]:
    found = tables()
    _column(found, "Offers", "Freight", ["1", "1", "2"])
    return write_tables(folder / "e.xlsx", found), {}


def _supplier_not_listed(folder: Path) -> tuple[Path, dict[str, Any]]:
    found = tables()
    found["Offers"][1][2][0] = "C"
    found["Suppliers"][1].pop()
    return write_tables(folder / "e.xlsx", found), {}


def _supplier_without_offers(folder: Path) -> tuple[Path, dict[str, Any]]:
    found = tables()
    found["Suppliers"][1].append(["Z", "CNY", "0", "0", None, None])
    return write_tables(folder / "e.xlsx", found), {}


def _event_with(change: Callable[[dict[str, Any]], None]) -> Callable[[Path], Any]:
    def build(folder: Path) -> tuple[Path, dict[str, Any]]:
        request = small()
        change(request)
        return write_tables(folder / "e.xlsx", tables(request)), {}

    return build


def _duplicate_item(request: dict[str, Any]) -> None:
    request["items"][1]["itemId"] = "i1"
    request["suppliers"][0]["offers"].pop()


def _unknown_item(request: dict[str, Any]) -> None:
    request["suppliers"][1]["offers"][0]["itemId"] = "i9"


def _duplicate_offer(request: dict[str, Any]) -> None:
    request["suppliers"][0]["offers"][1]["itemId"] = "i1"


RATE = {"from": "USD", "to": "CNY", "rate": "7.1", "asOf": "2026-11-30", "source": "bank"}
BALANCE = {"supplierId": "A", "itemId": "i1", "units": 3, "expiresAt": "2026-12-31"}


def _rates(*rates: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def change(request: dict[str, Any]) -> None:
        request["exchangeRates"] = [dict(RATE, **rate) for rate in rates]

    return change


def _balances(**balance: Any) -> Callable[[dict[str, Any]], None]:
    def change(request: dict[str, Any]) -> None:
        request["balances"] = [dict(BALANCE, **balance)]

    return change


# code -> (builder, the one cell). Items rows 2-3, Offers rows 2 (A i1), 3 (A i2), 4 (B i1).
CASES: dict[str, tuple[Callable[[Path], tuple[Path, dict[str, Any]]], str]] = {
    "event_needs_workbook": (_csv, ""),
    "event_sheet_missing": (_no_offers, ""),
    "duplicate_sheet": (_two_item_sheets, "物料!A1"),
    "event_sheet_hidden": (_hidden_suppliers, "Suppliers!A1"),
    "missing_item_column": (_no_item_column, "Items!1:1"),
    "no_rows": (_items_only_header, "Items!2:2"),
    "incomplete_pair": (_half_a_break, "Offers!I2"),
    "supplier_values_differ": (_freight_differs, "Offers!I3"),
    "supplier_column_twice": (_freight_twice, "Offers!H1"),
    "supplier_not_listed": (_supplier_not_listed, "Offers!A4"),
    "supplier_without_offers": (_supplier_without_offers, "Suppliers!A4"),
    "duplicate_item_id": (_event_with(_duplicate_item), "Items!A3"),
    "unknown_item": (_event_with(_unknown_item), "Offers!B4"),
    "duplicate_offer": (_event_with(_duplicate_offer), "Offers!B3"),
    "too_many_rate_decimals": (
        _event_with(_rates({"rate": "7.12345678901"})),
        "'Exchange rates'!C2",
    ),
    "invalid_date": (_event_with(_balances(expiresAt="2026-02-30")), "Balances!D2"),
    "same_currency_pair": (_event_with(_rates({"to": "USD"})), "'Exchange rates'!B2"),
    "duplicate_rate_pair": (_event_with(_rates({}, {"rate": "7.2"})), "'Exchange rates'!3:3"),
    "unknown_balance_supplier": (_event_with(_balances(supplierId="Q")), "Balances!A2"),
    "unknown_balance_item": (_event_with(_balances(itemId="i9")), "Balances!B2"),
}


def test_every_event_code_has_its_case() -> None:
    assert set(CASES) == EVENT_CODES


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("code", sorted(CASES))
def test_event_code_at_its_cell(tmp_path: Path, code: str, lang: str) -> None:
    build, cell = CASES[code]
    path, options = build(tmp_path)
    result = intake(path, event=True, currency="CNY", lang=lang, **options)
    assert result.request is None
    assert [(error.code, error.cell) for error in result.errors] == [(code, cell)]
    (entry,) = json.loads(result.error_document())["errors"]
    assert entry["message"] == TEXTS[code].message(lang)
    assert entry.get("hint", "") == TEXTS[code].hint(lang)


def test_the_cli_hint_of_a_hidden_sheet_names_its_flag_and_the_flag_reads_it(
    tmp_path: Path,
) -> None:
    path, _ = _hidden_suppliers(tmp_path)
    refused = _run("-m", "quotecalc.intake", "--event", str(path), "--lang", "zh")
    assert refused.returncode == 2
    (entry,) = json.loads(refused.stdout)["errors"]
    assert "--include-hidden" in entry["hint"]
    read_hidden = _run(
        "-m", "quotecalc.intake", "--event", str(path), "--currency", "CNY", "--include-hidden"
    )
    assert read_hidden.returncode == 0
    assert json.loads(read_hidden.stdout) == small()
    note = json.loads(read_hidden.stderr.splitlines()[0])
    assert (note["code"], note["cell"]) == ("event_sheet_hidden_read", "Suppliers!A1")


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"sheet": "Items"}, "--sheet"),
        ({"quantity": "5"}, "--quantity"),
        ({"weights": "cost=1"}, "--weights"),
        ({"encoding": "gb18030"}, "--encoding"),
    ],
)
def test_an_option_for_quote_sheets_is_refused_with_event(
    tmp_path: Path, options: dict[str, str], option: str
) -> None:
    path = write_tables(tmp_path / "e.xlsx", tables())
    result = intake(path, event=True, **options)
    assert [(e.code, e.cell, e.option) for e in result.errors] == [("invalid_option", "", option)]


@pytest.mark.parametrize(("name", "option"), [("max_suppliers", "--max-suppliers")])
def test_an_event_option_is_refused_without_event(tmp_path: Path, name: str, option: str) -> None:
    path = tmp_path / "q.csv"
    path.write_text("Supplier,Pack price\nA,1\n", encoding="utf-8")
    result = intake(path, **{name: "2"})
    assert [(e.code, e.option) for e in result.errors] == [("invalid_option", option)]


def test_root_options_become_the_root_fields(tmp_path: Path) -> None:
    path = write_tables(tmp_path / "e.xlsx", tables())
    result = intake(
        path, event=True, currency="CNY", max_suppliers="2", max_lead_days="30", as_of="2026-12-01"
    )
    request = result.request
    assert (request["maxSuppliers"], request["maxLeadDays"], request["asOf"]) == (
        2,
        30,
        "2026-12-01",
    )
    # Passed as given when not an integer: the calculator judges root fields.
    assert intake(path, event=True, max_suppliers="02").request["maxSuppliers"] == "02"


# ---- the quote sheet's trust rules, on the event's sheets ----


@pytest.mark.parametrize(
    ("sheet", "row", "cell"),
    [("Offers", 3, "Offers!A3"), ("Items", 2, "Items!A2"), ("Suppliers", 3, "Suppliers!A3")],
)
def test_a_hidden_row_is_refused_at_its_first_cell(
    tmp_path: Path, sheet: str, row: int, cell: str
) -> None:
    path = write_tables(tmp_path / "e.xlsx", tables(), hidden_rows={sheet: [row]})
    result = read(path)
    assert [(e.code, e.cell) for e in result.errors] == [("hidden_cell", cell)]
    assert read(path, include_hidden=True).request == small()


@pytest.mark.parametrize(
    ("sheet", "row", "column", "cell"),
    [
        ("Items", 1, 2, "Items!C3"),
        ("Offers", 0, 5, "Offers!F2"),
        ("Suppliers", 1, 2, "Suppliers!C3"),
    ],
)
def test_a_formula_without_a_trusted_value_is_refused_on_every_sheet(
    tmp_path: Path, sheet: str, row: int, column: int, cell: str
) -> None:
    found = tables()
    found[sheet][1][row][column] = Formula("=2+3")
    result = read(write_tables(tmp_path / "e.xlsx", found))
    assert [(e.code, e.cell) for e in result.errors] == [("formula_without_value", cell)]


def test_a_totals_row_on_the_items_sheet(tmp_path: Path) -> None:
    found = tables()
    found["Items"][1].append(["合计", None, 15, None])
    result = read(write_tables(tmp_path / "e.xlsx", found))
    assert [(e.code, e.cell) for e in result.errors] == [("totals_row", "Items!4:4")]
    assert read(write_tables(tmp_path / "e.xlsx", found), skip_totals=True).request == small()


def test_an_item_whose_quantity_is_the_sum_of_the_others_is_an_item(tmp_path: Path) -> None:
    """The shape rule judges only a row without an itemId on the items sheet."""
    request = small()
    request["items"].append({"itemId": "i3", "specification": "spec-i3", "quantity": 15})
    result = read(write_tables(tmp_path / "e.xlsx", tables(request)))
    assert result.request == request


def test_a_wan_yuan_column_is_read_at_its_exact_scale_on_two_sheets(tmp_path: Path) -> None:
    found = tables()
    offers_header, offers = found["Offers"]
    offers_header[5] = "Pack price (万元)"
    for row, price in zip(offers, ["0.0010", "0.002", "0.0009"], strict=True):
        row[5] = price
    suppliers_header, suppliers = found["Suppliers"]
    suppliers_header[2] = "运费（万元）"
    suppliers[0][2] = 0.0001  # a number cell in a 万元 column: 1 yuan
    suppliers[1][2] = "0.0002"
    result = read(write_tables(tmp_path / "e.xlsx", found))
    assert result.errors == ()
    assert result.request == small()
    assert {note.cell for note in result.notes if note.code == "column_unit_read"} == {
        "Offers!F1",
        "Suppliers!C1",
    }


def test_an_invisible_character_in_an_item_id(tmp_path: Path) -> None:
    found = tables()
    found["Offers"][1][0][1] = "i1\u200b"
    result = read(write_tables(tmp_path / "e.xlsx", found))
    assert [(e.code, e.cell) for e in result.errors] == [("invisible_character", "Offers!B2")]


def test_a_renminbi_name_is_cny_on_the_suppliers_sheet(tmp_path: Path) -> None:
    found = tables()
    found["Suppliers"][1][0][1] = "人民币"
    result = read(write_tables(tmp_path / "e.xlsx", found))
    assert result.request == small()
    assert [(n.code, n.cell) for n in result.notes] == [("currency_name_read", "Suppliers!B2")]


def test_a_currency_format_is_judged_against_the_offers_supplier(tmp_path: Path) -> None:
    """B is in USD (suppliers sheet): a price formatted in CNY on its offer row disagrees."""
    found = tables()
    found["Suppliers"][1][1][1] = "USD"
    found["Offers"][1][2][5] = 9
    formats = {("Offers", 3, 5): '"CNY" 0'}
    result = read(write_tables(tmp_path / "e.xlsx", found, formats=formats))
    assert [(e.code, e.cell) for e in result.errors] == [("currency_format_mismatch", "Offers!F4")]


# ---- lists as numbered pairs, supplier fields on the offers sheet, dates ----


def test_price_breaks_and_spend_tiers_as_numbered_pairs(tmp_path: Path) -> None:
    request = small()
    request["suppliers"][0]["spendDiscounts"] = [
        {"minimumSpend": "100", "percent": "2"},
        {"minimumSpend": "500.50", "percent": "7.5"},
    ]
    request["suppliers"][1]["offers"][0]["priceBreaks"] = [
        {"minimumQuantity": 10, "packPrice": "8.5"},
        {"minimumQuantity": 100, "packPrice": "8"},
    ]
    found = tables(request)
    assert found["Offers"][0][-4:] == [
        "Break 1 minimum quantity",
        "Break 1 pack price",
        "Break 2 minimum quantity",
        "Break 2 pack price",
    ]
    assert read(write_tables(tmp_path / "e.xlsx", found)).request == request


def test_chinese_sheet_and_column_names(tmp_path: Path) -> None:
    request = small()
    request["suppliers"][1]["offers"][0]["priceBreaks"] = [
        {"minimumQuantity": 10, "packPrice": "8"}
    ]
    found = tables(request)
    zh = {
        "Items": ("物料", ["物料编号", "规格", "需求数量", "最多供应商数"]),
        "Suppliers": ("供应商", ["供应商", "币种", "运费", "其他费用", "最低订单金额", "交期"]),
        "Offers": (
            "报价",
            [
                "供应商",
                "物料编号",
                "规格",
                "每包数量",
                "最小起订包数",
                "包价",
                "最多包数",
                "阶梯1数量",
                "阶梯1包价",
            ],
        ),
    }
    renamed = {zh[name][0]: (zh[name][1], rows) for name, (_, rows) in found.items()}
    assert read(write_tables(tmp_path / "e.xlsx", renamed)).request == request


def test_supplier_fields_on_the_offers_sheet_when_they_agree(tmp_path: Path) -> None:
    found = _freight_on_offers(["1", "1.00", "2"])
    result = read(write_tables(tmp_path / "e.xlsx", found))
    assert result.errors == ()
    assert result.request == small()  # the first row's text: "1"


def test_supplier_fields_on_the_offers_sheet_blank_and_value_differ(tmp_path: Path) -> None:
    found = _freight_on_offers(["1", None, "2"])
    result = read(write_tables(tmp_path / "e.xlsx", found))
    assert [(e.code, e.cell) for e in result.errors] == [("supplier_values_differ", "Offers!I3")]


@pytest.mark.parametrize(
    ("number_format", "expected"),
    [("yyyy-mm-dd", None), ("d/m/yyyy", None), ("mmm-yy", "date_cell")],
)
def test_a_date_cell_is_read_when_its_format_shows_the_day(
    tmp_path: Path, number_format: str, expected: str | None
) -> None:
    request = small()
    request["balances"] = [dict(BALANCE)]
    found = tables(request)
    found["Balances"][1][0][3] = datetime.date(2026, 12, 31)
    formats = {("Balances", 1, 3): number_format}
    result = read(write_tables(tmp_path / "e.xlsx", found, formats=formats))
    if expected is None:
        assert result.request == request
    else:
        assert [(e.code, e.cell) for e in result.errors] == [(expected, "Balances!D2")]


# ---- HTTP: the same option, the same request ----


def test_http_event_option_gives_the_cli_request(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    request = json.loads(FIXTURES[0].read_bytes())
    path = write_pandas(tmp_path / "event.xlsx", request)
    cli = _run("-m", "quotecalc.intake", "--event", str(path), *root_argv(request))
    media = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    with TestClient(create_app()) as client:
        query = {"event": "true", **root_options(request)}
        answer = client.post(
            "/quotecalc/intake",
            params=query,
            content=path.read_bytes(),
            headers={"content-type": media},
        )
        assert answer.status_code == 200
        assert answer.content == cli.stdout
        form = client.post(
            "/quotecalc/intake",
            data={"event": "true", **root_options(request)},
            files={"sheet_file": (path.name, path.read_bytes())},
        )
        assert form.content == cli.stdout
        refused = client.post(
            "/quotecalc/intake",
            params={"event": "true", "lang": "zh"},
            content=b"Item,Quantity\ni1,1\n",
            headers={"content-type": "text/csv"},
        )
        assert refused.status_code == 422
        assert refused.json()["errors"][0]["code"] == "event_needs_workbook"


def test_the_report_form_with_an_event_workbook_shows_the_award_page(tmp_path: Path) -> None:
    """``POST /quotecalc/report`` reads the upload with the form's ``event=true`` and answers
    the award for people, byte for byte ``--event --format html`` of the request read."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    original = FIXTURES[0].read_bytes()
    request = json.loads(original)
    path = write_pandas(tmp_path / "event.xlsx", request)
    argv = ("--input-json", "-", "--event", "--format", "html", "--lang", "zh")
    expected = _run("scripts/calculate.py", *argv, stdin=original)
    with TestClient(create_app()) as client:
        page = client.post(
            "/quotecalc/report",
            data={"event": "true", "lang": "zh", **root_options(request)},
            files={"sheet_file": (path.name, path.read_bytes())},
        )
    assert page.status_code == 200
    # the page's download button and links apart
    assert split_door(without_download(page.content).decode()) == expected.stdout.decode()


# ---- property: any valid event written as a workbook reads back as itself ----

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_IDS = ("A", "B-1", "Acme Ltd", "供应商甲", "螺栓", "x_9", "00123")
_SPECS = ("spec-x", "M8 螺栓, DIN 933", "Flat washer M8")


@st.composite
def _decimal_text(draw: Any, high: int = 10_000, places: int = 6) -> str:
    whole = draw(st.integers(0, high))
    digits = draw(st.integers(0, places))
    if not digits:
        return str(whole)
    return f"{whole}.{draw(st.integers(0, 10**digits - 1)):0{digits}d}"


@st.composite
def _increasing(draw: Any, count: int, low: int = 1) -> list[int]:
    values = sorted(draw(st.sets(st.integers(low, 5000), min_size=count, max_size=count)))
    return list(values)


@st.composite
def events(draw: Any) -> dict[str, Any]:
    item_ids = draw(st.lists(st.sampled_from(_IDS), min_size=1, max_size=4, unique=True))
    items = []
    for item_id in item_ids:
        item: dict[str, Any] = {
            "itemId": item_id,
            "specification": draw(st.sampled_from(_SPECS)),
            "quantity": draw(st.integers(1, 10**6)),
        }
        if draw(st.booleans()):
            item["maxSuppliers"] = draw(st.integers(1, 5))
        items.append(item)
    supplier_ids = draw(st.lists(st.sampled_from(_IDS), min_size=1, max_size=3, unique=True))
    suppliers = []
    for supplier_id in supplier_ids:
        supplier: dict[str, Any] = {
            "supplierId": supplier_id,
            "currency": draw(st.sampled_from(["CNY", "USD", "EUR"])),
            "freight": draw(_decimal_text()),
            "otherFees": draw(_decimal_text()),
        }
        if draw(st.booleans()):
            supplier["minimumOrderValue"] = draw(_decimal_text())
        tiers = draw(st.integers(0, 3))
        if tiers:
            spends = draw(_increasing(tiers))
            supplier["spendDiscounts"] = [
                {"minimumSpend": str(spend), "percent": f"{draw(st.integers(1, 99))}.5"}
                for spend in spends
            ]
        if draw(st.booleans()):
            supplier["leadDays"] = draw(st.integers(0, 90))
        chosen = draw(st.lists(st.sampled_from(items), min_size=1, unique_by=lambda i: i["itemId"]))
        offers = []
        for item in chosen:
            offer: dict[str, Any] = {
                "itemId": item["itemId"],
                "specification": item["specification"],
                "packSize": draw(st.integers(1, 500)),
                "minimumPacks": draw(st.integers(0, 5)),
                "packPrice": draw(_decimal_text()),
            }
            breaks = draw(st.integers(0, 2))
            if breaks:
                offer["priceBreaks"] = [
                    {"minimumQuantity": quantity, "packPrice": draw(_decimal_text())}
                    for quantity in draw(_increasing(breaks))
                ]
            if draw(st.booleans()):
                offer["capacityPacks"] = draw(st.integers(1, 1000))
            offers.append(offer)
        supplier["offers"] = offers
        suppliers.append(supplier)
    event: dict[str, Any] = {"schemaVersion": 1, "currency": "CNY", "items": items}
    event["suppliers"] = suppliers
    if draw(st.booleans()):
        event["maxSuppliers"] = draw(st.integers(1, 4))
    if draw(st.booleans()):
        event["maxLeadDays"] = draw(st.integers(0, 60))
    return event


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(event=events())
def test_any_event_round_trips_through_a_workbook(tmp_path: Path, event: dict[str, Any]) -> None:
    path = write_xlsxwriter(tmp_path / "event.xlsx", event)
    result = intake(path, event=True, **root_options(event))
    assert result.errors == ()
    assert result.request == event


def test_a_cell_that_cannot_be_read_is_not_also_half_a_pair(tmp_path: Path) -> None:
    request = small()
    request["suppliers"][0]["spendDiscounts"] = [{"minimumSpend": "100", "percent": "2"}]
    found = tables(request)
    found["Suppliers"][1][0][7] = "2%"  # Tier 1 percent, column H
    result = read(write_tables(tmp_path / "e.xlsx", found))
    assert [(e.code, e.cell) for e in result.errors] == [("percent_sign", "Suppliers!H2")]


def test_a_first_row_that_cannot_be_read_is_not_compared(tmp_path: Path) -> None:
    found = _freight_on_offers(["1,000", "1", "2"])  # column I: A's first row unreadable
    result = read(write_tables(tmp_path / "e.xlsx", found))
    assert [(e.code, e.cell) for e in result.errors] == [("thousands_separator", "Offers!I2")]


# ---- the blank event workbook ----


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_event_template_filled_in_reads_back(tmp_path: Path, lang: str) -> None:
    """The template's sheets, filled in as a buyer types (openpyxl appends the rows under
    each header; the empty Exchange rates and Balances sheets stay empty)."""
    from openpyxl import load_workbook

    made = _run("-m", "quotecalc.intake", "--template", lang, "--event")
    assert made.returncode == 0
    path = tmp_path / "template.xlsx"
    path.write_bytes(made.stdout)
    workbook = load_workbook(path)
    titles = {"en": ("Items", "Offers", "Suppliers"), "zh": ("物料", "报价", "供应商")}[lang]
    assert workbook.sheetnames[:5] == [
        *titles,
        *{"en": ("Exchange rates", "Balances"), "zh": ("汇率", "预付余额")}[lang],
    ]
    items, offers, suppliers = (workbook[title] for title in titles)
    assert items.max_row == offers.max_row == suppliers.max_row == 1
    # Offers: supplier, item, spec, pack size, minimum packs, pack price, capacity, break 1.
    assert offers.max_column == 9
    request = small()
    request["suppliers"][0]["spendDiscounts"] = [{"minimumSpend": "100", "percent": "2.5"}]
    request["suppliers"][1]["offers"][0]["priceBreaks"] = [
        {"minimumQuantity": 10, "packPrice": "8"}
    ]
    for item in request["items"]:
        items.append([item["itemId"], item["specification"], item["quantity"]])
    for supplier in request["suppliers"]:
        tier = supplier.get("spendDiscounts", [{}])[0]
        suppliers.append(
            [
                supplier["supplierId"],
                supplier["currency"],
                supplier["freight"],
                supplier["otherFees"],
                None,
                None,
                tier.get("minimumSpend"),
                tier.get("percent"),
            ]
        )
        for offer in supplier["offers"]:
            step = offer.get("priceBreaks", [{}])[0]
            offers.append(
                [
                    supplier["supplierId"],
                    offer["itemId"],
                    offer["specification"],
                    offer["packSize"],
                    offer["minimumPacks"],
                    offer["packPrice"],
                    None,
                    step.get("minimumQuantity"),
                    step.get("packPrice"),
                ]
            )
    workbook.save(path)
    result = read(path)
    assert result.errors == ()
    assert result.request == request


def test_an_event_template_is_always_a_workbook() -> None:
    both = _run("-m", "quotecalc.intake", "--template", "en", "--event", "--xlsx")
    alone = _run("-m", "quotecalc.intake", "--template", "en", "--event")
    assert both.returncode == alone.returncode == 0
    assert both.stdout[:2] == alone.stdout[:2] == b"PK"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_form_as_a_browser_sends_it_gives_the_award(tmp_path: Path, lang: str) -> None:
    """The analyst page's own form (``GET /``) has the event checkbox and the event's root
    fields: every field the form shows, sent as a browser sends it (blank text fields, the
    first choice of each list, the checkbox ticked), with an event workbook gives the award page
    of ``--event --format html``."""
    pytest.importorskip("starlette")
    import re

    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    original = FIXTURES[0].read_bytes()
    request = json.loads(original)
    path = write_pandas(tmp_path / "event.xlsx", request)
    argv = ("--input-json", "-", "--event", "--format", "html", "--lang", lang)
    expected = _run("scripts/calculate.py", *argv, stdin=original)
    with TestClient(create_app()) as client:
        form = client.get("/" if lang == "en" else "/?lang=zh").text
        fields: dict[str, str] = {}
        for kind, name in re.findall(r'<input type="(\w+)" name="(\w+)"', form):
            if kind == "checkbox":  # the event box ticked; read_as_written left off
                assert name in ("event", "read_as_written")
                assert f'name="{name}" value="true"' in form
                if name == "event":
                    fields[name] = "true"
            elif kind == "text":
                fields[name] = ""
        for name in re.findall(r'<select name="(\w+)"', form):
            fields[name] = ""
        fields["lang"] = lang
        fields["request"] = ""
        for key, value in root_options(request).items():
            assert key in fields, key  # the form has a field for every event root option
            fields[key] = value
        page = client.post(
            "/quotecalc/report", data=fields, files={"sheet_file": (path.name, path.read_bytes())}
        )
    assert page.status_code == 200
    # the page's download button and links apart
    assert split_door(without_download(page.content).decode()) == expected.stdout.decode()
