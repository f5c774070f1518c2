"""The event stages alone (issue 26): the gate as a function, the model built in id order,
the document of outcomes the engine rarely gives (a budget stop, no solver, a defect), each
against the published event schema."""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from typing import Any

import attrs
import pytest

from conftest import event_validator
from event_support import ENGINE, event, item, offer, supplier
from quotecalc.core.context import Context
from quotecalc.core.event_rules import EventOutcome, Usable
from quotecalc.engine.pipeline import DEFAULT_PIPELINE, Pipeline
from quotecalc.kinds import EVENT
from quotecalc.planning.event_document import EVENT_PIPELINE, award, render_event
from quotecalc.stages.event_award import EventAwardStage, build_event
from quotecalc.stages.event_gate import EventGateStage, gate
from quotecalc.stages.event_validate import EventValidate
from quotecalc.stages.parse import Parse


def _validated(raw: bytes) -> Context:
    ctx = Context(raw=raw)
    for stage in EVENT_PIPELINE.stages[:2]:
        ctx = stage(ctx)
    assert ctx.event is not None
    return ctx


def _valid(document: dict[str, Any]) -> None:
    errors = sorted(event_validator().iter_errors(document), key=str)
    assert not errors, errors[0].message


def test_the_event_pipeline_is_its_own_and_the_fixed_one_is_unchanged() -> None:
    stages = EVENT.pipeline().stages
    # The convert stage (issue 27) converts suppliers with a stated rate before the gate.
    assert [stage.name for stage in stages] == ["parse", "validate", "convert", "gate", "award"]
    assert isinstance(stages[0], Parse) and stages[0].max_bytes == 4194304
    assert isinstance(stages[1], EventValidate)
    assert [stage.name for stage in DEFAULT_PIPELINE.stages][:2] == ["parse", "validate"]
    assert DEFAULT_PIPELINE.stages[0] == Parse() and Parse().max_bytes == 262144
    assert not any(isinstance(stage, EventGateStage) for stage in DEFAULT_PIPELINE.stages)


def test_gate_usable_offers_skip_what_takes_no_part() -> None:
    raw = event(
        [item("a"), item("b")],
        [
            supplier("T", offer("b"), offer("a", specification="x")),
            supplier("S", offer("a"), currency="USD"),
        ],
    )
    ctx = _validated(raw)
    found = gate(ctx.event)  # type: ignore[arg-type]
    assert not found.blocked
    # S (index 1) takes no part; T's offer 0 (item b) is usable, its offer 1 is not comparable.
    assert found.usable == (Usable(0, 0),)
    assert [(r.code, r.supplier_id, r.item_id) for r in found.reasons] == [
        ("event_offer_not_comparable", "S", None),
        ("event_offer_not_comparable", "T", "a"),
    ]


def test_a_blocked_gate_leaves_nothing_usable() -> None:
    bare = offer("a")
    del bare["packSize"]
    ctx = _validated(event([item("a")], [supplier("S", bare), supplier("T", offer("a"))]))
    found = gate(ctx.event)  # type: ignore[arg-type]
    assert found.blocked and found.usable == ()


def test_the_model_is_built_in_id_order() -> None:
    raw_a = event(
        [item("b"), item("a")],
        [supplier("T", offer("b"), offer("a")), supplier("S", offer("a", "7"))],
    )
    raw_b = event(
        [item("a"), item("b")],
        [supplier("S", offer("a", "7")), supplier("T", offer("a"), offer("b"))],
    )
    models = []
    for raw in (raw_a, raw_b):
        ctx = EventGateStage()(_validated(raw))
        assert ctx.award is not None
        models.append(build_event(ctx.event, ctx.award.gate))  # type: ignore[arg-type]
    first, second = models
    assert [n.item_id for n in first.needs] == ["a", "b"]
    assert [v.supplier_id for v in first.vendors] == ["S", "T"]
    assert [(line.need, line.vendor) for line in first.lines] == [(0, 0), (0, 1), (1, 1)]
    assert first == second


def _outcome_ctx(raw: bytes) -> Context:
    return EventGateStage()(_validated(raw))


def test_an_unproven_award_is_partial_with_its_bound() -> None:
    raw = event([item("a", 3)], [supplier("S", offer("a", "2"))])
    ctx = EventAwardStage()(_outcome_ctx(raw))
    assert ctx.award is not None and ctx.award.award is not None
    figures = attrs.evolve(
        ctx.award.award, proven=False, cost_proven=False, lower_bound=Decimal("5.5")
    )
    shown = render_event(attrs.evolve(ctx, award=attrs.evolve(ctx.award, award=figures)))
    _valid(shown)
    assert shown["status"] == "partial"
    assert (shown["award"]["proven"], shown["award"]["lowerBound"]) == (False, "5.5")
    assert (shown["award"]["costProven"], shown["award"]["tiesSettled"]) == (False, False)
    assert shown["limitations"][-1]["code"] == "event_not_proven"


def test_without_the_solver_the_award_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the [plan] extra's libraries (and the modules that import them not yet loaded).
    for name in ("ortools", "highspy"):
        monkeypatch.setitem(sys.modules, name, None)
    for name in ("cpsat", "relaxation", "many"):
        monkeypatch.delitem(sys.modules, f"quotecalc.solvers.award.{name}", raising=False)
    if ENGINE.__name__ != "quotecalc.solvers.award":
        pytest.skip("the stand-in has no solver to miss")
    # Two items (one item is answered by the integer branch and bound): the exact search
    # without a solver answers this event (issue 33); given no work (budget 0), the search
    # needs the solver that is missing.
    raw = event(
        [item("a", 3), item("b", 1)],
        [supplier("S", offer("a", "2"), offer("b", "1")), supplier("T", offer("a", "3"))],
    )
    assert award(raw).output["award"]["proven"] is True
    stages = tuple(
        EventAwardStage(budget=0.0) if stage.name == "award" else stage
        for stage in EVENT_PIPELINE.stages
    )
    done = award(raw, pipeline=Pipeline(stages))
    _valid(done.output)
    assert (done.status, done.output["award"]) == ("partial", None)
    assert [r["code"] for r in done.output["reasons"]] == ["event_solver_unavailable"]
    baselines = done.output["baselines"]
    assert baselines["singleSupplier"]["reason"] == "event_solver_unavailable"
    # Each item from its cheapest supplier needs no solver: S, 3 x 2 + 1 x 1 = 7.
    assert baselines["cheapestPerItem"]["award"]["landedTotal"] in ("7", "7.0", "7.00")
    assert baselines["cheapestPerItem"]["saving"] is None


def test_one_item_is_awarded_without_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 33: one item (no tiers, no minimum order values) is the integer branch and bound's.
    monkeypatch.setitem(sys.modules, "quotecalc.solvers.award.cpsat", None)
    if ENGINE.__name__ != "quotecalc.solvers.award":
        pytest.skip("the stand-in has no solver to miss")
    raw = event([item("a", 3)], [supplier("S", offer("a", "2")), supplier("T", offer("a", "3"))])
    done = award(raw)
    _valid(done.output)
    # S, 3 packs at 2 = 6 (T would be 9), proven.
    assert done.status == "completed" and done.output["award"]["proven"] is True
    assert done.output["award"]["landedTotal"] in ("6", "6.0", "6.00")


class _Broken:
    name = "award"

    def __call__(self, ctx: Context) -> Context:
        raise RuntimeError("a defect")

    def summary(self, ctx: Context) -> dict[str, object]:
        return {}


def test_a_defect_is_an_internal_error_without_the_input() -> None:
    broken = Pipeline((*EVENT_PIPELINE.stages[:3], _Broken()))
    done = award(
        event([item("secret-item")], [supplier("S", offer("secret-item"))]), pipeline=broken
    )
    assert (done.status, done.exit_code) == ("internal_error", 1)
    assert b"secret" not in done.to_json()
    _valid(done.output)
    assert done.output["award"] is None and done.output["baselines"] is None


def test_an_engine_refusal_that_is_a_defect_is_an_internal_error() -> None:
    from quotecalc.solvers.award import Refusal
    from quotecalc.stages import event_award

    raw = event([item("a")], [supplier("S", offer("a"))])
    ctx = _outcome_ctx(raw)
    assert ctx.award is not None
    model = build_event(ctx.event, ctx.award.gate)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError):
        event_award.refusal_reasons(model, Refusal("event_model_invalid"))
    assert [
        r.item_id for r in event_award.refusal_reasons(model, Refusal("event_infeasible", (0,)))
    ] == ["a"]


def test_gate_outcome_alone_renders_no_award() -> None:
    bare = supplier("S", offer("a"))
    del bare["otherFees"]
    ctx = _outcome_ctx(event([item("a")], [bare]))
    shown = render_event(ctx)
    _valid(shown)
    assert isinstance(ctx.award, EventOutcome) and ctx.award.award is None
    assert (shown["status"], shown["award"], shown["baselines"]) == ("partial", None, None)
    assert json.dumps(shown["reasons"][0]) == json.dumps(
        {
            "code": "event_missing_value",
            "message": "No award: a value the award needs is missing (omitted is not zero).",
            "supplierId": "S",
            "field": "otherFees",
        }
    )
