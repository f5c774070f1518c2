"""The blank template workbooks (issue 35, ``docs/xlsx.md``): the intake's own templates
(:mod:`quotecalc.intake.template`), served at
``GET /quotecalc/page/template?kind=comparison|event&lang=en|zh`` and linked from the form
(:func:`template_links`) and from every unknown-column hint on the error page
(:func:`hint_links`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .html import stdlib_escape as _escape
from .words import WORDS

TEMPLATE_PATH: Final = "/quotecalc/page/template"
TEMPLATE_KINDS: Final = ("comparison", "event")


def template_href(kind: str, lang: str) -> str:
    """The template's address on the page's service."""
    return f"{TEMPLATE_PATH}?kind={kind}&amp;lang={lang}"


def _links(lang: str) -> str:
    words = WORDS[lang]
    other = "zh" if lang == "en" else "en"
    return words["list_join"].join(
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
