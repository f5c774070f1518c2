"""quotecalc: a strict, exact, deterministic calculator comparing supplier quotes.

``calculate(raw: bytes | str) -> Result`` runs the whole contract (``docs/architecture.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .api import Result, calculate, request_input

if TYPE_CHECKING:
    from .analysis.document import Analysis
    from .planning.conversion import ConvertedComparison
    from .planning.document import PlanDocument
    from .planning.event_document import EventDocument

__version__ = "0.1.0"
__all__ = [
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


def analyze(raw: bytes | str, *, trace: bool = False) -> Analysis:
    """The weight-space analysis document of one request (issue 11, ``docs/analysis.md``),
    taken as :func:`calculate` takes it (``bytes`` or ``str``, else ``TypeError``).

    Imported on first use: the host's JSON call never pays for it.
    """
    from .analysis.document import analyze as weight_analysis

    return weight_analysis(request_input(raw, "analyze"), trace=trace)


def plan(raw: bytes | str, *, trace: bool = False) -> PlanDocument:
    """The purchase-plan document of one plan request (issue 20, ``docs/plan.md``), taken as
    :func:`calculate` takes it (``bytes`` or ``str``, else ``TypeError``).

    Imported on first use: the host's JSON call never pays for it (nor for the solver, which
    loads only when a split has to be searched).
    """
    from .planning.document import plan as purchase_plan

    return purchase_plan(request_input(raw, "plan"), trace=trace)


def convert(raw: bytes | str, *, trace: bool = False) -> ConvertedComparison:
    """The converted comparison of one request with ``exchangeRates`` (issue 27,
    ``docs/conversions.md``), taken as :func:`calculate` takes it (``bytes`` or ``str``, else
    ``TypeError``).

    Imported on first use: the host's JSON call never pays for it.
    """
    from .planning.conversion import convert as converted

    return converted(request_input(raw, "convert"), trace=trace)


def award(raw: bytes | str, *, trace: bool = False) -> EventDocument:
    """The event-award document of one event request (issue 26, ``docs/event.md``), taken as
    :func:`calculate` takes it (``bytes`` or ``str``, else ``TypeError``).

    Imported on first use: the host's JSON call never pays for it.
    """
    from .planning.event_document import award as event_award

    return event_award(request_input(raw, "award"), trace=trace)
