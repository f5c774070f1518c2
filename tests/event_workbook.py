"""Event requests written as workbooks, as a buyer's program would (issue 26, intake): with
xlsxwriter (numbers as numbers, each money cell formatted to show exactly its decimals) or
with pandas (integers as numbers, every other value as text). The column names are the
documented English ones (``docs/intake.md``, "Sourcing events"); nothing here imports the
intake, so a reading rule cannot be copied into the writer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ITEM_COLUMNS = (
    ("itemId", "Item"),
    ("specification", "Specification"),
    ("quantity", "Quantity"),
    ("maxSuppliers", "Max suppliers"),
)
SUPPLIER_COLUMNS = (
    ("supplierId", "Supplier"),
    ("currency", "Currency"),
    ("freight", "Freight"),
    ("otherFees", "Other fees"),
    ("minimumOrderValue", "Minimum order value"),
    ("leadDays", "Lead days"),
)
OFFER_COLUMNS = (
    ("itemId", "Item"),
    ("specification", "Specification"),
    ("packSize", "Pack size"),
    ("minimumPacks", "Minimum packs"),
    ("packPrice", "Pack price"),
    ("capacityPacks", "Capacity packs"),
)
RATE_COLUMNS = (
    ("from", "From"),
    ("to", "To"),
    ("rate", "Rate"),
    ("asOf", "As of"),
    ("source", "Source"),
)
BALANCE_COLUMNS = (
    ("supplierId", "Supplier"),
    ("itemId", "Item"),
    ("units", "Units"),
    ("expiresAt", "Expires at"),
)
BREAK = ("Break {n} minimum quantity", "Break {n} pack price")
TIER = ("Tier {n} minimum spend", "Tier {n} percent")
TEXT_FIELDS = frozenset(
    {"itemId", "specification", "supplierId", "currency", "from", "to", "source", "asOf"}
    | {"expiresAt"}
)


def _pairs(rows: Sequence[Mapping[str, Any]], key: str) -> int:
    return max((len(row.get(key, ())) for row in rows), default=0)


def sheets(request: Mapping[str, Any]) -> dict[str, tuple[list[str], list[list[Any]]]]:
    """Sheet name -> (header, rows of values as in the request: ints, strings, None)."""
    items = request["items"]
    suppliers = request["suppliers"]
    offers = [(s["supplierId"], o) for s in suppliers for o in s["offers"]]
    tiers = _pairs(suppliers, "spendDiscounts")
    breaks = _pairs([o for _, o in offers], "priceBreaks")
    found: dict[str, tuple[list[str], list[list[Any]]]] = {}
    found["Items"] = (
        [name for _, name in ITEM_COLUMNS],
        [[item.get(field) for field, _ in ITEM_COLUMNS] for item in items],
    )
    header = [name for _, name in SUPPLIER_COLUMNS]
    header += [name.format(n=n) for n in range(1, tiers + 1) for name in TIER]
    rows = []
    for supplier in suppliers:
        row = [supplier.get(field) for field, _ in SUPPLIER_COLUMNS]
        spend = supplier.get("spendDiscounts", [])
        for n in range(tiers):
            row += [spend[n]["minimumSpend"], spend[n]["percent"]] if n < len(spend) else [None] * 2
        rows.append(row)
    found["Suppliers"] = (header, rows)
    header = ["Supplier", *(name for _, name in OFFER_COLUMNS)]
    header += [name.format(n=n) for n in range(1, breaks + 1) for name in BREAK]
    rows = []
    for supplier_id, offer in offers:
        row = [supplier_id, *(offer.get(field) for field, _ in OFFER_COLUMNS)]
        steps = offer.get("priceBreaks", [])
        for n in range(breaks):
            if n < len(steps):
                row += [steps[n]["minimumQuantity"], steps[n]["packPrice"]]
            else:
                row += [None, None]
        rows.append(row)
    found["Offers"] = (header, rows)
    for name, key, columns in (
        ("Exchange rates", "exchangeRates", RATE_COLUMNS),
        ("Balances", "balances", BALANCE_COLUMNS),
    ):
        if key in request:
            found[name] = (
                [title for _, title in columns],
                [[entry.get(field) for field, _ in columns] for entry in request[key]],
            )
    return found


def root_options(request: Mapping[str, Any]) -> dict[str, str]:
    """The root fields as the intake's options (``--currency`` ... by their keywords)."""
    names = {
        "currency": "currency",
        "maxSuppliers": "max_suppliers",
        "maxLeadDays": "max_lead_days",
        "asOf": "as_of",
        "effort": "effort",
    }
    return {option: str(request[field]) for field, option in names.items() if field in request}


def root_argv(request: Mapping[str, Any]) -> list[str]:
    """The root fields as command-line options."""
    argv: list[str] = []
    for option, value in root_options(request).items():
        argv += ["--" + option.replace("_", "-"), value]
    return argv


def _decimals(text: str) -> int:
    return len(text.partition(".")[2])


def write_xlsxwriter(path: Path, request: Mapping[str, Any], *, numbers: bool = False) -> Path:
    """The request as a workbook written by xlsxwriter: integers as numbers, decimal strings
    as text, or with ``numbers`` as numbers (each cell formatted with exactly its decimals:
    the intake then reads the number, ``80.00`` as ``80``), text as text."""
    import xlsxwriter

    workbook = xlsxwriter.Workbook(str(path))
    formats: dict[int, Any] = {}

    def number_format(places: int) -> Any:
        if places not in formats:
            formats[places] = workbook.add_format(
                {"num_format": "0" + ("." + "0" * places if places else "")}
            )
        return formats[places]

    for name, (header, rows) in sheets(request).items():
        sheet = workbook.add_worksheet(name)
        sheet.write_row(0, 0, header)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row):
                if value is None:
                    continue
                if isinstance(value, int):
                    sheet.write_number(r, c, value)
                elif _is_text(header[c]) or not numbers:
                    sheet.write_string(r, c, value)
                else:
                    sheet.write_number(r, c, float(value), number_format(_decimals(value)))
    workbook.close()
    return path


def _is_text(title: str) -> bool:
    titles = {name for columns in _ALL for field, name in columns if field in TEXT_FIELDS}
    return title in titles


_ALL = (ITEM_COLUMNS, SUPPLIER_COLUMNS, OFFER_COLUMNS, RATE_COLUMNS, BALANCE_COLUMNS)


def write_pandas(path: Path, request: Mapping[str, Any]) -> Path:
    """The request as a workbook written by pandas (``DataFrame.to_excel``): integers as
    numbers, every other value as text (pandas writes floats in the General format, which
    would not show a price's trailing zeros)."""
    import pandas as pd

    with pd.ExcelWriter(path) as writer:
        for name, (header, rows) in sheets(request).items():
            frame = pd.DataFrame(rows, columns=header, dtype=object)
            frame.to_excel(writer, sheet_name=name, index=False)
    return path


class Formula:
    """A formula cell, written as xlsxwriter writes one: no saved result the intake trusts."""

    def __init__(self, text: str) -> None:
        self.text = text


def write_tables(
    path: Path,
    tables: Mapping[str, tuple[Sequence[str], Sequence[Sequence[Any]]]],
    *,
    hidden_sheets: Sequence[str] = (),
    hidden_rows: Mapping[str, Sequence[int]] | None = None,
    formats: Mapping[tuple[str, int, int], str] | None = None,
) -> Path:
    """Sheets as given (name -> header, rows) with xlsxwriter: ints and floats as numbers,
    text as text, :class:`Formula` as a formula, ``datetime.date`` as a date, ``None``
    blank; ``hidden_rows`` are 1-based sheet rows; ``formats`` a cell's (sheet, row, column,
    0-based) number format."""
    import datetime

    import xlsxwriter

    workbook = xlsxwriter.Workbook(str(path))
    for name, (header, rows) in tables.items():
        sheet = workbook.add_worksheet(name)
        sheet.write_row(0, 0, list(header))
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row):
                spec = (formats or {}).get((name, r, c))
                style = workbook.add_format({"num_format": spec}) if spec else None
                if value is None:
                    continue
                if isinstance(value, Formula):
                    sheet.write_formula(r, c, value.text, style)
                elif isinstance(value, datetime.date):
                    sheet.write_datetime(r, c, value, style)
                elif isinstance(value, int | float):
                    sheet.write_number(r, c, value, style)
                else:
                    sheet.write_string(r, c, value, style)
        for row_number in (hidden_rows or {}).get(name, ()):
            sheet.set_row(row_number - 1, None, None, {"hidden": True})
        if name in hidden_sheets:
            sheet.hide()
    workbook.close()
    return path
