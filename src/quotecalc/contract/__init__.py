"""The published contract for hosts: JSON Schemas and tool descriptors (issue #4).

One module per concern: ``tables`` (the engine rows read), ``numbers`` (decimal-string
regexes), ``request_schema``, ``result_schema``, ``descriptors`` (MCP tool, ToolDefinition)
and ``published`` (the committed bytes). :mod:`quotecalc.schema` is the stable import path.

Everything here is generated from the tables the engine itself runs on, so the published files
cannot drift from what the code enforces:

- the request schema (CONTRACT §4.2, §4.3) walks the field-rule rows the validator uses -- the
  ``root_fields`` of the default pipeline's :class:`~quotecalc.stages.validate.Validate` stage
  (``fields.BASE_ROOT_FIELDS`` plus each constraint row's field) -- mapping each
  :class:`~quotecalc.core.fields.Kind` to a fragment;
- the result schema (CONTRACT §3, §4.4, §12, §13, §15) takes its codes from ``codes.py``, its
  constants and echo order from ``render.py``, and its dimensions, directions, conflicts and
  constraint names from the stages;
- the MCP tool and the ``bailing.tool-definition.v1`` ToolDefinition embed both schemas.

The request schema is exact wherever JSON Schema can be: for every rule it states, a request
that breaks it is rejected by the tool too, and every request the tool accepts validates.
What JSON Schema cannot say is listed in :data:`NOT_EXPRESSED` (and in the schema's own
``description`` and ``docs/schema/README.md``).

:func:`~quotecalc.published.published_files` (and ``schema_bytes`` for
``--print-schema``) is the one place the files are serialised. This package is for maintainers
and hosts: the calculation path never imports it, and it uses no float (bounds are JSON
integers).
"""
