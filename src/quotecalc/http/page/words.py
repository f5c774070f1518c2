"""Every word of the analyst's page (issues 21, 29, 35), in English and Chinese: the catalog's
``form`` area (:mod:`quotecalc.output.wording.form`, issue 39), read by the HTML modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...output.wording import area

LANGS: Final = ("en", "zh")
WORDS: Final[dict[str, dict[str, str]]] = area("form")
"""The page's words by short name (``form.title`` as ``title``), with every shared word and
code under its key (``col.rate``), from the one catalog (issue 39)."""


def lang_of(values: Mapping[str, Any]) -> str:
    """The page's language from a form's or a query's ``lang``: ``en`` unless ``zh``."""
    lang = str(values.get("lang") or "en")
    return lang if lang in LANGS else "en"
