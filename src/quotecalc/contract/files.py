"""Where the contract's documents are committed, and the one way they are serialised.

The path of every published file generated here, :func:`serialise` (the committed form of
every one of them) and :func:`schema_bytes` (``--print-schema``). The list of *all* published
files, which includes the HTTP door's OpenAPI document, is :func:`quotecalc.published.
published_files`, above the doors: the contract never sees a door.
"""

from __future__ import annotations

import json
from typing import Final

from ..engine.kinds import KINDS
from .analysis_schema import analysis_schema
from .batch_schema import batch_request_schema, batch_result_schema
from .convert_schema import convert_request_schema, converted_schema
from .event_schema import event_request_schema, event_schema
from .plan_schema import plan_request_schema, plan_schema
from .request_schema import request_schema
from .result_schema import result_schema
from .tables import JsonObject

REQUEST_SCHEMA_PATH: Final = "docs/schema/request.schema.json"
RESULT_SCHEMA_PATH: Final = "docs/schema/result.schema.json"
MCP_TOOL_PATH: Final = "docs/tool/mcp-tool.json"
TOOL_DEFINITION_PATH: Final = "docs/tool/tool-definition.json"
BATCH_REQUEST_SCHEMA_PATH: Final = "docs/schema/batch-request.schema.json"
BATCH_RESULT_SCHEMA_PATH: Final = "docs/schema/batch-result.schema.json"
MCP_BATCH_TOOL_PATH: Final = "docs/tool/mcp-tool-batch.json"
BATCH_TOOL_DEFINITION_PATH: Final = "docs/tool/tool-definition-batch.json"
MCP_ANALYSIS_TOOL_PATH: Final = "docs/tool/mcp-tool-analysis.json"
ANALYSIS_TOOL_DEFINITION_PATH: Final = "docs/tool/tool-definition-analysis.json"
MCP_PLAN_TOOL_PATH: Final = "docs/tool/mcp-tool-plan.json"
PLAN_TOOL_DEFINITION_PATH: Final = "docs/tool/tool-definition-plan.json"
MCP_EVENT_TOOL_PATH: Final = "docs/tool/mcp-tool-event.json"
EVENT_TOOL_DEFINITION_PATH: Final = "docs/tool/tool-definition-event.json"
MCP_CONVERT_TOOL_PATH: Final = "docs/tool/mcp-tool-convert.json"
CONVERT_TOOL_DEFINITION_PATH: Final = "docs/tool/tool-definition-convert.json"


def serialise(document: JsonObject) -> bytes:
    """The committed form of every published file: 2-space JSON, UTF-8, one final newline."""
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


_BUILDERS: Final = {
    "request": request_schema,
    "result": result_schema,
    "batch-request": batch_request_schema,
    "batch-result": batch_result_schema,
    "analysis": analysis_schema,
    "plan-request": plan_request_schema,
    "plan": plan_schema,
    "event-request": event_request_schema,
    "event": event_schema,
    "convert-request": convert_request_schema,
    "converted": converted_schema,
}
# The schema ids in the order --print-schema lists them: each kind's request and answer, in the
# kind table's order (each id once), the batch's after the comparison it batches.
_IDS: Final = (
    KINDS[0].doors.request_schema,
    KINDS[0].doors.result_schema,
    "batch-request",
    "batch-result",
    *(name for kind in KINDS[1:] for name in (kind.doors.request_schema, kind.doors.result_schema)),
)
SCHEMAS: Final = {name: _BUILDERS[name] for name in _IDS}
"""The published schemas by their ``--print-schema`` names."""


def schema_bytes(name: str) -> bytes:
    """The committed bytes of a schema by its ``--print-schema`` name (``docs/schema/``)."""
    build = SCHEMAS.get(name)
    if build is None:
        raise ValueError(f"unknown schema {name!r}: expected one of {sorted(SCHEMAS)}")
    return serialise(build())
