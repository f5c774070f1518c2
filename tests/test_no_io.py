"""The calculation reads no file, writes none, opens no socket, starts no process (§2).

A child interpreter installs an audit hook BEFORE running ``scripts/calculate.py`` (via
runpy, with the fixed argv) and records every forbidden event: an ``open`` of anything
but a Python module/bytecode/extension file or directory being imported from the
interpreter, site-packages or the repository's ``src/`` and ``scripts/``; any
``socket.*`` event; any process start; any file-system change. It reports the record on
stderr as JSON when the run ends.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from conftest import EXAMPLES, ROOT

CHILD = r"""
import json
import os
import runpy
import site
import sys

_roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
try:
    _roots.update(site.getsitepackages())
except AttributeError:
    pass
_roots.add(site.getusersitepackages())
_roots.add(os.path.join(os.getcwd(), "src"))
_roots.add(os.path.join(os.getcwd(), "scripts"))
_roots = tuple(
    sorted({os.path.normpath(r) for r in _roots} | {os.path.realpath(r) for r in _roots})
)
_MODULE_SUFFIXES = (".py", ".pyc", ".so", ".pyd")
_FORBIDDEN_PREFIXES = ("socket.", "os.exec", "os.spawn", "os.posix_spawn", "shutil.")
_FORBIDDEN = {
    "subprocess.Popen",
    "os.system",
    "os.fork",
    "os.forkpty",
    "os.startfile",
    "pty.spawn",
    "os.remove",
    "os.rename",
    "os.rmdir",
    "os.mkdir",
    "os.truncate",
    "os.chmod",
    "os.chown",
    "os.utime",
    "os.link",
    "os.symlink",
    "os.putenv",
    "os.unsetenv",
    "urllib.Request",
    "http.client.connect",
    "ftplib.connect",
    "smtplib.connect",
    "ctypes.dlopen",
    "tempfile.mkstemp",
    "tempfile.mkdtemp",
}
events = []
_stdio = {0, 1, 2}


def _under_roots(path):
    return any(path == r or path.startswith(r + os.sep) for r in _roots)


def _allowed_open(path, mode, flags):
    if isinstance(path, int):
        return path in _stdio and (mode is None or "r" in mode or "w" in mode)
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    path = os.path.normpath(os.path.join(os.getcwd(), os.fspath(path)))
    if mode is not None and any(m in mode for m in "wax+"):
        return False
    if flags and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND):
        return False
    if not _under_roots(path):
        return False
    return path.endswith(_MODULE_SUFFIXES) or os.path.isdir(path)


def _hook(event, args):
    if event == "open":
        path, mode, flags = (tuple(args) + (None, None, None))[:3]
        if not _allowed_open(path, mode, flags):
            events.append([event, repr(path), repr(mode)])
    elif event in _FORBIDDEN or event.startswith(_FORBIDDEN_PREFIXES):
        events.append([event, repr(args)[:200], ""])


sys.addaudithook(_hook)
sys.argv = ["scripts/calculate.py", "--input-json", "-"]
sys.path[0] = os.path.join(os.getcwd(), "scripts")
code = 0
try:
    runpy.run_path("scripts/calculate.py", run_name="__main__")
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
finally:
    try:
        sys.stdout.flush()
    except Exception:
        pass
    sys.stderr.write("AUDIT:" + json.dumps(events) + "\n")
    sys.stderr.flush()
os._exit(code)
"""


def _run_child(stdin: bytes) -> tuple[int, bytes, list[Any]]:
    proc = subprocess.run(
        [sys.executable, "-B", "-c", CHILD],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    lines = proc.stderr.decode("utf-8", "replace").splitlines()
    audit = [line for line in lines if line.startswith("AUDIT:")]
    assert len(audit) == 1, proc.stderr
    other = [line for line in lines if not line.startswith("AUDIT:")]
    assert other == [], proc.stderr  # the CLI itself writes nothing on stderr
    return proc.returncode, proc.stdout, json.loads(audit[0][len("AUDIT:") :])


@pytest.mark.parametrize(
    ("name", "status", "exit_code"),
    [
        ("01-example-from-brief", "completed", 0),
        ("03-missing-freight-subtotal-kept", "partial", 0),
        ("11-unknown-keys-everywhere-no-echo", "invalid_input", 2),
    ],
)
def test_calculation_does_no_io(name: str, status: str, exit_code: int) -> None:
    raw = (EXAMPLES / f"{name}.request.json").read_bytes()
    code, stdout, events = _run_child(raw)
    assert events == [], events
    assert code == exit_code
    assert stdout.endswith(b"\n") and stdout.count(b"\n") == 1
    out = json.loads(stdout)
    assert out["status"] == status
    assert out["networkUsed"] is False and out["filesModified"] is False


def test_hook_catches_a_file_read() -> None:
    """The harness itself works: a real file read outside the allowed set is recorded."""
    probe = CHILD.replace(
        "sys.addaudithook(_hook)\n",
        "sys.addaudithook(_hook)\nopen(os.path.join(os.getcwd(), 'pyproject.toml'), 'rb').close()\n"
        "open(os.path.join(os.getcwd(), 'tests', 'conftest.py'), 'rb').close()\n",
        1,
    )
    assert probe != CHILD
    raw = (EXAMPLES / "01-example-from-brief.request.json").read_bytes()
    proc = subprocess.run(
        [sys.executable, "-B", "-c", probe],
        input=raw,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    audit = [
        line
        for line in proc.stderr.decode("utf-8", "replace").splitlines()
        if line.startswith("AUDIT:")
    ]
    assert len(audit) == 1
    events = json.loads(audit[0][len("AUDIT:") :])
    paths = [e[1] for e in events if e[0] == "open"]
    assert any("pyproject.toml" in p for p in paths), events
    assert any("conftest.py" in p for p in paths), events
