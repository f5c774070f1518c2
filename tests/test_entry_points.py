"""The command's three doors: ``scripts/calculate.py``, ``python -m quotecalc`` and the console
command ``quotecalc`` (``[project.scripts]``, run from the installed wheel in
``tests/test_install.py``) behave alike; ``--help``/``-h`` alone print the usage."""

from __future__ import annotations

import io
import json
import os
import re
import runpy
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from conftest import EXAMPLES, ROOT, check_result_schema, run_cli
from quotecalc import cli
from quotecalc.cli import USAGE, main
from quotecalc.core.codes import INTERNAL_ERROR_MESSAGE

BRIEF = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
INVALID = (EXAMPLES / "12-number-forms-batch1.request.json").read_bytes()
JSONL = BRIEF.replace(b"\n", b" ") + b"\n{\n" + INVALID.replace(b"\n", b" ") + b"\n"

# Every accepted form, each help form, and the refused neighbours of --help.
ARGVS: list[tuple[list[str], bytes]] = [
    (["--input-json", "-"], BRIEF),
    (["--input-json", "-"], INVALID),
    (["--input-json", "-"], b"\xff"),
    (["--input-json", "-", "--trace"], BRIEF),
    (["--input-jsonl", "-"], JSONL),
    (["--input-json", "-", "--format", "text", "--lang", "zh"], BRIEF),
    (["--print-schema", "result"], b""),
    (["--help"], BRIEF),
    (["-h"], b""),
    (["--help", "--trace"], BRIEF),
    (["--input-json", "-", "--help"], BRIEF),
    (["-h", "-h"], b""),
    (["--help", "x"], b""),
    (["--HELP"], b""),
    (["-help"], b""),
    (["--print-schema", "request", "--help"], b""),
    ([], BRIEF),
]

_MS = re.compile(rb'"ms":"[0-9]+\.[0-9]{3}"')


def run_door(
    command: list[str], stdin: bytes, argv: list[str], cwd: Path
) -> subprocess.CompletedProcess[bytes]:
    """One door run with this checkout's package importable; its JSON results are checked
    against the result schema."""
    done = subprocess.run(
        [sys.executable, "-B", *command, *argv],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=60,
        check=False,
    )
    if "--print-schema" not in argv:
        check_result_schema(done.stdout)
    return done


@pytest.mark.parametrize(("argv", "stdin"), ARGVS, ids=lambda value: repr(value)[:40])
def test_python_m_quotecalc_is_the_script(argv: list[str], stdin: bytes, tmp_path: Path) -> None:
    """Same stdout, same stderr (but the trace's timings), same exit code; the module runs
    from a directory outside the checkout."""
    script = run_door(["scripts/calculate.py"], stdin, argv, ROOT)
    module = run_door(["-m", "quotecalc"], stdin, argv, tmp_path)
    assert module.stdout == script.stdout
    assert _MS.sub(b"", module.stderr) == _MS.sub(b"", script.stderr)
    assert module.returncode == script.returncode
    if argv == ["--input-json", "-", "--trace"]:
        assert module.stderr.count(b"\n") > 1


def test_help_alone_prints_the_usage_and_exits_0() -> None:
    for argv in (["--help"], ["-h"]):
        shown = run_cli(BRIEF, *argv)
        assert (shown.exit_code, shown.stdout, shown.stderr) == (0, USAGE.encode("utf-8"), b"")


@pytest.mark.parametrize(
    "argv",
    [
        ["--help", "--trace"],
        ["--trace", "--help"],
        ["--input-json", "-", "--help"],
        ["--input-json", "-", "-h"],
        ["-h", "-h"],
        ["--help", "--help"],
        ["--help", "-"],
        ["-h", "en"],
        ["--print-schema", "result", "-h"],
        ["--HELP"],
        ["-H"],
        ["-help"],
        ["--h"],
        ["help"],
    ],
)
def test_help_with_anything_else_is_invalid_arguments(argv: list[str]) -> None:
    class Untouchable(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            raise AssertionError("stdin was read")

    out = io.BytesIO()
    assert main(argv, Untouchable(), out, io.BytesIO()) == 2
    output = json.loads(out.getvalue())
    assert [(e["code"], e["path"]) for e in output["limitations"]] == [("invalid_arguments", "")]


def test_help_reads_no_stdin_and_names_every_option() -> None:
    class Untouchable(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            raise AssertionError("stdin was read")

    out, err = io.BytesIO(), io.BytesIO()
    assert main(["-h"], Untouchable(), out, err) == 0
    assert out.getvalue() == USAGE.encode("utf-8") and err.getvalue() == b""
    for option in ("--input-json -", "--input-jsonl -", "--trace", "--lang en|zh", "--help, -h"):
        assert option in USAGE
    assert USAGE.isascii() and USAGE.endswith("\n")


def test_usage_names_every_flag_schema_and_language_the_cli_accepts() -> None:
    """Read from the command line's own source and tables, so a flag added later without a
    usage line fails here."""
    source = Path(cli.__file__).read_text(encoding="utf-8")
    code = source.split('"""', 2)[2]  # past the module docstring
    flags = set(re.findall(r'"(--[a-z][a-z-]*)"', code)) | {"--help", "-h"}
    assert {"--input-json", "--input-jsonl", "--trace", "--format", "--lang"} <= flags
    missing = sorted(flag for flag in flags if flag not in USAGE)
    assert not missing, f"flags missing from USAGE: {missing}"
    print_schema = " ".join(line for line in USAGE.splitlines() if "--print-schema" in line)
    assert all(name in print_schema for name in cli.SCHEMAS), print_schema
    lang = next(line for line in USAGE.splitlines() if "--lang" in line)
    assert all(name in lang for name in cli.LANGS)
    assert all(len(line) <= 100 for line in USAGE.splitlines())


def test_console_command_is_the_cli_run_function() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"] == {"quotecalc": "quotecalc.cli:run"}


def test_python_m_quotecalc_keeps_the_internal_error_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``python -m quotecalc`` runs :func:`quotecalc.cli.run`: an escaping exception is still one
    JSON object on stdout and exit 1."""

    def explode(*args: object) -> int:
        raise RuntimeError("QQ-ESCAPED")

    monkeypatch.setattr(cli, "main", explode)
    monkeypatch.setattr("sys.argv", ["quotecalc", "--input-json", "-"])
    out = io.BytesIO()
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(out))
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(BRIEF)))
    with pytest.raises(SystemExit) as stopped:
        runpy.run_module("quotecalc", run_name="__main__")
    assert stopped.value.code == 1
    output = json.loads(out.getvalue())
    assert output["status"] == "internal_error"
    assert output["limitations"] == [{"code": "internal_error", "message": INTERNAL_ERROR_MESSAGE}]
    assert b"QQ-ESCAPED" not in out.getvalue()


def test_importing_the_main_module_runs_nothing() -> None:
    namespace = runpy.run_module("quotecalc.__main__", run_name="not_main")
    assert namespace["run"] is cli.run
