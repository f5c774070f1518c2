"""The output object (CONTRACT §3, §4.4, §13, §15), read from the engine's results.

Nothing is computed here: exact values are written in plain notation (a Decimal keeps its own
digits, integers are canonical) and ratios are rounded by the one display rule of
:func:`quotecalc.exact.format_ratio`. Key order is the contract's.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Final

from .codes import ERROR_MESSAGES, INTERNAL_ERROR_CODE, INTERNAL_ERROR_MESSAGE, LIMITATION_MESSAGES
from .context import (
    Comparability,
    ConstraintVerdict,
    Context,
    Cost,
    FieldError,
    Fields,
    Limitation,
    PackCounts,
    QualityAssessment,
    RankEntry,
    Scenario,
)
from .exact import Ratio, format_exact, format_ratio
from .fields import QUOTE_CORE_FIELDS

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
            {"code": error.code, "path": error.path, "message": ERROR_MESSAGES[error.code]}
            for error in errors
        ],
    )


def render_internal_error() -> dict[str, Any]:
    """The ``internal_error`` result (a bug); nothing of the input or the failure is shown."""
    return envelope(
        "internal_error",
        limitations=[{"code": INTERNAL_ERROR_CODE, "message": INTERNAL_ERROR_MESSAGE}],
    )


def _quote(  # noqa: PLR0917 - one argument per stage result, zipped per quote
    quote: Fields,
    gate: Comparability,
    quality: QualityAssessment,
    packs: PackCounts,
    cost: Cost,
    verdict: ConstraintVerdict,
) -> dict[str, Any]:
    # One dict built in contract key order with as few calls per value as possible: this runs
    # for every quote of every request (docs/performance.md, "the rendering path").
    get = quote.get
    entry: dict[str, Any] = {
        "supplierId": quote["supplierId"],
        "comparable": gate.comparable,
        "conflicts": [*gate.conflicts, *quality.conflicts],
        "missingFields": [name for name in QUOTE_CORE_FIELDS if name not in quote],
    }
    for name in QUOTE_ECHO_BEFORE:
        value = get(name)
        entry[name] = value if value is None or value.__class__ is str else format_exact(value)
    entry["packsRequired"] = _exact(packs.packs_required)
    entry["packsPurchased"] = _exact(packs.packs_purchased)
    entry["deliveredQuantity"] = _exact(packs.delivered_quantity)
    entry["overbuyQuantity"] = _exact(packs.overbuy_quantity)
    entry["goodsSubtotal"] = _exact(cost.goods_subtotal)
    entry["landedTotal"] = _exact(cost.landed_total)
    entry["costPerDeliveredUnit"] = _ratio(cost.cost_per_delivered_unit)
    entry["unitQuotePrice"] = _ratio(cost.unit_quote_price)
    for name in QUOTE_ECHO_AFTER:
        value = get(name)
        entry[name] = value if value is None or value.__class__ is str else format_exact(value)
    entry["constraintStatus"] = verdict.status
    entry["constraints"] = [
        {
            "constraint": check.constraint,
            "status": check.status,
            "limit": format_exact(check.limit),
            "value": _exact(check.value),
        }
        for check in verdict.checks
    ]
    return entry


def render_ranking(
    ranking: tuple[RankEntry, ...], shown: dict[int, dict[str, str | None]] | None = None
) -> list[dict[str, Any]]:
    """Ranking entries in display order.

    ``shown`` caches each candidate's rendered components by identity: the base ranking and
    every sensitivity ranking share the same component objects, so each is rendered once.
    """
    cache = {} if shown is None else shown
    rendered = []
    for entry in ranking:
        components = cache.get(id(entry.components))
        if components is None:
            components = {name: _ratio(value) for name, value in entry.components.items()}
            cache[id(entry.components)] = components
        rendered.append(
            {
                "rank": entry.rank,
                "supplierId": entry.supplier_id,
                "score": format_ratio(entry.score),
                "components": components,
            }
        )
    return rendered


def _scenario(scenario: Scenario, shown: dict[int, dict[str, str | None]]) -> dict[str, Any]:
    return {
        "dimension": scenario.dimension,
        "direction": scenario.direction,
        "factor": format_exact(scenario.factor),
        "weights": {name: format_exact(value) for name, value in scenario.weights.items()},
        "ranking": render_ranking(scenario.ranking, shown),
        "rankingChanged": scenario.ranking_changed,
    }


def render_limitation(limitation: Limitation) -> dict[str, str]:
    """A limitation with only the keys that apply."""
    shown = {"code": limitation.code, "message": LIMITATION_MESSAGES[limitation.code]}
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
    shown: dict[int, dict[str, str | None]] = {}
    return envelope(
        ctx.status,
        quotes=[
            _quote(*parts)
            for parts in zip(
                request.quotes,
                ctx.comparability,
                ctx.quality,
                ctx.packs,
                ctx.costs,
                ctx.constraints,
                strict=True,
            )
        ],
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
