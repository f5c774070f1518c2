"""Every published file, by repository path, with its exact bytes (issue 17).

The list sits above the doors because one of the files is the HTTP door's OpenAPI document;
the schemas and tool descriptors are each kind's (its row of :mod:`quotecalc.kinds` names its
builders in :mod:`quotecalc.contract`), so a new kind's files are published with no edit here.
``scripts/generate_contract.py`` writes them and the golden tests compare them. Nothing in the
package imports this module: it is for the generator, the tests and hosts that mirror the files.
"""

from __future__ import annotations

from .contract.descriptors import batch_tool_definition, mcp_batch_tool
from .contract.files import (
    BATCH_TOOL_DEFINITION_PATH,
    MCP_BATCH_TOOL_PATH,
    serialise,
)
from .core.constraint_rules import listed_root_fields
from .core.fields import Presence
from .http.openapi import OPENAPI_PATH, openapi_bytes
from .intake.schema import INTAKE_ERRORS_SCHEMA_PATH, errors_schema_bytes
from .kinds import KINDS, SCHEMAS


def schema_path(name: str) -> str:
    """Where the schema of ``--print-schema`` name ``name`` is committed."""
    return f"docs/schema/{name}.schema.json"


def published_files() -> dict[str, bytes]:
    """Every published file by repository-relative path, as its exact bytes: each kind's
    schemas and tool files in the kind table's order (the batch's after the comparison it
    batches; a schema two kinds share once), then the OpenAPI document and the intake's error
    schema."""
    files: dict[str, bytes] = {}
    for index, kind in enumerate(KINDS):
        contract = kind.contract()
        for name in (kind.doors.request_schema, kind.doors.result_schema):
            files.setdefault(schema_path(name), serialise(SCHEMAS[name]()))
        mcp, definition = contract.tool_files
        files[mcp] = serialise(contract.mcp_tool())
        files[definition] = serialise(contract.tool_definition())
        if index == 0:
            for name in ("batch-request", "batch-result"):
                files[schema_path(name)] = serialise(SCHEMAS[name]())
            files[MCP_BATCH_TOOL_PATH] = serialise(mcp_batch_tool())
            files[BATCH_TOOL_DEFINITION_PATH] = serialise(batch_tool_definition())
    files[OPENAPI_PATH] = openapi_bytes()
    files[INTAKE_ERRORS_SCHEMA_PATH] = errors_schema_bytes()
    return files


# The README's table of the request's root fields (issue 39), in each language: its header,
# and the words of the "required" column by the row's presence.
README_TABLES: dict[str, tuple[str, dict[Presence, str]]] = {
    "en": (
        "| field | required | meaning |",
        {Presence.REQUIRED: "yes", Presence.CORE: "core", Presence.OPTIONAL: "no"},
    ),
    "zh": (
        "| 字段 | 必填 | 含义 |",
        {Presence.REQUIRED: "是", Presence.CORE: "核心", Presence.OPTIONAL: "否"},
    ),
}


def root_field_table(lang: str) -> str:
    """The README's table of the request's root fields in ``lang``: one line per root row, in
    the contract's order, its presence and its hint (``FieldDoors.hint``)."""
    header, presence = README_TABLES[lang]
    lines = [header, "|---|---|---|"]
    for rule in listed_root_fields():
        assert rule.doors is not None and rule.doors.hint is not None, rule.name
        lines.append(f"| `{rule.name}` | {presence[rule.presence]} | {rule.doors.hint.of(lang)} |")
    return "\n".join(lines) + "\n"


def readme_with_tables(text: str) -> str:
    """The README's text with each language's root-field table (from its header line to the
    blank line after it) written from the rows; the rest unchanged."""
    for lang, (header, _) in README_TABLES.items():
        start = text.index(header + "\n")
        end = text.index("\n\n", start) + 1
        text = text[:start] + root_field_table(lang) + text[end:]
    return text
