"""``python -m quotecalc.intake`` through real subprocesses: the request on stdout, notes on
stderr, the error document (validated against its published schema), ``--calculate``
answering byte for byte like ``scripts/calculate.py``, templates, and a missing openpyxl."""

# ruff: noqa: RUF001
from __future__ import annotations

import functools
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, check_result_schema, run_cli
from intake_helpers import set_cached_values, write_csv, write_xlsx
from quotecalc import __version__
from quotecalc.intake.errors import MESSAGES
from quotecalc.intake.messages import TEXTS
from quotecalc.intake.schema import errors_schema_bytes
from quotecalc.intake.template import template_bytes

ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
HEADER = ["供应商", "规格", "币种", "每包数量", "最小起订包数", "包价", "运费", "其他费用"]
HEADER += ["交期（天）", "质量分", "质量定义"]
ROWS = [
    HEADER,
    ["A", "M6 bolt", "CNY", "100", "0", "35.00", "20", "0", "7", "4", "1-5 audit"],
    ["B", "M6 bolt", "CNY", "250", "5", "80", "0", "15.5", "14", "5", "1-5 audit"],
    ["C", "M6 bolt", "CNY", "300", "1", "100", "10", "5", "30", "3", "1-5 audit"],
]
ROOT_OPTIONS = [
    "--quantity",
    "1000",
    "--currency",
    "CNY",
    "--specification",
    "M6 bolt",
    "--weights",
    "cost=0.5,delivery=0.3,quality=0.2",
    "--quality-scale",
    "1-5 audit;1;5",
    "--max-lead-days",
    "20",
    "--sensitivity-delta",
    "0.2",
]


def intake_cli(*argv: str | Path) -> subprocess.CompletedProcess[bytes]:
    proc = subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", *map(str, argv)],
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        timeout=60,
        check=False,
    )
    if proc.stdout.startswith(b'{"schemaVersion":1,"errors"'):
        check_errors_schema(proc.stdout)
    return proc


@functools.cache
def errors_validator() -> Any:
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "docs/schema/intake/errors.schema.json").read_bytes())
    return Draft202012Validator(schema)


def check_errors_schema(stdout: bytes) -> None:
    assert stdout.endswith(b"\n") and stdout.count(b"\n") == 1
    errors = list(errors_validator().iter_errors(json.loads(stdout)))
    assert not errors, errors[0].message


def test_published_errors_schema_is_the_message_table() -> None:
    committed = json.loads((ROOT / "docs/schema/intake/errors.schema.json").read_bytes())
    assert (ROOT / "docs/schema/intake/errors.schema.json").read_bytes() == errors_schema_bytes()
    entries = committed["properties"]["errors"]["items"]["oneOf"]
    assert {entry["properties"]["code"]["const"] for entry in entries} == set(MESSAGES)


def test_request_on_stdout(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", ROWS, bom=True)
    proc = intake_cli(path, *ROOT_OPTIONS)
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout.endswith(b"\n") and proc.stdout.count(b"\n") == 1
    request = json.loads(proc.stdout)
    assert list(request) == [
        "schemaVersion",
        "quantity",
        "currency",
        "specification",
        "weights",
        "qualityScale",
        "maxLeadDays",
        "sensitivityDelta",
        "quotes",
    ]
    assert request["quotes"][1]["otherFees"] == "15.5"
    assert request["qualityScale"] == {"definition": "1-5 audit", "minimum": "1", "maximum": "5"}


def without(option: str) -> list[str]:
    index = ROOT_OPTIONS.index(option)
    return ROOT_OPTIONS[:index] + ROOT_OPTIONS[index + 2 :]


@pytest.mark.parametrize(
    ("options", "exit_code"),
    [
        (ROOT_OPTIONS, 0),  # completed with a ranking
        (without("--specification"), 0),  # partial
        (["--quantity", "0", *without("--quantity")], 2),  # the calculator's invalid_input
    ],
    ids=["completed", "partial", "invalid"],
)
def test_calculate_answers_like_the_cli(tmp_path: Path, options: list[str], exit_code: int) -> None:
    path = write_csv(tmp_path / "q.csv", ROWS)
    request = intake_cli(path, *options)
    assert request.returncode == 0
    calculated = intake_cli(path, *options, "--calculate")
    expected = run_cli(request.stdout)
    check_result_schema(calculated.stdout)
    assert calculated.stdout == expected.stdout
    assert calculated.returncode == expected.exit_code == exit_code


def test_partial_sheet_calculates_as_partial(tmp_path: Path) -> None:
    rows = [ROWS[0], ROWS[1], [*ROWS[2][:6], "无", *ROWS[2][7:]]]
    proc = intake_cli(write_csv(tmp_path / "q.csv", rows), *ROOT_OPTIONS, "--calculate")
    result = json.loads(proc.stdout)
    assert proc.returncode == 0 and result["status"] == "partial"
    assert result["normalizedQuotes"][1]["freight"] is None  # unknown, not 0
    assert result["ranking"] is None


def test_errors_document_and_exit_2(tmp_path: Path) -> None:
    rows = [ROWS[0], [*ROWS[1][:5], "35,000.00", *ROWS[1][6:]], ["A", *ROWS[2][1:]]]
    proc = intake_cli(write_csv(tmp_path / "q.csv", rows), "--calculate")
    assert proc.returncode == 2 and proc.stderr == b""
    assert json.loads(proc.stdout)["errors"] == [
        {
            "code": "thousands_separator",
            "cell": "F2",
            "message": MESSAGES["thousands_separator"],
            "hint": TEXTS["thousands_separator"].hint_en,
            "option": "--read-as-written",  # 35,000.00 is the 1,234.5 pattern: it would read
        },
        {
            "code": "duplicate_supplier_id",
            "cell": "A3",
            "message": MESSAGES["duplicate_supplier_id"],
        },
    ]
    assert b"35" not in proc.stdout  # nothing of a cell is echoed


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["a.csv", "b.csv"],
        ["a.csv", "--quantity"],
        ["a.csv", "--quantity", "1", "--quantity", "2"],
        ["a.csv", "--bogus"],
        ["a.csv", "--xlsx"],
        ["--template", "fr"],
        ["--template", "zh", "a.csv"],
        ["--template", "zh", "--calculate"],
    ],
)
def test_bad_argv(argv: list[str]) -> None:
    proc = intake_cli(*argv)
    assert proc.returncode == 2
    assert [error["code"] for error in json.loads(proc.stdout)["errors"]] == ["invalid_arguments"]


def test_tab_delimiter_and_gb18030(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", ROWS, encoding="gb18030", delimiter="\t")
    proc = intake_cli(path, "--encoding", "gb18030", "--delimiter", "\\t")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["quotes"][0]["supplierId"] == "A"


def test_float_tail_note_on_stderr(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    rows = [ROWS[0][:6], ["A", "M6 bolt", "CNY", 100, 0, 35.2]]
    path = write_xlsx(tmp_path / "q.xlsx", rows, formats={"F2": "0.00"})
    set_cached_values(path, {"F2": "35.199999999999996"})
    proc = intake_cli(path)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["quotes"][0]["packPrice"] == "35.2"
    assert [json.loads(line) for line in proc.stderr.splitlines()] == [
        {"code": "float_tail_rounded", "cell": "Sheet1!F2", "message": MESSAGES_NOTE}
    ]


MESSAGES_NOTE = (
    "A binary float tail was read as the nearest 6-decimal value, which the cell's"
    " number format displays."
)


@pytest.mark.parametrize(("lang", "xlsx"), [("zh", False), ("en", False), ("zh", True)])
def test_template_commands(tmp_path: Path, lang: str, xlsx: bool) -> None:
    if xlsx:
        pytest.importorskip("openpyxl")
    proc = intake_cli("--template", lang, *(["--xlsx"] if xlsx else []))
    assert proc.returncode == 0 and proc.stderr == b""
    if not xlsx:
        assert proc.stdout == template_bytes(lang, xlsx=False)
        return
    import openpyxl

    workbook = openpyxl.load_workbook(io.BytesIO(proc.stdout))
    assert workbook.sheetnames == ["报价", "说明"]


def test_spreadsheet_to_ranking_in_two_commands(tmp_path: Path) -> None:
    """The README's two commands on a sheet filled into the template."""
    template = tmp_path / "quotes.csv"
    template.write_bytes(intake_cli("--template", "zh").stdout)
    with template.open("a", encoding="utf-8", newline="") as handle:
        for row in ROWS[1:]:  # the template has a qualityEvidence column before the score
            handle.write(",".join([*row[:9], "", *row[9:]]) + "\r\n")
    request = intake_cli(template, *ROOT_OPTIONS)
    result = run_cli(request.stdout).output
    assert result["status"] == "completed"
    # By hand: A lands 10 x 35 + 20 = 370, B 5 x 80 + 15.5 = 415.5, C (30 days) is excluded.
    # A: 0.5 x 1 + 0.3 x 1 + 0.2 x (4-1)/4 = 0.95; B: 0.2 x (5-1)/4 = 0.2.
    assert [(e["rank"], e["supplierId"], e["score"]) for e in result["ranking"]] == [
        (1, "A", "0.950000"),
        (2, "B", "0.200000"),
    ]


def test_without_openpyxl_one_error_line(tmp_path: Path) -> None:
    pytest.importorskip("openpyxl")
    path = write_xlsx(tmp_path / "q.xlsx", [ROWS[0][:1], ["A"]])
    blocker = tmp_path / "blocked" / "openpyxl"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'openpyxl'\", name='openpyxl')\n"
    )
    env = {**ENV, "PYTHONPATH": f"{blocker.parent}{os.pathsep}{ROOT / 'src'}"}
    proc = subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", str(path)],
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2 and proc.stderr == b""
    check_errors_schema(proc.stdout)
    assert json.loads(proc.stdout)["errors"] == [
        {
            "code": "xlsx_support_missing",
            "cell": "",
            "message": MESSAGES["xlsx_support_missing"],
            "hint": "python -m pip install 'quotecalc[xlsx]'",
        }
    ]
    template = subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", "--template", "zh", "--xlsx"],
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    assert template.returncode == 2
    assert json.loads(template.stdout)["errors"][0]["code"] == "xlsx_support_missing"
    # the CSV part still works without openpyxl
    csv_path = write_csv(tmp_path / "q.csv", [["供应商"], ["A"]])
    env_csv = subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", str(csv_path)],
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    assert env_csv.returncode == 0


def test_core_never_imports_the_intake_and_csv_never_imports_openpyxl(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", ROWS)
    code = (
        "import sys, quotecalc\n"
        "quotecalc.calculate(open(sys.argv[1], 'rb').read())\n"
        "core = sorted(m for m in sys.modules if m.startswith(('quotecalc.intake', 'openpyxl')))\n"
        "from quotecalc.intake import read\n"
        "read(sys.argv[2])\n"
        "csv = sorted(m for m in sys.modules if m.startswith(('openpyxl', 'defusedxml')))\n"
        "print(core, csv)\n"
    )
    example = ROOT / "examples" / "multi-supplier.request.json"
    proc = subprocess.run(
        [sys.executable, "-B", "-c", code, str(example), str(path)],
        capture_output=True,
        env=ENV,
        timeout=60,
        check=True,
    )
    assert proc.stdout == b"[] []\n"


LIBREOFFICE = ROOT / "tests" / "data" / "intake" / "libreoffice"


@pytest.mark.parametrize(
    ("name", "flags"),
    [
        ("formulas.xlsx", []),
        ("totals.xlsx", ["--skip-totals"]),
        ("hidden-row.xlsx", ["--include-hidden"]),
    ],
)
def test_libreoffice_files_calculate_like_the_cli(name: str, flags: list[str]) -> None:
    options = ["--quantity", "1000", "--currency", "CNY", "--specification", "M6 bolt", *flags]
    request = intake_cli(LIBREOFFICE / name, *options)
    assert request.returncode == 0
    calculated = intake_cli(LIBREOFFICE / name, *options, "--calculate")
    expected = run_cli(request.stdout)
    check_result_schema(calculated.stdout)
    assert calculated.stdout == expected.stdout
    assert calculated.returncode == expected.exit_code == 0
    assert calculated.stderr == request.stderr  # the same notes either way


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_error_documents_in_both_languages_match_the_schema(lang: str) -> None:
    for name in ("totals.xlsx", "currency.xlsx", "whitespace.xlsx", "hidden-column.xlsx"):
        proc = intake_cli(LIBREOFFICE / name, "--lang", lang)  # intake_cli checks the schema
        assert proc.returncode == 2
    proc = intake_cli(LIBREOFFICE / "formulas.xlsx", "--encoding", "gb18030", "--lang", lang)
    assert json.loads(proc.stdout)["errors"][0]["option"] == "--encoding"


def test_help_and_version_through_python_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", "--help"],
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout.startswith(b"usage: python -m quotecalc.intake")
    assert proc.stderr == b""
    proc = subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", "--version"],
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout == f"quotecalc.intake {__version__}\n".encode()
