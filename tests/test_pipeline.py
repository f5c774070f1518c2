"""White-box tests of the pipeline loop (``quotecalc.engine.pipeline``).

Tiny fake stages (frozen attrs classes defined here) show the loop alone: stages run in
order over the frozen context; a stage that sets ``halt`` makes every later stage not run;
``run_traced`` records ``ran`` / ``short_circuit`` / ``skipped`` (with the reason). Then the
real ``make_pipeline`` is checked for its stage order and its constraint-row wiring.
"""

from __future__ import annotations

import attrs

from quotecalc.core.constraint_rules import CONSTRAINT_RULES, upper_limit
from quotecalc.core.context import Context, FieldError, Halt, Limitation
from quotecalc.core.fields import BASE_ROOT_FIELDS, decimal_field
from quotecalc.engine.pipeline import DEFAULT_PIPELINE, Pipeline, TraceEntry, make_pipeline
from quotecalc.stages.constraints import HardConstraints
from quotecalc.stages.validate import Validate


@attrs.frozen
class Mark:
    """Appends its name (as a limitation code) to the context: a visible footprint."""

    name: str

    def __call__(self, ctx: Context) -> Context:
        return attrs.evolve(ctx, limitations=(*ctx.limitations, Limitation(self.name)))

    def summary(self, ctx: Context) -> dict[str, object]:
        return {"marks": [limitation.code for limitation in ctx.limitations]}


@attrs.frozen
class Stop:
    """Halts with its own name and a fixed reason."""

    name: str
    reason: str = "cannot go on"

    def __call__(self, ctx: Context) -> Context:
        return attrs.evolve(
            ctx, errors=(FieldError("invalid_json", ""),), halt=Halt(self.name, self.reason)
        )

    def summary(self, ctx: Context) -> dict[str, object]:
        return {"stopped": True}


@attrs.frozen
class Boom:
    """Must never be called: it raises."""

    name: str

    def __call__(self, ctx: Context) -> Context:
        raise AssertionError(f"stage {self.name} ran after a halt")

    def summary(self, ctx: Context) -> dict[str, object]:
        raise AssertionError(f"stage {self.name} summarised after a halt")


@attrs.frozen
class SeeRaw:
    """Records the raw bytes it was given."""

    name: str = "see-raw"

    def __call__(self, ctx: Context) -> Context:
        return attrs.evolve(ctx, limitations=(Limitation(ctx.raw.decode()),))

    def summary(self, ctx: Context) -> dict[str, object]:
        return {}


def codes(ctx: Context) -> list[str]:
    return [limitation.code for limitation in ctx.limitations]


def test_plain_loop_runs_every_stage_in_order() -> None:
    ctx = Pipeline((Mark("a"), Mark("b"), Mark("c"))).run(b"{}")
    assert codes(ctx) == ["a", "b", "c"]
    assert ctx.halt is None
    assert ctx.raw == b"{}"


def test_the_loop_starts_from_a_fresh_context_of_the_raw_bytes() -> None:
    ctx = Pipeline((SeeRaw(),)).run(b"hello")
    assert codes(ctx) == ["hello"]
    assert ctx.request is None
    assert ctx.status is None


def test_empty_pipeline() -> None:
    assert Pipeline(()).run(b"x") == Context(raw=b"x")
    assert Pipeline(()).run_traced(b"x") == (Context(raw=b"x"), ())


def test_halting_stage_stops_the_loop() -> None:
    ctx = Pipeline((Mark("a"), Stop("stop"), Boom("b"), Boom("c"))).run(b"")
    assert codes(ctx) == ["a"]
    assert ctx.halt == Halt("stop", "cannot go on")
    assert ctx.errors == (FieldError("invalid_json", ""),)


def test_halting_first_stage() -> None:
    ctx = Pipeline((Stop("first"), Boom("b"))).run(b"")
    assert codes(ctx) == []
    assert ctx.halt == Halt("first", "cannot go on")


def test_run_traced_records_every_stage() -> None:
    pipeline = Pipeline((Mark("a"), Mark("b"), Stop("stop", "bad input"), Boom("c"), Boom("d")))
    ctx, trace = pipeline.run_traced(b"")
    assert codes(ctx) == ["a", "b"]
    assert [(e.stage, e.outcome, e.reason) for e in trace] == [
        ("a", "ran", None),
        ("b", "ran", None),
        ("stop", "short_circuit", "bad input"),
        ("c", "skipped", "halted by stop: bad input"),
        ("d", "skipped", "halted by stop: bad input"),
    ]
    # a stage that ran is summarised on the context it returned
    assert trace[0].summary == {"marks": ["a"]}
    assert trace[1].summary == {"marks": ["a", "b"]}
    assert trace[2].summary == {"stopped": True}
    # skipped stages: no summary, no time
    assert trace[3] == TraceEntry("c", "skipped", "halted by stop: bad input", {}, 0)
    assert all(entry.nanoseconds >= 0 for entry in trace)


def test_run_traced_without_halt() -> None:
    ctx, trace = Pipeline((Mark("a"), Mark("b"))).run_traced(b"")
    assert codes(ctx) == ["a", "b"]
    assert [(e.stage, e.outcome, e.reason) for e in trace] == [
        ("a", "ran", None),
        ("b", "ran", None),
    ]


def test_run_and_run_traced_agree() -> None:
    pipeline = Pipeline((Mark("a"), Stop("stop"), Boom("b")))
    ctx, _ = pipeline.run_traced(b"z")
    assert ctx == pipeline.run(b"z")


# ---- the real pipeline ----

STAGE_NAMES = [
    "parse",
    "validate",
    "comparability",
    "packs",
    "cost",
    "quality",
    "constraints",
    "scoring",
    "sensitivity",
    "limitations",
]


def test_make_pipeline_stage_order() -> None:
    assert [stage.name for stage in make_pipeline().stages] == STAGE_NAMES
    assert [stage.name for stage in DEFAULT_PIPELINE.stages] == STAGE_NAMES


def test_make_pipeline_wires_the_constraint_rows() -> None:
    budget = upper_limit(decimal_field("maxLandedTotal"), "landedTotal")
    rules = (*CONSTRAINT_RULES, budget)
    pipeline = make_pipeline(rules)
    validate = pipeline.stages[1]
    constraints = pipeline.stages[6]
    assert isinstance(validate, Validate)
    assert isinstance(constraints, HardConstraints)
    # each row brings its root field row, appended after the base rows
    assert validate.root_fields == BASE_ROOT_FIELDS + tuple(rule.field for rule in rules)
    assert constraints.rules == rules


def test_make_pipeline_without_constraints() -> None:
    pipeline = make_pipeline(())
    validate = pipeline.stages[1]
    assert isinstance(validate, Validate)
    assert validate.root_fields == BASE_ROOT_FIELDS


def test_real_pipeline_parse_halt_skips_the_rest() -> None:
    ctx, trace = make_pipeline().run_traced(b"[]")
    assert ctx.halt is not None
    assert ctx.halt.stage == "parse"
    assert ctx.errors == (FieldError("invalid_type", ""),)
    assert trace[0].stage == "parse"
    assert trace[0].outcome == "short_circuit"
    assert trace[0].reason == ctx.halt.reason
    assert [entry.outcome for entry in trace[1:]] == ["skipped"] * 9
    assert {entry.reason for entry in trace[1:]} == {f"halted by parse: {ctx.halt.reason}"}


def test_real_pipeline_validate_halt() -> None:
    ctx, trace = make_pipeline().run_traced(b'{"schemaVersion":1}')
    assert ctx.errors == (FieldError("missing_required", "/quotes"),)
    assert [entry.outcome for entry in trace[:2]] == ["ran", "short_circuit"]
    assert ctx.status is None
    assert ctx.request is None


def test_real_pipeline_runs_to_the_end() -> None:
    raw = b'{"schemaVersion":1,"quotes":[{"supplierId":"A"}]}'
    ctx, trace = make_pipeline().run_traced(raw)
    assert ctx.halt is None
    assert [entry.outcome for entry in trace] == ["ran"] * 10
    # every core field omitted (§5): partial
    assert ctx.status == "partial"
