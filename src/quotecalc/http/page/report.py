"""The report page of each kind the page answers (issues 21, 25, 26, 27, 35): the comparison
with its weight analysis and best plan (``--format html``), the readable plan (``--plan
--format html``), the event's award (``--event --format html``) and the converted comparison
(``--convert --format html``), each with its download button and its status.
"""

from __future__ import annotations

from ...analysis.document import analyze
from ...engine.kinds import CONVERT, EVENT, PLAN, detect_kind
from ...planning.document import plan
from ..operations import STATUS_BY_EXIT_CODE
from .download import with_download
from .kinds import PAGE_KINDS


def event_page(raw: bytes, lang: str) -> tuple[int, str]:
    """A sourcing event (issue 26): its award for people, as ``--event --format html``."""
    from ...output.event_report import event_currency, render_event_html
    from ...planning.event_document import award

    awarded = award(raw)
    page = render_event_html(awarded.output, awarded.exit_code, event_currency(raw), lang, raw)
    status = STATUS_BY_EXIT_CODE[awarded.exit_code]
    return status, with_download(page, raw, lang, status)


def conversion_page(raw: bytes, lang: str) -> tuple[int, str]:
    """A converted comparison (issue 27), as ``--convert --format html``."""
    from ...output.conversion_text import converted_report
    from ...output.pictures.conversion import converted_page

    shown = converted_report(raw, lang, False, converted_page)
    status = STATUS_BY_EXIT_CODE[shown.exit_code]
    return status, with_download(shown.body.decode("utf-8"), raw, lang, status)


def plan_page(raw: bytes, lang: str) -> tuple[int, str]:
    """A plan request (issue 25): its readable plan, as ``--plan --format html``."""
    from ...output.plan_html import render_plan_html

    planned_only = plan(raw)
    page = render_plan_html(planned_only.output, lang, raw)
    status = STATUS_BY_EXIT_CODE[planned_only.exit_code]
    return status, with_download(page, raw, lang, status)


def pasted_page(raw: bytes, lang: str) -> tuple[int, str] | None:
    """The page of a pasted (or uploaded) JSON request of another kind than the comparison:
    an event, a plan, a conversion; ``None`` for a comparison."""
    kind = detect_kind(raw, among=PAGE_KINDS)
    if kind is EVENT:
        return event_page(raw, lang)
    if kind is PLAN:
        return plan_page(raw, lang)
    if kind is CONVERT:
        return conversion_page(raw, lang)
    return None


def comparison_page(raw: bytes, lang: str) -> tuple[int, str]:
    """The comparison's report: the answer, its weight analysis and the best plan."""
    from ...output.answer import purchase_of
    from ...output.pictures import html_page

    done = analyze(raw)
    assert done.result is not None  # the analysis row always renders the plain result
    planned = None
    if done.result["status"] in ("completed", "partial"):
        # The best purchase plan beside the answer (issue 20): the planner's own document.
        planned = plan(raw).output
    page = html_page(done.result, done.output, lang, purchase_of(raw), planned, raw=raw)
    status = STATUS_BY_EXIT_CODE[done.exit_code]
    return status, with_download(page, raw, lang, status)
