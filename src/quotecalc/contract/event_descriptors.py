"""The sourcing event's tool descriptors (issue 26): the MCP tool ``award_event`` and its
``bailing.tool-definition.v1`` ToolDefinition (``POST /quotecalc/event``), built by the same
builders as the other tools (:mod:`quotecalc.contract.descriptors`)."""

from __future__ import annotations

from typing import Final

from ..core.limits import MAX_EVENT_BYTES
from ..engine.render import EXIT_CODES, TOOL
from .descriptors import CONTEXT, FIXED_ARGV, MONEY_AS_STRINGS, mcp_descriptor, tool_definition_of
from .event_schema import event_request_schema, event_schema
from .tables import JsonObject

# The event row's names (``quotecalc.kinds``: its CLI option and its tool), as published.
EVENT_ARGV: Final = (*FIXED_ARGV, "--event")
EVENT_TOOL_NAME: Final = "award_event"
EVENT_SUMMARY: Final = (
    "Award a sourcing event (several items, several suppliers) at the least landed total, proven."
)


def event_usage_guidance() -> str:
    """What ``award_event`` does, after its summary sentence."""
    return (
        "Takes one event request (items with quantities; suppliers with currency, freight,"
        " otherFees, optional minimumOrderValue, spendDiscounts and leadDays, and one offer per"
        " item they quote: packSize, minimumPacks, packPrice, optional priceBreaks and"
        " capacityPacks; optional maxSuppliers and maxLeadDays) and answers the event-award"
        " document (kind event-award, exactly the CLI's --event output): which supplier gets"
        " how many packs of which item, at the least total landed cost (freight and fees once"
        " per awarded supplier, spend discounts exact, overbuy shown), with a proof (proven,"
        " lowerBound), and two baselines: one supplier for everything and each item from its"
        " cheapest supplier, with the award's saving against each. Ties go to fewer suppliers,"
        " then less delivered, then supplier ids, then the (itemId, supplierId, packs) lines."
        " Nothing unknown is dropped: a missing value or an unknown lead time gives no award"
        " and the reasons; offers that are not comparable are listed and take no part. It"
        " never places an order, converts currencies or verifies evidence, and uses no file or"
        " network. " + MONEY_AS_STRINGS
    )


def event_tool_description() -> str:
    """The MCP description of ``award_event``: summary sentence, then the guidance."""
    return f"{EVENT_SUMMARY} {event_usage_guidance()}"


def mcp_event_tool() -> JsonObject:
    """The MCP event tool: the event request schema in, the event-award schema out."""
    return mcp_descriptor(
        EVENT_TOOL_NAME,
        "Sourcing event award",
        event_tool_description(),
        event_request_schema(),
        event_schema(),
    )


def event_tool_definition() -> JsonObject:
    """The event tool as a ToolDefinition: ``POST /quotecalc/event``."""
    return tool_definition_of(
        name=EVENT_TOOL_NAME,
        path=f"/{TOOL}/event",
        summary=EVENT_SUMMARY,
        guidance=event_usage_guidance(),
        context=[
            "Use when the user sources several items from several suppliers at once (an RFQ, a"
            " bill of materials) and asks who should get what: shared freight, minimum order"
            " values, spend tiers and capacities decide the split.",
            *CONTEXT[1:],
        ],
        result=(
            f"One {TOOL} event-award document (kind event-award; status completed, partial,"
            " invalid_input or internal_error) as described by x-business-output-schema."
        ),
        invocation={
            "argv": list(EVENT_ARGV),
            "cwd": "the quotecalc repository root",
            "stdin": (
                f"the event request: exactly one UTF-8 JSON object, at most {MAX_EVENT_BYTES} bytes"
            ),
            "stdout": "exactly one JSON object (the event-award document) followed by a newline",
            "stderr": "empty",
            "exitCodes": dict(EXIT_CODES),
        },
        inputs=event_request_schema(),
        outputs=event_schema(),
        timeout_ms=60000,
    )
