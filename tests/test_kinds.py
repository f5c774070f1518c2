"""The table of request kinds (issues 34, 39, ``src/quotecalc/kinds/``).

Every row is complete and every callable in it gives the right thing (its runner, its
contract, its presenters); each door's names are unique and each door lists exactly the
table's kinds (CLI options, HTTP routes and their OpenAPI components, MCP tools, bulk kinds,
schema ids, the page's kinds); the names a row gives its contract are the ones its contract
publishes; every kind's stage list is written out here by hand (the flags of the old
``make_pipeline`` silently dropped the rate-sensitivity stage under ``convert=True,
analysis=True``); ``run_kind`` of every kind is the CLI's bytes; :func:`detect_kind` is
checked on a table of bodies; a bulk event line up to the event's 4 MiB limit is answered as
on the CLI; the fixed call never loads the table.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT, run_cli
from quotecalc import cli
from quotecalc.core.constraint_rules import CONSTRAINT_RULES
from quotecalc.core.conversion_rules import BALANCE_ROOT_FIELDS, RATE_ROOT_FIELDS
from quotecalc.core.fields import BASE_ROOT_FIELDS, FieldRule, with_rows
from quotecalc.core.limits import MAX_EVENT_BYTES, MAX_INPUT_BYTES
from quotecalc.core.plan_rules import plan_root_fields
from quotecalc.engine.pipeline import DEFAULT_PIPELINE, Pipeline, make_pipeline
from quotecalc.engine.render import Document
from quotecalc.engine.run import Runner
from quotecalc.kinds import (
    ANALYSIS,
    BY_NAME,
    COMPARISON,
    CONVERT,
    DETECTION,
    EVENT,
    KINDS,
    PLAN,
    RequestKind,
    detect_kind,
    run_kind,
)
from test_pipeline import STAGE_NAMES as STAGE_NAMES_OF_THE_COMPARISON

EXAMPLES = sorted((ROOT / "examples").glob("*.request.json"))
COMPARED = STAGE_NAMES_OF_THE_COMPARISON  # tests/test_pipeline.py's, by hand
# Each kind's pipeline, stage by stage, as the trace names them (written out by hand).
STAGE_NAMES = {
    "comparison": COMPARED,
    "analysis": [*COMPARED, "analysis"],
    "plan": [*COMPARED[:2], "convert", *COMPARED[2:], "plan"],
    "event": ["parse", "validate", "convert", "gate", "award"],
    "convert": [*COMPARED[:2], "convert", *COMPARED[2:], "rate_sensitivity"],
}
DOCUMENT_KINDS = {
    "comparison": None,
    "analysis": "weight-analysis",
    "plan": "purchase-plan",
    "event": "event-award",
    "convert": "converted-comparison",
}


def test_the_table_has_the_five_kinds_in_the_doors_order() -> None:
    assert [kind.name for kind in KINDS] == ["comparison", "analysis", "plan", "event", "convert"]
    assert (COMPARISON, ANALYSIS, PLAN, EVENT, CONVERT) == KINDS
    assert {name: kind.name for name, kind in BY_NAME.items()} == {k.name: k.name for k in KINDS}


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_row_is_complete_and_its_callables_answer(kind: RequestKind) -> None:
    assert isinstance(kind.runner(), Runner)
    assert kind.document_kind == DOCUMENT_KINDS[kind.name]
    assert kind.body_limit == (MAX_EVENT_BYTES if kind is EVENT else MAX_INPUT_BYTES)
    assert kind.cost == ("heavy" if kind.name in ("plan", "event") else "light")
    for value in kind.doors._asdict().values():
        assert value is None or (isinstance(value, str) and value)
    assert kind.route.summary.endswith(".") and "{limit}" in kind.route.description
    assert all(isinstance(rule, FieldRule) for rule in kind.fields())
    assert all(callable(present) for present in kind.formats.values())
    assert set(kind.formats) <= {"text", "svg", "html", "xlsx"}
    assert kind.help or kind.doors.cli_flag is None
    # the rendered internal_error document: the kind's own, status internal_error
    document, beside = kind.runner().internal_error()
    assert document["status"] == "internal_error"
    assert document.get("kind") == kind.document_kind
    assert (beside is not None) == (kind is ANALYSIS)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_the_names_a_row_gives_are_the_ones_its_contract_publishes(kind: RequestKind) -> None:
    """The contract writes the names it publishes (tool names, argv) itself, below the table:
    they must be the row's."""
    from quotecalc.schema import SCHEMAS

    contract = kind.contract()
    assert contract.mcp_tool()["name"] == kind.doors.mcp_tool
    definition = contract.tool_definition()
    assert definition["name"] == kind.doors.mcp_tool
    assert definition["path"] == kind.doors.http_path
    argv = definition["extensions"]["x-business-invocation"]["argv"]
    assert argv[-1] == (kind.doors.cli_flag or "-")
    assert contract.request_schema() == SCHEMAS[kind.doors.request_schema]()
    assert contract.result_schema() == SCHEMAS[kind.doors.result_schema]()
    mcp, tool = contract.tool_files
    assert mcp.startswith("docs/tool/mcp-tool") and tool.startswith("docs/tool/tool-definition")


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_kinds_stage_list(kind: RequestKind) -> None:
    """The runner decides the stages: each kind's list, by hand, and its trace the same."""
    assert [stage.name for stage in kind.pipeline().stages] == STAGE_NAMES[kind.name]
    _, trace = kind.pipeline().run_traced(b"{}")
    assert [entry.stage for entry in trace] == STAGE_NAMES[kind.name]
    parse = kind.pipeline().stages[0]
    assert getattr(parse, "max_bytes", None) == kind.body_limit


def test_the_comparison_row_builds_the_fixed_calls_pipeline() -> None:
    assert COMPARISON.pipeline() == make_pipeline() == DEFAULT_PIPELINE


def test_the_plan_and_convert_validators_read_the_core_tables() -> None:
    """Built independently from the core's own functions: the fixed request's rows with the
    rates (convert), and with the rates, balances and the plan's rows (plan)."""
    base = BASE_ROOT_FIELDS + tuple(rule.field for rule in CONSTRAINT_RULES)
    convert_validate = CONVERT.pipeline().stages[1]
    plan_validate = PLAN.pipeline().stages[1]
    assert convert_validate.root_fields == with_rows(base, *RATE_ROOT_FIELDS)
    expected = plan_root_fields(with_rows(base, *RATE_ROOT_FIELDS, *BALANCE_ROOT_FIELDS))
    assert plan_validate.root_fields == expected
    names = [rule.__name__ for rule in plan_validate.cross_field_rules]
    assert names[-3:] == ["check_rate_pairs", "check_balance_suppliers", "check_breaks_increasing"]


def test_the_plan_page_names_fields_by_the_plan_validators_rows() -> None:
    # issue 34: output/plan_view.py read a hand-built copy of these rows; it reads the runner's
    assert PLAN.runner().root_fields() == PLAN.pipeline().stages[1].root_fields
    assert CONVERT.runner().root_fields() == CONVERT.pipeline().stages[1].root_fields


# ---- the doors list exactly the table's kinds ---------------------------------------------


def _unique(values: list[Any]) -> bool:
    return all(count == 1 for count in Counter(values).values())


def test_every_doors_names_are_unique() -> None:
    doors = [kind.doors for kind in KINDS]
    flags = [door.cli_flag for door in doors if door.cli_flag is not None]
    assert flags == ["--analysis", "--plan", "--event", "--convert"]
    for column in ("http_path", "operation_id", "mcp_tool", "bulk_kind", "result_schema"):
        assert _unique([getattr(door, column) for door in doors]), column
    assert _unique([door.result_component for door in doors])
    # a request schema shared by two kinds is the same component
    pairs = {(door.request_schema, door.request_component) for door in doors}
    assert len(pairs) == len({schema for schema, _ in pairs})


def test_the_cli_lists_the_tables_kinds() -> None:
    assert {flag: kind.name for flag, kind in cli.kind_flags().items()} == {
        kind.doors.cli_flag: kind.name for kind in KINDS if kind.doors.cli_flag is not None
    }
    for kind in KINDS[1:]:
        assert f"--input-json - {kind.doors.cli_flag}" in cli.USAGE
    schema_ids = {kind.doors.request_schema for kind in KINDS}
    schema_ids |= {kind.doors.result_schema for kind in KINDS}
    assert schema_ids == set(cli.SCHEMAS) - {"batch-request", "batch-result"}


def test_the_http_routes_and_components_are_the_tables() -> None:
    from quotecalc.http.openapi import PUBLISHED_SCHEMAS
    from quotecalc.http.operations import CALCULATE_BATCH, CALCULATIONS

    routes = [row for row in CALCULATIONS if row is not CALCULATE_BATCH]
    assert [(row.path, row.operation_id) for row in routes] == [
        (kind.doors.http_path, kind.doors.operation_id) for kind in KINDS
    ]
    for row, kind in zip(routes, KINDS, strict=True):
        assert (row.body_limit, row.cost_class) == (kind.body_limit, kind.cost)
        assert (row.request_component, row.result_component) == (
            kind.doors.request_component,
            kind.doors.result_component,
        )
    components = {kind.doors.request_component for kind in KINDS}
    components |= {kind.doors.result_component for kind in KINDS}
    assert set(PUBLISHED_SCHEMAS) - {"BatchRequest", "BatchResult"} == components


def test_the_mcp_tools_are_the_tables() -> None:
    pytest.importorskip("mcp")
    from quotecalc.mcp.server import TOOLS

    names = [row.name for row in TOOLS]
    assert names == [KINDS[0].doors.mcp_tool, "compare_quotes_batch"] + [
        kind.doors.mcp_tool for kind in KINDS[1:]
    ]


def test_the_bulk_kinds_and_their_line_limits_are_the_tables() -> None:
    from quotecalc.bulk.kinds import KEPT
    from quotecalc.bulk.kinds import KINDS as BULK_KINDS

    assert list(BULK_KINDS) == [kind.doors.bulk_kind for kind in KINDS]
    assert {kind.doors.bulk_kind: kind.body_limit + 1 for kind in KINDS} == KEPT
    assert KEPT["event"] == 4 * 1024 * 1024 + 1


def test_the_schema_ids_are_the_contracts() -> None:
    from quotecalc.schema import SCHEMAS

    assert list(SCHEMAS) == list(cli.SCHEMAS)
    for kind in KINDS:
        assert kind.doors.request_schema in SCHEMAS and kind.doors.result_schema in SCHEMAS


def test_the_page_answers_the_kinds_with_a_page_label() -> None:
    pytest.importorskip("starlette")
    from quotecalc.http.page.kinds import PAGE_KINDS

    assert PAGE_KINDS == (COMPARISON, PLAN, EVENT, CONVERT)  # conversions since issue 35


# ---- run_kind: one run, one document type ---------------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name.split(".")[0])
def test_run_kind_is_the_cli_bytes(kind: RequestKind, path: Path) -> None:
    """Every kind on every example: ``run_kind`` gives exactly what the CLI prints with the
    kind's option (in process; one real process per kind below)."""
    raw = path.read_bytes()
    answer = run_kind(kind, raw)
    stdout, stderr = io.BytesIO(), io.BytesIO()
    flag = () if kind.doors.cli_flag is None else (kind.doors.cli_flag,)
    code = cli.main(["--input-json", "-", *flag], io.BytesIO(raw), stdout, stderr)
    assert isinstance(answer, Document)
    assert answer.to_json() == stdout.getvalue()
    assert (
        answer.exit_code
        == code
        == {"completed": 0, "partial": 0, "invalid_input": 2}[answer.status]
    )
    assert answer.output.get("kind") == kind.document_kind
    assert answer.trace == () and stderr.getvalue() == b""


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_run_kind_is_the_real_cli_bytes_and_trace(kind: RequestKind) -> None:
    raw = (ROOT / "examples" / "multi-supplier.request.json").read_bytes()
    if kind is EVENT:
        raw = (ROOT / "examples" / "event.request.json").read_bytes()
    elif kind in (PLAN, CONVERT):
        raw = (ROOT / "examples" / f"{kind.name}.request.json").read_bytes()
    flag = () if kind.doors.cli_flag is None else (kind.doors.cli_flag,)
    shown = run_cli(raw, "--input-json", "-", *flag, "--trace")
    answer = run_kind(kind, raw, trace=True)
    assert shown.stdout == answer.to_json()
    assert shown.exit_code == answer.exit_code
    traced = [json.loads(line)["stage"] for line in shown.stderr.splitlines()]
    assert traced == [entry.stage for entry in answer.trace] == STAGE_NAMES[kind.name]


class _Broken:
    name = "broken"

    def __call__(self, ctx: Any) -> Any:
        raise RuntimeError("a bug")

    def summary(self, ctx: Any) -> dict[str, object]:
        return {}


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_a_bug_is_the_kinds_internal_error_document(kind: RequestKind) -> None:
    broken = Pipeline((*kind.pipeline().stages[:1], _Broken()))  # type: ignore[arg-type]
    for trace in (False, True):
        answer = run_kind(kind, b'{"secret": "s3cr3t"}', trace=trace, pipeline=broken)
        assert (answer.status, answer.exit_code, answer.trace) == ("internal_error", 1, ())
        assert answer.output.get("kind") == kind.document_kind
        assert b"s3cr3t" not in answer.to_json()
        assert (answer.result is not None) == (kind is ANALYSIS)


def test_the_library_names_are_the_one_document_type() -> None:
    import quotecalc
    from quotecalc.analysis.document import Analysis
    from quotecalc.planning.conversion import ConvertedComparison
    from quotecalc.planning.document import PlanDocument
    from quotecalc.planning.event_document import EventDocument

    assert quotecalc.Result is quotecalc.Document is Document
    assert Analysis is PlanDocument is EventDocument is ConvertedComparison is Document
    raw = (ROOT / "examples" / "weight-analysis.request.json").read_bytes()
    done = quotecalc.analyze(raw)
    assert done.result == quotecalc.calculate(raw).output
    assert done.status == done.output["status"] == done.result["status"]


# ---- detect_kind ----------------------------------------------------------------------------

_QUOTE = {"supplierId": "A", "packPrice": "1"}
DETECTED = [
    (b"", KINDS, COMPARISON),
    (b"not json", KINDS, COMPARISON),
    (b"[1, 2]", KINDS, COMPARISON),
    (b'"items suppliers"', KINDS, COMPARISON),
    (json.dumps({"quotes": [_QUOTE]}).encode(), KINDS, COMPARISON),
    (json.dumps({"items": [], "suppliers": []}).encode(), KINDS, EVENT),
    (json.dumps({"items": []}).encode(), KINDS, COMPARISON),
    (json.dumps({"items": [], "suppliers": [], "maxSuppliers": 2}).encode(), KINDS, EVENT),
    (json.dumps({"quotes": [_QUOTE], "maxSuppliers": 2}).encode(), KINDS, PLAN),
    (json.dumps({"quotes": [_QUOTE], "asOf": "2026-12-01"}).encode(), KINDS, PLAN),
    (json.dumps({"quotes": [_QUOTE], "balances": []}).encode(), KINDS, PLAN),
    (json.dumps({"quotes": [{**_QUOTE, "capacityPacks": 3}]}).encode(), KINDS, PLAN),
    (json.dumps({"quotes": [{**_QUOTE, "priceBreaks": []}]}).encode(), KINDS, PLAN),
    (json.dumps({"quotes": [1, {"priceBreaks": []}]}).encode(), KINDS, PLAN),
    (json.dumps({"quotes": {"priceBreaks": []}}).encode(), KINDS, COMPARISON),
    (json.dumps({"quotes": [_QUOTE], "exchangeRates": []}).encode(), KINDS, CONVERT),
    (
        json.dumps({"quotes": [_QUOTE], "exchangeRates": [], "maxSuppliers": 1}).encode(),
        KINDS,
        PLAN,
    ),
    (b"\xef\xbb\xbf" + json.dumps({"items": [], "suppliers": []}).encode(), KINDS, EVENT),
    # the page's kinds: a converted comparison is not one of them
    (
        json.dumps({"quotes": [_QUOTE], "exchangeRates": []}).encode(),
        (COMPARISON, PLAN, EVENT),
        COMPARISON,
    ),
    (json.dumps({"quotes": [_QUOTE], "maxSuppliers": 2}).encode(), (PLAN,), PLAN),
    (json.dumps({"items": [], "suppliers": []}).encode(), (PLAN,), COMPARISON),
    (b"[" * 100_000, KINDS, COMPARISON),  # too deep for the reader: never raises
]


@pytest.mark.parametrize(("body", "among", "expected"), DETECTED)
def test_detect_kind(body: bytes, among: tuple[RequestKind, ...], expected: RequestKind) -> None:
    assert detect_kind(body, among=among) is expected


def test_detection_tries_every_marked_kind() -> None:
    assert {kind for kind in KINDS if kind.marks is not None} == set(DETECTION)


def test_the_examples_are_detected_as_their_kind() -> None:
    named = {"event": EVENT, "plan": PLAN, "convert": CONVERT}
    for path in EXAMPLES:
        expected = named.get(path.name.split(".")[0], COMPARISON)
        assert detect_kind(path.read_bytes()) is expected, path.name


# ---- the bulk door keeps each line to its kind's limit -------------------------------------


def _padded_event(size: int) -> bytes:
    """The example event with JSON whitespace after its opening brace, ``size`` bytes in all
    (on one line)."""
    event = json.dumps(json.loads((ROOT / "examples" / "event.request.json").read_bytes()))
    body = event.encode()
    return b"{" + b" " * (size - len(body)) + body[1:]


def test_a_bulk_event_line_up_to_its_limit_is_answered_as_on_the_cli(tmp_path: Path) -> None:
    pytest.importorskip("fsspec")
    from quotecalc.bulk.task import answer_range

    lines = [_padded_event(300_000), _padded_event(MAX_EVENT_BYTES), b" " * (MAX_EVENT_BYTES + 9)]
    source = tmp_path / "events.jsonl"
    source.write_bytes(b"\n".join(lines) + b"\n")
    done = answer_range(source.as_uri(), 0, source.stat().st_size, "event")
    expected = b""
    for line in lines:
        stdout = io.BytesIO()
        cli.main(["--input-json", "-", "--event"], io.BytesIO(line), stdout, io.BytesIO())
        expected += stdout.getvalue()
    assert done.output == expected
    statuses = [json.loads(line)["status"] for line in done.output.splitlines()]
    assert statuses[:2] == ["completed", "completed"] and statuses[2] == "invalid_input"
    last = json.loads(done.output.splitlines()[2])
    assert [reason["code"] for reason in last["reasons"]] == ["input_too_large"]


def test_the_fixed_call_never_loads_the_kind_table() -> None:
    code = (
        "import io, sys\n"
        "from quotecalc.cli import main\n"
        "main(['--input-json', '-'], sys.stdin.buffer, io.BytesIO(), io.BytesIO())\n"
        "print(sorted(m for m in sys.modules if m.startswith(('quotecalc.kinds',"
        " 'quotecalc.engine.run'))))\n"
    )
    raw = (ROOT / "examples" / "multi-supplier.request.json").read_bytes()
    out = subprocess.run(
        [sys.executable, "-B", "-c", code],
        input=raw,
        capture_output=True,
        check=True,
        timeout=60,
        env={"PYTHONPATH": str(ROOT / "src")},
    )
    assert out.stdout.strip() == b"[]"
