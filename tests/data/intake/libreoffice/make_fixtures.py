"""Make the LibreOffice fixtures of the intake tests (issue 18); run it only to remake them.

    python tests/data/intake/libreoffice/make_fixtures.py     # needs soffice (LibreOffice)

Each quote sheet is first written here as a flat OpenDocument spreadsheet (``inputs/*.fods``,
plain XML, committed so that a review can read what went in), then converted by
``soffice --headless --convert-to xlsx`` into ``*.xlsx`` next to this script: the files a
LibreOffice user would send (LibreOffice 7.4 writes the computed formula results, no
``fullCalcOnLoad``, ``hidden="true"`` rows and columns, ``[$€-407]`` currency formats).
The tests read the committed ``.xlsx`` files, so CI needs no LibreOffice.

One fixture cannot go through ODF: headless LibreOffice drops a sheet's hidden state and the
active sheet when it converts ODF (they are view settings there). ``hidden-sheet.xlsx`` is
therefore written by xlsxwriter into a temporary file (first sheet ``Old`` hidden, second
sheet ``Quotes`` active) and saved again by LibreOffice (``--convert-to xlsx`` of an
``.xlsx``), which keeps both.
"""

# Chinese column names are the fixtures' subject.
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

HERE = Path(__file__).resolve().parent
INPUTS = HERE / "inputs"
HEADER = ["供应商", "规格", "币种", "每包数量", "包价", "运费"]

NAMESPACES = " ".join(
    f'xmlns:{prefix}="urn:oasis:names:tc:opendocument:xmlns:{name}"'
    for prefix, name in (
        ("office", "office:1.0"),
        ("table", "table:1.0"),
        ("text", "text:1.0"),
        ("style", "style:1.0"),
        ("number", "datastyle:1.0"),
        ("fo", "xsl-fo-compatible:1.0"),
        ("of", "of:1.2"),
    )
)
STYLES = """<office:automatic-styles>
<number:currency-style style:name="N_EUR"><number:currency-symbol number:language="de"
 number:country="DE">€</number:currency-symbol><number:number number:decimal-places="2"
 number:min-integer-digits="1"/></number:currency-style>
<number:currency-style style:name="N_CNY"><number:currency-symbol number:language="zh"
 number:country="CN">¥</number:currency-symbol><number:number number:decimal-places="2"
 number:min-integer-digits="1"/></number:currency-style>
<style:style style:name="ce_eur" style:family="table-cell" style:data-style-name="N_EUR"/>
<style:style style:name="ce_cny" style:family="table-cell" style:data-style-name="N_CNY"/>
</office:automatic-styles>"""


def cell(value: Any) -> str:
    """A cell: text, a number, or a dict with ``formula``/``value``/``style``."""
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, str):
        return (
            '<table:table-cell office:value-type="string">'
            f"<text:p>{escape(value)}</text:p></table:table-cell>"
        )
    if isinstance(value, int | float):
        return f'<table:table-cell office:value-type="float" office:value="{value}"/>'
    attributes = ""
    if "formula" in value:
        attributes += f" table:formula={quoteattr('of:=' + value['formula'])}"
    if "style" in value:
        attributes += f' table:style-name="{value["style"]}"'
    kind = "currency" if "currency" in value else "float"
    if kind == "currency":
        attributes += f' office:currency="{value["currency"]}"'
    return (
        f'<table:table-cell{attributes} office:value-type="{kind}"'
        f' office:value="{value.get("value", 0)}"/>'
    )


def fods(
    rows: list[list[Any]],
    hidden_rows: set[int] = frozenset(),
    hidden_columns: set[int] = frozenset(),
) -> str:
    """One sheet ``Quotes``; row and column numbers are 1-based."""
    width = max(len(row) for row in rows)
    columns = "".join(
        '<table:table-column table:visibility="collapse"/>'
        if number in hidden_columns
        else "<table:table-column/>"
        for number in range(1, width + 1)
    )
    body = "".join(
        (
            '<table:table-row table:visibility="collapse">'
            if number in hidden_rows
            else "<table:table-row>"
        )
        + "".join(cell(value) for value in row)
        + "</table:table-row>"
        for number, row in enumerate(rows, start=1)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<office:document {NAMESPACES} office:version="1.2"'
        ' office:mimetype="application/vnd.oasis.opendocument.spreadsheet">\n'
        f"{STYLES}\n<office:body><office:spreadsheet>\n"
        f'<table:table table:name="Quotes">{columns}\n{body}\n</table:table>\n'
        "</office:spreadsheet></office:body></office:document>\n"
    )


def quote(supplier: str, price: Any = 35, freight: Any = 20, spec: str = "M6 bolt") -> list[Any]:
    return [supplier, spec, "CNY", 100, price, freight]


SHEETS: dict[str, str] = {
    # formulas LibreOffice computed and saved: read as their values
    "formulas": fods(
        [
            HEADER,
            quote("A", {"formula": "35+0.5", "value": 35.5}, {"formula": "10+10", "value": 20}),
            quote("B", 36, 0),
        ]
    ),
    # supplier B's row hidden (B3 is the first hidden cell with content)
    "hidden-row": fods([HEADER, quote("A"), quote("B"), quote("C")], hidden_rows={3}),
    # the freight column hidden (its header F1 is the first hidden cell with content)
    "hidden-column": fods([HEADER, quote("A"), quote("B")], hidden_columns={6}),
    # a 合计 row of SUMs (row 4) and a blank-supplier SUBTOTAL row (row 5)
    "totals": fods(
        [
            HEADER,
            quote("A"),
            quote("B", 36, 0),
            ["合计", None, None, None, {"formula": "SUM([.E2:.E3])", "value": 71}, None],
            [None, None, None, None, None, {"formula": "SUBTOTAL(9;[.F2:.F3])", "value": 20}],
        ]
    ),
    # A's pack price shown in euros in a CNY row (E2); B's in yuan (agrees)
    "currency": fods(
        [
            HEADER,
            quote("A", {"value": 35, "currency": "EUR", "style": "ce_eur"}),
            quote("B", {"value": 36, "currency": "CNY", "style": "ce_cny"}),
        ]
    ),
    # "C " (A3) would be a second supplier C, "M6 bolt " (B2) a non-comparable quote
    "whitespace": fods([HEADER, quote("A", spec="M6 bolt "), quote("C "), quote("C", 40)]),
}


def convert(source: Path, folder: Path) -> Path:
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "xlsx", "--outdir", str(folder), str(source)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return folder / (source.stem + ".xlsx")


def hidden_sheet(folder: Path) -> Path:
    import xlsxwriter

    path = folder / "hidden-sheet-source.xlsx"
    workbook = xlsxwriter.Workbook(str(path))
    old, quotes = workbook.add_worksheet("Old"), workbook.add_worksheet("Quotes")
    for number, row in enumerate([HEADER, quote("OLD", 1, 1)]):
        old.write_row(number, 0, row)
    for number, row in enumerate([HEADER, quote("A")]):
        quotes.write_row(number, 0, row)
    quotes.activate()
    old.hide()
    workbook.close()
    return path


def main() -> int:
    if shutil.which("soffice") is None:
        print("soffice (LibreOffice) is not installed", file=sys.stderr)
        return 1
    INPUTS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as temporary:
        out = Path(temporary)
        for name, text in SHEETS.items():
            source = INPUTS / f"{name}.fods"
            source.write_text(text, encoding="utf-8")
            shutil.copyfile(convert(source, out), HERE / f"{name}.xlsx")
        source = hidden_sheet(out)
        converted_folder = out / "converted"
        converted_folder.mkdir()
        shutil.copyfile(convert(source, converted_folder), HERE / "hidden-sheet.xlsx")
    return 0


if __name__ == "__main__":
    sys.exit(main())
