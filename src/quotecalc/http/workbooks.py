"""The workbook answers of the HTTP door (issue 35, ``docs/xlsx.md``): whether a request asks
for the workbook (``Accept``), and the workbook of a kind in a language as an entry point of
raw bytes, run in the pool of the kind's cost class -- the heavy worker's named entry
(:mod:`quotecalc.export.entries`) for a heavy kind, so its subprocess can import it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from decimal import Decimal

from starlette.datastructures import Headers

from .operations import Calculated


def wants_workbook(headers: Headers) -> bool:
    """Whether ``Accept`` asks for the XLSX workbook (issue 35): its media type listed with a
    quality above 0 (and JSON not preferred to it). Anything else is the JSON answer."""
    from ..export import MEDIA_TYPE

    def quality(media: str) -> Decimal:
        best = Decimal(0)
        for part in ",".join(headers.getlist("accept")).split(","):
            name, *params = (piece.strip() for piece in part.split(";"))
            if name.lower() != media:
                continue
            q = Decimal(1)
            for param in params:
                key, _, value = param.partition("=")
                if key.strip().lower() == "q":
                    try:
                        q = Decimal(value.strip())
                    except ArithmeticError:
                        q = Decimal(0)
                    if not q.is_finite():
                        q = Decimal(0)
            best = max(best, q)
        return best

    wanted = quality(MEDIA_TYPE)
    return wanted > 0 and wanted >= quality("application/json")


def workbook_entry(kind: str, lang: str) -> Callable[[bytes], Calculated]:
    """The workbook of ``kind`` in ``lang`` (:func:`quotecalc.export.workbook`, the CLI's
    ``--format xlsx`` bytes) as an entry point of raw bytes: the heavy worker's named entry
    where the export has one (a plan's, an event's), else this door's own."""
    from ..export.entries import ENTRIES

    named = ENTRIES.get((kind, lang))
    if named is not None:
        return named
    return functools.partial(_workbook, kind, lang)


def _workbook(kind: str, lang: str, raw: bytes) -> Calculated:
    from ..export import workbook
    from ..export.entries import Entry

    return Entry(*workbook(kind, raw, lang))
