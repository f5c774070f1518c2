"""What survives the MCP SDK's parse of a JSON number (``docs/mcp.md``, "Numbers"; issue 14).

The host's JSON-RPC line is written here byte for byte (``185.00`` stays ``185.00`` on the wire),
sent to the real server (the SDK parses it), and the answer compared with the CLI on two
requests: the host's literal text, and the same text with each number replaced by what the
documented rule says the server writes (the shortest decimal of the parsed float, positional).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
from decimal import Decimal
from typing import Any

import pytest

from conftest import ROOT, run_cli
from quotecalc import calculate
from quotecalc.mcp.request import request_bytes

needs_sdk = pytest.mark.skipif(
    importlib.util.find_spec("mcp") is None,
    reason="the optional mcp extra is not installed (pip install '.[mcp]')",
)

# The host's literal, and what the documented rule says arrives (hand-written).
NUMBERS = {
    "185.00": "185.0",  # trailing zeros go: the value survives, the written form does not
    "0.50": "0.5",
    "35.5": "35.5",
    "0.00001": "0.00001",  # positional, never 1e-05
    "7.0": "7.0",
    "1e1": "10.0",  # an exponent is gone before quotecalc can refuse it
    "123456789012.345": "123456789012.345",  # 15 significant digits: the value survives
    "9999999999.999999": "9999999999.999998",  # 16: the float parse moved the value
    "99999999999.999999": "100000000000.0",  # 17
    "1000000000000000.000001": "1000000000000000.0",  # 22: out_of_range on stdin, not here
    "250": "250",  # integers arrive exactly
    "-0": "0",
}


def _request(prices: list[str], freight: str = "4", lead: str = "3") -> str:
    quotes = ",".join(
        f'{{"supplierId":"S{index}","specification":"x","currency":"EUR","packSize":100,'
        f'"minimumPacks":0,"packPrice":{price},"freight":{freight},"otherFees":0,'
        f'"leadDays":{lead}}}'
        for index, price in enumerate(prices)
    )
    return (
        '{"schemaVersion":1,"quantity":250,"currency":"EUR","specification":"x",'
        f'"weights":{{"cost":1,"delivery":0,"quality":0}},"quotes":[{quotes}]}}'
    )


# (host's request text, the same request as the rule says the server writes it)
CASES = [
    (_request(["185.00", "0.50"]), _request(["185.0", "0.5"])),
    (_request(["35.5", "123456789012.345"], "0.00001", "7.0"), None),
    (_request(["9999999999.999999", "99999999999.999999"], "1e1"), None),
    (_request(["250"], "-0"), None),
]


def _as_arrived(text: str) -> str:
    """The request as the server writes it back, by the table above."""
    return re.sub(
        r"(?<=[:,\[])(-?[0-9][0-9.e+-]*)(?=[,}\]])",
        lambda match: NUMBERS.get(match.group(1), match.group(1)),
        text,
    )


def test_the_table_is_the_shortest_float_text() -> None:
    """The rule the docs state, checked on Python's own float parse (which the SDK matches, see
    the end-to-end test below)."""
    for literal, arrived in NUMBERS.items():
        parsed = json.loads(literal)
        assert request_bytes({"v": parsed}) == f'{{"v":{arrived}}}'.encode()
        if "." in literal and len(literal.replace(".", "").lstrip("0")) <= 15:
            assert Decimal(arrived) == Decimal(literal)  # at most 15 digits: same value


def test_trailing_zeros_change_the_result_digits_not_the_values() -> None:
    """``185.00`` sent as a number: the result's exact values keep the digits that arrived
    (one decimal), not the host's two; the values and the ranking are the same."""
    host, arrived = CASES[0]
    assert _as_arrived(host) == arrived
    by_text, by_number = calculate(host.encode()).output, calculate(arrived.encode()).output
    assert by_text["status"] == by_number["status"] == "completed"
    # 3 packs x 185.00 = 555.00 by hand; arrived as 185.0, 3 x 185.0 = 555.0
    assert by_text["normalizedQuotes"][0]["goodsSubtotal"] == "555.00"
    assert by_number["normalizedQuotes"][0]["goodsSubtotal"] == "555.0"
    for text_quote, number_quote in zip(
        by_text["normalizedQuotes"], by_number["normalizedQuotes"], strict=True
    ):
        for key in ("goodsSubtotal", "landedTotal", "costPerDeliveredUnit"):
            assert Decimal(text_quote[key]) == Decimal(number_quote[key])
    assert by_text["ranking"] == by_number["ranking"]


def _hello(version: str) -> list[str]:
    client = json.dumps({"name": "raw-numbers", "version": "0"})
    return [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":'
        f'"{version}","capabilities":{{}},"clientInfo":{client}}}}}',
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    ]


def _call(ident: int, request: str) -> str:
    """A tools/call line written by hand, so the number literals stay as the host wrote them."""
    return (
        f'{{"jsonrpc":"2.0","id":{ident},"method":"tools/call","params":'
        f'{{"name":"compare_quotes","arguments":{request}}}}}'
    )


@needs_sdk
def test_through_the_real_sdk_what_arrives_is_the_documented_text() -> None:
    hosts = [host for host, _ in CASES]
    proc = subprocess.Popen(
        [sys.executable, "-B", "-m", "quotecalc.mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": os.environ.get("PATH", "")},
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    watchdog = threading.Timer(120, proc.kill)
    watchdog.start()
    answers: dict[int, Any] = {}
    try:

        def send(line: str) -> None:
            assert proc.stdin is not None
            proc.stdin.write(line.encode("utf-8") + b"\n")
            proc.stdin.flush()

        def answer(ident: int) -> Any:
            assert proc.stdout is not None
            message = json.loads(proc.stdout.readline())
            assert message["id"] == ident, message
            return message["result"]

        hello, initialized = _hello("2025-06-18")
        send(hello)
        answer(1)
        send(initialized)
        for index, host in enumerate(hosts):
            send(_call(10 + index, host))
            answers[10 + index] = answer(10 + index)
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
        assert proc.stderr.read() == b""
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            stream.close()
    for index, host in enumerate(hosts):
        result = answers[10 + index]
        arrived = _as_arrived(host)
        cli = run_cli(arrived.encode())
        # exactly the CLI on the documented text...
        assert result["structuredContent"] == cli.output, host
        assert result["content"][0]["text"] == cli.stdout.decode()[:-1]
        assert result["isError"] is (cli.exit_code != 0)
    # ...which differs from the CLI on the host's literal text where the docs say it does
    first = answers[10]["structuredContent"]["normalizedQuotes"][0]
    assert first["goodsSubtotal"] == "555.0"
    assert run_cli(hosts[0].encode()).output["normalizedQuotes"][0]["goodsSubtotal"] == "555.00"
    literal_errors = {e["code"] for e in run_cli(hosts[2].encode()).output["limitations"]}
    assert "exponent_not_allowed" in literal_errors  # 1e1 on stdin
    assert answers[12]["structuredContent"]["status"] == "completed"  # 10.0 over MCP
    assert run_cli(hosts[3].encode()).exit_code == 2  # -0 on stdin: negative_value
    assert answers[13]["structuredContent"]["status"] == "completed"  # 0 over MCP
