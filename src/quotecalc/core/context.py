"""The one type every stage reads and returns, and the records the stages add to it.

The stage contract (one documented type, like structlog's processors)::

    class Stage(Protocol):
        name: str
        def __call__(self, ctx: Context) -> Context: ...
        def summary(self, ctx: Context) -> dict[str, object]: ...

A stage is a frozen attrs object. It receives the frozen :class:`Context`, and returns a new
one made with :func:`attrs.evolve` holding what it decided. A stage that cannot go on sets
:attr:`Context.halt` (its own name and the reason); the pipeline then runs no later stage and
records each as skipped. No stage raises to steer the pipeline and none keeps state.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

import attrs

from .exact import Ratio
from .fields import Fields as Fields  # noqa: PLC0414 (re-exported: the stages read it here)
from .records import Record

if TYPE_CHECKING:
    # Only the plan pipeline fills ``Context.plan``, only the plan and --convert pipelines
    # ``Context.conversion``, only the event pipeline ``event`` and ``award``: the fixed call
    # never loads their modules.
    from .conversion_rules import ConversionReport
    from .event_rules import EventOutcome, EventRequest
    from .plan_rules import PurchasePlan


@attrs.frozen(eq=False, repr=False)
class FieldError(Record):
    """One validation error: a fixed code at an RFC 6901 pointer of contract names (§4.4)."""

    code: str
    path: str


@attrs.frozen(eq=False, repr=False)
class Halt(Record):
    """Why the pipeline stopped, and which stage stopped it."""

    stage: str
    reason: str


@attrs.frozen(eq=False, repr=False)
class Request(Record):
    """A request that passed validation: root fields and one mapping per quote, by contract
    field name; an omitted field is simply absent (omitted is not zero, §5)."""

    fields: Fields
    quotes: tuple[Fields, ...]
    supplier_ids: tuple[str, ...] = attrs.field(init=False)

    @supplier_ids.default
    def _supplier_ids(self) -> tuple[str, ...]:
        return tuple(str(quote["supplierId"]) for quote in self.quotes)


@attrs.frozen(eq=False, repr=False)
class Comparability(Record):
    """§6 for one quote: comparable iff nothing conflicts and the root fields are present."""

    comparable: bool
    conflicts: tuple[str, ...]


@attrs.frozen(eq=False, repr=False)
class PackCounts(Record):
    """§7 pack counts for one quote; ``None`` where an input it depends on is missing."""

    packs_required: int | None = None
    packs_purchased: int | None = None
    delivered_quantity: int | None = None
    overbuy_quantity: int | None = None


@attrs.frozen(eq=False, repr=False)
class Cost(Record):
    """§7 money for one quote: exact Decimals, and exact ratios rounded only at display."""

    goods_subtotal: Decimal | None = None
    landed_total: Decimal | None = None
    cost_per_delivered_unit: Ratio | None = None
    unit_quote_price: Ratio | None = None


@attrs.frozen(eq=False, repr=False)
class QualityAssessment(Record):
    """§9 for one quote: ``issues`` (all codes, for ``quality.issues``) and the subset that are
    ``conflicts`` (they block ranking and make the result partial)."""

    issues: tuple[str, ...]
    conflicts: tuple[str, ...]


@attrs.frozen(eq=False, repr=False)
class ConstraintCheck(Record):
    """One hard constraint evaluated for one quote (§8)."""

    constraint: str
    status: str
    limit: int | Decimal
    value: int | Decimal | Ratio | None
    """The quote value checked: an input or derived value, or an exact ratio of two."""


@attrs.frozen(eq=False, repr=False)
class ConstraintVerdict(Record):
    """All constraints for one quote and the combined status (excluded > unknown > eligible)."""

    status: str
    checks: tuple[ConstraintCheck, ...]


@attrs.frozen(eq=False, repr=False)
class Limitation(Record):
    """One limitation (§12); keys that do not apply stay ``None`` and are not rendered."""

    code: str
    supplier_id: str | None = None
    field: str | None = None
    dimension: str | None = None


@attrs.frozen(eq=False, repr=False)
class RankEntry(Record):
    """One ranked candidate: dense rank, exact score and the components shown beside it."""

    rank: int
    supplier_id: str
    score: Ratio
    components: Mapping[str, Ratio | None]


@attrs.frozen(eq=False, repr=False)
class Ranking(Record):
    """One ranking of the scoring set, compact: the order and the distinct scores, not one
    record per candidate (seven rankings of 100 candidates per request, docs/performance.md).

    Position ``p`` (display order) is candidate ``order[p]`` of the :class:`ScoreTable`, with
    supplier id ``supplier_ids[p]`` and dense rank ``ranks[p]``; rank ``r`` has the exact score
    ``scores[r - 1] / denominator`` (``scores`` strictly descending, one per distinct score).
    ``components`` is the table's per-candidate tuple, shared, not copied. Iterating yields the
    same facts one :class:`RankEntry` per position, for readers that want records.
    """

    order: tuple[int, ...]
    supplier_ids: tuple[str, ...]
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    denominator: int
    components: tuple[Mapping[str, Ratio | None], ...]
    # The integer weights (one per table dimension) and every candidate's integer total in
    # table order: what a ranking of the same table under moved weights starts from
    # (``stages.scoring.rank(..., start=...)``). Empty for a ranking built without them.
    factors: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()

    def __len__(self) -> int:
        return len(self.order)

    def __iter__(self) -> Iterator[RankEntry]:
        scores = [Ratio(total, self.denominator) for total in self.scores]
        components = self.components
        for index, supplier_id, rank in zip(self.order, self.supplier_ids, self.ranks, strict=True):
            yield RankEntry(rank, supplier_id, scores[rank - 1], components[index])

    def __getitem__(self, position: int) -> RankEntry:
        index, rank = self.order[position], self.ranks[position]
        score = Ratio(self.scores[rank - 1], self.denominator)
        return RankEntry(rank, self.supplier_ids[position], score, self.components[index])

    def same_order(self, other: Ranking) -> bool:
        """Whether both list the same ``(rank, supplierId)`` pairs (§11 ``rankingChanged``)."""
        return self.ranks == other.ranks and self.supplier_ids == other.supplier_ids


@attrs.frozen(eq=False, repr=False)
class ScoreTable(Record):
    """Everything needed to rank the scoring set under any weights, in exact integers.

    For candidate ``i`` and positive-weight dimension ``d``, ``terms[d][i]`` is
    ``component_d(i) * denominator``; a candidate's score under integer weights ``w`` (scaled
    by ``10**weight_places``) is ``sum(w_d * terms[d][i]) / (sum(w) * denominator)``.

    ``id_order`` (derived, not passed) is the candidates' positions sorted by supplier id in
    code-point order: every ranking of the table starts from it, so it is computed once with
    the table rather than once per ranking, and nothing outside the table remembers it.
    """

    supplier_ids: tuple[str, ...]
    dimensions: tuple[str, ...]
    terms: tuple[tuple[int, ...], ...]
    denominator: int
    components: tuple[Mapping[str, Ratio | None], ...]
    id_order: tuple[int, ...] = attrs.field(init=False)

    @id_order.default
    def _sorted_by_supplier_id(self) -> tuple[int, ...]:
        ids = self.supplier_ids
        return tuple(sorted(range(len(ids)), key=ids.__getitem__))


@attrs.frozen(eq=False, repr=False)
class Scoring(Record):
    """§10: the ranking (or ``None``) and the limitations that explain it."""

    ranking: Ranking | None
    limitations: tuple[Limitation, ...]
    table: ScoreTable | None = None


@attrs.frozen(eq=False, repr=False)
class Scenario(Record):
    """§11: one weight moved by one factor, and the ranking that results."""

    dimension: str
    direction: str
    factor: Decimal
    weights: Mapping[str, Decimal]
    ranking: Ranking
    ranking_changed: bool


@attrs.frozen(eq=False, repr=False)
class WeightRegion(Record):
    """Issue 11: the closed set of shares where one component vector ranks first (ties
    included), for every candidate with that vector; shares in the analysis' dimension order."""

    supplier_ids: tuple[str, ...]
    vertices: tuple[tuple[Fraction, ...], ...]
    area: Fraction


@attrs.frozen(eq=False, repr=False)
class WeightSwitch(Record):
    """Issue 11: the nearest shares (half-L1) where a non-winner ranks first or ties."""

    distance: Fraction
    point: tuple[Fraction, ...]
    supplier_ids: tuple[str, ...]


@attrs.frozen(eq=False, repr=False)
class WeightAnalysis(Record):
    """Issue 11: the weight-space analysis of a ranked result (``quotecalc.solvers.simplex``)."""

    candidates: tuple[str, ...]
    dimensions: tuple[str, ...]
    excluded_dimensions: tuple[str, ...]
    weights: tuple[Fraction, ...]
    winners: tuple[str, ...]
    regions: tuple[WeightRegion, ...]
    dominance: tuple[tuple[str, tuple[str, ...]], ...]
    switch: WeightSwitch | None


@attrs.frozen(eq=False, repr=False)
class Context(Record):
    """The frozen state the pipeline threads through its stages (see the module docstring).

    Per-quote tuples are in input order and have one entry per quote once their stage ran.
    """

    raw: bytes
    document: object = None
    request: Request | None = None
    errors: tuple[FieldError, ...] = ()
    halt: Halt | None = None
    comparability: tuple[Comparability, ...] = ()
    packs: tuple[PackCounts, ...] = ()
    costs: tuple[Cost, ...] = ()
    quality: tuple[QualityAssessment, ...] = ()
    constraints: tuple[ConstraintVerdict, ...] = ()
    scoring: Scoring | None = None
    sensitivity: tuple[Scenario, ...] = ()
    limitations: tuple[Limitation, ...] = ()
    status: str | None = None
    analysis: WeightAnalysis | None = None
    plan: PurchasePlan | None = None
    conversion: ConversionReport | None = None
    # Only the event pipeline (issue 26) fills these; the fixed call never loads the module.
    event: EventRequest | None = None
    award: EventOutcome | None = None


class Stage(Protocol):
    """The stage contract: see the module docstring."""

    @property
    def name(self) -> str: ...

    def __call__(self, ctx: Context) -> Context: ...

    def summary(self, ctx: Context) -> dict[str, object]: ...
