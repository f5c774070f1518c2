"""The OpenAPI 3.1 document of the service, generated from the operation table.

Paths come from :mod:`.operations` (the rows the app serves); the request and result
components are the published JSON Schemas (:mod:`quotecalc.schema`, generated from the
engine's own rule table), with their ``$defs`` lifted into ``components/schemas`` (a
``#/$defs/...`` reference inside a component would otherwise resolve against the OpenAPI
document's root); the transport error object has its own component, built from
:mod:`.errors`. Committed as ``docs/openapi.json``, served at ``GET /openapi.json``.

Plain Python: no Starlette, no float.
"""

from __future__ import annotations

import functools
from typing import Any, Final

from ..engine.render import SCHEMA_VERSION, TOOL, TOOL_VERSION
from ..schema import (
    DIALECT,
    GENERATED,
    SCHEMAS,
    serialise,
)
from .errors import ERRORS, TRANSPORT_ERRORS
from .limits import MAX_REQUEST_ID_CHARS, MEDIA_TYPE
from .operations import (
    CALCULATIONS,
    DOCUMENTS,
    HEALTH,
    HEAVY,
    INTAKE,
    METRICS,
    OPENAPI,
    READY,
    STATUS_BY_EXIT_CODE,
    TOO_LARGE_STATUS,
    Calculation,
    Document,
    Page,
    health_document,
)

JsonObject = dict[str, Any]
OPENAPI_PATH: Final = "docs/openapi.json"
OPENAPI_VERSION: Final = "3.1.0"
_SCHEMAS: Final = "#/components/schemas/"

# Which transport errors a calculation route can answer (the router's 404/405 apply to every
# path and are described in the document's own description).
CALCULATION_ERRORS: Final = (
    "request_timeout",
    "unsupported_media_type",
    "overloaded",
    "unsupported_transfer_coding",
)
STATUS_TEXT: Final = {
    200: "Answered: a result (or weight analysis) with status completed or partial; for a batch,"
    " every item's result in order.",
    413: "The body is over the route's limit: the calculator's own too-large answer.",
    422: "The calculator's invalid_input answer (fixed codes and paths, nothing echoed).",
    500: "The calculator's internal_error answer (or, for a fault of the service itself, the"
    " server_error transport error).",
}
# The published JSON Schemas by component name: each route's request and answer, by the
# schema ids its row names (a kind's from the kind table), each component once, in route order.
PUBLISHED_SCHEMAS: Final = {
    component: SCHEMAS[schema_id]
    for row in CALCULATIONS
    for component, schema_id in (
        (row.request_component, row.request_schema),
        (row.result_component, row.result_schema),
    )
}


def _ref(name: str) -> JsonObject:
    return {"$ref": _SCHEMAS + name}


def _rewrite_refs(value: Any, prefix: str) -> Any:
    """A copy of ``value`` with every ``#/$defs/<name>`` pointing at ``<prefix>_<name>``."""
    if isinstance(value, dict):
        return {
            key: (
                _SCHEMAS + prefix + "_" + item.removeprefix("#/$defs/")
                if key == "$ref" and isinstance(item, str) and item.startswith("#/$defs/")
                else _rewrite_refs(item, prefix)
            )
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_rewrite_refs(item, prefix) for item in value]
    return value


def lift(name: str, schema: JsonObject) -> dict[str, JsonObject]:
    """A published schema as components: itself as ``name`` (without ``$schema``, which the
    document's ``jsonSchemaDialect`` states once) and each of its ``$defs`` as
    ``<name>_<def>``."""
    body = {key: item for key, item in schema.items() if key not in ("$schema", "$defs")}
    lifted = {name: _rewrite_refs(body, name)}
    for key, item in schema.get("$defs", {}).items():
        lifted[f"{name}_{key}"] = _rewrite_refs(item, name)
    return lifted


def transport_error_schema() -> JsonObject:
    """The ``{"schemaVersion": 1, "error": {"code", "message"}}`` object: each code with its
    one fixed message."""
    closed = {"type": "object", "additionalProperties": False}
    return {
        "description": (
            "An answer to a request that never reached the calculator: a fixed code and message,"
            " nothing of the request echoed."
        ),
        **closed,
        "required": ["schemaVersion", "error"],
        "properties": {
            "schemaVersion": {"const": SCHEMA_VERSION},
            "error": {
                "oneOf": [
                    {
                        **closed,
                        "required": ["code", "message"],
                        "properties": {
                            "code": {"const": error.code},
                            "message": {"const": error.message},
                        },
                    }
                    for error in TRANSPORT_ERRORS
                ]
            },
        },
    }


def health_schema() -> JsonObject:
    document = health_document()
    return {
        "type": "object",
        "additionalProperties": False,
        "required": list(document),
        "properties": {key: {"const": value} for key, value in document.items()},
    }


def _headers() -> JsonObject:
    """Every response carries both (issue 19: ``no-store`` on every answer)."""
    return {
        "X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"},
        "Cache-Control": {"$ref": "#/components/headers/Cache-Control"},
    }


def _response(description: str, schema: JsonObject, **headers: JsonObject) -> JsonObject:
    return {
        "description": description,
        "headers": {**_headers(), **headers},
        "content": {MEDIA_TYPE: {"schema": schema}},
    }


WORKBOOK_NOTE: Final = (
    " With Accept: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet the"
    " answer is the same document as a workbook (the CLI's --format xlsx bytes; the answer"
    " first, figures as numbers; docs/xlsx.md), in the language of the lang query parameter,"
    " with the same status; a body over the limit is still answered as JSON."
)


def calculation_operation(row: Calculation) -> JsonObject:
    result = _ref(row.result_component)
    responses: JsonObject = {}
    for status in sorted({*STATUS_BY_EXIT_CODE.values(), TOO_LARGE_STATUS}):
        schema = {"oneOf": [result, _ref("TransportError")]} if status == 500 else result
        responses[str(status)] = _response(STATUS_TEXT[status], schema)
        if row.workbook is not None and status in STATUS_BY_EXIT_CODE.values():
            responses[str(status)]["content"][XLSX_MEDIA] = {
                "schema": {"type": "string", "contentMediaType": XLSX_MEDIA}
            }
            responses[str(status)]["headers"]["Content-Disposition"] = {
                "description": "With the workbook only: attachment, its file name.",
                "schema": {"type": "string"},
            }
    errors = (*CALCULATION_ERRORS, *(() if row.workbook is None else ("unsupported_language",)))
    for error in TRANSPORT_ERRORS:
        if error.code in errors:
            extra = (
                {"Retry-After": {"$ref": "#/components/headers/Retry-After"}}
                if error.status == 503
                else {}
            )
            responses[str(error.status)] = _response(error.message, _ref("TransportError"), **extra)
    parameters: list[JsonObject] = [{"$ref": "#/components/parameters/X-Request-Id"}]
    if row.workbook is not None:
        parameters.append(
            {
                "name": "lang",
                "in": "query",
                "required": False,
                "description": "The workbook's language (en, the default, or zh); JSON ignores it.",
                "schema": {"enum": ["en", "zh"]},
            }
        )
    if row.cost_class == HEAVY:  # issue 34: its own deadline, a second 503
        stopped = ERRORS["deadline_exceeded"].message
        responses["503"]["description"] += f" Or (deadline_exceeded): {stopped}"
    return {
        "operationId": row.operation_id,
        "summary": row.summary,
        "description": row.description + (WORKBOOK_NOTE if row.workbook is not None else ""),
        "parameters": parameters,
        "requestBody": {
            "required": True,
            "description": (
                f"At most {row.body_limit} bytes of UTF-8 JSON, read as raw bytes: literal number"
                " forms, duplicate keys and exactness behave exactly as on the CLI."
            ),
            "content": {MEDIA_TYPE: {"schema": _ref(row.request_component)}},
        },
        "responses": dict(sorted(responses.items())),
    }


def document_operation(row: Document) -> JsonObject:
    return {
        "operationId": row.operation_id,
        "summary": row.summary,
        "parameters": [{"$ref": "#/components/parameters/X-Request-Id"}],
        "responses": {
            str(status): {
                "description": row.summary,
                "headers": _headers(),
                "content": {row.media_type: {"schema": _ref(row.component)}},
            }
            for status in row.statuses
        },
    }


XLSX_MEDIA: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SWITCH_WORDS: Final = ["true", "false", "1", "0", "yes", "no", "on", "off", ""]


def _option_schema(switch: bool) -> JsonObject:
    return {"enum": SWITCH_WORDS} if switch else {"type": "string"}


def intake_operation(row: Page) -> JsonObject:
    """``POST /quotecalc/intake`` (issue 28): every option of the intake, from its one table
    (:data:`quotecalc.intake.options.OPTIONS`), as a query parameter and a form field."""
    from ..intake.options import OPTIONS

    query = [
        {
            "name": option.http,
            "in": "query",
            "required": False,
            "description": option.description,
            "schema": _option_schema(option.switch),
        }
        for option in OPTIONS
    ]
    form = {
        "type": "object",
        "required": ["sheet_file"],
        "properties": {
            "sheet_file": {"type": "string", "contentMediaType": "application/octet-stream"},
            **{
                option.http: {**_option_schema(option.switch), "description": option.description}
                for option in OPTIONS
            },
        },
    }
    notes = {
        "description": "The intake's notes (a rounded float tail, a unit read at its scale,"
        " what trim, skip_totals or include_hidden did): compact ASCII JSON, one entry per"
        " code with its message and cells; absent when there is none.",
        "schema": {"type": "string"},
    }
    error = _ref("PageError")
    return {
        "operationId": "intake",
        "summary": row.summary,
        "description": (
            "A CSV or XLSX quote sheet (the body itself, or the form's sheet_file) read by the"
            " intake exactly as python -m quotecalc.intake reads it (docs/intake.md); each"
            " command-line option --name-with-dashes is the query parameter or form field"
            " name_with_underscores, a switch given as true. Hints name these HTTP forms."
            " With event=true a workbook of a sourcing event (sheets Items and Offers, optional"
            " Suppliers, Exchange rates, Balances) becomes an event request (docs/intake.md,"
            ' "Sourcing events").'
        ),
        "parameters": [{"$ref": "#/components/parameters/X-Request-Id"}, *query],
        "requestBody": {
            "required": True,
            "description": f"At most {row.body_limit} bytes.",
            "content": {
                "text/csv": {"schema": {"type": "string"}},
                XLSX_MEDIA: {"schema": {"type": "string", "contentMediaType": XLSX_MEDIA}},
                "multipart/form-data": {"schema": form},
            },
        },
        "responses": {
            "200": _response(
                "The request document (root fields as given: the calculator validates them);"
                " with event=true, the event request (docs/event.md).",
                {
                    "oneOf": [
                        {"type": "object", "required": ["schemaVersion", "quotes"]},
                        {"type": "object", "required": ["schemaVersion", "items", "suppliers"]},
                    ]
                },
                **{"Quotecalc-Intake-Notes": notes},
            ),
            "422": _response("The intake's error document.", _ref("IntakeErrors")),
            "408": _response("The body was not received in time.", error),
            "413": _response("The body is larger than this route accepts.", error),
            "415": _response("The body is not a sheet or a form.", error),
            "503": _response(
                "Too many calculations in flight; retry later.",
                error,
                **{"Retry-After": {"$ref": "#/components/headers/Retry-After"}},
            ),
        },
    }


def page_error_schema() -> JsonObject:
    """The transport errors the intake route may answer (its own 413 and 415 beside the
    calculation routes' table): a fixed code and message."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["schemaVersion", "error"],
        "properties": {
            "schemaVersion": {"const": SCHEMA_VERSION},
            "error": {
                "type": "object",
                "additionalProperties": False,
                "required": ["code", "message"],
                "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
            },
        },
    }


def readiness_schema() -> JsonObject:
    counts = {"type": "integer", "minimum": 0}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["schemaVersion", "status", "inFlight", "maxInFlight", "waiting"],
        "properties": {
            "schemaVersion": {"const": SCHEMA_VERSION},
            "status": {"enum": ["ready", "saturated"]},
            "inFlight": counts,
            "maxInFlight": {"type": "integer", "minimum": 1},
            "waiting": counts,
            # issue 34: the heavy pool (event, plan); it does not change the status
            "heavy": {
                "type": "object",
                "additionalProperties": False,
                "required": ["status", "inFlight", "maxInFlight", "waiting", "maxWaiting"],
                "properties": {
                    "status": {"enum": ["ready", "saturated", "full"]},
                    "inFlight": counts,
                    "maxInFlight": {"type": "integer", "minimum": 1},
                    "waiting": counts,
                    "maxWaiting": counts,
                },
            },
        },
    }


def component_schemas() -> JsonObject:
    schemas: JsonObject = {}
    for name, build in PUBLISHED_SCHEMAS.items():
        schemas.update(lift(name, build()))
    schemas["TransportError"] = transport_error_schema()
    schemas[HEALTH.component] = health_schema()
    schemas[OPENAPI.component] = {"type": "object"}
    schemas[READY.component] = readiness_schema()
    schemas[METRICS.component] = {"type": "string"}
    from ..intake.schema import errors_schema

    intake_errors = {k: v for k, v in errors_schema().items() if k not in ("$schema", "$comment")}
    schemas["IntakeErrors"] = intake_errors
    schemas["PageError"] = page_error_schema()
    return schemas


def openapi_document() -> JsonObject:
    """The whole OpenAPI 3.1 document."""
    paths: JsonObject = {row.path: {"post": calculation_operation(row)} for row in CALCULATIONS}
    paths.update({row.path: {"get": document_operation(row)} for row in DOCUMENTS})
    paths[INTAKE.path] = {"post": intake_operation(INTAKE)}
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": f"{TOOL} HTTP service",
            "version": TOOL_VERSION,
            "summary": "Compare supplier quotes for one purchase: exact, deterministic.",
            "description": (
                f"{GENERATED} Every calculation route takes the request as raw bytes and"
                " answers the calculator's result object (the analysis route: the"
                " weight-analysis document) byte for byte as the CLI prints it."
                " Any path not listed (a trailing slash included: there are no redirects)"
                " answers 404 and a listed path with another method 405, both as the"
                " TransportError object. Every response carries X-Request-Id and"
                " Cache-Control: no-store. See docs/http.md."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "jsonSchemaDialect": DIALECT,
        "paths": paths,
        "components": {
            "schemas": component_schemas(),
            "parameters": {
                "X-Request-Id": {
                    "name": "X-Request-Id",
                    "in": "header",
                    "required": False,
                    "description": (
                        f"Echoed when it is 1-{MAX_REQUEST_ID_CHARS} printable ASCII characters;"
                        " otherwise a generated id is answered."
                    ),
                    "schema": {"type": "string"},
                }
            },
            "headers": {
                "X-Request-Id": {
                    "description": "The caller's id if acceptable, else a generated one.",
                    "schema": {"type": "string", "minLength": 1, "maxLength": MAX_REQUEST_ID_CHARS},
                },
                "Cache-Control": {
                    "description": "No answer is ever cached.",
                    "schema": {"const": "no-store"},
                },
                "Retry-After": {
                    "description": "Seconds to wait before retrying.",
                    "schema": {"type": "string", "pattern": "^[0-9]+$"},
                },
            },
        },
    }


@functools.cache
def openapi_bytes() -> bytes:
    """The committed and served bytes (the same serialisation as every published file)."""
    return serialise(openapi_document())
