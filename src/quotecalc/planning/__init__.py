"""Layer 5 (beside ``analysis``), the purchase-plan document (issue 20, ``docs/plan.md``):
``document`` renders the plan stage's decision; ``quotecalc.plan`` is its library door.

Imports only the engine and the layers below it (``docs/architecture.md``, "Layers").
"""
