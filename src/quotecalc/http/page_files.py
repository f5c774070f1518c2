"""Files to take away from the analyst's page (issue 35, ``docs/xlsx.md``): the report's
workbook and the blank templates.

- :func:`with_download`: a report page with its download button, a plain form posting the
  request the page answered (the pasted JSON, or the intake's request of the uploaded sheet)
  back to ``POST /quotecalc/report`` with ``format=xlsx``; no script.
- :func:`workbook_of`: that post's answer, the workbook of the same request
  (the kind's row's ``xlsx`` presenter, the CLI's ``--format xlsx`` bytes): an event, a plan, a
  converted comparison or a comparison, recognised from the request as the page does.
- ``GET /quotecalc/page/template?kind=comparison|event&lang=en|zh``
  (:func:`template_endpoint`): the intake's own template workbooks
  (:mod:`quotecalc.intake.template`), linked from the form (:func:`template_links`) and from
  every unknown-column hint on the error page (:func:`hint_links`).
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import html
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import Response

from ..kinds import KINDS, detect_kind
from .edge import NO_STORE, error_response, outcome
from .operations import STATUS_BY_EXIT_CODE, Page

TEMPLATE_PATH: Final = "/quotecalc/page/template"
TEMPLATE_KINDS: Final = ("comparison", "event")
LANGS: Final = ("en", "zh")
XLSX_MEDIA: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
WORDS: Final = {
    "en": {
        "download": "Download as an Excel workbook (.xlsx)",
        "templates": "Blank templates:",
        "template.comparison": "quote sheet",
        "template.event": "sourcing event workbook",
        "other": "Chinese",
        "hint_templates": "Templates:",
        "join": "; ",
    },
    "zh": {
        "download": "下载 Excel 工作簿（.xlsx）",
        "templates": "空白模板：",
        "template.comparison": "报价表",
        "template.event": "寻源项目工作簿",
        "other": "英文",
        "hint_templates": "模板：",
        "join": "；",
    },
}
BUTTON_STYLE: Final = (
    "font:inherit;font-weight:600;padding:.45rem 1.2rem;background:#0072B2;color:#fff;border:0"
)


def _escape(text: str) -> str:
    """HTML text and attribute values (``&``, ``<``, ``>`` and both quotes escaped)."""
    return html.escape(text, quote=True)


def template_href(kind: str, lang: str) -> str:
    """The template's address on the page's service."""
    return f"{TEMPLATE_PATH}?kind={kind}&amp;lang={lang}"


def _links(lang: str) -> str:
    words = WORDS[lang]
    other = "zh" if lang == "en" else "en"
    return words["join"].join(
        f'<a href="{template_href(kind, lang)}" download>{_escape(words["template." + kind])}'
        f' (.xlsx)</a> (<a href="{template_href(kind, other)}" download'
        f' hreflang="{other}">{_escape(words["other"])}</a>)'
        for kind in TEMPLATE_KINDS
    )


def template_links(lang: str) -> str:
    """The form's paragraph linking the blank templates (comparison and event, both
    languages)."""
    return f'<p class="note">{_escape(WORDS[lang]["templates"])} {_links(lang)}</p>\n'


def hint_links(lang: str, error: Mapping[str, str]) -> str:
    """After an unknown-column hint on the error page: the templates' links (empty for any
    other error). The hint's own words stay the intake's and the page's."""
    if error.get("code") != "unknown_column":
        return ""
    return f" {_escape(WORDS[lang]['hint_templates'])} {_links(lang)}"


def download_form(raw: bytes, lang: str) -> str:
    """The download button: the answered request posted back with ``format=xlsx``."""
    request = _escape(raw.decode("utf-8", "replace"))
    return (
        '<form method="post" action="/quotecalc/report" enctype="multipart/form-data"'
        ' class="download">\n'
        f'<input type="hidden" name="request" value="{request}">\n'
        f'<input type="hidden" name="lang" value="{lang}">\n'
        '<input type="hidden" name="format" value="xlsx">\n'
        f'<p><button type="submit" style="{BUTTON_STYLE}">'
        f"{_escape(WORDS[lang]['download'])}</button></p>\n</form>\n"
    )


def with_download(page: str, raw: bytes, lang: str, status: int) -> str:
    """A report page with its download button before the end of its main part; a page of
    errors (status other than 200) has none."""
    if status != 200:
        return page
    marker = "</main>" if "</main>" in page else "</body>"
    head, _, tail = page.rpartition(marker)
    return head + download_form(raw, lang) + marker + tail


PAGE_KINDS: Final = tuple(kind for kind in KINDS if kind.doors.page_label is not None)
"""The kinds the page answers a body of (the comparison with its report, the plan, the
event's award, the converted comparison), told apart by
:func:`quotecalc.kinds.detect_kind`."""


def kind_of(raw: bytes) -> str:
    """Which document the page answers for these bytes, as the page decides
    (:func:`quotecalc.kinds.detect_kind` among the page's kinds): an event, a plan
    request, a converted comparison, else a comparison."""
    return detect_kind(raw, among=PAGE_KINDS).name


def workbook_of(raw: bytes, lang: str) -> tuple[int, bytes, dict[str, str]]:
    """The workbook answering a download (the kind's row's ``xlsx`` presenter, the CLI's
    ``--format xlsx`` bytes): status (as for the page), bytes, headers."""
    kind = detect_kind(raw, among=PAGE_KINDS)
    shown = kind.present("xlsx", raw, lang)
    headers = workbook_headers(kind.name, lang)
    return STATUS_BY_EXIT_CODE[shown.exit_code], shown.body, headers


def workbook_headers(kind: str, lang: str) -> dict[str, str]:
    """The headers of a downloaded workbook of ``kind`` in ``lang``."""
    return {
        **NO_STORE,
        "Content-Disposition": f'attachment; filename="quotecalc-{kind}-{lang}.xlsx"',
        "X-Content-Type-Options": "nosniff",
    }


def template_endpoint(row: Page) -> Callable[[Request], Awaitable[Response]]:
    """``GET /quotecalc/page/template``: a blank template workbook (the intake's own, as
    ``--template en|zh [--event]`` writes it); an unknown kind or language is 404."""

    async def template(request: Request) -> Response:
        kind = request.query_params.get("kind", "comparison")
        lang = request.query_params.get("lang", "en")
        if kind not in TEMPLATE_KINDS or lang not in LANGS:
            outcome(request.scope, "not_found")
            return error_response("not_found")
        from ..intake.template import event_template, xlsx_template

        body = event_template(lang) if kind == "event" else xlsx_template(lang)
        name = f"quotecalc-{'event' if kind == 'event' else 'quotes'}-template-{lang}.xlsx"
        headers = {
            **NO_STORE,
            "Content-Disposition": f'attachment; filename="{name}"',
            "X-Content-Type-Options": "nosniff",
        }
        return Response(body, 200, headers, XLSX_MEDIA)

    return template


def asks_for_workbook(fields: Mapping[str, Any]) -> bool:
    """Whether the form asks for the workbook (``format=xlsx``)."""
    return str(fields.get("format") or "") == "xlsx"
