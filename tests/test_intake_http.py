"""Issue 28: the HTTP intake has every option of the intake's command line, keeps its notes,
and its hints name the HTTP form of an option, never a flag that does not exist there.

Each answer of ``POST /quotecalc/intake`` (the real app) is compared with what
``python -m quotecalc.intake`` prints for the same file and the same options."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from http_support import HAS_HTTP
from intake_helpers import set_cached_values, write_csv, write_xlsx

pytestmark = pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
NOTES = "Quotecalc-Intake-Notes"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from quotecalc.http.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


def cli(path: Path, *options: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", str(path), *options],
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )


def post_raw(client: Any, path: Path, **query: str) -> Any:
    media = "text/csv" if path.suffix == ".csv" else XLSX
    return client.post(
        "/quotecalc/intake",
        params=query,
        content=path.read_bytes(),
        headers={"content-type": media},
    )


def post_form(client: Any, path: Path, **fields: str) -> Any:
    files = {"sheet_file": (path.name, path.read_bytes())}
    return client.post("/quotecalc/intake", data=fields, files=files)


def gbk_csv(folder: Path) -> Path:
    """What Chinese Excel writes as "CSV": GBK, which is not UTF-8."""
    rows = [["供应商", "包价", "币种"], ["宁波紧固件", "185", "CNY"], ["苏州精密", "98.75", "CNY"]]
    return write_csv(folder / "gbk.csv", rows, encoding="gbk")


@pytest.mark.parametrize("post", [post_raw, post_form])
def test_a_gbk_csv_is_told_the_http_option_and_reads_with_it(
    client: Any, tmp_path: Path, post: Any
) -> None:
    path = gbk_csv(tmp_path)
    refused = post(client, path)
    assert refused.status_code == 422
    errors = refused.json()["errors"]
    assert {error["code"] for error in errors} == {"undecodable_text"}
    assert all("encoding=gb18030" in error["hint"] for error in errors)
    assert all("--" not in error["hint"] for error in errors)
    expected = cli(path, "--encoding", "gb18030")
    assert expected.returncode == 0
    answer = post(client, path, encoding="gb18030")
    assert answer.status_code == 200 and answer.content == expected.stdout


def test_the_cli_hint_names_the_cli_flag(tmp_path: Path) -> None:
    errors = json.loads(cli(gbk_csv(tmp_path)).stdout)["errors"]
    assert all("--encoding gb18030" in error["hint"] for error in errors)


def hidden_totals_sheet(folder: Path) -> Path:
    """A workbook with a hidden row, a totals row, a padded id and a second sheet."""
    path = write_xlsx(
        folder / "q.xlsx",
        [
            ["供应商", "包价", "币种"],
            ["A", 10, "CNY"],
            ["B ", 12, "CNY"],
            ["C", 9, "CNY"],
            ["合计", 31, "CNY"],
        ],
        extra_sheets=["Notes"],
    )
    from openpyxl import load_workbook

    workbook = load_workbook(path)
    workbook["Sheet1"].row_dimensions[4].hidden = True
    workbook.save(path)
    return path


SWITCHES = [
    ((), {}),
    (("--include-hidden",), {"include_hidden": "true"}),
    (("--include-hidden", "--skip-totals"), {"include_hidden": "1", "skip_totals": "yes"}),
    (
        ("--include-hidden", "--skip-totals", "--trim"),
        {"include_hidden": "on", "skip_totals": "true", "trim": "true"},
    ),
    (("--sheet", "Notes"), {"sheet": "Notes"}),
    (("--trim", "--lang", "zh"), {"trim": "true", "lang": "zh"}),
]


@pytest.mark.parametrize(("flags", "query"), SWITCHES)
@pytest.mark.parametrize("post", [post_raw, post_form])
def test_every_switch_has_its_http_form_and_the_same_answer(
    client: Any, tmp_path: Path, flags: tuple[str, ...], query: dict[str, str], post: Any
) -> None:
    path = hidden_totals_sheet(tmp_path)
    expected = cli(path, *flags)
    answer = post(client, path, **query)
    assert answer.status_code == (200 if expected.returncode == 0 else 422)
    if expected.returncode == 0:
        assert answer.content == expected.stdout
        return
    ours, theirs = answer.json()["errors"], json.loads(expected.stdout)["errors"]
    assert [(e["code"], e["cell"], e["message"]) for e in ours] == [
        (e["code"], e["cell"], e["message"].replace("--", "").replace("-", "_"))
        if "--" in e["message"]
        else (e["code"], e["cell"], e["message"])
        for e in theirs
    ]
    for error in ours:
        assert "--" not in error.get("hint", ""), error


def test_the_notes_are_kept_in_a_header(client: Any, tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "q.xlsx", [["供应商", "包价"], ["A", 35.2], ["B ", 36.2]])
    set_cached_values(path, {"B2": "35.199999999999996"})
    expected = cli(path, "--trim")
    notes = [json.loads(line) for line in expected.stderr.decode().splitlines()]
    assert [note["code"] for note in notes] == ["float_tail_rounded", "whitespace_trimmed"]
    answer = post_raw(client, path, trim="true")
    assert answer.status_code == 200 and answer.content == expected.stdout
    header = json.loads(answer.headers[NOTES])
    assert [(entry["code"], entry["cells"]) for entry in header] == [
        (note["code"], [note["cell"]]) for note in notes
    ]
    assert "trim=true" in header[1]["message"] and "--trim" not in header[1]["message"]


def test_no_notes_no_header(client: Any, tmp_path: Path) -> None:
    path = write_csv(tmp_path / "q.csv", [["supplierId", "packPrice"], ["A", "1"]])
    answer = post_raw(client, path)
    assert answer.status_code == 200 and NOTES not in answer.headers


@pytest.mark.parametrize(
    ("query", "option"),
    [
        ({"skip_totals": "maybe"}, "skip_totals"),
        ({"skip_total": "1"}, "skip_total"),  # a misspelt option is not silently ignored
        ({"include_hidden": "true"}, "include_hidden"),  # a CSV hides nothing
        ({"delimiter": ";;"}, "delimiter"),
        ({"weights": "cost"}, "weights"),
    ],
)
def test_a_wrong_option_is_named_as_http_spells_it(
    client: Any, tmp_path: Path, query: dict[str, str], option: str
) -> None:
    path = write_csv(tmp_path / "q.csv", [["supplierId", "packPrice"], ["A", "1"]])
    answer = post_raw(client, path, **query)
    assert answer.status_code == 422
    (error,) = answer.json()["errors"]
    assert (error["code"], error["option"]) == ("invalid_option", option)


def test_every_cli_option_is_in_the_table_and_in_openapi() -> None:
    from quotecalc.http.openapi import openapi_document
    from quotecalc.intake.__main__ import MODE_FLAGS, RELAXING_FLAGS, VALUE_OPTIONS
    from quotecalc.intake.options import OPTIONS

    cli = set(VALUE_OPTIONS) | set(RELAXING_FLAGS) | set(MODE_FLAGS)
    assert {option.cli for option in OPTIONS} == cli
    operation = openapi_document()["paths"]["/quotecalc/intake"]["post"]
    query = {p["name"] for p in operation["parameters"] if p.get("in") == "query"}
    assert query == {option.http for option in OPTIONS}
    form = operation["requestBody"]["content"]["multipart/form-data"]["schema"]["properties"]
    assert {option.http for option in OPTIONS} <= set(form)
    assert NOTES in operation["responses"]["200"]["headers"]


def test_every_text_names_the_options_of_its_door() -> None:
    """Over HTTP no message, hint or note names a command-line flag; on the command line none
    names an HTTP form."""
    from quotecalc.intake.messages import NOTES as NOTE_TEXTS
    from quotecalc.intake.messages import TEXTS
    from quotecalc.intake.options import OPTIONS, door_text

    cli_only = {"invalid_arguments"}  # the command line itself: never shown over HTTP
    for text in (*TEXTS.values(), *NOTE_TEXTS.values()):
        for written in (text.en, text.zh, text.hint_en, text.hint_zh):
            shown = door_text(written, "http")
            if text.code not in cli_only:
                flags = [o.cli for o in OPTIONS if o.cli in shown]
                assert not flags, (text.code, shown)
                assert "python -m quotecalc.intake --help" not in shown
            assert door_text(written, "cli") == written
            assert not any(f"{o.http}=true" in written for o in OPTIONS if o.switch)


def test_a_form_without_a_boundary_is_not_a_form(client: Any) -> None:
    """Found by schemathesis once the route was in the OpenAPI document: it answered 500."""
    answer = client.post(
        "/quotecalc/intake", content=b"", headers={"content-type": "multipart/form-data"}
    )
    assert answer.status_code == 415
    assert answer.json()["error"]["code"] == "unsupported_form_type"
