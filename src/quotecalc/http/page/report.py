"""The report page of each kind the page answers (issues 21, 25, 26, 27, 35): the comparison
with its weight analysis and best plan (``--format html``), the readable plan (``--plan
--format html``), the event's award (``--event --format html``) and the converted comparison
(``--convert --format html``), each with its download button and its status.
"""

from __future__ import annotations

from ...analysis.document import analyze
from ...kinds import BY_NAME, COMPARISON, RequestKind, detect_kind
from ...planning.document import plan
from ..operations import STATUS_BY_EXIT_CODE
from .download import with_download
from .kinds import PAGE_KINDS


def kind_page(kind: RequestKind, raw: bytes, lang: str) -> tuple[int, str]:
    """A body of another kind than the comparison (an event, a plan, a conversion): its row's
    HTML page, the bytes of its CLI's ``--format html`` (issue 39), with the download button."""
    shown = kind.present("html", raw, lang)
    status = STATUS_BY_EXIT_CODE[shown.exit_code]
    return status, with_download(shown.body.decode("utf-8"), raw, lang, status)


def event_page(raw: bytes, lang: str) -> tuple[int, str]:
    """A sourcing event (issue 26): its award for people, as ``--event --format html``."""
    return kind_page(BY_NAME["event"], raw, lang)


def conversion_page(raw: bytes, lang: str) -> tuple[int, str]:
    """A converted comparison (issue 27), as ``--convert --format html``."""
    return kind_page(BY_NAME["convert"], raw, lang)


def pasted_page(raw: bytes, lang: str) -> tuple[int, str] | None:
    """The page of a pasted (or uploaded) JSON request of another kind than the comparison:
    an event, a plan, a conversion; ``None`` for a comparison."""
    kind = detect_kind(raw, among=PAGE_KINDS)
    return None if kind is COMPARISON else kind_page(kind, raw, lang)


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
