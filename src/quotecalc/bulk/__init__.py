"""Bulk runs beyond one process (issue 22): a JSONL file of requests through Dask.

``python -m quotecalc.bulk IN.jsonl OUT.jsonl`` (or :func:`run` from a notebook) answers
every line of ``IN.jsonl`` -- a local path or any fsspec URL -- and writes one line per input
line to ``OUT.jsonl``, in input order, byte for byte what ``--input-jsonl -`` prints for it
(``--kind analysis``: what ``--input-json - --analysis`` prints). The lines are cut as the
command line cuts them (:mod:`.lines`) and reach the library as bytes; no JSON reader touches
them. Work runs on an embedded local cluster (one worker process per core) or, with
``scheduler``, on an existing Dask cluster. See ``docs/bulk.md``.

The optional ``bulk`` extra (``pip install '.[bulk]'``: ``dask[distributed]``) is needed by
:mod:`.job` only; this package's other modules and the core never import Dask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .progress import Summary

INSTALL_HINT: Final = (
    "quotecalc.bulk needs the optional Dask stack: pip install '.[bulk]' (from the quotecalc"
    " repository root)"
)

__all__ = ["INSTALL_HINT", "run"]


def run(source: str, target: str, **options: Any) -> Summary:
    """Answer every line of ``source`` into ``target``; the options and errors are those of
    :func:`quotecalc.bulk.job.run` (imported here, so that Dask loads only when used)."""
    from .job import run as run_job

    return run_job(source, target, **options)
