"""Layer 1, exact algorithms the stages call: pure functions over integers and exact ratios,
with no context and no pipeline (``simplex``: the weight-space first-place regions).

Imports only :mod:`quotecalc.core` (``docs/architecture.md``, "Layers").
"""
