"""The workbook a download asks for (issue 35, ``docs/xlsx.md``): the workbook of the posted
request (:func:`quotecalc.export.workbook`, the CLI's ``--format xlsx`` bytes): an event, a
plan, a converted comparison or a comparison, recognised from the request as the page does
(:func:`.kinds.kind_of`).
"""

from __future__ import annotations

from typing import Final

from ..edge import NO_STORE
from ..operations import STATUS_BY_EXIT_CODE
from .kinds import kind_of

XLSX_MEDIA: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def workbook_of(raw: bytes, lang: str) -> tuple[int, bytes, dict[str, str]]:
    """The workbook answering a download: status (as for the page), bytes, headers."""
    from ...export import workbook

    kind = kind_of(raw)
    exported = workbook(kind, raw, lang)
    return STATUS_BY_EXIT_CODE[exported.exit_code], exported.body, workbook_headers(kind, lang)


def workbook_headers(kind: str, lang: str) -> dict[str, str]:
    """The headers of a downloaded workbook of ``kind`` in ``lang``."""
    return {
        **NO_STORE,
        "Content-Disposition": f'attachment; filename="quotecalc-{kind}-{lang}.xlsx"',
        "X-Content-Type-Options": "nosniff",
    }
