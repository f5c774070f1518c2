"""Tests written to kill surviving mutants of the doors and the published contract (issue 14).

``docs/testing.md`` ("Mutation testing") lists every mutant of ``quotecalc.contract``,
``quotecalc.mcp`` and ``quotecalc.batch`` that survived the suite and what each test below
pins down. Everything here runs in process (mutmut switches mutants on inside its own worker,
so a child interpreter would never see one): the MCP server is driven through the SDK's own
in-memory client and through its real stdio transport over in-process streams, and
``python -m quotecalc.mcp``'s ``main()`` is called directly.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import select
import sys
import threading
import time
from typing import Any

import pytest

from conftest import EXAMPLES, ROOT
from quotecalc import calculate
from quotecalc.batch import calculate_batch
from quotecalc.mcp import INSTALL_HINT
from quotecalc.mcp.request import request_bytes

HAS_SDK = importlib.util.find_spec("mcp") is not None
needs_sdk = pytest.mark.skipif(
    not HAS_SDK, reason="the optional mcp extra is not installed (pip install '.[mcp]')"
)

COMPLETED = "01-example-from-brief"
MARKER = "zq-marker-77a0"


def _example(name: str) -> Any:
    return json.loads((EXAMPLES / f"{name}.request.json").read_bytes())


def _committed(path: str) -> Any:
    return json.loads((ROOT / path).read_bytes())


# ---- the MCP server in process: the SDK's in-memory client against build_server() ---------------


@needs_sdk
@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_in_memory_client_sees_the_published_tools_and_the_calculators_answers(mode: str) -> None:
    """Both protocol eras: the server identifies itself as quotecalc with the tool's title and
    the package version, lists exactly the two committed descriptors in order, answers each
    tool with the core's own result (``isError`` for a refused request only), and refuses an
    unknown tool with -32602 without echoing its name."""
    import anyio
    from mcp import Client
    from mcp.shared.exceptions import MCPError

    from quotecalc import __version__
    from quotecalc.mcp import server

    single = _example(COMPLETED)
    batch = {"requests": [single, {"schemaVersion": 1}]}

    async def main() -> dict[str, Any]:
        async with Client(server.build_server(), mode=mode) as client:
            info = client.server_info
            listed = await client.list_tools()
            answers = {
                "single": await client.call_tool("compare_quotes", single),
                "invalid": await client.call_tool("compare_quotes", {"schemaVersion": 1}),
                "batch": await client.call_tool("compare_quotes_batch", batch),
                "refused": await client.call_tool("compare_quotes_batch", {"requests": []}),
            }
            with pytest.raises(MCPError) as unknown:
                await client.call_tool(MARKER, {})
            return {"info": info, "tools": listed.tools, "answers": answers, "unknown": unknown}

    got = anyio.run(main)
    assert got["info"] is not None
    assert (got["info"].name, got["info"].title, got["info"].version) == (
        "quotecalc",
        "Supplier quote comparison",
        __version__,
    )
    dumped = [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in got["tools"]]
    assert dumped == [
        _committed("docs/tool/mcp-tool.json"),
        _committed("docs/tool/mcp-tool-batch.json"),
        _committed("docs/tool/mcp-tool-analysis.json"),
        _committed("docs/tool/mcp-tool-plan.json"),
        _committed("docs/tool/mcp-tool-event.json"),
        _committed("docs/tool/mcp-tool-convert.json"),
    ]
    answers = got["answers"]
    raw = json.dumps(single).encode()
    assert answers["single"].structured_content == calculate(raw).output
    assert answers["single"].is_error is False
    assert answers["invalid"].structured_content["status"] == "invalid_input"
    assert answers["invalid"].is_error is True
    assert answers["batch"].structured_content == calculate_batch(request_bytes(batch)).output
    assert answers["batch"].is_error is False
    assert answers["refused"].structured_content["status"] == "invalid_input"
    assert answers["refused"].is_error is True
    error = got["unknown"].value
    assert (error.code, error.message) == (-32602, "Unknown tool")
    assert MARKER not in str(error)


@needs_sdk
def test_the_server_runs_without_telemetry_middleware() -> None:
    """The SDK's low-level server installs OpenTelemetry middleware by default; quotecalc's
    has none, so it records no spans an exporter could ship (docs/mcp.md)."""
    from mcp.server.lowlevel import Server

    from quotecalc.mcp import server

    assert Server("probe").middleware != []  # the default this test is about
    assert server.build_server().middleware == []


@needs_sdk
def test_tool_and_list_result_are_fresh_copies_of_the_descriptors() -> None:
    from quotecalc.mcp import server

    first, second = server.tool(), server.tool()
    assert first is not second
    assert first.model_dump(by_alias=True, exclude_none=True, mode="json") == _committed(
        "docs/tool/mcp-tool.json"
    )
    # A copy deep enough that changing a listed tool's schema (as a host or the SDK might)
    # cannot change what the next tools/list answers.
    first.input_schema["properties"]["quotes"]["maxItems"] = 0
    assert first.output_schema is not None
    first.output_schema["properties"].clear()
    for row in server.TOOLS:
        row.tool().input_schema["properties"].clear()
    assert server.tool().model_dump(by_alias=True, exclude_none=True, mode="json") == _committed(
        "docs/tool/mcp-tool.json"
    )
    dumped = [
        t.model_dump(by_alias=True, exclude_none=True, mode="json")
        for t in server.list_result().tools
    ]
    assert dumped[1] == _committed("docs/tool/mcp-tool-batch.json")
    assert dumped[2] == _committed("docs/tool/mcp-tool-analysis.json")
    assert dumped[3] == _committed("docs/tool/mcp-tool-plan.json")
    assert dumped[4] == _committed("docs/tool/mcp-tool-event.json")
    assert dumped[5] == _committed("docs/tool/mcp-tool-convert.json")
    names = [t.name for t in server.list_result().tools]
    assert names == [
        "compare_quotes",
        "compare_quotes_batch",
        "analyze_weights",
        "plan_purchase",
        "award_event",
        "convert_quotes",
    ]
    assert [row.name for row in server.TOOLS] == names
    assert server.TOOL_NAME == "compare_quotes"


# ---- python -m quotecalc.mcp: main() in process over the real stdio transport -----------------


class _Wire:
    """An in-process pipe pair standing in for the host: the server reads lines from one pipe
    and writes to the other; a feeder thread sends the messages and closes stdin only once
    ``replies`` answers have come back, so no request is cut off by end of input."""

    def __init__(self, messages: list[dict[str, Any]], replies: int) -> None:
        self.messages, self.replies = messages, replies
        in_read, self._in_write = os.pipe()
        self._out_read, out_write = os.pipe()
        self.stdin = io.TextIOWrapper(os.fdopen(in_read, "rb"), encoding="utf-8")
        self.stdout = io.TextIOWrapper(os.fdopen(out_write, "wb"), encoding="utf-8")
        self.lines: list[str] = []
        self._thread = threading.Thread(target=self._feed, daemon=True)

    def _feed(self) -> None:
        with (
            os.fdopen(self._in_write, "wb") as host_out,
            os.fdopen(self._out_read, "rb", buffering=0) as back,
        ):
            for message in self.messages:
                host_out.write(json.dumps(message).encode() + b"\n")
                host_out.flush()
            deadline = time.monotonic() + 60  # a hung server fails the test, never hangs it
            while len(self.lines) < self.replies and time.monotonic() < deadline:
                ready, _, _ = select.select([back], [], [], 1)
                line = back.readline() if ready else b""
                if ready and not line:
                    break
                if line:
                    self.lines.append(line.decode("utf-8"))
        # leaving the with block closes the server's stdin: end of input, the server stops

    def __enter__(self) -> _Wire:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stdout.close()
        self.stdin.close()
        self._thread.join(timeout=30)


HANDSHAKE: list[dict[str, Any]] = [
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
]


@needs_sdk
def test_main_serves_mcp_over_stdio_and_returns_0(monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m quotecalc.mcp`` with no arguments: ``main()`` serves over this process's
    stdin/stdout (``run`` -> ``serve`` -> the SDK's stdio transport) until end of input, then
    returns 0; the tool call's answer on the wire is the CLI's result."""
    from quotecalc.mcp.__main__ import main

    call = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "compare_quotes", "arguments": _example(COMPLETED)},
    }
    stderr = io.StringIO()
    with _Wire([*HANDSHAKE, call], replies=2) as wire:
        monkeypatch.setattr(sys, "stdin", wire.stdin)
        monkeypatch.setattr(sys, "stdout", wire.stdout)
        monkeypatch.setattr(sys, "stderr", stderr)
        code = main([])
        monkeypatch.undo()
    assert code == 0
    assert stderr.getvalue() == ""
    replies = {reply["id"]: reply for reply in map(json.loads, wire.lines)}
    assert replies[1]["result"]["serverInfo"]["name"] == "quotecalc"
    answer = replies[2]["result"]
    raw = json.dumps(_example(COMPLETED)).encode()
    assert answer["structuredContent"] == calculate(raw).output
    assert answer["isError"] is False
    assert answer["content"] == [{"type": "text", "text": calculate(raw).to_json().decode()[:-1]}]


@pytest.mark.parametrize("argv", [["--port", "8080"], ["-"], [""]])
def test_main_refuses_any_argument(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from quotecalc.mcp.__main__ import USAGE, main

    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", USAGE + "\n")
    assert USAGE.startswith("usage: python -m quotecalc.mcp")


def test_main_reads_sys_argv_when_given_none(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from quotecalc.mcp.__main__ import USAGE, main

    monkeypatch.setattr(sys, "argv", ["quotecalc.mcp", "--port"])
    assert main() == 2
    assert capsys.readouterr() == ("", USAGE + "\n")


def test_main_without_the_sdk_prints_the_install_hint_and_returns_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The SDK blocked (``None`` in ``sys.modules``) and the server module not yet imported:
    one stderr line saying how to install the extra, exit code 1, nothing on stdout."""
    from quotecalc.mcp.__main__ import main

    monkeypatch.setitem(sys.modules, "mcp", None)
    monkeypatch.delitem(sys.modules, "quotecalc.mcp.server", raising=False)
    assert main([]) == 1
    assert capsys.readouterr() == ("", INSTALL_HINT + "\n")


def test_main_reraises_a_missing_quotecalc_module(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A quotecalc module that cannot be imported is a bug of the package, not a missing
    extra: it is not disguised as the install hint."""
    from quotecalc.mcp.__main__ import main

    monkeypatch.setitem(sys.modules, "quotecalc.mcp.server", None)
    with pytest.raises(ModuleNotFoundError) as raised:
        main([])
    assert raised.value.name == "quotecalc.mcp.server"
    assert capsys.readouterr() == ("", "")


@needs_sdk
def test_main_interrupted_returns_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from quotecalc.mcp import server
    from quotecalc.mcp.__main__ import main

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(server, "run", interrupted)
    assert main([]) == 130


# ---- the contract generators' refusals: each names what is wrong ---------------------------


def test_tables_refuse_a_pipeline_without_the_stages_they_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The published schemas are read off the default pipeline's validator and constraint
    stages; a pipeline without them is a maintainer's error named as such, not an empty
    schema."""
    import types as std_types

    from quotecalc.contract import tables

    monkeypatch.setattr(tables, "DEFAULT_PIPELINE", std_types.SimpleNamespace(stages=()))
    with pytest.raises(LookupError) as no_validator:
        tables.root_fields()
    assert str(no_validator.value) == "the default pipeline has no Validate stage"
    with pytest.raises(LookupError) as no_constraints:
        tables.constraint_rules()
    assert str(no_constraints.value) == "the default pipeline has no HardConstraints stage"


def test_a_missing_field_row_is_named() -> None:
    from quotecalc.contract import tables

    assert tables.row(tables.root_fields(), "quotes").name == "quotes"
    with pytest.raises(LookupError) as missing:
        tables.row(tables.root_fields(), MARKER)
    assert str(missing.value) == f"no field row '{MARKER}'"


@pytest.mark.parametrize(
    "case",
    [
        ("0.1", "0.9", False, False, True, "the bounds hold no integer"),
        ("1", "2", True, True, True, "the bounds hold no integer"),
        ("0.0000001", "0.0000009", False, False, False, "the bounds hold no 6-decimal value"),
        ("1", "1.000001", True, True, False, "the bounds hold no 6-decimal value"),
    ],
)
def test_number_patterns_refuse_bounds_without_a_value(
    case: tuple[str, str, bool, bool, bool, str],
) -> None:
    from decimal import Decimal

    from quotecalc.contract.numbers import number_string_pattern
    from quotecalc.core.fields import Bounds

    low, high, low_open, high_open, integral, message = case
    bounds = Bounds(Decimal(low), Decimal(high), low_open, high_open)
    with pytest.raises(ValueError) as refused:
        number_string_pattern(bounds, integral=integral)
    assert str(refused.value) == message


def test_schema_generators_refuse_what_they_cannot_publish() -> None:
    """A fractional bound (it would need a float), a field kind without a fragment, an
    unechoed kind and a field name a pointer pattern would have to escape."""
    from decimal import Decimal

    from quotecalc.contract import request_schema, result_schema
    from quotecalc.core.fields import FieldRule, Kind, Presence

    with pytest.raises(ValueError) as fractional:
        request_schema._json_number(Decimal("0.5"))
    assert str(fractional.value) == "a fractional bound cannot be written without float"
    assert request_schema._json_number(Decimal("1000")) == 1000

    unknown_kind = FieldRule("x", "no-such-kind", Presence.OPTIONAL)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as no_fragment:
        request_schema._field_schema(unknown_kind, "x")
    assert str(no_fragment.value) == "no schema fragment for kind 'no-such-kind'"

    an_object = FieldRule("scale", Kind.OBJECT, Presence.OPTIONAL)
    with pytest.raises(ValueError) as not_echoed:
        result_schema._echo(an_object)
    assert str(not_echoed.value) == "field 'scale' is not echoed"

    for name in ("a/b", "a~b", "préix"):  # not alphanumeric, or not ASCII
        with pytest.raises(ValueError) as escaped:
            result_schema._pointer_pattern((FieldRule(name, Kind.TEXT, Presence.OPTIONAL),))
        assert str(escaped.value) == f"field name {name!r} needs escaping in a pointer pattern"
    plain = (FieldRule("ab1", Kind.TEXT, Presence.OPTIONAL),)
    assert result_schema._pointer_pattern(plain) == "(?:/(?:ab1))?"


def test_an_unknown_schema_name_lists_the_known_ones() -> None:
    from quotecalc.kinds import schema_bytes

    with pytest.raises(ValueError) as unknown:
        schema_bytes(MARKER)
    assert str(unknown.value) == (
        f"unknown schema '{MARKER}': expected one of"
        " ['analysis', 'batch-request', 'batch-result', 'convert-request', 'converted', 'event',"
        " 'event-request', 'plan',"
        " 'plan-request', 'request', 'result']"
    )


@pytest.mark.parametrize(
    ("low", "high", "low_open", "high_open", "text"),
    [
        ("0", "1000", False, False, "0 <= v <= 10^3"),
        ("0", "999", True, False, "0 < v <= 999"),
        ("100", "10000", False, True, "100 <= v < 10^4"),
        ("1", "1000000000", True, True, "1 < v < 10^9"),
        ("0", "1001", False, False, "0 <= v <= 1001"),
        ("10", "2000", False, False, "10 <= v <= 2000"),
    ],
)
def test_range_text_writes_powers_of_ten_from_1000_as_powers(
    low: str, high: str, low_open: bool, high_open: bool, text: str
) -> None:
    """The request schema's range sentence (e.g. "0 <= v <= 10^15"): a power of ten from
    10^3 up is written as a power, anything else as its digits."""
    from decimal import Decimal

    from quotecalc.contract.request_schema import _range_text
    from quotecalc.core.fields import Bounds

    assert _range_text(Bounds(Decimal(low), Decimal(high), low_open, high_open)) == text


# ---- the decimal-string patterns, exhaustively near every digit boundary -------------------

_MICRO = 10**6


def _texts_near(scaled_values: set[int]) -> set[str]:
    """Every plain decimal spelling of each value (in millionths): no fraction (when whole),
    and 1 to 7 fractional digits (7 is one too many) with any trailing zeros."""
    texts: set[str] = set()
    for scaled in scaled_values:
        if scaled < 0:
            continue
        whole, fraction = divmod(scaled, _MICRO)
        digits = str(fraction).zfill(6).rstrip("0")
        if not digits:
            texts.add(str(whole))
        for places in range(max(len(digits), 1), 8):
            texts.add(f"{whole}.{digits.ljust(places, '0')}")
    return texts


def _grid(low: int, high: int) -> set[int]:
    """Values (in millionths) on every decimal grid from 1 to 10^-6 around and inside
    ``[low, high]``: the ends and their neighbours, and each grid's points between them."""
    values: set[int] = set()
    for step in (10**k for k in range(7)):
        start, stop = low // step * step - 2 * step, high // step * step + 3 * step
        points = range(start, stop, step)
        if len(points) > 400:  # keep the edges of a long grid only
            points = range(start, start + 200 * step, step)
            values.update(range(stop - 200 * step, stop, step))
        values.update(points)
    return values


# Bounds (low, high, low_open, high_open), chosen to reach every branch of the fraction builder:
# equal ends (a fraction of zeros, one digit, several), a shared leading digit with a free, zero
# or partial rest, a one-digit middle class, whole parts that differ with their last fraction
# at .999999 and .999998, and open ends between two 6-decimal values.
PATTERN_CASES = [
    ("0.1", "0.1", False, False),
    ("0.15", "0.15", False, False),
    ("0.00001", "0.00001", False, False),
    ("0.000001", "0.000001", False, False),
    ("0.1", "0.199999", False, False),
    ("0.1", "0.15", False, False),
    ("0.25", "0.49", False, False),  # the middle digit class is [3-3]
    ("0.25", "0.39", True, True),
    ("0.00012", "0.0005", False, False),
    ("1.25", "3.49", False, True),
    ("0.999999", "1.000001", True, False),
    ("12", "12.5", False, False),
    ("1.25", "3.999999", False, False),
    ("1.25", "3.999998", False, False),
    ("1.000001", "3.5", False, False),
    ("0.0000017", "0.0000093", True, True),  # open ends between 6-decimal values
    ("0.0000017", "2.0000093", False, False),
]


@pytest.mark.parametrize("case", PATTERN_CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]:d}{c[3]:d}")
def test_decimal_pattern_accepts_exactly_the_values_in_range(
    case: tuple[str, str, bool, bool],
) -> None:
    """The request schema's decimal-string pattern (CONTRACT §4.2) matches a plain decimal
    text iff it has at most 6 decimals and its value lies within the bounds, compared with
    ``Decimal`` here, for every spelling of every value near each end and on every grid."""
    import re
    from decimal import Decimal

    from quotecalc.contract.numbers import number_string_pattern
    from quotecalc.core.fields import Bounds

    low, high, low_open, high_open = case
    bounds = Bounds(Decimal(low), Decimal(high), low_open, high_open)
    pattern = re.compile(number_string_pattern(bounds, integral=False))
    scaled_low, scaled_high = int(Decimal(low) * _MICRO), int(Decimal(high) * _MICRO)
    values = _grid(scaled_low, scaled_high)
    for whole in range(scaled_low // _MICRO, scaled_high // _MICRO + 2):  # each whole's edges
        values.update(whole * _MICRO + edge for edge in (-2, -1, 0, 1, 2, 999_998, 999_999))
    wrong = []
    for text in sorted(_texts_near(values)):
        places = len(text.partition(".")[2])
        expected = places <= 6 and bounds.contains(Decimal(text))
        if (pattern.search(text) is not None) != expected:
            wrong.append(text)
    assert wrong == [], wrong[:10]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"v": {1, 2}}, "not a JSON value: set"),
        ({"v": [b"x"]}, "not a JSON value: bytes"),
        ({"v": {1: 2}}, "not a JSON object key: int"),
    ],
)
def test_request_writer_names_what_is_not_json(arguments: Any, message: str) -> None:
    """Only a caller's bug reaches these (the SDK passes parsed JSON): a ``TypeError`` that
    names the offending type."""
    with pytest.raises(TypeError) as refused:
        request_bytes(arguments)
    assert str(refused.value) == message


# (low, high, low_open, high_open) of integer fields' bounds, every width's shape: full widths,
# a shared leading digit, free and partial ends, a one-digit middle class, three- and four-digit
# ends, a single integer (0 too), and fractional ends open or closed.
INTEGER_CASES = [
    ("0", "0", False, False),
    ("0", "9", False, False),
    ("0", "1000", False, False),
    ("1", "999", False, True),
    ("7", "1234", False, False),
    ("25", "4321", True, False),
    ("100", "199", False, False),
    ("120", "560", False, False),
    ("250", "389", False, False),
    ("25", "48", False, False),  # the middle digit class is the one digit 3
    ("250", "489", False, False),
    ("201", "298", False, False),
    ("300", "499", False, False),
    ("1000", "9999", False, False),
    ("1090", "1909", False, False),
    ("999", "1001", False, False),
    ("4567", "4567", False, False),
    ("0.7", "12.3", True, True),
    ("0.7", "12.3", False, False),
    ("2.5", "7.5", True, True),
]


@pytest.mark.parametrize("case", INTEGER_CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]:d}{c[3]:d}")
def test_integer_pattern_accepts_exactly_the_integers_in_range(
    case: tuple[str, str, bool, bool],
) -> None:
    """The integer-field pattern (and its echo form) matches ``n`` (and ``n.0`` to
    ``n.000000``) iff the integer ``n`` lies within the bounds, for every ``n`` from 0 to
    12000, compared as integers here."""
    import re
    from decimal import Decimal

    from quotecalc.contract.numbers import integer_echo_pattern, number_string_pattern
    from quotecalc.core.fields import Bounds

    bounds = Bounds(Decimal(case[0]), Decimal(case[1]), case[2], case[3])
    pattern = re.compile(number_string_pattern(bounds, integral=True))
    echo = re.compile(integer_echo_pattern(bounds))
    wrong = []
    for number in range(12_001):
        inside = bounds.low < number if bounds.low_open else bounds.low <= number
        inside = inside and (number < bounds.high if bounds.high_open else number <= bounds.high)
        for text, expected in (
            (str(number), inside),
            (f"{number}.0", inside),
            (f"{number}.000000", inside),
            (f"{number}.0000000", False),
            (f"{number}.5", False),
            (f"0{number}", False),
        ):
            if (pattern.search(text) is not None) != expected:
                wrong.append(text)
        if (echo.search(str(number)) is not None) != inside or echo.search(f"{number}.0"):
            wrong.append(f"echo {number}")
    wrong += [text for text in ("", ".0", ".", "-0", "+1", " 1") if pattern.search(text)]
    assert wrong == [], wrong[:10]
