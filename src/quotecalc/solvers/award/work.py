"""How much work an award may spend (issues 33 and 38, ``docs/event-solver.md``, "The budget"
and "Effort"): every count fixed before the search starts, never a clock, so the same event and
effort give the same award, bound and proof on any machine."""

from __future__ import annotations

from typing import Final, NamedTuple

from .exact import DEFAULT_WORK
from .model import SEARCH_LEVELS, Event, search_size


class Work(NamedTuple):
    """The counts of work one search with the solver libraries may spend (:mod:`.many`): the
    relaxation's iterations (each solve; 0: no relaxation), supplier sets priced item by item,
    relaxations solved by the walk, CP-SAT's deterministic seconds, the neighbourhoods searched
    exactly around the walk's award with the deterministic seconds of each, and whether the
    relaxation is solved by the interior point method (a large model)."""

    iterations: int
    sets: int
    relaxations: int
    seconds: float
    neighbourhoods: int = 0
    neighbourhood_seconds: float = 0.0
    interior: bool = False


# The proof budget of one award, in CP-SAT deterministic seconds (reproducible, unlike wall
# time; docs/event-solver.md, "The budget"). A deterministic second cost 2.5-4.5 s of CPU on
# the project's shared machine (more on larger models and under load). 3 proves the realistic
# 20 x 10 events (0.2-0.6 needed, searched from the walk's award) and keeps every bench event's
# award at least as cheap as before issue 38 (decision 38.2).
DEFAULT_BUDGET: Final = 3.0
# Above this many price levels in the model (search_size) the budget shrinks with the square of
# the ratio: building, presolving and a deterministic second all cost more on a larger model,
# and there the walk over supplier sets and the neighbourhood searches find the award (a 50 x
# 20 event of about 1,750 levels gets about 1 deterministic second, decision 38.2).
BUDGET_LEVELS: Final = 1000
# How hard the search tries (issue 38): a name on the request and at every door, each a count of
# deterministic work, so the same request and effort give the same bytes on any machine.
# "standard" answers a 50 x 20 event in seconds; "proof" keeps searching until the award is
# proven or a far larger count of work is spent (docs/event-solver.md, "Effort").
EFFORTS: Final = ("standard", "proof")
DEFAULT_EFFORT: Final = "standard"
# The proof effort's CP-SAT budget and one-item nodes as a multiple of the standard effort's.
PROOF_FACTOR: Final = 30
# The relaxation (decision 38.10): up to SIMPLEX_LEVELS price levels by the dual simplex within
# SIMPLEX_ITERATIONS (a realistic 50 x 20 event, 1,750 levels, needs about 2,700), warm-started
# again and again by the walk; up to RELAXATION_LEVELS by the interior point method within
# IPM_ITERATIONS (40-55 needed) for its bound and the walk's starting sets, without the walk's
# own relaxations (each would start cold); above, none (as before issue 38). A dual simplex
# iteration costs more on a larger model and their count varies by the event's kind (an
# adversarial 85 x 87 event needed 71,000 iterations and 72 s of CPU, a realistic 115 x 40 of
# the same size 15,700 and 2.6 s); the interior point method took 2.4-3.2 s on adversarial
# events of 3,800-4,100 levels where the simplex took 8.
SIMPLEX_LEVELS: Final = 2000
RELAXATION_LEVELS: Final = 6000
SIMPLEX_ITERATIONS: Final = 50_000
IPM_ITERATIONS: Final = 100
# Then the supplier sets priced item by item and the relaxations the walk solves, per effort
# (docs/event-solver.md, "The search and the proof"): the standard counts found the proven
# optimum of all ten realistic 50 x 20 reference events (tests/data/event/reference/).
SETS: Final = {"standard": 40, "proof": 120}
LEAST_SETS: Final = 4
RELAXATIONS: Final = {"standard": 300, "proof": 1200}
# The neighbourhoods CP-SAT searches around the walk's award, and the deterministic seconds of
# each (decision 38.5).
NEIGHBOURHOODS: Final = {"standard": 4, "proof": 12}
NEIGHBOURHOOD_SECONDS: Final = 0.1


def work_of(effort: str, budget: float, event: Event | None = None) -> Work:
    """The counts of work of ``effort`` with ``budget`` deterministic seconds of CP-SAT. Above
    :data:`SIMPLEX_LEVELS` price levels the relaxation is solved by the interior point method
    and the walk solves none of its own, and the sets it prices shrink in proportion to the
    levels (at least :data:`LEAST_SETS`); the neighbourhood searches shrink like the budget
    (:func:`size_scale`, at least one). Without these an adversarial event of 85 items x 87
    suppliers (7,959 levels) cost 193 s of CPU (decision 38.10); with the walk shrunk like the
    budget at 50 x 20 too, two of ten reference events missed their optimum (up to 0.54 %)."""
    scale = 1.0 if event is None else size_scale(event)
    size = 0 if event is None else search_size(event)
    interior = size > SIMPLEX_LEVELS
    iterations = IPM_ITERATIONS if interior else SIMPLEX_ITERATIONS
    return Work(
        0 if size > RELAXATION_LEVELS else iterations,
        max(LEAST_SETS, round(SETS[effort] * min(1.0, SIMPLEX_LEVELS / max(size, 1)))),
        0 if interior else RELAXATIONS[effort],
        budget,
        max(1, round(NEIGHBOURHOODS[effort] * scale)),
        NEIGHBOURHOOD_SECONDS,
        interior,
    )


def size_scale(event: Event) -> float:
    """``min(1, (BUDGET_LEVELS / size)^2)`` for the model's price levels (:func:`search_size`):
    how the CP-SAT work shrinks on a larger model."""
    return min(1.0, BUDGET_LEVELS / max(search_size(event), 1)) ** 2


def effort_factor(effort: str) -> int:
    """The CP-SAT budget and nodes of ``effort`` as a multiple of the standard effort's; an
    unknown name is a caller's defect (the request's validation allows only :data:`EFFORTS`)."""
    if effort not in EFFORTS:
        raise ValueError("an effort the award engine does not know")
    return PROOF_FACTOR if effort == "proof" else 1


def event_budget(event: Event, effort: str = DEFAULT_EFFORT) -> float:
    """The default budget of an event: :data:`DEFAULT_BUDGET` deterministic seconds times the
    effort's factor, times ``(BUDGET_LEVELS / size)^2`` when the model has more price levels
    (:func:`search_size`) than that; 0 above :data:`SEARCH_LEVELS` (no model is built: the
    first award and the plain bound are the answer)."""
    if search_size(event) > SEARCH_LEVELS:
        return 0.0
    return DEFAULT_BUDGET * effort_factor(effort) * size_scale(event)


def exact_work(budget: float) -> int:
    """The work budget of the exact search without a solver (:mod:`.exact`) for a proof
    budget of ``budget`` CP-SAT deterministic seconds: :data:`.exact.DEFAULT_WORK` at
    :data:`DEFAULT_BUDGET`, in proportion (rounded down), so a budget of 0 searches nothing and
    a shrunk budget shrinks both."""
    return int(DEFAULT_WORK * budget / DEFAULT_BUDGET)
