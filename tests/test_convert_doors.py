"""The converted comparison's doors and published contract (issue 27).

The schemas are checked against the tool in both directions (documents the tool prints
validate; what JSON Schema cannot say is accepted by the schema and refused by the tool with the
named code); ``--print-schema`` prints the committed bytes; the MCP tool ``convert_quotes``
(through the SDK's own stdio client) and ``POST /quotecalc/convert`` (in process and on a real
server on 127.0.0.1) answer exactly the CLI's ``--input-json - --convert`` bytes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from jsonschema import Draft202012Validator

import quotecalc
from conftest import DATA, ROOT, CliRun, converted_validator, run_cli
from quotecalc.core.codes import CONVERSION_ERROR_MESSAGES, CONVERSION_LIMITATION_MESSAGES
from quotecalc.kinds import BY_NAME
from quotecalc.mcp.request import request_bytes
from quotecalc.schema import SUMMARY_LIMIT, convert_tool_definition, mcp_convert_tool

RAW = (DATA / "convert" / "convert.request.json").read_bytes()
EXAMPLE: dict[str, Any] = json.loads(RAW)
RATE = EXAMPLE["exchangeRates"][0]
TOOL = "convert_quotes"
ROUTE = "/quotecalc/convert"


def _with_rate(**changes: Any) -> dict[str, Any]:
    return {**EXAMPLE, "exchangeRates": [{**RATE, **changes}]}


# Each call and what it must answer, written out here: status, and the error code if refused.
CALLS: dict[str, tuple[Any, str, str | None]] = {
    "example": (EXAMPLE, "completed", None),
    "no_rate": ({**EXAMPLE, "exchangeRates": [EXAMPLE["exchangeRates"][1]]}, "partial", None),
    "decimals": (_with_rate(rate="7.12345678901"), "invalid_input", "too_many_rate_decimals"),
    "date": (_with_rate(asOf="2026-02-30"), "invalid_input", "invalid_date"),
    "same": (_with_rate(to="USD"), "invalid_input", "same_currency_pair"),
    "pair": (
        {**EXAMPLE, "exchangeRates": [RATE, {**RATE, "rate": "7"}]},
        "invalid_input",
        "duplicate_rate_pair",
    ),
    "zero": (_with_rate(rate="0"), "invalid_input", "out_of_range"),
    "no_arguments": (None, "invalid_input", "missing_required"),
}


def _cli(arguments: Any) -> CliRun:
    return run_cli(request_bytes(arguments), "--input-json", "-", "--convert")


# ---- the schemas ----


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("convert-request", "docs/schema/convert-request.schema.json"),
        ("converted", "docs/schema/converted.schema.json"),
    ],
)
def test_print_schema_prints_the_committed_files(name: str, path: str) -> None:
    shown = run_cli(b"", "--print-schema", name)
    assert shown.exit_code == 0
    assert shown.stdout == (ROOT / path).read_bytes()


def _committed(path: str) -> Any:
    return json.loads((ROOT / path).read_bytes())


def test_the_codes_are_the_conversion_tables() -> None:
    schema = _committed("docs/schema/converted.schema.json")
    errors = schema["$defs"]["error"]["properties"]["code"]["enum"]
    limitations = schema["$defs"]["limitation"]["properties"]["code"]["enum"]
    assert set(CONVERSION_ERROR_MESSAGES) <= set(errors)
    assert set(CONVERSION_LIMITATION_MESSAGES) <= set(limitations)
    request = _committed("docs/schema/convert-request.schema.json")
    rate = request["properties"]["exchangeRates"]["items"]
    assert list(rate["properties"]) == ["from", "to", "rate", "asOf", "source"]
    assert rate["additionalProperties"] is False
    # The fixed call's schemas never learn the conversion's codes or rows.
    fixed = _committed("docs/schema/result.schema.json")["$defs"]
    assert not set(CONVERSION_ERROR_MESSAGES) & set(fixed["error"]["properties"]["code"]["enum"])
    assert "exchangeRates" not in _committed("docs/schema/request.schema.json")["properties"]


@pytest.mark.parametrize("name", list(CALLS))
def test_every_answer_validates_and_the_request_schema_agrees(name: str) -> None:
    arguments, status, code = CALLS[name]
    answer = _cli(arguments)  # run_cli validates the document against converted.schema.json
    document = answer.output
    assert (document["kind"], document["status"]) == ("converted-comparison", status)
    request = Draft202012Validator(_committed("docs/schema/convert-request.schema.json"))
    accepted = request.is_valid(arguments)
    if code is None:
        assert accepted
        assert isinstance(document["conversions"], list)
    else:
        assert document["result"]["limitations"][0]["code"] == code
        assert document["conversions"] is document["rateSensitivity"] is None
        # The schema catches the grammar; the calendar, the pairs and the open low end of a
        # rate are the tool's (docs/schema/README.md).
        tool_only = ("invalid_date", "same_currency_pair", "duplicate_rate_pair", "out_of_range")
        assert accepted is (code in tool_only)


def test_a_converted_total_with_sixteen_decimals_validates() -> None:
    # 4.123456 USD a pack (6 places) at a 10-place rate: 16 places, which the fixed result's
    # input-grammar echo could not hold; the converted schema takes the exact product.
    body = {**EXAMPLE, "exchangeRates": [{**RATE, "rate": "7.1234567891"}]}
    body["quotes"] = [*EXAMPLE["quotes"][:2], {**EXAMPLE["quotes"][2], "packPrice": "4.123456"}]
    document = _cli(body).output
    west = document["result"]["normalizedQuotes"][2]
    # 4 x 7.1234567891 = 28.4938271564 and 0.123456 x 7.1234567891 = 0.8794334813551296
    assert west["packPrice"] == "29.3732606377551296"
    assert not list(converted_validator().iter_errors(document))


def test_the_descriptors() -> None:
    tool, definition = mcp_convert_tool(), convert_tool_definition()
    summary = definition["description"]
    assert len(summary) <= SUMMARY_LIMIT and summary.endswith(".") and summary.count(".") == 1
    assert tool["description"].startswith(summary + " ")
    assert tool["name"] == definition["name"] == TOOL
    assert definition["path"] == ROUTE
    assert definition["extensions"]["x-business-invocation"]["argv"][-1] == "--convert"
    assert tool["inputSchema"] == _committed("docs/schema/convert-request.schema.json")
    assert tool["outputSchema"] == _committed("docs/schema/converted.schema.json")
    assert tool == _committed("docs/tool/mcp-tool-convert.json")
    assert definition == _committed("docs/tool/tool-definition-convert.json")


# ---- MCP through the SDK's own client ----

try:
    from test_mcp_server import _session, _text, needs_sdk
except ImportError:  # pragma: no cover - the optional mcp extra
    needs_sdk = pytest.mark.skip(reason="the optional mcp extra is not installed")


@needs_sdk
def test_convert_tool_end_to_end(tmp_path: Path) -> None:
    async def body(session: Any) -> dict[str, Any]:
        listed = await session.list_tools()
        answers = {
            name: await session.call_tool(TOOL, arguments)
            for name, (arguments, _, _) in CALLS.items()
        }
        return {"tools": listed.tools, "answers": answers}

    got = _session(body, errlog=tmp_path / "stderr.txt")
    (listed,) = [tool for tool in got["tools"] if tool.name == TOOL]
    dumped = listed.model_dump(by_alias=True, exclude_none=True, mode="json")
    assert dumped == _committed("docs/tool/mcp-tool-convert.json")
    for name, (arguments, status, _) in CALLS.items():
        result, cli = got["answers"][name], _cli(arguments)
        assert result.structured_content == cli.output, name
        assert _text(result) == cli.stdout.decode("utf-8")[:-1], name
        assert result.structured_content["status"] == status, name
        assert result.is_error is (status == "invalid_input"), name
    spans = got["answers"]["example"].structured_content["rateSensitivity"][0]["cheapest"]
    assert spans[0]["high"] == {"rate": "7.358491", "exact": "390/53"}  # 53 x r = 390
    assert (tmp_path / "stderr.txt").read_text(encoding="utf-8") == ""


@needs_sdk
def test_in_process_convert_call_matches_convert() -> None:
    from quotecalc.mcp import server

    for name, (arguments, _, _) in CALLS.items():
        result = server.call_kind(BY_NAME["convert"], arguments)
        expected = quotecalc.convert(request_bytes(arguments))
        assert result.structured_content == expected.output, name
        assert _text(result).encode() + b"\n" == expected.to_json(), name
        assert result.is_error is (expected.exit_code != 0), name


# ---- HTTP: in process, and the OpenAPI document ----


def test_the_route_in_process_is_the_cli() -> None:
    pytest.importorskip("starlette")
    import httpx

    from quotecalc.http.app import create_app

    app = create_app()
    bodies = [request_bytes(arguments) for arguments, _, _ in CALLS.values()]
    bodies.append(b" " * (262144 + 1))

    async def post_all() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            headers = {"Content-Type": "application/json"}
            return [await client.post(ROUTE, content=raw, headers=headers) for raw in bodies]

    status_of = {0: 200, 2: 422, 1: 500}
    for raw, response in zip(bodies, anyio.run(post_all), strict=True):
        cli = run_cli(raw, "--input-json", "-", "--convert")
        assert response.content == cli.stdout
        expected = 413 if len(raw) > 262144 else status_of[cli.exit_code]
        assert response.status_code == expected


def test_the_openapi_document_describes_the_route() -> None:
    document = _committed("docs/openapi.json")
    operation = document["paths"][ROUTE]["post"]
    assert operation["operationId"] == TOOL
    body = operation["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/ConvertRequest"}
    answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == {"$ref": "#/components/schemas/Converted"}
    assert "Converted_conversion" in document["components"]["schemas"]


# ---- a plan request converts too: the plan schema describes what it adds ----

PLAN = json.loads((ROOT / "examples" / "plan.request.json").read_bytes())
PLAN_RATE = {"from": "USD", "to": PLAN["currency"], "rate": "7.1", "asOf": "2026-11-30"}
FIRST = PLAN["quotes"][0]["supplierId"]


@pytest.mark.parametrize(
    ("extra", "status", "key"),
    [
        ({"exchangeRates": [{**PLAN_RATE, "source": "b"}]}, "completed", "unusedRates"),
        (
            {"exchangeRates": [{**PLAN_RATE, "rate": "7.12345678901", "source": "b"}]},
            "invalid_input",
            "too_many_rate_decimals",
        ),
        (
            {
                "asOf": "2026-12-01",
                "balances": [
                    {"supplierId": FIRST, "units": 300, "expiresAt": "2026-12-31"},
                    {"supplierId": FIRST, "units": 5, "expiresAt": "2026-01-01"},
                ],
            },
            "completed",
            "balances",
        ),
        (
            {
                "asOf": "2026-12-01",
                "balances": [{"supplierId": "NOPE", "units": 3, "expiresAt": "2026-12-31"}],
            },
            "invalid_input",
            "unknown_balance_supplier",
        ),
    ],
)
def test_a_plan_with_rates_or_balances_conforms_to_the_plan_schema(
    extra: dict[str, Any], status: str, key: str
) -> None:
    shown = run_cli(json.dumps({**PLAN, **extra}).encode(), "--input-json", "-", "--plan")
    document = shown.output  # run_cli validated it against docs/schema/plan.schema.json
    assert document["status"] == status
    if status == "invalid_input":
        assert document["reasons"][0]["code"] == key
    elif key == "balances":
        assert [b["status"] for b in document["plan"]["balances"]["balances"]] == [
            "used",
            "expired",
        ]
    else:
        # no quote of the example is in USD: the rate is reported, unused
        assert document[key] == [{**PLAN_RATE, "source": "b"}] and document["conversions"] == []


def test_a_balance_beside_a_quote_without_its_id_is_not_an_internal_error() -> None:
    # Found by schemathesis on POST /quotecalc/plan: the balance check read every quote's
    # supplierId and raised on a quote that had none (itself a missing_required error).
    quote = {key: value for key, value in PLAN["quotes"][0].items() if key != "supplierId"}
    body = {
        **PLAN,
        "quotes": [quote, *PLAN["quotes"][1:]],
        "asOf": "2026-12-01",
        "balances": [{"supplierId": "NOPE", "units": 3, "expiresAt": "2026-12-31"}],
    }
    document = quotecalc.plan(json.dumps(body).encode()).output
    assert document["status"] == "invalid_input"
    # the missing id is the error; whether NOPE was that quote's id cannot be known
    assert [(r["code"], r["path"]) for r in document["reasons"]] == [
        ("missing_required", "/quotes/0/supplierId")
    ]
