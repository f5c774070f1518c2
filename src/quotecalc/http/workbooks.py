"""The workbook answers of the HTTP door (issue 35, ``docs/xlsx.md``): whether a request asks
for the workbook (``Accept``). The workbook itself is the kind's row's ``xlsx`` presenter, run
as a :class:`quotecalc.kinds.Entry` in the pool of the kind's cost class (a heavy kind's in the
worker subprocess, which imports it by its target)."""

from __future__ import annotations

from decimal import Decimal

from starlette.datastructures import Headers


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
