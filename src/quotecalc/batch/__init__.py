"""Several calculations in one call (issue #10): ``{"requests": [...]}`` in, ``{"results":
[...]}`` out, each result exactly what the single call answers for that request's own bytes.

A door over :func:`quotecalc.calculate` like the CLI's ``--input-jsonl``: it never applies a
calculator rule itself. The CLI (``--input-batch -``), the MCP tool ``compare_quotes_batch``
and the HTTP route ``POST /quotecalc/calculate-batch`` all answer through
:func:`calculate_batch`. Limits: ``docs/limits.md``. Standard library and the core only; the
core never imports this package.
"""

from __future__ import annotations

from .body import MAX_BATCH_BYTES, MAX_BATCH_ITEMS
from .run import BatchResult, calculate_batch

__all__ = ["MAX_BATCH_BYTES", "MAX_BATCH_ITEMS", "BatchResult", "calculate_batch"]
