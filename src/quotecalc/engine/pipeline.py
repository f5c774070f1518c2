"""The engine: an ordered tuple of stages run by a plain loop over a frozen context.

Order (CONTRACT sections): parse (§4.1) -> validate (§4.2-4.4) -> comparability (§6) -> packs
(§7) -> cost (§7) -> quality (§9) -> constraints (§8) -> scoring (§10) -> sensitivity (§11) ->
limitations (§12, §14). Quality runs before constraints because a quality conflict makes the
``minimumQualityScore`` constraint unknown.

When a stage halts (sets ``ctx.halt``), every later stage is skipped, explicitly: the loop
checks the halt before each stage and the trace records ``skipped`` with the reason.
"""

from __future__ import annotations

from time import perf_counter_ns

import attrs

from ..core.constraint_rules import CONSTRAINT_RULES, ConstraintRule
from ..core.context import Context, Stage
from ..core.fields import BASE_ROOT_FIELDS
from ..core.records import Record
from ..stages.comparability import ComparabilityGate
from ..stages.constraints import HardConstraints
from ..stages.cost import CostStage
from ..stages.limitations import LimitationsStage
from ..stages.packs import PackCountStage
from ..stages.parse import Parse
from ..stages.quality import QualityStage
from ..stages.scoring import ScoringStage
from ..stages.sensitivity import SensitivityStage
from ..stages.validate import Validate


@attrs.frozen(eq=False, repr=False)
class TraceEntry(Record):
    """What one stage did: ``ran``, ``short_circuit`` (it halted) or ``skipped`` (with why)."""

    stage: str
    outcome: str
    reason: str | None
    summary: dict[str, object]
    nanoseconds: int


@attrs.frozen(eq=False, repr=False)
class Pipeline(Record):
    """An ordered tuple of stages; :meth:`run` is the whole engine."""

    stages: tuple[Stage, ...]

    def run(self, raw: bytes) -> Context:
        ctx = Context(raw=raw)
        for stage in self.stages:
            if ctx.halt is not None:
                break
            ctx = stage(ctx)
        return ctx

    def run_traced(self, raw: bytes) -> tuple[Context, tuple[TraceEntry, ...]]:
        """Like :meth:`run`, also recording one :class:`TraceEntry` per stage."""
        ctx = Context(raw=raw)
        entries: list[TraceEntry] = []
        for stage in self.stages:
            if ctx.halt is not None:
                reason = f"halted by {ctx.halt.stage}: {ctx.halt.reason}"
                entries.append(TraceEntry(stage.name, "skipped", reason, {}, 0))
                continue
            started = perf_counter_ns()
            ctx = stage(ctx)
            elapsed = perf_counter_ns() - started
            halted_here = ctx.halt is not None and ctx.halt.stage == stage.name
            entries.append(
                TraceEntry(
                    stage.name,
                    "short_circuit" if halted_here else "ran",
                    ctx.halt.reason if halted_here and ctx.halt is not None else None,
                    stage.summary(ctx),
                    elapsed,
                )
            )
        return ctx, tuple(entries)


def make_pipeline(
    constraint_rules: tuple[ConstraintRule, ...] = CONSTRAINT_RULES,
    *,
    analysis: bool = False,
    plan: bool = False,
    convert: bool = False,
    event: bool = False,
) -> Pipeline:
    """The quotecalc pipeline; each constraint row brings its root field row with it.

    ``analysis=True`` appends the weight-space analysis stage (issue 11); ``plan=True`` reads
    the plan request (its rows and its cross-field rule) and appends the purchase-plan stage
    (issue 20). ``convert=True`` (issue 27) reads ``exchangeRates``, converts after validation
    and appends the rate-sensitivity stage; a plan pipeline always reads ``exchangeRates``,
    ``asOf`` and ``balances`` and converts. Their modules are imported only then, so the
    default pipeline never loads them. ``event=True`` is another request kind (issue 26):
    :func:`event_pipeline`, whatever the other arguments.
    """
    if event:
        return event_pipeline()
    root_fields = BASE_ROOT_FIELDS + tuple(rule.field for rule in constraint_rules)
    validate = Validate(root_fields=root_fields)
    extra: tuple[Stage, ...] = ()
    early: tuple[Stage, ...] = ()
    if convert or plan:
        from ..core.conversion_rules import BALANCE_ROOT_FIELDS, RATE_ROOT_FIELDS, with_rows
        from ..stages.convert import ConvertStage, check_balance_suppliers, check_rate_pairs

        rows = RATE_ROOT_FIELDS + (BALANCE_ROOT_FIELDS if plan else ())
        checks = (check_rate_pairs, check_balance_suppliers) if plan else (check_rate_pairs,)
        validate = Validate(
            root_fields=with_rows(root_fields, *rows),
            cross_field_rules=(*validate.cross_field_rules, *checks),
        )
        early = (ConvertStage(),)
    if convert:
        from ..stages.rate_sensitivity import RateSensitivityStage

        extra = (RateSensitivityStage(),)
    if analysis:
        from ..stages.analysis import AnalysisStage

        extra = (AnalysisStage(),)
    if plan:
        from ..core.plan_rules import plan_root_fields
        from ..stages.plan import PlanStage, check_breaks_increasing

        validate = Validate(
            root_fields=plan_root_fields(validate.root_fields),
            cross_field_rules=(*validate.cross_field_rules, check_breaks_increasing),
        )
        extra = (*extra, PlanStage())
    return Pipeline(
        (
            Parse(),
            validate,
            *early,
            ComparabilityGate(),
            PackCountStage(),
            CostStage(),
            QualityStage(),
            HardConstraints(rules=constraint_rules),
            ScoringStage(),
            SensitivityStage(),
            LimitationsStage(),
            *extra,
        )
    )


def event_pipeline() -> Pipeline:
    """The sourcing-event pipeline (issue 26, ``docs/event.md``): parse (with the event's own
    size limit), validate (the event rows), gate, award. None of the fixed stages: the
    event is its own request. Its modules are imported only here."""
    from ..core.limits import MAX_EVENT_BYTES
    from ..stages.event_award import EventAwardStage
    from ..stages.event_gate import EventGateStage
    from ..stages.event_validate import EventValidate

    return Pipeline(
        (Parse(max_bytes=MAX_EVENT_BYTES), EventValidate(), EventGateStage(), EventAwardStage())
    )


DEFAULT_PIPELINE = make_pipeline()
