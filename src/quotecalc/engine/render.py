"""The output object (CONTRACT §3, §4.4, §13, §15), read from the engine's results.

Nothing is computed here: exact values are written in plain notation (a Decimal keeps its own
digits, integers are canonical) and ratios are rounded by the one display rule of
:func:`quotecalc.core.exact.format_ratio`. Key order is the contract's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from decimal import Decimal
from itertools import islice
from typing import Any, Final

import attrs

from ..core.codes import (
    CONVERSION_ERROR_MESSAGES,
    CONVERSION_LIMITATION_MESSAGES,
    ERROR_MESSAGES,
    INTERNAL_ERROR_CODE,
    INTERNAL_ERROR_MESSAGE,
    LIMITATION_MESSAGES,
)
from ..core.context import (
    ConstraintVerdict,
    Context,
    FieldError,
    Fields,
    Limitation,
    Ranking,
    Scenario,
)
from ..core.exact import (
    Ratio,
    format_exact,
    format_exact_values,
    format_exacts,
    format_ratio,
    format_ratio_column,
    format_ratios,
)
from ..core.fields import QUOTE_CORE_FIELDS, QUOTE_FIELDS, Kind
from ..core.records import Record
from .pipeline import Pipeline, TraceEntry

SCHEMA_VERSION: Final = 1
TOOL: Final = "quotecalc"
TOOL_VERSION: Final = "0.1.0"
EXIT_CODES: Final = {"completed": 0, "partial": 0, "invalid_input": 2, "internal_error": 1}

QUOTE_ECHO_BEFORE: Final = (
    "specification",
    "currency",
    "packSize",
    "minimumPacks",
    "packPrice",
    "freight",
    "otherFees",
    "leadDays",
)
QUOTE_ECHO_AFTER: Final = ("qualityEvidence", "qualityScore", "qualityDefinition")
# Echoed as given (text) or in plain notation (numbers), by the field's row kind.
_ECHO_KINDS: Final = {rule.name: rule.kind for rule in QUOTE_FIELDS}
_TEXT_KINDS: Final = frozenset({Kind.TEXT, Kind.CURRENCY})

# A request with conversions (issue 27) can be refused, and limited, with codes of its own;
# the fixed call's rows never give them (core/codes.py).
_ERRORS: Final = {**ERROR_MESSAGES, **CONVERSION_ERROR_MESSAGES}
_LIMITATIONS: Final = {**LIMITATION_MESSAGES, **CONVERSION_LIMITATION_MESSAGES}


def _exact(value: Decimal | int | None) -> str | None:
    return None if value is None else format_exact(value)


def _ratio(value: Ratio | None) -> str | None:
    return None if value is None else format_ratio(value)


def _echo(value: Any) -> Any:
    if value is None or isinstance(value, str):
        return value
    return format_exact(value)


def envelope(
    status: str,
    *,
    quotes: list[dict[str, Any]] | None = None,
    ranking: list[dict[str, Any]] | None = None,
    sensitivity: list[dict[str, Any]] | None = None,
    scale: dict[str, str] | None = None,
    issues: list[dict[str, str]] | None = None,
    limitations: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """The fixed root object, keys in contract order."""
    return {
        "schemaVersion": SCHEMA_VERSION,
        "tool": TOOL,
        "toolVersion": TOOL_VERSION,
        "status": status,
        "normalizedQuotes": quotes or [],
        "ranking": ranking,
        "sensitivity": sensitivity or [],
        "quality": {"scale": scale, "issues": issues or [], "certifiedSuppliers": False},
        "limitations": limitations or [],
        "networkUsed": False,
        "filesModified": False,
    }


def render_errors(errors: tuple[FieldError, ...]) -> dict[str, Any]:
    """The ``invalid_input`` result: only fixed codes, contract paths and fixed messages."""
    return envelope(
        "invalid_input",
        limitations=[
            {"code": error.code, "path": error.path, "message": _ERRORS[error.code]}
            for error in errors
        ],
    )


def render_internal_error() -> dict[str, Any]:
    """The ``internal_error`` result (a bug); nothing of the input or the failure is shown."""
    return envelope(
        "internal_error",
        limitations=[{"code": INTERNAL_ERROR_CODE, "message": INTERNAL_ERROR_MESSAGE}],
    )


def _echoed(quotes: tuple[Fields, ...], name: str) -> list[Any]:
    """One input field of every quote as echoed: text as given, numbers in plain notation."""
    values = [quote.get(name) for quote in quotes]
    return values if _ECHO_KINDS[name] in _TEXT_KINDS else format_exacts(values)


def _checks(verdicts: tuple[ConstraintVerdict, ...]) -> list[list[dict[str, Any]]]:
    """Each quote's constraint checks; limits and values formatted a column at a time."""
    lengths = {len(verdict.checks) for verdict in verdicts}
    if len(lengths) == 1 and 0 not in lengths:
        # Every quote checked against the same rules (as the constraints stage does): one
        # column per rule, whose limits and values share a type, formatted in one pass each.
        shown_columns = [
            [
                {
                    "constraint": check.constraint,
                    "status": check.status,
                    "limit": limit,
                    "value": value,
                }
                for check, limit, value in zip(
                    column,
                    format_exacts([check.limit for check in column]),
                    format_exact_values([check.value for check in column]),
                    strict=True,
                )
            ]
            for column in zip(*[verdict.checks for verdict in verdicts], strict=True)
        ]
        return [list(row) for row in zip(*shown_columns, strict=True)]
    checks = [check for verdict in verdicts for check in verdict.checks]
    shown = iter(
        [
            {"constraint": check.constraint, "status": check.status, "limit": limit, "value": value}
            for check, limit, value in zip(
                checks,
                format_exacts([check.limit for check in checks]),
                format_exact_values([check.value for check in checks]),
                strict=True,
            )
        ]
    )
    return [list(islice(shown, len(verdict.checks))) for verdict in verdicts]


def render_quotes(ctx: Context) -> list[dict[str, Any]]:
    """The ``normalizedQuotes`` entries, built column by column.

    Each key's values for all quotes are read and formatted in one pass (a column), then each
    quote's object is zipped from the columns, keys in contract order: this runs for every
    quote of every request, and a column costs far fewer Python calls than a quote at a time
    (docs/performance.md, "the rendering path").
    """
    assert ctx.request is not None
    quotes = ctx.request.quotes
    gates, packs, costs = ctx.comparability, ctx.packs, ctx.costs
    columns: dict[str, list[Any] | tuple[Any, ...]] = {
        "supplierId": ctx.request.supplier_ids,
        "comparable": [gate.comparable for gate in gates],
        "conflicts": [
            [*gate.conflicts, *quality.conflicts]
            for gate, quality in zip(gates, ctx.quality, strict=True)
        ],
        "missingFields": [
            [name for name in QUOTE_CORE_FIELDS if name not in quote] for quote in quotes
        ],
        **{name: _echoed(quotes, name) for name in QUOTE_ECHO_BEFORE},
        "packsRequired": format_exacts([counts.packs_required for counts in packs]),
        "packsPurchased": format_exacts([counts.packs_purchased for counts in packs]),
        "deliveredQuantity": format_exacts([counts.delivered_quantity for counts in packs]),
        "overbuyQuantity": format_exacts([counts.overbuy_quantity for counts in packs]),
        "goodsSubtotal": format_exacts([cost.goods_subtotal for cost in costs]),
        "landedTotal": format_exacts([cost.landed_total for cost in costs]),
        "costPerDeliveredUnit": format_ratio_column(
            [cost.cost_per_delivered_unit for cost in costs]
        ),
        "unitQuotePrice": format_ratio_column([cost.unit_quote_price for cost in costs]),
        **{name: _echoed(quotes, name) for name in QUOTE_ECHO_AFTER},
        "constraintStatus": [verdict.status for verdict in ctx.constraints],
        "constraints": _checks(ctx.constraints),
    }
    keys = tuple(columns)
    return [dict(zip(keys, row, strict=True)) for row in zip(*columns.values(), strict=True)]


# Rendered components per candidate, by the identity of a ranking's components tuple.
ComponentCache = dict[int, list[dict[str, str | None]]]


def _rendered_components(
    components: tuple[Mapping[str, Ratio | None], ...],
) -> list[dict[str, str | None]]:
    """Each candidate's components shown, one column (dimension) at a time when every
    candidate has the same dimensions in the same order (the scoring stage's tables do)."""
    names = tuple(components[0]) if components else ()
    if any(tuple(candidate) != names for candidate in components):
        return [
            {name: _ratio(value) for name, value in candidate.items()} for candidate in components
        ]
    columns = [format_ratio_column([candidate[name] for candidate in components]) for name in names]
    return [dict(zip(names, row, strict=True)) for row in zip(*columns, strict=True)]


def render_ranking(ranking: Ranking, shown: ComponentCache | None = None) -> list[dict[str, Any]]:
    """Ranking entries in display order.

    Each distinct score is formatted once. ``shown`` caches each candidate's rendered
    components: the base ranking and every sensitivity ranking share the table's components
    tuple, so each candidate's components are rendered once per request.
    """
    cache = {} if shown is None else shown
    components = cache.get(id(ranking.components))
    if components is None:
        components = cache[id(ranking.components)] = _rendered_components(ranking.components)
    # Rank r's score is scores[r]: dense ranks count from 1.
    scores = ["", *format_ratios(ranking.scores, ranking.denominator)]
    return [
        {
            "rank": rank,
            "supplierId": supplier_id,
            "score": scores[rank],
            "components": components[index],
        }
        for index, supplier_id, rank in zip(
            ranking.order, ranking.supplier_ids, ranking.ranks, strict=True
        )
    ]


def _scenario(scenario: Scenario, shown: ComponentCache) -> dict[str, Any]:
    return {
        "dimension": scenario.dimension,
        "direction": scenario.direction,
        "factor": format_exact(scenario.factor),
        "weights": dict(
            zip(scenario.weights, format_exacts(scenario.weights.values()), strict=True)
        ),
        "ranking": render_ranking(scenario.ranking, shown),
        "rankingChanged": scenario.ranking_changed,
    }


def render_limitation(limitation: Limitation) -> dict[str, str]:
    """A limitation with only the keys that apply."""
    shown = {"code": limitation.code, "message": _LIMITATIONS[limitation.code]}
    if limitation.supplier_id is not None:
        shown["supplierId"] = limitation.supplier_id
    if limitation.field is not None:
        shown["field"] = limitation.field
    if limitation.dimension is not None:
        shown["dimension"] = limitation.dimension
    return shown


def render(ctx: Context) -> dict[str, Any]:
    """The result object of a finished pipeline run."""
    if ctx.status is None:
        return render_errors(ctx.errors)
    assert ctx.request is not None and ctx.scoring is not None
    request = ctx.request
    scale: Mapping[str, Any] | None = request.fields.get("qualityScale")
    shown: ComponentCache = {}
    return envelope(
        ctx.status,
        quotes=render_quotes(ctx),
        ranking=None if ctx.scoring.ranking is None else render_ranking(ctx.scoring.ranking, shown),
        sensitivity=[_scenario(scenario, shown) for scenario in ctx.sensitivity],
        scale=None if scale is None else {name: _echo(value) for name, value in scale.items()},
        issues=[
            {"supplierId": supplier_id, "code": code}
            for supplier_id, quality in zip(request.supplier_ids, ctx.quality, strict=True)
            for code in quality.issues
        ],
        limitations=[render_limitation(limitation) for limitation in ctx.limitations],
    )


# What ``json.dumps(output, ensure_ascii=False, separators=(",", ":"))`` writes, with the
# encoder built once instead of on every call. Without the circular-reference check: a
# document is built fresh by its renderer from dicts, lists and scalars, so it has no cycle
# (shared component objects are not cycles), and the check cost a set insert and delete per
# container, ~2,000 per 100-quote result (≈ 13 % of the encoding). A cycle in a hand-made
# Document would end in RecursionError instead of ValueError.
_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


@attrs.frozen(eq=False, repr=False)
class Document(Record):
    """One answer of any request kind (``quotecalc.kinds``): the document, its exit
    code (CONTRACT §2: the status's), the stage trace if asked for, and -- for the weight
    analysis only -- the plain result object of the same run (what the text report and the
    page show beside the analysis, so they never run the pipeline twice)."""

    output: dict[str, Any]
    exit_code: int
    trace: tuple[TraceEntry, ...] = ()
    result: dict[str, Any] | None = None

    @property
    def status(self) -> str:
        return str(self.output["status"])

    def to_json(self) -> bytes:
        """The exact stdout bytes: one compact UTF-8 JSON object and a newline."""
        return (_ENCODER.encode(self.output) + "\n").encode("utf-8")


Rendered = tuple[dict[str, Any], dict[str, Any] | None]
"""A kind's document and, for the weight analysis, the plain result beside it."""
Renderer = Callable[[Context], Rendered]
InternalError = Callable[[], Rendered]


def rendered_result(ctx: Context) -> Rendered:
    """The comparison's renderer in the kind table's form: the result object alone."""
    return render(ctx), None


def internal_error_result() -> Rendered:
    """The comparison's ``internal_error`` document in the kind table's form."""
    return render_internal_error(), None


def run_document(
    pipeline: Pipeline,
    renderer: Renderer,
    internal_error: InternalError,
    raw: bytes,
    *,
    trace: bool = False,
) -> Document:
    """Run ``pipeline`` on ``raw`` (traced if asked) and render its document: the one run /
    trace / internal-error block of every request kind. Never raises: a bug becomes the kind's
    ``internal_error`` document (exit 1, no trace) with nothing of the input in it."""
    try:
        if trace:
            ctx, entries = pipeline.run_traced(raw)
        else:
            ctx, entries = pipeline.run(raw), ()
        shown, result = renderer(ctx)
    except Exception:  # noqa: BLE001 - the contract's internal_error: one JSON object, exit 1
        failed, beside = internal_error()
        return Document(failed, EXIT_CODES["internal_error"], result=beside)
    return Document(shown, EXIT_CODES[shown["status"]], entries, result)
