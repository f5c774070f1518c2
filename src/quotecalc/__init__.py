"""quotecalc: a strict, exact, deterministic calculator comparing supplier quotes.

``calculate(raw: bytes) -> Result`` runs the whole contract (``docs/architecture.md``).
"""

from __future__ import annotations

from .api import Result, calculate

__version__ = "0.1.0"
__all__ = ["Result", "__version__", "calculate"]
