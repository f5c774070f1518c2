"""The bench's event generator (``scripts/bench_event.py``, issue 26), loaded once for the
award's tests: ``scripts`` is no package."""

from __future__ import annotations

import functools
import importlib.util
from types import ModuleType

from conftest import ROOT
from quotecalc.solvers.award import Event


@functools.cache
def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_event", ROOT / "scripts/bench_event.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def generated(seed: int, items: int, suppliers: int) -> Event:
    """One event of the bench's generator."""
    event: Event = _bench().generate(seed, items, suppliers)
    return event
