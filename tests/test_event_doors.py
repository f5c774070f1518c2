"""The event award through every door (issue 26), each byte-identical to the CLI.

The CLI runs as a real subprocess (``scripts/calculate.py --input-json - --event``); its answer
to the worked example is the golden file ``tests/data/event/example.award.json``, whose figures
``test_event_request.py`` checks by hand. Then the library, the MCP tool ``award_event``
(through the SDK's stdio client), ``POST /quotecalc/event`` on a real server, and the bulk kind
``event`` must answer the CLI's bytes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, ROOT, CliRun, run_cli
from event_support import EVENT_ARGV, HAS_ENGINE, event, item, offer, supplier

if not HAS_ENGINE:
    pytest.skip("the award engine has not landed", allow_module_level=True)

import quotecalc
from quotecalc.core.limits import MAX_EVENT_BYTES

GOLDEN = DATA / "event"
REQUEST = (GOLDEN / "example.request.json").read_bytes()
MARKER = "zq-marker-26"
BODIES: dict[str, bytes] = {
    "example": REQUEST,
    # maxLeadDays with a supplier whose leadDays is unknown: no award.
    "gated": event([item("a")], [supplier("S", offer("a"))], maxLeadDays=1),
    "infeasible": event([item("a", 5)], [supplier("S", offer("a", capacityPacks=2))]),
    "invalid": json.dumps(
        {"schemaVersion": 1, "currency": MARKER, MARKER: MARKER, "items": [], "suppliers": []}
    ).encode(),
    "not_json": b"{",
}
EXPECTED_STATUS = {
    "example": ("completed", 0),
    "gated": ("partial", 0),
    "infeasible": ("partial", 0),
    "invalid": ("invalid_input", 2),
    "not_json": ("invalid_input", 2),
}


def _cli(raw: bytes, *extra: str) -> CliRun:
    return run_cli(raw, *EVENT_ARGV, *extra)  # validated against the event schema


def test_the_example_is_the_golden_award() -> None:
    cli = _cli(REQUEST)
    assert cli.exit_code == 0 and cli.stderr == b""
    assert cli.stdout == (GOLDEN / "example.award.json").read_bytes()
    shown = cli.output["award"]
    assert (shown["landedTotal"], shown["proven"], shown["lowerBound"]) == (
        "1175.00",
        True,
        "1175.00",
    )
    # The example in examples/ is the one documented and tested.
    assert (ROOT / "examples" / "event.request.json").read_bytes() == REQUEST


@pytest.mark.parametrize("name", list(BODIES))
def test_statuses_and_exit_codes(name: str) -> None:
    cli = _cli(BODIES[name])
    assert (cli.output["status"], cli.exit_code) == EXPECTED_STATUS[name]
    assert cli.output["kind"] == "event-award"
    assert MARKER.encode() not in cli.stdout


def test_trace_lists_the_four_stages_and_leaves_stdout_alone() -> None:
    cli = _cli(REQUEST, "--trace")
    assert cli.stdout == (GOLDEN / "example.award.json").read_bytes()
    lines = [json.loads(line) for line in cli.stderr.splitlines()]
    assert [(line["stage"], line["outcome"]) for line in lines] == [
        ("parse", "ran"),
        ("validate", "ran"),
        ("gate", "ran"),
        ("award", "ran"),
    ]
    assert lines[3]["summary"]["proven"] is True
    halted = _cli(b"[]", "--trace")
    stages = [json.loads(line) for line in halted.stderr.splitlines()]
    assert [line["outcome"] for line in stages] == [
        "short_circuit",
        "skipped",
        "skipped",
        "skipped",
    ]


def test_the_cli_reads_the_event_limit_and_one_more_byte() -> None:
    body = event([item("a")], [supplier("S", offer("a"))])
    at_limit = body[:-1] + b" " * (MAX_EVENT_BYTES - len(body)) + b"}"
    assert _cli(at_limit).output["status"] == "completed"
    over = at_limit + b" " * 1000
    cli = _cli(over)
    assert cli.exit_code == 2
    assert [r["code"] for r in cli.output["reasons"]] == ["input_too_large"]


@pytest.mark.parametrize(
    "argv",
    [
        [*EVENT_ARGV, "--plan"],
        [*EVENT_ARGV, "--analysis"],
        ["--input-jsonl", "-", "--event"],
        [*EVENT_ARGV, "--event"],
        [*EVENT_ARGV, "--format", "svg"],
    ],
)
def test_command_lines_the_event_does_not_take(argv: list[str]) -> None:
    cli = run_cli(REQUEST, *argv)
    assert cli.exit_code == 2
    assert [e["code"] for e in cli.output["limitations"]] == ["invalid_arguments"]


@pytest.mark.parametrize("name", ["event-request", "event"])
def test_print_schema_prints_the_committed_file(name: str) -> None:
    cli = run_cli(b"", "--print-schema", name)
    assert cli.exit_code == 0
    assert cli.stdout == (ROOT / "docs" / "schema" / f"{name}.schema.json").read_bytes()


@pytest.mark.parametrize("name", list(BODIES))
def test_the_library_answers_the_cli_bytes(name: str) -> None:
    raw = BODIES[name]
    cli = _cli(raw)
    assert quotecalc.award(raw).to_json() == cli.stdout
    if name != "not_json":
        assert quotecalc.award(raw.decode("utf-8")).to_json() == cli.stdout
    with pytest.raises(TypeError):
        quotecalc.award(json.loads(REQUEST))  # type: ignore[arg-type]


def test_the_bulk_kind_answers_the_cli_bytes(tmp_path: Path) -> None:
    from quotecalc.bulk.kinds import KINDS
    from quotecalc.bulk.task import answer_range

    lines = [body.replace(b"\n", b" ") for body in BODIES.values()]
    data = b"\n".join(lines) + b"\n"
    (tmp_path / "in.jsonl").write_bytes(data)
    done = answer_range(str(tmp_path / "in.jsonl"), 0, len(data), "event")
    expected = b"".join(_cli(line).stdout for line in lines)
    assert done.output == expected
    assert KINDS["event"](lines[0]) == (expected.split(b"\n")[0] + b"\n", "completed")


# ---- MCP ----

try:
    from test_mcp_server import _committed, _session, _text, needs_sdk
except ImportError:  # pragma: no cover - the mcp extra is missing
    needs_sdk = pytest.mark.skip(reason="the optional mcp extra is not installed")


@needs_sdk
def test_the_mcp_tool_answers_the_cli_bytes(tmp_path: Path) -> None:
    from quotecalc.mcp.request import request_bytes

    calls: dict[str, Any] = {
        name: json.loads(raw) for name, raw in BODIES.items() if name != "not_json"
    }
    calls["no_arguments"] = None

    async def body(session: Any) -> dict[str, Any]:
        listed = await session.list_tools()
        answers = {n: await session.call_tool("award_event", args) for n, args in calls.items()}
        return {"tools": listed.tools, "answers": answers}

    got = _session(body, errlog=tmp_path / "stderr.txt")
    listed = next(tool for tool in got["tools"] if tool.name == "award_event")
    assert listed.model_dump(by_alias=True, exclude_none=True, mode="json") == _committed(
        "docs/tool/mcp-tool-event.json"
    )
    for name, arguments in calls.items():
        result, cli = got["answers"][name], _cli(request_bytes(arguments))
        assert _text(result) == cli.stdout.decode("utf-8")[:-1], name
        assert result.structured_content == cli.output, name
        assert result.is_error is (cli.output["status"] in ("invalid_input", "internal_error"))
    assert got["answers"]["example"].structured_content["award"]["proven"] is True
    assert MARKER not in got["answers"]["invalid"].model_dump_json()
    assert (tmp_path / "stderr.txt").read_text(encoding="utf-8") == ""
