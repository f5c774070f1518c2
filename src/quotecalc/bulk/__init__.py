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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .lines import MAX_ANSWER_BYTES

if TYPE_CHECKING:
    from .progress import Snapshot, Summary

INSTALL_HINT: Final = (
    "quotecalc.bulk needs the optional Dask stack: pip install '.[bulk]' (from the quotecalc"
    " repository root)"
)

__all__ = ["INSTALL_HINT", "run"]


def run(
    source: str,
    target: str,
    *,
    kind: str = "result",
    workers: int | None = None,
    scheduler: str | None = None,
    client: Any = None,
    partition_bytes: int | None = None,
    progress: Callable[[Snapshot], None] | None = None,
    storage_options: dict[str, Any] | None = None,
    answer_bytes: int = MAX_ANSWER_BYTES,
    same_machine: bool | None = None,
) -> Summary:
    """Answer every line of ``source`` into ``target`` (``docs/bulk.md``): on ``client`` (a
    ``distributed.Client``, left open), on the scheduler at ``scheduler``, or on an embedded
    local cluster of ``workers`` processes (default one per core). Partitions are of
    ``partition_bytes`` input bytes, or, by default, sized as the job goes (large first, small
    last, :func:`quotecalc.bulk.lines.automatic_size`). With ``same_machine`` (default: on
    the embedded cluster only) the workers hand their answers over in temporary files of
    this machine rather than through the cluster. ``progress`` is called
    with a :class:`~.progress.Snapshot` after each partition written; a task holds at most
    about ``answer_bytes`` of answers and hands the rest of its range on. Returns the
    :class:`~.progress.Summary`; raises :class:`quotecalc.bulk.job.BulkError` on an I/O or
    cluster failure, ``ValueError`` for an unknown ``kind``, and after Ctrl-C in the main
    thread (its tasks cancelled, the temporary output removed)
    :class:`~.interrupts.Interrupted`, a ``KeyboardInterrupt`` that says what was removed.
    Dask is imported here, on use."""
    from .job import run as run_job

    return run_job(
        source,
        target,
        kind=kind,
        workers=workers,
        scheduler=scheduler,
        client=client,
        partition_bytes=partition_bytes,
        progress=progress,
        storage_options=storage_options,
        answer_bytes=answer_bytes,
        same_machine=same_machine,
    )
