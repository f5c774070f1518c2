"""The award's ``effort`` at every door (issue 38, item 3): a root field of the event and plan
requests, one of ``standard`` (the default) and ``proof``.

For a small event and a small plan with ``effort: proof``, every door answers the CLI's bytes:
the CLI with the field written and with ``--effort proof``, the library, the bulk kind, a real
HTTP server, the MCP SDK's own client, the analyst's page (its control) and the intake
(``--effort`` with ``--event``); the document names the effort. Without the field the
document is byte for byte as before; the field's errors have their fixed codes at ``/effort``;
the fixed call refuses the key; the award, its baseline and the plan search with the effort.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import quotecalc
from conftest import ROOT, CliRun, run_cli
from http_support import HAS_HTTP, without_download
from quotecalc.core.plan_rules import DEFAULT_EFFORT, EFFORT_FIELD, EFFORTS

EXAMPLES = ROOT / "examples"
# (kind, its example, its CLI option, its library entry, its HTTP path, its MCP tool)
KINDS = {
    "event": ("event.request.json", "--event", quotecalc.award, "/quotecalc/event", "award_event"),
    "plan": ("plan.request.json", "--plan", quotecalc.plan, "/quotecalc/plan", "plan_purchase"),
}
MESSAGES = {
    "out_of_range": "The value is outside the allowed range.",
    "invalid_type": "The value has the wrong JSON type.",
    "null_not_allowed": "Explicit null is not allowed.",
}


def raw_of(kind: str) -> bytes:
    return (EXAMPLES / KINDS[kind][0]).read_bytes()


def with_effort(kind: str, effort: Any) -> bytes:
    """The example with ``effort`` written (at the end, unlike the CLI's flag)."""
    return json.dumps({**json.loads(raw_of(kind)), "effort": effort}).encode()


def cli(kind: str, raw: bytes, *extra: str) -> CliRun:
    return run_cli(raw, "--input-json", "-", KINDS[kind][1], *extra)


@pytest.fixture(scope="module")
def proof() -> dict[str, CliRun]:
    """Each kind's CLI answer to its example with ``effort: proof`` (one process each)."""
    return {kind: cli(kind, with_effort(kind, "proof")) for kind in KINDS}


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_document_names_the_effort(kind: str, proof: dict[str, CliRun]) -> None:
    shown = proof[kind]
    assert shown.exit_code == 0 and shown.stderr == b""
    keys = list(shown.output)
    assert keys[keys.index("status") + 1] == "effort" and shown.output["effort"] == "proof"


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_flag_is_the_field(kind: str, proof: dict[str, CliRun]) -> None:
    flagged = cli(kind, raw_of(kind), "--effort", "proof")
    assert flagged.stdout == proof[kind].stdout and flagged.exit_code == 0
    agreeing = cli(kind, with_effort(kind, "proof"), "--effort", "proof")
    assert agreeing.stdout == proof[kind].stdout


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_library_and_the_bulk_kind_answer_the_cli_bytes(
    kind: str, proof: dict[str, CliRun]
) -> None:
    from quotecalc.bulk.kinds import KINDS as BULK

    body = with_effort(kind, "proof")
    assert KINDS[kind][2](body).to_json() == proof[kind].stdout
    assert BULK[kind](body) == (proof[kind].stdout, "completed")


def test_standard_is_the_default_written_out() -> None:
    """Without the field: the bytes of before, no ``effort`` key; with ``standard``: the same
    document with the key."""
    for kind, (_, _, entry, _, _) in KINDS.items():
        plain = entry(raw_of(kind)).output
        standard = entry(with_effort(kind, DEFAULT_EFFORT)).output
        assert "effort" not in plain and standard.pop("effort") == "standard"
        assert standard == plain
    assert DEFAULT_EFFORT == "standard" and EFFORT_FIELD.choices == EFFORTS


def test_the_engines_efforts_are_the_rows() -> None:
    from quotecalc.solvers import award

    assert award.EFFORTS == EFFORTS and award.DEFAULT_EFFORT == DEFAULT_EFFORT


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("max", "out_of_range"),
        ("Proof", "out_of_range"),
        ("", "out_of_range"),
        (1, "invalid_type"),
        (True, "invalid_type"),
        (["proof"], "invalid_type"),
        (None, "null_not_allowed"),
    ],
)
def test_a_wrong_effort_has_its_fixed_code_at_effort(kind: str, value: Any, code: str) -> None:
    answer = KINDS[kind][2](with_effort(kind, value))
    assert (answer.status, answer.exit_code) == ("invalid_input", 2)
    expected = {"code": code, "path": "/effort", "message": MESSAGES[code]}
    assert answer.output["reasons"] == [expected]
    assert "effort" not in answer.output


def test_a_wrong_effort_is_the_clis_answer_too() -> None:
    shown = cli("event", with_effort("event", "max"))
    assert shown.exit_code == 2 and shown.output["reasons"][0]["path"] == "/effort"


def test_the_fixed_call_and_the_conversion_refuse_the_key() -> None:
    body = json.dumps(
        {**json.loads((EXAMPLES / "convert.request.json").read_bytes()), "effort": "proof"}
    )
    for answer in (quotecalc.calculate(body), quotecalc.convert(body)):
        errors = answer.output.get("limitations") or answer.output["result"]["limitations"]
        assert [(e["code"], e["path"]) for e in errors] == [("unknown_key", "")]


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--event", "--effort", "max"], b"--effort takes one of standard, proof"),
        (["--event", "--effort"], b"--effort takes one of standard, proof"),
        (["--effort", "proof"], b"--effort goes with --plan, --event"),
        (["--convert", "--effort", "proof"], b"--effort goes with --plan, --event"),
        (["--event", "--effort", "proof", "--effort", "proof"], b"--effort given twice"),
    ],
)
def test_command_lines_the_flag_refuses(argv: list[str], problem: bytes) -> None:
    shown = run_cli(raw_of("event"), "--input-json", "-", *argv)
    assert shown.exit_code == 2
    assert [e["code"] for e in shown.output["limitations"]] == ["invalid_arguments"]
    assert problem in shown.stderr


def test_a_flag_that_disagrees_with_the_request_is_refused_not_guessed() -> None:
    shown = cli("plan", with_effort("plan", "standard"), "--effort", "proof")
    assert shown.exit_code == 2
    assert [e["code"] for e in shown.output["limitations"]] == ["invalid_arguments"]
    assert b'--effort proof and the request\'s effort "standard" disagree' in shown.stderr


def test_the_flag_writes_into_the_request_bytes_only_its_field() -> None:
    from quotecalc.kinds.flags import FlagDisagrees, with_flags

    assert with_flags(b' {"a": 1.50}', {"effort": "proof"}, 100) == b' {"effort":"proof","a": 1.50}'
    assert with_flags(b"{}", {"effort": "proof"}, 100) == b'{"effort":"proof"}'
    assert with_flags(b"[1]", {"effort": "proof"}, 100) == b"[1]"
    assert with_flags(b"{", {"effort": "proof"}, 100) == b"{"
    assert with_flags(b'{"effort":"proof"}', {"effort": "proof"}, 100) == b'{"effort":"proof"}'
    assert with_flags(b"{}" + b" " * 10, {"effort": "proof"}, 5) == b"{}" + b" " * 10
    with pytest.raises(FlagDisagrees):
        with_flags(b'{"effort": 1}', {"effort": "proof"}, 100)


def test_the_award_its_baseline_and_the_plan_search_with_the_effort(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stages hand the request's effort to the award engine (the real engine, watched)."""
    from quotecalc.stages import event_award, plan

    seen: list[tuple[str, str]] = []

    def watched(module: Any, name: str) -> None:
        real = getattr(module, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            seen.append((name, kwargs.get("effort", "<none>")))
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, call)

    watched(event_award, "best_award")
    watched(event_award, "best_single_vendor")
    watched(plan, "best_award")
    for kind in KINDS:
        assert KINDS[kind][2](with_effort(kind, "proof")).status == "completed"
    assert seen == [
        ("best_award", "proof"),
        ("best_single_vendor", "proof"),
        ("best_award", "proof"),
    ]
    seen.clear()
    quotecalc.award(raw_of("event"))
    assert {effort for _, effort in seen} == {"standard"}


def test_the_schemas_tools_and_openapi_list_the_rows_names() -> None:
    from quotecalc.http.openapi import openapi_document
    from quotecalc.schema import SCHEMAS

    for name in ("event-request", "plan-request"):
        assert SCHEMAS[name]()["properties"]["effort"]["enum"] == list(EFFORTS)
    for name in ("event", "plan"):
        assert SCHEMAS[name]()["properties"]["effort"]["enum"] == list(EFFORTS)
        assert "effort" not in SCHEMAS[name]()["required"]
    components = openapi_document()["components"]["schemas"]
    for component in ("EventRequest", "PlanRequest"):
        assert components[component]["properties"]["effort"]["enum"] == list(EFFORTS)
    for tool in ("mcp-tool-event", "mcp-tool-plan"):
        committed = json.loads((ROOT / "docs" / "tool" / f"{tool}.json").read_text("utf-8"))
        assert committed["inputSchema"]["properties"]["effort"]["enum"] == list(EFFORTS)


# ---- the intake: --effort with --event ------------------------------------------------------


def test_the_intake_writes_the_effort_of_an_event_workbook(tmp_path: Path) -> None:
    pytest.importorskip("xlsxwriter")
    pytest.importorskip("openpyxl")
    from event_workbook import root_argv, write_xlsxwriter

    request = json.loads(with_effort("event", "proof"))
    book = write_xlsxwriter(tmp_path / "event.xlsx", request)
    shown = subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", "--event", str(book), *root_argv(request)],
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert shown.returncode == 0, shown.stdout
    assert json.loads(shown.stdout)["effort"] == "proof"
    refused = subprocess.run(
        [sys.executable, "-B", "-m", "quotecalc.intake", str(book), "--effort", "proof"],
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert refused.returncode == 2
    assert {"invalid_option"} <= {e["code"] for e in json.loads(refused.stdout)["errors"]}


# ---- HTTP: a real server, and the analyst's page ----------------------------------------------

if HAS_HTTP:
    from test_http_server import client, server  # noqa: F401 - the fixtures


@pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")
@pytest.mark.parametrize("kind", list(KINDS))
def test_the_http_route_answers_the_cli_bytes(
    kind: str,
    proof: dict[str, CliRun],
    client: Any,
) -> None:
    headers = {"content-type": "application/json"}
    reply = client.post(KINDS[kind][3], content=with_effort(kind, "proof"), headers=headers)
    assert (reply.status_code, reply.content) == (200, proof[kind].stdout)


def _post_form(fields: dict[str, str]) -> Any:
    import httpx

    from quotecalc.http.app import create_app

    async def send() -> Any:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            files = {name: (None, value) for name, value in fields.items()}
            return await http.post("/quotecalc/report", files=files)

    return asyncio.run(send())


@pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")
@pytest.mark.parametrize("kind", list(KINDS))
def test_the_pages_control_is_the_flag(kind: str) -> None:
    from test_http_page import split_door

    raw = raw_of(kind).strip()
    page = _post_form({"request": raw.decode(), "lang": "en", "effort": "proof"})
    assert page.status_code == 200
    shown = cli(kind, raw, "--effort", "proof", "--format", "html")
    with_field = raw.replace(b"{", b'{"effort":"proof",', 1)
    assert split_door(without_download(page.content, with_field).decode()) == shown.stdout.decode()
    clash = _post_form(
        {"request": with_effort(kind, "standard").decode(), "lang": "en", "effort": "proof"}
    )
    assert clash.status_code == 422 and "invalid_option" in clash.text
    assert "Search effort" in clash.text


@pytest.mark.skipif(not HAS_HTTP, reason="needs the http extra")
def test_the_form_offers_the_rows_names() -> None:
    from quotecalc.http.page.form_html import form_page, label_text

    for lang in ("en", "zh"):
        page = form_page(lang, 1024 * 1024, {"effort": "proof"})
        assert '<select name="effort" id="field-effort" aria-describedby="effort-hint">' in page
        assert '<option value="proof" selected>proof</option>' in page
        assert EFFORT_FIELD.doors is not None and EFFORT_FIELD.doors.label is not None
        assert label_text(EFFORT_FIELD.doors.label.of(lang)) in page  # brackets kept whole


# ---- MCP: the SDK's own client --------------------------------------------------------------

try:
    from test_mcp_server import _session, _text, needs_sdk
except ImportError:  # pragma: no cover - the mcp extra is missing
    needs_sdk = pytest.mark.skip(reason="the optional mcp extra is not installed")


@needs_sdk
def test_the_mcp_tools_answer_the_cli_bytes(proof: dict[str, CliRun], tmp_path: Path) -> None:
    async def body(session: Any) -> dict[str, Any]:
        return {
            kind: await session.call_tool(KINDS[kind][4], json.loads(with_effort(kind, "proof")))
            for kind in KINDS
        }

    got = _session(body, errlog=tmp_path / "stderr.txt")
    for kind in KINDS:
        assert _text(got[kind]) == proof[kind].stdout.decode("utf-8")[:-1]
        assert got[kind].structured_content == proof[kind].output
