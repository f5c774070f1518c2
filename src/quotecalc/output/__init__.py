"""Layer 6, what people read: the text report (``report``, ``analysis_text``), its words in en
and zh (``wording``), display-width cells (``cells``) and the SVG/HTML pictures
(``pictures``). Reads the engine's results; never recomputes a formula.

Imports only the layers below (``docs/architecture.md``, "Layers").
"""
