"""quotecalc: a strict, exact, deterministic calculator comparing supplier quotes.

``calculate(raw: bytes | str) -> Result`` runs the whole contract (``docs/architecture.md``).
"""

from __future__ import annotations

from typing import Any

from .api import Result, calculate

__version__ = "0.1.0"
__all__ = ["Result", "__version__", "calculate", "stability"]


def stability(raw: bytes | str) -> list[dict[str, Any]] | None:
    """Exact stability intervals of a ranked request (``docs/stability.md``), or ``None``.
    The request is taken as :func:`calculate` takes it (``bytes`` or ``str``, else
    ``TypeError``).

    Imported on first use: the host's JSON call never pays for it.
    """
    from .api import request_input
    from .intervals import stability as intervals

    return intervals(request_input(raw, "stability"))
