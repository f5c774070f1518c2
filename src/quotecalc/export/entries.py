"""The workbook as a heavy worker's entry point (issues 34 and 35): a module-level function
per (kind, language), so the HTTP service's heavy pool can run a plan's or an event's workbook
in its killable subprocess (``http/worker.py`` imports an entry point by name and writes its
``exit_code`` and ``to_json()`` bytes). Each runs :func:`quotecalc.export.workbook`: the same
bytes as the CLI's ``--format xlsx``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from . import workbook


@attrs.frozen
class Entry:
    """A workbook in the worker protocol's shape."""

    body: bytes
    exit_code: int

    def to_json(self) -> bytes:
        return self.body


def plan_en(raw: bytes) -> Entry:
    return Entry(*workbook("plan", raw, "en"))


def plan_zh(raw: bytes) -> Entry:
    return Entry(*workbook("plan", raw, "zh"))


def event_en(raw: bytes) -> Entry:
    return Entry(*workbook("event", raw, "en"))


def event_zh(raw: bytes) -> Entry:
    return Entry(*workbook("event", raw, "zh"))


ENTRIES: Final[dict[tuple[str, str], Callable[[bytes], Entry]]] = {
    ("plan", "en"): plan_en,
    ("plan", "zh"): plan_zh,
    ("event", "en"): event_en,
    ("event", "zh"): event_zh,
}
