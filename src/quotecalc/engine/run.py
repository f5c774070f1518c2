"""How one kind of request is answered (issues 34, 39): its pipeline, its renderer, its
internal-error document, and the one run of any kind.

A :class:`Runner` is what the engine needs of a kind: ``build`` (its pipeline from the
constraint rows, so that a new constraint row reaches every kind that reads the fixed
request), ``render`` and ``internal_error``. Each document module (``analysis/``,
``planning/``) defines its kind's runner with the stage classes it needs, imported for real;
:data:`COMPARISON` is the fixed call's. The table of request kinds (``quotecalc.kinds``, just
below the doors) names each kind's runner beside what its doors need; the fixed call imports
neither this module nor the table: :func:`quotecalc.calculate` runs
:data:`~.pipeline.DEFAULT_PIPELINE` through the same :func:`~.render.run_document`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import attrs

from ..core.constraint_rules import CONSTRAINT_RULES, ConstraintRule, fixed_root_fields
from ..core.context import Stage
from ..core.fields import FieldRule, with_rows
from ..core.limits import MAX_INPUT_BYTES
from ..stages.parse import Parse
from ..stages.validate import CROSS_FIELD_RULES, CrossFieldRule, Validate
from .pipeline import Pipeline, make_pipeline, validator_rows
from .render import (
    Document,
    InternalError,
    Renderer,
    internal_error_result,
    rendered_result,
    run_document,
)

Build = Callable[[tuple[ConstraintRule, ...]], Pipeline]


@attrs.frozen
class Runner:
    """How one kind of request is answered.

    - ``document_kind``: the document's ``kind`` key (``None``: the fixed result has none);
    - ``build``: its pipeline from the constraint rows (:meth:`pipeline` builds it once);
    - ``render``: ``(ctx) -> (document, result or None)``; ``internal_error``: ``() ->`` the
      same, for a bug.
    """

    document_kind: str | None
    build: Build
    render: Renderer
    internal_error: InternalError

    def pipeline(self, constraint_rules: tuple[ConstraintRule, ...] = CONSTRAINT_RULES) -> Pipeline:
        """The kind's pipeline with ``constraint_rules`` (the contract's by default), built
        once for each set of rows."""
        return _built(self.build, constraint_rules)

    def root_fields(self) -> tuple[FieldRule, ...]:
        """The root rows the kind's validator reads (readers that name a field in words)."""
        return validator_rows(self.pipeline())

    def run(self, raw: bytes, *, trace: bool = False, pipeline: Pipeline | None = None) -> Document:
        """The document of one request (the kind's own pipeline unless ``pipeline`` is given).
        Never raises: a bug becomes the kind's ``internal_error`` document (exit 1) with
        nothing of the input in it."""
        chosen = self.pipeline() if pipeline is None else pipeline
        return run_document(chosen, self.render, self.internal_error, raw, trace=trace)


@functools.cache
def _built(build: Build, constraint_rules: tuple[ConstraintRule, ...]) -> Pipeline:
    return build(constraint_rules)


def reading_the_request(
    constraint_rules: tuple[ConstraintRule, ...],
    *,
    root_rows: tuple[FieldRule, ...] = (),
    quote_rows: tuple[FieldRule, ...] = (),
    cross_field_rules: tuple[CrossFieldRule, ...] = (),
    body_limit: int = MAX_INPUT_BYTES,
) -> tuple[Stage, Stage]:
    """``parse`` and ``validate`` of a kind that reads the fixed request: the fixed root rows
    (each constraint row's with them) and then ``root_rows`` (each name once), ``quote_rows``
    appended to a quote's rows, the fixed cross-field rules and then ``cross_field_rules``."""
    root = with_rows(fixed_root_fields(constraint_rules), *root_rows)
    if quote_rows:
        root = tuple(
            attrs.evolve(rule, fields=rule.fields + quote_rows) if rule.name == "quotes" else rule
            for rule in root
        )
    validate = Validate(
        root_fields=root, cross_field_rules=(*CROSS_FIELD_RULES, *cross_field_rules)
    )
    return Parse(max_bytes=body_limit), validate


COMPARISON: Runner = Runner(None, make_pipeline, rendered_result, internal_error_result)
"""The comparison's runner: the fixed call's pipeline and result."""
