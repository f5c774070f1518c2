"""The published contract's stable import path (issue #4): JSON Schemas and tool descriptors.

The generators live in :mod:`quotecalc.contract`, one module per concern; this module
re-exports their public names so that ``quotecalc.schema.schema_bytes()``,
``request_schema()``, ``mcp_tool()`` and the rest keep one import path for hosts, tests and
``scripts/generate_contract.py``; the schemas by their ``--print-schema`` names (``SCHEMAS``,
``schema_bytes``) are the kind table's (:mod:`quotecalc.kinds`, the layer below this one: each
kind's row names its builders). The calculation path never imports it.
"""

from __future__ import annotations

from .contract.analysis_schema import ANALYSIS_SCHEMA_PATH, analysis_schema
from .contract.batch_schema import batch_request_schema, batch_result_schema
from .contract.convert_descriptors import (
    CONVERT_ARGV,
    CONVERT_TOOL_NAME,
    convert_tool_definition,
    convert_tool_description,
    mcp_convert_tool,
)
from .contract.convert_schema import (
    CONVERT_REQUEST_SCHEMA_PATH,
    CONVERTED_SCHEMA_PATH,
    convert_request_schema,
    converted_schema,
)
from .contract.descriptors import (
    ANALYSIS_ARGV,
    ANALYSIS_TOOL_NAME,
    BATCH_ARGV,
    BATCH_TOOL_NAME,
    FIXED_ARGV,
    SUMMARY_LIMIT,
    analysis_tool_definition,
    batch_tool_definition,
    mcp_analysis_tool,
    mcp_batch_tool,
    mcp_tool,
    tool_definition,
    tool_description,
)
from .contract.event_descriptors import (
    EVENT_ARGV,
    EVENT_TOOL_NAME,
    event_tool_definition,
    event_tool_description,
    mcp_event_tool,
)
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
    MCP_ANALYSIS_TOOL_PATH,
    MCP_BATCH_TOOL_PATH,
    MCP_CONVERT_TOOL_PATH,
    MCP_PLAN_TOOL_PATH,
    MCP_TOOL_PATH,
    PLAN_TOOL_DEFINITION_PATH,
    REQUEST_SCHEMA_PATH,
    RESULT_SCHEMA_PATH,
    TOOL_DEFINITION_PATH,
    serialise,
)
from .contract.numbers import FRACTION_DIGITS, integer_echo_pattern, number_string_pattern
from .contract.plan_descriptors import (
    PLAN_ARGV,
    PLAN_TOOL_NAME,
    mcp_plan_tool,
    plan_tool_definition,
    plan_tool_description,
)
from .contract.plan_schema import (
    PLAN_REQUEST_SCHEMA_PATH,
    PLAN_SCHEMA_PATH,
    plan_request_schema,
    plan_schema,
)
from .contract.request_schema import (
    FIELD_NOTES,
    NON_BLANK_PATTERN,
    NOT_EXPRESSED,
    field_paths,
    request_schema,
)
from .contract.result_schema import (
    CONSTRAINT_STATUSES,
    DERIVED_QUOTE_VALUES,
    QUALITY_ISSUES,
    ROOT_KEYS,
    result_schema,
)
from .contract.tables import (
    DIALECT,
    GENERATED,
    TOOL_NAME,
    JsonObject,
    constraint_rules,
    root_fields,
)
from .kinds import SCHEMAS, schema_bytes

__all__ = [
    "ANALYSIS_ARGV",
    "ANALYSIS_SCHEMA_PATH",
    "ANALYSIS_TOOL_DEFINITION_PATH",
    "ANALYSIS_TOOL_NAME",
    "BATCH_ARGV",
    "BATCH_REQUEST_SCHEMA_PATH",
    "BATCH_RESULT_SCHEMA_PATH",
    "BATCH_TOOL_DEFINITION_PATH",
    "BATCH_TOOL_NAME",
    "CONSTRAINT_STATUSES",
    "CONVERTED_SCHEMA_PATH",
    "CONVERT_ARGV",
    "CONVERT_REQUEST_SCHEMA_PATH",
    "CONVERT_TOOL_DEFINITION_PATH",
    "CONVERT_TOOL_NAME",
    "DERIVED_QUOTE_VALUES",
    "DIALECT",
    "EVENT_ARGV",
    "EVENT_REQUEST_SCHEMA_PATH",
    "EVENT_SCHEMA_PATH",
    "EVENT_TOOL_NAME",
    "FIELD_NOTES",
    "FIXED_ARGV",
    "FRACTION_DIGITS",
    "GENERATED",
    "MCP_ANALYSIS_TOOL_PATH",
    "MCP_BATCH_TOOL_PATH",
    "MCP_CONVERT_TOOL_PATH",
    "MCP_PLAN_TOOL_PATH",
    "MCP_TOOL_PATH",
    "NON_BLANK_PATTERN",
    "NOT_EXPRESSED",
    "PLAN_ARGV",
    "PLAN_REQUEST_SCHEMA_PATH",
    "PLAN_SCHEMA_PATH",
    "PLAN_TOOL_DEFINITION_PATH",
    "PLAN_TOOL_NAME",
    "QUALITY_ISSUES",
    "REQUEST_SCHEMA_PATH",
    "RESULT_SCHEMA_PATH",
    "ROOT_KEYS",
    "SCHEMAS",
    "SUMMARY_LIMIT",
    "TOOL_DEFINITION_PATH",
    "TOOL_NAME",
    "JsonObject",
    "analysis_schema",
    "analysis_tool_definition",
    "batch_request_schema",
    "batch_result_schema",
    "batch_tool_definition",
    "constraint_rules",
    "convert_request_schema",
    "convert_tool_definition",
    "convert_tool_description",
    "converted_schema",
    "event_request_schema",
    "event_schema",
    "event_tool_definition",
    "event_tool_description",
    "field_paths",
    "integer_echo_pattern",
    "mcp_analysis_tool",
    "mcp_batch_tool",
    "mcp_convert_tool",
    "mcp_event_tool",
    "mcp_plan_tool",
    "mcp_tool",
    "number_string_pattern",
    "plan_request_schema",
    "plan_schema",
    "plan_tool_definition",
    "plan_tool_description",
    "request_schema",
    "result_schema",
    "root_fields",
    "schema_bytes",
    "serialise",
    "tool_definition",
    "tool_description",
]
