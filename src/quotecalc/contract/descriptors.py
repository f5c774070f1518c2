"""The tool descriptors: the MCP tool and the ``bailing.tool-definition.v1`` ToolDefinition.

Both embed the request and result schemas, so a host sees exactly what the validator enforces.
"""

from __future__ import annotations

from typing import Final

from ..render import EXIT_CODES, TOOL
from ..stages.parse import MAX_INPUT_BYTES
from .request_schema import request_schema
from .result_schema import result_schema
from .tables import TOOL_NAME, JsonObject, constraint_rules

FIXED_ARGV: Final = ("python", "-B", "scripts/calculate.py", "--input-json", "-")


def tool_description() -> str:
    """What the tool does and what it never does, for hosts and the models they serve."""
    constraints = ", ".join(rule.name for rule in constraint_rules())
    return (
        "Compare supplier quotes for one purchase request. A deterministic, exact calculator:"
        " it normalises each quote to pack counts and landed cost, applies the user's hard"
        f" constraints ({constraints}), refuses to rank quotes that are not comparable"
        " (specification and currency must match exactly), scores with the user's weights and"
        " runs a one-at-a-time weight sensitivity analysis. It never places an order, never"
        " converts currencies or units (no FX), never verifies or certifies quality evidence"
        " (evidence and scores stay unverified claims), never reads or writes files or uses the"
        " network, and never reads an omitted value as 0: omission gives status partial with"
        " null for what depends on it. It issues no calculationReceipt: the host authorises each"
        " call and keeps its own record. Numbers go in as JSON numbers or plain decimal strings"
        " (at most 6 decimals) and come back as decimal strings. status is completed, partial,"
        " invalid_input (fixed error codes, nothing of the input echoed) or internal_error."
    )


def mcp_tool() -> JsonObject:
    """The MCP tool definition (``tools/list`` entry): both schemas and read-only hints."""
    return {
        "name": TOOL_NAME,
        "title": "Supplier quote comparison",
        "description": tool_description(),
        "inputSchema": request_schema(),
        "outputSchema": result_schema(),
        "annotations": {
            "readOnlyHint": True,
            "destructiveHint": False,
            "idempotentHint": True,
            "openWorldHint": False,
        },
    }


def tool_definition() -> JsonObject:
    """The same tool as a ``bailing.tool-definition.v1`` ToolDefinition (manual source): the
    request is the POST body, every property ``paramIn: body``."""
    inputs = request_schema()
    return {
        "schemaVersion": "bailing.tool-definition.v1",
        "name": TOOL_NAME,
        "source": "manual",
        "method": "POST",
        "path": f"/{TOOL}/calculate",
        "description": tool_description(),
        "scope": "procurement.quote.calculate",
        "risk": "low",
        "confirmRequired": False,
        "rateLimitPerMin": 60,
        "requiresSubject": False,
        "sensitive": False,
        "readonly": True,
        "idempotent": True,
        "timeoutMs": 10000,
        "confirmPrompt": "",
        "context": [
            "Use to compare several supplier quotes for one purchase of one item: landed cost,"
            " pack counts and overbuy, hard constraints, a weighted ranking and its sensitivity.",
            "Pass only values taken from the quotes and the user's request; omit what is unknown"
            " instead of guessing 0, and give weights only when the user gave them.",
            "A result is a calculation, never an order, a supplier certification or a receipt;"
            " evidence and quality scores are not verified.",
            "Quotes in another currency or for another specification are not comparable and block"
            " the ranking; nothing is converted.",
        ],
        "outcome": {
            "result": (
                f"One {TOOL} result object (status completed, partial, invalid_input or"
                " internal_error) as described by x-business-output-schema."
            ),
            "sideEffect": "none",
        },
        "extensions": {
            "x-business-invocation": {
                "argv": list(FIXED_ARGV),
                "cwd": "the quotecalc repository root",
                "stdin": (
                    f"the request body: exactly one UTF-8 JSON object, at most {MAX_INPUT_BYTES}"
                    " bytes"
                ),
                "stdout": "exactly one JSON object (the result) followed by a newline",
                "stderr": "empty",
                "exitCodes": dict(EXIT_CODES),
            },
            "x-business-output-schema": result_schema(),
        },
        "inputSchema": inputs,
        "paramIn": dict.fromkeys(inputs["properties"], "body"),
    }
