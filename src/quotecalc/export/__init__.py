"""Results to keep (issue 35, ``docs/xlsx.md``): the engine's documents as a workbook a buyer
can forward, the answer first.

A door service beside the intake: it reads the engine's documents (the weight analysis for a
comparison, the purchase plan, the event award, the converted comparison) into sheets, never
recomputing a figure; :mod:`.writer` writes the workbook with the ``xlsx`` extra, imported only
when a workbook is asked for (the fixed call never loads this package).

Each kind's row (``quotecalc.kinds``, issue 39) names its workbook as its ``xlsx`` presenter:
the one entry the CLI (``--format xlsx``) and the HTTP service (the workbook media type, the
page's download button) share, so both give the same bytes.
"""

from __future__ import annotations

from typing import Final

MEDIA_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
