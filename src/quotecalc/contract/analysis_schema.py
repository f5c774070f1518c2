"""The published schema of the weight-analysis document (issue 11), generated from code.

``docs/schema/analysis.schema.json`` (draft 2020-12) is built here from the same tables the
document is written from: the root constants of ``render.py``, the ``kind`` and the blocking
limitation codes of :mod:`quotecalc.analysis.document`, the dimension names of
``core.dimensions``, and the result schema's own ``limitation`` and ``error`` definitions
(so a reason is exactly a result limitation or error). Registered in
:func:`quotecalc.published.published_files`; ``--print-schema analysis`` prints it. For
maintainers and hosts only: no calculation imports this module.
"""

from __future__ import annotations

from typing import Any, Final

from ..analysis.document import BLOCKING_CODES, EXCLUDED_REASON, KIND
from ..core.dimensions import DIMENSIONS
from ..engine.render import SCHEMA_VERSION, TOOL, TOOL_VERSION
from .result_schema import result_schema
from .tables import DIALECT, GENERATED, root_fields

JsonObject = dict[str, Any]

ANALYSIS_SCHEMA_PATH: Final = "docs/schema/analysis.schema.json"
ROOT_KEYS: Final = ("schemaVersion", "kind", "tool", "toolVersion", "status", "analysis", "reasons")
ANALYSIS_KEYS: Final = (
    "candidates",
    "dimensions",
    "excludedDimensions",
    "weights",
    "winners",
    "regions",
    "dominance",
    "switchingDistance",
    "stability",
)
EXACT_PATTERN: Final = "^(?:0|[1-9][0-9]*)(?:/[1-9][0-9]*)?$"
SHARE_DISPLAY_PATTERN: Final = "^(?:0\\.[0-9]{6}|1\\.000000)$"
DISPLAY_PATTERN: Final = "^(?:0|[1-9][0-9]*)\\.[0-9]{6}$"
FRACTION_PATTERN: Final = "^(?:0|[1-9][0-9]*)/[1-9][0-9]*$"


def _ref(name: str) -> JsonObject:
    return {"$ref": f"#/$defs/{name}"}


def _closed(properties: JsonObject) -> JsonObject:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _strings(**extra: Any) -> JsonObject:
    return {"type": "array", "items": {"type": "string"}, **extra}


def _interval() -> JsonObject:
    properties: JsonObject = {}
    for end in ("lower", "upper"):
        properties[end] = {"type": ["string", "null"], "pattern": DISPLAY_PATTERN}
        properties[f"{end}Exact"] = {"type": ["string", "null"], "pattern": FRACTION_PATTERN}
        properties[f"{end}Open"] = {"type": "boolean"}
        properties[f"{end}Swaps"] = {
            "type": "array",
            "items": {**_strings(), "minItems": 2, "maxItems": 2},
        }
    return _closed(properties)


def _defs() -> JsonObject:
    names = [dimension.name for dimension in DIMENSIONS]
    result_defs = result_schema()["$defs"]
    max_quotes = next(rule for rule in root_fields() if rule.name == "quotes").max_items
    return {
        "exact": {
            "description": 'An exact rational: "p/q" in lowest terms (q > 1) or an integer "n".',
            "type": "string",
            "pattern": EXACT_PATTERN,
        },
        "dimension": {"enum": names},
        "point": {
            "description": "Shares keyed by mapped dimension, in dimensions order; sum 1.",
            "type": "object",
            "propertyNames": _ref("dimension"),
            "additionalProperties": _ref("exact"),
            "minProperties": 1,
        },
        "region": {
            "description": (
                "The closed set of shares where these candidates (one component vector) rank"
                " first, ties included: vertices counter-clockwise in (dimensions[1],"
                " dimensions[2]) from the lexicographically greatest; empty when it cannot win."
            ),
            **_closed(
                {
                    "supplierIds": _strings(minItems=1),
                    "canWin": {"type": "boolean"},
                    "vertices": {"type": "array", "items": _ref("point")},
                    "areaShare": {"type": "string", "pattern": SHARE_DISPLAY_PATTERN},
                    "areaShareExact": _ref("exact"),
                }
            ),
        },
        "switch": _closed(
            {
                "distance": {"type": "string", "pattern": SHARE_DISPLAY_PATTERN},
                "distanceExact": _ref("exact"),
                "point": _ref("point"),
                "supplierIds": _strings(minItems=1),
            }
        ),
        "interval": _interval(),
        "stabilityEntry": _closed(
            {
                "dimension": _ref("dimension"),
                "weight": {"type": "string"},
                "rankingInterval": _ref("interval"),
                "winnerInterval": _ref("interval"),
            }
        ),
        "analysis": {
            "description": f"Keys in this order: {', '.join(ANALYSIS_KEYS)}.",
            **_closed(
                {
                    "candidates": _strings(minItems=1, maxItems=max_quotes),
                    "dimensions": {
                        "type": "array",
                        "items": _ref("dimension"),
                        "minItems": 1,
                        "maxItems": len(names),
                        "uniqueItems": True,
                    },
                    "excludedDimensions": {
                        "type": "array",
                        "maxItems": len(names) - 1,
                        "items": _closed(
                            {"dimension": _ref("dimension"), "reason": {"const": EXCLUDED_REASON}}
                        ),
                    },
                    "weights": _ref("point"),
                    "winners": _strings(minItems=1),
                    "regions": {"type": "array", "minItems": 1, "items": _ref("region")},
                    "dominance": {
                        "type": "array",
                        "items": _closed(
                            {"supplierId": {"type": "string"}, "dominatedBy": _strings(minItems=1)}
                        ),
                    },
                    "switchingDistance": {"oneOf": [{"type": "null"}, _ref("switch")]},
                    "stability": {
                        "type": "array",
                        "maxItems": len(names),
                        "items": _ref("stabilityEntry"),
                    },
                }
            ),
        },
        "limitation": result_defs["limitation"],
        "error": result_defs["error"],
        "internalError": result_defs["internalError"]["properties"]["limitations"]["items"],
    }


def analysis_schema() -> JsonObject:
    """The weight-analysis document schema: four shapes by status and presence of a ranking."""
    ranked_statuses = {"enum": ["completed", "partial"]}
    properties: JsonObject = {
        "schemaVersion": {"const": SCHEMA_VERSION},
        "kind": {"const": KIND},
        "tool": {"const": TOOL},
        "toolVersion": {"const": TOOL_VERSION},
        "status": {"enum": ["completed", "partial", "invalid_input", "internal_error"]},
        "analysis": {"oneOf": [{"type": "null"}, _ref("analysis")]},
        "reasons": {"type": "array"},
    }
    return {
        "$schema": DIALECT,
        "$comment": GENERATED,
        "title": f"{TOOL} weight analysis",
        "description": (
            f"The weight-space analysis of one {TOOL} request (docs/analysis.md). Keys in this"
            f" fixed order: {', '.join(ROOT_KEYS)}. status is the plain calculation's; analysis"
            " is null without a ranking, and reasons then says why (the result's errors, or its"
            " limitations that block the ranking)."
        ),
        **_closed(properties),
        "oneOf": [
            {
                "description": "A ranked result: the analysis, no reasons.",
                "properties": {
                    "status": ranked_statuses,
                    "analysis": _ref("analysis"),
                    "reasons": {"maxItems": 0},
                },
            },
            {
                "description": "No ranking: the result's blocking limitations.",
                "properties": {
                    "status": ranked_statuses,
                    "analysis": {"type": "null"},
                    "reasons": {
                        "minItems": 1,
                        "items": {
                            "allOf": [
                                _ref("limitation"),
                                {"properties": {"code": {"enum": list(BLOCKING_CODES)}}},
                            ]
                        },
                    },
                },
            },
            {
                "description": "invalid_input: the result's errors.",
                "properties": {
                    "status": {"const": "invalid_input"},
                    "analysis": {"type": "null"},
                    "reasons": {"minItems": 1, "maxItems": 100, "items": _ref("error")},
                },
            },
            {
                "description": "internal_error: the one internal error entry.",
                "properties": {
                    "status": {"const": "internal_error"},
                    "analysis": {"type": "null"},
                    "reasons": {"minItems": 1, "maxItems": 1, "items": _ref("internalError")},
                },
            },
        ],
        "$defs": _defs(),
    }
