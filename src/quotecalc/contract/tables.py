"""The engine's own tables as the published contract reads them, and the shared constants.

Every schema and descriptor is generated from these rows (the default pipeline's validator and
constraint stages), so the published files cannot drift from what the code enforces.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.constraint_rules import ConstraintRule
from ..core.fields import FieldRule
from ..engine.pipeline import DEFAULT_PIPELINE, Pipeline
from ..engine.pipeline import validator_rows as rows_of
from ..stages.constraints import HardConstraints

JsonObject = dict[str, Any]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
GENERATED: Final = (
    "Generated from quotecalc's own rule tables by scripts/generate_contract.py; do not edit."
)
# The name hosts call the tool by (the issue's "compare_quotes"); the product is ``TOOL``; the
# comparison row's tool (``quotecalc.kinds``).
TOOL_NAME: Final = "compare_quotes"


def root_fields() -> tuple[FieldRule, ...]:
    """The root rows exactly as the default pipeline's validator reads them."""
    return validator_rows(DEFAULT_PIPELINE, "the default pipeline")


def validator_rows(pipeline: Pipeline, name: str) -> tuple[FieldRule, ...]:
    """The root rows exactly as ``pipeline``'s validator reads them (every request kind's
    validator, the fixed ``Validate`` or the event's own, is the stage named ``validate``);
    ``name`` says which pipeline in the error of a pipeline without one."""
    try:
        return rows_of(pipeline)
    except LookupError:
        raise LookupError(f"{name} has no Validate stage") from None


# ---- the shapes the documents' schemas are written with (plan, event, converted) ----


def ref(name: str) -> JsonObject:
    """A reference to one of the schema's ``$defs``."""
    return {"$ref": f"#/$defs/{name}"}


def closed(properties: JsonObject, *, optional: tuple[str, ...] = ()) -> JsonObject:
    """An object with exactly ``properties``, every one required but the ``optional``."""
    return {
        "type": "object",
        "properties": properties,
        "required": [key for key in properties if key not in optional],
        "additionalProperties": False,
    }


def nullable(name: str) -> JsonObject:
    """``null`` or the ``$defs`` entry ``name``."""
    return {"oneOf": [{"type": "null"}, ref(name)]}


def constraint_rules() -> tuple[ConstraintRule, ...]:
    """The hard-constraint rows exactly as the default pipeline evaluates them."""
    for stage in DEFAULT_PIPELINE.stages:
        if isinstance(stage, HardConstraints):
            return stage.rules
    raise LookupError("the default pipeline has no HardConstraints stage")


def row(rules: tuple[FieldRule, ...], name: str) -> FieldRule:
    for rule in rules:
        if rule.name == name:
            return rule
    raise LookupError(f"no field row {name!r}")


def quote_fields() -> tuple[FieldRule, ...]:
    return row(root_fields(), "quotes").fields
