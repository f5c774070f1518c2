"""The MCP tool ``compare_quotes_batch`` through the SDK's own stdio client (issue #10).

The server runs as a subprocess (``python -m quotecalc.mcp``) exactly as in
``tests/test_mcp_server.py``; each answer is compared with the CLI's ``--input-batch -`` on the
bytes the server calculates (the arguments written back by ``request_bytes``), and item by item
with the CLI's single call on each request. Needs the optional ``mcp`` extra.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import check_batch_result_schema, run_cli
from quotecalc.mcp.request import request_bytes
from test_batch_identity import EXAMPLE_REQUESTS
from test_mcp_server import INVALID, MARKER, _committed, _session, _text, needs_sdk

BATCH = "compare_quotes_batch"


def _cli_batch(arguments: dict[str, Any]) -> Any:
    return run_cli(request_bytes(arguments), "--input-batch", "-")


def _check_against_cli(result: Any, arguments: dict[str, Any]) -> None:
    cli = _cli_batch(arguments)
    assert result.structured_content == cli.output
    assert _text(result) == cli.stdout.decode("utf-8")[:-1]
    assert result.is_error is (cli.exit_code != 0)
    check_batch_result_schema(cli.stdout)


@needs_sdk
@pytest.mark.parametrize("era", ["handshake", "modern"])
def test_batch_tool_end_to_end(era: str, tmp_path: Path) -> None:
    examples = [json.loads(raw) for raw in EXAMPLE_REQUESTS]
    calls = {
        "examples": {"requests": examples},
        "one_bad_item": {"requests": [examples[0], INVALID, None, 3]},
        "empty": {"requests": []},
        "extra_key": {"requests": [examples[0]], MARKER: MARKER},
        "no_arguments": {},
    }

    async def body(session: Any) -> dict[str, Any]:
        listed = await session.list_tools()
        answers = {name: await session.call_tool(BATCH, args) for name, args in calls.items()}
        return {"tools": listed.tools, "answers": answers}

    got = _session(body, era=era, errlog=tmp_path / "stderr.txt")
    names = [tool.name for tool in got["tools"]]
    assert names == [
        "compare_quotes",
        BATCH,
        "analyze_weights",
        "plan_purchase",
        "award_event",
        "convert_quotes",
    ]
    listed = got["tools"][1].model_dump(by_alias=True, exclude_none=True, mode="json")
    assert listed == _committed("docs/tool/mcp-tool-batch.json")

    answers = got["answers"]
    for name, arguments in calls.items():
        _check_against_cli(answers[name], arguments)

    # answered: one result per request, each the single call's on that request's bytes (one
    # CLI process per request, so in one era only: the eras differ in the handshake, not here)
    results = answers["examples"].structured_content["results"]
    assert answers["examples"].is_error is False
    assert len(results) == len(examples)
    if era == "handshake":
        for arguments, result in zip(examples, results, strict=True):
            assert result == run_cli(request_bytes(arguments)).output

    # one bad item never stops the others and is not an error of the call
    mixed = answers["one_bad_item"]
    assert mixed.is_error is False
    statuses = [result["status"] for result in mixed.structured_content["results"]]
    assert statuses == ["completed", "invalid_input", "invalid_input", "invalid_input"]
    assert MARKER not in _text(mixed)

    # a body that is not a batch: one invalid_input object, isError, nothing echoed
    for name, pointer, code in (
        ("empty", "/requests", "out_of_range"),
        ("extra_key", "", "unknown_key"),
        ("no_arguments", "/requests", "missing_required"),
    ):
        refused = answers[name]
        assert refused.is_error is True
        assert refused.structured_content["status"] == "invalid_input"
        errors = [(e["code"], e["path"]) for e in refused.structured_content["limitations"]]
        assert errors == [(code, pointer)]
        assert MARKER not in _text(refused)

    assert (tmp_path / "stderr.txt").read_text(encoding="utf-8") == ""


@needs_sdk
def test_in_process_batch_call_matches_calculate_batch() -> None:
    from quotecalc.batch import calculate_batch
    from quotecalc.mcp import server

    arguments = {"requests": [json.loads(raw) for raw in EXAMPLE_REQUESTS[:3]]}
    result = server.call_batch_result(arguments)
    answer = calculate_batch(request_bytes(arguments))
    assert result.structured_content == answer.output
    assert _text(result).encode() + b"\n" == answer.to_json()
    assert [row.name for row in server.TOOLS] == [
        "compare_quotes",
        BATCH,
        "analyze_weights",
        "plan_purchase",
        "award_event",
        "convert_quotes",
    ]
