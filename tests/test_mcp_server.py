"""quotecalc as an MCP tool server (issue #6): ``python -m quotecalc.mcp``.

The end-to-end tests start the server as a subprocess with the official SDK's own stdio client
(``mcp.client.stdio.stdio_client`` + ``ClientSession``), in both protocol eras the SDK speaks
(the ``initialize`` handshake and the 2026 ``server/discover`` envelope), and check what a host
sees against the committed descriptor files and against the real CLI on the same request.

They need the optional extra (``pip install '.[mcp]'``) and are reported as SKIPPED without it.
The tests that need no SDK run either way: the core never imports the SDK, the server's module
says how to install the extra instead of a traceback, and the arguments-to-bytes writer
(:mod:`quotecalc.mcp.request`) is plain Python.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import EXAMPLES, ROOT, result_validator, run_cli
from quotecalc import calculate
from quotecalc.mcp import INSTALL_HINT
from quotecalc.mcp.request import request_bytes

HAS_SDK = importlib.util.find_spec("mcp") is not None
needs_sdk = pytest.mark.skipif(
    not HAS_SDK, reason="the optional mcp extra is not installed (pip install '.[mcp]')"
)

ERAS = ("handshake", "modern")
SERVER_ARGS = ("-B", "-m", "quotecalc.mcp")
MARKER = "zq-marker-5c1e"

COMPLETED = "01-example-from-brief"
PARTIAL = "07-constraint-unknown-lead-days"
INVALID: dict[str, Any] = {
    "schemaVersion": 1,
    "quantity": MARKER,
    "currency": MARKER,
    MARKER: MARKER,
    "quotes": [{"supplierId": MARKER, "packPrice": -1, "leadDays": 1.5, MARKER: [MARKER]}],
}
# JSON numbers with fractions (the SDK hands them over as floats), one of them below 1e-4,
# whose Python repr is in exponent form (1e-05).
FLOATS_TEXT = (
    '{"schemaVersion":1,"quantity":1000,"currency":"CNY","specification":"M6 bolt",'
    '"weights":{"cost":0.5,"delivery":0.3,"quality":0},"sensitivityDelta":0.2,"quotes":['
    '{"supplierId":"A","specification":"M6 bolt","currency":"CNY","packSize":100,'
    '"minimumPacks":0,"packPrice":35.5,"freight":0.00001,"otherFees":0,"leadDays":7},'
    '{"supplierId":"B","specification":"M6 bolt","currency":"CNY","packSize":250,'
    '"minimumPacks":5,"packPrice":80.25,"freight":0,"otherFees":15.5,"leadDays":14}]}'
)


def _example(name: str) -> bytes:
    return (EXAMPLES / f"{name}.request.json").read_bytes()


# ---- without the SDK: the core stays SDK-free, the module fails politely ------------------------


def _child(code: str, *, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH")])])
    return subprocess.run(
        [sys.executable, "-B", "-c", code],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


SDK_MODULES = "('mcp', 'mcp_types', 'quotecalc.mcp.server', 'anyio', 'pydantic')"


def test_core_never_imports_the_sdk() -> None:
    """``import quotecalc``, the CLI module and a calculation leave the SDK unimported; so does
    the SDK-free part of ``quotecalc.mcp`` (its package and the request writer)."""
    code = (
        "import sys\n"
        "import quotecalc, quotecalc.cli\n"
        "from quotecalc import calculate\n"
        f"raw = open({str(EXAMPLES / (COMPLETED + '.request.json'))!r}, 'rb').read()\n"
        "assert calculate(raw).status == 'completed'\n"
        "assert calculate(b'{}').status == 'invalid_input'\n"
        "import quotecalc.mcp, quotecalc.mcp.request\n"
        f"roots = {SDK_MODULES}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in roots"
        " or m.startswith('quotecalc.mcp.server')))\n"
    )
    proc = _child(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode().strip() == "[]"


def test_cli_run_never_imports_the_sdk() -> None:
    """The fixed argv itself, run in-process, never imports the SDK."""
    code = (
        "import runpy, sys\n"
        "sys.argv = ['scripts/calculate.py', '--input-json', '-']\n"
        "sys.path[0] = 'scripts'\n"
        "try:\n"
        "    runpy.run_path('scripts/calculate.py', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        f"roots = {SDK_MODULES}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in roots or"
        " m.startswith('quotecalc.mcp'))\n"
        "sys.stderr.write(repr(bad))\n"
    )
    proc = _child(code, stdin=_example(COMPLETED))
    assert json.loads(proc.stdout)["status"] == "completed"
    assert proc.stderr.decode() == "[]"


def test_missing_sdk_is_one_line_and_exit_1() -> None:
    """Without the SDK (simulated: ``mcp`` blocked in ``sys.modules``) the server prints how to
    install the extra, on one stderr line, and exits 1: no traceback, nothing on stdout."""
    code = (
        "import runpy, sys\n"
        "sys.modules['mcp'] = None\n"
        "sys.argv = ['quotecalc.mcp']\n"
        "runpy.run_module('quotecalc.mcp', run_name='__main__', alter_sys=True)\n"
    )
    proc = _child(code)
    assert proc.returncode == 1
    assert proc.stdout == b""
    assert proc.stderr.decode() == INSTALL_HINT + "\n"
    assert "pip install 'quotecalc[mcp]'" in INSTALL_HINT


@pytest.mark.skipif(HAS_SDK, reason="the mcp extra is installed: covered by the simulated case")
def test_missing_sdk_real() -> None:
    """Without the extra really installed, ``python -m quotecalc.mcp`` says so and exits 1."""
    proc = _child("import runpy; runpy.run_module('quotecalc.mcp', run_name='__main__')")
    assert (proc.returncode, proc.stdout, proc.stderr.decode()) == (1, b"", INSTALL_HINT + "\n")


def test_arguments_are_refused() -> None:
    code = (
        "import runpy, sys\n"
        "sys.argv = ['quotecalc.mcp', '--port', '8080']\n"
        "runpy.run_module('quotecalc.mcp', run_name='__main__', alter_sys=True)\n"
    )
    proc = _child(code)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert proc.stderr.decode().startswith("usage: python -m quotecalc.mcp")


# ---- the arguments writer (no SDK) ----------------------------------------------------------


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.request.json")), ids=lambda p: p.stem)
def test_examples_round_trip(path: Path) -> None:
    """Every shared example, parsed as the SDK parses it and written back, is the same JSON and
    gives the same result as its original bytes."""
    raw = path.read_bytes()
    written = request_bytes(json.loads(raw))
    assert json.loads(written) == json.loads(raw)
    if path.name.startswith("12-number-forms"):
        return  # literal number forms: test_literal_number_forms_are_lost
    assert calculate(written).to_json() == calculate(raw).to_json()


def test_literal_number_forms_are_lost() -> None:
    """The documented caveat (docs/mcp.md): a parsed JSON number has lost how it was written, so
    the literal-form errors of ``-0`` and ``1e3`` cannot be reported over MCP (both arrive as
    values, 0 and 1000.0); every other error of the number-forms example is the same."""
    raw = _example("12-number-forms-batch1")
    direct = calculate(raw).output["limitations"]
    via_mcp = calculate(request_bytes(json.loads(raw))).output["limitations"]
    assert [e for e in via_mcp if e not in direct] == []
    assert [(e["code"], e["path"]) for e in direct if e not in via_mcp] == [
        ("negative_value", "/quotes/0/freight"),
        ("exponent_not_allowed", "/quotes/0/otherFees"),
    ]


def test_float_numbers_give_the_cli_result() -> None:
    raw = FLOATS_TEXT.encode()
    written = request_bytes(json.loads(raw))
    assert b"0.00001" in written and b"e-05" not in written
    assert calculate(written).to_json() == calculate(raw).to_json()
    assert calculate(raw).status == "completed"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (35.5, "35.5"),
        (0.1, "0.1"),
        (5.0, "5.0"),
        (-0.0, "-0.0"),
        (1e-05, "0.00001"),
        (1.5e-7, "0.00000015"),
        (1e16, "10000000000000000"),
        (1.2345678901234567e19, "12345678901234567000"),
        (float("nan"), "NaN"),
        (float("inf"), "Infinity"),
        (float("-inf"), "-Infinity"),
        (7, "7"),
        (-3, "-3"),
        (True, "true"),
        (False, "false"),
        (None, "null"),
        ("M6 bolt", '"M6 bolt"'),
        ('云南 "q"\n', '"云南 \\"q\\"\\n"'),
    ],
)
def test_value_text(value: object, text: str) -> None:
    assert request_bytes({"v": value}) == ('{"v":' + text + "}").encode("utf-8")


def test_float_text_is_positional_and_the_same_number() -> None:
    """Floats are written as their shortest round-trip decimal, never with an exponent."""
    for value in (1e-05, 123.456, 1e-300, 1.7976931348623157e308, 5e-324):
        text = request_bytes({"v": value}).decode()[5:-1]
        assert "e" not in text.lower()
        assert Decimal(text) == Decimal(repr(value))


def test_non_finite_and_exponent_free_results() -> None:
    """What the calculator then says: NaN is ``non_finite_number``, 1e-05 is an ordinary
    number (not ``exponent_not_allowed``), 1e16 is ``out_of_range``."""
    base = json.loads(_example(COMPLETED))

    def codes(value: object) -> set[str]:
        request = json.loads(json.dumps(base))
        request["quotes"][0]["freight"] = value
        out = calculate(request_bytes(request)).output
        return (
            {e["code"] for e in out["limitations"]} if out["status"] == "invalid_input" else set()
        )

    assert codes(float("nan")) == {"non_finite_number"}
    assert codes(float("inf")) == {"non_finite_number"}
    assert codes(1e-05) == set()
    assert codes(1e16) == {"out_of_range"}
    assert codes(-0.0) == {"negative_value"}


def test_long_int_and_lone_surrogate() -> None:
    big = 10**5000
    assert request_bytes({"v": big}) == b'{"v":1' + b"0" * 5000 + b"}"
    assert request_bytes({"v": -big - 7}) == b'{"v":-1' + b"0" * 4999 + b"7}"
    out = calculate(request_bytes({"schemaVersion": 1, "quotes": [{"packPrice": big}]})).output
    assert {e["code"] for e in out["limitations"]} == {"number_too_long", "missing_required"}
    # A lone surrogate cannot be UTF-8: it is written escaped, and rejected as on stdin.
    assert request_bytes({"v": "a\ud800"}) == b'{"v":"a\\ud800"}'
    out = calculate(request_bytes({"schemaVersion": 1, "quotes": [{"supplierId": "\ud800"}]}))
    assert [e["code"] for e in out.output["limitations"]] == ["invalid_string"]


def test_deep_nesting_and_no_arguments() -> None:
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    out = calculate(request_bytes({"schemaVersion": 1, "quotes": deep}))
    assert out.status == "invalid_input"
    assert request_bytes(None) == b"{}"
    assert calculate(request_bytes(None)).to_json() == calculate(b"{}").to_json()
    with pytest.raises(TypeError):
        request_bytes({"v": {1, 2}})


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


def _same(parsed: Any, original: Any) -> bool:
    """Equal JSON, a float read back as the number its text names (1e16 is written as an
    integer literal, which reads back as an int with the same float value)."""
    if isinstance(original, float):
        return type(parsed) in (int, float) and float(parsed) == original
    if isinstance(original, dict):
        return (
            isinstance(parsed, dict)
            and list(parsed) == list(original)
            and all(_same(parsed[k], original[k]) for k in original)
        )
    if isinstance(original, list):
        return (
            isinstance(parsed, list)
            and len(parsed) == len(original)
            and all(_same(p, o) for p, o in zip(parsed, original, strict=True))
        )
    return type(parsed) is type(original) and parsed == original


@given(st.dictionaries(st.text(), JSON_VALUES, max_size=5))
def test_writer_round_trips(arguments: dict[str, Any]) -> None:
    assert _same(json.loads(request_bytes(arguments)), arguments)


# ---- with the SDK: a real client against the real server ------------------------------------


def _committed(path: str) -> Any:
    return json.loads((ROOT / path).read_bytes())


def _session(
    body: Callable[[Any], Awaitable[Any]],
    *,
    era: str = "handshake",
    args: tuple[str, ...] = SERVER_ARGS,
    errlog: Path,
) -> Any:
    """Start the server as a subprocess with the SDK's stdio client, connect, run ``body``."""
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=sys.executable,
        args=list(args),
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src")},
    )

    async def main() -> Any:
        with errlog.open("w", encoding="utf-8") as log, anyio.fail_after(120):
            async with (
                stdio_client(params, errlog=log) as (read, write),
                ClientSession(read, write) as session,
            ):
                if era == "modern":
                    await session.discover()
                else:
                    await session.initialize()
                return await body(session)

    return anyio.run(main)


def _text(result: Any) -> str:
    assert len(result.content) == 1
    assert result.content[0].type == "text"
    return str(result.content[0].text)


def _check_against_cli(result: Any, raw: bytes) -> None:
    """The call's result is the CLI's result for the same request bytes."""
    cli = run_cli(raw)
    assert result.structured_content == cli.output
    assert _text(result) == cli.stdout.decode("utf-8")[:-1]
    assert result.is_error is (cli.exit_code != 0)
    assert not list(result_validator().iter_errors(result.structured_content))


@needs_sdk
@pytest.mark.parametrize("era", ERAS)
def test_end_to_end(era: str, tmp_path: Path) -> None:
    tool_file = _committed("docs/tool/mcp-tool.json")
    invalid_raw = json.dumps(INVALID).encode()

    async def body(session: Any) -> dict[str, Any]:
        listed = await session.list_tools()
        name = listed.tools[0].name
        calls = {
            "completed": await session.call_tool(name, json.loads(_example(COMPLETED))),
            "partial": await session.call_tool(name, json.loads(_example(PARTIAL))),
            "invalid": await session.call_tool(name, json.loads(invalid_raw)),
            "floats": await session.call_tool(name, json.loads(FLOATS_TEXT)),
        }
        return {"tools": listed.tools, "calls": calls}

    got = _session(body, era=era, errlog=tmp_path / "stderr.txt")

    # tools/list: exactly the committed descriptors, the single tool first
    (tool, batch_tool, analysis_tool, plan_tool, event_tool, convert_tool) = got["tools"]
    event_dump = event_tool.model_dump(by_alias=True, exclude_none=True, mode="json")
    assert event_dump == _committed("docs/tool/mcp-tool-event.json")
    convert_dump = convert_tool.model_dump(by_alias=True, exclude_none=True, mode="json")
    assert convert_dump == _committed("docs/tool/mcp-tool-convert.json")
    plan_dump = plan_tool.model_dump(by_alias=True, exclude_none=True, mode="json")
    assert plan_dump == _committed("docs/tool/mcp-tool-plan.json")
    batch_dump = batch_tool.model_dump(by_alias=True, exclude_none=True, mode="json")
    assert batch_dump == _committed("docs/tool/mcp-tool-batch.json")
    analysis_dump = analysis_tool.model_dump(by_alias=True, exclude_none=True, mode="json")
    assert analysis_dump == _committed("docs/tool/mcp-tool-analysis.json")
    assert tool.model_dump(by_alias=True, exclude_none=True, mode="json") == tool_file
    assert tool.name == tool_file["name"]
    assert tool.input_schema == _committed("docs/schema/request.schema.json")
    assert tool.output_schema == _committed("docs/schema/result.schema.json")
    annotations = tool.annotations.model_dump(by_alias=True, exclude_none=True)
    assert annotations == {
        "readOnlyHint": True,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": False,
    }

    calls = got["calls"]
    completed, partial, invalid = calls["completed"], calls["partial"], calls["invalid"]
    assert (completed.is_error, completed.structured_content["status"]) == (False, "completed")
    assert (partial.is_error, partial.structured_content["status"]) == (False, "partial")
    assert (invalid.is_error, invalid.structured_content["status"]) == (True, "invalid_input")
    _check_against_cli(completed, _example(COMPLETED))
    _check_against_cli(partial, _example(PARTIAL))
    _check_against_cli(calls["floats"], FLOATS_TEXT.encode())
    assert calls["floats"].structured_content["status"] == "completed"

    # invalid_input: the CLI's fixed error list, nothing of the input echoed
    _check_against_cli(invalid, invalid_raw)
    cli_errors = run_cli(invalid_raw).output["limitations"]
    assert invalid.structured_content["limitations"] == cli_errors
    assert {e["code"] for e in cli_errors} >= {"unknown_key", "negative_value", "not_integer"}
    assert MARKER not in _text(invalid)
    assert MARKER not in json.dumps(invalid.structured_content, ensure_ascii=False)
    assert MARKER not in invalid.model_dump_json()

    # the server wrote nothing on stderr
    assert (tmp_path / "stderr.txt").read_text(encoding="utf-8") == ""


@needs_sdk
@pytest.mark.parametrize("version", ["2024-11-05", "2025-06-18"])
def test_wire_form(version: str) -> None:
    """The JSON-RPC lines a host reads, without the SDK's client in between: the descriptor as
    committed, ``structuredContent`` + one ``text`` block + ``isError``, and a clean exit."""
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": os.environ.get("PATH", "")}
    proc = subprocess.Popen(
        [sys.executable, *SERVER_ARGS],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    watchdog = threading.Timer(120, proc.kill)
    watchdog.start()
    try:

        def send(message: dict[str, Any]) -> None:
            assert proc.stdin is not None
            proc.stdin.write(json.dumps(message).encode() + b"\n")
            proc.stdin.flush()

        def ask(ident: int, method: str, params: dict[str, Any]) -> Any:
            assert proc.stdout is not None
            send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
            answer = json.loads(proc.stdout.readline())
            assert answer["id"] == ident, answer
            return answer["result"]

        client = {"name": "raw-test", "version": "0"}
        init = ask(
            1, "initialize", {"protocolVersion": version, "capabilities": {}, "clientInfo": client}
        )
        assert init["protocolVersion"] == version
        assert init["serverInfo"]["name"] == "quotecalc"
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        listed = ask(2, "tools/list", {})
        assert listed["tools"] == [
            _committed("docs/tool/mcp-tool.json"),
            _committed("docs/tool/mcp-tool-batch.json"),
            _committed("docs/tool/mcp-tool-analysis.json"),
            _committed("docs/tool/mcp-tool-plan.json"),
            _committed("docs/tool/mcp-tool-event.json"),
            _committed("docs/tool/mcp-tool-convert.json"),
        ]
        name = listed["tools"][0]["name"]
        for ident, raw in ((3, _example(COMPLETED)), (4, json.dumps(INVALID).encode())):
            cli = run_cli(raw)
            result = ask(ident, "tools/call", {"name": name, "arguments": json.loads(raw)})
            assert result == {
                "content": [{"type": "text", "text": cli.stdout.decode()[:-1]}],
                "structuredContent": cli.output,
                "isError": cli.exit_code == 2,
            }
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
        assert proc.stdout.read() == b""
        assert proc.stderr.read() == b""
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            stream.close()


@needs_sdk
def test_no_state_between_calls(tmp_path: Path) -> None:
    """Calls do not influence each other: the same call gives the same result whatever ran
    before it, in this server and in a fresh one."""
    completed, partial = json.loads(_example(COMPLETED)), json.loads(_example(PARTIAL))

    async def body(session: Any) -> list[Any]:
        name = (await session.list_tools()).tools[0].name
        sequence = [completed, partial, INVALID, completed, {}, partial, completed]
        return [(await session.call_tool(name, args)).model_dump() for args in sequence]

    results = _session(body, errlog=tmp_path / "stderr.txt")
    assert results[0] == results[3] == results[6]
    assert results[1] == results[5]
    assert results[0] != results[1]

    async def fresh(session: Any) -> Any:
        name = (await session.list_tools()).tools[0].name
        return (await session.call_tool(name, partial)).model_dump()

    assert _session(fresh, errlog=tmp_path / "stderr2.txt") == results[1]


@needs_sdk
def test_unknown_tool_is_a_protocol_error(tmp_path: Path) -> None:
    from mcp.shared.exceptions import MCPError

    async def body(session: Any) -> MCPError:
        with pytest.raises(MCPError) as caught:
            await session.call_tool(MARKER, {})
        return caught.value

    error = _session(body, errlog=tmp_path / "stderr.txt")
    assert error.code == -32602
    assert MARKER not in str(error.error.model_dump())


@needs_sdk
def test_internal_error_is_an_error_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in the calculator (``internal_error``) is reported with ``isError`` too."""
    from quotecalc.api import Result
    from quotecalc.engine.render import render_internal_error
    from quotecalc.mcp import server

    monkeypatch.setattr(server, "run_kind", lambda kind, raw: Result(render_internal_error(), 1))
    result = server.call_result({"schemaVersion": 1})
    assert result.is_error is True
    assert result.structured_content["status"] == "internal_error"
    assert json.loads(_text(result)) == result.structured_content


@needs_sdk
def test_in_process_call_matches_calculate() -> None:
    from quotecalc.mcp import server

    for name in (COMPLETED, PARTIAL):
        raw = _example(name)
        result = server.call_result(json.loads(raw))
        assert result.structured_content == calculate(raw).output
        assert _text(result).encode() + b"\n" == calculate(raw).to_json()
        assert result.is_error is False
    assert server.tool().model_dump(by_alias=True, exclude_none=True, mode="json") == (
        _committed("docs/tool/mcp-tool.json")
    )


# ---- no files, no sockets: the server under an audit hook -----------------------------------

AUDIT_CHILD = r"""
import json
import os
import runpy
import site
import socket
import sys

_roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
try:
    _roots.update(site.getsitepackages())
except AttributeError:
    pass
_roots.add(site.getusersitepackages())
_roots.update(p for p in sys.path if p)
_roots.add(os.path.join(os.getcwd(), "src"))
_roots = tuple(
    sorted({os.path.normpath(r) for r in _roots} | {os.path.realpath(r) for r in _roots})
)
_MODULE_SUFFIXES = (".py", ".pyc", ".so", ".pyd", ".zip")
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_FORBIDDEN_PREFIXES = ("os.exec", "os.spawn", "os.posix_spawn", "shutil.")
_FORBIDDEN = {
    "subprocess.Popen", "os.system", "os.fork", "os.forkpty", "os.startfile", "pty.spawn",
    "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.truncate", "os.chmod", "os.chown",
    "os.utime", "os.link", "os.symlink", "os.putenv", "os.unsetenv", "urllib.Request",
    "http.client.connect", "ftplib.connect", "smtplib.connect", "ctypes.dlopen",
    "tempfile.mkstemp", "tempfile.mkdtemp",
}
phase = ["startup"]
events = []


def _under_roots(path):
    return any(path == r or path.startswith(r + os.sep) for r in _roots)


def _open_allowed(path, mode, flags):
    if isinstance(path, int) and phase[0] != "call":
        return True  # the stdio transport wrapping its duplicates of fd 0 and 1
    if mode is not None and any(m in mode for m in "wax+"):
        return False
    if flags and flags & _WRITE_FLAGS:
        return False
    if phase[0] == "call":  # during a call: nothing at all but importing a module
        return isinstance(path, str) and path.endswith(_MODULE_SUFFIXES) and _under_roots(path)
    path = os.path.normpath(os.path.join(os.getcwd(), os.fsdecode(path)))
    if path == os.devnull:  # the stdio transport points fd 0 at it while serving
        return True
    if not _under_roots(path):
        return False
    # imports: module files and directories; SDK dependencies read installed packages' metadata
    metadata = any(d + os.sep in path for d in (".dist-info", ".egg-info"))
    return path.endswith(_MODULE_SUFFIXES) or os.path.isdir(path) or metadata


def _hook(event, args):
    if event == "open":
        path, mode, flags = (tuple(args) + (None, None, None))[:3]
        if not _open_allowed(path, mode, flags):
            events.append([phase[0], event, repr(args)[:200]])
    elif event.startswith("socket."):
        # asyncio's loop wakes itself through a local socketpair (AF_UNIX); nothing else
        if phase[0] == "call" or event != "socket.__new__" or args[1] != socket.AF_UNIX:
            events.append([phase[0], event, repr(args)[:200]])
    elif event in _FORBIDDEN or event.startswith(_FORBIDDEN_PREFIXES):
        events.append([phase[0], event, repr(args)[:200]])


sys.addaudithook(_hook)
import quotecalc.mcp.server as server

_call_kind = server.call_kind
calls = []


def call_kind(kind, arguments):
    phase[0] = "call"
    try:
        return _call_kind(kind, arguments)
    finally:
        phase[0] = "serve"
        calls.append(1)


server.call_kind = call_kind
phase[0] = "serve"
sys.argv = ["quotecalc.mcp"]
code = 0
try:
    runpy.run_module("quotecalc.mcp", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
finally:
    sys.stderr.write("AUDIT:" + json.dumps({"calls": len(calls), "events": events}) + "\n")
    sys.stderr.flush()
os._exit(code)
"""


@needs_sdk
@pytest.mark.skipif(sys.platform == "win32", reason="asyncio's self-pipe is AF_INET on Windows")
def test_server_reads_no_file_and_opens_no_socket(tmp_path: Path) -> None:
    requests = [json.loads(_example(COMPLETED)), json.loads(_example(PARTIAL)), INVALID]
    analysed = [json.loads(_example(COMPLETED)), INVALID]  # analyze_weights (issue 11)

    async def body(session: Any) -> None:
        name = (await session.list_tools()).tools[0].name
        for arguments in requests:
            await session.call_tool(name, arguments)
        for arguments in analysed:
            answer = await session.call_tool("analyze_weights", arguments)
            assert answer.structured_content["kind"] == "weight-analysis"

    errlog = tmp_path / "stderr.txt"
    _session(body, args=("-B", "-c", AUDIT_CHILD), errlog=errlog)
    lines = errlog.read_text(encoding="utf-8").splitlines()
    audit = [line for line in lines if line.startswith("AUDIT:")]
    assert len(audit) == 1, lines
    record = json.loads(audit[0][len("AUDIT:") :])
    assert record["calls"] == len(requests) + len(analysed)
    assert record["events"] == []


@needs_sdk
def test_audit_harness_sees_a_file_read(tmp_path: Path) -> None:
    """The harness works: a file read and a socket during a call are recorded."""
    probe = AUDIT_CHILD.replace(
        "        return _call_kind(kind, arguments)\n",
        "        open(os.path.join(os.getcwd(), 'pyproject.toml'), 'rb').close()\n"
        "        socket.socket(socket.AF_INET, socket.SOCK_STREAM).close()\n"
        "        return _call_kind(kind, arguments)\n",
        1,
    )
    assert probe != AUDIT_CHILD

    async def body(session: Any) -> None:
        name = (await session.list_tools()).tools[0].name
        await session.call_tool(name, json.loads(_example(COMPLETED)))

    errlog = tmp_path / "stderr.txt"
    _session(body, args=("-B", "-c", probe), errlog=errlog)
    audit = [x for x in errlog.read_text(encoding="utf-8").splitlines() if x.startswith("AUDIT:")]
    events = json.loads(audit[0][len("AUDIT:") :])["events"]
    assert [(e[0], e[1]) for e in events] == [("call", "open"), ("call", "socket.__new__")]
    assert "pyproject.toml" in events[0][2]


def test_server_module_imports_no_io_library() -> None:
    """Code-level: the server's modules import only the SDK pieces and quotecalc itself."""
    allowed = {
        "__future__",
        "anyio",
        "anyio.streams.memory",  # the SDK's write stream the guard answers through (issue 34)
        "collections.abc",
        "copy",
        "decimal",
        "json",
        "math",
        "mcp",
        "mcp.server.context",
        "mcp.server.lowlevel",
        "mcp.server.stdio",
        "mcp.shared.exceptions",
        "mcp.shared.message",
        "sys",
        "typing",
    }
    for path in sorted((ROOT / "src" / "quotecalc" / "mcp").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = set() if node.level else {str(node.module)}
            else:
                continue
            assert names <= allowed, (path.name, names - allowed)
