"""quotecalc: a strict, exact, deterministic calculator comparing supplier quotes.

``calculate(raw: bytes | str) -> Result`` runs the whole contract (``docs/architecture.md``);
``analyze``, ``plan``, ``convert`` and ``award`` answer the other kinds of request (each its
document module's runner, the one the kind table's row names: ``quotecalc.kinds``), each a
:class:`Document` (``Result`` is its name for the comparison).
"""

from __future__ import annotations

from typing import Any

from .api import Result, calculate, request_input
from .engine.render import Document

__version__ = "0.1.0"
__all__ = [
    "Document",
    "Result",
    "__version__",
    "analyze",
    "award",
    "calculate",
    "convert",
    "plan",
    "stability",
]


def stability(raw: bytes | str) -> list[dict[str, Any]] | None:
    """Exact stability intervals of a ranked request (``docs/stability.md``), or ``None``.
    The request is taken as :func:`calculate` takes it (``bytes`` or ``str``, else
    ``TypeError``).

    Imported on first use: the host's JSON call never pays for it.
    """
    from .analysis.intervals import stability as intervals

    return intervals(request_input(raw, "stability"))


def analyze(raw: bytes | str, *, trace: bool = False) -> Document:
    """The weight-space analysis document of one request (issue 11, ``docs/analysis.md``),
    taken as :func:`calculate` takes it (``bytes`` or ``str``, else ``TypeError``); its
    ``result`` is the plain result object of the same run. Imported on first use: the host's
    JSON call never pays for it."""
    from .analysis.document import RUNNER

    return RUNNER.run(request_input(raw, "analyze"), trace=trace)


def plan(raw: bytes | str, *, trace: bool = False) -> Document:
    """The purchase-plan document of one plan request (issue 20, ``docs/plan.md``), taken as
    :func:`calculate` takes it (``bytes`` or ``str``, else ``TypeError``). The solver loads
    only when a split has to be searched."""
    from .planning.document import RUNNER

    return RUNNER.run(request_input(raw, "plan"), trace=trace)


def convert(raw: bytes | str, *, trace: bool = False) -> Document:
    """The converted comparison of one request with ``exchangeRates`` (issue 27,
    ``docs/conversions.md``), taken as :func:`calculate` takes it (``bytes`` or ``str``, else
    ``TypeError``)."""
    from .planning.conversion import RUNNER

    return RUNNER.run(request_input(raw, "convert"), trace=trace)


def award(raw: bytes | str, *, trace: bool = False) -> Document:
    """The event-award document of one event request (issue 26, ``docs/event.md``), taken as
    :func:`calculate` takes it (``bytes`` or ``str``, else ``TypeError``)."""
    from .planning.event_document import RUNNER

    return RUNNER.run(request_input(raw, "award"), trace=trace)
