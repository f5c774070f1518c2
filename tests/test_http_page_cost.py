"""What a page submission costs, known before its work runs (issue 39): the kind of the
answer it gets and its cost class, read from the kind table's ``cost`` (a comparison's report
runs the planner beside it), and the frame its work is handed to a worker in."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT

pytest.importorskip("starlette")

from quotecalc.http.page.dispatch import answer_kind, cost_class, report, report_page
from quotecalc.http.page.fields import UPLOAD, form_frame, frame_fields

EXAMPLES = ROOT / "examples"
COMPARISON = (EXAMPLES / "multi-supplier.request.json").read_text()
PLAN = (EXAMPLES / "plan.request.json").read_text()
EVENT = (EXAMPLES / "event.request.json").read_text()
CONVERT = (EXAMPLES / "convert.request.json").read_text()
SHEET = (b"supplier,packPrice\nA,1\n", ".csv")
RATE = {"rate_from_1": "USD", "rate_to_1": "CNY", "rate_1": "7.1"}

CASES = [
    # (what was sent, the answer's kind, its cost class)
    ({"request": COMPARISON}, "comparison", "heavy"),  # its best plan beside it
    ({"request": PLAN}, "plan", "heavy"),
    ({"request": EVENT}, "event", "heavy"),
    ({"request": CONVERT}, "convert", "light"),
    ({UPLOAD: (PLAN.encode(), ".json")}, "plan", "heavy"),  # a .json file is a paste
    ({UPLOAD: (CONVERT.encode(), ".json")}, "convert", "light"),
    ({UPLOAD: SHEET}, "comparison", "heavy"),
    ({UPLOAD: SHEET, **RATE}, "convert", "light"),
    ({UPLOAD: SHEET, "event": "true"}, "event", "heavy"),
    ({UPLOAD: SHEET, "event": "true", **RATE}, "event", "heavy"),  # the box decides
    ({"request": CONVERT, UPLOAD: SHEET, "event": "true"}, "convert", "light"),  # paste wins
    ({}, None, "light"),  # nothing sent: the page saying so
    ({"request": "   "}, None, "light"),
]


@pytest.mark.parametrize(("fields", "kind", "cost"), CASES)
def test_the_answer_kind_and_its_cost_class(
    fields: dict[str, object], kind: str, cost: str
) -> None:
    assert answer_kind(fields) == kind
    assert cost_class(fields) == cost


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(TEXT, TEXT, max_size=6),
    st.one_of(st.none(), st.tuples(st.binary(max_size=64), st.sampled_from([".csv", ".xlsx"]))),
    st.integers(0, 2**40),
)
def test_the_frame_gives_back_the_fields_and_the_limit(
    text: dict[str, str], upload: tuple[bytes, str] | None, limit: int
) -> None:
    fields: dict[str, object] = dict(text)
    if upload is not None:
        fields[UPLOAD] = upload
    assert frame_fields(form_frame(fields, limit)) == (fields, limit)


def test_the_worker_entry_is_the_page_the_request_gets() -> None:
    """The entry a worker runs answers the same page as the dispatch, its status as the
    worker protocol's exit code."""
    fields = {"request": CONVERT, "lang": "zh"}
    status, page = report_page(fields, 1000)
    done = report(form_frame(fields, 1000))
    assert (status, done.exit_code) == (200, 0)
    assert done.to_json() == page.encode("utf-8")


def test_the_worker_entry_loads_no_request_handling() -> None:
    """The heavy worker subprocess imports the page's entry without Starlette, anyio or the
    metrics: the form's HTML and answers are apart from the request handling."""
    probe = (
        "import sys, json, quotecalc.http.page.dispatch;"
        "print(json.dumps(sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('starlette', 'anyio', 'prometheus_client', 'granian'))))"
    )
    out = subprocess.run(
        [sys.executable, "-B", "-c", probe],
        capture_output=True,
        check=True,
        timeout=120,
        env={"PYTHONPATH": str(ROOT / "src")},
    )
    assert json.loads(out.stdout) == []
