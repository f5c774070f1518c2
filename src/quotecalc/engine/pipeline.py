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

from ..core.constraint_rules import CONSTRAINT_RULES, ConstraintRule, fixed_root_fields
from ..core.context import Context, Stage
from ..core.fields import FieldRule
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


def compared_stages(constraint_rules: tuple[ConstraintRule, ...]) -> tuple[Stage, ...]:
    """The comparison's stages after validation (CONTRACT §6-§14), which every kind that reads
    the fixed request runs: comparability, packs, cost, quality, the constraint rows, scoring,
    sensitivity, limitations."""
    return (
        ComparabilityGate(),
        PackCountStage(),
        CostStage(),
        QualityStage(),
        HardConstraints(rules=constraint_rules),
        ScoringStage(),
        SensitivityStage(),
        LimitationsStage(),
    )


def make_pipeline(constraint_rules: tuple[ConstraintRule, ...] = CONSTRAINT_RULES) -> Pipeline:
    """The comparison's pipeline (the fixed call's); each constraint row brings its root field
    row with it. Every other kind's pipeline is built by its document module
    (:class:`quotecalc.engine.run.Runner`, issue 39) from the same parts."""
    root_fields = fixed_root_fields(constraint_rules)
    return Pipeline(
        (Parse(), Validate(root_fields=root_fields), *compared_stages(constraint_rules))
    )


def validator_rows(pipeline: Pipeline) -> tuple[FieldRule, ...]:
    """The root rows exactly as ``pipeline``'s validator reads them (every request kind's
    validator, the fixed ``Validate`` or the event's own, is the stage named ``validate``)."""
    for stage in pipeline.stages:
        rows = getattr(stage, "root_fields", None)
        if stage.name == "validate" and rows is not None:
            found: tuple[FieldRule, ...] = rows
            return found
    raise LookupError("the pipeline has no Validate stage")


DEFAULT_PIPELINE = make_pipeline()
