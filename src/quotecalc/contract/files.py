"""Where the contract's documents are committed, and the one way they are serialised.

The path of every published file generated here and :func:`serialise` (the committed form of
every one of them). The schemas by their ``--print-schema`` names (``SCHEMAS``,
``schema_bytes``) are the kind table's (``quotecalc.kinds``: each kind's row names its
builders); the list of *all* published files, which includes the HTTP door's OpenAPI
document, is :func:`quotecalc.published.published_files`, above the doors: the contract never
sees a door.
"""

from __future__ import annotations

import json
from typing import Final

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
