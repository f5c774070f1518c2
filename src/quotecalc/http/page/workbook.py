"""The workbook a download asks for (issue 35, ``docs/xlsx.md``): the workbook of the posted
request (the kind's row's ``xlsx`` presenter, the CLI's ``--format xlsx`` bytes): an event, a
plan, a converted comparison or a comparison, recognised from the request as the page does
(:data:`.kinds.PAGE_KINDS`).
"""

from __future__ import annotations

from typing import Final

from ..edge import NO_STORE

XLSX_MEDIA: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def workbook_headers(kind: str, lang: str) -> dict[str, str]:
    """The headers of a downloaded workbook of ``kind`` in ``lang``."""
    return {
        **NO_STORE,
        "Content-Disposition": f'attachment; filename="quotecalc-{kind}-{lang}.xlsx"',
        "X-Content-Type-Options": "nosniff",
    }
