"""Layer 3, the engine: the pipeline loop and its factory (``pipeline``) and the fixed result
object every door prints (``render``).

Imports only the layers below: stages, solvers, core (``docs/architecture.md``, "Layers").
"""
