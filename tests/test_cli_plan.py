"""``--input-json - --plan`` through the real script (issue 20): the library's bytes, the trace,
and the command lines it refuses; the readable plan of ``--format text|html`` (issue 25)."""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import quotecalc

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "calculate.py"
EXAMPLE = (ROOT / "examples" / "plan.request.json").read_bytes()


def cli(*argv: str, stdin: bytes = EXAMPLE) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-B", str(SCRIPT), *argv],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
    )


def test_the_example_prints_a_proven_plan_byte_for_byte_the_library() -> None:
    shown = cli("--input-json", "-", "--plan")
    assert (shown.returncode, shown.stderr) == (0, b"")
    assert shown.stdout == quotecalc.plan(EXAMPLE).to_json()
    best = json.loads(shown.stdout)["plan"]["best"]
    assert (best["proven"], best["landedTotal"]) == (True, "475.00")


def test_trace_goes_to_stderr_and_leaves_stdout_alone() -> None:
    shown = cli("--input-json", "-", "--plan", "--trace")
    assert shown.stdout == quotecalc.plan(EXAMPLE).to_json()
    lines = [json.loads(line) for line in shown.stderr.splitlines()]
    assert [line["stage"] for line in lines][-2:] == ["limitations", "plan"]
    assert lines[-1]["summary"]["best"] == {"NORTH": 2, "SOUTH": 16}


@pytest.mark.parametrize(
    ("stdin", "code"),
    [(b"{", 2), (json.dumps({"schemaVersion": 1, "quotes": []}).encode(), 2)],
)
def test_invalid_input_exits_2_with_the_document(stdin: bytes, code: int) -> None:
    shown = cli("--input-json", "-", "--plan", stdin=stdin)
    assert shown.returncode == code and shown.stdout == quotecalc.plan(stdin).to_json()
    assert json.loads(shown.stdout)["status"] == "invalid_input"


@pytest.mark.parametrize(
    "argv",
    [
        ("--input-json", "-", "--plan", "--format", "svg"),
        ("--input-json", "-", "--plan", "--lang", "zh"),
        ("--input-json", "-", "--plan", "--format", "text", "--lang", "fr"),
        ("--input-jsonl", "-", "--plan", "--format", "text"),
        ("--input-json", "-", "--plan", "--analysis"),
        ("--input-jsonl", "-", "--plan"),
        ("--input-batch", "-", "--plan"),
        ("--input-json", "-", "--plan", "--plan"),
    ],
)
def test_combinations_not_supported_are_invalid_arguments(argv: tuple[str, ...]) -> None:
    shown = cli(*argv)
    assert shown.returncode == 2
    errors = json.loads(shown.stdout)["limitations"]
    assert [e["code"] for e in errors] == ["invalid_arguments"]


def test_format_json_is_the_plain_plan() -> None:
    shown = cli("--input-json", "-", "--plan", "--format", "json")
    assert shown.returncode == 0 and shown.stdout == quotecalc.plan(EXAMPLE).to_json()


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("plan-request", "docs/schema/plan-request.schema.json"),
        ("plan", "docs/schema/plan.schema.json"),
    ],
)
def test_print_schema_prints_the_committed_plan_schemas(name: str, path: str) -> None:
    shown = cli("--print-schema", name, stdin=b"")
    assert (shown.returncode, shown.stdout) == (0, (ROOT / path).read_bytes())


def test_the_tool_definition_invocation_is_this_command() -> None:
    definition = json.loads((ROOT / "docs/tool/tool-definition-plan.json").read_bytes())
    invocation = definition["extensions"]["x-business-invocation"]
    argv = invocation["argv"]
    assert argv[:3] == ["python", "-B", "scripts/calculate.py"]
    shown = cli(*argv[3:])
    assert shown.returncode == 0 and shown.stdout == quotecalc.plan(EXAMPLE).to_json()
    assert definition["path"] == "/quotecalc/plan" and definition["name"] == "plan_purchase"
    assert invocation["exitCodes"] == {
        "completed": 0,
        "partial": 0,
        "invalid_input": 2,
        "internal_error": 1,
    }


# --- issue 25: --plan --format text|html [--lang en|zh] -----------------------------------------

READABLE = [
    ("text", "en", "render_plan_text"),
    ("text", "zh", "render_plan_text"),
    ("html", "en", "render_plan_html"),
    ("html", "zh", "render_plan_html"),
]


@pytest.mark.parametrize(("fmt", "lang", "name"), READABLE)
def test_the_readable_plan_is_the_renderers_reading_of_the_document(
    fmt: str, lang: str, name: str
) -> None:
    from quotecalc.output import plan_html, plan_text

    shown = cli("--input-json", "-", "--plan", "--format", fmt, "--lang", lang)
    assert (shown.returncode, shown.stderr) == (0, b"")
    render = getattr(plan_text if fmt == "text" else plan_html, name)
    assert shown.stdout == render(quotecalc.plan(EXAMPLE).output, lang).encode("utf-8")
    headline = {
        "en": (
            "Buy 2 packs from NORTH and 16 from SOUTH: 475.00 CNY in all, the least total is"
            " proven;"
        ),
        "zh": "从 NORTH 购买 2 包、从 SOUTH 购买 16 包：合计 475.00 CNY，最低总价已证明；",
    }[lang]
    assert headline in shown.stdout.decode("utf-8")


def test_the_language_defaults_to_english() -> None:
    shown = cli("--input-json", "-", "--plan", "--format", "text")
    assert shown.returncode == 0
    assert shown.stdout.decode("utf-8").startswith("Buy 2 packs from NORTH and 16 from SOUTH:")


@pytest.mark.parametrize("fmt", ["text", "html"])
def test_an_invalid_plan_request_exits_2_with_its_readable_errors(fmt: str) -> None:
    shown = cli("--input-json", "-", "--plan", "--format", fmt, stdin=b"{")
    assert shown.returncode == 2 and shown.stderr == b""
    assert "The plan request is not valid" in shown.stdout.decode("utf-8")


def test_the_trace_still_goes_to_stderr_beside_the_readable_plan() -> None:
    shown = cli("--input-json", "-", "--plan", "--format", "text", "--trace")
    assert shown.returncode == 0 and shown.stdout.startswith(b"Buy 2 packs")
    stages = [json.loads(line)["stage"] for line in shown.stderr.splitlines()]
    assert stages[-1] == "plan"


def test_a_refused_plan_format_is_named_on_stderr() -> None:
    shown = cli("--input-json", "-", "--plan", "--format", "svg")
    assert shown.returncode == 2
    assert (
        shown.stderr == b"quotecalc: --plan takes --format json, text, html, xlsx, not svg;"
        b" see quotecalc --help\n"
    )
    assert b"unknown option" not in cli("--input-json", "-", "--plan", "--lang", "zh").stderr


def test_the_usage_names_the_plan_formats() -> None:
    shown = cli("--help", stdin=b"")
    synopsis = b" ".join(shown.stdout.split())
    assert b"--plan [--trace] [--effort standard|proof] [--format json|text|html|xlsx]" in synopsis
    assert b"[--format json|text|html|xlsx] [--lang en|zh]" in synopsis
