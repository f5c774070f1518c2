"""The MCP tool ``analyze_weights`` through the SDK's own stdio client (issue 11).

One server subprocess (``python -m quotecalc.mcp``, as in ``tests/test_mcp_server.py``) answers
``tools/list`` and a call per request: ranked, unranked (no weights, not comparable, an unknown
constraint), invalid, floats and no arguments. Each answer is compared with the CLI's
``--input-json - --analysis`` on the bytes the server analyses (the arguments written back by
``request_bytes``); ``run_cli`` validates every document against the analysis schema. The
``compare_quotes`` call on a ranked request is made too, so the analysis's winners can be
checked against the plain ranking the same server gives. Needs the optional ``mcp`` extra.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, CliRun, analysis_validator, run_cli
from quotecalc import analyze
from quotecalc.kinds import BY_NAME
from quotecalc.mcp.request import request_bytes
from test_analysis import ABCD, WEIGHTS, request
from test_mcp_server import (
    FLOATS_TEXT,
    INVALID,
    MARKER,
    _committed,
    _example,
    _session,
    _text,
    needs_sdk,
)

TOOL = "analyze_weights"
ERRORS = {"invalid_input", "internal_error"}
CALLS: dict[str, Any] = {
    "ranked_brief": json.loads(_example("01-example-from-brief")),
    "ranked_ties": json.loads(_example("09-dense-rank-ties")),
    "ranked_example": json.loads((ROOT / "examples" / "weight-analysis.request.json").read_bytes()),
    "ranked_four": json.loads(request(ABCD, WEIGHTS)),
    "no_weights": json.loads(_example("02-no-weights-completed")),
    "not_comparable": json.loads(_example("04-non-comparable-quotes")),
    "unknown_constraint": json.loads(_example("07-constraint-unknown-lead-days")),
    "invalid": INVALID,
    "floats": json.loads(FLOATS_TEXT),
    "no_arguments": None,
}
# What each call must be, written out here rather than read from the answers: the status, and
# whether the document holds an analysis (it does exactly when the plain result ranks).
EXPECTED = {
    "ranked_brief": ("completed", True),
    "ranked_ties": ("completed", True),
    "ranked_example": ("completed", True),
    "ranked_four": ("completed", True),
    "no_weights": ("completed", False),
    "not_comparable": ("partial", False),
    "unknown_constraint": ("partial", False),
    "invalid": ("invalid_input", False),
    "floats": ("completed", True),
    "no_arguments": ("invalid_input", False),
}


def _cli_analysis(arguments: Any) -> CliRun:
    return run_cli(request_bytes(arguments), "--input-json", "-", "--analysis")


@needs_sdk
def test_analysis_tool_end_to_end(tmp_path: Path) -> None:
    async def body(session: Any) -> dict[str, Any]:
        listed = await session.list_tools()
        answers = {name: await session.call_tool(TOOL, args) for name, args in CALLS.items()}
        plain = await session.call_tool("compare_quotes", CALLS["ranked_four"])
        return {"tools": listed.tools, "answers": answers, "plain": plain}

    got = _session(body, errlog=tmp_path / "stderr.txt")

    # tools/list: the third tool is the committed descriptor, with the request schema in and
    # the analysis schema out
    assert [tool.name for tool in got["tools"]] == [
        "compare_quotes",
        "compare_quotes_batch",
        TOOL,
        "plan_purchase",
        "award_event",
        "convert_quotes",
    ]
    listed = got["tools"][2]
    assert listed.model_dump(by_alias=True, exclude_none=True, mode="json") == _committed(
        "docs/tool/mcp-tool-analysis.json"
    )
    assert listed.input_schema == _committed("docs/schema/request.schema.json")
    assert listed.output_schema == _committed("docs/schema/analysis.schema.json")

    # every call: the CLI's --analysis on the same bytes, byte for byte in the text block
    answers = got["answers"]
    for name, arguments in CALLS.items():
        result, cli = answers[name], _cli_analysis(arguments)
        assert result.structured_content == cli.output, name
        assert _text(result) == cli.stdout.decode("utf-8")[:-1], name
        assert result.is_error is (cli.exit_code != 0), name
        status, has_analysis = EXPECTED[name]
        document = result.structured_content
        assert (document["kind"], document["status"]) == ("weight-analysis", status), name
        assert (document["analysis"] is not None) is has_analysis, name
        assert result.is_error is (status in ERRORS), name
        assert not list(analysis_validator().iter_errors(document)), name

    # the winners are the plain call's first rank, as the same server answers it
    ranking = got["plain"].structured_content["ranking"]
    first = [entry["supplierId"] for entry in ranking if entry["rank"] == 1]
    assert answers["ranked_four"].structured_content["analysis"]["winners"] == first

    # invalid_input: the fixed error list as reasons, nothing of the input echoed
    invalid = answers["invalid"]
    codes = {reason["code"] for reason in invalid.structured_content["reasons"]}
    assert codes >= {"unknown_key", "negative_value", "not_integer"}
    assert MARKER not in invalid.model_dump_json()

    assert (tmp_path / "stderr.txt").read_text(encoding="utf-8") == ""


# ---- in process ------------------------------------------------------------------------------


@needs_sdk
def test_in_process_analysis_call_matches_analyze() -> None:
    from quotecalc.mcp import server

    for name, arguments in CALLS.items():
        result = server.call_kind(BY_NAME["analysis"], arguments)
        expected = analyze(request_bytes(arguments))
        assert result.structured_content == expected.output, name
        assert _text(result).encode() + b"\n" == expected.to_json(), name
        assert result.is_error is (expected.exit_code != 0), name
    row = server.TOOLS[2]
    assert row.name == TOOL
    assert row.tool().model_dump(by_alias=True, exclude_none=True, mode="json") == _committed(
        "docs/tool/mcp-tool-analysis.json"
    )


@needs_sdk
def test_internal_error_is_an_error_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in the analysis (``internal_error``, exit 1) is reported with ``isError``."""
    from quotecalc.analysis.document import Analysis, document, reasons_of
    from quotecalc.engine.render import render_internal_error
    from quotecalc.mcp import server

    failed = Analysis(document("internal_error", None, reasons_of(render_internal_error())), 1)
    monkeypatch.setattr(server, "run_kind", lambda kind, raw: failed)
    result = server.call_kind(BY_NAME["analysis"], {"schemaVersion": 1})
    assert result.is_error is True
    assert result.structured_content["status"] == "internal_error"
    assert json.loads(_text(result)) == result.structured_content
    assert not list(analysis_validator().iter_errors(result.structured_content))
