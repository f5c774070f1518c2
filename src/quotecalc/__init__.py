"""quotecalc: a strict, exact, deterministic calculator comparing supplier quotes.

``calculate(raw: bytes) -> Result`` runs the whole contract (``docs/architecture.md``).
"""

from __future__ import annotations

from typing import Any

from .api import Result, calculate

__version__ = "0.1.0"
__all__ = ["Result", "__version__", "calculate", "stability"]


def stability(raw: bytes) -> list[dict[str, Any]] | None:
    """Exact stability intervals of a ranked request (``docs/stability.md``), or ``None``.

    Imported on first use: the host's JSON call never pays for it.
    """
    from .intervals import stability as intervals

    return intervals(raw)
