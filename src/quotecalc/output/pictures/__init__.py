"""Pictures of a result and its weight analysis (issue 11; ``docs/pictures.md``).

``svg_picture(analysis_doc, lang)`` draws the weight map of a weight-analysis document;
``html_page(result, analysis_doc, lang)`` is one self-contained page holding the report's
facts, a landed-cost breakdown and the weight map. Both are pure renderers over the two
documents (they read, never recompute), byte-deterministic, and stdlib only. This package is
a door: the core never imports it, and the JSON path never loads it.
"""

from __future__ import annotations

from .html import html_page
from .svg import svg_picture

__all__ = ["html_page", "svg_picture"]
