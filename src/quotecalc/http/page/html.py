"""The page's document shell (issue 21): the ``<html>`` around the form and the error page,
with the report page's style (:data:`quotecalc.output.pictures.html.STYLE`) so the form, the
errors and the report look alike, and the form's own styles. No script.
"""

from __future__ import annotations

import html
from typing import Final

from ...output.wording import LANG_TAGS

FORM_STYLE: Final = (
    "form{display:grid;gap:.8rem;max-width:44rem;grid-template-columns:minmax(0,1fr)}"
    "fieldset{border:1px solid #bbb;padding:.6rem .8rem;display:grid;gap:.5rem;min-width:0;"
    "grid-template-columns:minmax(0,1fr)}"
    "legend{font-weight:600;padding:0 .3rem}"
    "label{display:grid;gap:.2rem;font-size:.9rem;grid-template-columns:minmax(0,1fr)}"
    # A tap target is at least 44 px tall (issue 40, item 6): every control and link.
    "input,select,textarea{font:inherit;padding:.3rem .4rem;border:1px solid #767676;"
    "max-width:100%;min-height:2.75rem}"
    "textarea{min-height:8rem;font-family:ui-monospace,monospace;font-size:.85rem}"
    "button{font:inherit;font-weight:600;padding:.45rem 1.2rem;justify-self:start;"
    "background:#0072B2;color:#fff;border:0;min-height:2.75rem}"
    "input:focus,select:focus,textarea:focus,button:focus,a:focus{outline:2px solid #0072B2;"
    "outline-offset:1px}"
    "main a{display:inline-block;min-height:2.75rem;padding:.7rem 0;color:#005a8c}"
    # Three parts of a rate row on a line, then its date and source, wide enough to read.
    ".rate{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:.4rem;"
    "border:0;padding:0;margin:0}"
    ".rate label{grid-column:span 2;align-content:end}"
    ".rate label:nth-of-type(n+4){grid-column:span 3}"
    ".rate legend{font-weight:400;font-size:.85rem;padding:0}"
    "label.check{display:flex;align-items:center;gap:.6rem}.check .words{flex:1 1 0;min-width:0}"
    "input[type=checkbox]{width:2.75rem;height:2.75rem;margin:0;flex:none;"
    "accent-color:#0072B2}"
    # A label never breaks inside a bracket pair.
    ".nb{white-space:nowrap}"
    ".kept{border-left:4px solid #E69F00;background:#fdf6e9;padding:.4rem .8rem}"
    # A control an error is about (issue 40, item 5): its border, and its error's words.
    "[aria-invalid=true]{border:2px solid #b00020;background:#fff5f5}"
    ".field-error{display:block;color:#b00020;font-weight:600;font-size:.85rem}"
    '.field-error::before{content:"\\26A0\\FE0E  "}'
    "label.check .field-error{flex-basis:100%}label.check{flex-wrap:wrap}"
    # The error table fits a phone whole (issue 40: "what to do" is its key column): the
    # place a quarter, the words wrap, a cell reference breaks anywhere.
    ".errors td{vertical-align:top}.errors td:first-child{width:25%}"
    ".errors code{word-break:break-all}"
)
# The links under every report page (issue 35): styled here, injected by the page's door.
NAV_STYLE: Final = (
    ".again{display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;align-items:center;margin:1.2rem 0;"
    "padding:.6rem 0;border-top:1px solid #bbb}"
    ".again form{margin:0}"
    ".again button{font:inherit;font-weight:600;padding:.45rem 1.2rem;background:#0072B2;"
    "color:#fff;border:0;min-height:2.75rem}"
    ".again a{font-weight:600;color:#005a8c;display:inline-block;min-height:2.75rem;"
    "padding:.7rem 0}"
    ".again button:focus,.again a:focus{outline:2px solid #0072B2;outline-offset:2px}"
)


def escape(text: str) -> str:
    """HTML text and attribute values, as the report pages escape them."""
    from ...output.pictures.text import escape as escaped

    return escaped(text)


def stdlib_escape(text: str) -> str:
    """The standard library's escaping (both quotes, ``'`` as ``&#x27;``), which the download
    button and the templates' links have always used: kept so their bytes do not change."""
    return html.escape(text, quote=True)


def document(lang: str, title: str, body: str) -> str:
    """A whole page: ``title`` as its heading, ``body`` in its main part."""
    from ...output.pictures.html import STYLE

    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{LANG_TAGS[lang]}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)} · quotecalc</title>\n"
        f"<style>{STYLE}{FORM_STYLE}{NAV_STYLE}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{escape(title)}</h1>\n{body}</main>\n</body>\n</html>\n"
    )
