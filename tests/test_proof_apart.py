"""The least total proven apart from the tie order (issue 38, item 4): the event and plan
documents say ``costProven`` and ``tiesSettled`` beside ``proven`` (both, as it always
meant), a cost-optimal award or plan is ``completed`` with ``event_tie_order_unsettled`` /
``plan_tie_order_unsettled``, and every readable format says "the least total is proven" in
both languages, never "not proven" for a proven total.

The requests: ``tests/data/event/ties-unsettled.request.json`` is written by hand: two
suppliers, EAST and WEST, offering the same bolts (10 at 2.00) and nuts (5 at 3.00) with no
fees, one supplier allowed; both awards cost 35.00 and EAST comes first by the tie order.
``total-unproven.request.json`` is ``scripts/bench_event.py``'s ``realistic`` seed 0, 4 items x
3 suppliers. ``tests/data/plan_ties.request.json`` is four equal quotes of
``scripts/bench_plan.py``'s ``clones_request`` (need 1000, 400 each, at most 3). With no CP-SAT
budget (issue 38: the relaxation and the walk over supplier sets still run, the same on every
run) the first event's award is found and its total proven by the relaxation's exact bound
(35.00: every unit at its only price), its tie order not settled; the second's relaxation
leaves a gap, so its total is not proven; the plan's search with one node proves the total
(1000 units at 1.00: no plan costs less) and not the order among the equally cheap plans.
"""

# The Chinese texts use Chinese (fullwidth) punctuation on purpose.
# ruff: noqa: RUF001

from __future__ import annotations

import copy
import json
from decimal import Decimal
from typing import Any

import pytest

from conftest import DATA, event_validator, plan_validator
from event_support import HAS_ENGINE
from quotecalc.core.context import Context
from quotecalc.core.event_rules import AwardFigures, AwardItem, EventGate, EventOutcome
from quotecalc.core.plan_rules import BestPlan
from quotecalc.engine.pipeline import Pipeline
from quotecalc.export.event import event_workbook
from quotecalc.export.plan import plan_workbook
from quotecalc.output.answer import answer, render_plain
from quotecalc.output.cells import clean
from quotecalc.output.event_report import render_event_html, render_event_text
from quotecalc.output.plan_html import render_plan_html
from quotecalc.output.plan_text import render_plan_text
from quotecalc.planning.document import PLAN_PIPELINE, plan
from quotecalc.planning.event_document import EVENT_PIPELINE, award, render_event
from quotecalc.stages.event_award import EventAwardStage
from quotecalc.stages.plan import PlanStage

needs_engine = pytest.mark.skipif(not HAS_ENGINE, reason="needs the plan extra (ortools)")

TIES = (DATA / "event" / "ties-unsettled.request.json").read_bytes()
UNPROVEN = (DATA / "event" / "total-unproven.request.json").read_bytes()
PLAN_TIES = (DATA / "plan_ties.request.json").read_bytes()

# What the readable formats say, by hand.
EVENT_TIES = {
    "en": (
        "the least total is proven (which of the equally cheap awards comes first is not settled)"
    ),
    "zh": "最低总价已证明（同样便宜的授标中哪一个排在最前尚未确定）",
}
EVENT_LIMITATION = {
    "en": (
        "The least total is proven: no award costs less. Which of the equally cheap awards comes"
        " first (fewest suppliers, then fewest units, then the suppliers' ids) was not settled"
        " within the search budget; each of them costs the same."
    ),
    "zh": (
        "最低总价已证明：没有更便宜的授标。同样便宜的授标中哪一个排在最前（供应商最少，"
        "其次数量最少，再按供应商编号）未在搜索预算内确定；它们的总价相同。"
    ),
}
PLAN_TIES_WORDS = {
    "en": (
        "the least total is proven (which of the equally cheap plans comes first, by fewest"
        " suppliers then fewest units, is not settled)"
    ),
    "zh": "最低总价已证明（按供应商最少、其次到货最少，同样便宜的方案中哪一个排在最前尚未确定）",
}
NOT_PROVEN = {"en": "not proven", "zh": "未证明"}
CELLS = {
    "en": ("Least total proven", "Tie order settled", "yes", "no"),
    "zh": ("最低总价已证明", "并列顺序已确定", "是", "否"),
}


def hurried_event(raw: bytes, budget: float) -> dict[str, Any]:
    pipeline = Pipeline((*EVENT_PIPELINE.stages[:-1], EventAwardStage(budget=budget)))
    return award(raw, pipeline=pipeline).output


def hurried_plan(raw: bytes, nodes: int) -> dict[str, Any]:
    pipeline = Pipeline((*PLAN_PIPELINE.stages[:-1], PlanStage(budget=nodes)))
    return plan(raw, pipeline=pipeline).output


def valid(document: dict[str, Any], validator: Any) -> None:
    errors = sorted(validator.iter_errors(document), key=str)
    assert not errors, errors[0].message


def figures_sheet(book: Any) -> dict[str, str]:
    """The Summary's figures of a workbook model, label -> the cell's text."""
    summary = book.sheets[0]
    return {str(row[0]): str(row[1]) for row in summary.rows}


# --- the records ------------------------------------------------------------------------------


def test_a_record_proven_is_cost_proven_and_the_tie_order_settled() -> None:
    item = AwardItem("a", 1, 1, ("S",))
    proven = AwardFigures((), (), (item,), Decimal(5), 1, True, Decimal(5))
    assert (proven.cost_proven, proven.ties_settled) == (True, True)
    ties = AwardFigures((), (), (item,), Decimal(5), 1, False, Decimal(5), cost_proven=True)
    assert (ties.cost_proven, ties.ties_settled) == (True, False)
    unproven = AwardFigures((), (), (item,), Decimal(5), 1, False, Decimal(4))
    assert (unproven.cost_proven, unproven.ties_settled) == (False, False)
    with pytest.raises(ValueError, match="least total"):
        AwardFigures((), (), (item,), Decimal(5), 1, True, Decimal(5), cost_proven=False)
    assert BestPlan((), Decimal(0), 0, True, Decimal(0), 0).cost_proven
    assert not BestPlan((), Decimal(3), 1, False, Decimal(2), 5).ties_settled
    with pytest.raises(ValueError, match="least total"):
        BestPlan((), Decimal(3), 1, True, Decimal(3), 5, cost_proven=False)


def test_a_built_award_renders_what_is_proven_apart() -> None:
    # The award stage's record with the total proven and the ties open, rendered: completed,
    # the three keys, the tie limitation; never event_not_proven.
    ctx = Context(raw=TIES)
    for stage in EVENT_PIPELINE.stages[:-1]:
        ctx = stage(ctx)
    assert ctx.award is not None and ctx.event is not None
    item = AwardItem("bolts", 0, 0, ())
    figures = AwardFigures((), (), (item,), Decimal("12.50"), 0, False, Decimal("12.50"), True)
    outcome = EventOutcome(EventGate((), ()), award=figures, budget_stopped=True)
    document = render_event(Context(raw=TIES, event=ctx.event, award=outcome))
    shown = document["award"]
    assert (shown["proven"], shown["costProven"], shown["tiesSettled"]) == (False, True, False)
    assert shown["lowerBound"] == shown["landedTotal"] == "12.50"
    assert document["status"] == "completed"
    codes = [entry["code"] for entry in document["limitations"]]
    assert "event_tie_order_unsettled" in codes and "event_not_proven" not in codes


# --- the event --------------------------------------------------------------------------------


@needs_engine
def test_the_stage_carries_the_least_total_proven_while_ties_are_open() -> None:
    ctx = Context(raw=TIES)
    for stage in (*EVENT_PIPELINE.stages[:-1], EventAwardStage(budget=0.0)):
        ctx = stage(ctx)
    assert ctx.award is not None and ctx.award.award is not None
    found = ctx.award.award
    assert (found.proven, found.cost_proven, found.ties_settled) == (False, True, False)
    assert found.lower_bound == found.landed_total
    assert ctx.award.budget_stopped


@needs_engine
def test_a_cost_optimal_award_is_completed_and_says_the_tie_order_is_open() -> None:
    document = hurried_event(TIES, 0.0)
    valid(document, event_validator())
    shown = document["award"]
    assert (shown["proven"], shown["costProven"], shown["tiesSettled"]) == (False, True, False)
    assert shown["lowerBound"] == shown["landedTotal"]
    assert document["status"] == "completed"
    codes = [entry["code"] for entry in document["limitations"]]
    assert codes[-1] == "event_tie_order_unsettled" and "event_not_proven" not in codes
    single = document["baselines"]["singleSupplier"]
    assert single["proven"] is not None
    assert single["costProven"] is not None and single["tiesSettled"] == single["proven"]
    # A full budget settles the ties: all three true, no limitation about the proof.
    settled = award(TIES).output
    valid(settled, event_validator())
    shown = settled["award"]
    assert (shown["proven"], shown["costProven"], shown["tiesSettled"]) == (True, True, True)
    assert {"event_tie_order_unsettled", "event_not_proven"}.isdisjoint(
        entry["code"] for entry in settled["limitations"]
    )


@needs_engine
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_event_format_says_the_least_total_is_proven(lang: str) -> None:
    document = hurried_event(TIES, 0.0)
    total = f"{Decimal(document['award']['landedTotal']):,}"
    for shown in (
        render_event_text(document, 0, "CNY", lang, TIES),
        render_event_html(document, 0, "CNY", lang, TIES),
    ):
        assert f"{total} CNY" in shown
        assert EVENT_TIES[lang] in shown
        assert EVENT_LIMITATION[lang].replace("'", "&#39;") in shown.replace("'", "&#39;")
        assert NOT_PROVEN[lang] not in shown
    book = event_workbook(document, "CNY", lang, json.loads(TIES))
    assert EVENT_TIES[lang] in book.sheets[0].lines[0][0]  # type: ignore[operator]
    proven, settled, yes, no = CELLS[lang]
    assert figures_sheet(book)[proven] == yes and figures_sheet(book)[settled] == no
    limitations = book.sheets[-1]
    assert any(row[0] == EVENT_LIMITATION[lang] for row in limitations.rows)


@needs_engine
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_unproven_total_is_said_as_not_proven_with_its_bound(lang: str) -> None:
    document = hurried_event(UNPROVEN, 0.0)
    valid(document, event_validator())
    shown = document["award"]
    assert (shown["proven"], shown["costProven"], shown["tiesSettled"]) == (False, False, False)
    assert Decimal(shown["lowerBound"]) < Decimal(shown["landedTotal"])
    assert document["status"] == "partial"
    assert document["limitations"][-1]["code"] == "event_not_proven"
    bound = f"{Decimal(shown['lowerBound']):,}"
    said = {
        "en": f"the least total is not proven (it is at least {bound} CNY)",
        "zh": f"最低总价未证明（不低于 {bound} CNY）",
    }[lang]
    text = render_event_text(document, 0, "CNY", lang, UNPROVEN)
    assert said in text
    assert EVENT_TIES[lang] not in text
    proven, settled, _, no = CELLS[lang]
    book = figures_sheet(event_workbook(document, "CNY", lang, json.loads(UNPROVEN)))
    assert book[proven] == no and book[settled] == no


# --- the plan ---------------------------------------------------------------------------------


def test_a_cost_optimal_plan_is_completed_and_says_the_tie_order_is_open() -> None:
    document = hurried_plan(PLAN_TIES, 1)
    valid(document, plan_validator())
    best = document["plan"]["best"]
    assert (best["proven"], best["costProven"], best["tiesSettled"]) == (False, True, False)
    assert best["lowerBound"] == best["landedTotal"] == "1000.00"
    assert document["status"] == "completed"
    codes = [entry["code"] for entry in document["limitations"]]
    assert codes[-1] == "plan_tie_order_unsettled" and "plan_not_proven" not in codes
    settled = plan(PLAN_TIES).output
    valid(settled, plan_validator())
    best = settled["plan"]["best"]
    assert (best["proven"], best["costProven"], best["tiesSettled"]) == (True, True, True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_plan_format_says_the_least_total_is_proven(lang: str) -> None:
    document = hurried_plan(PLAN_TIES, 1)
    text = render_plan_text(document, lang)
    page = render_plan_html(document, lang, PLAN_TIES)
    for shown in (text, page):
        assert PLAN_TIES_WORDS[lang] in shown
        assert NOT_PROVEN[lang] not in shown
    limitation = {
        "en": "The least total is proven: no plan costs less.",
        "zh": "最低总价已证明：没有更便宜的方案。",
    }[lang]
    assert limitation in text and limitation in page
    book = plan_workbook(document, lang, PLAN_TIES)
    proven, settled, yes, no = CELLS[lang]
    assert figures_sheet(book)[proven] == yes and figures_sheet(book)[settled] == no
    assert PLAN_TIES_WORDS[lang] in str(book.sheets[0].lines[0][0])
    # The comparison page's plan sentence says nothing against a proven total.
    facts = answer(
        {"status": "partial", "ranking": None, "limitations": [], "normalizedQuotes": []},
        None,
        lang,
        {"specification": "M6", "currency": "CNY"},
        document,
    )
    sentences = [render_plain(s, lang, clean) for s in facts.sentences]
    plan_sentence = next(s for s in sentences if "1,000.00" in s)
    assert NOT_PROVEN[lang] not in plan_sentence
    unproven = copy.deepcopy(document)
    unproven["plan"]["best"]["costProven"] = False
    facts = answer(
        {"status": "partial", "ranking": None, "limitations": [], "normalizedQuotes": []},
        None,
        lang,
        {"specification": "M6", "currency": "CNY"},
        unproven,
    )
    sentences = [render_plain(s, lang, clean) for s in facts.sentences]
    assert NOT_PROVEN[lang] in next(s for s in sentences if "1,000.00" in s)
