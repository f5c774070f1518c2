"""The MCP tool ``plan_purchase`` through the SDK's own stdio client (issue 20).

One server subprocess answers ``tools/list`` and a call per request; each answer is compared
with the CLI's ``--input-json - --plan`` on the bytes the server plans (the arguments written
back by ``request_bytes``), and ``run_cli`` validates every document against the plan schema.
Needs the optional ``mcp`` extra.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import ROOT, CliRun, run_cli
from quotecalc import plan
from quotecalc.kinds import BY_NAME
from quotecalc.mcp.request import request_bytes
from test_mcp_server import INVALID, MARKER, _committed, _session, _text, needs_sdk

TOOL = "plan_purchase"
EXAMPLE = json.loads((ROOT / "examples" / "plan.request.json").read_bytes())
CALLS: dict[str, Any] = {
    "example": EXAMPLE,
    "single": {**EXAMPLE, "maxSuppliers": 1},
    "gated": {k: v for k, v in EXAMPLE.items() if k != "quantity"},
    "invalid": INVALID,
    "no_arguments": None,
}
# Written out here, not read from the answers: status and whether there is a best plan.
EXPECTED = {
    "example": ("completed", True),
    "single": ("completed", True),
    "gated": ("partial", False),
    "invalid": ("invalid_input", False),
    "no_arguments": ("invalid_input", False),
}


def _cli_plan(arguments: Any) -> CliRun:
    return run_cli(request_bytes(arguments), "--input-json", "-", "--plan")


@needs_sdk
def test_plan_tool_end_to_end(tmp_path: Path) -> None:
    async def body(session: Any) -> dict[str, Any]:
        listed = await session.list_tools()
        answers = {name: await session.call_tool(TOOL, args) for name, args in CALLS.items()}
        return {"tools": listed.tools, "answers": answers}

    got = _session(body, errlog=tmp_path / "stderr.txt")
    listed = got["tools"][3]
    assert listed.name == TOOL
    assert listed.model_dump(by_alias=True, exclude_none=True, mode="json") == _committed(
        "docs/tool/mcp-tool-plan.json"
    )
    assert listed.input_schema == _committed("docs/schema/plan-request.schema.json")
    assert listed.output_schema == _committed("docs/schema/plan.schema.json")
    for name, arguments in CALLS.items():
        result, cli = got["answers"][name], _cli_plan(arguments)
        assert result.structured_content == cli.output, name
        assert _text(result) == cli.stdout.decode("utf-8")[:-1], name
        status, has_best = EXPECTED[name]
        document = result.structured_content
        assert (document["kind"], document["status"]) == ("purchase-plan", status), name
        shown = document["plan"] is not None and document["plan"]["best"] is not None
        assert shown is has_best, name
        assert result.is_error is (status == "invalid_input"), name
    assert MARKER not in got["answers"]["invalid"].model_dump_json()
    best = got["answers"]["example"].structured_content["plan"]["best"]
    assert (best["landedTotal"], best["proven"]) == ("475.00", True)
    assert (tmp_path / "stderr.txt").read_text(encoding="utf-8") == ""


@needs_sdk
def test_in_process_plan_call_matches_plan() -> None:
    from quotecalc.mcp import server

    for name, arguments in CALLS.items():
        result = server.call_kind(BY_NAME["plan"], arguments)
        expected = plan(request_bytes(arguments))
        assert result.structured_content == expected.output, name
        assert _text(result).encode() + b"\n" == expected.to_json(), name
        assert result.is_error is (expected.exit_code != 0), name
