"""The purchase planner's tool descriptors (issue 20): the MCP tool ``plan_purchase`` and its
``bailing.tool-definition.v1`` ToolDefinition (``POST /quotecalc/plan``), built by the same
builders as the other tools (:mod:`quotecalc.contract.descriptors`)."""

from __future__ import annotations

from typing import Final

from ..core.limits import MAX_INPUT_BYTES
from ..engine.render import EXIT_CODES, TOOL
from .descriptors import CONTEXT, FIXED_ARGV, MONEY_AS_STRINGS, mcp_descriptor, tool_definition_of
from .plan_schema import plan_request_schema, plan_schema
from .tables import TOOL_NAME, JsonObject

# The plan row's names (``quotecalc.kinds``: its CLI option and its tool), as published.
PLAN_ARGV: Final = (*FIXED_ARGV, "--plan")
PLAN_TOOL_NAME: Final = "plan_purchase"
PLAN_SUMMARY: Final = "Find the cheapest way to buy the quantity, proven, across price breaks."


def plan_usage_guidance() -> str:
    """What ``plan_purchase`` does, after its summary sentence."""
    return (
        f"Takes the request of {TOOL_NAME} plus, per quote, optional priceBreaks (all-units"
        " quantity breaks) and capacityPacks, and an optional maxSuppliers, and answers the"
        " purchase-plan document (kind purchase-plan, exactly the CLI's --plan output): for each"
        " usable quote alone, the cost at the need and at its cheapest pack count (buying more"
        " to reach a break can cost less), and the exact cheapest plan over all usable quotes"
        " (a split across at most maxSuppliers suppliers when that is cheaper: MOQ, pack sizes,"
        " capacities and per-order freight counted), with a proof (proven, lowerBound). Ties go"
        " to fewer suppliers, then less delivered, then supplier ids. Nothing unknown is"
        " dropped: a missing value, a quote that is not comparable or a constraint that cannot"
        " be evaluated gives no plan and the reasons. It never places an order, converts"
        " currencies or verifies evidence, and uses no file or network. " + MONEY_AS_STRINGS
    )


def plan_tool_description() -> str:
    """The MCP description of ``plan_purchase``: summary sentence, then the guidance."""
    return f"{PLAN_SUMMARY} {plan_usage_guidance()}"


def mcp_plan_tool() -> JsonObject:
    """The MCP plan tool: the plan request schema in, the purchase-plan schema out."""
    return mcp_descriptor(
        PLAN_TOOL_NAME,
        "Supplier quote purchase plan",
        plan_tool_description(),
        plan_request_schema(),
        plan_schema(),
    )


def plan_tool_definition() -> JsonObject:
    """The plan tool as a ToolDefinition: ``POST /quotecalc/plan``."""
    return tool_definition_of(
        name=PLAN_TOOL_NAME,
        path=f"/{TOOL}/plan",
        summary=PLAN_SUMMARY,
        guidance=plan_usage_guidance(),
        context=[
            "Use when the user asks how many to buy and from whom: price breaks, minimum"
            " orders, capacities and freight decide whether buying more or splitting pays.",
            *CONTEXT[1:],
        ],
        result=(
            f"One {TOOL} purchase-plan document (kind purchase-plan; status completed, partial,"
            " invalid_input or internal_error) as described by x-business-output-schema."
        ),
        invocation={
            "argv": list(PLAN_ARGV),
            "cwd": "the quotecalc repository root",
            "stdin": (
                f"the plan request: exactly one UTF-8 JSON object, at most {MAX_INPUT_BYTES} bytes"
            ),
            "stdout": "exactly one JSON object (the purchase-plan document) followed by a newline",
            "stderr": "empty",
            "exitCodes": dict(EXIT_CODES),
        },
        inputs=plan_request_schema(),
        outputs=plan_schema(),
        timeout_ms=30000,
    )
