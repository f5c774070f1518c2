"""Results to keep (issue 35, ``docs/xlsx.md``): the engine's documents as a workbook a buyer
can forward, the answer first.

A door service beside the intake: it runs the engine's own entry points (the weight
analysis for a comparison, the purchase plan, the event award, the converted comparison)
and reads their documents, never recomputing a figure; :mod:`.writer` writes the workbook
with the ``xlsx`` extra, imported only when a workbook is asked for (the fixed call never
loads this package).

:func:`workbook` is the one entry the CLI (``--format xlsx``) and the HTTP service (the
workbook media type, the page's download button) share, so both give the same bytes.
"""

from __future__ import annotations

from typing import Final, NamedTuple

KINDS: Final = ("comparison", "plan", "event", "convert")
MEDIA_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class Exported(NamedTuple):
    """A workbook's bytes and the exit code of the document it shows (CONTRACT §2)."""

    body: bytes
    exit_code: int


def workbook(kind: str, raw: bytes, lang: str = "en") -> Exported:
    """The workbook of one request of ``kind`` (:data:`KINDS`), in ``lang`` (``en``/``zh``):
    the engine's document for ``raw`` read into sheets, then written as XLSX. Needs the
    ``xlsx`` extra (XlsxWriter)."""
    from .model import Workbook
    from .writer import xlsx_bytes

    shown: Workbook
    if kind == "plan":
        from ..planning.document import plan
        from .plan import plan_workbook

        planned = plan(raw)
        shown, exit_code = plan_workbook(planned.output, lang, raw), planned.exit_code
    elif kind == "event":
        from ..output.event_report import event_currency
        from ..planning.event_document import award
        from .event import event_workbook

        awarded = award(raw)
        currency = event_currency(raw) if awarded.output.get("award") is not None else None
        from ..output.fieldnames import load

        request = load(raw)
        shown = event_workbook(awarded.output, currency, lang, request)
        exit_code = awarded.exit_code
    elif kind == "convert":
        from ..output.answer import purchase_of
        from ..planning.conversion import convert
        from .conversion import converted_workbook

        converted = convert(raw)
        shown = converted_workbook(converted.output, lang, purchase_of(raw))
        exit_code = converted.exit_code
    elif kind == "comparison":
        from ..analysis.document import analyze
        from ..output.answer import purchase_of
        from .comparison import comparison_workbook

        analysis = analyze(raw)
        assert analysis.result is not None  # the analysis row always renders the plain result
        shown = comparison_workbook(
            analysis.result, lang, analysis=analysis.output, purchase=purchase_of(raw)
        )
        exit_code = analysis.exit_code
    else:
        raise ValueError(f"no workbook of kind {kind!r}")
    return Exported(xlsx_bytes(shown), exit_code)
