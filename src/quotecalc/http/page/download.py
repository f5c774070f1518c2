"""The download button of a report page (issue 35): a plain form posting the request the page
answered (the pasted JSON, or the intake's request of the uploaded sheet) back to
``POST /quotecalc/report`` with ``format=xlsx``; no script.
"""

from __future__ import annotations

from typing import Final

from .html import stdlib_escape as _escape
from .words import WORDS

BUTTON_STYLE: Final = (
    "font:inherit;font-weight:600;padding:.45rem 1.2rem;background:#0072B2;color:#fff;border:0;"
    "min-height:2.75rem"
)


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
