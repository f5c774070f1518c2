"""The converted comparison's tool descriptors (issue 27): the MCP tool ``convert_quotes`` and
its ``bailing.tool-definition.v1`` ToolDefinition (``POST /quotecalc/convert``), built by the
same builders as the other tools (:mod:`quotecalc.contract.descriptors`)."""

from __future__ import annotations

from typing import Final

from ..core.conversion_rules import MAX_RATES
from ..core.limits import MAX_INPUT_BYTES
from ..engine.render import EXIT_CODES, TOOL
from .convert_schema import convert_request_schema, converted_schema
from .descriptors import CONTEXT, FIXED_ARGV, MONEY_AS_STRINGS, mcp_descriptor, tool_definition_of
from .tables import TOOL_NAME, JsonObject

# The convert row's names (``quotecalc.kinds``: its CLI option and its tool), as published.
CONVERT_ARGV: Final = (*FIXED_ARGV, "--convert")
CONVERT_TOOL_NAME: Final = "convert_quotes"
CONVERT_SUMMARY: Final = "Compare quotes in other currencies at the exchange rates you state."


def convert_usage_guidance() -> str:
    """What ``convert_quotes`` does, after its summary sentence."""
    return (
        f"Takes the request of {TOOL_NAME} plus exchangeRates (1 to {MAX_RATES} rates the user"
        " states: from, to, rate with up to 10 decimals, asOf date, source) and answers the"
        " converted-comparison document (kind converted-comparison, exactly the CLI's --convert"
        f" output): result is what {TOOL_NAME} answers once each quote in a currency with a"
        " rate to the request's currency has its packPrice, freight and otherFees multiplied by"
        " that rate exactly; conversions keeps each converted quote's original money and the"
        " rate, asOf and source used; unusedRates lists rates no quote used; rateSensitivity"
        " gives, per rate, the exact range of that rate over which the cheapest quote stays"
        " the cheapest and who takes over beyond each end. Only the stated direction is used:"
        " no inverse, no cross rate, no rate looked up or guessed; a quote without a rate stays"
        " not comparable. Ask the user for the rate and its source rather than inventing one."
        " It never places an order or verifies evidence, and uses no file or network. "
        + MONEY_AS_STRINGS
    )


def convert_tool_description() -> str:
    """The MCP description of ``convert_quotes``: summary sentence, then the guidance."""
    return f"{CONVERT_SUMMARY} {convert_usage_guidance()}"


def mcp_convert_tool() -> JsonObject:
    """The MCP convert tool: the convert request schema in, the converted schema out."""
    return mcp_descriptor(
        CONVERT_TOOL_NAME,
        "Supplier quote comparison, converted at stated rates",
        convert_tool_description(),
        convert_request_schema(),
        converted_schema(),
    )


def convert_tool_definition() -> JsonObject:
    """The convert tool as a ToolDefinition: ``POST /quotecalc/convert``."""
    return tool_definition_of(
        name=CONVERT_TOOL_NAME,
        path=f"/{TOOL}/convert",
        summary=CONVERT_SUMMARY,
        guidance=convert_usage_guidance(),
        context=[
            "Use when quotes come in different currencies and the user states the exchange"
            " rates (with their date and source) to compare them at; never supply a rate"
            " yourself.",
            *CONTEXT[1:3],
            "A quote in another currency is compared only through a rate the request states"
            " from its currency to the request's; one for another specification stays not"
            " comparable.",
        ],
        result=(
            f"One {TOOL} converted-comparison document (kind converted-comparison; status"
            " completed, partial, invalid_input or internal_error) as described by"
            " x-business-output-schema."
        ),
        invocation={
            "argv": list(CONVERT_ARGV),
            "cwd": "the quotecalc repository root",
            "stdin": (
                "the convert request: exactly one UTF-8 JSON object, at most"
                f" {MAX_INPUT_BYTES} bytes"
            ),
            "stdout": (
                "exactly one JSON object (the converted-comparison document) followed by a newline"
            ),
            "stderr": "empty",
            "exitCodes": dict(EXIT_CODES),
        },
        inputs=convert_request_schema(),
        outputs=converted_schema(),
        timeout_ms=30000,
    )
