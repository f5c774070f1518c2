"""The HTTP service's plain-Python parts (issue #10), none of which needs the extra: the
OpenAPI document (golden, valid, built from the operation table and the published schemas),
the transport error table, the request-id and media-type rules, the settings, and that the
core never imports the extra while ``python -m quotecalc.http`` fails politely without it.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from typing import Any

import pytest

from conftest import EXAMPLES, ROOT
from quotecalc import schema
from quotecalc.http import INSTALL_HINT
from quotecalc.http.errors import TRANSPORT_ERRORS
from quotecalc.http.limits import Limits, Settings, accepts_media_type, request_id
from quotecalc.http.openapi import OPENAPI_PATH, lift, openapi_bytes, openapi_document
from quotecalc.http.operations import CALCULATIONS, DOCUMENTS

DOC = openapi_document()
REGENERATE = "run `python -B scripts/generate_contract.py` and commit the result"


def test_committed_openapi_is_generated() -> None:
    assert (ROOT / OPENAPI_PATH).read_bytes() == openapi_bytes(), REGENERATE


def test_openapi_spec_validator_passes() -> None:
    validator = pytest.importorskip("openapi_spec_validator")
    validator.validate(json.loads((ROOT / OPENAPI_PATH).read_bytes()))


def test_paths_are_the_operation_table() -> None:
    expected = {row.path: "post" for row in CALCULATIONS} | {row.path: "get" for row in DOCUMENTS}
    expected["/quotecalc/intake"] = "post"  # issue 28: its options are documented
    assert {path: next(iter(item)) for path, item in DOC["paths"].items()} == expected


def test_components_are_the_published_schemas() -> None:
    """Request and Result are the published schemas; their $defs are lifted, every $ref in
    the document resolves, and no reference points into a schema's own $defs any more."""
    components = DOC["components"]["schemas"]
    request = {k: v for k, v in schema.request_schema().items() if k != "$schema"}
    assert components["Request"] == request
    result = schema.result_schema()
    for name, definition in result["$defs"].items():
        assert f"Result_{name}" in components
        text = json.dumps(definition).replace('"#/$defs/', '"#/components/schemas/Result_')
        assert components[f"Result_{name}"] == json.loads(text)
    assert components["Result"]["oneOf"] == [
        {"$ref": f"#/components/schemas/Result_{n}"}
        for n in ("calculation", "invalidInput", "internalError")
    ]
    text = json.dumps(DOC)
    assert "#/$defs/" not in text
    for ref in re.findall(r'"\$ref": "#/([^"]+)"', text):
        node: Any = DOC
        for part in ref.split("/"):
            node = node[part]


def test_analysis_route_answers_the_published_analysis_schema() -> None:
    """POST /quotecalc/analyze takes the request schema and answers the weight-analysis
    schema (issue 11), its $defs lifted like every published schema's."""
    components = DOC["components"]["schemas"]
    for name, definition in lift("Analysis", schema.analysis_schema()).items():
        assert components[name] == definition
    operation = DOC["paths"]["/quotecalc/analyze"]["post"]
    assert operation["operationId"] == "analyze_weights"
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/Request"}
    analysis = {"$ref": "#/components/schemas/Analysis"}
    for status in ("200", "413", "422"):
        assert operation["responses"][status]["content"]["application/json"]["schema"] == analysis
    assert (
        analysis in operation["responses"]["500"]["content"]["application/json"]["schema"]["oneOf"]
    )


def test_lift_rewrites_nested_references() -> None:
    lifted = lift("X", {"$schema": "s", "$defs": {"a": {"items": {"$ref": "#/$defs/b"}}}, "b": 1})
    assert lifted == {"X": {"b": 1}, "X_a": {"items": {"$ref": "#/components/schemas/X_b"}}}


def test_every_calculation_status_is_documented() -> None:
    for row in CALCULATIONS:
        responses = DOC["paths"][row.path]["post"]["responses"]
        # a route with a workbook also refuses an unknown ?lang= (400, issue 35)
        refused = ["400"] if row.workbook is not None else []
        expected = ["200", *refused, "408", "413", "415", "422", "500", "501", "503"]
        assert sorted(responses) == expected
        assert "Retry-After" in responses["503"]["headers"]


def test_transport_error_schema_accepts_the_table_only() -> None:
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(DOC["components"]["schemas"]["TransportError"])
    for error in TRANSPORT_ERRORS:
        assert validator.is_valid(json.loads(error.body()))
        wrong = {"schemaVersion": 1, "error": {"code": error.code, "message": "echo"}}
        assert not validator.is_valid(wrong)


# ---- the tables -------------------------------------------------------------------------------


def test_transport_errors_are_fixed_and_distinct() -> None:
    codes = [error.code for error in TRANSPORT_ERRORS]
    assert len(set(codes)) == len(codes)
    assert {e.code: e.status for e in TRANSPORT_ERRORS} == {
        "client_disconnected": 400,
        "cors_not_allowed": 400,
        "unsupported_language": 400,
        "not_found": 404,
        "method_not_allowed": 405,
        "request_timeout": 408,
        "unsupported_media_type": 415,
        "server_error": 500,
        "unsupported_transfer_coding": 501,
        "overloaded": 503,
        "deadline_exceeded": 503,
    }
    for error in TRANSPORT_ERRORS:
        body = error.body()
        assert body.endswith(b"\n") and body.count(b"\n") == 1
        assert json.loads(body) == {
            "schemaVersion": 1,
            "error": {"code": error.code, "message": error.message},
        }


@pytest.mark.parametrize(
    ("values", "echoed"),
    [
        (["abc"], True),
        (["x" * 128], True),
        ([" ~"], True),
        (["x" * 129], False),
        ([""], False),
        (["\u00e9"], False),
        (["a\x1fb"], False),
        (["a\x7f"], False),
        (["a", "a"], False),
        ([], False),
    ],
)
def test_request_id(values: list[str], echoed: bool) -> None:
    answered = request_id(values)
    if echoed:
        assert answered == values[0]
    else:
        assert re.fullmatch("[0-9a-f]{32}", answered)


@pytest.mark.parametrize(
    ("content_type", "accepted"),
    [
        ("application/json", True),
        ("APPLICATION/JSON", True),
        ("application/json ; charset = utf-8", True),
        ('application/json; charset="utf-8"', True),
        ("application/json; charset=utf-16", False),
        ("application/json; charset=utf-8; charset=utf-8", False),
        ("application/json;", False),
        ("application/jsonx", False),
        ("text/json", False),
        ("", False),
        (None, False),
    ],
)
def test_media_type(content_type: str | None, accepted: bool) -> None:
    assert accepts_media_type(content_type) is accepted


def test_settings_round_trip_through_json() -> None:
    settings = Settings(Limits(0.5, 3, 2.0, 7), ("https://a.test", "https://b.test"))
    assert Settings.from_json(settings.to_json()) == settings


@pytest.mark.parametrize("field", ["read_timeout", "max_in_flight", "queue_timeout", "retry_after"])
def test_limits_must_be_positive(field: str) -> None:
    with pytest.raises(ValueError, match=field):
        Limits(**{field: 0})


# ---- the extra stays optional -----------------------------------------------------------------

EXTRA = (
    "('starlette', 'granian', 'uvicorn', 'prometheus_client', 'anyio', 'httpx', 'h11',"
    " 'quotecalc.http.app', 'quotecalc.http.edge', 'quotecalc.http.metrics')"
)


def _child(code: str) -> subprocess.CompletedProcess[bytes]:
    """``code`` in a fresh interpreter in its own process group, killed whole if it hangs (a
    server started by mistake must not outlive the test)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen(
        [sys.executable, "-B", "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    return subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)


def test_core_never_imports_the_extra() -> None:
    """``import quotecalc``, the CLI and a calculation import nothing of the HTTP service;
    its plain-Python modules (the OpenAPI document included) import nothing of the extra."""
    code = (
        "import sys\n"
        "import quotecalc, quotecalc.cli\n"
        f"raw = open({str(EXAMPLES / '01-example-from-brief.request.json')!r}, 'rb').read()\n"
        "assert quotecalc.calculate(raw).status == 'completed'\n"
        "assert not [m for m in sys.modules if m.startswith('quotecalc.http')]\n"
        "import quotecalc.http, quotecalc.http.openapi, quotecalc.http.operations\n"
        "quotecalc.http.openapi.openapi_bytes()\n"
        f"roots = {EXTRA}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in roots or m in roots))\n"
    )
    proc = _child(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode().strip() == "[]"


@pytest.mark.parametrize("blocked", ["granian", "starlette", "prometheus_client"])
def test_missing_extra_is_one_line_and_exit_1(blocked: str) -> None:
    code = (
        "import runpy, sys\n"
        f"sys.modules[{blocked!r}] = None\n"
        "sys.argv = ['quotecalc.http']\n"
        "runpy.run_module('quotecalc.http', run_name='__main__', alter_sys=True)\n"
    )
    proc = _child(code)
    assert (proc.returncode, proc.stdout, proc.stderr.decode()) == (1, b"", INSTALL_HINT + "\n")
    assert "pip install 'quotecalc[http]'" in INSTALL_HINT


@pytest.mark.parametrize(
    "argv",
    [
        ["--port", "http"],
        ["--port", "70000"],
        ["--workers", "0"],
        ["--max-in-flight", "-1"],
        ["--read-timeout", "0"],
        ["--header-timeout", "61"],
        ["--max-header-bytes", "8191"],
        ["--body-budget", "2097152"],
        ["--max-connections", "0"],
        ["--drain-limit", "-1"],
        ["--bogus"],
        ["extra"],
    ],
)
def test_bad_argv_is_exit_2(argv: list[str]) -> None:
    code = (
        "import runpy, sys\n"
        f"sys.argv = ['quotecalc.http', *{argv!r}]\n"
        "runpy.run_module('quotecalc.http', run_name='__main__', alter_sys=True)\n"
    )
    proc = _child(code)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert proc.stderr.decode().startswith("usage: python -m quotecalc.http")


def test_version_and_help_with_every_default() -> None:
    """``--version`` prints the tool and its version; ``--help`` names every option of the
    table in docs/http.md with its default."""
    run = "import runpy, sys\nsys.argv = ['quotecalc.http', {flag!r}]\n" + (
        "runpy.run_module('quotecalc.http', run_name='__main__', alter_sys=True)\n"
    )
    version = _child(run.format(flag="--version"))
    assert (version.returncode, version.stdout, version.stderr) == (0, b"quotecalc 0.1.0\n", b"")
    shown = _child(run.format(flag="--help"))
    assert shown.returncode == 0
    text = " ".join(shown.stdout.decode().split())
    defaults = {
        "--host": "127.0.0.1",
        "--port": "8000",
        "--workers": "1",
        "--max-in-flight": "8",
        "--queue-timeout": "5.0",
        "--read-timeout": "10.0",
        "--body-budget": "16777216",
        "--drain-limit": "268435456",
        "--heavy-max-in-flight": "1",
        "--heavy-queue": "2",
        "--heavy-deadline": "30.0",
        "--heavy-retry-after": "30",
        "--max-connections": "256",
        "--header-timeout": "5.0",
        "--max-header-bytes": "16384",
    }
    for option, default in defaults.items():
        after = text.split(option + " ", 2)[-1]
        assert f"(default: {default})" in after.split(" --")[0], option
    table = (ROOT / "docs" / "http.md").read_text(encoding="utf-8")
    for option, default in defaults.items():
        assert re.search(rf"^\| `{option}[ `].*\| `{re.escape(default)}` \|", table, re.M), option


def test_every_route_is_documented_in_docs_and_both_readme_parts() -> None:
    """docs/http.md's route table and the README's HTTP sections (English and Chinese) name
    every route of the operation table, so a route added to the table without its docs fails."""
    from quotecalc.http.operations import CALCULATIONS, DOCUMENTS

    http_doc = (ROOT / "docs" / "http.md").read_text(encoding="utf-8")
    routes_table = http_doc.split("## Routes", 1)[1].split("\n## ", 1)[0]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    english, chinese = readme.split("## 中文说明", 1)
    en_part = english.split("## Running quotecalc as an HTTP service", 1)[1].split("\n## ", 1)[0]
    zh_part = chinese.split("### 作为 HTTP 服务运行", 1)[1].split("\n### ", 1)[0]
    for row in CALCULATIONS:
        for text in (routes_table, en_part, zh_part):
            assert f"POST {row.path}`" in text, row.path
    for row in DOCUMENTS:
        for text in (routes_table, en_part, zh_part):
            assert f"GET {row.path}`" in text, row.path
