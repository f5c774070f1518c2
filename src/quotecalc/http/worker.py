"""The heavy worker subprocess (issue 34, ``docs/http.md``, heavy work): one calculator entry
point run on raw bytes, outside the HTTP worker, so that a heavy calculation can be stopped at
its deadline by killing the process -- a search in native code cannot be interrupted from a
Python thread, and an abandoned thread would keep its core busy.

The protocol is binary frames on stdin/stdout, one call at a time:

- request: ``<module>:<qualname> <size>\\n`` and ``size`` body bytes;
- answer: ``<exit code> <size>\\n`` and ``size`` bytes, the entry point's ``to_json()``.

The entry points named on the child's command line are imported before the first call.

The child runs at a lower CPU priority (:data:`NICENESS`) so that light calculations in the
HTTP worker keep their latency on a busy machine, exits when its stdin closes, and exits when
its parent dies (:func:`_orphan_watch`: a worker killed with ``kill -9`` leaves no child
behind). Plain Python: it imports only the entry point it is asked for.

:class:`Subprocess` is the parent's side, used from a thread (blocking pipes).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any, Final

NICENESS: Final = 10
ORPHAN_POLL_SECONDS: Final = 0.5
MODULE: Final = "quotecalc.http.worker"


class WorkerGone(Exception):
    """The subprocess ended (killed at a deadline, or crashed) before it answered."""


def target_of(function: Callable[[bytes], Any]) -> str:
    """The name the child imports ``function`` by: a module-level function's, or for a request
    kind's run or readable format (a :class:`quotecalc.kinds.Entry`, issues 34, 39) its
    target, ``kind:<name>[:<format>:<lang>]``."""
    from ..kinds import Entry

    if isinstance(function, Entry):
        return function.target
    if isinstance(function, functools.partial):
        raise ValueError("a heavy entry point is a module-level function or a kind's entry")
    return f"{function.__module__}:{function.__qualname__}"


def _resolve(target: str) -> Callable[[bytes], Any]:
    from ..kinds import entry

    found_entry = entry(target)
    if found_entry is not None:
        return found_entry
    module, _, qualname = target.partition(":")
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found  # type: ignore[no-any-return]


def _read_exactly(stream: IO[bytes], size: int) -> bytes:
    data = stream.read(size)
    if data is None or len(data) != size:
        raise WorkerGone
    return data


class Subprocess:
    """One started heavy worker, driven from one thread at a time."""

    def __init__(self, warm: tuple[str, ...] = ()) -> None:
        """Start the child; it imports the entry points ``warm`` names before it reads its
        first call, so a replacement is ready before the next call arrives."""
        path = os.pathsep.join(entry for entry in sys.path if entry)
        flags = ["-B"] if sys.dont_write_bytecode else []
        argv = [sys.executable, *flags, "-m", MODULE, *warm]
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": path},
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def call(self, target: str, raw: bytes) -> tuple[int, bytes]:
        """``(exit code, bytes)`` of the entry point ``target`` on ``raw`` (blocking);
        :class:`WorkerGone` when the process ends first."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(f"{target} {len(raw)}\n".encode("ascii") + raw)
            stdin.flush()
            header = stdout.readline()
        except (BrokenPipeError, ValueError, OSError):  # ValueError: pipe closed by kill()
            raise WorkerGone from None
        code, _, size = header.decode("ascii").partition(" ")
        if not header.endswith(b"\n"):
            raise WorkerGone
        return int(code), _read_exactly(stdout, int(size))

    def kill(self) -> None:
        """Stop the process at once (SIGKILL) and reap it."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def _orphan_watch(parent: int) -> None:
    """Exit the moment the parent is gone (re-parented), whatever the main thread does."""
    while True:
        time.sleep(ORPHAN_POLL_SECONDS)
        if os.getppid() != parent:
            os._exit(0)


def main() -> int:
    """Serve frames until stdin closes (the parent's side of the pipe is gone)."""
    parent = os.getppid()
    threading.Thread(target=_orphan_watch, args=(parent,), daemon=True).start()
    with contextlib.suppress(OSError):  # not permitted here: the parent's priority, then
        os.nice(NICENESS)
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # anything printed by accident must not corrupt the frames
    functions = {target: _resolve(target) for target in sys.argv[1:]}
    while True:
        header = source.readline()
        if not header.endswith(b"\n"):
            return 0
        target, _, size = header.decode("ascii").rstrip("\n").partition(" ")
        raw = _read_exactly(source, int(size))
        function = functions.get(target)
        if function is None:
            function = functions[target] = _resolve(target)
        result = function(raw)
        body = result.to_json()
        sink.write(f"{result.exit_code} {len(body)}\n".encode("ascii") + body)
        sink.flush()


if __name__ == "__main__":
    sys.exit(main())
