"""Every published file, by repository path, with its exact bytes (issue 17).

The list sits above the doors because one of the files is the HTTP door's OpenAPI document;
the schemas and tool descriptors come from :mod:`quotecalc.contract`.
``scripts/generate_contract.py`` writes them and the golden tests compare them. Nothing in the
package imports this module: it is for the generator, the tests and hosts that mirror the files.
"""

from __future__ import annotations

from .contract.analysis_schema import ANALYSIS_SCHEMA_PATH, analysis_schema
from .contract.batch_schema import batch_request_schema, batch_result_schema
from .contract.convert_descriptors import convert_tool_definition, mcp_convert_tool
from .contract.convert_schema import (
    CONVERT_REQUEST_SCHEMA_PATH,
    CONVERTED_SCHEMA_PATH,
    convert_request_schema,
    converted_schema,
)
from .contract.descriptors import (
    analysis_tool_definition,
    batch_tool_definition,
    mcp_analysis_tool,
    mcp_batch_tool,
    mcp_tool,
    tool_definition,
)
from .contract.event_descriptors import event_tool_definition, mcp_event_tool
from .contract.event_schema import (
    EVENT_REQUEST_SCHEMA_PATH,
    EVENT_SCHEMA_PATH,
    event_request_schema,
    event_schema,
)
from .contract.files import (
    ANALYSIS_TOOL_DEFINITION_PATH,
    BATCH_REQUEST_SCHEMA_PATH,
    BATCH_RESULT_SCHEMA_PATH,
    BATCH_TOOL_DEFINITION_PATH,
    CONVERT_TOOL_DEFINITION_PATH,
    EVENT_TOOL_DEFINITION_PATH,
    MCP_ANALYSIS_TOOL_PATH,
    MCP_BATCH_TOOL_PATH,
    MCP_CONVERT_TOOL_PATH,
    MCP_EVENT_TOOL_PATH,
    MCP_PLAN_TOOL_PATH,
    MCP_TOOL_PATH,
    PLAN_TOOL_DEFINITION_PATH,
    REQUEST_SCHEMA_PATH,
    RESULT_SCHEMA_PATH,
    TOOL_DEFINITION_PATH,
    serialise,
)
from .contract.plan_descriptors import mcp_plan_tool, plan_tool_definition
from .contract.plan_schema import (
    PLAN_REQUEST_SCHEMA_PATH,
    PLAN_SCHEMA_PATH,
    plan_request_schema,
    plan_schema,
)
from .contract.request_schema import request_schema
from .contract.result_schema import result_schema
from .core.constraint_rules import listed_root_fields
from .core.fields import Presence
from .http.openapi import OPENAPI_PATH, openapi_bytes
from .intake.schema import INTAKE_ERRORS_SCHEMA_PATH, errors_schema_bytes


def published_files() -> dict[str, bytes]:
    """Every published file by repository-relative path, as its exact bytes."""
    return {
        REQUEST_SCHEMA_PATH: serialise(request_schema()),
        RESULT_SCHEMA_PATH: serialise(result_schema()),
        MCP_TOOL_PATH: serialise(mcp_tool()),
        TOOL_DEFINITION_PATH: serialise(tool_definition()),
        BATCH_REQUEST_SCHEMA_PATH: serialise(batch_request_schema()),
        BATCH_RESULT_SCHEMA_PATH: serialise(batch_result_schema()),
        MCP_BATCH_TOOL_PATH: serialise(mcp_batch_tool()),
        BATCH_TOOL_DEFINITION_PATH: serialise(batch_tool_definition()),
        ANALYSIS_SCHEMA_PATH: serialise(analysis_schema()),
        MCP_ANALYSIS_TOOL_PATH: serialise(mcp_analysis_tool()),
        ANALYSIS_TOOL_DEFINITION_PATH: serialise(analysis_tool_definition()),
        PLAN_REQUEST_SCHEMA_PATH: serialise(plan_request_schema()),
        PLAN_SCHEMA_PATH: serialise(plan_schema()),
        MCP_PLAN_TOOL_PATH: serialise(mcp_plan_tool()),
        PLAN_TOOL_DEFINITION_PATH: serialise(plan_tool_definition()),
        EVENT_REQUEST_SCHEMA_PATH: serialise(event_request_schema()),
        EVENT_SCHEMA_PATH: serialise(event_schema()),
        MCP_EVENT_TOOL_PATH: serialise(mcp_event_tool()),
        EVENT_TOOL_DEFINITION_PATH: serialise(event_tool_definition()),
        CONVERT_REQUEST_SCHEMA_PATH: serialise(convert_request_schema()),
        CONVERTED_SCHEMA_PATH: serialise(converted_schema()),
        MCP_CONVERT_TOOL_PATH: serialise(mcp_convert_tool()),
        CONVERT_TOOL_DEFINITION_PATH: serialise(convert_tool_definition()),
        OPENAPI_PATH: openapi_bytes(),
        INTAKE_ERRORS_SCHEMA_PATH: errors_schema_bytes(),
    }


# The README's table of the request's root fields (issue 39), in each language: its header,
# and the words of the "required" column by the row's presence.
README_TABLES: dict[str, tuple[str, dict[Presence, str]]] = {
    "en": (
        "| field | required | meaning |",
        {Presence.REQUIRED: "yes", Presence.CORE: "core", Presence.OPTIONAL: "no"},
    ),
    "zh": (
        "| 字段 | 必填 | 含义 |",
        {Presence.REQUIRED: "是", Presence.CORE: "核心", Presence.OPTIONAL: "否"},
    ),
}


def root_field_table(lang: str) -> str:
    """The README's table of the request's root fields in ``lang``: one line per root row, in
    the contract's order, its presence and its hint (``FieldDoors.hint``)."""
    header, presence = README_TABLES[lang]
    lines = [header, "|---|---|---|"]
    for rule in listed_root_fields():
        assert rule.doors is not None and rule.doors.hint is not None, rule.name
        lines.append(f"| `{rule.name}` | {presence[rule.presence]} | {rule.doors.hint.of(lang)} |")
    return "\n".join(lines) + "\n"


def readme_with_tables(text: str) -> str:
    """The README's text with each language's root-field table (from its header line to the
    blank line after it) written from the rows; the rest unchanged."""
    for lang, (header, _) in README_TABLES.items():
        start = text.index(header + "\n")
        end = text.index("\n\n", start) + 1
        text = text[:start] + root_field_table(lang) + text[end:]
    return text
