"""The table of request kinds (issue 34): one row per kind of request, read by every door.

Five kinds: the comparison (the fixed call's result), the weight analysis, the purchase plan,
the sourcing event and the converted comparison. A row (:class:`RequestKind`) holds all that
sets one kind apart -- its name and document kind, its body limit and cost class, the field
rows and cross-field rules its validation reads beyond its validator's own, the stages of its
pipeline, how its document renders and its ``internal_error`` document -- and the names each
door gives it (:class:`Doors`). The CLI, the HTTP routes and their OpenAPI document, the MCP
tools, the bulk kinds, the published schemas, the analyst's page and the library all read
this table; adding a kind is adding a row (``docs/extending.md``).

Layers (``docs/architecture.md``): the engine may not import the documents above it, nor the
stages a kind loads only when it runs (the fixed call never loads the event's, the plan's or
the conversion's modules). So a row names its renderers, its stages' classes, its field
tables and its rules by import path (``"module:name"``), resolved on first use by
:func:`load` and checked by ``tests/test_kinds.py`` (every path resolves, to the right
thing). The fixed call itself never imports this module: :func:`quotecalc.calculate` runs the
comparison row's pipeline and renderer (``engine.pipeline.DEFAULT_PIPELINE``,
``engine.render.rendered_result``) through the same :func:`~.render.run_document`.

:func:`run_kind` is the one run of any kind (run or run traced, render, the internal-error
document) and :class:`~.render.Document` its one answer type. :func:`detect_kind` says which
kind a body is, for a door that takes more than one (the analyst's page).
"""

from __future__ import annotations

import functools
import json
from importlib import import_module
from typing import Any, Final, Literal

import attrs

from ..core.constraint_rules import CONSTRAINT_RULES, ConstraintRule
from ..core.context import Stage
from ..core.fields import BASE_ROOT_FIELDS, FieldRule
from ..core.limits import MAX_EVENT_BYTES, MAX_INPUT_BYTES
from .pipeline import Pipeline
from .render import Document, InternalError, Renderer, run_document

Cost = Literal["light", "heavy"]


@attrs.frozen
class Doors:
    """The names one kind has at each door (``None``: the door has no name of its own for
    it). ``cli_flag``: the option after ``--input-json -`` (none for the fixed call);
    ``cli_formats``: the ``--format`` values it takes (none: its document only);
    ``http_path``/``operation_id``: its POST route; ``request_component``/
    ``result_component``: its OpenAPI components; ``mcp_tool``: its tool; ``bulk_kind``: the
    bulk job's ``--kind``; ``request_schema``/``result_schema``: its ``--print-schema`` names
    (``docs/schema/``); ``page_label``: what the analyst's page answers a pasted body of this
    kind with (``None``: the page does not answer it alone)."""

    cli_flag: str | None
    cli_formats: tuple[str, ...]
    http_path: str
    operation_id: str
    request_component: str
    result_component: str
    mcp_tool: str
    bulk_kind: str
    request_schema: str
    result_schema: str
    page_label: str | None


@attrs.frozen
class Marks:
    """What sets a body of this kind apart from a comparison (:func:`detect_kind`): every root
    key of ``all_of``, or a root key named by a row of the tables ``root_tables``, or a key
    of a quote named by a row of ``quote_tables`` (tables by import path)."""

    all_of: tuple[str, ...] = ()
    root_tables: tuple[str, ...] = ()
    quote_tables: tuple[str, ...] = ()


@attrs.frozen
class RequestKind:
    """One kind of request: one row of :data:`KINDS`.

    - ``name``; ``document_kind``: the document's ``kind`` key (the fixed result has none);
    - ``body_limit``: the most bytes a request may hold (CONTRACT §4.1, ``docs/limits.md``);
      ``cost``: ``light`` or ``heavy`` (an exact search: the HTTP edge admits heavy work
      apart, ``docs/http.md``);
    - ``root_fields``/``quote_fields``/``cross_field_rules``: the field rows (root, and
      appended to a quote's) and cross-field rules its validation reads beyond its
      validator's own -- for ``validate``, the fixed request's rows and rules; the event's
      validator reads only the rows given here;
    - ``stages``: its pipeline, stage by stage (keys of :data:`STAGES`; each stage's own
      ``name`` is the key before any ``:``), the trace's order;
    - ``render``: ``(ctx) -> (document, result or None)``; ``internal_error``: ``() ->`` the
      same, for a bug (both by import path);
    - ``marks``: how :func:`detect_kind` tells a body of this kind (``None``: never told
      apart, the comparison and the analysis read the same request);
    - ``doors``: its names at each door.
    """

    name: str
    document_kind: str | None
    body_limit: int
    cost: Cost
    root_fields: tuple[str, ...]
    quote_fields: tuple[str, ...]
    cross_field_rules: tuple[str, ...]
    stages: tuple[str, ...]
    render: str
    internal_error: str
    marks: Marks | None
    doors: Doors


STAGES: Final[dict[str, str]] = {
    "parse": "quotecalc.stages.parse:Parse",
    "validate": "quotecalc.stages.validate:Validate",
    "validate:event": "quotecalc.stages.event_validate:EventValidate",
    "convert": "quotecalc.stages.convert:ConvertStage",
    "convert:event": "quotecalc.stages.convert:EventConvertStage",
    "comparability": "quotecalc.stages.comparability:ComparabilityGate",
    "packs": "quotecalc.stages.packs:PackCountStage",
    "cost": "quotecalc.stages.cost:CostStage",
    "quality": "quotecalc.stages.quality:QualityStage",
    "constraints": "quotecalc.stages.constraints:HardConstraints",
    "scoring": "quotecalc.stages.scoring:ScoringStage",
    "sensitivity": "quotecalc.stages.sensitivity:SensitivityStage",
    "limitations": "quotecalc.stages.limitations:LimitationsStage",
    "analysis": "quotecalc.stages.analysis:AnalysisStage",
    "rate_sensitivity": "quotecalc.stages.rate_sensitivity:RateSensitivityStage",
    "plan": "quotecalc.stages.plan:PlanStage",
    "gate": "quotecalc.stages.event_gate:EventGateStage",
    "award": "quotecalc.stages.event_award:EventAwardStage",
}
"""Every stage a row may name, by key, and its class (by import path). ``parse`` reads the
row's body limit, ``validate`` and ``validate:event`` its field rows and rules,
``constraints`` the constraint rows; the others take no argument."""

# The comparison's stages after validation (CONTRACT §6-§14), which every kind that reads the
# fixed request runs; the comparison's pipeline is exactly engine.pipeline.make_pipeline()'s.
_COMPARED: Final = (
    "comparability",
    "packs",
    "cost",
    "quality",
    "constraints",
    "scoring",
    "sensitivity",
    "limitations",
)
_RATES: Final = "quotecalc.core.conversion_rules:RATE_ROOT_FIELDS"
_BALANCES: Final = "quotecalc.core.conversion_rules:BALANCE_ROOT_FIELDS"
_RATE_PAIRS: Final = "quotecalc.stages.convert:check_rate_pairs"
# xlsx: the workbook (issue 35, quotecalc.export), written by the CLI beside the document
_READABLE: Final = ("json", "text", "html", "xlsx")

COMPARISON: Final = RequestKind(
    name="comparison",
    document_kind=None,
    body_limit=MAX_INPUT_BYTES,
    cost="light",
    root_fields=(),
    quote_fields=(),
    cross_field_rules=(),
    stages=("parse", "validate", *_COMPARED),
    render="quotecalc.engine.render:rendered_result",
    internal_error="quotecalc.engine.render:internal_error_result",
    marks=None,
    doors=Doors(
        cli_flag=None,
        cli_formats=("json", "text", "svg", "html", "xlsx"),
        http_path="/quotecalc/calculate",
        operation_id="compare_quotes",
        request_component="Request",
        result_component="Result",
        mcp_tool="compare_quotes",
        bulk_kind="result",
        request_schema="request",
        result_schema="result",
        page_label="report",
    ),
)
ANALYSIS: Final = RequestKind(
    name="analysis",
    document_kind="weight-analysis",
    body_limit=MAX_INPUT_BYTES,
    cost="light",
    root_fields=(),
    quote_fields=(),
    cross_field_rules=(),
    stages=("parse", "validate", *_COMPARED, "analysis"),
    render="quotecalc.analysis.document:rendered",
    internal_error="quotecalc.analysis.document:internal_error",
    marks=None,
    doors=Doors(
        cli_flag="--analysis",
        cli_formats=(),
        http_path="/quotecalc/analyze",
        operation_id="analyze_weights",
        request_component="Request",
        result_component="Analysis",
        mcp_tool="analyze_weights",
        bulk_kind="analysis",
        request_schema="request",
        result_schema="analysis",
        page_label=None,
    ),
)
PLAN: Final = RequestKind(
    name="plan",
    document_kind="purchase-plan",
    body_limit=MAX_INPUT_BYTES,
    cost="heavy",
    root_fields=(_RATES, _BALANCES, "quotecalc.core.plan_rules:PLAN_ROOT_FIELDS"),
    quote_fields=("quotecalc.core.plan_rules:PLAN_QUOTE_FIELDS",),
    cross_field_rules=(
        _RATE_PAIRS,
        "quotecalc.stages.convert:check_balance_suppliers",
        "quotecalc.stages.plan:check_breaks_increasing",
    ),
    stages=("parse", "validate", "convert", *_COMPARED, "plan"),
    render="quotecalc.planning.document:rendered",
    internal_error="quotecalc.planning.document:internal_error",
    marks=Marks(
        root_tables=("quotecalc.core.plan_rules:PLAN_ROOT_FIELDS", _BALANCES),
        quote_tables=("quotecalc.core.plan_rules:PLAN_QUOTE_FIELDS",),
    ),
    doors=Doors(
        cli_flag="--plan",
        cli_formats=_READABLE,
        http_path="/quotecalc/plan",
        operation_id="plan_purchase",
        request_component="PlanRequest",
        result_component="Plan",
        mcp_tool="plan_purchase",
        bulk_kind="plan",
        request_schema="plan-request",
        result_schema="plan",
        page_label="plan",
    ),
)
EVENT: Final = RequestKind(
    name="event",
    document_kind="event-award",
    body_limit=MAX_EVENT_BYTES,
    cost="heavy",
    root_fields=("quotecalc.core.event_rules:EVENT_ROOT_FIELDS",),
    quote_fields=(),
    cross_field_rules=("quotecalc.stages.event_validate:EVENT_CROSS_FIELD_RULES",),
    stages=("parse", "validate:event", "convert:event", "gate", "award"),
    render="quotecalc.planning.event_document:rendered",
    internal_error="quotecalc.planning.event_document:internal_error",
    marks=Marks(all_of=("items", "suppliers")),
    doors=Doors(
        cli_flag="--event",
        cli_formats=_READABLE,
        http_path="/quotecalc/event",
        operation_id="award_event",
        request_component="EventRequest",
        result_component="Event",
        mcp_tool="award_event",
        bulk_kind="event",
        request_schema="event-request",
        result_schema="event",
        page_label="award",
    ),
)
CONVERT: Final = RequestKind(
    name="convert",
    document_kind="converted-comparison",
    body_limit=MAX_INPUT_BYTES,
    cost="light",
    root_fields=(_RATES,),
    quote_fields=(),
    cross_field_rules=(_RATE_PAIRS,),
    stages=("parse", "validate", "convert", *_COMPARED, "rate_sensitivity"),
    render="quotecalc.planning.conversion:rendered",
    internal_error="quotecalc.planning.conversion:internal_error",
    marks=Marks(root_tables=(_RATES,)),
    doors=Doors(
        cli_flag="--convert",
        cli_formats=_READABLE,
        http_path="/quotecalc/convert",
        operation_id="convert_quotes",
        request_component="ConvertRequest",
        result_component="Converted",
        mcp_tool="convert_quotes",
        bulk_kind="convert",
        request_schema="convert-request",
        result_schema="converted",
        page_label="conversion",  # issue 35: the page answers pasted exchangeRates
    ),
)

KINDS: Final[tuple[RequestKind, ...]] = (COMPARISON, ANALYSIS, PLAN, EVENT, CONVERT)
"""Every kind, in the order every door lists them."""
BY_NAME: Final[dict[str, RequestKind]] = {kind.name: kind for kind in KINDS}

DETECTION: Final[tuple[RequestKind, ...]] = (EVENT, PLAN, CONVERT)
"""The kinds :func:`detect_kind` tells apart, tried in this order: an event first (its
``items`` and ``suppliers`` are its own), then a plan (its rows include the conversion's, so
before a converted comparison); a body none of them marks is a comparison."""


def required(name: str | None) -> str:
    """A name a row has at a door or in its document (only the comparison has no CLI option
    and no document kind): read where the row must have one, so a missing one fails loudly."""
    if name is None:
        raise ValueError("this kind has no such name")
    return name


@functools.cache
def load(path: str) -> Any:
    """The object at ``"module:name"`` (imported on first use)."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


def _rows(paths: tuple[str, ...]) -> tuple[Any, ...]:
    """The items of the tables (or the single rules) at ``paths``, in order."""
    loaded = [load(path) for path in paths]
    return tuple(item for each in loaded for item in (each if isinstance(each, tuple) else (each,)))


def validator_root_fields(
    kind: RequestKind, constraint_rules: tuple[ConstraintRule, ...] = CONSTRAINT_RULES
) -> tuple[FieldRule, ...]:
    """The root rows a kind's ``validate`` stage reads: the fixed request's (each constraint
    row with its root field) with the row's appended, its quote rows to the ``quotes``
    row's. Readers that name a field in words (the plan's page) read these same rows."""
    root: tuple[FieldRule, ...] = BASE_ROOT_FIELDS + tuple(rule.field for rule in constraint_rules)
    if kind.root_fields:
        from ..core.conversion_rules import with_rows

        root = with_rows(root, *_rows(kind.root_fields))
    if kind.quote_fields:
        extra = _rows(kind.quote_fields)
        root = tuple(
            attrs.evolve(rule, fields=rule.fields + extra) if rule.name == "quotes" else rule
            for rule in root
        )
    return root


def _validate(kind: RequestKind, constraint_rules: tuple[ConstraintRule, ...]) -> Stage:
    """``validate``: :func:`validator_root_fields` and the fixed request's rules with the
    row's appended."""
    from ..stages.validate import Validate

    rules = (*Validate().cross_field_rules, *_rows(kind.cross_field_rules))
    return Validate(
        root_fields=validator_root_fields(kind, constraint_rules), cross_field_rules=rules
    )


def _validate_event(kind: RequestKind) -> Stage:
    """``validate:event``: the row's own rows and rules only (an event is no fixed request)."""
    stage: Stage = load(STAGES["validate:event"])(
        root_fields=_rows(kind.root_fields),
        cross_field_rules=_rows(kind.cross_field_rules),
    )
    return stage


def build_pipeline(
    kind: RequestKind, constraint_rules: tuple[ConstraintRule, ...] = CONSTRAINT_RULES
) -> Pipeline:
    """The pipeline of a row, stage by stage; each stage's module is imported only here."""
    stages: list[Stage] = []
    for key in kind.stages:
        if key == "validate":
            stages.append(_validate(kind, constraint_rules))
        elif key == "validate:event":
            stages.append(_validate_event(kind))
        elif key == "parse":
            stages.append(load(STAGES[key])(max_bytes=kind.body_limit))
        elif key == "constraints":
            stages.append(load(STAGES[key])(rules=constraint_rules))
        else:
            stages.append(load(STAGES[key])())
    return Pipeline(tuple(stages))


@functools.cache
def pipeline_of(kind: RequestKind) -> Pipeline:
    """The row's pipeline with the contract's constraint rows, built once."""
    return build_pipeline(kind)


def run_kind(
    kind: RequestKind, raw: bytes, *, trace: bool = False, pipeline: Pipeline | None = None
) -> Document:
    """The document of one request of ``kind`` (its own pipeline unless ``pipeline`` is
    given). Never raises: a bug becomes the kind's ``internal_error`` document (exit 1) with
    nothing of the input in it."""
    renderer: Renderer = load(kind.render)
    internal_error: InternalError = load(kind.internal_error)
    chosen = pipeline_of(kind) if pipeline is None else pipeline
    return run_document(chosen, renderer, internal_error, raw, trace=trace)


def _names(paths: tuple[str, ...]) -> set[str]:
    return {rule.name for rule in _rows(paths)}


def _marked(marks: Marks, loaded: dict[str, Any]) -> bool:
    if marks.all_of and all(name in loaded for name in marks.all_of):
        return True
    if marks.root_tables and not _names(marks.root_tables).isdisjoint(loaded):
        return True
    quotes = loaded.get("quotes")
    if not marks.quote_tables or not isinstance(quotes, list):
        return False
    names = _names(marks.quote_tables)
    return any(isinstance(quote, dict) and not names.isdisjoint(quote) for quote in quotes)


def detect_kind(
    body: bytes, among: tuple[RequestKind, ...] = KINDS, default: RequestKind = COMPARISON
) -> RequestKind:
    """Which of the kinds ``among`` a body is: the first of :data:`DETECTION` in ``among``
    whose :class:`Marks` the body's root object carries, else ``default`` (also for a body
    that is not a JSON object: the kind's own validation then says what is wrong). Never
    raises; it only chooses the kind, it validates nothing."""
    try:
        loaded = json.loads(body.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return default
    if not isinstance(loaded, dict):
        return default
    for kind in DETECTION:
        if kind in among and kind.marks is not None and _marked(kind.marks, loaded):
            return kind
    return default
