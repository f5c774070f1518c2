"""The tool descriptors for hosts (issue #4 §3): ``docs/tool/mcp-tool.json`` and
``docs/tool/tool-definition.json``.

Each rule of the ``bailing.tool-definition.v1`` ToolDefinition the issue lists is checked on
its own, the MCP tool's fields and annotations are checked, and both descriptors must embed
exactly the committed request and result schemas. A last test plays the host: it builds the
call from the ToolDefinition (``paramIn`` body, the fixed argv) and checks the real CLI's
answer against the descriptor's output schema.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from conftest import EXAMPLES, FIXED_ARGV, ROOT
from quotecalc import schema

HTTP_METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"}
TOOL_DEFINITION_KEYS = {
    "schemaVersion",
    "name",
    "source",
    "method",
    "path",
    "description",
    "usageGuidance",
    "scope",
    "risk",
    "confirmRequired",
    "rateLimitPerMin",
    "rateLimit",
    "requiresSubject",
    "sensitive",
    "readonly",
    "idempotent",
    "timeoutMs",
    "confirmWhen",
    "confirmPrompt",
    "context",
    "outcome",
    "extensions",
    "inputSchema",
    "paramIn",
}
TOOL_DEFINITION_REQUIRED = TOOL_DEFINITION_KEYS - {"rateLimit", "confirmWhen", "outcome"}
DEFINITION_PATHS = (
    schema.TOOL_DEFINITION_PATH,
    schema.BATCH_TOOL_DEFINITION_PATH,
    schema.ANALYSIS_TOOL_DEFINITION_PATH,
)
MCP_PATHS = (schema.MCP_TOOL_PATH, schema.MCP_BATCH_TOOL_PATH, schema.MCP_ANALYSIS_TOOL_PATH)
MCP_TOOL_KEYS = {
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
    "icons",
    "_meta",
}


_SINGLE_SCHEMAS = (schema.REQUEST_SCHEMA_PATH, schema.RESULT_SCHEMA_PATH)
_BATCH_SCHEMAS = (schema.BATCH_REQUEST_SCHEMA_PATH, schema.BATCH_RESULT_SCHEMA_PATH)
_ANALYSIS_SCHEMAS = (schema.REQUEST_SCHEMA_PATH, schema.ANALYSIS_SCHEMA_PATH)
_ANALYSIS_DESCRIPTORS = (schema.ANALYSIS_TOOL_DEFINITION_PATH, schema.MCP_ANALYSIS_TOOL_PATH)


def _load(relative: str) -> Any:
    return json.loads((ROOT / relative).read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=DEFINITION_PATHS)
def definition(request: pytest.FixtureRequest) -> dict[str, Any]:
    """Each committed ToolDefinition: every rule below holds for the batch one too."""
    loaded: dict[str, Any] = _load(request.param)
    return loaded


@pytest.fixture(scope="module", params=MCP_PATHS)
def mcp(request: pytest.FixtureRequest) -> dict[str, Any]:
    """Each committed MCP tool descriptor."""
    loaded: dict[str, Any] = _load(request.param)
    return loaded


@pytest.fixture(scope="module")
def single_definition() -> dict[str, Any]:
    loaded: dict[str, Any] = _load(schema.TOOL_DEFINITION_PATH)
    return loaded


@pytest.fixture(scope="module")
def single_mcp() -> dict[str, Any]:
    loaded: dict[str, Any] = _load(schema.MCP_TOOL_PATH)
    return loaded


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _non_blank(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


# ---- both descriptors are generated from the same source -------------------------------------


def test_descriptors_are_generated(
    single_definition: dict[str, Any], single_mcp: dict[str, Any]
) -> None:
    assert single_definition == schema.tool_definition()
    assert single_mcp == schema.mcp_tool()
    assert _load(schema.BATCH_TOOL_DEFINITION_PATH) == schema.batch_tool_definition()
    assert _load(schema.MCP_BATCH_TOOL_PATH) == schema.mcp_batch_tool()
    assert _load(schema.ANALYSIS_TOOL_DEFINITION_PATH) == schema.analysis_tool_definition()
    assert _load(schema.MCP_ANALYSIS_TOOL_PATH) == schema.mcp_analysis_tool()


@pytest.mark.parametrize(
    ("definition_path", "mcp_path", "request_path", "result_path"),
    [
        (*(schema.TOOL_DEFINITION_PATH, schema.MCP_TOOL_PATH), *_SINGLE_SCHEMAS),
        (*(schema.BATCH_TOOL_DEFINITION_PATH, schema.MCP_BATCH_TOOL_PATH), *_BATCH_SCHEMAS),
        (*_ANALYSIS_DESCRIPTORS, *_ANALYSIS_SCHEMAS),
    ],
)
def test_descriptors_embed_the_committed_schemas(
    definition_path: str, mcp_path: str, request_path: str, result_path: str
) -> None:
    definition, mcp = _load(definition_path), _load(mcp_path)
    request = _load(request_path)
    result = _load(result_path)
    assert definition["inputSchema"] == request
    assert definition["extensions"]["x-business-output-schema"] == result
    assert mcp["inputSchema"] == request
    assert mcp["outputSchema"] == result


@pytest.mark.parametrize(
    ("definition_path", "mcp_path", "name"),
    [
        (schema.TOOL_DEFINITION_PATH, schema.MCP_TOOL_PATH, "compare_quotes"),
        (schema.BATCH_TOOL_DEFINITION_PATH, schema.MCP_BATCH_TOOL_PATH, "compare_quotes_batch"),
        (*_ANALYSIS_DESCRIPTORS, "analyze_weights"),
    ],
)
def test_descriptors_describe_the_same_tool(definition_path: str, mcp_path: str, name: str) -> None:
    definition, mcp = _load(definition_path), _load(mcp_path)
    assert definition["name"] == mcp["name"] == name
    # The MCP description is the ToolDefinition's summary sentence followed by its guidance.
    assert f"{definition['description']} {definition['usageGuidance']}" == mcp["description"]


def _first_sentence(text: str) -> str:
    """What a host keeps as the summary: up to the first full stop followed by a space or
    the end."""
    match = re.match(r"(.*?\.)(?: |$)", text, re.DOTALL)
    assert match, "the description has no full stop"
    return match.group(1)


@pytest.mark.parametrize("path", [*DEFINITION_PATHS, *MCP_PATHS])
def test_description_starts_with_one_sentence_of_at_most_80_characters(path: str) -> None:
    description = _load(path)["description"]
    first = _first_sentence(description)
    assert len(first) <= schema.SUMMARY_LIMIT == 80
    assert first[0].isupper()
    assert " " in first  # a sentence, not a word
    assert first.count(".") == 1  # no abbreviation or number cut short


def test_first_sentence_rule_can_fail() -> None:
    assert len(_first_sentence("Compares quotes (e.g. bolts). More.")) < 80
    assert _first_sentence("Compares quotes (e.g. bolts). More.").count(".") == 2
    assert len(_first_sentence("x " * 41 + ".")) > 80


@pytest.mark.parametrize("path", [*DEFINITION_PATHS, *MCP_PATHS])
def test_descriptors_say_money_goes_as_decimal_strings(path: str) -> None:
    document = _load(path)
    text = document.get("usageGuidance", document["description"])
    assert 'decimal strings ("185.00")' in text
    assert "binary float" in text


def test_tool_definition_description_is_only_the_summary(definition: dict[str, Any]) -> None:
    assert definition["description"] == _first_sentence(definition["description"])
    assert _non_blank(definition["usageGuidance"])


# ---- ToolDefinition: every rule, one by one --------------------------------------------------


def test_tool_definition_keys(definition: dict[str, Any]) -> None:
    assert set(definition) <= TOOL_DEFINITION_KEYS
    assert set(definition) >= TOOL_DEFINITION_REQUIRED


def test_tool_definition_schema_version(definition: dict[str, Any]) -> None:
    assert definition["schemaVersion"] == "bailing.tool-definition.v1"


def test_tool_definition_name(definition: dict[str, Any]) -> None:
    assert isinstance(definition["name"], str)
    assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,63}", definition["name"])


def test_tool_definition_source(definition: dict[str, Any]) -> None:
    assert definition["source"] == "manual"


def test_tool_definition_method(definition: dict[str, Any]) -> None:
    method = definition["method"]
    assert isinstance(method, str)
    assert method == method.upper()
    assert method in HTTP_METHODS


def test_tool_definition_path(definition: dict[str, Any]) -> None:
    path = definition["path"]
    assert isinstance(path, str)
    assert path.startswith("/")
    # No {placeholder}: nothing is declared paramIn "path".
    assert not re.search(r"\{[^{}]+\}", path)


def test_tool_definition_description(definition: dict[str, Any]) -> None:
    assert _non_blank(definition["description"])


def test_tool_definition_scope(definition: dict[str, Any]) -> None:
    assert _non_blank(definition["scope"])


def test_tool_definition_risk(definition: dict[str, Any]) -> None:
    assert definition["risk"] == "low"


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("confirmRequired", False),
        ("requiresSubject", False),
        ("sensitive", False),
        ("readonly", True),
        ("idempotent", True),
    ],
)
def test_tool_definition_booleans(definition: dict[str, Any], key: str, expected: bool) -> None:
    assert isinstance(definition[key], bool)
    assert definition[key] is expected


def test_tool_definition_rate_limit(definition: dict[str, Any]) -> None:
    assert _is_int(definition["rateLimitPerMin"])
    assert definition["rateLimitPerMin"] >= 0
    assert "rateLimit" not in definition


def test_tool_definition_timeout(definition: dict[str, Any]) -> None:
    assert _is_int(definition["timeoutMs"])
    assert 1 <= definition["timeoutMs"] <= 600000


def test_tool_definition_confirm_prompt(definition: dict[str, Any]) -> None:
    assert isinstance(definition["confirmPrompt"], str)
    assert "confirmWhen" not in definition


def test_tool_definition_context(definition: dict[str, Any]) -> None:
    context = definition["context"]
    assert isinstance(context, list)
    assert context
    assert all(_non_blank(item) for item in context)


def test_tool_definition_outcome(definition: dict[str, Any]) -> None:
    outcome = definition["outcome"]
    assert set(outcome) == {"result", "sideEffect"}
    assert _non_blank(outcome["result"])
    assert outcome["sideEffect"] == "none"


def test_tool_definition_extensions(definition: dict[str, Any]) -> None:
    extensions = definition["extensions"]
    assert isinstance(extensions, dict)
    for key in extensions:
        assert re.match(r"x-(bailing|business)-", key), key


def test_tool_definition_input_schema(definition: dict[str, Any]) -> None:
    inputs = definition["inputSchema"]
    assert isinstance(inputs, dict)
    assert inputs["type"] == "object"
    assert isinstance(inputs["properties"], dict)
    required = inputs["required"]
    assert isinstance(required, list)
    assert all(isinstance(key, str) for key in required)
    assert len(set(required)) == len(required)
    for key in required:
        assert key in inputs["properties"], key


def test_tool_definition_param_in(definition: dict[str, Any]) -> None:
    param_in = definition["paramIn"]
    assert isinstance(param_in, dict)
    assert list(param_in) == list(definition["inputSchema"]["properties"])
    assert set(param_in.values()) == {"body"}


def test_tool_definition_invocation(single_definition: dict[str, Any]) -> None:
    invocation = single_definition["extensions"]["x-business-invocation"]
    assert invocation["argv"][0] == "python"
    assert tuple(invocation["argv"][1:]) == ("-B", "scripts/calculate.py", *FIXED_ARGV)
    assert invocation["exitCodes"] == {
        "completed": 0,
        "partial": 0,
        "invalid_input": 2,
        "internal_error": 1,
    }


# ---- MCP tool --------------------------------------------------------------------------------


def test_mcp_tool_keys(mcp: dict[str, Any]) -> None:
    assert set(mcp) <= MCP_TOOL_KEYS
    assert {"name", "title", "description", "inputSchema", "outputSchema", "annotations"} <= set(
        mcp
    )


def test_mcp_tool_name_and_title(mcp: dict[str, Any]) -> None:
    assert re.fullmatch(r"[A-Za-z0-9_.-]{1,128}", mcp["name"])
    assert _non_blank(mcp["title"])


def test_batch_tool_definition_invocation() -> None:
    definition = _load(schema.BATCH_TOOL_DEFINITION_PATH)
    assert definition["path"] == "/quotecalc/calculate-batch"
    assert definition["paramIn"] == {"requests": "body"}
    invocation = definition["extensions"]["x-business-invocation"]
    assert invocation["argv"] == ["python", "-B", "scripts/calculate.py", "--input-batch", "-"]
    assert invocation["exitCodes"] == {"answered": 0, "invalid_input": 2, "internal_error": 1}
    assert "2097152 bytes" in invocation["stdin"]


def test_analysis_tool_definition_invocation() -> None:
    definition = _load(schema.ANALYSIS_TOOL_DEFINITION_PATH)
    assert definition["path"] == "/quotecalc/analyze"
    assert definition["paramIn"] == _load(schema.TOOL_DEFINITION_PATH)["paramIn"]
    invocation = definition["extensions"]["x-business-invocation"]
    assert invocation["argv"] == [
        "python",
        "-B",
        "scripts/calculate.py",
        "--input-json",
        "-",
        "--analysis",
    ]
    assert invocation["exitCodes"] == {
        "completed": 0,
        "partial": 0,
        "invalid_input": 2,
        "internal_error": 1,
    }
    assert "262144 bytes" in invocation["stdin"]


def test_mcp_tool_description_says_what_it_never_does(single_mcp: dict[str, Any]) -> None:
    description = single_mcp["description"]
    assert _non_blank(description)
    lowered = description.lower()
    assert "never places an order" in lowered
    assert "no fx" in lowered
    assert "unverified" in lowered
    assert "never reads an omitted value as 0" in lowered


def test_mcp_tool_annotations(mcp: dict[str, Any]) -> None:
    assert mcp["annotations"] == {
        "readOnlyHint": True,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": False,
    }


def test_mcp_tool_schemas_are_objects(mcp: dict[str, Any]) -> None:
    for key in ("inputSchema", "outputSchema"):
        assert mcp[key]["type"] == "object"
        Draft202012Validator.check_schema(mcp[key])


# ---- a host calling the tool from its ToolDefinition -----------------------------------------


@pytest.mark.parametrize(
    "name",
    ["01-example-from-brief", "04-non-comparable-quotes", "11-unknown-keys-everywhere-no-echo"],
)
def test_host_call_from_the_definition(single_definition: dict[str, Any], name: str) -> None:
    definition = single_definition
    arguments = json.loads((EXAMPLES / f"{name}.request.json").read_bytes())
    body = {
        key: value for key, value in arguments.items() if definition["paramIn"].get(key) == "body"
    }
    if name.startswith("11-"):
        body = arguments  # unknown keys reach the tool, which rejects them itself
    argv = [sys.executable, *definition["extensions"]["x-business-invocation"]["argv"][1:]]
    proc = subprocess.run(
        argv,
        input=json.dumps(body, ensure_ascii=False).encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        timeout=definition["timeoutMs"] / 1000 * 6,
        check=False,
    )
    assert proc.stderr == b""
    output = json.loads(proc.stdout)
    Draft202012Validator(definition["extensions"]["x-business-output-schema"]).validate(output)
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_bytes())
    assert proc.returncode == expected["exitCode"]
    assert output["status"] == expected["output"]["status"]


def test_host_call_from_the_batch_definition() -> None:
    """A host builds the batch call from the batch ToolDefinition (paramIn body, argv) and reads
    the answer against its output schema."""
    definition = _load(schema.BATCH_TOOL_DEFINITION_PATH)
    names = [
        "01-example-from-brief",
        "07-constraint-unknown-lead-days",
        "11-unknown-keys-everywhere-no-echo",
    ]
    arguments = {
        "requests": [json.loads((EXAMPLES / f"{n}.request.json").read_bytes()) for n in names]
    }
    body = {
        key: value for key, value in arguments.items() if definition["paramIn"].get(key) == "body"
    }
    argv = [sys.executable, *definition["extensions"]["x-business-invocation"]["argv"][1:]]
    proc = subprocess.run(
        argv,
        input=json.dumps(body, ensure_ascii=False).encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        timeout=definition["timeoutMs"] / 1000 * 2,
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (0, b"")
    output = json.loads(proc.stdout)
    Draft202012Validator(definition["extensions"]["x-business-output-schema"]).validate(output)
    statuses = [result["status"] for result in output["results"]]
    expected = [
        json.loads((EXAMPLES / f"{n}.expected.json").read_bytes())["output"]["status"]
        for n in names
    ]
    assert statuses == expected == ["completed", "partial", "invalid_input"]


def test_host_call_from_the_analysis_definition() -> None:
    """A host builds the analysis call from its ToolDefinition (paramIn body, argv): the
    answer validates against the output schema and is the library's document for the body."""
    from quotecalc import analyze

    definition = _load(schema.ANALYSIS_TOOL_DEFINITION_PATH)
    argv = [sys.executable, *definition["extensions"]["x-business-invocation"]["argv"][1:]]
    validator = Draft202012Validator(definition["extensions"]["x-business-output-schema"])
    seen = []
    for name in ("01-example-from-brief", "02-no-weights-completed", "12-number-forms-batch1"):
        arguments = json.loads((EXAMPLES / f"{name}.request.json").read_bytes())
        body = {k: v for k, v in arguments.items() if definition["paramIn"].get(k) == "body"}
        raw = json.dumps(body, ensure_ascii=False).encode("utf-8")
        proc = subprocess.run(
            argv, input=raw, capture_output=True, cwd=ROOT, timeout=60, check=False
        )
        expected = analyze(raw)
        assert (proc.returncode, proc.stdout, proc.stderr) == (
            expected.exit_code,
            expected.to_json(),
            b"",
        )
        output = json.loads(proc.stdout)
        validator.validate(output)
        seen.append((output["status"], output["analysis"] is None))
    assert seen == [("completed", False), ("completed", True), ("invalid_input", True)]
