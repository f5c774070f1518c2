"""The purchase planner's exact search (issue 25, ``docs/plan.md``): :func:`best_plan`."""

from .search import DEFAULT_NODES, best_plan

__all__ = ["DEFAULT_NODES", "best_plan"]
