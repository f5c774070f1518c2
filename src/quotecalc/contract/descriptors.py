"""The tool descriptors: the MCP tools and the ``bailing.tool-definition.v1`` ToolDefinitions.

Three tools, one builder each way: ``compare_quotes`` (one request; the request and result
schemas), ``compare_quotes_batch`` (1-24 requests; the batch schemas, issue #10) and
``analyze_weights`` (one request; the request and weight-analysis schemas, issue 11). Every
description starts with one complete sentence of at most :data:`SUMMARY_LIMIT` characters,
because hosts cut a summary at the first full stop or at 80 characters; the ToolDefinition
keeps the longer guidance in ``usageGuidance``, the MCP tool after that sentence in the same
``description`` (MCP has no second field a host reads).
"""

from __future__ import annotations

from typing import Final

from ..core.limits import MAX_BATCH_BYTES, MAX_BATCH_ITEMS, MAX_INPUT_BYTES
from ..engine.render import EXIT_CODES, TOOL
from .analysis_schema import analysis_schema
from .batch_schema import batch_request_schema, batch_result_schema
from .request_schema import request_schema
from .result_schema import result_schema
from .tables import TOOL_NAME, JsonObject, constraint_rules

FIXED_ARGV: Final = ("python", "-B", "scripts/calculate.py", "--input-json", "-")
BATCH_ARGV: Final = ("python", "-B", "scripts/calculate.py", "--input-batch", "-")
BATCH_TOOL_NAME: Final = f"{TOOL_NAME}_batch"
# The analysis row's names (``quotecalc.kinds``: its CLI option and its tool), as published.
ANALYSIS_ARGV: Final = (*FIXED_ARGV, "--analysis")
ANALYSIS_TOOL_NAME: Final = "analyze_weights"
SUMMARY_LIMIT: Final = 80

SUMMARY: Final = "Compare supplier quotes for one purchase request."
BATCH_SUMMARY: Final = (
    f"Compare supplier quotes for up to {MAX_BATCH_ITEMS} purchase requests in one call."
)
ANALYSIS_SUMMARY: Final = "Map which supplier ranks first for every possible weighting."
# Why decimal strings: MCP hosts and SDKs parse JSON numbers into binary floats before the
# server sees them, so only a string keeps "185.10" exactly as written (docs/mcp.md).
MONEY_AS_STRINGS: Final = (
    'Send money and other exact values as decimal strings ("185.00"): a JSON number with a'
    " fraction may reach the tool as a binary float (an MCP server always gets one)."
)
_HINTS: Final = {
    "readOnlyHint": True,
    "destructiveHint": False,
    "idempotentHint": True,
    "openWorldHint": False,
}


def usage_guidance() -> str:
    """What ``compare_quotes`` does and never does, after its summary sentence."""
    constraints = ", ".join(rule.name for rule in constraint_rules())
    return (
        "A deterministic, exact calculator:"
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
        " invalid_input (fixed error codes, nothing of the input echoed) or internal_error. "
        + MONEY_AS_STRINGS
    )


def batch_usage_guidance() -> str:
    """What ``compare_quotes_batch`` does, after its summary sentence."""
    return (
        f'Takes {{"requests": [...]}} with 1 to {MAX_BATCH_ITEMS} {TOOL_NAME} requests (at most'
        f" {MAX_BATCH_BYTES} bytes in all, each request at most {MAX_INPUT_BYTES}) and answers"
        ' {"results": [...]} in the same order, each result exactly what'
        f" {TOOL_NAME} answers for that request alone. An invalid request gets its invalid_input"
        " result in its place and never stops the others; only a body that is not such a batch"
        " is refused as a whole, with one invalid_input object. Use it for several independent"
        " purchases in one round-trip; the quotes of one purchase belong in one request. Like"
        f" {TOOL_NAME} it never places an order, converts currencies or verifies evidence, and"
        " uses no file or network. " + MONEY_AS_STRINGS
    )


def analysis_usage_guidance() -> str:
    """What ``analyze_weights`` does, after its summary sentence."""
    return (
        f"Takes the same request as {TOOL_NAME} and answers the weight-analysis document"
        " (kind weight-analysis, exactly the CLI's --analysis output) instead of the result:"
        " over the shares of the weight dimensions whose component every candidate has, each"
        " supplier's exact first-place region (vertices, area share, canWin), which suppliers"
        " dominate which, the smallest share of weight that must move from the user's weights"
        " before another supplier ranks first (the switching distance and that point) and the"
        ' exact stability interval of each weight. Exact values are strings ("p/q" or'
        ' "n"). When the request has no ranking (no weights, quotes not comparable, a value'
        " missing) analysis is null and reasons say why; status and its meaning are those of"
        f" {TOOL_NAME}. Like {TOOL_NAME} it never places an order, converts currencies or"
        " verifies evidence, and uses no file or network. " + MONEY_AS_STRINGS
    )


def tool_description() -> str:
    """The MCP description of ``compare_quotes``: summary sentence, then the guidance."""
    return f"{SUMMARY} {usage_guidance()}"


def batch_tool_description() -> str:
    """The MCP description of ``compare_quotes_batch``: summary sentence, then the guidance."""
    return f"{BATCH_SUMMARY} {batch_usage_guidance()}"


def analysis_tool_description() -> str:
    """The MCP description of ``analyze_weights``: summary sentence, then the guidance."""
    return f"{ANALYSIS_SUMMARY} {analysis_usage_guidance()}"


def mcp_descriptor(
    name: str, title: str, description: str, inputs: JsonObject, outputs: JsonObject
) -> JsonObject:
    return {
        "name": name,
        "title": title,
        "description": description,
        "inputSchema": inputs,
        "outputSchema": outputs,
        "annotations": dict(_HINTS),
    }


def mcp_tool() -> JsonObject:
    """The MCP tool definition (``tools/list`` entry): both schemas and read-only hints."""
    title = "Supplier quote comparison"
    return mcp_descriptor(TOOL_NAME, title, tool_description(), request_schema(), result_schema())


def mcp_batch_tool() -> JsonObject:
    """The MCP batch tool: the batch schemas and the same read-only hints."""
    return mcp_descriptor(
        BATCH_TOOL_NAME,
        "Supplier quote comparison, batch",
        batch_tool_description(),
        batch_request_schema(),
        batch_result_schema(),
    )


def mcp_analysis_tool() -> JsonObject:
    """The MCP analysis tool: the request schema in, the weight-analysis schema out."""
    return mcp_descriptor(
        ANALYSIS_TOOL_NAME,
        "Supplier quote comparison, weight analysis",
        analysis_tool_description(),
        request_schema(),
        analysis_schema(),
    )


def tool_definition_of(
    *,
    name: str,
    path: str,
    summary: str,
    guidance: str,
    context: list[str],
    result: str,
    invocation: JsonObject,
    inputs: JsonObject,
    outputs: JsonObject,
    timeout_ms: int,
) -> JsonObject:
    return {
        "schemaVersion": "bailing.tool-definition.v1",
        "name": name,
        "source": "manual",
        "method": "POST",
        "path": path,
        "description": summary,
        "usageGuidance": guidance,
        "scope": "procurement.quote.calculate",
        "risk": "low",
        "confirmRequired": False,
        "rateLimitPerMin": 60,
        "requiresSubject": False,
        "sensitive": False,
        "readonly": True,
        "idempotent": True,
        "timeoutMs": timeout_ms,
        "confirmPrompt": "",
        "context": context,
        "outcome": {"result": result, "sideEffect": "none"},
        "extensions": {
            "x-business-invocation": invocation,
            "x-business-output-schema": outputs,
        },
        "inputSchema": inputs,
        "paramIn": dict.fromkeys(inputs["properties"], "body"),
    }


CONTEXT: Final = [
    "Use to compare several supplier quotes for one purchase of one item: landed cost,"
    " pack counts and overbuy, hard constraints, a weighted ranking and its sensitivity.",
    "Pass only values taken from the quotes and the user's request; omit what is unknown"
    " instead of guessing 0, and give weights only when the user gave them.",
    "A result is a calculation, never an order, a supplier certification or a receipt;"
    " evidence and quality scores are not verified.",
    "Quotes in another currency or for another specification are not comparable and block"
    " the ranking; nothing is converted.",
]


def tool_definition() -> JsonObject:
    """The same tool as a ``bailing.tool-definition.v1`` ToolDefinition (manual source): the
    request is the POST body, every property ``paramIn: body``."""
    return tool_definition_of(
        name=TOOL_NAME,
        path=f"/{TOOL}/calculate",
        summary=SUMMARY,
        guidance=usage_guidance(),
        context=list(CONTEXT),
        result=(
            f"One {TOOL} result object (status completed, partial, invalid_input or"
            " internal_error) as described by x-business-output-schema."
        ),
        invocation={
            "argv": list(FIXED_ARGV),
            "cwd": "the quotecalc repository root",
            "stdin": (
                f"the request body: exactly one UTF-8 JSON object, at most {MAX_INPUT_BYTES} bytes"
            ),
            "stdout": "exactly one JSON object (the result) followed by a newline",
            "stderr": "empty",
            "exitCodes": dict(EXIT_CODES),
        },
        inputs=request_schema(),
        outputs=result_schema(),
        timeout_ms=10000,
    )


def batch_tool_definition() -> JsonObject:
    """The batch tool as a ToolDefinition: ``POST /quotecalc/calculate-batch``."""
    return tool_definition_of(
        name=BATCH_TOOL_NAME,
        path=f"/{TOOL}/calculate-batch",
        summary=BATCH_SUMMARY,
        guidance=batch_usage_guidance(),
        context=[
            f"Use when several independent purchases need comparing in one call (at most"
            f" {MAX_BATCH_ITEMS}); each request is one purchase with all of its quotes.",
            *CONTEXT[1:],
            "Read each result on its own: one invalid request does not invalidate the others.",
        ],
        result=(
            f'One {TOOL} batch answer ({{"results": [...]}} in request order, or one'
            " invalid_input object for a body that is not a batch) as described by"
            " x-business-output-schema."
        ),
        invocation={
            "argv": list(BATCH_ARGV),
            "cwd": "the quotecalc repository root",
            "stdin": (
                'the batch body: exactly one UTF-8 JSON object {"requests": [...]}, at most'
                f" {MAX_BATCH_BYTES} bytes"
            ),
            "stdout": "exactly one JSON object (the batch answer) followed by a newline",
            "stderr": "empty",
            "exitCodes": {"answered": 0, "invalid_input": 2, "internal_error": 1},
        },
        inputs=batch_request_schema(),
        outputs=batch_result_schema(),
        timeout_ms=60000,
    )


def analysis_tool_definition() -> JsonObject:
    """The analysis tool as a ToolDefinition: ``POST /quotecalc/analyze``."""
    return tool_definition_of(
        name=ANALYSIS_TOOL_NAME,
        path=f"/{TOOL}/analyze",
        summary=ANALYSIS_SUMMARY,
        guidance=analysis_usage_guidance(),
        context=[
            "Use when the user asks how the choice depends on their priorities: which supplier"
            " wins for which weights, who can never win, who is dominated, how far the weights"
            " are from a different winner.",
            *CONTEXT[1:],
        ],
        result=(
            f"One {TOOL} weight-analysis document (kind weight-analysis; status completed,"
            " partial, invalid_input or internal_error) as described by"
            " x-business-output-schema."
        ),
        invocation={
            "argv": list(ANALYSIS_ARGV),
            "cwd": "the quotecalc repository root",
            "stdin": (
                f"the request body: exactly one UTF-8 JSON object, at most {MAX_INPUT_BYTES} bytes"
            ),
            "stdout": (
                "exactly one JSON object (the weight-analysis document) followed by a newline"
            ),
            "stderr": "empty",
            "exitCodes": dict(EXIT_CODES),
        },
        inputs=request_schema(),
        outputs=analysis_schema(),
        timeout_ms=10000,
    )
