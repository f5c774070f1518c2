"""The links under every report page (issue 35): "change the inputs" and "new comparison",
with how the sheet was read after the answer."""

from __future__ import annotations

from collections.abc import Mapping

from .form_html import again_nav
from .html import NAV_STYLE


def with_nav(page: str, lang: str, values: Mapping[str, str], extra: str = "") -> str:
    """A report page with ``extra`` (how the sheet was read) after its answer, and the
    "change the inputs" / "new comparison" links (issue 35) before its footer (or the end of
    its main part), their style in its head. The report's own bytes are otherwise untouched."""
    nav = again_nav(lang, values)
    answer = page.find('id="answer"')
    after = page.find("</section>\n", answer) if answer >= 0 else -1
    if extra and after >= 0:
        after += len("</section>\n")
        page = page[:after] + extra + page[after:]
        extra = ""
    for anchor in ("<footer", "</main>", "</body>"):
        at = page.rfind(anchor)
        if at >= 0:
            page = page[:at] + extra + nav + page[at:]
            break
    head = page.find("</head>")
    if head >= 0:
        page = page[:head] + f"<style>{NAV_STYLE}</style>\n" + page[head:]
    return page
