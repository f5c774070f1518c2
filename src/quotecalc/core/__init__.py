"""Layer 0 (the bottom), the engine's core: the frozen context and its records, exact
numbers, the field and constraint rule tables, the scoring dimensions, the codes and messages,
and the limits.

Imports nothing else of quotecalc (``docs/architecture.md``, "Layers").
"""
