"""The operation table: every route the service answers, as data.

The Starlette app (:mod:`.app`) and the OpenAPI document (:mod:`.openapi`) are both built
from this one table, so the document cannot describe a route the app does not serve.

A :class:`Calculation` row is a POST route whose body goes, as raw bytes, to one of the
calculator's entry points (``calculate``, ``calculate_batch``, ``analyze``, ``plan``,
``award``, ``convert``); its
answer is the entry point's exact JSON bytes with the status of :data:`STATUS_BY_EXIT_CODE` --
or 413 when the body was over the row's limit, which is the entry point's own too-large answer
for those bytes (for ``analyze``: the weight-analysis document of ``input_too_large``). A
:class:`Document` row is a GET route answering a fixed JSON document.

Plain Python (no Starlette): the OpenAPI document is generated without the extra.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final, Protocol

import attrs

from ..batch import MAX_BATCH_BYTES, MAX_BATCH_ITEMS, calculate_batch
from ..engine.render import SCHEMA_VERSION, TOOL, TOOL_VERSION
from ..kinds import KINDS, Entry, RequestKind

# The CLI's exit code (CONTRACT §2) to the HTTP status: completed and partial are results
# (200), invalid_input is 422, internal_error 500; the body is the result object in each case.
STATUS_BY_EXIT_CODE: Final = {0: 200, 2: 422, 1: 500}
TOO_LARGE_STATUS: Final = 413


@attrs.frozen
class Answer:
    """What a calculation route sends: a status and the exact body bytes."""

    status: int
    body: bytes
    media_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()


class Calculated(Protocol):
    """The part of a calculator's result the edge needs (``Result``, a batch result or an
    ``Analysis``)."""

    @property
    def exit_code(self) -> int: ...

    def to_json(self) -> bytes: ...


LIGHT: Final = "light"
HEAVY: Final = "heavy"
COST_CLASSES: Final = (LIGHT, HEAVY)


@attrs.frozen
class Calculation:
    """A POST route running one calculator entry point on the raw body: a request kind's
    (:func:`kind_route`, its row's names, limit and cost class) or the batch's. The schema
    ids are the ``--print-schema`` names of its request and answer (``docs/schema/``).

    ``cost_class`` (issue 34, the kind's row's cost) says how the edge admits it: ``light``
    calculations share the worker's calculation slots and run in its threads; ``heavy`` ones
    (a search that may run for a minute: the event award, the purchase plan) have their own
    few slots, queue and deadline and run in a worker subprocess that is killed at the
    deadline (``docs/http.md``). The answer's bytes do not depend on it.
    """

    path: str
    operation_id: str
    summary: str
    description: str
    body_limit: int
    run: Callable[[bytes], Calculated]
    request_component: str
    result_component: str
    request_schema: str = "request"
    result_schema: str = "result"
    cost_class: str = attrs.field(default=LIGHT, validator=attrs.validators.in_(COST_CLASSES))
    # The kind whose workbook answers it (issue 35: its row's xlsx presenter), or None.
    workbook: str | None = None

    def workbook_entry(self, lang: str) -> Entry:
        """The workbook of the answer in ``lang`` as an entry point on raw bytes (the row's
        ``xlsx`` presenter; a heavy kind's runs in the heavy worker by its target)."""
        assert self.workbook is not None
        return Entry(self.workbook, "xlsx", lang)

    def workbook_answer_of(self, lang: str, exit_code: int, body: bytes) -> Answer:
        """The workbook answer given its exit code and bytes (computed here or in a heavy
        worker subprocess: the same mapping either way)."""
        from ..export import MEDIA_TYPE

        disposition = f'attachment; filename="quotecalc-{self.workbook}-{lang}.xlsx"'
        return Answer(
            STATUS_BY_EXIT_CODE[exit_code],
            body,
            MEDIA_TYPE,
            (("Content-Disposition", disposition),),
        )

    def answer(self, raw: bytes) -> Answer:
        """The answer to a body of at most ``body_limit`` + 1 bytes (the edge never reads
        more): over the limit it is the calculator's own ``input_too_large`` answer, 413."""
        result = self.run(raw)
        return self.answer_of(raw, result.exit_code, result.to_json())

    def answer_of(self, raw: bytes, exit_code: int, body: bytes) -> Answer:
        """The answer to ``raw`` given the entry point's exit code and bytes for it (computed
        here or in a heavy worker subprocess: the same mapping either way)."""
        if len(raw) > self.body_limit:
            return Answer(TOO_LARGE_STATUS, body)
        return Answer(STATUS_BY_EXIT_CODE[exit_code], body)

    def too_large(self) -> Answer:
        """The answer to a body announced (``Content-Length``) over the limit, before any of
        it is read: the same bytes as for any over-limit body, computed once."""
        return _too_large(self)


@functools.cache
def _too_large(calculation: Calculation) -> Answer:
    return calculation.answer(b" " * (calculation.body_limit + 1))


@attrs.frozen
class Document:
    """A GET route answering a document: JSON unless ``media_type`` says otherwise, with the
    statuses ``statuses`` (readiness answers 503 while saturated)."""

    path: str
    operation_id: str
    summary: str
    component: str
    media_type: str = "application/json"
    statuses: tuple[int, ...] = (200,)


def kind_route(kind: RequestKind) -> Calculation:
    """The POST route of a request kind: its row's path, operation id, prose, limit,
    components, schema ids and cost class, answered by the row's run (an :class:`Entry`, so a
    heavy kind's runs in the heavy worker by its name)."""
    text = kind.route
    doors = kind.doors
    return Calculation(
        path=doors.http_path,
        operation_id=doors.operation_id,
        summary=text.summary,
        description=text.description.format(limit=kind.body_limit),
        body_limit=kind.body_limit,
        run=Entry(kind.name),
        request_component=doors.request_component,
        result_component=doors.result_component,
        request_schema=doors.request_schema,
        result_schema=doors.result_schema,
        cost_class=kind.cost,
        # the answer as a workbook (issue 35): the kinds whose row has a workbook
        workbook=kind.name if "xlsx" in kind.formats else None,
    )


KIND_ROUTES: Final[dict[str, Calculation]] = {kind.name: kind_route(kind) for kind in KINDS}
CALCULATE: Final = KIND_ROUTES["comparison"]
CALCULATE_BATCH: Final = Calculation(
    path="/quotecalc/calculate-batch",
    operation_id="compare_quotes_batch",
    summary=f"Several calculations in one call: 1 to {MAX_BATCH_ITEMS} requests, results in order.",
    description=(
        'The body is {"requests": [...]}; the answer is {"results": [...]} in order, each result'
        " exactly what the single call answers for that request's own source text (one bad item"
        " never stops the others) -- the CLI's --input-batch - answer, byte for byte. 200 once"
        " every item is answered, 422 (one invalid_input object) for a body that is not such a"
        f" batch, 500 for internal_error, 413 (batch_too_large) for a body over {MAX_BATCH_BYTES}"
        " bytes."
    ),
    body_limit=MAX_BATCH_BYTES,
    run=calculate_batch,
    request_component="BatchRequest",
    result_component="BatchResult",
    request_schema="batch-request",
    result_schema="batch-result",
)
ANALYZE: Final = KIND_ROUTES["analysis"]
PLAN: Final = KIND_ROUTES["plan"]
EVENT: Final = KIND_ROUTES["event"]
CONVERT: Final = KIND_ROUTES["convert"]
HEALTH: Final = Document(
    path="/healthz",
    operation_id="health",
    summary="Liveness: the tool and its version.",
    component="Health",
)
OPENAPI: Final = Document(
    path="/openapi.json",
    operation_id="openapi",
    summary="This OpenAPI 3.1 document.",
    component="OpenApiDocument",
)


@attrs.frozen
class Page:
    """A route of the analyst's page (issue 21, :mod:`.page`): ``kind`` says which endpoint
    serves it (``form``, ``report``, ``refill``, ``intake``); ``body_limit`` is the most a
    form or sheet body may hold (the intake's own 10 MiB file limit and 64 KiB for the form's
    fields)."""

    path: str
    method: str
    kind: str
    summary: str
    body_limit: int


PAGE_BODY_LIMIT: Final = 10 * 1024 * 1024 + 64 * 1024
ANALYST_FORM: Final = Page(
    path="/",
    method="GET",
    kind="form",
    summary="The analyst's page: a form to upload a quote sheet or paste a request.",
    body_limit=PAGE_BODY_LIMIT,
)
ANALYST_REPORT: Final = Page(
    path="/quotecalc/report",
    method="POST",
    kind="report",
    summary="The form's answer: the HTML report, or the intake's errors (cell and message).",
    body_limit=PAGE_BODY_LIMIT,
)
FILLED_FORM: Final = Page(
    path="/quotecalc/form",
    method="POST",
    kind="refill",
    summary="The form filled with the posted values: a report page's “change the inputs”.",
    body_limit=PAGE_BODY_LIMIT,
)
INTAKE: Final = Page(
    path="/quotecalc/intake",
    method="POST",
    kind="intake",
    summary="A CSV or XLSX quote sheet to the request document (JSON), or the intake's errors.",
    body_limit=PAGE_BODY_LIMIT,
)

TEMPLATE: Final = Page(
    path="/quotecalc/page/template",
    method="GET",
    kind="template",
    summary="A blank template workbook (kind=comparison|event, lang=en|zh), as the intake's"
    " --template writes it (issue 35).",
    body_limit=0,
)

CALCULATIONS: Final[tuple[Calculation, ...]] = (
    CALCULATE,
    CALCULATE_BATCH,
    *(KIND_ROUTES[kind.name] for kind in KINDS[1:]),
)
"""Every calculation route: each kind's of the table, in its order, the batch after the
comparison it batches."""
# Operability (issue 19): readiness apart from liveness, and the Prometheus scrape.
READY: Final = Document(
    path="/readyz",
    operation_id="readiness",
    summary="Readiness: 200 while this worker would start a calculation at once, 503 while it"
    " is saturated (every calculation slot busy or a request waiting).",
    component="Readiness",
    statuses=(200, 503),
)
METRICS: Final = Document(
    path="/metrics",
    operation_id="metrics",
    summary="Prometheus metrics of every worker (text exposition format).",
    component="Metrics",
    media_type="text/plain",
)

PAGES: Final[tuple[Page, ...]] = (ANALYST_FORM, ANALYST_REPORT, FILLED_FORM, INTAKE, TEMPLATE)
DOCUMENTS: Final[tuple[Document, ...]] = (OPENAPI, HEALTH, READY, METRICS)


def health_document() -> dict[str, object]:
    """What ``GET /healthz`` answers: the service is up, and which tool and version it runs."""
    return {
        "schemaVersion": SCHEMA_VERSION,
        "status": "ok",
        "tool": TOOL,
        "toolVersion": TOOL_VERSION,
    }


def readiness_document(
    *,
    ready: bool,
    in_flight: int,
    max_in_flight: int,
    waiting: int,
    heavy: dict[str, object] | None = None,
) -> dict[str, object]:
    """What ``GET /readyz`` answers: ``ready`` or ``saturated`` and the worker's counts of
    light calculations (the status follows them: a running event must not turn the cheap
    routes away), and under ``heavy`` the heavy pool's own (:func:`heavy_readiness`)."""
    document: dict[str, object] = {
        "schemaVersion": SCHEMA_VERSION,
        "status": "ready" if ready else "saturated",
        "inFlight": in_flight,
        "maxInFlight": max_in_flight,
        "waiting": waiting,
    }
    if heavy is not None:
        document["heavy"] = heavy
    return document


def heavy_readiness(
    *, ready: bool, in_flight: int, max_in_flight: int, waiting: int, max_waiting: int
) -> dict[str, object]:
    """The heavy pool's part of ``/readyz`` (issue 34): ``ready`` while a heavy call would
    start at once, ``saturated`` while it would wait, ``full`` while it would be refused."""
    full = in_flight + waiting >= max_in_flight + max_waiting
    return {
        "status": "full" if full else "ready" if ready else "saturated",
        "inFlight": in_flight,
        "maxInFlight": max_in_flight,
        "waiting": waiting,
        "maxWaiting": max_waiting,
    }
