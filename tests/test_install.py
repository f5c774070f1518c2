"""quotecalc as an installed tool (issue 14): ``python -m build`` makes an sdist and, from that
sdist, a wheel; the wheel installed into a fresh virtual environment gives the console command
``quotecalc`` and ``python -m quotecalc``, which answer from a directory outside the checkout
exactly as the checkout's ``scripts/calculate.py`` does, and generate every published schema
and tool file without the ``docs/`` folder (``docs/decisions.md``, "Installing")."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, ROOT, run_cli
from quotecalc.cli import USAGE
from quotecalc.published import published_files

# Where the installed package's published files come from (one place to change if it moves).
PUBLISHED_FILES_MODULE = "quotecalc.published"
# What the build copies: what the sdist's MANIFEST.in and pyproject.toml can refer to.
SOURCE_ITEMS = ("pyproject.toml", "README.md", "MANIFEST.in", "src", "docs", "examples")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")
BRIEF = EXAMPLES / "01-example-from-brief.request.json"
PARTIAL = EXAMPLES / "07-constraint-unknown-lead-days.request.json"

pytest.importorskip("build", reason="the 'build' package (test extra) is not installed")


def _package_files() -> list[str]:
    """Every module and data file of the package in the checkout, relative to ``src/``."""
    source = ROOT / "src"
    return sorted(
        path.relative_to(source).as_posix()
        for path in source.glob("quotecalc/**/*")
        if path.is_file() and path.suffix in (".py", ".typed") and "__pycache__" not in path.parts
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel built from it, from a copy of the checkout (the build writes
    ``*.egg-info`` next to the sources; the checkout stays untouched)."""
    work = tmp_path_factory.mktemp("build")
    tree = work / "tree"
    tree.mkdir()
    for item in SOURCE_ITEMS:
        source = ROOT / item
        if source.is_dir():
            shutil.copytree(source, tree / item, ignore=IGNORED)
        else:
            shutil.copy2(source, tree / item)
    out = work / "dist"
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(tree)],
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    (sdist,) = out.glob("quotecalc-*.tar.gz")
    (wheel,) = out.glob("quotecalc-*.whl")
    return {"sdist": sdist, "wheel": wheel}


@pytest.fixture(scope="module")
def venv(built: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel (and its dependency, attrs) installed."""
    target = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(target)], check=True, timeout=120
    )
    python = _bin(target, "python")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--disable-pip-version-check",
            str(built["wheel"]),
        ],
        capture_output=True,
        timeout=300,
        check=False,
        # A PYTHONPATH naming the checkout's src (and its egg-info) made pip count quotecalc
        # as installed and skip the wheel.
        env=_clean_env(),
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    return target


def _bin(env: Path, name: str) -> Path:
    folder = env / ("Scripts" if os.name == "nt" else "bin")
    return folder / (name + (".exe" if os.name == "nt" else ""))


def _clean_env() -> dict[str, str]:
    """The environment without anything pointing at the checkout or another environment."""
    drop = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP", "PYTHONSAFEPATH"}
    return {key: value for key, value in os.environ.items() if key not in drop}


def _run(command: list[str | Path], stdin: bytes, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(part) for part in command],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env=_clean_env(),
        timeout=120,
        check=False,
    )


# ---- the distributions ------------------------------------------------------------------------


def test_wheel_holds_every_module_the_type_marker_and_the_console_command(
    built: dict[str, Path],
) -> None:
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
        (entry_points,) = [name for name in names if name.endswith(".dist-info/entry_points.txt")]
        scripts = wheel.read(entry_points).decode("utf-8")
        (metadata,) = [name for name in names if name.endswith(".dist-info/METADATA")]
        meta = wheel.read(metadata).decode("utf-8")
    assert set(_package_files()) <= names
    assert "quotecalc/py.typed" in names
    assert "[console_scripts]\nquotecalc = quotecalc.cli:run\n" in scripts
    assert "Requires-Python: >=3.11\n" in meta
    assert "Requires-Dist: attrs" in meta
    # nothing but the package and its metadata: no tests, docs or scripts inside site-packages
    assert {name.split("/")[0] for name in names} == {"quotecalc", "quotecalc-0.1.0.dist-info"}


def test_sdist_holds_what_a_build_and_a_reader_need(built: dict[str, Path]) -> None:
    """The wheel above was built *from* this sdist (``python -m build`` does that), so the sdist
    holds what a build needs; it also carries the documents and the published files."""
    with tarfile.open(built["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
        readme = sdist.extractfile("quotecalc-0.1.0/README.md")
        assert readme is not None
        assert readme.read() == (ROOT / "README.md").read_bytes()
    required = {"pyproject.toml", "README.md", "PKG-INFO", "docs/contract.md"}
    required |= {f"src/{name}" for name in _package_files()}
    required |= set(published_files())
    required |= {f"examples/{path.name}" for path in (ROOT / "examples").glob("*.json")}
    assert required - names == set()
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)


# ---- the installed command, outside the checkout ----------------------------------------------


@pytest.fixture
def outside(tmp_path: Path) -> Iterator[Path]:
    """A working directory with no checkout in sight."""
    assert ROOT not in tmp_path.parents
    yield tmp_path


@pytest.mark.parametrize("example", [BRIEF, PARTIAL], ids=lambda path: path.stem)
def test_console_command_answers_as_the_checkout(venv: Path, outside: Path, example: Path) -> None:
    raw = example.read_bytes()
    expected = run_cli(raw)
    for command in ([_bin(venv, "quotecalc")], [_bin(venv, "python"), "-B", "-m", "quotecalc"]):
        got = _run([*command, "--input-json", "-"], raw, outside)
        assert (got.returncode, got.stdout, got.stderr) == (
            expected.exit_code,
            expected.stdout,
            b"",
        )


def test_installed_command_options(venv: Path, outside: Path) -> None:
    raw = BRIEF.read_bytes()
    command = _bin(venv, "quotecalc")
    text = _run([command, "--input-json", "-", "--format", "text", "--lang", "zh"], raw, outside)
    expected = run_cli(raw, "--input-json", "-", "--format", "text", "--lang", "zh")
    assert (text.returncode, text.stdout) == (0, expected.stdout)
    helped = _run([command, "--help"], b"", outside)
    assert (helped.returncode, helped.stdout, helped.stderr) == (0, USAGE.encode("utf-8"), b"")
    bad = _run([command, "--help", "--trace"], raw, outside)
    assert (bad.returncode, bad.stdout) == (2, run_cli(raw, "--help", "--trace").stdout)
    version = _run([command, "--version"], b"", outside)
    assert (version.returncode, version.stdout, version.stderr) == (0, b"quotecalc 0.1.0\n", b"")


@pytest.mark.parametrize("door", ["http", "mcp"])
def test_installed_doors_without_their_extra_name_the_extra(
    venv: Path, outside: Path, door: str
) -> None:
    """The wheel's install hint names the extra to install (``quotecalc[http]``), not a
    checkout; ``--version`` answers without the extra."""
    python = _bin(venv, "python")
    got = _run([python, "-B", "-m", f"quotecalc.{door}"], b"", outside)
    assert got.returncode == 1
    assert f"pip install 'quotecalc[{door}]'" in got.stderr.decode()
    version = _run([python, "-B", "-m", f"quotecalc.{door}", "--version"], b"", outside)
    assert (version.returncode, version.stdout) == (0, b"quotecalc 0.1.0\n")


@pytest.mark.parametrize("name", ["request", "result"])
def test_installed_print_schema_is_the_committed_file(venv: Path, outside: Path, name: str) -> None:
    got = _run(
        [_bin(venv, "python"), "-B", "-m", "quotecalc", "--print-schema", name], b"", outside
    )
    assert got.returncode == 0
    assert got.stdout == (ROOT / "docs" / "schema" / f"{name}.schema.json").read_bytes()


def test_installed_package_generates_every_published_file(venv: Path, outside: Path) -> None:
    """Every published file (schemas, MCP tool, ToolDefinition, and any added later to
    ``published_files()``) comes out of the installed package byte for byte as committed: the
    package needs no ``docs/`` folder. Also checks the package imported is the installed one."""
    code = (
        "import hashlib, json, quotecalc\n"
        f"from {PUBLISHED_FILES_MODULE} import published_files\n"
        "print(json.dumps({'file': quotecalc.__file__, 'digests': {p: hashlib.sha256(b)"
        ".hexdigest() for p, b in published_files().items()}}))\n"
    )
    got = _run([_bin(venv, "python"), "-B", "-c", code], b"", outside)
    assert got.returncode == 0, got.stderr
    answer = json.loads(got.stdout)
    assert Path(answer["file"]).is_relative_to(venv)
    committed = {
        path: hashlib.sha256((ROOT / path).read_bytes()).hexdigest() for path in published_files()
    }
    assert answer["digests"] == committed
    assert len(committed) >= 4


@pytest.fixture(scope="module")
def venv_with_sdk(venv: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same environment, plus the MCP SDK borrowed from this interpreter's site-packages
    through a ``.pth`` line (appended after the environment's own site-packages, so the
    installed quotecalc still wins; ``.pth`` files in the borrowed folder are not processed,
    so an editable quotecalc there is not seen). Installing the SDK afresh would cost more
    than the whole rest of this module."""
    pytest.importorskip("mcp", reason="the optional mcp extra is not installed")
    purelib = Path(sysconfig.get_paths()["purelib"])
    (site,) = (
        (venv / "lib").glob("python3*/site-packages")
        if os.name != "nt"
        else [venv / "Lib" / "site-packages"]
    )
    (site / "zz_borrowed_sdk.pth").write_text(f"{purelib}\n", encoding="utf-8")
    return venv


def _mcp_session(command: list[str], cwd: Path, env: dict[str, str], raw: bytes) -> Any:
    """initialize, tools/list and one compare_quotes call over raw JSON-RPC lines."""
    client = {"name": "install-test", "version": "0"}
    lines = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": client},
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "compare_quotes", "arguments": json.loads(raw)},
        },
    ]
    proc = subprocess.Popen(
        [*command, "-B", "-m", "quotecalc.mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    answers: dict[int, Any] = {}
    try:
        for message in lines:
            proc.stdin.write(json.dumps(message).encode() + b"\n")
            proc.stdin.flush()
            if "id" in message:
                answer = json.loads(proc.stdout.readline())
                answers[answer["id"]] = answer["result"]
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    assert err == b""
    return answers


def test_installed_mcp_server_lists_and_calls_the_tool(venv_with_sdk: Path, outside: Path) -> None:
    """The MCP server of the installed wheel, run outside the checkout, answers exactly as the
    checkout's server: the same ``tools/list`` (holding the committed descriptor) and a call
    that is the checkout CLI's result."""
    raw = BRIEF.read_bytes()
    cli = run_cli(raw)
    installed = _mcp_session([str(_bin(venv_with_sdk, "python"))], outside, _clean_env(), raw)
    checkout_env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    checkout = _mcp_session([sys.executable], ROOT, checkout_env, raw)
    assert installed[2] == checkout[2]
    assert installed[3] == checkout[3]
    committed = json.loads((ROOT / "docs" / "tool" / "mcp-tool.json").read_bytes())
    assert committed in installed[2]["tools"]
    assert installed[3] == {
        "content": [{"type": "text", "text": cli.stdout.decode()[:-1]}],
        "structuredContent": cli.output,
        "isError": False,
    }
