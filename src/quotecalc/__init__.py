"""quotecalc: a strict, exact, deterministic calculator comparing supplier quotes.

``calculate(raw: bytes) -> Result`` runs the whole contract (``docs/architecture.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .api import Result, calculate

if TYPE_CHECKING:
    from .analysis import Analysis

__version__ = "0.1.0"
__all__ = ["Result", "__version__", "analyze", "calculate", "stability"]


def stability(raw: bytes) -> list[dict[str, Any]] | None:
    """Exact stability intervals of a ranked request (``docs/stability.md``), or ``None``.

    Imported on first use: the host's JSON call never pays for it.
    """
    from .intervals import stability as intervals

    return intervals(raw)


def analyze(raw: bytes, *, trace: bool = False) -> Analysis:
    """The weight-space analysis document of one request (issue 11, ``docs/analysis.md``).

    Imported on first use: the host's JSON call never pays for it.
    """
    from .analysis import analyze as weight_analysis

    return weight_analysis(raw, trace=trace)
