"""One row per field drives every door (issue 39).

A root field row carries what the doors show and take of it (``FieldDoors``: its words in
English and Chinese, its hint, its schema note, its intake option, its form label); the
intake's options, usage and refusals, the analyst's form, the fields named in words, the
answer's hints, the schemas' notes and the README's tables read the rows, never a list of
their own. These tests check each door against the rows (the README's tables:
``tests/test_readme.py``).
"""

from __future__ import annotations

import html
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
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
    from quotecalc.http.page.fields import ROOT_FIELDS, TEXT_FIELDS
    from quotecalc.http.page.form_html import field_label, form_page

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
            found = re.search(rf'<label>((?:(?!<label>).)*?)<{control} name="{option.name}"', page)
            assert found is not None, option.name
            # the label's words (a bracket pair in a span of its own, issue 40)
            assert html.unescape(re.sub(r"<[^>]+>", "", found.group(1))) == label


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

    spec = importlib.util.spec_from_file_location("rows_fuzz", ROOT / "fuzz" / "harness.py")
    assert spec is not None and spec.loader is not None
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    assert tuple(rule.name for rule in FIXED_ROWS) == harness.ROOT_FIELDS


# ---- a throwaway constraint row and a throwaway kind reach every door with no other edit ----
# The Chinese words of the row use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001
#
# A copy of the package gets the two additions a maintainer would write -- the constraint row
# (a ratio-valued one: maxUnitPrice, excluded when packPrice / packSize is above it) inserted
# into CONSTRAINT_RULES, and the kind's module (tests/data/extension/shortlist.py) with its row
# appended to KINDS and DETECTION -- and nothing else. Every door of the copy then takes both:
# the CLI (its option, formats, usage, --print-schema), the intake (its option and usage), the
# HTTP routes and OpenAPI, the analyst's page (its field; a pasted shortlist), the MCP tools,
# the bulk kinds, the published files, the README's table, the answer's hints, the workbook and
# the readable reports; and the copy still keeps the layers contract.

MAX_UNIT_PRICE_ROW = """\
    upper_limit(
        decimal_field(
            "maxUnitPrice",
            doors=FieldDoors(
                Words("maximum unit price", "最高单价"),
                Words(
                    "hard constraint: exclude quotes whose `packPrice` / `packSize` is above it",
                    "硬约束：排除 `packPrice` / `packSize` 超过它的报价",
                ),
                note=(
                    "Hard constraint: a quote whose price per unit (packPrice / packSize) is"
                    " above this is excluded, compared exactly; one without either is unknown."
                ),
                checks=Words("pack price and pack size", "包价和每包数量"),
                option="max_unit_price",
                option_text="The highest acceptable price per unit (root field).",
            ),
        ),
        ratio_of("packPrice", "packSize"),
    ),
"""


def _quote(supplier: str, pack_size: int, pack_price: str | None) -> dict[str, Any]:
    quote: dict[str, Any] = {
        "supplierId": supplier,
        "specification": "M6",
        "currency": "CNY",
        "packSize": pack_size,
        "minimumPacks": 0,
        "freight": "0",
        "otherFees": "0",
        "leadDays": 5,
    }
    if pack_price is not None:
        quote["packPrice"] = pack_price
    return quote


# By hand, per unit: A 10.00/3 = 10/3 (no plain decimal) <= 3.40; B 35.00/10 = 3.5 > 3.40;
# C 17.00/5 = 3.4, equal, passes; D 9.00/4 = 2.25; E has no packPrice: unknown.
QUOTES = [
    _quote("A", 3, "10.00"),
    _quote("B", 10, "35.00"),
    _quote("C", 5, "17.00"),
    _quote("D", 4, "9.00"),
    _quote("E", 5, None),
]
EXPECTED_CHECKS = {
    "A": ("eligible", "10/3"),
    "B": ("excluded", "3.5"),
    "C": ("eligible", "3.4"),
    "D": ("eligible", "2.25"),
    "E": ("unknown", None),
}
BASE = {"schemaVersion": 1, "quantity": 30, "currency": "CNY", "specification": "M6"}
COMPARED = json.dumps({**BASE, "maxUnitPrice": "3.40", "quotes": QUOTES}).encode()
# landed totals for 30 units: A 10 packs x 10.00 = 100.00, C 6 x 17.00 = 102.00,
# D 8 x 9.00 = 72.00 (B excluded, E unknown): the two cheapest are D, then A.
SHORTLISTED = json.dumps(
    {**BASE, "maxUnitPrice": "3.40", "shortlistSize": 2, "quotes": QUOTES}
).encode()
EXPECTED_SHORTLIST = [
    {"supplierId": "D", "landedTotal": "72.00"},
    {"supplierId": "A", "landedTotal": "100.00"},
]


def _add_rows(package: Path) -> None:
    """The two additions, and nothing else."""
    import shutil

    rules = package / "core" / "constraint_rules.py"
    text = rules.read_text(encoding="utf-8")
    start = text.index("CONSTRAINT_RULES: Final = (")
    end = text.index("\n)\n", start) + 1
    rules.write_text(text[:end] + MAX_UNIT_PRICE_ROW + text[end:], encoding="utf-8")
    shutil.copy(ROOT / "tests" / "data" / "extension" / "shortlist.py", package / "kinds")
    table = package / "kinds" / "table.py"
    text = table.read_text(encoding="utf-8")
    text = text.replace(
        "from .row import RequestKind",
        "from .row import RequestKind\nfrom .shortlist import SHORTLIST",
    )
    text = text.replace("EVENT, CONVERT)", "EVENT, CONVERT, SHORTLIST)", 1)
    text = text.replace("(EVENT, PLAN, CONVERT)", "(EVENT, PLAN, CONVERT, SHORTLIST)", 1)
    table.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def extended(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the throwaway row and kind: its ``src`` folder."""
    import shutil

    src = tmp_path_factory.mktemp("extended") / "src"
    shutil.copytree(
        ROOT / "src" / "quotecalc", src / "quotecalc", ignore=shutil.ignore_patterns("__pycache__")
    )
    _add_rows(src / "quotecalc")
    return src


def _run(src: Path, argv: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-B", *argv],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
        cwd=src.parent,
        env={**os.environ, "PYTHONPATH": str(src)},
    )


def _cli(src: Path, stdin: bytes, *argv: str) -> subprocess.CompletedProcess[bytes]:
    return _run(src, ["-m", "quotecalc", *argv], stdin)


def test_the_copy_differs_only_by_the_rows(extended: Path) -> None:
    import difflib

    changed = []
    for path in sorted((extended / "quotecalc").rglob("*.py")):
        relative = path.relative_to(extended)
        original = ROOT / "src" / relative
        if not original.exists():
            changed.append((str(relative), "new"))
            continue
        if original.read_bytes() != path.read_bytes():
            added = [
                line
                for line in difflib.unified_diff(
                    original.read_text("utf-8").splitlines(), path.read_text("utf-8").splitlines()
                )
                if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))
            ]
            changed.append((str(relative), str(len(added))))
    assert changed == [
        ("quotecalc/core/constraint_rules.py", str(len(MAX_UNIT_PRICE_ROW.splitlines()))),
        ("quotecalc/kinds/shortlist.py", "new"),
        ("quotecalc/kinds/table.py", "5"),  # an import, two tuples (each line out and in)
    ]


def test_the_cli_takes_the_ratio_constraint_exactly(extended: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    shown = _cli(extended, COMPARED, "--input-json", "-")
    assert shown.returncode == 0, shown.stderr
    result = json.loads(shown.stdout)
    assert result["status"] == "partial"  # E's constraint is unknown
    got = {
        quote["supplierId"]: (check["status"], check["value"])
        for quote in result["normalizedQuotes"]
        for check in quote["constraints"]
    }
    assert got == EXPECTED_CHECKS
    assert {c["limit"] for q in result["normalizedQuotes"] for c in q["constraints"]} == {"3.40"}
    schema = json.loads(_cli(extended, b"", "--print-schema", "result").stdout)
    jsonschema.Draft202012Validator(schema).validate(result)
    broken = json.loads(shown.stdout)
    broken["normalizedQuotes"][0]["constraints"][0]["value"] = "3.333333"  # fine: a decimal
    jsonschema.Draft202012Validator(schema).validate(broken)
    for wrong in ("10/0", "-10/3", "10 / 3", "3.333333..."):
        broken["normalizedQuotes"][0]["constraints"][0]["value"] = wrong
        assert not jsonschema.Draft202012Validator(schema).is_valid(broken), wrong
    request = json.loads(_cli(extended, b"", "--print-schema", "request").stdout)
    assert request["properties"]["maxUnitPrice"]["description"].startswith("Hard constraint")


def test_the_cli_takes_the_kind_its_formats_and_schemas(extended: Path) -> None:
    pytest.importorskip("xlsxwriter")
    openpyxl = pytest.importorskip("openpyxl")
    shown = _cli(extended, SHORTLISTED, "--input-json", "-", "--shortlist")
    assert shown.returncode == 0, shown.stderr
    document = json.loads(shown.stdout)
    assert (document["kind"], document["shortlist"]) == ("shortlist", EXPECTED_SHORTLIST)
    text = _cli(extended, SHORTLISTED, "--input-json", "-", "--shortlist", "--format", "text")
    assert text.stdout.decode() == "Shortlist\nD 72.00\nA 100.00\n"
    page = _cli(extended, SHORTLISTED, "--input-json", "-", "--shortlist", "--format", "html")
    assert b"<li>D 72.00</li><li>A 100.00</li>" in page.stdout
    book = _cli(extended, SHORTLISTED, "--input-json", "-", "--shortlist", "--format", "xlsx")
    sheet = openpyxl.load_workbook(io.BytesIO(book.stdout))["Shortlist"]
    cells = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert ["D", 72] in cells and ["A", 100] in cells
    usage = _cli(extended, b"", "--help").stdout.decode()
    assert "--input-json - --shortlist [--trace] [--format json|text|html|xlsx]" in usage
    assert "shortlist-request" in usage and "the cheapest eligible quotes" in usage
    schema = json.loads(_cli(extended, b"", "--print-schema", "shortlist-request").stdout)
    assert {"shortlistSize", "maxUnitPrice"} <= set(schema["properties"])
    report = _cli(extended, COMPARED, "--input-json", "-", "--format", "text").stdout.decode()
    assert "| A        | maxUnitPrice |  3.40 |        10/3 | eligible |" in report
    page = _cli(extended, COMPARED, "--input-json", "-", "--format", "html").stdout.decode()
    assert 'maximum unit price</td><td class="num">3.40</td><td class="num">10/3</td>' in page
    workbook = _cli(extended, COMPARED, "--input-json", "-", "--format", "xlsx").stdout
    values = {
        cell.value
        for sheet in openpyxl.load_workbook(io.BytesIO(workbook)).worksheets
        for row in sheet.iter_rows()
        for cell in row
    }
    assert "10/3" in values


def test_the_intake_takes_the_constraints_option(extended: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "quotes.csv"
    sheet.write_text(
        "supplierId,specification,currency,packSize,minimumPacks,packPrice,freight,otherFees,"
        "leadDays\nA,M6,CNY,3,0,10.00,0,0,5\n",
        encoding="utf-8",
    )
    read = _run(extended, ["-m", "quotecalc.intake", str(sheet), "--max-unit-price", "3.40"])
    assert read.returncode == 0, read.stdout
    assert json.loads(read.stdout)["maxUnitPrice"] == "3.40"
    usage = _run(extended, ["-m", "quotecalc.intake", "--help"]).stdout.decode()
    assert "--max-unit-price D" in usage


DRIVER = r"""
import asyncio, io, json, sys
import httpx
from quotecalc.http.app import create_app
from quotecalc.kinds import BY_NAME
from quotecalc.published import published_files, root_field_table
from quotecalc.output.answer import constraint_words
from quotecalc.bulk.kinds import KINDS as BULK
from quotecalc.http.page.form_html import form_page

compared, shortlisted = sys.stdin.buffer.read().split(b"\n\n")
found = {}

async def http():
    transport = httpx.ASGITransport(app=create_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        json_body = {"content-type": "application/json"}
        found["route"] = (await client.post("/quotecalc/shortlist", content=shortlisted,
                                             headers=json_body)).text
        found["calculate"] = (await client.post("/quotecalc/calculate", content=compared,
                                                 headers=json_body)).text
        book = await client.post("/quotecalc/shortlist?lang=en", content=shortlisted,
                                 headers={**json_body, "accept": "application/vnd.openxmlformats-"
                                          "officedocument.spreadsheetml.sheet"})
        found["workbook"] = book.content[:2].decode()
        api = (await client.get("/openapi.json")).json()
        found["components"] = sorted(api["components"]["schemas"])
        found["paths"] = sorted(api["paths"])
        found["request_fields"] = sorted(api["components"]["schemas"]["Request"]["properties"])
        params = api["paths"]["/quotecalc/intake"]["post"]["parameters"]
        found["intake_params"] = [p.get("name") for p in params]
        page = await client.post("/quotecalc/report", files={
            "request": (None, shortlisted.decode()), "lang": (None, "en")})
        found["page"] = (page.status_code, page.text)

asyncio.run(http())
found["form"] = form_page("en", 1 << 20)
from quotecalc.mcp.server import TOOLS
tools = {row.name: row for row in TOOLS}
found["tools"] = list(tools)
found["tool_input"] = sorted(tools["shortlist_quotes"].descriptor["inputSchema"]["properties"])
found["compare_input"] = sorted(tools["compare_quotes"].descriptor["inputSchema"]["properties"])
called = tools["shortlist_quotes"].handler(json.loads(shortlisted))
found["tool_answer"] = called.structured_content
found["bulk"] = BULK["shortlist"](shortlisted)[0].decode()
files = published_files()
found["published"] = sorted(files)
result_schema = json.loads(files["docs/schema/result.schema.json"])
checks = result_schema["$defs"]["normalizedQuote"]["properties"]["constraints"]
found["value_schema"] = checks["items"]["properties"]["value"]
found["readme"] = root_field_table("en")
found["hints"] = constraint_words("en")
found["run"] = BY_NAME["shortlist"].run(shortlisted).to_json().decode()
print(json.dumps(found))
"""


def test_every_other_door_takes_the_row_and_the_kind(extended: Path) -> None:
    pytest.importorskip("httpx")
    pytest.importorskip("starlette")
    pytest.importorskip("mcp")
    pytest.importorskip("xlsxwriter")
    ran = _run(extended, ["-c", DRIVER], COMPARED + b"\n\n" + SHORTLISTED)
    assert ran.returncode == 0, ran.stderr.decode()
    found = json.loads(ran.stdout)
    cli = _cli(extended, SHORTLISTED, "--input-json", "-", "--shortlist").stdout.decode()
    fixed = _cli(extended, COMPARED, "--input-json", "-").stdout.decode()
    assert found["run"] == found["route"] == found["bulk"] == cli
    assert found["calculate"] == fixed
    assert json.loads(cli)["shortlist"] == found["tool_answer"]["shortlist"]
    assert found["workbook"] == "PK"
    assert {"ShortlistRequest", "Shortlist"} <= set(found["components"])
    assert "/quotecalc/shortlist" in found["paths"]
    assert "maxUnitPrice" in found["request_fields"]
    assert "max_unit_price" in found["intake_params"]
    status, page = found["page"]
    assert status == 200 and "<li>D 72.00</li><li>A 100.00</li>" in page
    assert 'name="max_unit_price"' in found["form"] and "Maximum unit price" in found["form"]
    assert found["tools"][-1] == "shortlist_quotes"
    assert {"shortlistSize", "maxUnitPrice"} <= set(found["tool_input"])
    assert "maxUnitPrice" in found["compare_input"]
    assert {
        "docs/schema/shortlist-request.schema.json",
        "docs/schema/shortlist.schema.json",
        "docs/tool/mcp-tool-shortlist.json",
        "docs/tool/tool-definition-shortlist.json",
    } <= set(found["published"])
    assert "oneOf" in found["value_schema"]["anyOf"][1]
    assert "| `maxUnitPrice` | no | hard constraint: exclude quotes whose" in found["readme"]
    assert found["hints"] == {
        "limits": "the maximum lead days or the minimum quality score or the maximum unit price",
        "checked": "lead days, quality score and pack price and pack size",
    }


def test_the_copy_keeps_the_layers(extended: Path) -> None:
    from test_architecture import LINT_IMPORTS, lint

    if not LINT_IMPORTS.exists():
        pytest.skip("import-linter (the test extra) is not installed")
    run = lint(extended, extended.parent)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_guide_shows_the_row_this_test_adds() -> None:
    """docs/extending.md's worked example is the row added here, word for word."""
    import textwrap

    guide = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8")
    assert textwrap.dedent(MAX_UNIT_PRICE_ROW).rstrip().rstrip(",") in guide
    assert "(ROOT / " not in guide  # nothing of this module leaked in but the row
