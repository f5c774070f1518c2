"""Layer 4, the documents beyond the fixed result that read a finished pipeline: the stability
intervals (``intervals``, ``quotecalc.stability``) and the weight-space analysis document
(``document``, ``quotecalc.analyze``).

Imports only the engine and the layers below it (``docs/architecture.md``, "Layers").
"""
