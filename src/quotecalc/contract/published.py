"""The published files: the one place the contract documents are serialised.

:func:`published_files` lists every committed file with its exact bytes
(``scripts/generate_contract.py`` writes them, the golden tests compare them) and
:func:`schema_bytes` serves ``--print-schema``.
"""

from __future__ import annotations

import json
from typing import Final

from .analysis_schema import ANALYSIS_SCHEMA_PATH, analysis_schema
from .batch_schema import batch_request_schema, batch_result_schema
from .descriptors import (
    analysis_tool_definition,
    batch_tool_definition,
    mcp_analysis_tool,
    mcp_batch_tool,
    mcp_tool,
    tool_definition,
)
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


def serialise(document: JsonObject) -> bytes:
    """The committed form of every published file: 2-space JSON, UTF-8, one final newline."""
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def published_files() -> dict[str, bytes]:
    """Every published file by repository-relative path, as its exact bytes."""
    # The HTTP service's OpenAPI document embeds these schemas; its generator is plain Python
    # (no Starlette), imported here on call so the contract never loads a door otherwise.
    from ..http.openapi import OPENAPI_PATH, openapi_bytes

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
        OPENAPI_PATH: openapi_bytes(),
    }


SCHEMAS: Final = {
    "request": request_schema,
    "result": result_schema,
    "batch-request": batch_request_schema,
    "batch-result": batch_result_schema,
    "analysis": analysis_schema,
}


def schema_bytes(name: str) -> bytes:
    """The committed bytes of a schema by its ``--print-schema`` name (``docs/schema/``)."""
    build = SCHEMAS.get(name)
    if build is None:
        raise ValueError(f"unknown schema {name!r}: expected one of {sorted(SCHEMAS)}")
    return serialise(build())
